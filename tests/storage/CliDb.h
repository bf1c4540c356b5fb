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

}  // namespace storagetest
