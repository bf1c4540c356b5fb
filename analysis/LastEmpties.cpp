// The search's last plies (fewer than kTableEmpties empties): no table, no move generation (each
// empty square is tried and kept when it flips something), a stability cut-off, quadrant-parity
// ordering; the last four empties by code of their own (solveLast4..1: the squares passed
// down, no loops over the board), the last empty solved by counting flips, and only the
// mover's flips when that settles the null window.
#include <utility>

#include "EndgameSearch.h"
#include "FinalScore.h"
#include "Flips.h"
#include "LastFlip.h"
#include "MoveOrdering.h"
#include "Neighbours.h"
#include "Stability.h"

namespace othello::analysis {

// The stability cut-off (as in nwsTable) from 4 empties, tried when alpha >= 2 * empties - 2:
// 36% fewer nodes and 12% less CPU time on WTH_2021 at 22 empties (20 games). From 3 empties:
// 13% fewer nodes again but no faster; from 5 or 6, or with a lower threshold: more nodes.
// (solveLast4 and nwsShallow: the only places with 4 or more empties here.)
constexpr int kShallowStabilityMargin = -2;

namespace {

// The quadrant of a square (kQuadrants' index): column >= 4 adds 1, row >= 4 adds 2.
inline int quadrantOf(int square) {
    return ((square >> 2) & 1) | ((square >> 4) & 2);
}

}  // namespace

int EndgameSearch::solveLast1(Bitboard player, Bitboard opponent, int alpha, int square) {
    countNode();
    (void)opponent;  // every square but `square` is someone's: the opponent's is ~player
    const int own = core::popcount(player);
    if (const int n = lastFlipCount(player, square)) return 2 * (own + n + 1) - 64;
    // The side to move cannot play: at most 2 * own - 62 if it leads (the square goes to it
    // when nobody can fill it), 2 * own - 64 if it trails (the opponent's move only lowers
    // it; 63 discs: no draw). A bound at or below alpha answers the null window without
    // looking at the opponent's move (fail-soft: an upper bound).
    const int most = 2 * own - 63 > 0 ? 2 * own - 62 : 2 * own - 64;
    if (most <= alpha) return most;
    if (const int n = lastFlipCount(~player, square)) return 2 * (own - n) - 64;
    return most;
}

int EndgameSearch::solveLast2(Bitboard player, Bitboard opponent, int alpha, int a, int b,
                              bool passed) {
    countNode();
    int best = -65;
    if (const Bitboard f = (neighbourSquares(a) & opponent) ? flipsAt(player, opponent, a) : 0) {
        best = -solveLast1(opponent ^ f, player ^ f ^ core::bit(a), -alpha - 1, b);
        if (best > alpha) return best;
    }
    if (const Bitboard f = (neighbourSquares(b) & opponent) ? flipsAt(player, opponent, b) : 0) {
        const int v = -solveLast1(opponent ^ f, player ^ f ^ core::bit(b), -alpha - 1, a);
        if (v > best) best = v;
        return best;
    }
    if (best > -65) return best;
    if (passed) return finalDifference(player, opponent);
    return -solveLast2(opponent, player, -alpha - 1, a, b, true);
}

int EndgameSearch::solveLast3(Bitboard player, Bitboard opponent, int alpha, int x1, int x2, int x3,
                              bool passed) {
    countNode();
    // Quadrant parity: a square alone in its quadrant first (when two share one), else in
    // order; the two others keep their order.
    const int q1 = quadrantOf(x1), q2 = quadrantOf(x2), q3 = quadrantOf(x3);
    if (q1 == q2 && q3 != q1) {
        std::swap(x2, x3);  // x1 x3 x2
        std::swap(x1, x2);  // x3 x1 x2
    } else if (q1 == q3 && q2 != q1) {
        std::swap(x1, x2);  // x2 x1 x3
    }
    int best = -65;
    if (const Bitboard f = (neighbourSquares(x1) & opponent) ? flipsAt(player, opponent, x1) : 0) {
        best = -solveLast2(opponent ^ f, player ^ f ^ core::bit(x1), -alpha - 1, x2, x3, false);
        if (best > alpha) return best;
    }
    if (const Bitboard f = (neighbourSquares(x2) & opponent) ? flipsAt(player, opponent, x2) : 0) {
        const int v =
            -solveLast2(opponent ^ f, player ^ f ^ core::bit(x2), -alpha - 1, x1, x3, false);
        if (v > best) {
            best = v;
            if (v > alpha) return best;
        }
    }
    if (const Bitboard f = (neighbourSquares(x3) & opponent) ? flipsAt(player, opponent, x3) : 0) {
        const int v =
            -solveLast2(opponent ^ f, player ^ f ^ core::bit(x3), -alpha - 1, x1, x2, false);
        if (v > best) best = v;
        return best;
    }
    if (best > -65) return best;
    if (passed) return finalDifference(player, opponent);
    return -solveLast3(opponent, player, -alpha - 1, x1, x2, x3, true);
}

int EndgameSearch::solveLast4(Bitboard player, Bitboard opponent, int alpha, Bitboard empties,
                              bool passed) {
    countNode();
    if (alpha >= 2 * 4 + kShallowStabilityMargin) {
        const int most = 64 - 2 * core::popcount(stableDiscs(opponent, player));
        if (most <= alpha) return most;
    }
    // Odd quadrants first, then the others, each in square order.
    int sq[4], n = 0;
    const Bitboard odd = oddQuadrantSquares(empties);
    for (Bitboard g = odd; g; g &= g - 1) sq[n++] = core::lowestSquare(g);
    for (Bitboard g = empties & ~odd; g; g &= g - 1) sq[n++] = core::lowestSquare(g);
    int best = -65;
    for (int i = 0; i < 4; ++i) {
        const int x = sq[i];
        if (!(neighbourSquares(x) & opponent)) continue;
        const Bitboard f = flipsAt(player, opponent, x);
        if (!f) continue;
        // The three others, in their order.
        int r[3], k = 0;
        for (int j = 0; j < 4; ++j)
            if (j != i) r[k++] = sq[j];
        const int v = -solveLast3(opponent ^ f, player ^ f ^ core::bit(x), -alpha - 1, r[0], r[1],
                                  r[2], false);
        if (v > best) {
            best = v;
            if (v > alpha) return best;
        }
    }
    if (best > -65) return best;
    if (passed) return finalDifference(player, opponent);
    return -solveLast4(opponent, player, -alpha - 1, empties, true);
}

int EndgameSearch::nwsShallow(Bitboard player, Bitboard opponent, int alpha, int empties,
                              bool passed) {
    const Bitboard emptySquares = ~(player | opponent);
    switch (empties) {
        case 4:
            return solveLast4(player, opponent, alpha, emptySquares, passed);
        case 3: {
            const int x1 = core::lowestSquare(emptySquares);
            const Bitboard rest = emptySquares & (emptySquares - 1);
            return solveLast3(player, opponent, alpha, x1, core::lowestSquare(rest),
                              core::lowestSquare(rest & (rest - 1)), passed);
        }
        case 2:
            return solveLast2(player, opponent, alpha, core::lowestSquare(emptySquares),
                              core::lowestSquare(emptySquares & (emptySquares - 1)), passed);
        case 1:
            return solveLast1(player, opponent, alpha, core::lowestSquare(emptySquares));
        default:
            break;
    }
    countNode();
    if (alpha >= 2 * empties + kShallowStabilityMargin) {
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
