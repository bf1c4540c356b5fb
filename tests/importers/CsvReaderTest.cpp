// CSV: the eOthello layout, quoting, every failure mode, the shared 25,657-game dump.
#include <catch2/catch.hpp>

#include "ReaderTestSupport.h"
#include "importers/CsvReader.h"

using namespace othello;
using namespace othello::importers;
using namespace othello::importers::testing;

TEST_CASE("csv: the sample file, winners checked against the replay") {
    const FileResult r = readFile(sourcePath("tests/fixtures/samples/games.csv"));
    CHECK(r.format == Format::Csv);
    REQUIRE(r.records.size() == 6);
    for (const GameRecord& g : r.records) {
        INFO(g.source.describe());
        CHECK(g.status == GameStatus::Complete);
        CHECK(g.diagnostics.empty());
        REQUIRE(g.statedWinner);
        const int actual = (g.score.black > g.score.white) - (g.score.black < g.score.white);
        CHECK(*g.statedWinner == actual);
    }
    CHECK(r.records[0].gameId == "1000");
    CHECK(r.records[0].source.line == 2);
    CHECK(r.records[3].statedWinner == 0);
}

TEST_CASE("csv: a winner the replay contradicts is a located warning") {
    const FileResult r = readFile(fixture("csv/winner-mismatch.csv"));
    REQUIRE(r.records.size() == 2);
    CHECK(r.records[0].diagnostics.empty());
    const GameRecord& g = r.records[1];
    CHECK(g.ok());
    REQUIRE(g.diagnostics.size() == 1);
    CHECK(g.diagnostics[0].severity == Severity::Warning);
    CHECK(g.diagnostics[0].code == "winner-mismatch");
    CHECK(g.diagnostics[0].where.line == 3);
    CHECK(g.diagnostics[0].where.column == 3);
    // --strict makes the warning an error.
    ReadOptions strict;
    strict.strict = true;
    CHECK(readFile(fixture("csv/winner-mismatch.csv"), strict).records[1].status ==
          GameStatus::Error);
}

TEST_CASE("csv: bad moves, missing fields, bad winners, no moves column") {
    const FileResult bad = readFile(fixture("csv/bad-move.csv"));
    REQUIRE(bad.records.size() == 3);
    CHECK(bad.records[0].ok());
    const Diagnostic* d1 = firstError(bad.records[1]);
    REQUIRE(d1);
    CHECK(d1->code == "not-a-square");
    CHECK(d1->where.line == 3);
    CHECK(d1->where.column == 13);
    CHECK(d1->moveNumber == 5);
    const Diagnostic* d2 = firstError(bad.records[2]);
    REQUIRE(d2);
    CHECK(d2->code == "occupied");
    CHECK(d2->moveNumber == 5);
    CHECK(core::squareName(d2->square) == "f5");
    CHECK(d2->where.column == 13);

    const FileResult missing = readFile(fixture("csv/missing-field.csv"));
    REQUIRE(missing.records.size() == 2);
    CHECK(missing.records[0].ok());
    CHECK(hasCode(missing.records[1], "missing-field"));
    CHECK(!missing.records[1].ok());

    const FileResult winner = readFile(fixture("csv/bad-winner.csv"));
    REQUIRE(winner.records.size() == 1);
    CHECK(winner.records[0].ok());
    CHECK(hasCode(winner.records[0], "bad-winner"));

    const FileResult none = readFile(fixture("csv/no-moves-column.csv"));
    CHECK(none.format == Format::Csv);
    CHECK(!none.readable);
    CHECK(none.records.empty());
    REQUIRE(none.fileDiagnostics.size() == 1);
    CHECK(none.fileDiagnostics[0].code == "no-moves-column");
}

TEST_CASE("csv: quoted fields, a semicolon delimiter, named columns") {
    const FileResult r = readFile(fixture("csv/quoted.csv"));
    CHECK(r.format == Format::Csv);
    REQUIRE(r.records.size() == 2);
    const GameRecord& g = r.records[0];
    CHECK(g.complete());
    CHECK(movesOf(g) == kPenloupMoves);
    CHECK(g.black == "Penloup; Dominique");
    CHECK(g.white == "Juhem \"Philippe\"");
    CHECK(g.event == "World Othello\nChampionship");
    CHECK(g.date == "1992-08-14");
    CHECK(g.year == 1992);
    CHECK(g.gameId == "7");
    CHECK(r.records[1].source.line == 4);  // the quoted line break counts
    CHECK(movesOf(r.records[1]) == "f5d6c3");
}

TEST_CASE("csv: all 25,657 shared eOthello games read and replay") {
    const auto p = shared("movelist/eothello_othello_dataset.csv");
    if (p.empty()) {
        WARN("shared data absent, skipped: movelist/eothello_othello_dataset.csv");
        return;
    }
    const FileResult r = readFile(p);
    CHECK(r.format == Format::Csv);
    REQUIRE(r.records.size() == 25657);
    int errors = 0, complete = 0, winnerMismatch = 0;
    for (const GameRecord& g : r.records) {
        errors += !g.ok();
        complete += g.complete();
        winnerMismatch += hasCode(g, "winner-mismatch");
    }
    CHECK(errors == 0);
    CHECK(complete == 25655);
    // Measured: the winner column agrees with the replay of every finished game.
    CHECK(winnerMismatch == 0);
}
