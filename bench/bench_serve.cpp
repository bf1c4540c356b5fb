// bench_serve: `othello-db serve` under load, against the same query mix run in-process.
//
//   bench_serve [--clients N (4..16, default 8)] [--seconds S (default 60)] [--db PATH]
//               [--during-import] [--threads T (server threads, default max(16, N))]
//               [--print-mix (print the URLs of the mix and stop)]
//               [--server-log FILE (serve --log: one line per request, with its time, to FILE)]
//
// The archive: --db PATH, else the shared WTHOR folder (../shared/data/wthor, 129,485 games)
// imported into a temporary archive with the built othello-db first (about 3 s). The mix,
// drawn deterministically from the archive (fixed seeds): 50 % /api/game/<id> (ids sampled
// across the archive), 30 % /api/search (a player, an event, a year range, a result or an
// opening position, with sorts and limit 20), 20 % /api/stats (positions reached by sampled
// games after 2..20 plies).
//
// HTTP: `othello-db serve --port 0` in a child process, N client threads on loopback, each
// with a keep-alive connection: throughput, p50 and p99 per request type, errors (a status
// other than 200, or no answer; must be 0). In-process: the same requests through web::Api (one
// archive connection per thread, no HTTP) on N threads. The two alternate in rounds of 10 s
// (S/10 rounds of each, the same seeds), so that the load of other jobs on the machine falls
// on both alike. Then the ratio of the throughputs (target >= 70 %; targets p99 <= 50 ms for
// game and search).
//
// --during-import: everything runs while `othello-db import` writes into the same archive in
// another process: the eOthello CSV (25,657 games), then the PGN folder, again and again until
// the end (the later passes find duplicates only: reads and the writer lock, few writes).
// Without --db the temporary archive receives them; with --db, PATH does.
#include <fmt/core.h>
#include <httplib.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "core/Notation.h"
#include "storage/Archive.h"
#include "web/Api.h"
#include "web/ApiEventIndex.h"

namespace fs = std::filesystem;
using namespace othello;
using Clock = std::chrono::steady_clock;

namespace {

enum Kind { Game = 0, Search = 1, Stats = 2 };
const char* kKindNames[] = {"game", "search", "stats"};

struct Request {
    Kind kind;
    std::string path;
    web::ApiParams params;
    std::string url;  // path?query, encoded
};

struct Results {
    std::vector<double> ms[3];
    std::int64_t errors = 0;
    double seconds = 0;
    double worst[3] = {0, 0, 0};  // the slowest request of each kind, and which
    std::string worstUrl[3];
    void add(const Request& q, double ms) {
        this->ms[q.kind].push_back(ms);
        if (ms > worst[q.kind]) {
            worst[q.kind] = ms;
            worstUrl[q.kind] = q.url;
        }
    }
    void merge(const Results& r) {
        for (int k = 0; k < 3; ++k) {
            ms[k].insert(ms[k].end(), r.ms[k].begin(), r.ms[k].end());
            if (r.worst[k] > worst[k]) {
                worst[k] = r.worst[k];
                worstUrl[k] = r.worstUrl[k];
            }
        }
        errors += r.errors;
    }
    std::size_t count() const { return ms[0].size() + ms[1].size() + ms[2].size(); }
};

double percentile(std::vector<double> v, double p) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    const auto i = static_cast<std::size_t>(p * double(v.size() - 1) + 0.5);
    return v[std::min(i, v.size() - 1)];
}

std::string urlOf(const std::string& path, const web::ApiParams& params) {
    std::string url = path;
    char sep = '?';
    for (const auto& [k, v] : params) {
        url += sep + k + "=" + httplib::detail::encode_query_param(v);
        sep = '&';
    }
    return url;
}

