// The endgame review of a game: the solver's verdict on every move near the end
// (the whole game: GameReviewer.cpp).
#include "GameReview.h"

#include <algorithm>

#include "core/Replay.h"

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

GameReview reviewGame(const core::Position& start, const std::vector<int>& moves, int maxEmpties,
                      const PositionSolver& solve) {
    GameReview review;
    review.maxEmpties = maxEmpties;
    const core::ReplayResult game = core::replay(start, moves);
    int discsPlayed = 0;
    for (std::size_t i = 0; i < game.plies.size(); ++i) {
        const core::Ply& ply = game.plies[i];
        if (ply.square == core::kPass) continue;
        ++discsPlayed;
        const core::Position& before = game.positions[i];
        if (before.emptyCount() > maxEmpties) continue;
        const SolveResult solved = solve(before);
        const auto played =
            std::find_if(solved.moves.begin(), solved.moves.end(),
                         [&](const MoveValue& m) { return m.square == ply.square; });
        int playedValue = 0;  // the mover's view
        if (played != solved.moves.end()) {
            playedValue = played->value;
        } else {
            // A solver answering without the move list: the value after the move, negated
            // (the opponent moves or passes there; the solver handles the pass).
            playedValue = -solve(game.positions[i + 1]).value;
        }
        ReviewedMove m;
        m.ply = static_cast<int>(i);
        m.moveNumber = discsPlayed;
        m.side = ply.side;
        m.empties = before.emptyCount();
        m.move = ply.square;
        const int sign = ply.side == core::Color::Black ? 1 : -1;
        m.value = sign * solved.value;
        m.playedValue = sign * playedValue;
        m.loss = std::max(0, solved.value - playedValue);
        m.kind = ValueKind::Exact;
        m.depth = m.empties;
        for (const MoveValue& mv : solved.moves)
            if (mv.value == solved.value) m.bestMoves.push_back(mv.square);
        if (m.bestMoves.empty() && solved.bestMove >= 0) m.bestMoves.push_back(solved.bestMove);
        std::sort(m.bestMoves.begin(), m.bestMoves.end());
        review.moves.push_back(std::move(m));
    }
    summarise(review);
    return review;
}

PositionSolver directSolver(Solver& solver) {
    return [&solver](const core::Position& p) {
        SolveOptions options;
        options.allMoves = true;
        return solver.solve(p, options);
    };
}

void summarise(GameReview& review) {
    review.black = {};
    review.white = {};
    for (const ReviewedMove& m : review.moves)
        count(m.side == core::Color::Black ? review.black : review.white, m);
}

}  // namespace othello::analysis
