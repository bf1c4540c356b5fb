// Endgame solver benchmark: FFO positions #20-#49 (exact value, checked against the .obf file)
// and the 24-empty positions of WTH_2021 games (best value, then every move's value), with the
// totals against the targets. Timings are medians of RUNS where a position is short.
//
// Usage: bench_solver [RUNS] [PART...] [--threads N] [--games N] [--table MB] [--empties N]
//   PART: ffo20-39, ffo40-49, ffoA-B (any range of #20-#59), wth (best value at 24 empties),
//   wth-all (every move's value at 24 empties); default: all four. `--empties N` moves the
//   WTH_2021 positions to N empties (quicker experiments; the targets are for 24).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "BenchUtil.h"
#include "analysis/ObfProblem.h"
#include "analysis/Solver.h"
#include "core/Notation.h"
#include "core/Replay.h"
#include "importers/WthorReader.h"

using namespace othello;
namespace fs = std::filesystem;

namespace {

using bench::median;

// CPU seconds of the whole process (every thread): the machine may be shared, so the wall time
// alone can mislead; both are printed.
double cpuSeconds() {
    return static_cast<double>(std::clock()) / CLOCKS_PER_SEC;
}

struct ObfPosition {
    int number = 0;
    analysis::ObfProblem problem;
};

std::vector<ObfPosition> loadFfo(const fs::path& dir, int first, int last) {
    std::vector<ObfPosition> out;
    for (const auto& [file, base] : {std::pair{"fforum-1-19.obf", 1},
                                     {"fforum-20-39.obf", 20},
                                     {"fforum-40-59.obf", 40},
                                     {"fforum-60-79.obf", 60}}) {
        std::ifstream in(dir / file);
        std::string line;
        int number = base;
        while (std::getline(in, line)) {
            const auto problem = analysis::parseObfLine(line);
            if (!problem) continue;
            ObfPosition p{number++, *problem};
            if (p.number >= first && p.number <= last) out.push_back(std::move(p));
        }
    }
    return out;
}

struct Config {
    int runs = 3;
    int threads = 0;
    int games = 200;
    int empties = 24;
    std::size_t tableMb = 256;
};

// Solves each FFO position; returns the total of the median times.
double runFfo(const Config& cfg, const fs::path& dir, int first, int last, double target) {
    const auto positions = loadFfo(dir, first, last);
    if (positions.empty()) {
        std::printf("FFO #%d-#%d: no positions in %s (skipped)\n", first, last,
                    dir.string().c_str());
        return 0;
    }
    std::printf("FFO #%d-#%d (%d threads, table %zu MB)\n", first, last, cfg.threads, cfg.tableMb);
    std::printf("  #   empties value best  nodes          time s   cpu s    Mnodes/s  check\n");
    analysis::Solver solver(cfg.tableMb);
    double total = 0, totalCpu = 0;
    int wrong = 0;
    for (const ObfPosition& p : positions) {
        std::vector<double> times, cpu;
        analysis::SolveResult r;
        for (int run = 0; run < cfg.runs; ++run) {
            solver.clearTable();
            analysis::SolveOptions o;
            o.threads = cfg.threads;
            const double c0 = cpuSeconds();
            r = solver.solve(p.problem.position, o);
            cpu.push_back(cpuSeconds() - c0);
            times.push_back(r.seconds);
            if (r.seconds > 1.0) break;  // long: one run is enough
        }
        const double t = median(times);
        total += t;
        totalCpu += median(cpu);
        const int expected = p.problem.moves.front().value;
        bool ok = r.complete && r.value == expected;
        bool bestOk = false;
        for (const auto& m : p.problem.moves)
            if (m.square == r.bestMove && m.value == expected) bestOk = true;
        ok = ok && bestOk;
        wrong += !ok;
        std::printf("  %-3d %-7d %+-5d %-5s %-14llu %-8.3f %-8.3f %-9.2f %s\n", p.number, r.empties,
                    r.value, core::squareName(r.bestMove).c_str(),
                    static_cast<unsigned long long>(r.nodes), t, median(cpu), r.nodes / t / 1e6,
                    ok ? "ok" : "WRONG");
        std::fflush(stdout);
    }
    std::printf("  total %.2f s wall, %.2f s cpu (target <= %.0f s wall: %s); %d wrong\n\n", total,
                totalCpu, target, total <= target ? "met" : "NOT met", wrong);
    return total;
}

void runWthor(const Config& cfg, const fs::path& wtb, bool allMoves, double target) {
    const importers::FileResult file = importers::readWthor(wtb, {});
    std::vector<core::Position> positions;
    for (const auto& rec : file.records) {
        if (static_cast<int>(positions.size()) >= cfg.games) break;
        if (rec.status == importers::GameStatus::Error) continue;
        const core::ReplayResult r = core::replay(rec.start, rec.moves);
        for (const core::Position& p : r.positions) {
            if (p.emptyCount() == cfg.empties && !p.isGameOver()) {
                positions.push_back(p);
                break;
            }
        }
    }
    if (positions.empty()) {
        std::printf("WTH_2021: no games read from %s (skipped)\n", wtb.string().c_str());
        return;
    }
    analysis::Solver solver(cfg.tableMb);
    std::vector<double> times, cpu, nodeCounts;
    std::uint64_t nodes = 0;
    double slowest = 0;
    for (const core::Position& p : positions) {
        solver.clearTable();
        analysis::SolveOptions o;
        o.threads = cfg.threads;
        o.allMoves = allMoves;
        const double c0 = cpuSeconds();
        const auto r = solver.solve(p, o);
        cpu.push_back(cpuSeconds() - c0);
        times.push_back(r.seconds);
        nodes += r.nodes;
        nodeCounts.push_back(static_cast<double>(r.nodes));
        slowest = std::max(slowest, r.seconds);
        if (!r.complete) std::printf("  incomplete solve!\n");
    }
    double sum = 0;
    for (double t : times) sum += t;
    const double med = median(times);
    std::printf(
        "WTH_2021, %d empties, %s, %zu games: median %.3f s (cpu %.3f s), mean %.3f s, "
        "slowest %.3f s, %.2f Mnodes/s, median %.1f Mnodes, total %.1f Mnodes (target median <= "
        "%.0f s: %s)\n",
        cfg.empties, allMoves ? "every move's value" : "best value", positions.size(), med,
        median(cpu), sum / static_cast<double>(times.size()), slowest, nodes / sum / 1e6,
        median(nodeCounts) / 1e6, static_cast<double>(nodes) / 1e6, target,
        med <= target ? "met" : "NOT met");
    std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
    Config cfg;
    std::vector<std::string> parts;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--threads" && i + 1 < argc)
            cfg.threads = std::atoi(argv[++i]);
        else if (a == "--games" && i + 1 < argc)
            cfg.games = std::atoi(argv[++i]);
        else if (a == "--empties" && i + 1 < argc)
            cfg.empties = std::atoi(argv[++i]);
        else if (a == "--table" && i + 1 < argc)
            cfg.tableMb = std::strtoull(argv[++i], nullptr, 10);
        else if (i == 1 && std::isdigit(static_cast<unsigned char>(a[0])))
            cfg.runs = std::atoi(a.c_str());
        else
            parts.push_back(a);
    }
    if (parts.empty()) parts = {"ffo20-39", "ffo40-49", "wth", "wth-all"};
    const fs::path data = OTHELLO_SHARED_DATA;
    if (!fs::exists(data)) {
        std::printf("%s is absent: nothing to measure (skipped)\n", data.string().c_str());
        return 0;
    }
    for (const std::string& part : parts) {
        int a = 0, b = 0;
        if (part == "wth" || part == "wth-all") {
            runWthor(cfg, data / "wthor" / "WTH_2021.wtb", part == "wth-all",
                     part == "wth" ? 2.0 : 10.0);
        } else if (std::sscanf(part.c_str(), "ffo%d-%d", &a, &b) == 2) {
            const double target = (a >= 20 && b <= 39) ? 10.0 : 60.0;
            runFfo(cfg, data / "obf", a, b, target);
        } else {
            std::fprintf(stderr, "unknown part %s (ffoA-B, wth, wth-all)\n", part.c_str());
            return 2;
        }
    }
    return 0;
}
