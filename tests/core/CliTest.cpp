// othello-db perft and replay: output, JSON fields, errors and exit codes.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "CliProcess.h"
#include "TestBoards.h"

using testing::runCli;
using testing::shellQuote;

TEST_CASE("perft prints the reference figure") {
    const auto r = runCli("perft 8");
    CHECK(r.exitCode == 0);
    CHECK(r.out == "perft(8) = 390216\n");
    const auto j = nlohmann::json::parse(runCli("perft 5 --json").out);
    CHECK(j["nodes"] == 1396);
}

TEST_CASE("perft --rules counts under a rule set, Othello's output is unchanged") {
    const auto reversi = runCli("perft 8 --rules reversi");
    CHECK(reversi.exitCode == 0);
    CHECK(reversi.out == "perft(8) = 938684 (reversi)\n");
    CHECK(runCli("perft 5 --rules REVERSI+mirrored").out == "perft(5) = 2244 (reversi+mirrored)\n");
    CHECK(runCli("perft 5 --rules reversi-all-lines").out ==
          "perft(5) = 1396 (reversi-all-lines)\n");
    // From the empty board the four placements come first: 8 ways, then the cross's figures.
    const std::string empty(64, '-');
    CHECK(runCli("perft 6 --rules reversi --from " + shellQuote(empty + " X")).out ==
          "perft(6) = 96 (reversi)\n");
    const auto j = nlohmann::json::parse(runCli("perft 4 --rules reversi --json").out);
    CHECK(j["nodes"] == 340);
    CHECK(j["rules"] == "reversi");
    // Othello, said or not: byte for byte the output it always was.
    CHECK(runCli("perft 6 --rules othello").out == "perft(6) = 8200\n");
    CHECK_FALSE(
        nlohmann::json::parse(runCli("perft 3 --rules othello --json").out).contains("rules"));
    const auto bad = runCli("perft 3 --rules chess");
    CHECK(bad.exitCode == 2);
    CHECK_THAT(bad.err, Catch::Contains("unknown rules 'chess'"));
    const auto noStart = runCli("perft 3 --rules othello+position");
    CHECK(noStart.exitCode == 1);
    CHECK_THAT(noStart.err, Catch::Contains("say --from"));
}

TEST_CASE("replay --rules: placements, one-line moves named, the rules' score") {
    const auto placed = runCli("replay \"e4 d4 d5 e5 f5\" --rules reversi --json");
    REQUIRE(placed.exitCode == 0);
    const auto j = nlohmann::json::parse(placed.out);
    CHECK(j["rules"] == "reversi");
    CHECK(j["ply"] == 5);
    CHECK(j["moves"] == nlohmann::json::array({"e4", "d4", "d5", "e5", "f5"}));
    CHECK(j["legal_moves"] == nlohmann::json::array({"f4", "d6", "f6"}));
    const auto start =
        nlohmann::json::parse(runCli("replay e4 --rules reversi --ply 0 --json").out);
    CHECK(start["board"] == std::string(64, '-'));
    CHECK(start["over"] == false);
    CHECK(start["legal_moves"] == nlohmann::json::array({"d4", "e4", "d5", "e5"}));
    // The rule book's C6: four lines, so the move must say which.
    const othello::core::Position c6(testing::squares({"a6", "a4", "e8", "c3"}),
                                     testing::squares({"b6", "b5", "d7", "c5", "c4", "d6", "e6"}),
                                     othello::core::Color::Black);
    const std::string from = " --from " + shellQuote(othello::core::boardStringWithSide(c6));
    const auto bare = runCli("replay c6 --rules reversi" + from);
    CHECK(bare.exitCode == 1);
    CHECK_THAT(bare.err, Catch::Contains("move 1 (c6, black): outflanks 4 lines, say which: "
                                         "c6>c3, c6>a4, c6>a6 or c6>e8"));
    const auto named =
        nlohmann::json::parse(runCli("replay \"C6>A4\" --rules reversi --json" + from).out);
    CHECK(named["moves"] == nlohmann::json::array({"c6>a4"}));
    CHECK(named["white"] == 6);
    // A wipe-out: 13-0 counting the discs, 64-0 with the empties to the winner.
    CHECK_THAT(runCli("replay d3c3b3d2e1d6d7e3f4 --rules othello+discs").out,
               Catch::Contains("game over: 13-0"));
    CHECK_THAT(runCli("replay d3c3b3d2e1d6d7e3f4").out, Catch::Contains("game over: 64-0"));
    CHECK(runCli("replay f5 --rules nonsense").exitCode == 2);
}

