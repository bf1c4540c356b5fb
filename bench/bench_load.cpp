// Load: concurrent clients mixing position searches and statistics against an archive of the
// full shared WTHOR while `othello-db import` adds games in another process. Prints the number
// of requests, p50/p99/max latency per request type, throughput and failures (must be zero).
// Usage: bench_load [--seconds S=60] [--clients N=4] [--mode cli|api]
//                   [--import 1|0] [--workdir DIR=/tmp/othello-bench-load] [--cli PATH]
// --import 0 measures the same load without the concurrent import (the baseline).
// --mode cli (the default): each request is an `othello-db search|stats --position B --json`
// process, as a script would run it (process start and archive open included); --mode api:
// each client thread keeps a storage::Archive connection (reopened every 50 requests).
// The WTHOR archive is imported once into DIR (kept for the next run); each run works on a
// copy of it.
#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <optional>
#include <random>
#include <thread>

#include "../tests/chaos/ChaosSupport.h"
#include "core/Notation.h"
#include "core/Replay.h"
#include "storage/Archive.h"

namespace fs = std::filesystem;
using namespace othello;

namespace {

double percentile(std::vector<double> v, double p) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    const auto i = static_cast<std::size_t>(p * double(v.size() - 1) + 0.5);
    return v[std::min(i, v.size() - 1)];
}

struct ClientLog {
    std::vector<double> searchMs, statsMs;
    std::int64_t failures = 0;
    std::string firstError;
};

struct LoadOptions {
    double seconds = 60;
    int clients = 4;
    std::string cli = OTHELLO_CLI, mode = "cli";
    bool withImport = true;
    fs::path work = "/tmp/othello-bench-load";
};

// The options; nullopt (and a message) for an unknown one or a --mode other than cli or api.
std::optional<LoadOptions> parseOptions(int argc, char** argv) {
    LoadOptions o;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string key = argv[i], value = argv[i + 1];
        if (key == "--seconds")
            o.seconds = std::atof(value.c_str());
        else if (key == "--clients")
            o.clients = std::max(1, std::atoi(value.c_str()));
        else if (key == "--workdir")
            o.work = value;
        else if (key == "--cli")
            o.cli = value;
        else if (key == "--mode")
            o.mode = value;
        else if (key == "--import")
            o.withImport = value != "0";
        else {
            std::fprintf(stderr, "unknown option %s\n", key.c_str());
            return std::nullopt;
        }
    }
    return o;
}

// The WTHOR archive imported once into the work folder (kept for the next run), copied to
// `db`; false when the import failed.
bool prepareArchive(const LoadOptions& o, const fs::path& wthor, const fs::path& db) {
    fs::create_directories(o.work);
    const fs::path base = o.work / "wthor.sqlite";
    if (!fs::exists(base)) {
        const chaos::ProcResult p =
            chaos::run({o.cli, "import", "--quiet", wthor.string(), "--db", base.string()}, o.work);
        if (p.exitCode > 1) {
            std::fprintf(stderr, "the WTHOR import failed: %s\n", p.describe().c_str());
            return false;
        }
        std::printf("WTHOR imported once in %.1f s\n", p.seconds);
    }
    for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(db.string() + suffix);
    fs::copy_file(base, db);
    return true;
}

// The moves of every stored game: the queries are positions of random ones.
std::vector<std::vector<int>> storedGames(const fs::path& db) {
    std::vector<std::vector<int>> games;
    storage::Archive a(db, storage::Archive::Mode::ReadOnly);
    storage::SearchFilter all;
    all.limit = -1;
    for (auto& row : a.search(all).games) games.push_back(std::move(row.moves));
    return games;
}

// The writer: new random games, one file after another, by the real CLI, until `done`.
struct ImportLoad {
    std::int64_t runs = 0, failures = 0;
    std::string firstError;
};
void runImports(const LoadOptions& o, const fs::path& db, const std::atomic<bool>& done,
                ImportLoad& load) {
    for (std::uint64_t k = 0; o.withImport && !done; ++k) {
        const fs::path file = o.work / "extra.pgn";
        chaos::writeGames(file, 5000, 1000 + k, "Load Open");
        const chaos::ProcResult p =
            chaos::run({o.cli, "import", "--quiet", file.string(), "--db", db.string()}, o.work);
        ++load.runs;
        if (!p.ok()) {
            ++load.failures;
            if (load.firstError.empty()) load.firstError = p.describe();
        }
    }
}

// One request: a position search or the statistics of `p`, by a CLI process or through the
// client's connection `a` (opened again every 50 requests, as clients come and go). The
// error's text, "" when it succeeded.
std::string request(const LoadOptions& o, const fs::path& db, bool search, const core::Position& p,
                    int k, std::unique_ptr<storage::Archive>& a) {
    if (o.mode == "cli") {
        std::vector<std::string> args = {o.cli,        search ? "search" : "stats",
                                         "--position", core::boardStringWithSide(p),
                                         "--json",     "--db",
                                         db.string()};
        if (search) args.insert(args.end(), {"--limit", "20"});
        const chaos::ProcResult r = chaos::run(args, o.work);
        return r.ok() ? "" : r.describe();
    }
    try {
        if (!a || k % 50 == 0)
            a = std::make_unique<storage::Archive>(db, storage::Archive::Mode::ReadOnly);
        if (search) {
            storage::SearchFilter f;
            f.position = p;
            f.limit = 20;
            a->search(f);
        } else {
            a->stats(p);
        }
    } catch (const std::exception& e) {
        return e.what();
    }
    return "";
}

