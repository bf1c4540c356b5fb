// The search's last plies (fewer than kTableEmpties empties): no table, no move generation (each
// empty square is tried and kept when it flips something), a stability cut-off, quadrant-parity
// ordering, and the last empty solved by counting flips.
#include "EndgameSearch.h"
#include "Flips.h"
#include "MoveOrdering.h"
#include "Stability.h"

namespace othello::analysis {

// The stability cut-off (as in nwsTable) from 4 empties, tried when alpha >= 2 * empties - 2:
// 36% fewer nodes and 12% less CPU time on WTH_2021 at 22 empties (20 games). From 3 empties:
// 13% fewer nodes again but no faster; from 5 or 6, or with a lower threshold: more nodes.
constexpr int kShallowStabilityEmpties = 4, kShallowStabilityMargin = -2;

int EndgameSearch::solveLast1(Bitboard player, Bitboard opponent, int square) {
    countNode();
    const int own = core::popcount(player);
    const Bitboard around = neighbourSquares(square);
    if (around & opponent) {
        if (const Bitboard f = flipsAt(player, opponent, square))
            return 2 * (own + core::popcount(f) + 1) - 64;
    }
    if (around & player) {
        if (const Bitboard f = flipsAt(opponent, player, square))
            return 2 * (own - core::popcount(f)) - 64;
    }
    // Neither side can fill the last square: it goes to the winner (63 discs: no draw).
    const int diff = 2 * own - 63;
    return diff > 0 ? diff + 1 : diff - 1;
}

int EndgameSearch::solveLast2(Bitboard player, Bitboard opponent, int alpha, Bitboard empties,
                              bool passed) {
    countNode();
    const int a = core::lowestSquare(empties);
    const int b = core::lowestSquare(empties & (empties - 1));
    int best = -65;
    if (const Bitboard f = (neighbourSquares(a) & opponent) ? flipsAt(player, opponent, a) : 0) {
        best = -solveLast1(opponent ^ f, player ^ f ^ core::bit(a), b);
        if (best > alpha) return best;
    }
    if (const Bitboard f = (neighbourSquares(b) & opponent) ? flipsAt(player, opponent, b) : 0) {
        const int v = -solveLast1(opponent ^ f, player ^ f ^ core::bit(b), a);
        if (v > best) best = v;
        return best;
    }
    if (best > -65) return best;
    if (passed) return finalDifference(player, opponent);
    return -solveLast2(opponent, player, -alpha - 1, empties, true);
}

int EndgameSearch::nwsShallow(Bitboard player, Bitboard opponent, int alpha, int empties,
                              bool passed) {
    const Bitboard emptySquares = ~(player | opponent);
    if (empties == 2) return solveLast2(player, opponent, alpha, emptySquares, passed);
    if (empties == 1) return solveLast1(player, opponent, core::lowestSquare(emptySquares));
    countNode();
    if (empties >= kShallowStabilityEmpties && alpha >= 2 * empties + kShallowStabilityMargin) {
        const int most = 64 - 2 * core::popcount(stableDiscs(opponent, player));
        if (most <= alpha) return most;
    }
    const Bitboard odd = oddQuadrantSquares(emptySquares);
    int best = -65;
    // Odd quadrants first, then the others.
    for (Bitboard group : {odd, emptySquares & ~odd}) {
        for (; group; group &= group - 1) {
            const int sq = core::lowestSquare(group);
            if (!(neighbourSquares(sq) & opponent)) continue;
            const Bitboard f = flipsAt(player, opponent, sq);
            if (!f) continue;
            const int v = -nwsShallow(opponent ^ f, player ^ f ^ core::bit(sq), -alpha - 1,
                                      empties - 1, false);
            if (v > best) {
                best = v;
                if (v > alpha) return best;
            }
        }
    }
    if (best > -65) return best;
    if (passed) return finalDifference(player, opponent);
    return -nwsShallow(opponent, player, -alpha - 1, empties, true);
}

}  // namespace othello::analysis
