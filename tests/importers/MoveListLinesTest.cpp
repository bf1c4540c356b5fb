// Move lists as scripts and web pages export them: quoted, JSON arrays and objects, one game
// per string; logbooks whose lines omit the first move (--first-move, and the hint that says
// so when every record fails at move 1 the same way).
#include <catch2/catch.hpp>

#include "ReaderTestSupport.h"
#include "WthorTestSupport.h"
#include "core/Notation.h"
#include "importers/MoveListReader.h"
#include "importers/Reader.h"
#include "importers/StatedResult.h"

using namespace othello;
using namespace othello::importers;
using othello::importers::testing::CliRun;
using othello::importers::testing::fileCode;
using othello::importers::testing::movesOf;
using othello::importers::testing::runCli;
using wthortest::ScratchDir;

namespace {

FileResult readLines(const std::string& text, const ReadOptions& options = {}) {
    FileResult out;
    out.path = "mem.moves";
    readMoveList("mem.moves", text, options, out);
    return out;
}

}  // namespace

TEST_CASE("move lists: a quoted line is its moves") {
    const FileResult r = readLines("\"f5d6c3d3c4\"\n  \"f5 d6 c5\",\n");
    REQUIRE(r.records.size() == 2);
    CHECK(r.records[0].ok());
    CHECK(movesOf(r.records[0]) == "f5d6c3d3c4");
    CHECK(movesOf(r.records[1]) == "f5d6c5");
    CHECK(r.errorRecords == 0);
}

TEST_CASE("move lists: a JSON array of strings is one game per string") {
    const FileResult r = readLines("[\"f5d6c3\", \"f5f6e6f4\", \"f5f4e3\"]\n");
    REQUIRE(r.records.size() == 3);
    CHECK(movesOf(r.records[0]) == "f5d6c3");
    CHECK(movesOf(r.records[1]) == "f5f6e6f4");
    CHECK(movesOf(r.records[2]) == "f5f4e3");
    for (const GameRecord& g : r.records) CHECK(g.source.line == 1);
}

TEST_CASE("move lists: a JSON array of single moves is one game") {
    const FileResult r = readLines("[\"f5\", \"d6\", \"c3\", \"d3\"]\n");
    REQUIRE(r.records.size() == 1);
    CHECK(movesOf(r.records[0]) == "f5d6c3d3");
}

TEST_CASE("move lists: a JSON object gives moves, players, event and date") {
    const FileResult r = readLines(
        "{\"moves\": \"f5d6c3d3c4\", \"black\": \"Ann\", \"white\": \"Bo\", \"event\": \"Club "
        "night\", \"date\": \"2024-05-01\"}\n{\"moves\": [\"f5\", \"d6\"]}\n");
    REQUIRE(r.records.size() == 2);
    const GameRecord& g = r.records[0];
    CHECK(movesOf(g) == "f5d6c3d3c4");
    CHECK(g.black == "Ann");
    CHECK(g.white == "Bo");
    CHECK(g.event == "Club night");
    CHECK(g.date == "2024-05-01");
    CHECK(movesOf(r.records[1]) == "f5d6");
}

TEST_CASE("move lists: an error inside a JSON string is located in the line") {
    // The second string's c4 (column 15, 1-based) is White's illegal move 2.
    const FileResult r = readLines("[\"f5d6c3\", \"d3c4f4\"]\n");
    REQUIRE(r.records.size() == 2);
    REQUIRE(r.records[1].status == GameStatus::Error);
    const Diagnostic& d = r.records[1].diagnostics.back();
    CHECK(d.where.line == 1);
    CHECK(d.where.column == 15);
    CHECK(d.moveNumber == 2);
}

TEST_CASE("move lists: broken JSON is read as move text and says where it fails") {
    const FileResult r = readLines("[\"f5d6c3\", \n");
    REQUIRE(r.records.size() == 1);
    CHECK(r.records[0].status == GameStatus::Error);
    CHECK(r.records[0].diagnostics.back().code == "not-a-square");
    CHECK(r.records[0].diagnostics.back().where.column == 1);
}

