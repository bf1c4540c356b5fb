// The fast flip and move generators against slow, obviously-right ones on random positions.
#include <catch2/catch.hpp>
#include <random>

#include "TestBoards.h"
#include "core/Position.h"

using namespace othello::core;

namespace {

// Walks each of the 8 directions square by square.
Bitboard slowFlips(Bitboard player, Bitboard opponent, int square) {
    if ((player | opponent) & bit(square)) return 0;
    Bitboard all = 0;
    const int r0 = rowOf(square), c0 = columnOf(square);
    for (int dr = -1; dr <= 1; ++dr) {
        for (int dc = -1; dc <= 1; ++dc) {
            if (dr == 0 && dc == 0) continue;
            Bitboard line = 0;
            int r = r0 + dr, c = c0 + dc;
            while (r >= 0 && r < 8 && c >= 0 && c < 8 && (opponent & bit(squareOf(r, c)))) {
                line |= bit(squareOf(r, c));
                r += dr;
                c += dc;
            }
            if (line && r >= 0 && r < 8 && c >= 0 && c < 8 && (player & bit(squareOf(r, c))))
                all |= line;
        }
    }
    return all;
}

Bitboard slowMoves(Bitboard player, Bitboard opponent) {
    Bitboard m = 0;
    for (int sq = 0; sq < 64; ++sq)
        if (slowFlips(player, opponent, sq)) m |= bit(sq);
    return m;
}

}  // namespace

TEST_CASE("fast flips and legal moves equal the slow ones on 100,000 random positions") {
    std::mt19937_64 rng(12345);
    int checkedMoves = 0;
    for (int i = 0; i < 100000; ++i) {
        // Densities from sparse to full so that long lines and edges both occur.
        const int density = 1 + static_cast<int>(rng() % 15);  // in sixteenths
        Bitboard player = 0, opponent = 0;
        for (int sq = 0; sq < 64; ++sq) {
            const unsigned roll = rng() % 16;
            if (static_cast<int>(roll) < density) (rng() & 1 ? player : opponent) |= bit(sq);
        }
        const Bitboard fast = legalMoves(player, opponent);
        REQUIRE(fast == slowMoves(player, opponent));
        for (int sq = 0; sq < 64; ++sq) {
            if ((player | opponent) & bit(sq)) continue;
            const Bitboard expected = slowFlips(player, opponent, sq);
            if (flips(player, opponent, sq) != expected) {
                FAIL_CHECK("square " << sq << " player " << player << " opponent " << opponent);
            }
            ++checkedMoves;
        }
    }
    CHECK(checkedMoves > 1000000);
}

TEST_CASE("play is a few XORs: discs are conserved and the placed disc is added") {
    std::mt19937_64 rng(7);
    for (int game = 0; game < 2000; ++game) {
        Position p = Position::start();
        while (!p.isGameOver()) {
            const Bitboard legal = p.legalMoves();
            if (!legal) {
                p.pass();
                continue;
            }
            const int sq = testing::randomMove(legal, rng);
            const Bitboard f = p.flipsOf(sq);
            const int before = popcount(p.black() | p.white());
            const int mover = p.count(p.toMove());
            const Color side = p.toMove();
            p.play(sq, f);
            REQUIRE((p.black() & p.white()) == 0);
            REQUIRE(popcount(p.black() | p.white()) == before + 1);
            REQUIRE(p.count(side) == mover + popcount(f) + 1);
        }
    }
}
