#pragma once
// The 8 symmetries of the board, canonical positions and position hashes.
//
// A symmetry is 3 bits applied in this order: bit 2 transposes (row, column) -> (column, row),
// bit 1 mirrors the rows (row -> 7 - row), bit 0 mirrors the columns (column -> 7 - column).
// Symmetry 0 is the identity.
#include <array>
#include <cstdint>
#include <vector>

#include "Position.h"

namespace othello::core {

using Symmetry = std::uint8_t;
inline constexpr int kSymmetryCount = 8;
inline constexpr Symmetry kIdentity = 0;

constexpr int transformSquare(int square, Symmetry s) {
    if (square < 0 || square >= 64) return square;  // passes and non-squares stay as they are
    int row = rowOf(square), col = columnOf(square);
    if (s & 4) {
        const int t = row;
        row = col;
        col = t;
    }
    if (s & 2) row = 7 - row;
    if (s & 1) col = 7 - col;
    return squareOf(row, col);
}

// The symmetry that undoes `s`.
constexpr Symmetry inverse(Symmetry s) {
    if (!(s & 4)) return s;
    return static_cast<Symmetry>(4 | ((s & 1) << 1) | ((s & 2) >> 1));
}

Bitboard transformBitboard(Bitboard b, Symmetry s);
Position transformPosition(const Position& p, Symmetry s);
std::vector<int> transformMoves(const std::vector<int>& moves, Symmetry s);

struct Canonical {
    Position position;   // the same for all 8 transforms of a position (side to move kept)
    Symmetry symmetry;   // transformPosition(original, symmetry) == position
};
// The canonical form is the transform with the smallest (black, white) pair.
Canonical canonical(const Position& p);

// splitmix64's finaliser: every input bit affects every output bit. Shared by the hashes here
// and by the storage's keys.
constexpr std::uint64_t mixBits(std::uint64_t x) {
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    x ^= x >> 31;
    return x;
}

// 64-bit hash of the canonical form: equal for all 8 transforms, side to move included.
std::uint64_t positionHash(const Position& p);
// Hash of a position already in canonical form.
std::uint64_t canonicalHash(const Position& canonicalPosition);

}  // namespace othello::core
