// Mistyped command lines (issue 26): an unknown command or option is named, with the nearest
// known one, and exits 2 (usage).
#include <catch2/catch.hpp>

#include "../core/CliProcess.h"

using testing::runCli;

TEST_CASE("an unknown command is named, with the nearest command", "[output][cli]") {
    auto r = runCli("frobnicate");
    CHECK(r.exitCode == 2);
    CHECK(r.err.find("unknown command 'frobnicate'") != std::string::npos);
    CHECK(r.err.find("the commands are: add, analyze,") != std::string::npos);
    CHECK(r.err.find("A subcommand is required") == std::string::npos);
    r = runCli("serch --player X");
    CHECK(r.exitCode == 2);
    CHECK(r.err == "error: unknown command 'serch'; did you mean 'search'?\n");
    r = runCli("rename-playr A B");
    CHECK(r.err == "error: unknown command 'rename-playr'; did you mean 'rename-player'?\n");
    r = runCli("--db /nonexistent/x.sqlite infoo");
    CHECK(r.err == "error: unknown command 'infoo'; did you mean 'info'?\n");
    // No command at all: CLI11 says one is required.
    CHECK(runCli("").exitCode == 2);
}

TEST_CASE("an unknown option is named, with the nearest option of its command",
          "[output][cli]") {
    auto r = runCli("search --playr X --db /nonexistent/x.sqlite");
    CHECK(r.exitCode == 2);
    CHECK(r.err ==
          "error: unknown option --playr for `search`; did you mean --player? (`othello-db "
          "search --help` lists them)\n");
    r = runCli("search --playr=X");
    CHECK(r.err.find("unknown option --playr for `search`; did you mean --player?") !=
          std::string::npos);
    r = runCli("import --strct /nonexistent/x.pgn");
    CHECK(r.exitCode == 2);
    CHECK(r.err.find("did you mean --strict?") != std::string::npos);
    r = runCli("search --frobnicate");
    CHECK(r.err == "error: unknown option --frobnicate for `search` (`othello-db search --help` "
                   "lists them)\n");
    r = runCli("--versin");
    CHECK(r.err.find("unknown option --versin; did you mean --version?") != std::string::npos);
    // Other usage errors keep CLI11's words.
    r = runCli("search --limit");
    CHECK(r.exitCode == 2);
    CHECK(r.err.find("unknown") == std::string::npos);
}