TEST_CASE("move lists: a logbook without its first move gets one hint naming the fix") {
    const std::string logbook = "d6c3d3c4\nf6e6f4\nf4e3\nd6c5\n";
    const FileResult r = readLines(logbook);
    CHECK(r.errorRecords == 4);
    const Diagnostic* hint = fileCode(r, "first-move-hint");
    REQUIRE(hint);
    CHECK(hint->severity == Severity::Note);
    CHECK(hint->message ==
          "all 4 records fail at move 1 the same way (mem.moves:1: move 1 (d6, black): move "
          "outflanks nothing): the lines seem to omit their first move, and with f5 before each "
          "of them every record replays; read the file again with --first-move f5 (not applied "
          "by itself)");
    int hints = 0;
    for (const Diagnostic& d : r.fileDiagnostics) hints += d.code == "first-move-hint";
    CHECK(hints == 1);

    ReadOptions o;
    o.firstMove = core::parseSquare("f5");
    const FileResult fixed = readLines(logbook, o);
    CHECK(fixed.errorRecords == 0);
    REQUIRE(fixed.records.size() == 4);
    CHECK(movesOf(fixed.records[0]) == "f5d6c3d3c4");
    CHECK_FALSE(fileCode(fixed, "first-move-hint"));
}

TEST_CASE("move lists: --first-move keeps a line that already starts with it") {
    ReadOptions o;
    o.firstMove = core::parseSquare("f5");
    const FileResult r = readLines("f5d6c3\nd6c3\n", o);
    REQUIRE(r.records.size() == 2);
    CHECK(movesOf(r.records[0]) == "f5d6c3");
    CHECK(movesOf(r.records[1]) == "f5d6c3");
    // An error after the inserted move is still located at its own column.
    const FileResult bad = readLines("d6a1\n", o);
    REQUIRE(bad.records.size() == 1);
    REQUIRE(bad.records[0].status == GameStatus::Error);
    CHECK(bad.records[0].diagnostics.back().where.column == 3);
}

TEST_CASE("move lists: no hint when some record replays or records fail differently") {
    CHECK_FALSE(fileCode(readLines("d6c3\nf5d6\n"), "first-move-hint"));
    CHECK_FALSE(fileCode(readLines("d6c3\n"), "first-move-hint"));  // one record: no pattern
    // Failing at move 1 in different ways: one occupied, one outflanking nothing.
    CHECK_FALSE(fileCode(readLines("d4\nd6\n"), "first-move-hint"));
    // A line that is no move text at all breaks the pattern too.
    CHECK_FALSE(fileCode(readLines("d6c3\nzz zz\nf6e6f4\n"), "first-move-hint"));
}

TEST_CASE("move lists: no start of the four fits: the hint says both fixes") {
    // a1 and h8 are never a second move, whichever first move is put before them.
    const FileResult r = readLines("a1\nh8\n");
    const Diagnostic* hint = fileCode(r, "first-move-hint");
    REQUIRE(hint);
    CHECK(hint->message.find("--first-move SQUARE") != std::string::npos);
    CHECK(hint->message.find("--from BOARD") != std::string::npos);
}

TEST_CASE("move lists: check, convert and import take --first-move") {
    ScratchDir dir;
    const auto file = dir.path() / "logbook.txt";
    {
        std::ofstream out(file);
        out << "d6c3d3c4\nf6e6f4\n";
    }
    const CliRun without = runCli({"check", file.string()});
    CHECK(without.exitCode == 1);
    CHECK(without.out.find("--first-move f5") != std::string::npos);
    const CliRun check = runCli({"check", "--first-move", "F5", file.string()});
    CHECK(check.exitCode == 0);
    CHECK(check.out.find("2 records in 1 file: 0 complete, 2 incomplete, 0 errors") !=
          std::string::npos);
    const CliRun convert =
        runCli({"convert", file.string(), "--to", "moves", "-o", "-", "--first-move", "f5"});
    CHECK(convert.exitCode == 0);
    CHECK(convert.out.find("f5d6c3d3c4") != std::string::npos);
    const std::string db = (dir.path() / "games.sqlite").string();
    const CliRun import = runCli({"import", "--db", db, "--first-move", "f5", file.string()});
    CHECK(import.exitCode == 0);
    CHECK(import.out.find("imported 2,") != std::string::npos);
    // A bad square is a usage error.
    CHECK(runCli({"check", "--first-move", "z9", file.string()}).exitCode == 2);
}

