// reviewUnderRules (RulesReview.h): the game replayed under its rules, its positions solved by
// the generic solver from the last one backwards, each judged move built from every legal
// move's value.
#include "RulesReview.h"

#include <algorithm>

#include "core/Replay.h"

namespace othello::analysis {

namespace {

int blackView(int value, core::Color side) {
    return side == core::Color::Black ? value : -value;
}

// The judged move of ply `i` from the solve of its position (every move's value, mover's view).
ReviewedMove judged(const core::ReplayResult& game, std::size_t i, int moveNumber,
                    const core::Rules& rules, const SolveResult& solved, bool allMoves) {
    const core::Ply& ply = game.plies[i];
    const core::Position& at = game.positions[i];
    ReviewedMove m;
    m.ply = static_cast<int>(i);
    m.moveNumber = moveNumber;
    m.side = ply.side;
    m.empties = at.emptyCount();
    m.depth = m.empties;
    m.kind = ValueKind::Exact;
    // The move played as ruleMoves names it: its square and the discs it flipped (a record may
    // name a line the square did not need).
    int played = ply.token();
    for (const core::RuleMove& r : core::ruleMoves(at, rules))
        if (r.square == ply.square && r.flips == ply.flips) played = r.move;
    m.move = played;
    m.value = blackView(solved.value, ply.side);
    for (const MoveValue& v : solved.moves) {
        if (v.square == played) m.playedValue = blackView(v.value, ply.side);
        if (v.value == solved.value) m.bestMoves.push_back(v.square);
        if (allMoves) {
            MoveValue b = v;
            b.value = b.lower = b.upper = blackView(v.value, ply.side);
            m.moves.push_back(b);
        }
    }
    std::sort(m.bestMoves.begin(), m.bestMoves.end());
    m.loss = solved.value - blackView(m.playedValue, ply.side);
    return m;
}

}  // namespace

RulesReview reviewUnderRules(const core::Position& start, const std::vector<int>& moves,
                             const core::Rules& rules, const RulesReviewOptions& options,
                             RulesSolver& solver) {
    RulesReview out;
    GameReview& review = out.review;
    review.maxEmpties = options.exactEmpties;
    review.midgame = false;
    review.allMoves = options.allMoves;
    const core::ReplayResult game = core::replay(start, moves, rules);

    // The moves to judge (not passes), with their move numbers (discs played before + 1).
    std::vector<std::pair<std::size_t, int>> toJudge;
    int number = 0;
    for (std::size_t i = 0; i < game.plies.size(); ++i) {
        if (game.plies[i].square == core::kPass) continue;
        ++number;
        if (game.plies[i].placement || game.positions[i].emptyCount() > options.exactEmpties)
            ++out.unavailable;
        else
            toJudge.emplace_back(i, number);
    }

    SolveOptions solve;
    solve.allMoves = true;
    solve.maxSeconds = options.secondsPerPosition;
    solve.cancel = options.cancel;
    std::vector<ReviewedMove> judgedMoves;
    int done = 0;
    bool budgetReached = false;
    for (auto it = toJudge.rbegin(); it != toJudge.rend(); ++it) {
        if (options.onProgress) options.onProgress(done, static_cast<int>(toJudge.size()));
        ++done;
        if (budgetReached) {
            ++out.unavailable;
            continue;
        }
        const SolveResult r = solver.solve(game.positions[it->first], rules, solve);
        review.stats.solved += 1;
        review.stats.nodes += r.nodes;
        review.stats.seconds += r.seconds;
        if (r.stop == StopReason::Cancelled) {
            review.complete = false;
            break;
        }
        if (!r.complete) {
            budgetReached = true;  // the earlier positions are larger: not tried
            ++out.unavailable;
            continue;
        }
        judgedMoves.push_back(judged(game, it->first, it->second, rules, r, options.allMoves));
        out.exactFrom = std::max(out.exactFrom, judgedMoves.back().empties);
    }
    if (options.onProgress && review.complete)
        options.onProgress(done, static_cast<int>(toJudge.size()));
    std::reverse(judgedMoves.begin(), judgedMoves.end());
    review.moves = std::move(judgedMoves);
    summarise(review);
    return out;
}

}  // namespace othello::analysis
