#pragma once
// The squares next to a square or to a set of discs (8 directions). A move flips nothing
// unless a square next to it holds an opponent disc, a test far cheaper than the flips; the
// empty squares next to the opponent's discs are where moves may later appear (potential
// mobility, for move ordering and the evaluation).
#include <array>
#include <cstddef>

#include "core/Bitboard.h"

namespace othello::analysis {

using core::Bitboard;

namespace detail {
struct Neighbours {
    std::array<Bitboard, 64> of{};
    constexpr Neighbours() {
        for (int sq = 0; sq < 64; ++sq) {
            for (int dr = -1; dr <= 1; ++dr) {
                for (int dc = -1; dc <= 1; ++dc) {
                    const int r = sq / 8 + dr, c = sq % 8 + dc;
                    if ((dr || dc) && r >= 0 && r < 8 && c >= 0 && c < 8)
                        of[static_cast<std::size_t>(sq)] |= Bitboard{1} << (r * 8 + c);
                }
            }
        }
    }
};
inline constexpr Neighbours kNeighbours;
}  // namespace detail

// The squares around `square`: a table lookup.
inline Bitboard neighbourSquares(int square) {
    return detail::kNeighbours.of[static_cast<std::size_t>(square)];
}

// The squares of `empties` next to `discs`: shifts, no table.
inline Bitboard neighbours(Bitboard discs, Bitboard empties) {
    constexpr Bitboard notA = ~0x0101010101010101ULL, notH = ~0x8080808080808080ULL;
    const Bitboard h = ((discs << 1) & notA) | ((discs >> 1) & notH);
    const Bitboard v = (discs << 8) | (discs >> 8);
    const Bitboard d = ((discs << 9) & notA) | ((discs >> 9) & notH) | ((discs << 7) & notH) |
                       ((discs >> 7) & notA);
    return (h | v | d) & empties;
}

}  // namespace othello::analysis