// Client `c` until `seconds` have passed since t0: searches of positions at plies 4..40 (most
// reached by a few games) and statistics at plies 0..14 (reached by many), in turn.
void runClient(const LoadOptions& o, const fs::path& db, const std::vector<std::vector<int>>& games,
               int c, std::chrono::steady_clock::time_point t0, ClientLog& log) {
    std::mt19937_64 rng(static_cast<std::uint64_t>(c) + 1);
    const auto positionAt = [&](int lo, int hi) {
        const auto& moves = games[rng() % games.size()];
        const int ply = std::min<int>(lo + static_cast<int>(rng() % std::uint64_t(hi - lo + 1)),
                                      static_cast<int>(moves.size()));
        const std::vector<int> prefix(moves.begin(), moves.begin() + ply);
        return core::replay(core::Position::start(), prefix).final();
    };
    std::unique_ptr<storage::Archive> a;
    for (int k = 0;; ++k) {
        if (std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() >=
            o.seconds)
            break;
        const bool search = k % 2 == 0;
        const core::Position p = search ? positionAt(4, 40) : positionAt(0, 14);
        const auto q0 = std::chrono::steady_clock::now();
        const std::string error = request(o, db, search, p, k, a);
        if (!error.empty()) {
            if (log.failures++ == 0) log.firstError = error;
            continue;
        }
        const double ms =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - q0)
                .count();
        (search ? log.searchMs : log.statsMs).push_back(ms);
    }
}

// The clients' logs merged and printed as a table.
ClientLog report(const std::vector<ClientLog>& logs, double elapsed) {
    ClientLog all;
    for (const ClientLog& l : logs) {
        all.searchMs.insert(all.searchMs.end(), l.searchMs.begin(), l.searchMs.end());
        all.statsMs.insert(all.statsMs.end(), l.statsMs.begin(), l.statsMs.end());
        all.failures += l.failures;
        if (all.firstError.empty()) all.firstError = l.firstError;
    }
    std::printf("%-16s %8s %9s %9s %9s %10s\n", "request", "count", "p50 ms", "p99 ms", "max ms",
                "per s");
    for (const auto& [name, v] :
         {std::pair<const char*, const std::vector<double>&>{"position search", all.searchMs},
          {"stats", all.statsMs}}) {
        std::printf("%-16s %8zu %9.2f %9.2f %9.2f %10.1f\n", name, v.size(), percentile(v, 0.5),
                    percentile(v, 0.99), v.empty() ? 0.0 : *std::max_element(v.begin(), v.end()),
                    double(v.size()) / elapsed);
    }
    return all;
}

}  // namespace

int main(int argc, char** argv) {
    const std::optional<LoadOptions> o = parseOptions(argc, argv);
    if (!o) return 2;
    if (o->mode != "cli" && o->mode != "api") {
        std::fprintf(stderr, "--mode: cli or api\n");
        return 2;
    }
    const fs::path wthor = fs::path(OTHELLO_SHARED_DATA) / "wthor";
    if (!fs::exists(wthor)) {
        std::printf("skipped: %s not found (the shared WTHOR archive is needed)\n", wthor.c_str());
        return 0;
    }
    const fs::path db = o->work / "load.sqlite";
    if (!prepareArchive(*o, wthor, db)) return 1;
    const std::vector<std::vector<int>> games = storedGames(db);
    std::printf("archive: %zu games; %d %s clients for %.0f s%s\n", games.size(), o->clients,
                o->mode.c_str(), o->seconds, o->withImport ? " while imports run" : ", no import");

    std::atomic<bool> done{false};
    ImportLoad imports;
    std::thread writer([&] { runImports(*o, db, done, imports); });
    std::vector<ClientLog> logs(static_cast<std::size_t>(o->clients));
    std::vector<std::thread> threads;
    const auto t0 = std::chrono::steady_clock::now();
    for (int c = 0; c < o->clients; ++c)
        threads.emplace_back(
            [&, c] { runClient(*o, db, games, c, t0, logs[static_cast<std::size_t>(c)]); });
    for (auto& t : threads) t.join();
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    done = true;
    writer.join();

    const ClientLog all = report(logs, elapsed);
    storage::Archive a(db, storage::Archive::Mode::ReadOnly);
    std::printf(
        "imports run: %lld (5000 new games each), failed: %lld%s%s; archive now %lld games\n",
        static_cast<long long>(imports.runs), static_cast<long long>(imports.failures),
        imports.firstError.empty() ? "" : ": ", imports.firstError.c_str(),
        static_cast<long long>(a.info().games));
    std::printf("client failures: %lld%s%s\n", static_cast<long long>(all.failures),
                all.firstError.empty() ? "" : ": ", all.firstError.c_str());
    return all.failures || imports.failures ? 1 : 0;
}
