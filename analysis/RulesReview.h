#pragma once
// The review of a game played under rules Othello's analysis does not hold for
// (othelloAnalysisApplies false: classic Reversi, disc scoring, placements): the exact part only,
// by the generic solver (RulesSolver.h). There is no evaluation for these rules, so the moves
// before the solver's reach are not judged: their estimates are unavailable, never Othello's.
//
// Contract
// - The result is a GameReview (GameReview.h) with midgame false, values from Black's point of
//   view in the rules' own scoring (Scoring::Discs: the disc difference on the board, empties
//   for nobody), every judged move Exact with `depth` its empties. `bestMoves` holds every move
//   reaching the value (tokens: a line move "c4>e6" when its square outflanked several lines),
//   ReviewedMove::move the move played as core::ruleMoves names it.
// - A move is judged when its position has at most `exactEmpties` empties and the solver
//   finishes it within `secondsPerPosition` (every legal move's value). Positions are solved
//   from the end of the game backwards (the table of one helps the next); once one does not
//   finish in the budget, the earlier (larger) ones are not tried: at most one budget is spent
//   in vain. Placements and passes are never judged.
// - Nothing is read from or written to a cache of positions: these values must never be taken
//   for Othello's (AnalysisCache keys positions alone).
// - Cancel: the review returned has complete false and only the moves judged before it.
#include <atomic>
#include <functional>
#include <vector>

#include "GameReview.h"
#include "RulesSolver.h"
#include "core/Rules.h"

namespace othello::analysis {

struct RulesReviewOptions {
    int exactEmpties = kDefaultReviewEmpties;
    double secondsPerPosition = 20;  // each solve's budget (solve's default)
    bool allMoves = false;           // fill ReviewedMove::moves
    const std::atomic<bool>* cancel = nullptr;
    // After each solve (judged or not), from the calling thread: moves looked at, and to look at.
    std::function<void(int done, int total)> onProgress;
};

struct RulesReview {
    GameReview review;
    // Moves (placements included, passes not) left unjudged: in the placements, beyond
    // exactEmpties, or beyond the budget. Their estimates are unavailable for these rules.
    int unavailable = 0;
    // The most empties among the judged positions; 0 when none was judged.
    int exactFrom = 0;
};

// Reviews `moves` (tokens, as core::replay(start, moves, rules) takes them; a record whose
// replay fails is judged up to its last legal move).
RulesReview reviewUnderRules(const core::Position& start, const std::vector<int>& moves,
                             const core::Rules& rules, const RulesReviewOptions& options,
                             RulesSolver& solver);

}  // namespace othello::analysis
