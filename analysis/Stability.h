#pragma once
// Stable discs: discs that no sequence of moves can ever flip. The solver uses them for a
// cut-off: with s stable opponent discs, the side to move can score at most 64 - 2s.
//
// Contract: stableDiscs returns a subset of the truly stable discs of `player` (a sound, not a
// complete, count): edge discs that no play along their edge can flip (an exact table of the
// 6561 edge configurations), discs whose four lines are full, and discs held in every line by
// such a stable disc of their own colour or by the board's edge.
#include "core/Bitboard.h"

namespace othello::analysis {

using core::Bitboard;

Bitboard stableDiscs(Bitboard player, Bitboard opponent);

// Squares whose horizontal, vertical and both diagonal lines hold no empty square.
Bitboard fullLineSquares(Bitboard occupied);

}  // namespace othello::analysis
