// A player's page (storage/players/PlayerProfile.h) on the WTHOR archive: the time of
// Archive::playerProfile with everything (events and ranks, repertoire, main-line departures,
// analysis from the cache) for a player of ~1,300 games, median of 5 runs, and for the 10
// players with the most games. Target: under 1 s for a player of 1,000 games.
//
//   bench_player [ARCHIVE] [NAME]   ARCHIVE: an archive holding the WTHOR files (default: they
//                                   are imported into a temporary one first); NAME: the player
//                                   (default "Tamenori Hideshi")
#include <cstdio>
#include <filesystem>
#include <string>
#include <unistd.h>

#include "BenchUtil.h"
#include "storage/Archive.h"
#include "storage/cache/AnalysisCache.h"
#include "storage/players/PlayerProfile.h"

using namespace othello;
namespace fs = std::filesystem;

int main(int argc, char** argv) {
    fs::path db = argc > 1 ? fs::path(argv[1]) : fs::path();
    const std::string name = argc > 2 ? argv[2] : "Tamenori Hideshi";
    fs::path scratch;
    if (db.empty()) {
        const fs::path wthor = fs::path(OTHELLO_SHARED_DATA) / "wthor";
        if (!fs::exists(wthor)) {
            std::fprintf(stderr, "bench_player: %s is missing; give an archive\n", wthor.c_str());
            return 1;
        }
        scratch = fs::temp_directory_path() / ("bench-player-" + std::to_string(getpid()));
        fs::create_directories(scratch);
        db = scratch / "wthor.sqlite";
        storage::Archive archive(db);
        const auto t0 = std::chrono::steady_clock::now();
        const auto r = archive.importFiles({wthor});
        std::printf("imported %lld games in %.1f s\n", static_cast<long long>(r.imported),
                    bench::secondsSince(t0));
    }
    {
        storage::Archive archive(db, storage::Archive::Mode::ReadOnly);
        storage::AnalysisCache cache(db, storage::Archive::Mode::ReadOnly);
        const auto lookup = archive.findPlayer(name);
        if (!lookup.player) {
            std::fprintf(stderr, "bench_player: no player named \"%s\"\n", name.c_str());
            return 1;
        }
        storage::ProfileOptions options;
        options.analysis = &cache;
        std::vector<double> runs;
        std::size_t departures = 0;
        for (int i = 0; i < 5; ++i) {
            const auto t0 = std::chrono::steady_clock::now();
            const auto p = archive.playerProfile(lookup.player->id, options);
            runs.push_back(bench::secondsSince(t0));
            departures = p.departures.size();
        }
        std::printf("%s: %lld games, %zu departures: profile %.3f s (median of 5)\n",
                    lookup.player->name.c_str(), static_cast<long long>(lookup.player->games),
                    departures, bench::median(runs));
        // The busiest players, one run each (candidates of "" list the most games first).
        const auto busiest = archive.findPlayer("").candidates;
        double worst = 0, total = 0;
        std::size_t n = 0;
        for (const auto& p : busiest) {
            if (n == 10) break;
            const auto t0 = std::chrono::steady_clock::now();
            archive.playerProfile(p.id, options);
            const double s = bench::secondsSince(t0);
            worst = std::max(worst, s);
            total += s;
            ++n;
            std::printf("  %-28s %5lld games  %.3f s\n", p.name.c_str(),
                        static_cast<long long>(p.games), s);
        }
        std::printf("the %zu busiest players: %.3f s on average, %.3f s at most\n", n,
                    n ? total / double(n) : 0.0, worst);
    }
    if (!scratch.empty()) fs::remove_all(scratch);
    return 0;
}
