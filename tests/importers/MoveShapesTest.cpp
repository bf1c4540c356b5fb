// The shapes move files come in besides one game a line, told apart by the front door: one move
// a line (MoveSheet.h), squares as numbers (refused as a whole), a JSON document of games
// (JsonDocument.h), and text that is no game record at all (skipped).
#include <catch2/catch.hpp>

#include "ReaderTestSupport.h"
#include "importers/JsonDocument.h"
#include "importers/MoveSheet.h"

using namespace othello;
using namespace othello::importers;
using namespace othello::importers::testing;

namespace {

FileResult readAuto(const std::string& text) {
    return readWith("mem.txt", text, Format::Auto);
}

// The first `n` disc moves of Penloup - Juhem, one a line in `style` ("01:B(F, 5)", ...).
std::string sheet(int n, const std::string& style) {
    std::string out;
    const std::string moves = kPenloupMoves;
    for (int k = 0; k < n; ++k) {
        const char col = static_cast<char>(moves[2 * k] - 'a' + 'A');
        const char row = moves[2 * k + 1];
        char number[8];
        std::snprintf(number, sizeof number, "%02d", k + 1);
        const std::string colour = k % 2 == 0 ? "B" : "W";
        if (style == "numbered")
            out += std::string(number) + ":" + colour + "(" + col + ", " + row + ")\n";
        else if (style == "dash")
            out += std::string(1, col) + "-" + row + "\n";
        else if (style == "space")
            out += std::string(1, col) + " " + row + "\n";
        else if (style == "paren")
            out += std::string("(") + col + ", " + row + ")\n";
        else
            out += std::to_string(k + 1) + ". " + static_cast<char>(col | 0x20) + row + "\n";
    }
    return out;
}

}  // namespace

TEST_CASE("move sheet: one move a line, in every written form, is one game") {
    for (const char* style : {"numbered", "dash", "space", "paren", "dotted"}) {
        INFO(style);
        const FileResult r = readAuto(sheet(12, style));
        CHECK(r.format == Format::Moves);
        REQUIRE(r.records.size() == 1);
        const GameRecord& g = r.records[0];
        CHECK(g.status == GameStatus::Incomplete);
        CHECK(movesOf(g) == std::string(kPenloupMoves).substr(0, 24));
        CHECK(g.source.line == 1);
    }
    // The whole game, passes left out as the sheet leaves them: complete, 20-44.
    const FileResult whole = readAuto(sheet(60, "numbered"));
    REQUIRE(whole.records.size() == 1);
    CHECK(whole.records[0].complete());
    CHECK(whole.records[0].score.black == 20);
}

TEST_CASE("move sheet: numbering from 1 again starts the next game, a bad move is located") {
    const FileResult two = readAuto(sheet(6, "numbered") + "\n" + sheet(4, "numbered"));
    REQUIRE(two.records.size() == 2);
    CHECK(two.records[1].source.line == 8);
    CHECK(movesOf(two.records[1]) == std::string(kPenloupMoves).substr(0, 8));
    // An illegal move: the error names its line.
    std::string bad = sheet(5, "numbered") + "06:W(A, 1)\n";
    const FileResult r = readAuto(bad);
    REQUIRE(r.records.size() == 1);
    CHECK(r.records[0].status == GameStatus::Error);
    CHECK(r.records[0].diagnostics.back().where.line == 6);
    // Bare squares one a line stay a move list of one-move games, as they always were.
    CHECK(readAuto("d4\nd6\n").records.size() == 2);
}

TEST_CASE("move sheet: squares written as two numbers are refused with one message") {
    const FileResult r = readAuto("5 6\n6 4\n3 5\n4 6\n");
    CHECK_FALSE(r.readable);
    CHECK(r.records.empty());
    REQUIRE(r.fileDiagnostics.size() == 1);
    const Diagnostic& d = r.fileDiagnostics[0];
    CHECK(d.code == "squares-as-numbers");
    CHECK(d.severity == Severity::Error);
    CHECK(d.message.find("recognised 4 lines of two numbers each") == 0);
    CHECK(numberPairLines("01: (5, 6)\n02: (6, 4)\n") == 2);
    CHECK(numberPairLines("5 6\nf5\n") == 0);
}

