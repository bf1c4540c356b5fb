#include "Symmetry.h"

namespace othello::core {
namespace {

constexpr Bitboard mirrorRows(Bitboard b) {
    return __builtin_bswap64(b);
}

constexpr Bitboard mirrorColumns(Bitboard b) {
    constexpr Bitboard k1 = 0x5555555555555555ULL, k2 = 0x3333333333333333ULL,
                       k4 = 0x0F0F0F0F0F0F0F0FULL;
    b = ((b >> 1) & k1) | ((b & k1) << 1);
    b = ((b >> 2) & k2) | ((b & k2) << 2);
    b = ((b >> 4) & k4) | ((b & k4) << 4);
    return b;
}

// (row, column) -> (column, row): the a1-h8 diagonal stays, by delta swaps.
constexpr Bitboard transpose(Bitboard b) {
    constexpr Bitboard k1 = 0x5500550055005500ULL, k2 = 0x3333000033330000ULL,
                       k4 = 0x0F0F0F0F00000000ULL;
    Bitboard t = k4 & (b ^ (b << 28));
    b ^= t ^ (t >> 28);
    t = k2 & (b ^ (b << 14));
    b ^= t ^ (t >> 14);
    t = k1 & (b ^ (b << 7));
    b ^= t ^ (t >> 7);
    return b;
}

constexpr std::uint64_t mix(std::uint64_t x) {
    return mixBits(x);
}

}  // namespace

Bitboard transformBitboard(Bitboard b, Symmetry s) {
    if (s & 4) b = transpose(b);
    if (s & 2) b = mirrorRows(b);
    if (s & 1) b = mirrorColumns(b);
    return b;
}

Position transformPosition(const Position& p, Symmetry s) {
    return Position(transformBitboard(p.black(), s), transformBitboard(p.white(), s), p.toMove());
}

std::vector<int> transformMoves(const std::vector<int>& moves, Symmetry s) {
    std::vector<int> out;
    out.reserve(moves.size());
    for (int m : moves) out.push_back(transformSquare(m, s));
    return out;
}

Canonical canonical(const Position& p) {
    // All 8 images at once: one transpose and two column mirrors per bitboard instead of
    // transforming from scratch 7 times (this is the hot path of position indexing).
    std::array<Bitboard, kSymmetryCount> b, w;
    const auto images = [](Bitboard x, std::array<Bitboard, kSymmetryCount>& out) {
        const Bitboard t = transpose(x);
        const Bitboard xc = mirrorColumns(x), tc = mirrorColumns(t);
        out[0] = x;
        out[1] = xc;
        out[2] = mirrorRows(x);
        out[3] = mirrorRows(xc);
        out[4] = t;
        out[5] = tc;
        out[6] = mirrorRows(t);
        out[7] = mirrorRows(tc);
    };
    images(p.black(), b);
    images(p.white(), w);
    // The smallest (black, white) pair, the first of equal ones, without a branch: which
    // image is smallest is unpredictable, and mispredicted branches cost more than the rest.
    Bitboard bestB = b[0], bestW = w[0];
    unsigned best = 0;
    for (unsigned s = 1; s < kSymmetryCount; ++s) {
        const auto key = (static_cast<unsigned __int128>(b[s]) << 64) | w[s];
        const auto bestKey = (static_cast<unsigned __int128>(bestB) << 64) | bestW;
        const bool smaller = key < bestKey;
        bestB = smaller ? b[s] : bestB;
        bestW = smaller ? w[s] : bestW;
        best = smaller ? s : best;
    }
    return {Position(bestB, bestW, p.toMove()), static_cast<Symmetry>(best)};
}

std::uint64_t canonicalHash(const Position& c) {
    const std::uint64_t side = c.toMove() == Color::Black ? 0 : 0x9e3779b97f4a7c15ULL;
    return mix(c.black() ^ mix(c.white() ^ side));
}

std::uint64_t positionHash(const Position& p) {
    return canonicalHash(canonical(p).position);
}

}  // namespace othello::core
