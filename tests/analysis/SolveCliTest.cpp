// `othello-db solve`: output fields, exit codes, the side-to-move rule, finished games, the
// default time budget.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <string>

#include "../core/CliProcess.h"

using testing::runCli;
using testing::shellQuote;

namespace {

// FFO #1 (14 empties, Black to move): G8 +18, H1 +12, H7 +6, A2 +6, A3 +4, B1 -4, A4 -22,
// G2 -24.
const std::string kFfo1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";

nlohmann::json solveJson(const std::string& args) {
    const auto r = runCli("solve " + args + " --json");
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    return nlohmann::json::parse(r.out);
}

}  // namespace

TEST_CASE("solve prints the value, side, best move, pv, nodes and time", "[cli][solve]") {
    const auto r = runCli("solve " + shellQuote(kFfo1));
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    CHECK(r.out.find("14 empties, black to move\n") != std::string::npos);
    CHECK(r.out.find("value: +18 for black (exact)\n") != std::string::npos);
    CHECK(r.out.find("best move: g8\n") != std::string::npos);
    CHECK(r.out.find("pv: g8 ") != std::string::npos);
    CHECK(r.out.find("nodes: ") != std::string::npos);
    CHECK(r.out.find(" s, ") != std::string::npos);
    CHECK(r.out.find("Mnodes/s") != std::string::npos);

    const auto all = runCli("solve --all " + shellQuote(kFfo1));
    REQUIRE(all.exitCode == 0);
    CHECK(all.out.find("  g8   +18 (exact)\n") != std::string::npos);
    CHECK(all.out.find("  g2   -24 (exact)\n") != std::string::npos);
}

TEST_CASE("solve --json: documented fields", "[cli][solve]") {
    const auto j = solveJson(shellQuote(kFfo1) + " --all");
    CHECK(j.at("value") == 18);
    CHECK(j.at("kind") == "exact");
    CHECK(j.at("lower") == 18);
    CHECK(j.at("upper") == 18);
    CHECK(j.at("complete") == true);
    CHECK(j.at("stop") == "none");
    CHECK(j.at("best") == "g8");
    REQUIRE(j.at("pv").is_array());
    CHECK(j.at("pv").at(0) == "g8");
    CHECK(j.at("empties") == 14);
    CHECK(j.at("to_move") == "black");
    CHECK(j.at("nodes").get<std::uint64_t>() > 0);
    CHECK(j.at("seconds").is_number());
    const auto& moves = j.at("moves");
    REQUIRE(moves.size() == 8);
    CHECK(moves.at(0).at("move") == "g8");
    CHECK(moves.at(0).at("value") == 18);
    CHECK(moves.at(0).at("kind") == "exact");
    CHECK(moves.at(7).at("move") == "g2");
    CHECK(moves.at(7).at("value") == -24);
    CHECK(moves.at(7).at("lower") == -24);
    CHECK(moves.at(7).at("upper") == -24);

    const auto wld = solveJson(shellQuote(kFfo1) + " --wld");
    CHECK(wld.at("kind") == "wld");
    CHECK(wld.at("value") == 1);
    CHECK(wld.at("lower") == 1);
    CHECK(wld.at("upper") == 64);
    CHECK(solveJson(shellQuote(kFfo1)).at("moves").empty());
}

TEST_CASE("solve: a board must say who moves", "[cli][solve]") {
    const std::string noSide = kFfo1.substr(0, 64);
    auto r = runCli("solve " + shellQuote(noSide));
    CHECK(r.exitCode == 2);
    CHECK(r.err.find("who moves") != std::string::npos);
    CHECK(r.out.empty());
    r = runCli("solve --moves f5 --from " + shellQuote(noSide));
    CHECK(r.exitCode == 2);
    CHECK(r.err.find("--from") != std::string::npos);
    // Bad boards and argument mixes are usage errors too.
    CHECK(runCli("solve " + shellQuote(std::string(63, '-') + "Z X")).exitCode == 2);
    CHECK(runCli("solve " + shellQuote(kFfo1) + " --moves f5").exitCode == 2);
    CHECK(runCli("solve").exitCode == 2);
    CHECK(runCli("solve " + shellQuote(kFfo1) + " --bogus").exitCode == 2);
    // An illegal move is bad input (1), as in replay.
    r = runCli("solve --moves f5f5");
    CHECK(r.exitCode == 1);
    CHECK(r.err.find("move 2") != std::string::npos);
}

TEST_CASE("solve: --moves from --from, White to move", "[cli][solve]") {
    // FFO #1 after g8: White to move, value -18 for White.
    const auto j = solveJson("--from " + shellQuote(kFfo1) + " --moves g8");
    CHECK(j.at("to_move") == "white");
    CHECK(j.at("value") == -18);
    CHECK(j.at("empties") == 13);
}

TEST_CASE("solve: a finished game answers at once", "[cli][solve]") {
    // One Black disc, nobody can move: Black wins 64-0.
    const auto j = solveJson(shellQuote("X" + std::string(63, '-') + " O"));
    CHECK(j.at("complete") == true);
    CHECK(j.at("kind") == "exact");
    CHECK(j.at("value") == -64);
    CHECK(j.at("best").is_null());
    CHECK(j.at("pv").empty());
    CHECK(j.at("to_move") == "none");
    CHECK(j.at("nodes") == 0);
    const auto text = runCli("solve " + shellQuote("X" + std::string(63, '-') + " X"));
    REQUIRE(text.exitCode == 0);
    CHECK(text.out.find("game over: 64-0") != std::string::npos);
}

TEST_CASE("solve: budgets end with a marked bound", "[cli][solve]") {
    auto j = solveJson("--moves f5d6c3 --nodes 100000");
    CHECK(j.at("complete") == false);
    CHECK(j.at("kind") == "bound");
    CHECK(j.at("stop") == "nodes");
    CHECK(j.at("lower").get<int>() <= j.at("upper").get<int>());
    const auto text = runCli("solve --moves f5d6c3 --time 0.2");
    REQUIRE(text.exitCode == 0);
    CHECK(text.out.find("(bound, stopped: time budget)") != std::string::npos);
    // The default budget applies: a position far too deep returns with a bound.
    j = solveJson("--moves f5");
    CHECK(j.at("complete") == false);
    CHECK(j.at("kind") == "bound");
    CHECK(j.at("stop") == "time");
    CHECK(j.at("empties") == 59);
}
