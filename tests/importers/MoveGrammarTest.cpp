// One move grammar: core::parseMoves (the command line, the viewer) and the readers' move
// tokens (move lists, CSV, PGN pass words) read every token the same way. The table pins the
// shared behaviour; each row runs through every path that reads move text.
#include <catch2/catch.hpp>

#include "ReaderTestSupport.h"
#include "core/Notation.h"
#include "importers/MoveListReader.h"
#include "importers/ReaderUtil.h"

using namespace othello;
using namespace othello::importers;
using othello::importers::testing::CliRun;
using othello::importers::testing::runCli;

namespace {

struct Row {
    const char* text;
    const char* moves;  // the moves read, "pa" for a pass ("" none)
    int errorColumn;    // -1: no error
    const char* errorToken;
};

// Every spelling the project reads, and the tokens that are errors.
const Row kTable[] = {
    {"f5d6c3", "f5d6c3", -1, ""},
    {"F5D6c3", "f5d6c3", -1, ""},
    {"f5 d6 c3", "f5d6c3", -1, ""},
    {"f5,d6;c3", "f5d6c3", -1, ""},
    {"f5-d6-c3", "f5d6c3", -1, ""},
    {"f5\td6\r\nc3", "f5d6c3", -1, ""},
    {"1. f5 d6 2. c3", "f5d6c3", -1, ""},
    {"1.f5 1...d6 2.c3", "f5d6c3", -1, ""},
    {"12...f5", "f5", -1, ""},
    {"f5 pass d6", "f5pad6", -1, ""},
    {"f5 PASS d6", "f5pad6", -1, ""},
    {"f5 PA d6", "f5pad6", -1, ""},
    {"f5 pa d6", "f5pad6", -1, ""},
    {"f5 ps d6", "f5pad6", -1, ""},
    {"f5 -- d6", "f5pad6", -1, ""},
    {"f5 @@ d6", "f5pad6", -1, ""},
    {"f5pad6", "f5pad6", -1, ""},   // a pass word followed at once by a square
    {"f5 .. d6", "f5d6", -1, ""},   // dots are separators, never a pass
    {"f5 g77 d6", "f5", 3, "g77"},  // one bad token, not g7 and a stray 7
    {"f5 g7", "f5g7", -1, ""},
    {"f5 cc4", "f5", 3, "cc4"},
    {"f5 z9 d6", "f5", 3, "z9"},
    {"f5 12 d6", "f5", 3, "12"},    // a number without a dot is no move number
    {"f5 pax d6", "f5", 3, "pax"},  // not a pass and a stray letter
    {"f5 passe", "f5", 3, "passe"},
    {"", "", -1, ""},
};

std::string spelled(const std::vector<int>& moves) {
    return core::movesString(moves);
}

}  // namespace

TEST_CASE("move grammar: core::parseMoves and the readers' tokens agree on every row") {
    for (const Row& row : kTable) {
        INFO(row.text);
        const core::MovesParse core = core::parseMoves(row.text);
        CHECK(spelled(core.moves) == row.moves);
        const MoveTokens tokens = tokenizeMoves(row.text);
        CHECK(spelled(tokens.moves()) == row.moves);
        if (row.errorColumn < 0) {
            CHECK_FALSE(core.error);
            CHECK_FALSE(tokens.errorColumn);
            continue;
        }
        REQUIRE(core.error);
        CHECK(core.error->column == static_cast<std::size_t>(row.errorColumn));
        CHECK(core.error->token == row.errorToken);
        REQUIRE(tokens.errorColumn);
        CHECK(*tokens.errorColumn == row.errorColumn);
        CHECK(tokens.errorText == row.errorToken);
    }
}

TEST_CASE("move grammar: token columns locate every move") {
    const core::MovesParse m = core::parseMoves("1. f5 pass d6");
    REQUIRE(m.columns.size() == 3);
    CHECK(m.columns[0] == 3);
    CHECK(m.columns[1] == 6);
    CHECK(m.columns[2] == 11);
    CHECK(core::parseMoves("f5d6c3d3", 2).moves.size() == 2);  // the readers' cap
}

TEST_CASE("move grammar: the pass words of PGN move text are the same") {
    for (const char* word : {"pass", "PASS", "pa", "PA", "ps", "--", "@@"}) {
        INFO(word);
        CHECK(text::passLength(word) == core::passLength(word));
        CHECK(core::passLength(word) == static_cast<int>(std::string(word).size()));
    }
    CHECK(core::passLength("pax") == 0);
    CHECK(core::passLength("pad3") == 2);
}

TEST_CASE("move grammar: a move-list file and `replay` read the same row the same way") {
    for (const Row& row : kTable) {
        if (row.text[0] == '\0' || std::string(row.text).find('\n') != std::string::npos) continue;
        INFO(row.text);
        FileResult file;
        readMoveList("mem.moves", row.text, {}, file);
        REQUIRE(file.records.size() == 1);
        const GameRecord& g = file.records[0];
        // A move list may end with a label ("f5d6c3 Tiger"): the line's tail, no move token.
        if (!g.event.empty()) continue;
        const CliRun cli = runCli({"replay", "--json", row.text});
        if (row.errorColumn >= 0) {
            CHECK(g.status == GameStatus::Error);
            CHECK(cli.exitCode != 0);
            continue;
        }
        // Squares legal or not, both sides agree on acceptance.
        const bool fileOk = g.status != GameStatus::Error;
        CHECK(fileOk == (cli.exitCode == 0));
    }
}

TEST_CASE("move grammar: replay and solve --moves name the same bad token as the files") {
    FileResult file;
    readMoveList("mem.moves", "f5 g77 d6", {}, file);
    REQUIRE(file.records.size() == 1);
    CHECK(file.records[0].diagnostics.back().message == "'g77' is not a square or a pass");
    for (const char* command : {"replay", "solve"}) {
        INFO(command);
        const CliRun cli = std::string(command) == "replay"
                               ? runCli({"replay", "f5 g77 d6"})
                               : runCli({"solve", "--moves", "f5 g77 d6"});
        CHECK(cli.exitCode == 1);
        CHECK(cli.err.find("move 2 (g77, white): not a square") != std::string::npos);
    }
}
