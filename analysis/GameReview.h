#pragma once
// The review of one game: the moves played, each judged against the best move of its position.
// These are its structures and summaries; analysis/GameReviewer.h makes reviews (of the whole
// game, or of its endgame only: every move played from a position with at most `maxEmpties`
// empty squares, by the exact solver), through a cache when there is one.
//
// Contract
// - Values are final disc differences under perfect play from BLACK's point of view (Black's
//   discs minus White's, empties to the winner): positive means Black wins. A review reads
//   most naturally that way whichever side moves. (A review under rules Othello's analysis
//   does not hold for, RulesReview.h, counts by the rules' scoring instead.)
// - A move's loss is in discs of that difference, from the mover's side: the value of the best
//   move minus the value of the move played, as the mover sees them (0: a perfect move; a move
//   turning a 4-disc win into a 2-disc loss lost 6). Never negative.
// - Every judged move says how its values were found: `kind` Exact (the solver: the truth) or
//   Estimate (the midgame search at `depth`; the played move is searched at the same depth as
//   the best one, so its loss compares like with like). Summaries count both.
// - Passes are not judged (they are forced). An unfinished game is judged on the moves it
//   has; a record whose replay fails is judged up to the last legal move.
#include <cstdint>
#include <vector>

#include "analysis/Solver.h"
#include "core/Position.h"

namespace othello::analysis {

// The review's default depth: moves from positions with at most 24 empty squares.
inline constexpr int kDefaultReviewEmpties = 24;
// A move losing at least this many discs is a mistake; at least kBlunderLoss, a blunder.
inline constexpr int kMistakeLoss = 2;
inline constexpr int kBlunderLoss = 6;

struct ReviewedMove {
    int ply = 0;         // index of the move in the game's moves (passes count)
    int moveNumber = 0;  // discs played before it + 1 (passes do not count)
    core::Color side = core::Color::Black;
    int empties = 0;                    // empty squares before the move
    int move = core::kNoSquare;         // the square played
    int value = 0;                      // the position's value before the move (Black's view)
    int playedValue = 0;                // the value after the move played (Black's view)
    int loss = 0;                       // discs the mover lost with it (>= 0)
    std::vector<int> bestMoves;         // every move known to reach `value`, in square order
    ValueKind kind = ValueKind::Exact;  // Exact (solver) or Estimate (midgame search)
    int depth = 0;  // Exact: the empties solved; Estimate: the search depth of the values
    // Every legal move's value (Black's point of view, as `value`), best for the mover first,
    // when the review was asked for all moves (ReviewOptions::allMoves); else empty. A move's
    // kind is the position's, except an estimate's move that ends the game (Exact).
    std::vector<MoveValue> moves;
};

struct SideSummary {
    int movesChecked = 0;
    int perfectMoves = 0;  // moves with loss 0
    int discsLost = 0;     // sum of the losses
    int maxLoss = 0;
    int exactMoves = 0;   // judged by the solver (the others by the midgame search)
    int mistakes = 0;     // loss >= kMistakeLoss (blunders included)
    int blunders = 0;     // loss >= kBlunderLoss
    int maxLossPly = -1;  // where the biggest loss was (the first such move); -1: no loss
    int maxLossMoveNumber = 0;
    int maxLossMove = core::kNoSquare;
    double averageLoss() const {
        return movesChecked ? static_cast<double>(discsLost) / movesChecked : 0.0;
    }
};

// What a review cost: positions searched and solved, and those the cache answered.
struct ReviewStats {
    int searched = 0;         // midgame searches (a position, or only the move played there)
    int solved = 0;           // exact solver calls
    int cachedEstimates = 0;  // positions whose estimates came from the cache
    int cachedExact = 0;      // positions judged exactly from the cache, none solved
    std::uint64_t nodes = 0;  // of the searches and solves
    double seconds = 0;
};

struct GameReview {
    int maxEmpties = kDefaultReviewEmpties;  // exact from this many empties on
    // The midgame part: false for an endgame review (no move before maxEmpties
    // judged). depth: the search depth asked (with a time budget, the most it may reach);
    // secondsPerPosition: the time budget, 0 for none.
    bool midgame = false;
    int depth = 0;
    double secondsPerPosition = 0;
    bool allMoves = false;  // ReviewedMove::moves filled
    // false: stopped by cancel before the last move; `moves` holds the moves judged so far.
    bool complete = true;
    ReviewStats stats;
    std::vector<ReviewedMove> moves;  // in game order
    SideSummary black;
    SideSummary white;
    int maxLoss() const { return black.maxLoss > white.maxLoss ? black.maxLoss : white.maxLoss; }
    const SideSummary& summary(core::Color c) const {
        return c == core::Color::Black ? black : white;
    }
};

// The summaries recomputed from `review.moves` (after a review, and after loading a stored
// one).
void summarise(GameReview& review);

}  // namespace othello::analysis
