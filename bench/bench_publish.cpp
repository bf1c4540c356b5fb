// Publishing benchmark (`othello-db publish`, web/Site.h), the two targets:
//  - a tournament of 200 games (20 players, 20 rounds of 10 random legal games, written as PGN
//    and imported) publishes in <= 2 s: the median wall time of RUNS runs of the command;
//  - the whole shared archive (WTHOR 1977-2021 and 2025, 129,485 games, ~2,100 event-years)
//    publishes in <= 2 minutes and <= 1 GB: wall time and peak RSS (getrusage through wait4
//    of the command's process) of each run, and the median;
//  - beside them, what the served site pays per page: Site::render of index and event pages.
// The command runs as a child process (OTHELLO_CLI), as a web master runs it.
// Usage: bench_publish [ARCHIVE] [RUNS=3]. ARCHIVE: an archive of the shared data already
// imported; without it the WTHOR files of OTHELLO_SHARED_DATA/wthor are imported into a
// temporary archive first (a few seconds; not timed). Skips, saying so, when neither exists.
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <vector>

#include "BenchUtil.h"
#include "core/Notation.h"
#include "core/Position.h"
#include "storage/Archive.h"
#include "storage/tournaments/Tournament.h"
#include "web/Site.h"

namespace fs = std::filesystem;
using namespace othello;

namespace {

struct Run {
    double seconds = 0;
    double peakMb = 0;
    nlohmann::json summary;  // the command's --json output
};

// Runs `othello-db publish --db DB -o OUT --json`, its output read from a file.
Run publish(const fs::path& db, const fs::path& out, const fs::path& work) {
    fs::remove_all(out);
    const fs::path log = work / "publish.json";
    const auto t0 = std::chrono::steady_clock::now();
    std::fflush(stdout);  // or the child prints what is buffered again
    const pid_t pid = fork();
    if (pid == 0) {
        if (!std::freopen(log.c_str(), "w", stdout)) _exit(127);
        execl(OTHELLO_CLI, OTHELLO_CLI, "publish", "--db", db.c_str(), "-o", out.c_str(), "--json",
              static_cast<char*>(nullptr));
        _exit(127);
    }
    int status = 0;
    rusage usage{};
    wait4(pid, &status, 0, &usage);
    Run r;
    r.seconds = bench::secondsSince(t0);
    r.peakMb = static_cast<double>(usage.ru_maxrss) / 1024.0;  // ru_maxrss is in KiB
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        std::fprintf(stderr, "publish failed (status %d)\n", status);
        std::exit(1);
    }
    std::ifstream in(log);
    r.summary = nlohmann::json::parse(in);
    return r;
}

// 20 players, 20 rounds of 10 games: random pairings, random legal games from the start.
void writeTournament(const fs::path& pgn) {
    std::mt19937_64 rng(200);
    std::ofstream out(pgn);
    std::vector<int> players(20);
    for (int i = 0; i < 20; ++i) players[static_cast<std::size_t>(i)] = i;
    for (int round = 1; round <= 20; ++round) {
        std::shuffle(players.begin(), players.end(), rng);
        for (std::size_t b = 0; b < 10; ++b) {
            core::Position p = core::Position::start();
            std::string moves;
            while (!p.isGameOver()) {
                core::Bitboard legal = p.legalMoves();
                if (!legal) {
                    p.pass();
                    moves.append(moves.empty() ? "" : " ").append("pass");
                    continue;
                }
                auto pick = rng() % static_cast<std::uint64_t>(core::popcount(legal));
                while (pick--) legal &= legal - 1;
                const int square = core::lowestSquare(legal);
                p.play(square);
                moves.append(moves.empty() ? "" : " ").append(core::squareName(square));
            }
            const core::Score s = p.finalScore();
            out << "[Event \"Bench Open\"]\n[Date \"2024.01.01\"]\n[Round \"" << round
                << "\"]\n[Black \"Player " << players[2 * b] << "\"]\n[White \"Player "
                << players[2 * b + 1] << "\"]\n[Result \"" << s.black << "-" << s.white << "\"]\n\n"
                << moves << " " << s.black << "-" << s.white << "\n\n";
        }
    }
}

