#pragma once
// The flips of the board's last empty square, counted by table lookups instead of made: the
// search's last ply needs only the final score, so only the number of discs flipped matters.
// Cross-checked against core::flips in tests/analysis/FlipsTest.cpp.
#include <array>
#include <cstdint>

#include "core/Bitboard.h"

namespace othello::analysis {

using core::Bitboard;

namespace detail {
// count[x][line]: the discs flipped on a line of 8 squares when the side to move places at x
// and every other square of the line is filled: its own discs where `line` has a bit, the
// opponent's elsewhere. Bits past a short line's end read as opponent discs with no own disc
// beyond them: they flip nothing, so a diagonal may be read as a full byte.
struct LastFlipCounts {
    std::array<std::array<std::uint8_t, 256>, 8> count{};
    constexpr LastFlipCounts() {
        for (int x = 0; x < 8; ++x) {
            for (int line = 0; line < 256; ++line) {
                int n = 0;
                for (int d : {-1, 1}) {
                    int k = 0, i = x + d;
                    while (i >= 0 && i < 8 && !((line >> i) & 1)) {
                        ++k;
                        i += d;
                    }
                    if (i >= 0 && i < 8) n += k;
                }
                count[static_cast<std::size_t>(x)][static_cast<std::size_t>(line)] =
                    static_cast<std::uint8_t>(n);
            }
        }
    }
};
inline constexpr LastFlipCounts kLastFlipCounts;

// The diagonals through each square (a1-h8 and h1-a8 directions), square included.
struct Diagonals {
    std::array<Bitboard, 64> d9{}, d7{};
    constexpr Diagonals() {
        for (int sq = 0; sq < 64; ++sq) {
            for (int other = 0; other < 64; ++other) {
                const int dr = other / 8 - sq / 8, dc = other % 8 - sq % 8;
                if (dr == dc) d9[static_cast<std::size_t>(sq)] |= Bitboard{1} << other;
                if (dr == -dc) d7[static_cast<std::size_t>(sq)] |= Bitboard{1} << other;
            }
        }
    }
};
inline constexpr Diagonals kDiagonals;
}  // namespace detail

// The number of discs `player` flips by placing at `square` when it is the board's only empty
// square (every other square not `player`'s is the opponent's): four table lookups, one per
// line, instead of the flips themselves. Pass ~player for the opponent's count.
inline int lastFlipCount(Bitboard player, int square) {
    using namespace detail;
    const auto r = static_cast<unsigned>(square >> 3), c = static_cast<unsigned>(square & 7);
    const auto& byColumn = kLastFlipCounts.count[c];
    const auto& byRow = kLastFlipCounts.count[r];
    constexpr Bitboard kColumnA = 0x0101010101010101ULL;
    // A line's discs gathered into one byte by a multiplication (one disc per column on a row
    // or diagonal; a column's discs gathered by row, as in Stability.cpp).
    const unsigned row = static_cast<unsigned>((player >> (8 * r)) & 0xFF);
    const unsigned column =
        static_cast<unsigned>((((player >> c) & kColumnA) * 0x0102040810204080ULL) >> 56);
    const unsigned d9 = static_cast<unsigned>(
        ((player & kDiagonals.d9[static_cast<std::size_t>(square)]) * kColumnA) >> 56);
    const unsigned d7 = static_cast<unsigned>(
        ((player & kDiagonals.d7[static_cast<std::size_t>(square)]) * kColumnA) >> 56);
    return byColumn[row] + byRow[column] + byColumn[d9] + byColumn[d7];
}

}  // namespace othello::analysis
