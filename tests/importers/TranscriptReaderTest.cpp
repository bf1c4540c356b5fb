// Transcript diagrams: layouts, every diagnosis located, repairs, the writer read back.
#include <catch2/catch.hpp>

#include "ReaderTestSupport.h"
#include "importers/MoveListReader.h"
#include "importers/TranscriptReader.h"
#include "importers/TranscriptWriter.h"

using namespace othello;
using namespace othello::importers;
using namespace othello::importers::testing;

namespace {

FileResult readDiagram(const std::string& rel) {
    ReadOptions o;
    o.format = Format::Transcript;
    return readFile(fixture(rel), o);
}

void checkPenloup(const GameRecord& g) {
    CHECK(g.status == GameStatus::Complete);
    CHECK(movesOf(g) == kPenloupMoves);
    CHECK(g.passes() == 2);
    CHECK(g.score.black == 20);
    CHECK(g.score.white == 44);
}

}  // namespace

TEST_CASE("transcript: the sample diagram is Penloup - Juhem 1992, equal to tests/fixtures/samples/game.moves") {
    const FileResult r = readFile(sourcePath("tests/fixtures/samples/wc1992.transcript"));
    CHECK(r.format == Format::Transcript);
    REQUIRE(r.records.size() == 1);
    const GameRecord& g = r.records[0];
    checkPenloup(g);
    CHECK(g.black == "Penloup Dominique");
    CHECK(g.white == "Juhem Philippe");
    CHECK(g.event == "World Othello Championship");
    CHECK(g.year == 1992);
    CHECK(g.statedBlackDiscs == 20);
    CHECK(g.source.line == 5);
    const FileResult moves = readFile(sourcePath("tests/fixtures/samples/game.moves"));
    REQUIRE(moves.records.size() == 1);
    CHECK(moves.records[0].moves == g.moves);
}

TEST_CASE("transcript: the shared diagram replays to 20-44 with 2 passes") {
    const auto p = shared("transcript/penloup_juhem_wc1992.txt");
    if (p.empty()) {
        WARN("shared data absent, skipped: transcript/penloup_juhem_wc1992.txt");
        return;
    }
    const FileResult r = readFile(p);
    CHECK(r.format == Format::Transcript);
    REQUIRE(r.records.size() == 1);
    checkPenloup(r.records[0]);
    const FileResult moves = readFile(sourcePath("tests/fixtures/samples/game.moves"));
    REQUIRE(moves.records.size() == 1);
    CHECK(moves.records[0].moves == r.records[0].moves);
}

TEST_CASE("transcript: separators, disc marks, labels and blank cells") {
    for (const char* rel : {"transcript/pipes.transcript", "transcript/commas.transcript",
                            "transcript/tabs.transcript"}) {
        INFO(rel);
        const FileResult r = readFile(fixture(rel));
        CHECK(r.format == Format::Transcript);
        REQUIRE(r.records.size() == 1);
        checkPenloup(r.records[0]);
        CHECK(r.records[0].black == "Penloup Dominique");
        CHECK(r.records[0].diagnostics.empty());
    }
    const FileResult blank = readFile(fixture("transcript/blank-cells.transcript"));
    REQUIRE(blank.records.size() == 1);
    CHECK(blank.records[0].status == GameStatus::Incomplete);
    CHECK(movesOf(blank.records[0]) == "f5f6e6f4g6d7c3c5d3g4c6c4e8g7f3c7h4b2g5h3");
    CHECK(blank.records[0].round == "2");
}

TEST_CASE("transcript: several diagrams per file") {
    const FileResult r = readFile(fixture("transcript/two-diagrams.transcript"));
    REQUIRE(r.records.size() == 2);
    checkPenloup(r.records[0]);
    CHECK(r.records[0].black == "Penloup Dominique");
    CHECK(r.records[1].status == GameStatus::Incomplete);
    CHECK(r.records[1].black.empty());
    CHECK(r.records[1].moves.size() == 20);
    CHECK(r.records[1].source.line > r.records[0].source.line + 8);
}

