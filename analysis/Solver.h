#pragma once
// The exact endgame solver: the final disc difference under perfect play from any position.
//
// Contract
// - Values are disc differences from the side to move's point of view (own minus opponent's), with
//   empty squares going to the winner as the rules say (a wipe-out is +64 / -64). Range -64..64.
// - A position where the side to move has no move but the opponent has one is solved as a pass:
//   bestMove is core::kPass and the value is minus the value after the pass. A finished game
//   (neither side can move) answers at once: value = final score difference, bestMove kNoSquare.
// - A budget (nodes, time) or a cancel flag may stop the search. Then `complete` is false and the
//   result carries bounds (`lower` <= true value <= `upper`), never a wrong exact value: `kind`
//   says what `value` is. With `complete` true, `lower == upper == value` (Exact) or, in
//   win/loss/draw mode, only the sign is known (WinLossDraw: value is -1, 0 or +1 and the bounds
//   are the matching ranges, e.g. win = [1, 64]).
// - Thread-safe to call from one thread at a time per Solver; the solver itself may use several
//   threads (SolveOptions::threads). Different Solver objects are independent.
// The words it shares with the other searches and with caches (ValueKind, StopReason,
// kSolverVersion) are in SearchTypes.h; the stages of a solve in RootDriver.h.
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "SearchTypes.h"
#include "core/Position.h"

namespace othello::analysis {

struct SolveProgress {
    int empties = 0;
    std::uint64_t nodes = 0;
    double seconds = 0;
    int movesDone = 0;  // root moves finished (all-moves mode) or searched so far
    int movesTotal = 0;
    int lower = -64, upper = 64;  // what is proven so far about the position's value
};

struct SolveOptions {
    bool allMoves = false;                      // the value of every legal move, not only the best
    bool winLossDraw = false;                   // only the sign: faster
    std::uint64_t maxNodes = 0;                 // 0: no node budget
    double maxSeconds = 0;                      // 0: no time budget
    const std::atomic<bool>* cancel = nullptr;  // checked often; set it from any thread
    // Called from the thread that called solve(), at most every ~50 ms and once per root move
    // that thread finished (the moves other threads finish show in its next call).
    std::function<void(const SolveProgress&)> onProgress;
    int threads = 0;  // 0: std::thread::hardware_concurrency()
};

struct MoveValue {
    int square = core::kNoSquare;  // a square, or core::kPass
    int value = 0;                 // from the point of view of the side to move *before* the move
    ValueKind kind = ValueKind::Exact;
    int lower = -64, upper = 64;
};

struct SolveResult {
    bool complete = false;
    StopReason stop = StopReason::None;
    int value = 0;
    ValueKind kind = ValueKind::Exact;
    int lower = -64, upper = 64;
    int bestMove = core::kNoSquare;  // kPass when the side to move must pass
    std::vector<int> pv;             // from the position: squares and kPass
    std::vector<MoveValue> moves;    // every legal move, best first (allMoves), else empty
    std::uint64_t nodes = 0;
    double seconds = 0;
    int empties = 0;
};

class Solver {
  public:
    // `tableMegabytes`: the transposition table's size, shared by the solver's threads.
    explicit Solver(std::size_t tableMegabytes = 64);
    ~Solver();
    Solver(const Solver&) = delete;
    Solver& operator=(const Solver&) = delete;

    SolveResult solve(const core::Position& position, const SolveOptions& options = {});
    void clearTable();

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace othello::analysis
