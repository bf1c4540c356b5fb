// Move lists: every accepted spelling, every failure mode located, the writer read back.
#include <catch2/catch.hpp>

#include "ReaderTestSupport.h"
#include "importers/MoveListReader.h"

using namespace othello;
using namespace othello::importers;
using namespace othello::importers::testing;

namespace {

FileResult readMovesFile(const std::string& rel) {
    ReadOptions o;
    o.format = Format::Moves;
    return readFile(fixture(rel), o);
}

}  // namespace

TEST_CASE("move lists: separators, case, move numbers and pass spellings give one game") {
    const FileResult r = readMovesFile("moves/passes.moves");
    REQUIRE(r.readable);
    REQUIRE(r.records.size() == 3);
    for (const GameRecord& g : r.records) {
        INFO(g.source.describe());
        CHECK(g.status == GameStatus::Complete);
        CHECK(movesOf(g) == kPenloupMoves);
        CHECK(g.passes() == 2);
        CHECK(g.score.black == 20);
        CHECK(g.score.white == 44);
        CHECK(g.format == Format::Moves);
    }
    CHECK(r.records[0].source.line == 3);
    // The passes are made explicit where the replay needs them: before moves 57 and 58.
    CHECK(r.records[2].moves[56] == core::kPass);
    CHECK(r.records[2].moves[58] == core::kPass);
}

TEST_CASE("move lists: inline forms") {
    const auto one = [](const std::string& text) {
        FileResult r = readWith("inline", text, Format::Moves);
        REQUIRE(r.records.size() == 1);
        return r.records[0];
    };
    CHECK(movesOf(one("F5d6C3d3C4")) == "f5d6c3d3c4");
    CHECK(movesOf(one("f5-d6-c3")) == "f5d6c3");
    CHECK(movesOf(one("1. f5 d6 2. c3")) == "f5d6c3");
    CHECK(movesOf(one("F5, D6, C3  # a trailing comment")) == "f5d6c3");
    const GameRecord named = one("F5d6C3d3C4   Tiger");
    CHECK(named.ok());
    CHECK(named.event == "Tiger");
    CHECK(one("F5d6C5f4E3c6D3g5   8-Shot").event == "8-Shot");
    // A typo that looks like a square is no label.
    const GameRecord typo = one("f5 d6 c33");
    CHECK(typo.status == GameStatus::Error);
    CHECK(hasCode(typo, "not-a-square"));
}

TEST_CASE("move lists: a mistyped move is diagnosed, never swallowed as a label") {
    const FileResult r = readMovesFile("moves/typo-mid-line.moves");
    REQUIRE(r.records.size() == 1);
    const GameRecord& g = r.records[0];
    CHECK(g.status == GameStatus::Error);
    CHECK(g.event.empty());
    const Diagnostic* d = firstError(g);
    REQUIRE(d != nullptr);
    CHECK(d->code == "not-a-square");
    CHECK(d->where.line == 2);
    CHECK(d->where.column == 13);
    CHECK(d->moveNumber == 5);
    CHECK(d->message.find("'cc4'") != std::string::npos);
    // Any square-like text after the moves keeps the line an error.
    for (const char* text : {"f5 d6 c3 Tiger f4", "f5 d6 c3 xd3", "f5 d6 c3 abc e6"}) {
        INFO(text);
        const FileResult t = readWith("inline", text, Format::Moves);
        REQUIRE(t.records.size() == 1);
        CHECK(t.records[0].status == GameStatus::Error);
        CHECK(t.records[0].event.empty());
    }
}

TEST_CASE("move lists: an opening name after the moves is kept as the event") {
    const FileResult r = readMovesFile("moves/opening-label.moves");
    REQUIRE(r.records.size() == 2);
    CHECK(r.records[0].ok());
    CHECK(movesOf(r.records[0]) == "f5d6c3d3c4");
    CHECK(r.records[0].event == "Tiger");
    CHECK(r.records[1].ok());
    CHECK(r.records[1].event == "Rose-v-Toth");
}

