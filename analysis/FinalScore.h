#pragma once
// The score of a finished game as the searches count it: the disc difference from one side,
// with the empty squares going to the winner (a wipe-out is +64 / -64, a draw 0).
#include "core/Bitboard.h"

namespace othello::analysis {

using core::Bitboard;

// The final disc difference of a finished game from `player`'s side, empties to the winner.
inline int finalDifference(Bitboard player, Bitboard opponent) {
    const int p = core::popcount(player), o = core::popcount(opponent);
    const int empties = 64 - p - o;
    if (p > o) return p - o + empties;
    if (p < o) return p - o - empties;
    return 0;
}

}  // namespace othello::analysis
