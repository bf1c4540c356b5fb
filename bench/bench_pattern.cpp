// Pattern search benchmark (issue 31), in-process, on an archive given by path:
//  - the time to load the games and build their compact form (once per process);
//  - the four fixed patterns of the issue: (1) a1=X b2=-, (2) a whole edge of white discs,
//    (3) a two-disc edge block with discs behind, (4) the 64-square mask of a position played in
//    the archive (the middle game's position at ply 30), each under the 8 symmetries;
//  - p50 and p99 of PatternCorpus::search over RUNS runs of each (all four pooled, and each),
//    beside the plain full scan (every game replayed, every ply tested; fewer runs).
// Usage: bench_pattern DB [RUNS=20] [SCAN_RUNS=3] (0: no full scan; a scan of 10 M games takes
// minutes). The search's hits are compared with the scan's, game by game and ply by ply. Targets:
// WTHOR p50 <= 30 ms, p99 <= 150 ms; the 10 M-game archive p50 <= 2 s.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <vector>

#include "BenchUtil.h"
#include "core/Replay.h"
#include "storage/Archive.h"
#include "storage/patterns/PatternSearch.h"

using namespace othello;
using bench::secondsSince;

namespace {

double percentile(std::vector<double> v, double p) {
    std::sort(v.begin(), v.end());
    const auto i = static_cast<std::size_t>(p * double(v.size() - 1) + 0.5);
    return v[std::min(i, v.size() - 1)];
}

// The process's peak resident memory (VmHWM), 0 when /proc does not say.
double peakRssMb() {
    std::FILE* f = std::fopen("/proc/self/status", "r");
    if (!f) return 0;
    char line[256];
    double kb = 0;
    while (std::fgets(line, sizeof line, f))
        if (std::sscanf(line, "VmHWM: %lf", &kb) == 1) break;
    std::fclose(f);
    return kb / 1024;
}

// CPU time of the process, all threads (a shared machine's load shows in wall time only).
double cpuMs() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1000 + double(t.tv_nsec) / 1e6;
}

std::string maskOf(const core::Position& p) {
    std::string mask;
    for (int sq = 0; sq < 64; ++sq)
        mask += (p.black() & core::bit(sq)) ? 'X' : (p.white() & core::bit(sq)) ? 'O' : '-';
    return mask;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_pattern DB [RUNS=20] [SCAN_RUNS=3]\n");
        return 2;
    }
    const int runs = argc > 2 ? std::atoi(argv[2]) : 20;
    const int scanRuns = argc > 3 ? std::atoi(argv[3]) : 3;
    storage::Archive archive(argv[1], storage::Archive::Mode::ReadOnly);
    auto t0 = std::chrono::steady_clock::now();
    const storage::PatternCorpus corpus = storage::PatternCorpus::load(archive, {});
    std::printf(
        "%zu games, %zu bytes of moves: loaded and compact form built in %.2f s, "
        "peak memory (RSS) %.0f MB\n",
        corpus.size(), corpus.moveBytes(), secondsSince(t0), peakRssMb());
    if (corpus.size() == 0) return 1;

    const auto middle = archive.gameRows({corpus.gameId(corpus.size() / 2)}).at(0);
    const auto played = core::replay(core::Position::start(), middle.moves);
    const std::size_t at = std::min<std::size_t>(30, played.positions.size() - 1);
    const std::vector<std::string> patterns = {
        "a1=X b2=-", "a1=O b1=O c1=O d1=O e1=O f1=O g1=O h1=O",
        "c1=- d1=X e1=X f1=- c2=* d2=* e2=* f2=*", maskOf(played.positions[at])};
    std::vector<double> all;
    for (std::size_t i = 0; i < patterns.size(); ++i) {
        storage::PatternQuery q;
        q.variants = core::parsePattern(patterns[i]).pattern->variants(true);
        std::vector<double> times, cpus, scans;
        std::vector<storage::PatternHit> hits, scanHits;
        for (int r = 0; r < runs; ++r) {
            t0 = std::chrono::steady_clock::now();
            const double cpu0 = cpuMs();
            hits = corpus.search(q);
            times.push_back(secondsSince(t0) * 1000);
            cpus.push_back(cpuMs() - cpu0);
        }
        for (int r = 0; r < scanRuns; ++r) {
            t0 = std::chrono::steady_clock::now();
            scanHits = corpus.fullScan(q);
            scans.push_back(secondsSince(t0) * 1000);
        }
        const auto same = [](const storage::PatternHit& a, const storage::PatternHit& b) {
            return a.index == b.index && a.ply == b.ply;
        };
        const bool differs = scanRuns > 0 && !std::equal(hits.begin(), hits.end(), scanHits.begin(),
                                                         scanHits.end(), same);
        all.insert(all.end(), times.begin(), times.end());
        char scan[96] = "full scan not run";
        if (scanRuns > 0)
            std::snprintf(scan, sizeof scan, "full scan p50 %.0f ms (%.0fx)",
                          percentile(scans, 0.5),
                          percentile(scans, 0.5) / std::max(percentile(times, 0.5), 1e-3));
        std::printf(
            "(%zu) %zu games%s: search p50 %.1f ms p99 %.1f ms (CPU p50 %.1f ms); %s  [%s]\n",
            i + 1, hits.size(), differs ? " (FULL SCAN DIFFERS)" : "", percentile(times, 0.5),
            percentile(times, 0.99), percentile(cpus, 0.5), scan,
            i == 3 ? ("mask of game #" + std::to_string(middle.id) + " ply " + std::to_string(at))
                         .c_str()
                   : patterns[i].c_str());
    }
    std::printf("all four: p50 %.1f ms, p99 %.1f ms over %zu runs; peak memory (RSS) %.0f MB\n",
                percentile(all, 0.5), percentile(all, 0.99), all.size(), peakRssMb());
    return 0;
}
