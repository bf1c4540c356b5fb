#pragma once
// A scratch archive driven through the real `othello-db` binary, for the command-line tests:
// run(args) adds --db, json(args) adds --json too, checks the exit code and parses the output.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <string>

#include "../core/CliProcess.h"
#include "StorageTestUtil.h"

namespace storagetest {

struct CliDb {
    explicit CliDb(const std::string& tag) : dir(tag) {}

    TempDir dir;
    fs::path path = dir / "games.sqlite";
    std::string arg = " --db " + testing::shellQuote(path.string());

    testing::CliResult run(const std::string& args) const { return testing::runCli(args + arg); }
    nlohmann::json json(const std::string& args, int expectedExit = 0) const {
        const auto r = run(args + " --json");
        INFO(args << "\n" << r.out << "\n" << r.err);
        REQUIRE(r.exitCode == expectedExit);
        return nlohmann::json::parse(r.out);
    }
};

// The Tiger, played out: a whole game the CLI tests enter and edit.
inline const std::string kTigerGame =
    "f5d6c3d3c4f4c5b3c2e3d2c6b4b5f2e2a3d1c1a4a5f3g4f1e7d7d8e6f6b6e1b1c7a6a7b2f7g3g5h4h5g2h1g1a1a2b7"
    "c8b8a8h3h6g6e8h7h2h8g8g7f8";

// A classic Reversi game: the four placements, then 34 moves that name the line they flip
// (the square outflanked several); the board is full at the end, 27-37.
inline const std::string kReversiGame =
    "e4 d4 d5 e5 e6 d6 c6>e6 f7 d3 e3 f6>d4 c4>e4 f3>d5 g3 g8 e2 d2 c1 d1 e1 f2>d2 c5 b5>d3 f5 "
    "f4>f6 g7 g6>e6 c7>e5 g4 h5 b6 b3 h4>f2 g5>e5 b8 c3>g7 b4>e4 e7>g7 e8>g6 c2>e2 h6>f4 h3>f3 "
    "h2>f4 h7>f5 h8>h6 b7>b3 a7>c5 g2>e2 a4>c4 d7>b7 g1>e3 a5>c3 f8>d6 d8 c8>e6 a3 a8 h1 b2>d4 "
    "f1>h1 a2 a1>e5 b1>d3 a6";

}  // namespace storagetest
