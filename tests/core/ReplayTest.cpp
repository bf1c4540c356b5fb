// Replay: every position, the side of each move, flips, passes, game over, and precise errors.
#include <catch2/catch.hpp>
#include <random>

#include "TestBoards.h"
#include "core/Replay.h"

using namespace othello::core;
using testing::moves;

TEST_CASE("replay records positions, sides and flips") {
    const ReplayResult r = replay(Position::start(), moves("f5 d6 c3"));
    REQUIRE_FALSE(r.error);
    REQUIRE(r.positions.size() == 4);
    CHECK(r.positions[0] == Position::start());
    CHECK(r.plies[0].side == Color::Black);
    CHECK(r.plies[1].side == Color::White);
    CHECK(r.plies[0].flips == testing::squares({"e5"}));
    CHECK(r.plies[1].flips == testing::squares({"d5"}));
    CHECK_FALSE(r.over);
    CHECK(r.final().toMove() == Color::White);
    CHECK(r.score() == Score{5, 2});  // not over: disc counts
}

TEST_CASE("replay errors: move number, square, side and reason") {
    SECTION("occupied") {
        const ReplayResult r = replay(Position::start(), moves("f5 d6 d6"));
        REQUIRE(r.error);
        CHECK(r.error->moveNumber == 3);
        CHECK(r.error->square == parseSquare("d6"));
        CHECK(r.error->side == Color::Black);
        CHECK(r.error->code == ReplayErrorCode::Occupied);
        CHECK(r.error->describe() == "move 3 (d6, black): square is occupied");
        CHECK(r.positions.size() == 3);  // the legal prefix
    }
    SECTION("outflanks nothing") {
        const ReplayResult r = replay(Position::start(), moves("f5 a1"));
        REQUIRE(r.error);
        CHECK(r.error->code == ReplayErrorCode::NoFlips);
        CHECK(r.error->describe() == "move 2 (a1, white): move outflanks nothing");
    }
    SECTION("after the game is over") {
        const ReplayResult r = replay(Position::start(), moves("d3c3b3d2e1d6d7e3f4 a1"));
        REQUIRE(r.error);
        CHECK(r.error->code == ReplayErrorCode::GameOver);
        CHECK(r.error->moveNumber == 10);
        CHECK_THAT(r.error->describe(), Catch::Contains("already over"));
    }
    SECTION("a pass while a move is available") {
        const ReplayResult r = replay(Position::start(), moves("f5 pass"));
        REQUIRE(r.error);
        CHECK(r.error->code == ReplayErrorCode::IllegalPass);
        CHECK(r.error->side == Color::White);
        CHECK(r.error->square == kPass);
        CHECK(r.error->describe() == "move 2 (pass, white): pass while a move is available");
    }
    SECTION("not a square") {
        const ReplayResult r = replay(Position::start(), {parseSquare("f5"), 99});
        REQUIRE(r.error);
        CHECK(r.error->code == ReplayErrorCode::NotASquare);
        CHECK(r.error->moveNumber == 2);
    }
    SECTION("an impossible start board") {
        const ReplayResult r = replay(Position(1, 1, Color::Black), moves("f5"));
        REQUIRE(r.error);
        CHECK(r.error->code == ReplayErrorCode::InvalidStart);
    }
}

TEST_CASE("move numbers count discs: the same whether passes are written or inferred") {
    // White must pass first here; the bad move is Black's second disc either way.
    const Position p(testing::squares({"a1"}), testing::squares({"b1"}), Color::White);
    const ReplayResult inferred = replay(p, moves("c1 c1"));
    const ReplayResult written = replay(p, moves("pass c1 c1"));
    REQUIRE(inferred.error);
    REQUIRE(written.error);
    CHECK(inferred.error->moveNumber == 2);
    CHECK(written.error->moveNumber == 2);
    CHECK(inferred.error->describe() == written.error->describe());
}

TEST_CASE("a trailing forced pass is made explicit") {
    const ReplayResult r = replay(Position(testing::squares({"a1"}), testing::squares({"b1"}),
                                          Color::Black),
                                  moves("c1"));
    REQUIRE_FALSE(r.error);
    CHECK(r.over);
    CHECK(r.passes == 0);
    // Black to move with no move but White has one: the pass is inferred at the end.
    const Position p(testing::squares({"b1"}), testing::squares({"a1"}), Color::Black);
    const ReplayResult pending = replay(p, {});
    CHECK(pending.plies.size() == 1);
    CHECK(pending.final().toMove() == Color::White);
}

TEST_CASE("from any start board (handicap): moves from a set-up position") {
    // Four-corner handicap: Black gets the corners.
    Position handicap(Position::start().black() | testing::squares({"a1", "h1", "a8", "h8"}),
                      Position::start().white(), Color::Black);
    const ReplayResult r = replay(handicap, moves("f5 d6 c3"));
    REQUIRE_FALSE(r.error);
    CHECK(r.final().count(Color::Black) == 9);
}

TEST_CASE("never crashes on garbage move tokens") {
    std::mt19937 rng(5);
    for (int i = 0; i < 20000; ++i) {
        std::vector<int> tokens(rng() % 80);
        for (int& t : tokens) t = static_cast<int>(rng() % 140) - 40;
        const ReplayResult r = replay(Position::start(), tokens);
        CHECK(r.positions.size() == r.plies.size() + 1);
    }
}
