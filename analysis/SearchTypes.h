#pragma once
// The words every search and its callers share: what a value is (ValueKind), why a search
// stopped (StopReason), and the versions that caches of results key on. The bottom of
// analysis/: it includes nothing of the project, so a caller that only names these (a cache's
// query, the searches' shared control) does not pull in the solver's driver (Solver.h).
#include <cstdint>

namespace othello::analysis {

// Bumped whenever the solver could return a different value or best move for a position (a
// fix); caches keyed on it drop their entries when it changes.
// 2: the real solver replaced the provisional one; 3: moves ordered by the learned evaluation
// (the best move may be another among equals).
inline constexpr int kSolverVersion = 3;

// Bumped whenever the midgame search could return a different value or best move for the same
// evaluation and depth; caches of estimates key on it (with the evaluator's identity).
inline constexpr int kMidgameSearchVersion = 1;

enum class ValueKind : std::uint8_t {
    Exact = 0,        // the true value
    WinLossDraw = 1,  // only the sign is known: value is -1, 0 or +1
    Bound = 2,        // the search stopped early: the truth lies in [lower, upper]
    Estimate = 3,     // an evaluation, not a proof (the midgame search; never from the solver)
};
const char* valueKindName(ValueKind kind);  // "exact", "wld", "bound", "estimate"

enum class StopReason : std::uint8_t { None = 0, NodeBudget, TimeBudget, Cancelled };
const char* stopReasonName(StopReason reason);  // "none", "nodes", "time", "cancelled"

}  // namespace othello::analysis
