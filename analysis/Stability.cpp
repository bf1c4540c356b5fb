#include "Stability.h"

#include <array>
#include <bit>
#include <cstdint>

namespace othello::analysis {
namespace {

// Moves along one edge of 8 squares: `own` places at `x`, flipping the bracketed discs.
std::uint8_t edgeFlips(unsigned own, unsigned opp, int x) {
    unsigned flipped = 0;
    for (int d : {-1, 1}) {
        unsigned line = 0;
        int i = x + d;
        while (i >= 0 && i < 8 && (opp >> i & 1)) {
            line |= 1u << i;
            i += d;
        }
        if (i >= 0 && i < 8 && (own >> i & 1)) flipped |= line;
    }
    return static_cast<std::uint8_t>(flipped);
}

// stable[p * 256 + o]: the discs of p | o on an edge that keep their colour whatever is played
// on that edge (either side may fill any empty square: other lines can make it legal).
struct EdgeTable {
    std::array<std::uint8_t, 65536> stable{};
    EdgeTable() {
        // Fuller edges first: a move always adds a disc, so successors are already known.
        for (int filled = 8; filled >= 0; --filled) {
            for (unsigned p = 0; p < 256; ++p) {
                for (unsigned o = 0; o < 256; ++o) {
                    if ((p & o) || std::popcount(p | o) != filled) continue;
                    unsigned keepP = p, keepO = o;
                    const unsigned empty = ~(p | o) & 0xFF;
                    for (int x = 0; x < 8; ++x) {
                        if (!(empty >> x & 1)) continue;
                        const unsigned bx = 1u << x;
                        // p plays at x
                        unsigned f = edgeFlips(p, o, x);
                        unsigned p2 = p | bx | f, o2 = o & ~f;
                        unsigned s2 = stable[p2 * 256 + o2];
                        keepP &= p2 & s2;
                        keepO &= o2 & s2;
                        // o plays at x
                        f = edgeFlips(o, p, x);
                        o2 = o | bx | f;
                        p2 = p & ~f;
                        s2 = stable[p2 * 256 + o2];
                        keepP &= p2 & s2;
                        keepO &= o2 & s2;
                    }
                    stable[p * 256 + o] = static_cast<std::uint8_t>(keepP | keepO);
                }
            }
        }
    }
};

const EdgeTable& edgeTable() {
    static const EdgeTable table;
    return table;
}

constexpr Bitboard kColumnA = 0x0101010101010101ULL;
constexpr Bitboard kColumnH = 0x8080808080808080ULL;
constexpr Bitboard kRow1 = 0xFFULL;
constexpr Bitboard kRow8 = 0xFF00000000000000ULL;
constexpr Bitboard kEdges = kColumnA | kColumnH | kRow1 | kRow8;

// Column A (bits 0, 8, ..., 56) to 8 bits (bit k = row k): bit 8k times 2^(56 - 7k) lands on
// bit 56 + k; the cross terms land on distinct lower bits or overflow, so no carry reaches the
// top byte.
inline unsigned columnAToByte(Bitboard b) {
    return static_cast<unsigned>(((b & kColumnA) * 0x0102040810204080ULL) >> 56);
}
inline Bitboard byteToColumnA(unsigned x) {
    Bitboard b = 0;
    for (; x; x &= x - 1) b |= Bitboard{1} << (8 * std::countr_zero(x));
    return b;
}

Bitboard edgeStable(Bitboard player, Bitboard opponent) {
    const auto& t = edgeTable().stable;
    Bitboard s = 0;
    // Row 1 and row 8.
    s |= t[(player & 0xFF) * 256 + (opponent & 0xFF)];
    s |= Bitboard{t[(player >> 56) * 256 + (opponent >> 56)]} << 56;
    // Column A and column H.
    s |= byteToColumnA(t[columnAToByte(player) * 256 + columnAToByte(opponent)]);
    s |= byteToColumnA(t[columnAToByte(player >> 7) * 256 + columnAToByte(opponent >> 7)]) << 7;
    return s & player;
}

// The lines of the board, by direction: 8 rows, 8 columns, 15 + 15 diagonals.
struct Lines {
    std::array<Bitboard, 8> rows{}, columns{};
    std::array<Bitboard, 15> diag9{}, diag7{};  // a1-h8 direction, h1-a8 direction
    constexpr Lines() {
        for (int sq = 0; sq < 64; ++sq) {
            const int r = sq / 8, c = sq % 8;
            const Bitboard b = Bitboard{1} << sq;
            rows[static_cast<std::size_t>(r)] |= b;
            columns[static_cast<std::size_t>(c)] |= b;
            diag9[static_cast<std::size_t>(c - r + 7)] |= b;
            diag7[static_cast<std::size_t>(c + r)] |= b;
        }
    }
};
constexpr Lines kLines;

struct FullLines {
    Bitboard h = 0, v = 0, d9 = 0, d7 = 0;
};

FullLines fullLines(Bitboard occupied) {
    FullLines f;
    for (Bitboard l : kLines.rows)
        if ((occupied & l) == l) f.h |= l;
    for (Bitboard l : kLines.columns)
        if ((occupied & l) == l) f.v |= l;
    for (Bitboard l : kLines.diag9)
        if ((occupied & l) == l) f.d9 |= l;
    for (Bitboard l : kLines.diag7)
        if ((occupied & l) == l) f.d7 |= l;
    return f;
}

}  // namespace

Bitboard fullLineSquares(Bitboard occupied) {
    const FullLines f = fullLines(occupied);
    return f.h & f.v & f.d9 & f.d7;
}

Bitboard stableDiscs(Bitboard player, Bitboard opponent) {
    const Bitboard occupied = player | opponent;
    const FullLines full = fullLines(occupied);
    // Edge discs can only be flipped along their edge: the table is exact for them.
    Bitboard stable = edgeStable(player, opponent) | (full.h & full.v & full.d9 & full.d7 & player);
    const Bitboard interior = player & ~kEdges;
    // Grow: an interior disc is stable when, in each of its four lines, the line is full or a
    // neighbour on that line is a stable disc of its colour (a bracket through it would have to
    // flip that neighbour too).
    for (;;) {
        const Bitboard h = ((stable << 1) & ~kColumnA) | ((stable >> 1) & ~kColumnH) | full.h;
        const Bitboard v = (stable << 8) | (stable >> 8) | full.v;
        const Bitboard d9 = ((stable << 9) & ~kColumnA) | ((stable >> 9) & ~kColumnH) | full.d9;
        const Bitboard d7 = ((stable << 7) & ~kColumnH) | ((stable >> 7) & ~kColumnA) | full.d7;
        const Bitboard grown = interior & ~stable & h & v & d9 & d7;
        if (!grown) return stable;
        stable |= grown;
    }
}

}  // namespace othello::analysis