TEST_CASE("JSON document: a pretty-printed array of games reads as one document") {
    std::string text = "[\n";
    const char* games[] = {"f5d6c3d3c4f4c5b3c2", "f5f6e6f4e3c5c4", "f5d6c5f4e3f6",
                           "f5f4e3f6d3",         "f5d6c3d3c4",     "f5f6e6f4",
                           "f5d6c4d3c3",         "f5f4e3",         "f5d6c3",
                           "e6f4c3c4d3",         "c4c3d3e3",       "d3c5f6f5"};
    for (int i = 0; i < 12; ++i)
        text += std::string("  \"") + games[i] + (i < 11 ? "\",\n" : "\"\n");
    text += "]\n";
    const FileResult r = readAuto(text);
    CHECK(r.fileDiagnostics.empty());
    REQUIRE(r.records.size() == 12);  // not 14: the brackets are no records
    for (int i = 0; i < 12; ++i) {
        CHECK(r.records[i].ok());
        CHECK(movesOf(r.records[i]) == games[i]);
        CHECK(r.records[i].source.line == i + 2);
    }
    // Objects over several lines, names and results kept.
    const FileResult objects = readAuto(
        "[\n  {\n    \"moves\": \"f5d6c3\",\n    \"black\": \"Ann\",\n    \"white\": \"Bob\"\n  },\n"
        "  {\n    \"moves\": [\"f5\", \"f6\"],\n    \"black\": \"Cid\"\n  }\n]\n");
    REQUIRE(objects.records.size() == 2);
    CHECK(objects.records[0].black == "Ann");
    CHECK(objects.records[0].source.line == 2);
    CHECK(movesOf(objects.records[1]) == "f5f6");
    // A document of single moves is one game, as on one line.
    const FileResult single = readAuto("[\n  \"f5\",\n  \"d6\",\n  \"c3\"\n]\n");
    REQUIRE(single.records.size() == 1);
    CHECK(movesOf(single.records[0]) == "f5d6c3");
}

TEST_CASE("JSON document: a bad element is located, the others read, a cut document is damage") {
    const FileResult r = readAuto("[\n  \"f5d6\",\n  {\"moves\": \"f5\" oops},\n  \"f5f6\"\n]\n");
    REQUIRE(r.records.size() == 3);
    CHECK(r.records[1].status == GameStatus::Error);
    CHECK(r.records[1].diagnostics.back().code == "bad-json");
    CHECK(r.records[1].diagnostics.back().where.line == 3);
    CHECK(r.records[2].ok());
    const FileResult cut = readAuto("[\n  \"f5d6\",\n  \"f5f6e6\",\n  \"f5f");
    CHECK(cut.records.size() == 3);
    CHECK(fileCode(cut, "json-cut-short"));
    CHECK(cut.damaged());
    // JSON Lines stay line by line.
    CHECK(readAuto("[\"f5d6\", \"f5f6\"]\n[\"c4c3\"]\n").records.size() == 3);
}

TEST_CASE("skipped: text and data where no format is detected are no game records") {
    for (const char* text : {"This folder holds the games of our club.\nAsk Pierre.\n",
                             "id,name,rating\n1,Pierre,1800\n2,Anne,1750\n",
                             "{\n  \"name\": \"club\",\n  \"version\": 2\n}\n"}) {
        INFO(text);
        const FileResult r = readAuto(text);
        CHECK(r.skipped);
        CHECK(r.readable);
        CHECK(r.records.empty());
        REQUIRE(r.fileDiagnostics.size() == 1);
        CHECK(r.fileDiagnostics[0].code == "not-a-game-record");
        CHECK(r.fileDiagnostics[0].severity == Severity::Note);
        CHECK(r.fileDiagnostics[0].message.find("not a game record") == 0);
    }
    CHECK(readAuto(std::string("\x01\x02\x03\x04garbage\x05\x06\x07\x08", 16)).skipped);
    // A format detected is never skipped, however damaged.
    for (const char* text : {"[Event \"x\"]\n\n1. F5 Z9\n",  // a damaged PGN
                             "(;GM[Othello]PC[x]B[f5]W[z9];)\n",  // a GGF with a bad record
                             "f5 d6 cc4\n",                       // a move list with a typo
                             "Game 1: f5 d6 c3\n"}) {               // moves in another layout
        INFO(text);
        const FileResult r = readAuto(text);
        CHECK_FALSE(r.skipped);
        CHECK(r.recordCount == 1);
    }
    // An empty or comment-only file is still the error "no-games" (a game file emptied).
    CHECK(fileCode(readAuto("# nothing\n"), "no-games"));
}
