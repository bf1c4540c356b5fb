#include "Position.h"

namespace othello::core {
namespace {

// Shifts one step in a direction; the masks stop wrap-around between columns a and h.
template <int Shift>
constexpr Bitboard step(Bitboard b) {
    if constexpr (Shift > 0) return b << Shift;
    else return b >> -Shift;
}

// Kogge-Stone style fill in one direction: discs of `mask` reachable from `player`.
template <int Shift>
inline Bitboard movesInDirection(Bitboard player, Bitboard mask, Bitboard empty) {
    Bitboard t = mask & step<Shift>(player);
    t |= mask & step<Shift>(t);
    t |= mask & step<Shift>(t);
    t |= mask & step<Shift>(t);
    t |= mask & step<Shift>(t);
    t |= mask & step<Shift>(t);
    return empty & step<Shift>(t);
}

template <int Shift>
inline Bitboard flipsInDirection(Bitboard player, Bitboard mask, Bitboard start) {
    // Walk over opponent discs; the line counts only when a player disc closes it. `mask`
    // excludes columns a and h on non-vertical lines, so a line never wraps to the next row.
    Bitboard line = 0;
    Bitboard b = step<Shift>(start);
    while (b & mask) {
        line |= b;
        b = step<Shift>(b);
    }
    return (b & player) ? line : 0;
}

}  // namespace

const char* colorName(Color c) { return c == Color::Black ? "black" : "white"; }

Bitboard legalMoves(Bitboard player, Bitboard opponent) {
    const Bitboard empty = ~(player | opponent);
    const Bitboard h = opponent & kInnerColumns;  // horizontal and diagonal lines
    Bitboard m = movesInDirection<1>(player, h, empty);
    m |= movesInDirection<-1>(player, h, empty);
    m |= movesInDirection<8>(player, opponent, empty);
    m |= movesInDirection<-8>(player, opponent, empty);
    m |= movesInDirection<7>(player, h, empty);
    m |= movesInDirection<-7>(player, h, empty);
    m |= movesInDirection<9>(player, h, empty);
    m |= movesInDirection<-9>(player, h, empty);
    return m;
}

Bitboard flips(Bitboard player, Bitboard opponent, int square) {
    const Bitboard start = bit(square);
    const Bitboard h = opponent & kInnerColumns;
    return flipsInDirection<1>(player, h, start) | flipsInDirection<-1>(player, h, start) |
           flipsInDirection<8>(player, opponent, start) |
           flipsInDirection<-8>(player, opponent, start) |
           flipsInDirection<7>(player, h, start) | flipsInDirection<-7>(player, h, start) |
           flipsInDirection<9>(player, h, start) | flipsInDirection<-9>(player, h, start);
}

Position Position::start() {
    // d4 = row 3 col 3 (bit 27) and e5 = bit 36 white; e4 = bit 28 and d5 = bit 35 black.
    return Position(bit(28) | bit(35), bit(27) | bit(36), Color::Black);
}

bool Position::isLegal(int square) const {
    return square >= 0 && square < 64 && (legalMoves() & bit(square)) != 0;
}

Bitboard Position::flipsOf(int square) const {
    if (square < 0 || square >= 64 || !(empties() & bit(square))) return 0;
    return core::flips(player(), opponentDiscs(), square);
}

bool Position::mustPass() const {
    return !canMove() && core::legalMoves(opponentDiscs(), player()) != 0;
}

bool Position::isGameOver() const {
    return !canMove() && core::legalMoves(opponentDiscs(), player()) == 0;
}

void Position::play(int square, Bitboard flipMask) {
    if (toMove_ == Color::Black) {
        black_ ^= flipMask | bit(square);
        white_ ^= flipMask;
    } else {
        white_ ^= flipMask | bit(square);
        black_ ^= flipMask;
    }
    toMove_ = opponent(toMove_);
}

Score scoreWithEmpties(int black, int white, int empties) {
    if (black > white) return {black + empties, white};
    if (white > black) return {black, white + empties};
    return {black + empties / 2, white + empties - empties / 2};
}

Score Position::finalScore() const {
    const int b = count(Color::Black), w = count(Color::White);
    if (!isGameOver()) return {b, w};
    return scoreWithEmpties(b, w, emptyCount());
}

}  // namespace othello::core
