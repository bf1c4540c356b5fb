#pragma once
// The one door between a review and a cache of analysed positions: GameReviewer (through
// ReviewOptions::store) reads every position there first and keeps there what it computes.
// storage::AnalysisCache (the archive's analysis tables) is the store of the programs; the
// tests keep values in memory. No store (nullptr) is the "no cache" case: every value is
// computed, nothing is kept (a file analysed without an archive).
//
// Contract
// - Values are from the side to move's point of view, in discs, as Solver::solve gives them;
//   squares in the orientation of the position asked about.
// - exact(): the stored exact value and best move of the position, if any; with `allMoves`
//   only a result holding every legal move's exact value (as Solver::solve with allMoves) will
//   do. A bound, a win/loss/draw or an estimate is not an exact value.
// - estimate(): the stored midgame estimate, whatever its search version, evaluator and depth:
//   the reviewer checks them (GameReviewer.h, "Cache").
// - storeExact() and storeEstimate() keep a value unless the store holds a better one (the
//   store decides what better means); a store that cannot be written (a read-only archive)
//   ignores them, so a review runs the same with or without the right to keep its values.
// - Calls may throw (a busy or broken archive); the exception ends the review. A store is
//   called from one thread at a time (the reviewing thread).
#include <cstdint>
#include <optional>
#include <vector>

#include "SearchTypes.h"
#include "Solver.h"
#include "core/Position.h"

namespace othello::analysis {

// A midgame estimate of a position, as a store keeps it (values from the side to move's point
// of view, in discs).
struct PositionEstimate {
    int value = 0;
    int bestMove = core::kNoSquare;
    int depth = 0;
    int engineVersion = kMidgameSearchVersion;
    std::int64_t weightsVersion = 0;  // weightsVersionOf(the evaluator)
    // The moves whose values are known, best first (kind Estimate, or Exact for a move that
    // ends the game); allMoves when that is every legal move.
    std::vector<MoveValue> moves;
    bool allMoves = false;
};

class PositionStore {
  public:
    virtual ~PositionStore() = default;
    virtual std::optional<SolveResult> exact(const core::Position& position, bool allMoves) = 0;
    virtual void storeExact(const core::Position& position, const SolveResult& result) = 0;
    virtual std::optional<PositionEstimate> estimate(const core::Position& position) = 0;
    virtual void storeEstimate(const core::Position& position,
                               const PositionEstimate& estimate) = 0;

  protected:
    PositionStore() = default;
    PositionStore(const PositionStore&) = default;
    PositionStore& operator=(const PositionStore&) = default;
};

}  // namespace othello::analysis
