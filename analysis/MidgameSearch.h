#pragma once
// The midgame search: iterative deepening alpha-beta (principal-variation search) over the
// learned evaluation, with a transposition table, handing over to the exact solver when the
// position is small enough. Moves are ordered by the table's move (the previous iteration's
// best at the root), then by the evaluation after the move (a one-ply search) three or more
// plies from the leaves, by the opponent's mobility (fastest first) nearer to them.
//
// Contract
// - Values are final disc differences from the side to move's point of view, as the solver's;
//   `valueUnits` keeps the evaluation's finer grain (1/kEvalUnitsPerDisc disc).
// - kind: Exact when the value is proven (the solver answered, the game is over, or the last
//   finished iteration searched every line to the end of the game); Estimate otherwise;
//   Bound only when the solver was handed the position and stopped early (its bounds, as
//   Solver.h says).
// - Budgets and cancel as the solver's (SolveOptions): checked every few thousand nodes; a stop
//   returns the last finished iteration (`depth` is its depth; 0 when none finished: then the
//   value is the evaluation of the position, and bestMove the first move of the ordering), with
//   complete false and `stop` saying why. The node count overshoots the budget by at most
//   kMidgamePollInterval nodes.
// - A pass does not count as a ply of depth. depth 0 is the evaluation alone (evaluate()).
// - Move values (MidgameOptions::allMoves / valueMoves): after the last finished iteration, each
//   requested root move gets a true value (a full-window search of the position after it, one
//   ply shallower, so "at the same depth" as the position's value), not the bound a
//   principal-variation search leaves for the moves it refutes. These searches ignore the node
//   and time budgets (they are short with the table warm; cancel still stops them). The
//   position's value is the maximum over the moves valued, so a move's value never exceeds it
//   (a search instability that would say otherwise makes that move the best).
// - One search at a time per MidgameSearch object (it owns its table and its solver).
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "Evaluation.h"
#include "SearchTypes.h"
#include "core/Position.h"

namespace othello::analysis {

inline constexpr int kMidgamePollInterval = 1024;

// A number naming the evaluator's weights for caches (analysis_positions.weights_version): a
// CRC-32 of Evaluator::name(), which for the learned evaluation holds the weights' CRC, so a
// retrained weights file changes it. Never 0 (0 is the solver's "no weights").
std::int64_t weightsVersionOf(const Evaluator& evaluator);

struct MidgameProgress {
    int depth = 0;  // the iteration running
    int completedDepth = 0;
    int value = 0;  // of the last finished iteration, discs
    int bestMove = core::kNoSquare;
    std::uint64_t nodes = 0;
    double seconds = 0;
};

struct MidgameOptions {
    int depth = 10;  // the deepest iteration
    // Positions with at most this many empties go to the exact solver (with the same budget);
    // negative: never (the search alone, even at the end of the game).
    int exactEmpties = 20;
    std::uint64_t maxNodes = 0;  // 0: none
    double maxSeconds = 0;       // 0: none
    const std::atomic<bool>* cancel = nullptr;
    // Called from the searching thread at most every ~50 ms and after each finished iteration.
    std::function<void(const MidgameProgress&)> onProgress;
    int solverThreads = 0;  // for the handover (SolveOptions::threads)
    // Iterations up to this depth finish whatever the budgets say (cancel still stops them):
    // with a small time budget, 1 guarantees a searched value and best move.
    int minDepth = 0;
    // Root moves that need a true value at the last finished depth (see the header), or every
    // legal root move with allMoves. Unused when the solver answers (it has its own allMoves).
    bool allMoves = false;
    std::vector<int> valueMoves;
};

// One root move's value (MidgameOptions::allMoves / valueMoves), from the side to move's
// point of view before the move, as analysis::MoveValue.
struct MidgameMoveValue {
    int square = core::kNoSquare;
    int value = 0;       // discs (rounded from valueUnits)
    int valueUnits = 0;  // 1/kEvalUnitsPerDisc disc
    ValueKind kind = ValueKind::Estimate;
};

struct MidgameResult {
    bool complete = false;  // every iteration asked for finished (or the value is exact)
    StopReason stop = StopReason::None;
    int value = 0;       // discs, side to move (rounded from valueUnits)
    int valueUnits = 0;  // 1/kEvalUnitsPerDisc disc
    ValueKind kind = ValueKind::Estimate;
    int lower = -64, upper = 64;     // Exact: value, value; Bound: the solver's; else -64, 64
    int bestMove = core::kNoSquare;  // kPass when the side to move must pass
    std::vector<int> pv;
    int depth = 0;        // of the last finished iteration (the solver's answer: the empties)
    bool solved = false;  // the exact solver answered
    std::uint64_t nodes = 0;
    double seconds = 0;
    int empties = 0;
    // The requested root moves' values, best first (empty unless asked for, or when no
    // iteration finished or the search was cancelled).
    std::vector<MidgameMoveValue> moves;
};

class MidgameSearch {
  public:
    explicit MidgameSearch(std::shared_ptr<const Evaluator> evaluator,
                           std::size_t tableMegabytes = 32);
    ~MidgameSearch();
    MidgameSearch(const MidgameSearch&) = delete;
    MidgameSearch& operator=(const MidgameSearch&) = delete;

    MidgameResult search(const core::Position& position, const MidgameOptions& options = {});
    // The evaluation of the position as it stands (depth 0): Exact for a finished game.
    MidgameResult evaluate(const core::Position& position) const;
    void clearTable();
    const Evaluator& evaluator() const { return *evaluator_; }

  private:
    struct Impl;
    std::shared_ptr<const Evaluator> evaluator_;
    std::unique_ptr<Impl> impl_;
};

}  // namespace othello::analysis