void report(const char* what, const std::vector<Run>& runs, double limitSeconds, double limitMb) {
    std::vector<double> times, peaks;
    for (const Run& r : runs) {
        times.push_back(r.seconds);
        peaks.push_back(r.peakMb);
    }
    const double t = bench::median(times);
    const double peak = *std::max_element(peaks.begin(), peaks.end());
    const auto& s = runs.front().summary;
    std::printf("%s: %lld events, %lld games, %lld files, %.1f MB written\n", what,
                static_cast<long long>(s["events"]), static_cast<long long>(s["games"]),
                static_cast<long long>(s["files"]), s["bytes"].get<double>() / 1e6);
    std::printf("  wall time, median of %zu runs: %.3f s (runs:", runs.size(), t);
    for (const double x : times) std::printf(" %.3f", x);
    std::printf(")  target <= %.0f s: %s\n", limitSeconds, t <= limitSeconds ? "met" : "MISSED");
    std::printf("  peak RSS, largest run: %.1f MB  target <= %.0f MB: %s\n", peak, limitMb,
                peak <= limitMb ? "met" : "MISSED");
}

}  // namespace

int main(int argc, char** argv) {
    const int runs = argc > 2 ? std::max(1, std::atoi(argv[2])) : 3;
    const fs::path work =
        fs::temp_directory_path() / ("othello-bench-publish-" + std::to_string(getpid()));
    fs::create_directories(work);

    // 200 games.
    {
        const fs::path pgn = work / "open.pgn";
        writeTournament(pgn);
        storage::Archive archive(work / "open.sqlite");
        const auto imported = archive.importFiles({pgn});
        if (imported.imported != 200) {
            std::fprintf(stderr, "the 200-game tournament imported %lld games\n",
                         static_cast<long long>(imported.imported));
            return 1;
        }
        std::vector<Run> results;
        for (int i = 0; i < std::max(runs, 5); ++i)
            results.push_back(publish(work / "open.sqlite", work / "open-site", work));
        report("tournament of 200 games", results, 2, 1024);
    }

    // The whole shared archive.
    fs::path db;
    if (argc > 1) {
        db = argv[1];
    } else {
        const fs::path wthor = fs::path(OTHELLO_SHARED_DATA) / "wthor";
        if (!fs::exists(wthor)) {
            std::printf("whole archive: skipped (no shared data at %s; give an archive path)\n",
                        wthor.c_str());
            fs::remove_all(work);
            return 0;
        }
        db = work / "wthor.sqlite";
        std::printf("importing %s into %s (not timed)...\n", wthor.c_str(), db.c_str());
        std::fflush(stdout);
        storage::Archive archive(db);
        const auto r = archive.importFiles({wthor});
        std::printf("  %lld games imported\n", static_cast<long long>(r.imported));
    }
    std::vector<Run> results;
    for (int i = 0; i < runs; ++i) results.push_back(publish(db, work / "site", work));
    report("whole archive", results, 120, 1024);

    // What `othello-db serve` pays per page (web::Site::render in-process, as the server calls
    // it): the first index page cold (it computes the winners of its events) and warm, and the
    // largest event's page and data file.
    {
        storage::Archive archive(db, storage::Archive::Mode::ReadOnly);
        web::SiteOptions options;
        options.served = true;
        web::Site site(archive, options);
        const auto time = [&](const std::string& path) {
            const auto t0 = std::chrono::steady_clock::now();
            const auto page = site.render(path);
            const double ms = bench::secondsSince(t0) * 1000;
            std::printf("  render %-28s %8.1f ms  %8.1f KB\n", path.c_str(), ms,
                        page ? static_cast<double>(page->size()) / 1024 : -1.0);
        };
        std::int64_t largest = 0, games = 0;
        for (const auto& t : archive.tournaments())
            if (t.games > games) {
                games = t.games;
                largest = t.id;
            }
        std::printf("served pages (render, one run each):\n");
        time("index.html");
        time("index.html");
        time("index-2.html");
        time("events/" + std::to_string(largest) + ".html");
        time("data/event-" + std::to_string(largest) + ".js");
        time("game.html");
    }
    fs::remove_all(work);
    return 0;
}
