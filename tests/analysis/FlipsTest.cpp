// The solver's kernels against core's: flips, legal moves and neighbours on random positions,
// stable discs that must never flip in random continuations, full lines, last-flip counts,
// final scores.
#include <catch2/catch.hpp>

#include "SolverTestUtil.h"
#include "analysis/FinalScore.h"
#include "analysis/Flips.h"
#include "analysis/LastFlip.h"
#include "analysis/Mobility.h"
#include "analysis/Neighbours.h"
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

// Square by square: every square of each of the four lines through `sq` occupied.
static bool linesFullAt(Bitboard occupied, int sq) {
    const int r0 = sq / 8, c0 = sq % 8;
    for (const auto& [dr, dc] : {std::pair{0, 1}, {1, 0}, {1, 1}, {1, -1}}) {
        for (int sign : {-1, 1}) {
            int r = r0 + sign * dr, c = c0 + sign * dc;
            for (; r >= 0 && r < 8 && c >= 0 && c < 8; r += sign * dr, c += sign * dc)
                if (!(occupied & core::bit(r * 8 + c))) return false;
        }
    }
    return (occupied & core::bit(sq)) != 0;
}

TEST_CASE("full lines equal a square-by-square walk on random boards", "[solver][stability]") {
    std::mt19937_64 rng(13);
    int fullSeen = 0;
    for (int i = 0; i < 20000; ++i) {
        // Mostly full boards (few empties), where full lines exist at all.
        Bitboard occupied = ~Bitboard{0};
        const int holes = static_cast<int>(rng() % 12);
        for (int k = 0; k < holes; ++k) occupied &= ~core::bit(static_cast<int>(rng() % 64));
        const Bitboard full = analysis::fullLineSquares(occupied);
        for (int sq = 0; sq < 64; ++sq) {
            INFO(std::hex << occupied << " " << core::squareName(sq));
            REQUIRE(((full >> sq) & 1) == (linesFullAt(occupied, sq) ? 1u : 0u));
        }
        fullSeen += core::popcount(full);
    }
    CHECK(fullSeen > 20000);
}

TEST_CASE("lastFlipCount counts the flips of the last empty square", "[solver][flips]") {
    std::mt19937_64 rng(14);
    int moves = 0;
    for (int i = 0; i < 200000; ++i) {
        const int sq = static_cast<int>(rng() % 64);
        // Random colours, with long runs of one colour now and then (long flips).
        Bitboard p = rng();
        if (i % 4 == 1) p |= rng() | rng();
        if (i % 4 == 2) p &= rng() & rng();
        p &= ~core::bit(sq);
        const Bitboard o = ~p & ~core::bit(sq);
        INFO(std::hex << p << std::dec << " " << core::squareName(sq));
        REQUIRE(analysis::lastFlipCount(p, sq) == core::popcount(analysis::flipsAt(p, o, sq)));
        REQUIRE(analysis::lastFlipCount(~p, sq) == core::popcount(analysis::flipsAt(o, p, sq)));
        moves += analysis::lastFlipCount(p, sq) > 0;
    }
    CHECK(moves > 50000);
}

TEST_CASE("finalDifference is core's final score, from the side to move", "[solver][flips]") {
    std::mt19937_64 rng(15);
    int draws = 0, withEmpties = 0;
    for (int i = 0; i < 8000; ++i) {
        // Random games played to their end, and boards of one colour (a wipe-out, empties left).
        core::Position pos = randomPosition(rng, 0);
        if (i % 2) {
            const Bitboard discs = rng() & rng();
            pos = i % 4 == 1 ? core::Position(discs, 0, core::Color::White)
                             : core::Position(0, discs, core::Color::White);
        }
        if (i % 3 == 0) pos.pass();  // either side to move
        REQUIRE(pos.isGameOver());
        const core::Score score = pos.finalScore();
        const int blackView = score.black - score.white;
        const int expected = pos.toMove() == core::Color::Black ? blackView : -blackView;
        INFO(core::boardStringWithSide(pos));
        REQUIRE(analysis::finalDifference(pos.player(), pos.opponentDiscs()) == expected);
        draws += expected == 0;
        withEmpties += pos.emptyCount() > 0;
    }
    CHECK(draws > 0);
    CHECK(withEmpties > 4000);
}