TEST_CASE("move lists: JSON and quoted files are detected as move lists, not PGN") {
    ScratchDir dir;
    const std::pair<const char*, const char*> files[] = {
        {"arr.txt", "[\"f5d6c3\", \"f5f6e6f4\"]\n[\"f5f4e3\", \"f5d6c5\"]\n"},
        {"obj.txt", "{\"moves\": \"f5d6c3\", \"black\": \"A\"}\n{\"moves\": \"f5f4e3\"}\n"},
        {"quoted.txt", "\"f5d6c3\",\n\"f5f4e3\"\n"},
        {"single.txt", "[\"f5\", \"d6\", \"c3\"]"}};
    for (const auto& [file, text] : files) {
        INFO(file);
        std::ofstream(dir.path() / file, std::ios::binary) << text;
        const FileResult r = readFile(dir.path() / file);
        CHECK(r.format == Format::Moves);
        CHECK(r.errorRecords == 0);
        CHECK(r.recordCount >= 1);
    }
    CHECK_FALSE(looksLikeJsonMoves("[Event \"x\"]\n1. f5 d6\n"));
    CHECK_FALSE(looksLikeJsonMoves("f5d6c3\n"));
    CHECK(looksLikeJsonMoves("# logbook\n[\"f5d6\"]\n"));
}

TEST_CASE("move lists: a game with no moves is written so that it reads back as one game") {
    GameRecord forfeit;
    forfeit.status = GameStatus::Incomplete;
    forfeit.black = "Absent \"Al\"";
    forfeit.white = "Present";
    forfeit.event = "Club night";
    forfeit.date = "2024-05-01";
    forfeit.statedBlackDiscs = 0;  // a forfeit: 0-64
    GameRecord bare;               // no moves and no headers at all
    bare.status = GameStatus::Incomplete;
    GameRecord next;
    next.status = GameStatus::Incomplete;
    next.moves = {core::parseSquare("f5")};
    const std::string text = writeMoveList({forfeit, bare, next});
    const FileResult r = readLines(text);
    INFO(text);
    REQUIRE(r.records.size() == 3);
    const GameRecord& a = r.records[0];
    CHECK(a.ok());
    CHECK(a.moves.empty());
    CHECK(a.black == forfeit.black);
    CHECK(a.white == "Present");
    CHECK(a.event == "Club night");
    CHECK(a.date == "2024-05-01");
    CHECK(a.statedBlackDiscs == 0);
    CHECK(r.records[1].ok());
    CHECK(r.records[1].moves.empty());
    CHECK(movesOf(r.records[2]) == "f5");
}

TEST_CASE("move lists: a '#' inside a JSON string is text, not a comment") {
    const FileResult r = readLines(
        "{\"moves\":\"f5d6\",\"event\":\"Cup #2\",\"black\":\"#1\"}\n"
        "{\"moves\":\"f5d6c3\",\"event\":\"a#b\"} # a comment\n"
        "\"f5d6c3d3\" # a quoted line with a comment\n"
        "f5d6c3d3c4 # a plain line with a comment\n");
    REQUIRE(r.records.size() == 4);
    CHECK(r.records[0].ok());
    CHECK(movesOf(r.records[0]) == "f5d6");
    CHECK(r.records[0].event == "Cup #2");
    CHECK(r.records[0].black == "#1");
    CHECK(movesOf(r.records[1]) == "f5d6c3");
    CHECK(r.records[1].event == "a#b");
    CHECK(movesOf(r.records[2]) == "f5d6c3d3");
    CHECK(movesOf(r.records[3]) == "f5d6c3d3c4");
}

TEST_CASE("move lists: the writer keeps names, event, date and result of games with moves") {
    GameRecord g;
    g.format = Format::Pgn;
    g.moves = core::parseMoves("f5d6c3d3c4").moves;
    g.black = "Jo \"Cup\" #1";
    g.white = "Ann";
    g.event = "Cup #2";
    g.date = "2024-03-09";
    g.year = 2024;
    parseStatedResult(g, "1-0");
    GameRecord plain;
    plain.moves = core::parseMoves("f5f6").moves;
    const std::string text = writeMoveList({g, plain});
    INFO(text);
    CHECK(text.substr(text.find('\n') + 1) == "f5f6\n");  // no metadata: plain move text
    const FileResult r = readLines(text);
    REQUIRE(r.records.size() == 2);
    CHECK(movesOf(r.records[0]) == "f5d6c3d3c4");
    CHECK(r.records[0].black == g.black);
    CHECK(r.records[0].white == "Ann");
    CHECK(r.records[0].event == "Cup #2");
    CHECK(r.records[0].date == "2024-03-09");
    CHECK(r.records[0].statedResult == "1-0");
    CHECK(movesOf(r.records[1]) == "f5f6");
}
