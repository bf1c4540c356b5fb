// The generic solver's reach (analysis/RulesSolver.h): for each rule set, positions with more
// and more empties, each solved within the budget of `solve` (20 s); prints the median time per
// count of empties and the reach: the most empties whose median solve finished in the budget.
//
// Positions: random games of the rule set from its start (placements included), seeded, cut at
// the number of empties (no records of these games exist to take real positions from; random
// play leaves more mobile, slower positions than real games do). One thread, as the solver.
//
// Usage: bench_rules_solver [--from N (10)] [--to N (20)] [--positions K (3)]
//                           [--seconds S (20)] [--all-moves] [--show] [--rules CODE]...
// --show prints each position (a board for `othello-db solve --rules CODE BOARD`).
#include <fmt/core.h>

#include <chrono>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "BenchUtil.h"
#include "analysis/RulesSolver.h"
#include "core/Notation.h"
#include "core/Rules.h"

using namespace othello;

namespace {

core::Position randomPosition(std::mt19937_64& rng, const core::Rules& rules, int empties) {
    core::Position p = *core::rulesStart(rules);
    while ((core::inPlacements(p, rules) || p.emptyCount() > empties) &&
           !core::isGameOver(p, rules)) {
        const auto moves = core::ruleMoves(p, rules);
        core::playRuleMove(p, moves[rng() % moves.size()]);
    }
    return p;
}

// A random position with exactly `empties` empties and a move to make (retries games that end
// sooner).
core::Position benchPosition(std::mt19937_64& rng, const core::Rules& rules, int empties) {
    for (;;) {
        const core::Position p = randomPosition(rng, rules, empties);
        if (p.emptyCount() == empties && !core::isGameOver(p, rules)) return p;
    }
}

}  // namespace

int main(int argc, char** argv) {
    int from = 10, to = 20, positions = 3;
    double seconds = 20;
    bool allMoves = false, show = false;
    std::vector<std::string> codes;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const bool more = i + 1 < argc;
        if (a == "--from" && more) from = std::atoi(argv[++i]);
        else if (a == "--to" && more) to = std::atoi(argv[++i]);
        else if (a == "--positions" && more) positions = std::atoi(argv[++i]);
        else if (a == "--seconds" && more) seconds = std::atof(argv[++i]);
        else if (a == "--all-moves") allMoves = true;
        else if (a == "--show") show = true;
        else if (a == "--rules" && more) codes.push_back(argv[++i]);
        else {
            fmt::print(stderr, "usage: bench_rules_solver [--from N] [--to N] [--positions K] "
                               "[--seconds S] [--all-moves] [--show] [--rules CODE]...\n");
            return 2;
        }
    }
    if (codes.empty())
        codes = {"othello", "reversi", "reversi-all-lines", "othello+handicap-a1h8-white"};
    fmt::print("generic solver, one thread, {} position(s) per count, budget {} s, {}\n",
               positions, seconds, allMoves ? "every move's value" : "best move and value");
    for (const std::string& code : codes) {
        const core::RulesParse parsed = core::parseRules(code);
        if (parsed.error) {
            fmt::print(stderr, "--rules {}: {}\n", code, *parsed.error);
            return 2;
        }
        std::mt19937_64 rng(2026112800);
        analysis::RulesSolver solver(256);
        analysis::SolveOptions options;
        options.maxSeconds = seconds;
        options.allMoves = allMoves;
        int reach = 0;
        for (int empties = from; empties <= to; ++empties) {
            std::vector<double> times;
            std::vector<double> nodes;
            int solved = 0;
            for (int k = 0; k < positions; ++k) {
                const core::Position p = benchPosition(rng, parsed.rules, empties);
                if (show) fmt::print("  {}\n", core::boardStringWithSide(p));
                const auto t0 = std::chrono::steady_clock::now();
                const analysis::SolveResult r = solver.solve(p, parsed.rules, options);
                // An unfinished solve counts as past the budget.
                times.push_back(r.complete ? bench::secondsSince(t0) : seconds * 2);
                nodes.push_back(static_cast<double>(r.nodes));
                solved += r.complete ? 1 : 0;
            }
            const double median = bench::median(times);
            fmt::print("{:<28} {:>2} empties: median {} ({}/{} solved), median {:.0f} nodes\n",
                       code, empties,
                       median <= seconds ? fmt::format("{:.2f} s", median) : "past the budget",
                       solved, positions, bench::median(nodes));
            std::fflush(stdout);
            if (median > seconds) break;
            reach = empties;
        }
        fmt::print("{:<28} reach: {} empties in {} s (median of {})\n", code, reach, seconds,
                   positions);
    }
    return 0;
}
