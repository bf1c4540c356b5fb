#pragma once
// The legal moves of a side: core::legalMoves, inline and with fewer steps (the solver
// generates them at every node with a table, and orders moves by the replies they leave).
// Cross-checked against core::legalMoves in tests/analysis/FlipsTest.cpp.
#include "core/Bitboard.h"

namespace othello::analysis {

using core::Bitboard;

namespace detail {
template <int Shift>
constexpr Bitboard shifted(Bitboard b) {
    if constexpr (Shift > 0)
        return b << Shift;
    else
        return b >> -Shift;
}
// Empty squares from which `player` outflanks a run of `mask` discs in one direction. Doubling
// fill: after the first two steps, pairs of mask discs are crossed at once (runs of up to 6).
template <int Shift>
inline Bitboard movesInDirection(Bitboard player, Bitboard mask) {
    Bitboard f = mask & shifted<Shift>(player);
    f |= mask & shifted<Shift>(f);
    const Bitboard pairs = mask & shifted<Shift>(mask);
    f |= pairs & shifted<2 * Shift>(f);
    f |= pairs & shifted<2 * Shift>(f);
    return shifted<Shift>(f);
}
}  // namespace detail

// The legal moves of `player` (empty squares where a move flips something).
inline Bitboard legalMovesOf(Bitboard player, Bitboard opponent) {
    using namespace detail;
    const Bitboard inner = opponent & 0x7E7E7E7E7E7E7E7EULL;  // no wrap between columns a and h
    const Bitboard m = movesInDirection<1>(player, inner) | movesInDirection<-1>(player, inner) |
                       movesInDirection<8>(player, opponent) |
                       movesInDirection<-8>(player, opponent) | movesInDirection<7>(player, inner) |
                       movesInDirection<-7>(player, inner) | movesInDirection<9>(player, inner) |
                       movesInDirection<-9>(player, inner);
    return m & ~(player | opponent);
}

}  // namespace othello::analysis
