// The player's moves as the analysis cache judged them (PlayerProfile.h "Analysis"): the
// stored endgame reviews (exact, the solver's) and, before them, the midgame estimates a
// whole-game review left in the cache. Nothing is searched here: an unanalysed game stays
// unanalysed, and the coverage says how many are.
#include <algorithm>

#include "core/Replay.h"
#include "storage/cache/AnalysisCache.h"
#include "storage/players/PlayerGames.h"

namespace othello::storage {

namespace {

// Plies 1-20 are the opening, 24 empties or fewer the endgame, the rest the midgame.
inline constexpr int kOpeningPlies = 20;
inline constexpr int kEndgameEmpties = 24;

int phaseOf(int ply, int empties) {
    if (empties <= kEndgameEmpties) return 2;
    return ply < kOpeningPlies ? 0 : 1;
}

struct Judged {
    int ply = 0, moveNumber = 0, move = core::kNoSquare, best = core::kNoSquare, loss = 0;
    int empties = 0;
    bool exact = true;
};

// The player's judged moves of one reviewed game: the review's, then the estimates before.
std::vector<Judged> judgedMoves(const LoadedGame& g, const analysis::GameReview& review,
                                AnalysisCache& cache) {
    const core::Color me = g.view.black ? core::Color::Black : core::Color::White;
    std::vector<Judged> out;
    int firstReviewed = static_cast<int>(g.moves.size());
    for (const analysis::ReviewedMove& m : review.moves) {
        firstReviewed = std::min(firstReviewed, m.ply);
        if (m.side != me) continue;
        out.push_back({m.ply, m.moveNumber, m.move,
                       m.bestMoves.empty() ? core::kNoSquare : m.bestMoves.front(), m.loss,
                       m.empties, m.kind == analysis::ValueKind::Exact});
    }
    const core::ReplayResult r = core::replay(g.start, g.moves, g.rules);
    int moveNumber = 0;
    for (int i = 0; i < firstReviewed && i < static_cast<int>(r.plies.size()); ++i) {
        const core::Ply& ply = r.plies[i];
        if (ply.square == core::kPass) continue;
        ++moveNumber;
        if (ply.side != me) continue;
        const auto e = cache.estimate(r.positions[i]);
        if (!e || e->moves.empty()) continue;
        const auto played = std::find_if(e->moves.begin(), e->moves.end(),
                                         [&](const auto& mv) { return mv.square == ply.square; });
        if (played == e->moves.end()) continue;
        const int best = std::max(e->value, e->moves.front().value);
        out.push_back({i, moveNumber, ply.square, e->moves.front().square,
                       std::max(0, best - played->value), r.positions[i].emptyCount(), false});
    }
    return out;
}

}  // namespace

PlayerAnalysis playerAnalysis(const std::vector<LoadedGame>& games, AnalysisCache& cache) {
    PlayerAnalysis a;
    a.available = true;
    a.games = static_cast<std::int64_t>(games.size());
    a.phases = {{"opening"}, {"midgame"}, {"endgame"}};
    for (const LoadedGame& g : games) {
        const auto stored = cache.review(g.view.id);
        if (!stored) continue;
        ++a.gamesAnalysed;
        bool inPhase[3] = {false, false, false};
        for (const Judged& j : judgedMoves(g, stored->review, cache)) {
            PhaseLoss& p = a.phases[phaseOf(j.ply, j.empties)];
            ++p.moves;
            p.discsLost += j.loss;
            inPhase[phaseOf(j.ply, j.empties)] = true;
            if (j.loss > 0)
                a.mistakes.push_back({g.view, j.ply, j.moveNumber, j.move, j.best, j.loss, j.exact});
        }
        for (int i = 0; i < 3; ++i) a.phases[i].games += inPhase[i] ? 1 : 0;
    }
    std::stable_sort(a.mistakes.begin(), a.mistakes.end(), [](const Mistake& x, const Mistake& y) {
        return x.loss != y.loss ? x.loss > y.loss : x.game.id < y.game.id;
    });
    if (a.mistakes.size() > kMistakesShown) a.mistakes.resize(kMistakesShown);
    return a;
}

}  // namespace othello::storage
