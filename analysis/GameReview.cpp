// A review's summaries: each side's moves, losses, mistakes and blunders (the review itself:
// GameReviewer.cpp).
#include "GameReview.h"

namespace othello::analysis {
namespace {

void count(SideSummary& s, const ReviewedMove& m) {
    ++s.movesChecked;
    if (m.loss == 0) ++s.perfectMoves;
    if (m.kind == ValueKind::Exact) ++s.exactMoves;
    if (m.loss >= kMistakeLoss) ++s.mistakes;
    if (m.loss >= kBlunderLoss) ++s.blunders;
    s.discsLost += m.loss;
    if (m.loss > s.maxLoss) {
        s.maxLoss = m.loss;
        s.maxLossPly = m.ply;
        s.maxLossMoveNumber = m.moveNumber;
        s.maxLossMove = m.move;
    }
}

}  // namespace

void summarise(GameReview& review) {
    review.black = {};
    review.white = {};
    for (const ReviewedMove& m : review.moves)
        count(m.side == core::Color::Black ? review.black : review.white, m);
}

}  // namespace othello::analysis
