#pragma once
// The solver's move kernels: discs flipped by one move, found with precomputed rays instead of
// a walk square by square (the solver makes hundreds of millions of moves). Same contract as
// core::flips, cross-checked against it in tests/analysis/FlipsTest.cpp.
#include <array>
#include <bit>
#include <cstdint>

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

// The squares around each square (8 directions): a move there flips nothing unless one of them
// holds an opponent disc, a test far cheaper than the flips.
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

// The legal moves of `player`: core::legalMoves, inline and with fewer steps (the solver
// generates them at every node with a table).
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

// The squares around `square`.
inline Bitboard neighbourSquares(int square) {
    return detail::kNeighbours.of[static_cast<std::size_t>(square)];
}

// The final disc difference of a finished game from `player`'s side, empties to the winner.
inline int finalDifference(Bitboard player, Bitboard opponent) {
    const int p = core::popcount(player), o = core::popcount(opponent);
    const int empties = 64 - p - o;
    if (p > o) return p - o + empties;
    if (p < o) return p - o - empties;
    return 0;
}

}  // namespace othello::analysis