TEST_CASE("transcript: each diagnosis is located, with its move number and square") {
    struct Case {
        const char* file;
        const char* code;
        int line;
        int moveNumber;
        const char* square;
        bool repairable;  // a repair that gives back the real game is offered
    };
    const Case cases[] = {
        {"transcript/duplicate-number.transcript", "duplicate-number", 14, 59, "f8", true},
        {"transcript/missing-number.transcript", "missing-number", 7, 31, "", true},
        {"transcript/out-of-range.transcript", "number-out-of-range", 14, 0, "f8", true},
        {"transcript/number-on-centre.transcript", "number-on-centre", 11, 1, "e5", true},
        {"transcript/illegal-move.transcript", "no-flips", 10, 3, "d3", true},
        {"transcript/score-mismatch.transcript", "score-mismatch", 6, 0, "", false},
        {"transcript/bad-cell.transcript", "bad-cell", 8, 0, "b2", false},
        {"transcript/disc-off-centre.transcript", "disc-off-centre", 7, 0, "a1", false},
        {"transcript/bad-start.transcript", "bad-start", 7, 0, "", false},
        {"transcript/short-grid.transcript", "short-grid", 7, 0, "", false},
        {"transcript/missing-grid.transcript", "missing-grid", 2, 0, "", false},
        {"transcript/bad-row.transcript", "bad-row", 4, 0, "", false},
    };
    for (const Case& c : cases) {
        INFO(c.file);
        const FileResult r = readDiagram(c.file);
        REQUIRE(r.records.size() == 1);
        const GameRecord& g = r.records[0];
        CHECK(g.status == GameStatus::Error);
        const Diagnostic* d = firstError(g);
        REQUIRE(d);
        CHECK(d->code == c.code);
        CHECK(d->where.line == c.line);
        CHECK(d->moveNumber == c.moveNumber);
        CHECK((d->square == core::kNoSquare ? std::string() : core::squareName(d->square)) ==
              c.square);
        bool found = false;
        for (const RepairCandidate& rc : g.repairs)
            found |= core::movesString(rc.moves, true) == kPenloupMoves;
        CHECK(found == c.repairable);
    }
}

TEST_CASE("transcript: the first illegal move names its number, square, side and why") {
    const FileResult r = readDiagram("transcript/illegal-move.transcript");
    const Diagnostic* d = firstError(r.records[0]);
    REQUIRE(d);
    CHECK(d->message.find("move 3 (d3, black)") != std::string::npos);
    CHECK(d->message.find("outflanks nothing") != std::string::npos);
    CHECK(d->where.column == 13);  // the cell of d3
}

TEST_CASE("transcript: the writer is read back to the same games") {
    FileResult games = readFile(sourcePath("tests/fixtures/samples/games.moves"));
    games.records[0].black = "Penloup Dominique";
    games.records[0].white = "Juhem Philippe";
    games.records[0].event = "World Othello Championship";
    games.records[0].date = "1992-08-14";
    games.records[0].year = 1992;
    games.records[0].round = "final";
    const std::string text = writeTranscript(games.records);
    const FileResult back = readWith("back", text, Format::Auto);
    CHECK(back.format == Format::Transcript);
    REQUIRE(back.records.size() == games.records.size());
    for (std::size_t i = 0; i < games.records.size(); ++i) {
        INFO(i);
        CHECK(back.records[i].moves == games.records[i].moves);
        CHECK(back.records[i].status == games.records[i].status);
        CHECK(back.records[i].score == games.records[i].score);
        CHECK(back.records[i].diagnostics.empty());
    }
    CHECK(back.records[0].black == "Penloup Dominique");
    CHECK(back.records[0].white == "Juhem Philippe");
    CHECK(back.records[0].event == "World Othello Championship");
    CHECK(back.records[0].date == "1992-08-14");
    CHECK(back.records[0].round == "final");
}

TEST_CASE("transcript: a start with the centre discs swapped is written and read back") {
    GameRecord g;
    // d4 e5 black, d5 e4 white: the "crossed" start.
    g.start = core::Position(core::bit(27) | core::bit(36), core::bit(28) | core::bit(35),
                             core::Color::Black);
    const auto r = core::replay(g.start, core::parseMoves("e3 f3 g3").moves);
    REQUIRE(!r.error);
    g.moves = r.moves();
    g.status = GameStatus::Incomplete;
    g.score = r.score();
    std::string why;
    REQUIRE(canWriteTranscript(g, &why));
    const FileResult back = readWith("crossed", writeTranscript({g}), Format::Transcript);
    REQUIRE(back.records.size() == 1);
    CHECK(back.records[0].ok());
    CHECK(back.records[0].start == g.start);
    CHECK(!back.records[0].standardStart);
    CHECK(back.records[0].moves == g.moves);

    GameRecord other;
    other.start = core::Position(core::bit(0), core::bit(1), core::Color::Black);
    CHECK(!canWriteTranscript(other, &why));
    CHECK(!why.empty());
}

TEST_CASE("transcript: a declared score on a diagram that ends early is a warning") {
    const FileResult r = readDiagram("transcript/score-not-reached.transcript");
    REQUIRE(r.records.size() == 1);
    const GameRecord& g = r.records[0];
    CHECK(g.status == GameStatus::Incomplete);
    CHECK(g.statedBlackDiscs == 20);
    REQUIRE(g.diagnostics.size() == 1);
    const Diagnostic& d = g.diagnostics[0];
    CHECK(d.severity == Severity::Warning);
    CHECK(d.code == "score-not-reached");
    CHECK(d.where.line == 4);  // the Score: line
    CHECK(d.message.find("20-44") != std::string::npos);
    CHECK(d.message.find("after move 20") != std::string::npos);
    // --strict rejects it, like every warning.
    ReadOptions strict;
    strict.format = Format::Transcript;
    strict.strict = true;
    CHECK(readFile(fixture("transcript/score-not-reached.transcript"), strict).records[0].status ==
          GameStatus::Error);
}
