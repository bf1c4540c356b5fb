#pragma once
// Move-ordering helpers of the endgame search: the fastest-first heuristic (prefer moves that
// leave the opponent few replies: the cut-off, if any, comes sooner and the subtree is smaller)
// and quadrant parity (in the last empties, play into regions with an odd number of empties).
#include "Mobility.h"
#include "Neighbours.h"
#include "core/Bitboard.h"
#include "core/Position.h"

namespace othello::analysis {

using core::Bitboard;

inline constexpr Bitboard kCorners = 0x8100000000000081ULL;

// The four 4x4 quadrants.
inline constexpr Bitboard kQuadrants[4] = {0x000000000F0F0F0FULL, 0x00000000F0F0F0F0ULL,
                                           0x0F0F0F0F00000000ULL, 0xF0F0F0F000000000ULL};

// Empty squares in quadrants holding an odd number of empties.
inline Bitboard oddQuadrantSquares(Bitboard empties) {
    Bitboard odd = 0;
    for (Bitboard q : kQuadrants)
        if (core::popcount(empties & q) & 1) odd |= empties & q;
    return odd;
}

// Fastest-first score of a move (higher is tried first), given the position after it from the
// opponent's side: the opponent's mobility (corners counted twice) dominates, then the
// opponent's potential mobility and the mover's corner stability, then small bonuses for odd
// quadrants and the square's static value. (The corner stability replaced a flat corner bonus
// and the square values were added: 8% fewer nodes on FFO #40-#47 and on WTH_2021 at 22
// empties.)
// A small static value of each square (corners high, X- and C-squares low), the last tie-break.
// clang-format off
inline constexpr int kSquareValue[64] = {
    18,  4, 16, 12, 12, 16,  4, 18,
     4,  2,  6,  8,  8,  6,  2,  4,
    16,  6, 14, 10, 10, 14,  6, 16,
    12,  8, 10,  0,  0, 10,  8, 12,
    12,  8, 10,  0,  0, 10,  8, 12,
    16,  6, 14, 10, 10, 14,  6, 16,
     4,  2,  6,  8,  8,  6,  2,  4,
    18,  4, 16, 12, 12, 16,  4, 18};
// clang-format on
// Discs of `p` on the corners and on the edge squares next to a corner it holds: stable, and
// a move that gives the opponent fewer of them is usually better.
inline int cornerStability(Bitboard p) {
    const Bitboard s = ((((0x0100000000000001ULL & p) << 1) | ((0x8000000000000080ULL & p) >> 1) |
                         ((0x0000000000000081ULL & p) << 8) | ((0x8100000000000000ULL & p) >> 8) |
                         0x8100000000000081ULL) &
                        p);
    return core::popcount(s);
}
inline int fastestFirstScore(Bitboard nextPlayer, Bitboard nextOpponent, int square,
                             Bitboard oddSquares) {
    const Bitboard replies = legalMovesOf(nextPlayer, nextOpponent);
    const int mobility = core::popcount(replies) + core::popcount(replies & kCorners);
    const Bitboard empties = ~(nextPlayer | nextOpponent);
    const int potential = core::popcount(neighbours(nextOpponent, empties));
    int score =
        -mobility * 64 - potential * 16 + cornerStability(nextOpponent) * 16 + kSquareValue[square];
    if (core::bit(square) & oddSquares) score += 8;
    return score;
}

}  // namespace othello::analysis
