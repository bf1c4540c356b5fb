#pragma once
// Discs flipped by one move, found with precomputed rays instead of a walk square by square
// (the solver makes hundreds of millions of moves). Same contract as core::flips,
// cross-checked against it in tests/analysis/FlipsTest.cpp.
#include <array>
#include <bit>

#include "core/Bitboard.h"

namespace othello::analysis {

using core::Bitboard;

namespace detail {
// The eight rays from each square, to the board's edge, square excluded. Rays 0..3 go towards
// higher bits (east, south-west, south, south-east in bit terms), 4..7 towards lower bits.
struct Rays {
    std::array<std::array<Bitboard, 8>, 64> ray{};
    constexpr Rays() {
        constexpr int dr[8] = {0, 1, 1, 1, 0, -1, -1, -1};
        constexpr int dc[8] = {1, -1, 0, 1, -1, 1, 0, -1};
        for (int sq = 0; sq < 64; ++sq) {
            for (int d = 0; d < 8; ++d) {
                Bitboard b = 0;
                int r = sq / 8 + dr[d], c = sq % 8 + dc[d];
                while (r >= 0 && r < 8 && c >= 0 && c < 8) {
                    b |= Bitboard{1} << (r * 8 + c);
                    r += dr[d];
                    c += dc[d];
                }
                ray[sq][d] = b;
            }
        }
    }
};

inline constexpr Rays kRays;

// Rays towards higher bits: the first square that is not an opponent disc is the lowest set
// bit of (ray & ~opponent); the line flips when it holds a player disc.
inline Bitboard flipsUp(Bitboard player, Bitboard opponent, Bitboard ray) {
    const Bitboard stop = ray & ~opponent;
    const Bitboard first = stop & (0 - stop);
    return (first & player) ? ray & (first - 1) : 0;
}

// Rays towards lower bits: the first stop is the highest set bit.
inline Bitboard flipsDown(Bitboard player, Bitboard opponent, Bitboard ray) {
    const Bitboard stop = ray & ~opponent;
    if (!stop) return 0;
    const Bitboard first = Bitboard{1} << (63 - std::countl_zero(stop));
    return (first & player) ? ray & ~((first << 1) - 1) : 0;
}

}  // namespace detail

// Discs flipped by `player` placing at `square` (empty; not checked); 0 if none. Inline: the
// solver calls it at every node.
inline Bitboard flipsAt(Bitboard player, Bitboard opponent, int square) {
    using namespace detail;
    const auto& r = kRays.ray[static_cast<std::size_t>(square)];
    return flipsUp(player, opponent, r[0]) | flipsUp(player, opponent, r[1]) |
           flipsUp(player, opponent, r[2]) | flipsUp(player, opponent, r[3]) |
           flipsDown(player, opponent, r[4]) | flipsDown(player, opponent, r[5]) |
           flipsDown(player, opponent, r[6]) | flipsDown(player, opponent, r[7]);
}

}  // namespace othello::analysis