// The deterministic mix: requests[i] for i drawn by each client's own generator.
struct Mix {
    std::vector<Request> games, searches, stats;
    const Request& draw(std::mt19937_64& rng) const {
        const auto r = rng() % 10;  // 5 game, 3 search, 2 stats
        const auto& pool = r < 5 ? games : r < 8 ? searches : stats;
        return pool[rng() % pool.size()];
    }
};

Mix buildMix(const fs::path& db) {
    storage::Archive archive(db, storage::Archive::Mode::ReadOnly);
    const std::int64_t total = archive.info().games;
    if (total < 100) throw std::runtime_error("the archive holds too few games for the mix");
    std::mt19937_64 rng(20261123);
    Mix mix;
    std::vector<storage::StoredGame> sample;
    // Ids are 1..total for a fresh import; a game that is not there is skipped.
    for (int tries = 0; sample.size() < 1000; ++tries) {
        if (tries == 100000)
            throw std::runtime_error(
                fmt::format("only {} of 100000 sampled ids are games", sample.size()));
        const auto id = static_cast<std::int64_t>(rng() % std::uint64_t(total)) + 1;
        if (auto g = archive.game(id)) sample.push_back(std::move(*g));
    }
    for (const auto& g : sample)
        mix.games.push_back({Game, "/api/game/" + std::to_string(g.id), {}, ""});
    const char* sorts[] = {"", "-year", "black", "-score", "event"};
    const char* results[] = {"black", "white", "draw"};
    for (std::size_t i = 0; i < 500; ++i) {
        const auto& r = sample[i].record;
        web::ApiParams p{{"limit", "20"}};
        const auto surname = [](const std::string& name) {
            return name.substr(0, name.find(' '));  // WTHOR: "Surname Firstname"
        };
        switch (i % 5) {
            case 0:
                p.emplace("player", surname(r.black.empty() ? "a" : r.black));
                break;
            case 1:
                p.emplace("event", surname(r.event.empty() ? "a" : r.event));
                p.emplace("year", std::to_string(r.year ? r.year - 5 : 1980) + "-" +
                                      std::to_string(r.year ? r.year + 5 : 2000));
                break;
            case 2:
                p.emplace("white", surname(r.white.empty() ? "a" : r.white));
                p.emplace("result", results[i % 3]);
                break;
            case 3: {
                // An opening: the first 4..10 plies of the game.
                const std::size_t plies = 4 + i % 7;
                std::vector<int> m(r.moves.begin(),
                                   r.moves.begin() + std::min(plies, r.moves.size()));
                p.emplace("moves", core::movesString(m));
                break;
            }
            default:
                p.emplace("year", std::to_string(r.year ? r.year : 2000));
                break;
        }
        if (sorts[i % 5][0]) p.emplace("sort", sorts[(i / 5) % 5]);
        mix.searches.push_back({Search, "/api/search", p, ""});
    }
    for (std::size_t i = 0; i < 500; ++i) {
        const auto& r = sample[500 + i].record;
        const std::size_t plies = 2 + i % 19;
        std::vector<int> m(r.moves.begin(), r.moves.begin() + std::min(plies, r.moves.size()));
        mix.stats.push_back({Stats, "/api/stats", {{"moves", core::movesString(m)}}, ""});
    }
    for (auto* pool : {&mix.games, &mix.searches, &mix.stats})
        for (auto& req : *pool) req.url = urlOf(req.path, req.params);
    return mix;
}

