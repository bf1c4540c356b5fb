#pragma once
// Move-ordering helpers of the endgame search: the fastest-first heuristic (prefer moves that
// leave the opponent few replies: the cut-off, if any, comes sooner and the subtree is smaller)
// and quadrant parity (in the last empties, play into regions with an odd number of empties).
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

// Empty squares next to `discs` (8 directions): where moves may later appear.
inline Bitboard neighbours(Bitboard discs, Bitboard empties) {
    constexpr Bitboard notA = ~0x0101010101010101ULL, notH = ~0x8080808080808080ULL;
    const Bitboard h = ((discs << 1) & notA) | ((discs >> 1) & notH);
    const Bitboard v = (discs << 8) | (discs >> 8);
    const Bitboard d = ((discs << 9) & notA) | ((discs >> 9) & notH) | ((discs << 7) & notH) |
                       ((discs >> 7) & notA);
    return (h | v | d) & empties;
}

// Fastest-first score of a move (higher is tried first), given the position after it from the
// opponent's side: the opponent's mobility (corners counted twice) dominates, then the
// opponent's potential mobility, then a small bonus for corners and odd quadrants.
inline int fastestFirstScore(Bitboard nextPlayer, Bitboard nextOpponent, int square,
                             Bitboard oddSquares) {
    const Bitboard replies = core::legalMoves(nextPlayer, nextOpponent);
    const int mobility = core::popcount(replies) + core::popcount(replies & kCorners);
    const Bitboard empties = ~(nextPlayer | nextOpponent);
    const int potential = core::popcount(neighbours(nextOpponent, empties));
    int score = -mobility * 64 - potential * 16;
    if (core::bit(square) & kCorners) score += 16;
    if (core::bit(square) & oddSquares) score += 8;
    return score;
}

}  // namespace othello::analysis
