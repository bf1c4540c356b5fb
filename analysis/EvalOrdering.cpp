#include "EvalOrdering.h"

#include <algorithm>

#include "FinalScore.h"
#include "Flips.h"
#include "Mobility.h"

namespace othello::analysis {

int evalSearch(const Evaluator& evaluator, Bitboard player, Bitboard opponent, int depth, int alpha,
               int beta, std::uint64_t& nodes) {
    ++nodes;
    if (depth <= 0) return evaluator.evaluate(player, opponent);
    const Bitboard moves = legalMovesOf(player, opponent);
    if (!moves) {
        if (!legalMovesOf(opponent, player))
            return finalDifference(player, opponent) * kEvalUnitsPerDisc;
        return -evalSearch(evaluator, opponent, player, depth, -beta, -alpha, nodes);
    }
    struct Child {
        Bitboard player, opponent;
        int key;
    };
    Child children[32];
    int n = 0;
    for (Bitboard m = moves; m; m &= m - 1) {
        const int sq = core::lowestSquare(m);
        const Bitboard f = flipsAt(player, opponent, sq);
        Child& c = children[n++];
        c.player = opponent ^ f;
        c.opponent = player ^ f ^ core::bit(sq);
        c.key = 0;
    }
    if (depth >= 2) {
        // Above the leaves, the replies with the fewest answers first (fastest first): cheap and
        // usually the strongest, so the window closes early.
        for (int i = 0; i < n; ++i)
            children[i].key =
                core::popcount(legalMovesOf(children[i].player, children[i].opponent));
        std::sort(children, children + n,
                  [](const Child& a, const Child& b) { return a.key < b.key; });
    }
    int best = -kEvalInfinity;
    for (int i = 0; i < n; ++i) {
        const int v = -evalSearch(evaluator, children[i].player, children[i].opponent, depth - 1,
                                  -beta, -std::max(alpha, best), nodes);
        if (v > best) {
            best = v;
            if (v >= beta) break;
        }
    }
    return best;
}

int estimateToEvenDiscs(int units) {
    // Round to the nearest even number of discs: (units / (2 * unit)) rounded, times 2.
    const int twoDiscs = 2 * kEvalUnitsPerDisc;
    const int half =
        units >= 0 ? (units + twoDiscs / 2) / twoDiscs : -((-units + twoDiscs / 2) / twoDiscs);
    return std::clamp(2 * half, -64, 64);
}

}  // namespace othello::analysis
