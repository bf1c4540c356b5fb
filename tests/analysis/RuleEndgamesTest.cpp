// The rule book's endgames: wipe-outs, passes, finished games, empties to the winner, draws.
#include <catch2/catch.hpp>

#include "SolverTestUtil.h"
#include "analysis/Solver.h"
#include "core/Notation.h"

using namespace othello;

namespace {

core::Position board(const std::string& text) {
    const core::BoardParse b = core::parseBoard(text);
    REQUIRE_FALSE(b.error);
    REQUIRE(b.sideGiven);
    return b.position;
}

// "X" at the given squares, "O" at others, the rest empty.
std::string diagram(std::initializer_list<const char*> black,
                    std::initializer_list<const char*> white, char side) {
    std::string s(64, '-');
    for (const char* sq : black) s[static_cast<std::size_t>(core::parseSquare(sq))] = 'X';
    for (const char* sq : white) s[static_cast<std::size_t>(core::parseSquare(sq))] = 'O';
    return s + " " + side;
}

analysis::SolveResult solve(const core::Position& p, bool all = false) {
    analysis::Solver solver(4);
    analysis::SolveOptions o;
    o.allMoves = all;
    return solver.solve(p, o);
}

}  // namespace

TEST_CASE("a wipe-out is worth 64, empties included", "[solver][rules]") {
    // Black a1, White b1: Black takes b1 with c1 and White has no disc left: 3-0, 61 empties.
    const auto r = solve(board(diagram({"a1"}, {"b1"}, 'X')), true);
    REQUIRE(r.complete);
    CHECK(r.value == 64);
    CHECK(r.bestMove == core::parseSquare("c1"));
    REQUIRE(r.moves.size() == 1);
    CHECK(r.moves[0].value == 64);
    CHECK(r.pv == std::vector<int>{core::parseSquare("c1")});
}

TEST_CASE("a side without a move passes: value minus the value after the pass", "[solver][rules]") {
    // White to move cannot outflank a1; Black then wipes White out with c1.
    const auto r = solve(board(diagram({"a1"}, {"b1"}, 'O')), true);
    REQUIRE(r.complete);
    CHECK(r.value == -64);
    CHECK(r.bestMove == core::kPass);
    REQUIRE(r.pv.size() == 2);
    CHECK(r.pv[0] == core::kPass);
    CHECK(r.pv[1] == core::parseSquare("c1"));
    REQUIRE(r.moves.size() == 1);
    CHECK(r.moves[0].square == core::kPass);
    CHECK(r.moves[0].value == -64);
}

TEST_CASE("finished games answer at once, empties to the winner, split on a draw",
          "[solver][rules]") {
    // Neither side can move: 1-1 with 62 empties is a draw (the empties are split: 32-32).
    const core::Position draw = board(diagram({"a1"}, {"h8"}, 'X'));
    REQUIRE(draw.isGameOver());
    auto r = solve(draw, true);
    CHECK(r.complete);
    CHECK(r.kind == analysis::ValueKind::Exact);
    CHECK(r.value == 0);
    CHECK(r.bestMove == core::kNoSquare);
    CHECK(r.pv.empty());
    CHECK(r.moves.empty());
    CHECK(r.nodes == 0);
    CHECK(draw.finalScore() == core::Score{32, 32});

    // 2-1 with 61 empties: Black gets them, 63-1.
    const core::Position black = board(diagram({"a1", "b1"}, {"h8"}, 'O'));
    REQUIRE(black.isGameOver());
    CHECK(solve(black).value == -62);  // from White's side

    // A full board: the plain difference.
    std::string full(64, 'X');
    for (int i = 0; i < 30; ++i) full[static_cast<std::size_t>(i)] = 'O';
    CHECK(solve(board(full + " O")).value == -4);
}

TEST_CASE("the last empty square goes to the winner when nobody can fill it", "[solver][rules]") {
    // Black everywhere but a1: White has no disc, nobody can move: 63-0 becomes 64-0.
    std::string s(64, 'X');
    s[0] = '-';
    CHECK(solve(board(s + " O")).value == -64);
    // One empty that only the opponent can fill: Black cannot play a1 (no White disc next to
    // it in line), White can, outflanking b1 from c1.
    std::string t(64, 'X');
    t[0] = '-';
    t[2] = 'O';  // c1 white: White at a1 flips b1
    const core::Position p = board(t + " X");
    REQUIRE(p.mustPass());
    const auto r = solve(p);
    // White plays a1 flipping b1: White 3 discs, Black 61.
    CHECK(r.value == 58);
    CHECK(r.bestMove == core::kPass);
}

TEST_CASE("a draw reached with empty squares on the board is worth 0", "[solver][rules]") {
    // Perfect play ends 31-31 with two squares nobody can fill: the empties are split, 32-32.
    const core::Position p =
        board("XXXOOO--XOOOOOXOXOOOOX-OXOOXXOOOXOXXXO-OXXXXXXOOXXXXXXXO-OOOOOO- X");
    const auto r = solve(p, true);
    REQUIRE(r.complete);
    CHECK(r.value == 0);
    CHECK(r.value == solvertest::reference(p.player(), p.opponentDiscs()));
    core::Position end = p;
    for (int sq : r.pv) {
        if (sq == core::kPass)
            end.pass();
        else
            end.play(sq);
    }
    REQUIRE(end.isGameOver());
    CHECK(end.emptyCount() > 0);
    CHECK(end.count(core::Color::Black) == end.count(core::Color::White));
    CHECK(end.finalScore().black == end.finalScore().white);
}
