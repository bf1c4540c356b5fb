#pragma once
// The exact solver for any rules (core/Rules.h): classic Reversi's one-line flips, disc-count
// scoring, placements, handicaps. A plain negamax alpha-beta over core's rule-aware moves with a
// transposition table and simple move ordering: correct first, far slower than Othello's
// solver (Solver.h), which stays the one for games played as Othello (othelloAnalysisApplies).
//
// Contract
// - Values are the final score difference under perfect play, from the side to move's point of
//   view (own minus opponent's), counted by the rules' scoring (core::finalScore): with
//   Scoring::Discs the discs on the board at the end, empties counted for nobody (a 34-29 end is
//   +5 / -5); with Scoring::EmptiesToWinner as Othello's (empties to the winner, 64-0 for a
//   wipe-out). Range -64..64.
// - Moves are core's move tokens (core::ruleMoves): squares, line moves ("c4>e6") when the
//   square outflanks several lines under the one-line rule (each line a move of its own),
//   placements during the placements, core::kPass for a forced pass. MoveValue::square and
//   SolveResult::bestMove / pv hold these tokens (core::moveName prints them).
// - A finished game (isGameOver under the rules) answers at once: its score, bestMove
//   kNoSquare. A side that must pass: bestMove kPass, value minus the value after the pass.
// - Budgets (SolveOptions::maxSeconds, maxNodes, cancel) stop the search: `complete` false,
//   kind Bound with the range proven at the root (the best root move solved so far is a lower
//   bound), and with allMoves `moves` holds only the root moves solved exactly before the stop.
//   Never a wrong exact value. SolveOptions::winLossDraw, threads and onProgress are not used
//   (one thread, exact values only).
// - Positions in the placements are solved like any other, only very deep (the whole game): in
//   practice they stop at the budget.
// - One solve at a time per RulesSolver (call it from one thread; set cancel from any).
#include <cstddef>
#include <memory>

#include "Solver.h"
#include "core/Rules.h"

namespace othello::analysis {

// True when Othello's analysis (the solver, the evaluation, the review, the cache's values)
// holds for a game under `rules`: every line flips and the empties go to the winner, so from
// any position after the start the game is Othello's (the start, a handicap and the first mover
// only say where it begins). Placements rules are excluded: their first plies are no Othello
// moves. Every other rule set is analysed by the RulesSolver only.
bool othelloAnalysisApplies(const core::Rules& rules);

// The most empties the generic solver answers within `solve`'s default budget (20 s) on this
// project's 2-core machine, under every rule set measured (bench/bench_rules_solver, every
// move's value, median of 3): what the words "estimates unavailable" point to.
inline constexpr int kRulesSolverReach = 14;

class RulesSolver {
  public:
    explicit RulesSolver(std::size_t tableMegabytes = 64);
    ~RulesSolver();
    RulesSolver(const RulesSolver&) = delete;
    RulesSolver& operator=(const RulesSolver&) = delete;

    // Solves `position` under `rules` (the table is cleared when the rules change from the
    // previous solve: its bounds hold under one rule set only).
    SolveResult solve(const core::Position& position, const core::Rules& rules,
                      const SolveOptions& options = {});

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace othello::analysis