TEST_CASE("replay --json gives board, side, counts, passes, over and score") {
    const auto r = runCli("replay f5d6c3d3c4 --json");
    REQUIRE(r.exitCode == 0);
    const auto j = nlohmann::json::parse(r.out);
    CHECK(j["board"].get<std::string>().size() == 64);
    CHECK(j["to_move"] == "white");
    CHECK(j["black"] == 6);
    CHECK(j["white"] == 3);
    CHECK(j["passes"] == 0);
    CHECK(j["over"] == false);
    CHECK(j["score"].is_null());

    const auto game = nlohmann::json::parse(
        runCli("replay f5d6c3d3c4f4c5b3c2e3d2c6b4b5f2e2a3d1c1a4a5f3g4f1e7d7d8e6f6b6e1b1c7a6a7b2f7"
               "g3g5h4h5g2h1g1a1a2b7c8b8a8h3h6g6e8h7h2h8g8g7f8 --json")
            .out);
    CHECK(game["over"] == true);
    CHECK(game["to_move"] == "none");
    CHECK(game["passes"] == 2);
    CHECK(game["score"] == nlohmann::json::array({20, 44}));

    const auto start = nlohmann::json::parse(runCli("replay f5d6 --ply 0 --json").out);
    CHECK(start["board"] == "---------------------------OX------XO---------------------------");
    CHECK(start["to_move"] == "black");
}

TEST_CASE("replay text output shows coordinates, side to move and counts") {
    const auto r = runCli("replay \"f5 d6\"");
    REQUIRE(r.exitCode == 0);
    CHECK_THAT(r.out, Catch::Contains("   a b c d e f g h"));
    CHECK_THAT(r.out, Catch::Contains("black to move"));
    CHECK_THAT(r.out, Catch::Contains("black 3 discs, white 3 discs"));
}

TEST_CASE("replay --from a set-up board") {
    const std::string board = "XO" + std::string(62, '-') + " O";
    const auto r = runCli("replay c1 --from " + shellQuote(board) + " --json");
    REQUIRE(r.exitCode == 0);
    const auto j = nlohmann::json::parse(r.out);
    CHECK(j["passes"] == 1);
    CHECK(j["over"] == true);
    CHECK(j["score"] == nlohmann::json::array({64, 0}));
}

TEST_CASE("bad input exits 1 with the documented message") {
    auto r = runCli("replay f5d6d6");
    CHECK(r.exitCode == 1);
    CHECK(r.err == "error: move 3 (d6, black): square is occupied\n");

    r = runCli("replay f5a1");
    CHECK(r.exitCode == 1);
    CHECK(r.err == "error: move 2 (a1, white): move outflanks nothing\n");

    r = runCli("replay d3c3b3d2e1d6d7e3f4a1");
    CHECK(r.exitCode == 1);
    CHECK_THAT(r.err, Catch::StartsWith("error: move 10 (a1, ") &&
                          Catch::Contains("the game is already over"));

    r = runCli("replay \"f5 zz d6\"");
    CHECK(r.exitCode == 1);
    CHECK(r.err == "error: move 2 (zz, white): not a square\n");

    r = runCli("replay f5zz");
    CHECK(r.exitCode == 1);
    CHECK(r.err == "error: move 2 (zz, white): not a square\n");

    r = runCli("replay \"f5 d6 g77\"");
    CHECK(r.exitCode == 1);
    CHECK(r.err == "error: move 3 (g77, black): not a square\n");

    r = runCli("replay \"f5 @@\"");
    CHECK(r.exitCode == 1);
    CHECK(r.err == "error: move 2 (pass, white): pass while a move is available\n");

    r = runCli("replay '%$#@!'");
    CHECK(r.exitCode == 1);

    r = runCli("replay f5 --from XXOO--");
    CHECK(r.exitCode == 1);
    CHECK_THAT(r.err, Catch::Contains("--from") && Catch::Contains("64 are needed"));

    r = runCli("replay f5 --ply 9");
    CHECK(r.exitCode == 1);
}

TEST_CASE("usage errors exit 2, --help exits 0") {
    CHECK(runCli("").exitCode == 2);
    CHECK(runCli("replay").exitCode == 2);
    CHECK(runCli("replay f5 --ply x").exitCode == 2);
    CHECK(runCli("perft").exitCode == 2);
    CHECK(runCli("no-such-command").exitCode == 2);
    CHECK(runCli("replay f5 --bogus").exitCode == 2);
    const auto help = runCli("--help");
    CHECK(help.exitCode == 0);
    CHECK_THAT(help.out, Catch::Contains("replay") && Catch::Contains("perft"));
    CHECK(runCli("replay --help").exitCode == 0);
    CHECK(runCli("perft --help").exitCode == 0);
}
