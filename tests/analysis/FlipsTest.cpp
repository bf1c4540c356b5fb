// The solver's kernels against core's: flips on random positions, stable discs that must never
// flip in random continuations, full lines.
#include <catch2/catch.hpp>

#include "SolverTestUtil.h"
#include "analysis/Flips.h"
#include "analysis/Stability.h"
#include "core/Notation.h"

using namespace othello;
using namespace solvertest;

TEST_CASE("flipsAt equals core::flips on every empty square of random positions",
          "[solver][flips]") {
    std::mt19937_64 rng(11);
    for (int i = 0; i < 3000; ++i) {
        core::Position pos = randomPosition(rng, static_cast<int>(rng() % 60));
        // Also boards no game reaches: random discs.
        if (i % 3 == 0) {
            const Bitboard a = rng() & rng(), b = rng() & rng() & ~a;
            pos = core::Position(a, b, core::Color::Black);
        }
        const Bitboard p = pos.player(), o = pos.opponentDiscs();
        REQUIRE(analysis::legalMovesOf(p, o) == core::legalMoves(p, o));
        REQUIRE(analysis::legalMovesOf(o, p) == core::legalMoves(o, p));
        for (Bitboard e = pos.empties(); e; e &= e - 1) {
            const int sq = core::lowestSquare(e);
            INFO(core::boardStringWithSide(pos) << " " << core::squareName(sq));
            REQUIRE(analysis::flipsAt(p, o, sq) == core::flips(p, o, sq));
            REQUIRE(analysis::flipsAt(o, p, sq) == core::flips(o, p, sq));
            if (analysis::flipsAt(p, o, sq)) REQUIRE((analysis::neighbourSquares(sq) & o) != 0);
        }
    }
}

TEST_CASE("stable discs never flip in random continuations", "[solver][stability]") {
    std::mt19937_64 rng(12);
    int stableSeen = 0;
    for (int i = 0; i < 400; ++i) {
        const core::Position pos = randomPosition(rng, 4 + static_cast<int>(rng() % 30));
        const Bitboard stableBlack = analysis::stableDiscs(pos.black(), pos.white());
        const Bitboard stableWhite = analysis::stableDiscs(pos.white(), pos.black());
        REQUIRE((stableBlack & ~pos.black()) == 0);
        REQUIRE((stableWhite & ~pos.white()) == 0);
        stableSeen += core::popcount(stableBlack | stableWhite);
        for (int game = 0; game < 20; ++game) {
            core::Position p = pos;
            while (!p.isGameOver()) {
                const Bitboard legal = p.legalMoves();
                if (!legal) {
                    p.pass();
                    continue;
                }
                p.play(testing::randomMove(legal, rng));
                INFO(core::boardStringWithSide(pos));
                REQUIRE((p.black() & stableBlack) == stableBlack);
                REQUIRE((p.white() & stableWhite) == stableWhite);
            }
        }
    }
    CHECK(stableSeen > 1000);  // the test saw stable discs at all
}

TEST_CASE("full lines", "[solver][stability]") {
    CHECK(analysis::fullLineSquares(~Bitboard{0}) == ~Bitboard{0});
    CHECK(analysis::fullLineSquares(0) == 0);
    // Everything but a1: a1's row, column and diagonal are not full.
    const Bitboard allButA1 = ~Bitboard{1};
    const Bitboard full = analysis::fullLineSquares(allButA1);
    CHECK((full & core::bit(core::parseSquare("h1"))) == 0);  // row 1
    CHECK((full & core::bit(core::parseSquare("a8"))) == 0);  // column a
    CHECK((full & core::bit(core::parseSquare("h8"))) == 0);  // diagonal a1-h8
    CHECK((full & core::bit(core::parseSquare("b3"))) != 0);
    // A corner disc is always stable; with a full board, every disc is.
    CHECK(analysis::stableDiscs(1, 2) == 1);
    CHECK(analysis::stableDiscs(0x00000000FFFFFFFFULL, 0xFFFFFFFF00000000ULL) ==
          0x00000000FFFFFFFFULL);
}
