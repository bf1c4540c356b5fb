// `othello-db solve --rules CODE`: the generic solver under other rules (exact values in the
// rules' scoring, line moves named), "estimates unavailable for these rules" past its budget,
// Othello's solver kept for games played as Othello.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <string>

#include "../core/CliProcess.h"

using testing::runCli;
using testing::shellQuote;

namespace {

// A classic Reversi position (random play, 14 empties, Black to move): +14 under the one-line
// rule with discs counted on the board, +12 under Othello's rules.
const std::string kReversi14 =
    "O-XO-X--XOXXXXOO-XXOXOOXOXOOOOXXXOXXXXXXOOOOOOOO-OXOXO---X--O--- X";

}  // namespace

TEST_CASE("solve --rules: exact values in the rules' scoring, line moves named", "[cli][solve][rules]") {
    const auto r = runCli("solve --rules reversi --all " + shellQuote(kReversi14));
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    CHECK(r.out.find("rules: classic Reversi (") != std::string::npos);
    CHECK(r.out.find("values count discs on the board, empties for nobody") != std::string::npos);
    CHECK(r.out.find("value: +14 for black (exact)\n") != std::string::npos);
    CHECK(r.out.find("  a3>a5 +14 (exact)\n") != std::string::npos);  // a3 outflanks two lines
    CHECK(r.out.find("estimates unavailable") == std::string::npos);

    const auto j = nlohmann::json::parse(runCli("solve --rules REVERSI --json " + shellQuote(kReversi14)).out);
    CHECK(j.at("value") == 14);
    CHECK(j.at("kind") == "exact");
    CHECK(j.at("complete") == true);
    CHECK(j.at("rules") == "reversi");
    CHECK(j.at("scoring") == "discs");
    CHECK(j.at("pv").at(1) == "e1>e4");

    // Othello's play (a handicap start changes nothing from here): Othello's solver, its value.
    const auto o = nlohmann::json::parse(
        runCli("solve --rules othello+handicap-a1h8-white --json " + shellQuote(kReversi14)).out);
    CHECK(o.at("value") == 12);
    CHECK(o.at("rules") == "othello+handicap-a1h8-white");
    CHECK(o.at("scoring") == "empties");
    const auto plain = nlohmann::json::parse(runCli("solve --json " + shellQuote(kReversi14)).out);
    CHECK(plain.at("value") == 12);
    CHECK(plain.at("rules") == "othello");
}

TEST_CASE("solve --rules: past the budget, estimates unavailable for these rules",
          "[cli][solve][rules]") {
    // In the placements (one disc placed): the whole game is ahead.
    const auto r = runCli("solve --rules reversi --moves d4 --time 0.3");
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    CHECK(r.out.find("63 empties, white to move\n") != std::string::npos);
    CHECK(r.out.find("estimates unavailable for these rules") != std::string::npos);
    CHECK(r.out.find("(bound, stopped: time budget)") != std::string::npos);
    CHECK(r.out.find("best move: -\n") != std::string::npos);

    const auto j =
        nlohmann::json::parse(runCli("solve --rules reversi --moves d4 --time 0.3 --json").out);
    CHECK(j.at("complete") == false);
    CHECK(j.at("kind") == "bound");
    CHECK(j.at("best").is_null());
    CHECK(j.at("stop") == "time");
}

TEST_CASE("solve --rules: usage errors", "[cli][solve][rules]") {
    CHECK(runCli("solve --rules reversi --wld " + shellQuote(kReversi14)).exitCode == 2);
    const auto bad = runCli("solve --rules chess " + shellQuote(kReversi14));
    CHECK(bad.exitCode == 2);
    CHECK(bad.err.find("unknown rules 'chess'") != std::string::npos);
    // A bad move in --moves (replay's error): bad input.
    CHECK(runCli("solve --rules reversi --moves " + shellQuote("d4 e5 e4 d5 zz")).exitCode == 1);
}
