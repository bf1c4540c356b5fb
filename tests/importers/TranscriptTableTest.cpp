// Transcript diagrams laid out as tables: borders (+---+, |---|, box-drawing characters), row
// labels on one or both sides, column letters above and below, bars framing space-separated
// rows; the cells in any of the styles the reader takes (numbers, x/o, B/W, blank or '.').
#include <catch2/catch.hpp>

#include "ReaderTestSupport.h"
#include "importers/TranscriptCells.h"
#include "importers/TranscriptReader.h"

using namespace othello;
using namespace othello::importers;
using namespace othello::importers::testing;

namespace {

// Read with detection: a table must be recognised as a diagram too.
FileResult readTable(const std::string& name) {
    return readFile(fixture("transcript/" + name));
}

std::string firstMoves(int n) {
    return std::string(kPenloupMoves).substr(0, static_cast<std::size_t>(2 * n));
}

}  // namespace

TEST_CASE("transcript table: the whole game from every bordered layout") {
    for (const char* name : {"ascii-table.transcript", "double-box.transcript",
                             "framed-spaces.transcript", "csv-table.transcript"}) {
        INFO(name);
        const FileResult r = readTable(name);
        CHECK(r.format == Format::Transcript);
        CHECK(r.fileDiagnostics.empty());
        REQUIRE(r.records.size() == 1);  // a footer or a border is not a second diagram
        const GameRecord& g = r.records[0];
        CHECK(g.diagnostics.empty());
        CHECK(g.status == GameStatus::Complete);
        CHECK(movesOf(g) == kPenloupMoves);
        CHECK(g.score.black == 20);
        CHECK(g.black == "Penloup Dominique");
    }
}

TEST_CASE("transcript table: unfinished games drawn with box characters and Markdown") {
    const FileResult box = readTable("box-table.transcript");
    CHECK(box.format == Format::Transcript);
    REQUIRE(box.records.size() == 1);
    CHECK(box.records[0].diagnostics.empty());
    CHECK(box.records[0].status == GameStatus::Incomplete);
    CHECK(movesOf(box.records[0]) == firstMoves(20));
    CHECK(box.records[0].white == "Box B");

    const FileResult md = readTable("markdown-table.transcript");
    CHECK(md.format == Format::Transcript);
    REQUIRE(md.records.size() == 1);
    CHECK(md.records[0].diagnostics.empty());
    CHECK(movesOf(md.records[0]) == firstMoves(30));
}

TEST_CASE("transcript table: a bad cell inside a box is located at its own column") {
    // Row 3 of the box table with one cell made bad: the byte column in the file, not in the
    // line as the reader rewrote it.
    std::string text = slurp(fixture("transcript/box-table.transcript"));
    const std::size_t at = text.find("│ 17 ");
    REQUIRE(at != std::string::npos);
    text.replace(at + 4, 2, "zz");
    const FileResult r = readTextAs("box.transcript", text, Format::Transcript, nullptr, {});
    REQUIRE(r.records.size() == 1);
    const Diagnostic* e = firstError(r.records[0]);
    REQUIRE(e);
    CHECK(e->code == "bad-cell");
    CHECK(e->where.line == 9);
    CHECK(e->where.column == static_cast<int>(at - text.rfind('\n', at) - 1 + 5));
}

TEST_CASE("transcript table: border lines and framed rows") {
    using namespace transcript;
    for (const char* border :
         {"+---+----+", "|---|:-:|", "  +-------------------------+",
          "\xE2\x94\x9C\xE2\x94\x80\xE2\x94\x80\xE2\x94\xBC\xE2\x94\x80\xE2\x94\xA4",  // ├──┼─┤
          "\xE2\x95\x94\xE2\x95\x90\xE2\x95\x97", "==========", "-----"}) {
        INFO(border);
        CHECK(isBorderLine(border));
    }
    // Rows of blank cells and text are not borders.
    for (const char* row : {"-- -- -- -- -- -- -- --", "- - - - - - - -", "| | | | | | | | |",
                            "1 | 45 32 19", "x-ray ---"})
        CHECK_FALSE(isBorderLine(row));
    // │ becomes "|  ": the same bytes, so columns stay those of the file.
    const std::string line = "\xE2\x94\x82 1 \xE2\x94\x82 45 \xE2\x94\x82";
    const auto drawn = tableRow(line);
    REQUIRE(drawn);
    CHECK(drawn->size() == line.size());
    CHECK(*drawn == "|   1 |   45 |  ");
    CHECK_FALSE(tableRow("| 1 | 45 |"));
    const std::vector<Token> framed = splitCells("1 | 45 32  9 11 16 15 42 56 |", Sep::Pipe);
    REQUIRE(framed.size() == 9);
    CHECK(framed[0].text == "1");
    CHECK(framed[3].text == "9");
    CHECK(framed[8].text == "56");
}

