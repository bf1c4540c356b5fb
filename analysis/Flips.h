#pragma once
// The solver's move kernels: discs flipped by one move, found with precomputed rays instead of
// a walk square by square (the solver makes hundreds of millions of moves). Same contract as
// core::flips, cross-checked against it in tests/analysis/FlipsTest.cpp.
#include "core/Bitboard.h"

namespace othello::analysis {

using core::Bitboard;

// Discs flipped by `player` placing at `square` (empty; not checked); 0 if none.
Bitboard flipsAt(Bitboard player, Bitboard opponent, int square);

// The final disc difference of a finished game from `player`'s side, empties to the winner.
inline int finalDifference(Bitboard player, Bitboard opponent) {
    const int p = core::popcount(player), o = core::popcount(opponent);
    const int empties = 64 - p - o;
    if (p > o) return p - o + empties;
    if (p < o) return p - o - empties;
    return 0;
}

}  // namespace othello::analysis
