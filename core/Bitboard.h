#pragma once
// Bitboards: one bit per square, A1 = bit 0, row-major, row 1 at the top (H8 = bit 63).
#include <bit>
#include <cstdint>

namespace othello::core {

using Bitboard = std::uint64_t;

inline constexpr int kNoSquare = -1;
inline constexpr int kPass = 64;  // a move token that is a pass, not a square

// Move tokens: a square 0..63, kPass, or a line move of the one-line rule (classic Reversi):
// the square and the far end of the one series it flips (the mover's own disc closing it),
// encoded square + 65 * (end + 1), so every token is a non-negative int and the plain ones keep
// their values. Written "c4>e6" (core/Notation.h).
constexpr int lineMove(int square, int end) {
    return square + 65 * (end + 1);
}
constexpr bool isLineMove(int move) {
    return move >= 65 && move < 65 * 65;
}
// The square a token plays on (kPass for a pass, the token itself when it is not a move).
constexpr int moveSquare(int move) {
    return isLineMove(move) ? move % 65 : move;
}
// The far end a line move names; kNoSquare for every other token.
constexpr int lineEnd(int move) {
    return isLineMove(move) ? move / 65 - 1 : kNoSquare;
}

inline constexpr Bitboard kColumnA = 0x0101010101010101ULL;
inline constexpr Bitboard kColumnH = 0x8080808080808080ULL;
inline constexpr Bitboard kRow1 = 0x00000000000000FFULL;
inline constexpr Bitboard kRow8 = 0xFF00000000000000ULL;
inline constexpr Bitboard kNotColumnA = ~kColumnA;
inline constexpr Bitboard kNotColumnH = ~kColumnH;
inline constexpr Bitboard kInnerColumns = kNotColumnA & kNotColumnH;

constexpr Bitboard bit(int square) {
    return Bitboard{1} << square;
}
constexpr int squareOf(int row, int column) {
    return row * 8 + column;
}
constexpr int rowOf(int square) {
    return square >> 3;
}
constexpr int columnOf(int square) {
    return square & 7;
}
constexpr int popcount(Bitboard b) {
    return std::popcount(b);
}
constexpr int lowestSquare(Bitboard b) {
    return std::countr_zero(b);
}

// Iterate over set bits: for (Bitboard b = x; b; b &= b - 1) use lowestSquare(b).

}  // namespace othello::core