namespace {

// The 1992 diagram as space-aligned columns under a header, moves past `upTo` left blank (plain
// spaces), the header with a corner cell (`corner`, e.g. "/") or without.
std::string alignedDiagram(int upTo, const std::string& corner) {
    static constexpr int kGrid[8][8] = {
        {45, 32, 19, 18, 31, 24, 44, 43}, {46, 36, 9, 11, 16, 15, 42, 56},
        {17, 8, 3, 4, 10, 22, 38, 51},    {20, 13, 5, -1, -2, 6, 23, 40},
        {21, 14, 7, -2, -1, 1, 39, 41},   {34, 30, 12, 2, 28, 29, 53, 52},
        {35, 47, 33, 26, 25, 37, 59, 55}, {50, 49, 48, 27, 54, 60, 58, 57}};
    std::string s = "Black: Penloup Dominique\nWhite: Juhem Philippe\n";
    // Every cell is 3 wide after a 2-wide row label; the letters stand over the cells' last
    // character, where right-aligned numbers end.
    std::string header = corner;
    header.resize(2, ' ');
    for (char c = 'a'; c <= 'h'; ++c) header += std::string("  ") + c;
    s += header + "\n";
    for (int r = 0; r < 8; ++r) {
        std::string line = std::to_string(r + 1) + " ";
        for (int c = 0; c < 8; ++c) {
            const int v = kGrid[r][c];
            std::string cell = v == -1 ? "O" : v == -2 ? "X" : v <= upTo ? std::to_string(v) : "";
            line += std::string(3 - cell.size(), ' ') + cell;
        }
        s += line + "\n";
    }
    return s;
}

}  // namespace

// Found by fuzzing: a corner cell before the letters made the reader record nine column
// positions in an array of eight (overwriting the flag after it) and place every cell one
// column off.
TEST_CASE("transcript table: a corner cell before space-aligned column letters") {
    for (const std::string corner : {"", "/", "R"}) {
        INFO("corner '" << corner << "'");
        const FileResult r =
            readText("aligned.transcript", alignedDiagram(20, corner), ReadOptions{});
        CHECK(r.format == Format::Transcript);
        REQUIRE(r.records.size() == 1);
        const GameRecord& g = r.records[0];
        CHECK(g.diagnostics.empty());
        CHECK(g.status == GameStatus::Incomplete);
        CHECK(movesOf(g) == firstMoves(20));
    }
}

TEST_CASE("transcript table: a row label before the first cell with only a space") {
    // "1 45 | 32 | ..." and "1 45,32,...": the label is the row's, not part of cell a1.
    for (const char* name : {"label-space-pipes.transcript", "label-space-commas.transcript"}) {
        INFO(name);
        const FileResult r = readTable(name);
        CHECK(r.format == Format::Transcript);
        REQUIRE(r.records.size() == 1);
        const GameRecord& g = r.records[0];
        CHECK(g.diagnostics.empty());
        CHECK(g.status == GameStatus::Complete);
        CHECK(movesOf(g) == kPenloupMoves);
        CHECK(g.score.black == 20);
    }
    // A cell of two words that is no label stays one bad cell, located.
    const FileResult bad = readWith("t", "1 45,32,19,18,31,24,44,43\n2 46,36,9,11,16,15,42,56\n"
                                         "3 17,8,3,4,10,22,38,51\n4 20,13,5,,,6,23,40\n"
                                         "5 21,14,7,,,1,39,41\n6 34,30,12,2,28,29,53,52\n"
                                         "7 35,47,33,26,25,37,59,55\n9 50,49,48,27,54,60,58,57\n",
                                    Format::Transcript);
    REQUIRE(bad.records.size() == 1);
    CHECK(bad.records[0].status == GameStatus::Error);
}
