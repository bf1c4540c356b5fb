// The search's last plies (fewer than kTableEmpties empties): no table, no move generation (each
// empty square is tried and kept when it flips something), quadrant-parity ordering, and the
// last empty solved by counting flips.
#include "EndgameSearch.h"
#include "Flips.h"
#include "MoveOrdering.h"

namespace othello::analysis {

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