// A child process running `args`; stdout to `out` when given, else /dev/null.
// Standard error to `err` when given (appended), else /dev/null.
pid_t spawn(const std::vector<std::string>& args, int* out = nullptr, const fs::path& err = {}) {
    int fds[2] = {-1, -1};
    if (out && ::pipe(fds) != 0) throw std::runtime_error("pipe failed");
    const pid_t pid = ::fork();
    if (pid == 0) {
        const int devnull = ::open("/dev/null", O_WRONLY);
        const int errFd =
            err.empty() ? devnull : ::open(err.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
        ::dup2(out ? fds[1] : devnull, 1);
        ::dup2(errFd < 0 ? devnull : errFd, 2);
        if (out) ::close(fds[0]);
        std::vector<char*> argv;
        for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
        argv.push_back(nullptr);
        ::execv(argv[0], argv.data());
        ::_exit(127);
    }
    if (out) {
        ::close(fds[1]);
        *out = fds[0];
    }
    return pid;
}

int waitFor(pid_t pid) {
    int status = 0;
    ::waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

// `othello-db import` again and again into `db` until `stop`.
class ImportLoop {
  public:
    // log: the imports' standard error, appended (OTHELLO_IMPORT_TRACE=1 adds their phases).
    ImportLoop(const fs::path& db, const fs::path& shared, const fs::path& log) {
        thread_ = std::thread([this, db, shared, log] {
            const auto t0 = Clock::now();
            while (!stop_) {
                for (const char* what : {"movelist/eothello_othello_dataset.csv", "pgn"}) {
                    if (stop_) break;
                    pid_ = spawn({OTHELLO_CLI, "--db", db.string(), "import",
                                  (shared / what).string(), "--quiet"},
                                 nullptr, log);
                    const int code = waitFor(pid_);
                    pid_ = 0;
                    ++runs_;
                    if (code != 0 && code != 1 && !stop_)
                        fmt::print(stderr, "import exited {}\n", code);
                }
                if (runs_ == 2)
                    firstRound_ = std::chrono::duration<double>(Clock::now() - t0).count();
            }
        });
    }
    ~ImportLoop() {
        stop_ = true;
        if (const pid_t p = pid_) ::kill(p, SIGINT);
        thread_.join();
    }
    int runs() const { return runs_; }
    double firstRound() const { return firstRound_; }

  private:
    std::atomic<bool> stop_{false};
    std::atomic<pid_t> pid_{0};
    std::atomic<int> runs_{0};
    std::atomic<double> firstRound_{0};
    std::thread thread_;
};

Results runHttp(const Mix& mix, int port, int clients, double seconds, std::uint64_t seed) {
    std::vector<Results> per(static_cast<std::size_t>(clients));
    const auto t0 = Clock::now();
    const auto end = t0 + std::chrono::duration<double>(seconds);
    std::vector<std::thread> threads;
    for (int c = 0; c < clients; ++c)
        threads.emplace_back([&, c] {
            httplib::Client client("127.0.0.1", port);
            client.set_keep_alive(true);
            client.set_tcp_nodelay(true);
            client.set_read_timeout(30, 0);
            std::mt19937_64 rng(seed + static_cast<std::uint64_t>(c));
            Results& r = per[static_cast<std::size_t>(c)];
            while (Clock::now() < end) {
                const Request& q = mix.draw(rng);
                const auto s = Clock::now();
                const auto res = client.Get(q.url.c_str());
                const double ms =
                    std::chrono::duration<double, std::milli>(Clock::now() - s).count();
                if (!res || res->status != 200 || res->body.empty()) ++r.errors;
                r.add(q, ms);
            }
        });
    for (auto& t : threads) t.join();
    Results all;
    all.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
    for (auto& r : per) all.merge(r);
    return all;
}

// One connection and API per in-process thread, kept across rounds (as the server keeps its).
struct LocalApi {
    LocalApi(const fs::path& db, web::ApiEventIndex& events)
        : archive(db, storage::Archive::Mode::ReadOnly), api(archive, events) {}
    storage::Archive archive;
    web::Api api;
};

Results runInProcess(const Mix& mix, std::vector<std::unique_ptr<LocalApi>>& apis, double seconds,
                     std::uint64_t seed) {
    const auto threadsCount = apis.size();
    std::vector<Results> per(threadsCount);
    const auto t0 = Clock::now();
    const auto end = t0 + std::chrono::duration<double>(seconds);
    std::vector<std::thread> threads;
    for (std::size_t c = 0; c < threadsCount; ++c)
        threads.emplace_back([&, c] {
            web::Api& api = apis[c]->api;
            std::mt19937_64 rng(seed + c);
            Results& r = per[c];
            while (Clock::now() < end) {
                const Request& q = mix.draw(rng);
                const auto s = Clock::now();
                web::ApiResponse res;
                try {
                    res = api.handle(q.path, q.params);
                } catch (const std::exception&) {
                    res.status = 500;
                }
                const double ms =
                    std::chrono::duration<double, std::milli>(Clock::now() - s).count();
                if (res.status != 200 || res.body.empty()) ++r.errors;
                r.add(q, ms);
            }
        });
    for (auto& t : threads) t.join();
    Results all;
    all.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
    for (auto& r : per) all.merge(r);
    return all;
}

void report(const char* title, const Results& r) {
    fmt::print("{}: {} requests in {:.1f} s = {:.0f} requests/s, {} errors\n", title, r.count(),
               r.seconds, double(r.count()) / r.seconds, r.errors);
    for (int k = 0; k < 3; ++k)
        fmt::print(
            "  {:<7} {:>7} requests  {:>7.0f}/s  p50 {:6.2f} ms  p99 {:6.2f} ms  max {:7.2f} ms\n",
            kKindNames[k], r.ms[k].size(), double(r.ms[k].size()) / r.seconds,
            percentile(r.ms[k], 0.5), percentile(r.ms[k], 0.99), r.worst[k]);
    for (int k = 0; k < 3; ++k)
        if (r.worst[k] > 50) fmt::print("  slowest {}: {}\n", kKindNames[k], r.worstUrl[k]);
}

}  // namespace

int main(int argc, char** argv) {
    int clients = 8, threads = 0;
    double seconds = 60;
    bool duringImport = false;
    bool printMix = false;  // print the requests of the mix (one URL a line) and stop
    fs::path db, serverLog;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const auto value = [&]() -> std::string {
            if (i + 1 >= argc) {
                fmt::print(stderr, "{} needs a value\n", a);
                std::exit(2);
            }
            return argv[++i];
        };
        if (a == "--clients")
            clients = std::stoi(value());
        else if (a == "--seconds")
            seconds = std::stod(value());
        else if (a == "--threads")
            threads = std::stoi(value());
        else if (a == "--db")
            db = value();
        else if (a == "--during-import")
            duringImport = true;
        else if (a == "--print-mix")
            printMix = true;
        else if (a == "--server-log")
            serverLog = value();
        else {
            fmt::print(stderr,
                       "usage: bench_serve [--clients N] [--seconds S] [--db PATH] "
                       "[--during-import] [--threads T] [--print-mix] [--server-log FILE]\n");
            return 2;
        }
    }
    if (clients < 1 || clients > 64 || seconds <= 0) {
        fmt::print(stderr, "--clients 1..64, --seconds > 0\n");
        return 2;
    }
    if (threads == 0) threads = std::max(16, clients);
    const fs::path shared = OTHELLO_SHARED_DATA;
    fs::path tempDir;
    if (db.empty()) {
        if (!fs::exists(shared / "wthor")) {
            fmt::print("skipped: {} is absent (or give --db PATH)\n", (shared / "wthor").string());
            return 0;
        }
        tempDir = fs::temp_directory_path() / ("bench-serve-" + std::to_string(::getpid()));
        fs::create_directories(tempDir);
        db = tempDir / "wthor.sqlite";
        const auto t0 = Clock::now();
        const int code = waitFor(spawn(
            {OTHELLO_CLI, "--db", db.string(), "import", (shared / "wthor").string(), "--quiet"}));
        fmt::print("imported {} into {} in {:.1f} s (exit {})\n", (shared / "wthor").string(),
                   db.string(), std::chrono::duration<double>(Clock::now() - t0).count(), code);
    }
    if (duringImport && !fs::exists(shared / "movelist")) {
        fmt::print("skipped: --during-import needs {}\n", (shared / "movelist").string());
        return 0;
    }
    const Mix mix = buildMix(db);
    if (printMix) {
        for (const auto* pool : {&mix.games, &mix.searches, &mix.stats})
            for (const auto& q : *pool) fmt::print("{}\n", q.url);
        return 0;
    }
    std::fflush(stdout);
    fmt::print("archive {}: mix of {} games, {} searches, {} positions; {} clients, {} s{}\n",
               db.string(), mix.games.size(), mix.searches.size(), mix.stats.size(), clients,
               seconds, duringImport ? ", during an import" : "");
    fmt::print("machine: {} hardware threads (shared with other jobs: figures are noisy)\n",
               std::thread::hardware_concurrency());

    // HTTP: the real command in a child process.
    int out = -1;
    std::vector<std::string> serveArgs{OTHELLO_CLI, "--db", db.string(), "serve",
                                       "--port",    "0",    "--threads", std::to_string(threads)};
    if (!serverLog.empty()) serveArgs.push_back("--log");
    const pid_t server = spawn(serveArgs, &out, serverLog);
    std::string line;
    char c;
    while (::read(out, &c, 1) == 1 && c != '\n') line += c;
    const auto colon = line.rfind(':');
    const int port = colon == std::string::npos ? 0 : std::atoi(line.c_str() + colon + 1);
    if (port <= 0) {
        fmt::print(stderr, "serve did not start: {}\n", line);
        ::kill(server, SIGKILL);
        return 1;
    }
    // The phases alternate in rounds of 10 s (the same seeds in both), so that the load of
    // other jobs on the machine falls on both alike.
    web::ApiEventIndex events;
    std::vector<std::unique_ptr<LocalApi>> apis;
    for (int t = 0; t < clients; ++t) apis.push_back(std::make_unique<LocalApi>(db, events));
    events.list(apis.front()->archive);
    std::unique_ptr<ImportLoop> import;
    if (duringImport)
        import = std::make_unique<ImportLoop>(
            db, shared, serverLog.empty() ? fs::path() : fs::path(serverLog.string() + ".import"));
    const int rounds = std::max(1, static_cast<int>(seconds / 10 + 0.5));
    Results http, local;
    for (int round = 0; round < rounds; ++round) {
        const std::uint64_t seed = 1000 + 100 * static_cast<std::uint64_t>(round);
        const Results h = runHttp(mix, port, clients, seconds / rounds, seed);
        http.merge(h);
        http.seconds += h.seconds;
        const Results l = runInProcess(mix, apis, seconds / rounds, seed);
        local.merge(l);
        local.seconds += l.seconds;
    }
    if (import)
        fmt::print(
            "import: {} runs of othello-db import during the phases; the first pass over "
            "the new games took {:.1f} s\n",
            import->runs(), import->firstRound());
    import.reset();
    ::kill(server, SIGINT);
    const int serverExit = waitFor(server);
    ::close(out);
    fmt::print("{} rounds of {:.0f} s HTTP then {:.0f} s in-process\n", rounds, seconds / rounds,
               seconds / rounds);
    report("HTTP (othello-db serve)", http);
    if (serverExit != 0) fmt::print("serve exited {}\n", serverExit);
    report("in-process (web::Api, no HTTP)", local);
    const double ratio =
        (double(http.count()) / http.seconds) / (double(local.count()) / local.seconds);
    fmt::print("HTTP / in-process throughput: {:.0f} % (target >= 70 %)\n", 100 * ratio);
    fmt::print(
        "p99 game {:.2f} ms, search {:.2f} ms (target <= 50 ms); errors {} + {} (target 0)\n",
        percentile(http.ms[Game], 0.99), percentile(http.ms[Search], 0.99), http.errors,
        local.errors);
    if (!tempDir.empty()) {
        std::error_code ec;
        fs::remove_all(tempDir, ec);
    }
    return http.errors + local.errors == 0 ? 0 : 1;
}
