#include "Position.h"

#include <array>
#include <bit>
#include <cstddef>
#include <utility>

namespace othello::core {
namespace {

// Shifts one step in a direction; the masks stop wrap-around between columns a and h.
template <int Shift>
constexpr Bitboard step(Bitboard b) {
    if constexpr (Shift > 0)
        return b << Shift;
    else
        return b >> -Shift;
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

}  // namespace

const char* colorName(Color c) {
    return c == Color::Black ? "black" : "white";
}

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

namespace {

// kRays[s][d]: the squares beyond s in direction d, up to the edge of the board. Directions 0-3
// go toward higher squares (+1, +7, +8, +9), 4-7 toward lower ones (-1, -9, -8, -7).
constexpr std::array<std::array<Bitboard, 8>, 64> makeRays() {
    std::array<std::array<Bitboard, 8>, 64> rays{};
    constexpr int dr[8] = {0, 1, 1, 1, 0, -1, -1, -1};
    constexpr int dc[8] = {1, -1, 0, 1, -1, -1, 0, 1};
    for (int s = 0; s < 64; ++s) {
        for (int d = 0; d < 8; ++d) {
            Bitboard ray = 0;
            int r = rowOf(s) + dr[d], c = columnOf(s) + dc[d];
            for (; r >= 0 && r < 8 && c >= 0 && c < 8; r += dr[d], c += dc[d])
                ray |= bit(squareOf(r, c));
            rays[static_cast<std::size_t>(s)][static_cast<std::size_t>(d)] = ray;
        }
    }
    return rays;
}
constexpr auto kRays = makeRays();

}  // namespace

Bitboard flips(Bitboard player, Bitboard opponent, int square) {
    // Branch-free (replaying games is the hot path of import and position indexing): along
    // each ray, the nearest square that is not the opponent's closes the line when it is the
    // player's; the opponent's discs before it flip.
    const auto& rays = kRays[static_cast<std::size_t>(square)];
    Bitboard f = 0;
    for (std::size_t d = 0; d < 4; ++d) {  // nearest = lowest bit
        const Bitboard ray = rays[d];
        const Bitboard x = ray & ~opponent;
        const Bitboard nearest = x & (0 - x);
        f |= ray & (nearest - 1) & (0 - Bitboard{(nearest & player) != 0});
    }
    for (std::size_t d = 4; d < 8; ++d) {  // nearest = highest bit
        const Bitboard ray = rays[d];
        const Bitboard nearest = std::bit_floor(ray & ~opponent);
        f |= ray & (0 - (nearest << 1)) & (0 - Bitboard{(nearest & player) != 0});
    }
    return f;
}

int lineFlips(Bitboard player, Bitboard opponent, int square, LineFlip (&out)[8]) {
    // Not on a hot path of Othello: plain loops over the same rays as flips().
    const auto& rays = kRays[static_cast<std::size_t>(square)];
    int n = 0;
    for (std::size_t d = 0; d < 8; ++d) {
        const Bitboard x = rays[d] & ~opponent;  // the squares that stop the series
        if (!x) continue;
        const Bitboard nearest = d < 4 ? (x & (0 - x)) : std::bit_floor(x);
        if (!(nearest & player)) continue;
        const Bitboard between = rays[d] & (d < 4 ? nearest - 1 : 0 - (nearest << 1));
        if (between) out[n++] = LineFlip{lowestSquare(nearest), between};
    }
    // The rays go a1-wards and h8-wards in turn: order the lines by their far end.
    for (int i = 1; i < n; ++i)
        for (int j = i; j > 0 && out[j - 1].end > out[j].end; --j) std::swap(out[j - 1], out[j]);
    return n;
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

Score finalScore(const Position& p, Scoring scoring) {
    const int b = p.count(Color::Black), w = p.count(Color::White);
    if (scoring == Scoring::Discs || !p.isGameOver()) return {b, w};
    return scoreWithEmpties(b, w, p.emptyCount());
}

Score Position::finalScore() const {
    return core::finalScore(*this, Scoring::EmptiesToWinner);
}

}  // namespace othello::core