TEST_CASE("move lists: comment and blank lines are skipped, '//' comments too") {
    const FileResult r = readWith("c", "# one\n\n// two\n   \nf5d6\n", Format::Moves);
    REQUIRE(r.records.size() == 1);
    CHECK(r.records[0].source.line == 5);
}

TEST_CASE("move lists: each failure mode is located and the rest of the file still imports") {
    struct Case {
        const char* file;
        std::size_t records;
        std::size_t bad;
        int line;
        int column;
        int moveNumber;
        const char* square;
        const char* code;
    };
    const Case cases[] = {
        {"moves/not-a-square.moves", 2, 1, 3, 10, 4, "", "not-a-square"},
        {"moves/occupied.moves", 2, 1, 3, 13, 5, "f5", "occupied"},
        {"moves/no-flips.moves", 1, 0, 2, 4, 2, "a1", "no-flips"},
        {"moves/game-over.moves", 1, 0, 2, 122, 61, "a1", "game-over"},
        {"moves/illegal-pass.moves", 1, 0, 2, 4, 2, "", "illegal-pass"},
    };
    for (const Case& c : cases) {
        INFO(c.file);
        const FileResult r = readMovesFile(c.file);
        REQUIRE(r.records.size() == c.records);
        for (std::size_t i = 0; i < r.records.size(); ++i) CHECK(r.records[i].ok() == (i != c.bad));
        const GameRecord& g = r.records[c.bad];
        const Diagnostic* d = firstError(g);
        REQUIRE(d);
        CHECK(d->code == c.code);
        CHECK(d->where.path == fixture(c.file).string());
        CHECK(d->where.line == c.line);
        CHECK(d->where.column == c.column);
        CHECK(d->moveNumber == c.moveNumber);
        // A pass token's square is core::kPass (the engine numbers it so); "" in the table.
        const bool noSquare = d->square < 0 || d->square >= 64;
        CHECK((noSquare ? std::string() : core::squareName(d->square)) == c.square);
        CHECK(!d->message.empty());
        CHECK(d->format().find(std::string("error: ")) != std::string::npos);
    }
}

TEST_CASE("move lists: the sample file") {
    const FileResult r = readFile(sourcePath("tests/fixtures/samples/games.moves"));
    CHECK(r.format == Format::Moves);
    REQUIRE(r.records.size() == 6);
    int complete = 0;
    for (const GameRecord& g : r.records) complete += g.complete();
    CHECK(complete == 4);
    CHECK(r.records[1].passes() == 2);
    CHECK(r.records[2].score.black + r.records[2].score.white == 64);  // empties to the winner
    CHECK(r.records[3].score.black == 32);
    CHECK(r.records[4].status == GameStatus::Incomplete);
    CHECK(r.records[5].event == "Tiger");
}

TEST_CASE("move lists: the writer is read back to the same games") {
    const FileResult r = readFile(sourcePath("tests/fixtures/samples/games.moves"));
    const std::string text = writeMoveList(r.records);
    const FileResult back = readWith("back", text, Format::Moves);
    REQUIRE(back.records.size() == r.records.size());
    for (std::size_t i = 0; i < r.records.size(); ++i) {
        CHECK(back.records[i].moves == r.records[i].moves);
        CHECK(back.records[i].status == r.records[i].status);
    }
}

TEST_CASE("move lists: the xot and openings shared files read without error") {
    for (const char* rel : {"xot/xot-large.txt", "openings/openings.txt"}) {
        const auto p = shared(rel);
        if (p.empty()) {
            WARN("shared data absent, skipped: " << rel);
            continue;
        }
        const FileResult r = readFile(p);
        CHECK(r.format == Format::Moves);
        int bad = 0;
        for (const GameRecord& g : r.records) bad += !g.ok();
        CHECK(bad == 0);
        CHECK(r.records.size() ==
              (std::string(rel).find("xot") != std::string::npos ? 10784u : 86u));
    }
}
