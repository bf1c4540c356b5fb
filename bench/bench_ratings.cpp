// Archive ratings benchmark (storage/players/Ratings.h) over all shared WTHOR files:
//  - the whole archive rated from scratch (Archive::rebuildRatings: every tournament read,
//    every period rated, every row written, compared with what was stored; target < 10 s);
//  - an edit of a game of the first year (every period rated again: the worst case of the
//    incremental update) and of the last year (that year alone: the common case, as an import
//    of a new year), each a whole journalled edit of the game's round;
//  - the table as of 2019-12-31 (top 20) and one player's history.
// The archive is imported once into WORKDIR (untimed) and reused by later runs.
// Usage: bench_ratings [RUNS=5] [WORKDIR=/tmp/othello-bench-ratings]. Prints medians.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "BenchUtil.h"
#include "storage/Archive.h"
#include "storage/players/Ratings.h"
#include "storage/tournaments/Tournament.h"

namespace fs = std::filesystem;
using namespace othello;
using bench::median;
using bench::secondsSince;

namespace {

// The id of a game of `year` (the first one stored).
std::int64_t gameOfYear(storage::Archive& a, int year) {
    storage::SearchFilter f;
    f.yearFrom = year;
    f.yearTo = year;
    f.limit = 1;
    const auto r = a.search(f);
    if (r.games.empty()) {
        std::fprintf(stderr, "no game of %d\n", year);
        std::exit(1);
    }
    return r.games.front().id;
}

// Median seconds of `runs` edits of game `id` (its round, alternately "b1" and "b2").
double editSeconds(storage::Archive& a, std::int64_t id, int runs) {
    std::vector<double> t;
    for (int i = 0; i < runs; ++i) {
        storage::GameHeaders h;
        h.round = i % 2 ? "b1" : "b2";
        const auto t0 = std::chrono::steady_clock::now();
        a.editGame(id, h);
        t.push_back(secondsSince(t0));
    }
    return median(t);
}

}  // namespace

int main(int argc, char** argv) {
    const int runs = argc > 1 ? std::max(1, std::atoi(argv[1])) : 5;
    const fs::path work = argc > 2 ? fs::path(argv[2]) : fs::path("/tmp/othello-bench-ratings");
    const fs::path wthor = fs::path(OTHELLO_SHARED_DATA) / "wthor";
    if (!fs::exists(wthor)) {
        std::printf("SKIP: %s not found\n", wthor.string().c_str());
        return 0;
    }
    fs::create_directories(work);
    const fs::path db = work / "wthor.sqlite";
    {
        storage::Archive a(db);
        if (a.info().games == 0) {
            std::printf("importing %s (once, untimed)...\n", wthor.string().c_str());
            a.importFiles({wthor});
        }
    }
    storage::Archive a(db);
    a.setUser("bench");
    std::vector<double> rebuild;
    storage::RatingsRebuild last;
    for (int i = 0; i < runs; ++i) {
        last = a.rebuildRatings();
        rebuild.push_back(last.seconds);
    }
    std::printf("archive: %lld games\n", static_cast<long long>(a.info().games));
    std::printf("rated from scratch: %lld rated events, %lld players, %lld rated games\n",
                static_cast<long long>(last.periods), static_cast<long long>(last.players),
                static_cast<long long>(last.ratedGames));
    std::printf("  rebuild            median %.3f s of %d runs (target < 10 s), differences %lld\n",
                median(rebuild), runs, static_cast<long long>(last.differences));

    const auto table = a.ratingTable({std::string("2019-12-31"), 20});
    // The first and the last year with a rated event (tournaments() is sorted by year).
    int firstYear = 0, lastYear = 0;
    for (const auto& t : a.tournaments()) {
        if (!t.isTournament || t.year <= 0) continue;
        if (!firstYear) firstYear = t.year;
        lastYear = t.year;
    }
    std::printf("  edit of a %d game median %.3f s (every period rated again)\n", firstYear,
                editSeconds(a, gameOfYear(a, firstYear), runs));
    std::printf("  edit of a %d game median %.3f s (that year rated again)\n", lastYear,
                editSeconds(a, gameOfYear(a, lastYear), runs));

    std::vector<double> tableTimes, historyTimes;
    for (int i = 0; i < runs; ++i) {
        auto t0 = std::chrono::steady_clock::now();
        a.ratingTable({std::string("2019-12-31"), 20});
        tableTimes.push_back(secondsSince(t0));
        t0 = std::chrono::steady_clock::now();
        a.ratingHistory(table.rows.front().player);
        historyTimes.push_back(secondsSince(t0));
    }
    std::printf("  table as of 2019-12-31 (top 20) median %.4f s; a history median %.4f s\n",
                median(tableTimes), median(historyTimes));
    return 0;
}
