// The examples of the rule books (../shared/rules), each as a test.
#include <catch2/catch.hpp>

#include "TestBoards.h"
#include "core/Replay.h"

using namespace othello::core;
using testing::moves;
using testing::squares;

namespace {

Bitboard legalAfter(const std::string& seq) {
    const ReplayResult r = replay(Position::start(), moves(seq));
    REQUIRE_FALSE(r.error);
    return r.final().legalMoves();
}

}  // namespace

TEST_CASE("start position: d4 and e5 white, d5 and e4 black, Black to move") {
    const Position p = Position::start();
    CHECK(p.white() == squares({"d4", "e5"}));
    CHECK(p.black() == squares({"d5", "e4"}));
    CHECK(p.toMove() == Color::Black);
    CHECK(p.legalMoves() == squares({"d3", "c4", "f5", "e6"}));  // the four first moves
}

TEST_CASE("after f5, White can play f4, f6 and d6, d6 flips d5") {
    CHECK(legalAfter("f5") == squares({"f4", "f6", "d6"}));
    Position p = Position::start();
    p.play(parseSquare("f5"));
    CHECK(p.flipsOf(parseSquare("d6")) == squares({"d5"}));
}

TEST_CASE("after d3, White can play c3, e3, c5, after d3 c3, Black b3, c4, e6, f5") {
    CHECK(legalAfter("d3") == squares({"c3", "e3", "c5"}));
    CHECK(legalAfter("d3 c3") == squares({"b3", "c4", "e6", "f5"}));
}

TEST_CASE("C6 flips in several directions, not across an empty square") {
    // Black plays c6: b6 (closed by a6), b5 (by a4), d7 (by e8), c5 and c4 (by c3);
    // d6 and e6 stay white because f6 is empty.
    const Position p(squares({"a6", "a4", "e8", "c3"}),
                     squares({"b6", "b5", "d7", "c5", "c4", "d6", "e6"}), Color::Black);
    const Bitboard f = p.flipsOf(parseSquare("c6"));
    CHECK(f == squares({"b6", "b5", "d7", "c5", "c4"}));
    Position after = p;
    after.play(parseSquare("c6"), f);
    CHECK((after.white() & squares({"d6", "e6"})) == squares({"d6", "e6"}));
    CHECK(after.count(Color::Black) == 10);
}

TEST_CASE("A5 flips b5 and c5, no chain reaction flips c4") {
    const Position p(squares({"d5", "c3"}), squares({"b5", "c5", "c4"}), Color::Black);
    const Bitboard f = p.flipsOf(parseSquare("a5"));
    CHECK(f == squares({"b5", "c5"}));
    Position after = p;
    after.play(parseSquare("a5"), f);
    CHECK(after.white() == squares({"c4"}));  // now between c5 and c3, yet not flipped
}

TEST_CASE("a move must outflank: occupied squares and non-outflanking squares are illegal") {
    const Position p = Position::start();
    CHECK_FALSE(p.isLegal(parseSquare("d4")));
    CHECK(p.flipsOf(parseSquare("d4")) == 0);
    CHECK_FALSE(p.isLegal(parseSquare("a1")));
    CHECK(p.flipsOf(parseSquare("c3")) == 0);
}

TEST_CASE("multi-line flips in one direction and lines in all 8 directions") {
    // Black on d4 surrounded by white lines of length 2 in all 8 directions, closed by black.
    Bitboard white = 0, black = 0;
    const int dr[8] = {-1, -1, -1, 0, 0, 1, 1, 1}, dc[8] = {-1, 0, 1, -1, 1, -1, 0, 1};
    const int r0 = 3, c0 = 3;
    for (int d = 0; d < 8; ++d) {
        white |= bit(squareOf(r0 + dr[d], c0 + dc[d]));
        const int r2 = r0 + 2 * dr[d], c2 = c0 + 2 * dc[d];
        if (d == 4 || d == 6 || d == 7) {  // longer lines to the east and south
            white |= bit(squareOf(r2, c2));
            black |= bit(squareOf(r0 + 3 * dr[d], c0 + 3 * dc[d]));
        } else {
            black |= bit(squareOf(r2, c2));
        }
    }
    const Position p(black, white, Color::Black);
    CHECK(p.flipsOf(squareOf(r0, c0)) == white);
    CHECK(popcount(white) == 11);
}

