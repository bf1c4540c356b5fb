#pragma once
// The endgame review of one game: every move played from a position with at most `maxEmpties`
// empty squares, judged by the exact solver.
//
// Contract
// - Values are final disc differences under perfect play from BLACK's point of view (Black's
//   discs minus White's, empties to the winner): positive means Black wins. A review reads
//   most naturally that way whichever side moves.
// - A move's loss is in discs of that difference, from the mover's side: the value of the best
//   move minus the value of the move played, as the mover sees them (0: a perfect move; a move
//   turning a 4-disc win into a 2-disc loss lost 6). Never negative.
// - Passes are not judged (they are forced). An unfinished game is judged on the moves it
//   has; a record whose replay fails is judged up to the last legal move.
// - The positions are solved through `PositionSolver` (every legal move's value: see
//   analysis::SolveOptions::allMoves), so a caller may answer from a cache.
#include <cstdint>
#include <functional>
#include <vector>

#include "analysis/Solver.h"
#include "core/Position.h"

namespace othello::analysis {

// The review's default depth: moves from positions with at most 24 empty squares.
inline constexpr int kDefaultReviewEmpties = 24;

// Solves a position with every legal move's value (SolveResult::moves filled, values from the
// side to move's point of view, as Solver::solve gives them with allMoves).
using PositionSolver = std::function<SolveResult(const core::Position&)>;

struct ReviewedMove {
    int ply = 0;         // index of the move in the game's moves (passes count)
    int moveNumber = 0;  // discs played before it + 1 (passes do not count)
    core::Color side = core::Color::Black;
    int empties = 0;             // empty squares before the move
    int move = core::kNoSquare;  // the square played
    int value = 0;               // the position's value before the move (Black's view)
    int playedValue = 0;         // the value after the move played (Black's view)
    int loss = 0;                // discs the mover lost with it (>= 0)
    std::vector<int> bestMoves;  // every move reaching `value`, in square order
};

struct SideSummary {
    int movesChecked = 0;
    int perfectMoves = 0;  // moves with loss 0
    int discsLost = 0;     // sum of the losses
    int maxLoss = 0;
};

struct GameReview {
    int maxEmpties = kDefaultReviewEmpties;
    std::vector<ReviewedMove> moves;  // in game order
    SideSummary black;
    SideSummary white;
    int maxLoss() const { return black.maxLoss > white.maxLoss ? black.maxLoss : white.maxLoss; }
    const SideSummary& summary(core::Color c) const {
        return c == core::Color::Black ? black : white;
    }
};

// Reviews the moves of the game (`moves`: squares and core::kPass from `start`, as replay
// takes them). Solves each position with at most `maxEmpties` empties that a move is played
// from, once.
GameReview reviewGame(const core::Position& start, const std::vector<int>& moves, int maxEmpties,
                      const PositionSolver& solve);

// A PositionSolver calling `solver` with allMoves (no budget): exact values.
PositionSolver directSolver(Solver& solver);

// The summaries recomputed from `review.moves` (used after loading a stored review).
void summarise(GameReview& review);

}  // namespace othello::analysis
