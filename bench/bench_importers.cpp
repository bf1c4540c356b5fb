// Importer benchmark: for the whole shared WTHOR archive (46 .wtb files, 129,485 games; target
// <= 1 s in total) and for the eOthello CSV (25,657 games), the time to parse and replay every
// record, then to compute the canonical hash (core::positionHash) of every position. Prints
// medians over several runs (first argument, default 5), in wall-clock time and in process CPU
// time (the latter is steadier on a shared machine). Skips with a message when the shared data
// is absent.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "BenchUtil.h"
#include "core/Notation.h"
#include "core/Symmetry.h"
#include "importers/Reader.h"
#include "importers/TranscriptRepair.h"
#include "importers/WthorReader.h"

using namespace othello;
using namespace othello::importers;

namespace {

using othello::bench::median;
using othello::bench::secondsSince;

double cpuSeconds() {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

struct Totals {
    std::size_t games = 0, errors = 0, positions = 0;
    std::uint64_t checksum = 0;
};

// Canonical hash of every position of every good game, the start included.
void hashPositions(const std::vector<FileResult>& files, Totals& t) {
    for (const FileResult& f : files) {
        for (const GameRecord& g : f.records) {
            if (!g.ok()) continue;
            core::Position p = g.start;
            t.checksum ^= core::positionHash(p);
            ++t.positions;
            for (int m : g.moves) {
                if (m == core::kPass)
                    p.pass();
                else
                    p.play(m);
                t.checksum += core::positionHash(p);
                ++t.positions;
            }
        }
    }
}

template <typename ReadAll>
void benchmark(const char* label, int runs, ReadAll readAll) {
    std::vector<double> parse, hash, total, parseCpu, hashCpu, totalCpu;
    Totals t;
    for (int i = 0; i < runs; ++i) {
        t = Totals{};
        const double c0 = cpuSeconds();
        const auto t0 = std::chrono::steady_clock::now();
        const std::vector<FileResult> files = readAll();
        const double p = secondsSince(t0);
        const double c1 = cpuSeconds();
        const auto t1 = std::chrono::steady_clock::now();
        hashPositions(files, t);
        const double h = secondsSince(t1);
        const double c2 = cpuSeconds();
        for (const auto& f : files)
            for (const auto& g : f.records) {
                ++t.games;
                t.errors += !g.ok();
            }
        parse.push_back(p);
        hash.push_back(h);
        total.push_back(p + h);
        parseCpu.push_back(c1 - c0);
        hashCpu.push_back(c2 - c1);
        totalCpu.push_back(c2 - c0);
    }
    std::printf("%s: %zu games (%zu errors), %zu positions, medians over %d runs\n", label, t.games,
                t.errors, t.positions, runs);
    std::printf("  parse + replay:   wall %.3f s, cpu %.3f s (%.0f games/s)\n", median(parse),
                median(parseCpu), t.games / median(parseCpu));
    std::printf("  canonical hashes: wall %.3f s, cpu %.3f s (%.1f Mpositions/s)\n", median(hash),
                median(hashCpu), t.positions / median(hashCpu) / 1e6);
    std::printf("  total:            wall %.3f s, cpu %.3f s (checksum %llx)\n", median(total),
                median(totalCpu), static_cast<unsigned long long>(t.checksum));
}

// Transcript repairs (target <= 1 s per diagram): a full 60-move diagram in two bad shapes.
// Needs no shared data: the game is the 1992 world-championship game of samples/.
void benchmarkRepairs(int runs) {
    const auto moves = core::parseMoves(
                           "f5d6c3d3c4f4c5b3c2e3d2c6b4b5f2e2a3d1c1a4a5f3g4f1e7d7d8e6f6b6e1b1c7"
                           "a6a7b2f7g3g5h4h5g2h1g1a1a2b7c8b8a8h3h6g6e8h7h2h8g8g7f8")
                           .moves;
    TranscriptGrid legal;
    for (std::size_t i = 0; i < moves.size(); ++i) legal.number[moves[i]] = int(i) + 1;
    // Two numbers swapped: the replay fails at the earlier one.
    TranscriptGrid swapped = legal;
    std::swap(swapped.number[moves[9]], swapped.number[moves[30]]);
    const auto time = [&](const TranscriptGrid& g, std::optional<int> stated, bool requireScore,
                          std::size_t& found) {
        std::vector<double> t;
        for (int i = 0; i < std::max(runs, 5); ++i) {
            const auto t0 = std::chrono::steady_clock::now();
            found = findRepairs(g, stated, requireScore).size();
            t.push_back(secondsSince(t0));
        }
        return median(t);
    };
    std::size_t n1 = 0, n2 = 0;
    const double swap = time(swapped, 20, false, n1);
    // A legal diagram whose declared score it does not reach: every single edit is replayed.
    const double score = time(legal, 22, true, n2);
    std::printf("transcript repairs (target <= 1 s per diagram), medians:\n");
    std::printf("  two numbers swapped:            %.3f ms (%zu candidates)\n", swap * 1e3, n1);
    std::printf("  declared score not reached:     %.3f ms (%zu candidates)\n", score * 1e3, n2);
}

}  // namespace

int main(int argc, char** argv) {
    const int runs = argc > 1 ? std::max(1, std::atoi(argv[1])) : 5;
    benchmarkRepairs(runs);
    const std::filesystem::path data = OTHELLO_SHARED_DATA;
    if (!std::filesystem::is_directory(data / "wthor")) {
        std::printf("skipped: no shared data at %s\n", data.string().c_str());
        return 0;
    }
    std::vector<std::filesystem::path> wtb;
    for (const auto& e : std::filesystem::directory_iterator(data / "wthor"))
        if (e.path().extension() == ".wtb") wtb.push_back(e.path());
    std::sort(wtb.begin(), wtb.end());
    char label[96];
    std::snprintf(label, sizeof label, "WTHOR archive (%zu .wtb files)", wtb.size());
    benchmark(label, runs, [&] {
        std::vector<FileResult> files;
        files.reserve(wtb.size());
        for (const auto& p : wtb) files.push_back(readWthor(p, {}));
        return files;
    });
    const auto csv = data / "movelist/eothello_othello_dataset.csv";
    if (std::filesystem::exists(csv))
        benchmark("eOthello CSV", runs, [&] { return std::vector<FileResult>{readFile(csv)}; });
    return 0;
}