TEST_CASE("forced pass: the side with no move passes, the replay infers it") {
    // White to move has no move (a1 black at the edge); Black can take b1 with c1.
    const Position p(squares({"a1"}), squares({"b1"}), Color::White);
    CHECK(p.mustPass());
    CHECK_FALSE(p.isGameOver());
    const ReplayResult r = replay(p, moves("c1"));
    REQUIRE_FALSE(r.error);
    REQUIRE(r.plies.size() == 2);
    CHECK(r.plies[0].square == kPass);
    CHECK(r.plies[0].inferredPass);
    CHECK(r.plies[0].side == Color::White);
    CHECK(r.plies[1].side == Color::Black);
    CHECK(r.passes == 1);
    // Written explicitly, the same pass is accepted.
    const ReplayResult explicitPass = replay(p, moves("pass c1"));
    REQUIRE_FALSE(explicitPass.error);
    CHECK(explicitPass.final() == r.final());
    CHECK_FALSE(explicitPass.plies[0].inferredPass);
}

TEST_CASE("wipe-out: a finished game with only one colour scores 64-0") {
    const ReplayResult r = replay(Position::start(), moves("d3c3b3d2e1d6d7e3f4"));
    REQUIRE_FALSE(r.error);
    CHECK(r.over);
    CHECK(r.final().count(Color::White) == 0);
    CHECK(r.final().count(Color::Black) == 13);
    CHECK(r.score() == Score{64, 0});
    // The forced-pass board above ends in a wipe-out too.
    const ReplayResult small = replay(Position(squares({"a1"}), squares({"b1"}), Color::White),
                                      moves("c1"));
    CHECK(small.over);
    CHECK(small.score() == Score{64, 0});
}

TEST_CASE("game over with empty squares: empties go to the winner (34-29 + 1 empty = 35-29)") {
    // B1 is empty and every line from it is black to the edge: nobody can play there.
    Bitboard black = squares({"a1", "c1", "d1", "e1", "f1", "g1", "h1", "b2", "b3", "b4", "b5",
                              "b6", "b7", "b8", "c2", "d3", "e4", "f5", "g6", "h7", "a2"});
    Bitboard white = 0;
    const Bitboard rest = ~(black | squares({"b1"}));
    int extraBlack = 13;
    for (Bitboard b = rest; b; b &= b - 1) {
        if (extraBlack-- > 0) black |= bit(lowestSquare(b));
        else white |= bit(lowestSquare(b));
    }
    const Position p(black, white, Color::White);
    REQUIRE(p.count(Color::Black) == 34);
    REQUIRE(p.count(Color::White) == 29);
    CHECK(p.isGameOver());
    CHECK(p.finalScore() == Score{35, 29});
    CHECK(p.discCount() == Score{34, 29});
    // Mirror the colours: White wins 35-29.
    const Position q(white, black, Color::Black);
    CHECK(q.finalScore() == Score{29, 35});
}

TEST_CASE("draw: 32-32 on a full board, empties split on a draw") {
    const ReplayResult r = replay(
        Position::start(),
        moves("c4e3f6c6e6b4e2g7g6f3g3g2g4e1g8h5d3c2d1f7g5h3g1c1b7f5d6c7e7e8d7b8h6h7d8a8h8h1f8"
              "f1a7b6f4c8b3b5f2h4a5b2a2a6h2a4c3c5d2a1a3b1"));
    REQUIRE_FALSE(r.error);
    CHECK(r.over);
    CHECK(r.score() == Score{32, 32});
    CHECK(scoreWithEmpties(31, 31, 2) == Score{32, 32});
    const ReplayResult withEmpties = replay(
        Position::start(),
        moves("e6f6d3e7e8c3g5g7c4d6f7h4h7c5b4b5g6e2b2f4e3a1g4a4a5f2d2d7g2a6d8f5b6e1c2h6b3g8g3d1"
              "b1g1h8a7f8a2h5a3b7f1h2c8h3c1b8c7c6f3"));
    REQUIRE_FALSE(withEmpties.error);
    CHECK(withEmpties.over);
    CHECK(withEmpties.final().emptyCount() == 2);
    CHECK(withEmpties.score() == Score{32, 32});
}

TEST_CASE("a whole tournament game with two passes: Penloup - Juhem 1992, 20-44") {
    const ReplayResult r = replay(
        Position::start(),
        moves("f5d6c3d3c4f4c5b3c2e3d2c6b4b5f2e2a3d1c1a4a5f3g4f1e7d7d8e6f6b6e1b1c7a6a7b2f7g3g5h4h5"
              "g2h1g1a1a2b7c8b8a8h3h6g6e8h7h2h8g8g7f8"));
    REQUIRE_FALSE(r.error);
    CHECK(r.over);
    CHECK(r.passes == 2);
    CHECK(r.score() == Score{20, 44});
    CHECK(r.plies.size() == 62);
}
