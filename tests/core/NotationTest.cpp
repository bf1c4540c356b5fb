// Squares, board strings and move sequences.
#include <catch2/catch.hpp>

#include "TestBoards.h"

using namespace othello::core;

TEST_CASE("squares in any case, a1 = bit 0, h1 = bit 7, a2 = bit 8, h8 = bit 63") {
    CHECK(parseSquare("a1") == 0);
    CHECK(parseSquare("H1") == 7);
    CHECK(parseSquare("a2") == 8);
    CHECK(parseSquare("h8") == 63);
    CHECK(parseSquare("F5") == parseSquare("f5"));
    CHECK(parseSquare("i1") == kNoSquare);
    CHECK(parseSquare("a9") == kNoSquare);
    CHECK(parseSquare("a") == kNoSquare);
    CHECK(parseSquare("a10") == kNoSquare);
    CHECK(squareName(parseSquare("D3")) == "d3");
    CHECK(squareName(kPass) == "pass");
}

TEST_CASE("board strings: every disc spelling, side to move, round trip") {
    const std::string start =
        "---------------------------OX------XO--------------------------- X";
    const BoardParse p = parseBoard(start);
    REQUIRE_FALSE(p.error);
    CHECK(p.sideGiven);
    CHECK(p.position == Position::start());
    CHECK(boardStringWithSide(p.position) == start);

    const BoardParse alt = parseBoard(
        "........ ........ ........ ...wb... ...Bo... ........ ........ ........ b");
    REQUIRE_FALSE(alt.error);
    CHECK(alt.position == Position::start());
    const BoardParse star = parseBoard(
        "---------------------------O*------*O---------------------------");
    REQUIRE_FALSE(star.error);
    CHECK_FALSE(star.sideGiven);
    CHECK(star.position == Position::start());
    const BoardParse white = parseBoard(std::string(64, '-') + "O");
    REQUIRE_FALSE(white.error);
    CHECK(white.position.toMove() == Color::White);
}

TEST_CASE("board string errors say which character is wrong") {
    const BoardParse bad = parseBoard("---------------------------OX---Z--XO---------------------------");
    REQUIRE(bad.error);
    CHECK(bad.error->column == 32);
    CHECK_THAT(bad.error->message, Catch::Contains("'Z'") && Catch::Contains("position 33"));

    const BoardParse shortBoard = parseBoard("XO--");
    REQUIRE(shortBoard.error);
    CHECK_THAT(shortBoard.error->message, Catch::Contains("4 squares"));

    const BoardParse badSide = parseBoard(std::string(64, '-') + " Q");
    REQUIRE(badSide.error);
    CHECK_THAT(badSide.error->message, Catch::Contains("side to move"));

    const BoardParse twoSides = parseBoard(std::string(64, '-') + " X O");
    REQUIRE(twoSides.error);
}

TEST_CASE("move sequences: separators, move numbers, passes, named-opening case") {
    const std::vector<int> expected = {parseSquare("f5"), parseSquare("d6"), parseSquare("c3")};
    for (const char* text : {"f5d6c3", "F5d6C3", "f5 d6 c3", "f5,d6,c3", "f5-d6-c3",
                             "1. f5 d6 2. c3", "1.F5 1...d6 2.c3", "  f5\td6\nc3  "}) {
        INFO(text);
        const MovesParse m = parseMoves(text);
        REQUIRE_FALSE(m.error);
        CHECK(m.moves == expected);
    }
    for (const char* pass : {"pa", "PS", "pass", "--", "@@", "PASS"}) {
        const MovesParse m = parseMoves(std::string("f5 ") + pass + " d6");
        REQUIRE_FALSE(m.error);
        CHECK(m.moves == std::vector<int>{parseSquare("f5"), kPass, parseSquare("d6")});
    }
    CHECK(movesString(expected) == "f5d6c3");
    CHECK(movesString({parseSquare("a1"), kPass}, false, " ") == "a1 pa");
    CHECK(movesString({parseSquare("a1"), kPass}, true) == "a1");
}

TEST_CASE("move sequence errors name the token and its position") {
    const MovesParse m = parseMoves("f5 d6 z9 c3");
    REQUIRE(m.error);
    CHECK(m.error->column == 6);
    CHECK_THAT(m.error->message, Catch::Contains("'z9'") && Catch::Contains("not a square"));
    CHECK(parseMoves("f5 x").error);
    CHECK(parseMoves("f5 12 d6").error);
    CHECK(parseMoves("\x01\xff").error);
    CHECK(parseMoves("").moves.empty());
}

TEST_CASE("the board diagram shows coordinates, discs and marks") {
    const std::string d = boardDiagram(Position::start(), Position::start().legalMoves());
    CHECK_THAT(d, Catch::StartsWith("   a b c d e f g h\n 1"));
    CHECK_THAT(d, Catch::Contains(" 4 - - * O X - - -"));
}
