#pragma once
// Bitboards: one bit per square, A1 = bit 0, row-major, row 1 at the top (H8 = bit 63).
#include <bit>
#include <cstdint>

namespace othello::core {

using Bitboard = std::uint64_t;

inline constexpr int kNoSquare = -1;
inline constexpr int kPass = 64;  // a move token that is a pass, not a square

inline constexpr Bitboard kColumnA = 0x0101010101010101ULL;
inline constexpr Bitboard kColumnH = 0x8080808080808080ULL;
inline constexpr Bitboard kRow1 = 0x00000000000000FFULL;
inline constexpr Bitboard kRow8 = 0xFF00000000000000ULL;
inline constexpr Bitboard kNotColumnA = ~kColumnA;
inline constexpr Bitboard kNotColumnH = ~kColumnH;
inline constexpr Bitboard kInnerColumns = kNotColumnA & kNotColumnH;

constexpr Bitboard bit(int square) { return Bitboard{1} << square; }
constexpr int squareOf(int row, int column) { return row * 8 + column; }
constexpr int rowOf(int square) { return square >> 3; }
constexpr int columnOf(int square) { return square & 7; }
constexpr int popcount(Bitboard b) { return std::popcount(b); }
constexpr int lowestSquare(Bitboard b) { return std::countr_zero(b); }

// Iterate over set bits: for (Bitboard b = x; b; b &= b - 1) use lowestSquare(b).

}  // namespace othello::core
