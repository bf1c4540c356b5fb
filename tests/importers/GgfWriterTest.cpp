// GGF writer: what it writes reads back to the same games.
#include <algorithm>

#include <catch2/catch.hpp>

#include "WthorTestSupport.h"
#include "core/Notation.h"
#include "importers/GgfReader.h"
#include "importers/GgfWriter.h"
#include "importers/WthorReader.h"

using namespace othello;
using namespace othello::importers;

namespace {

FileResult readGgfText(const std::string& text) {
    FileResult r;
    readGgf("back.ggf", text, {}, r);
    return r;
}

void checkSame(const GameRecord& a, const GameRecord& b) {
    CHECK(b.moves == a.moves);
    CHECK(b.start == a.start);
    CHECK(b.status == a.status);
    CHECK(b.score == a.score);
    CHECK(b.black == a.black);
    CHECK(b.white == a.white);
    CHECK(b.event == a.event);
    CHECK(b.date == a.date);
    CHECK(b.year == a.year);
}

}  // namespace

TEST_CASE("ggf writer: fixtures read back identically") {
    for (const char* f : {"good.ggf", "board.ggf", "omitted_pass.ggf"}) {
        INFO(f);
        FileResult a;
        readGgf(f, wthortest::slurp(wthortest::fixture(std::string("ggf/") + f)), {}, a);
        const std::string text = writeGgf(a.records);
        const FileResult b = readGgfText(text);
        REQUIRE(b.records.size() == a.records.size());
        for (std::size_t i = 0; i < a.records.size(); ++i) {
            checkSame(a.records[i], b.records[i]);
            CHECK(b.records[i].place == a.records[i].place);
            CHECK(b.records[i].statedResult == a.records[i].statedResult);
            CHECK(b.records[i].diagnostics.empty());
        }
        CHECK(writeGgf(b.records) == text);  // stable
    }
}

TEST_CASE("ggf writer: WTHOR games through GGF") {
    const FileResult w = readWthor(wthortest::fixture("wthor/good.wtb"), {});
    const std::string text = writeGgf(w.records);
    CHECK(text.find("PB[Müller Jörg]") != std::string::npos);
    CHECK(text.find("B[PA]") != std::string::npos);  // the passes are written
    const FileResult b = readGgfText(text);
    REQUIRE(b.records.size() == w.records.size());
    for (std::size_t i = 0; i < w.records.size(); ++i) {
        INFO(i);
        checkSame(w.records[i], b.records[i]);
    }
    // Finished games get RE from the final score.
    REQUIRE(b.records[0].statedDiscDiff);
    CHECK(*b.records[0].statedDiscDiff == w.records[0].score.black - w.records[0].score.white);
}

TEST_CASE("ggf writer: records with an error are left out") {
    FileResult a;
    readGgf("u.ggf", wthortest::slurp(wthortest::fixture("ggf/unsupported.ggf")), {}, a);
    // Only the anti-Othello game (TY[8a], an 8x8 type) is written, with its type.
    const std::string out = writeGgf(a.records);
    CHECK(out.find("TY[8a]") != std::string::npos);
    CHECK(std::count(out.begin(), out.end(), '\n') == 1);
}

TEST_CASE("ggf writer: brackets and backslashes in names read back exactly") {
    GameRecord g;
    g.black = "Smith [club] xPW[y";
    g.white = "back\\slash\\";
    g.event = "a\\]b";
    g.moves = {core::parseSquare("f5"), core::parseSquare("d6")};
    g.status = GameStatus::Incomplete;
    g.score = core::Position::start().discCount();
    const FileResult r = readGgfText(writeGgf({g}));
    REQUIRE(r.records.size() == 1);
    const GameRecord& b = r.records[0];
    CHECK(b.ok());
    CHECK(b.diagnostics.empty());  // nothing read as a missing ']'
    CHECK(b.black == g.black);
    CHECK(b.white == g.white);
    CHECK(b.event == g.event);
    CHECK(b.moves == g.moves);
}

TEST_CASE("ggf writer: a name holding a game start stays in its game") {
    GameRecord g;
    g.black = "(;GM[Othello]PB[x]";
    g.white = "a\\(b";  // a backslash before '(' not followed by ';' is kept as written
    g.moves = {core::parseSquare("f5")};
    g.status = GameStatus::Incomplete;
    const FileResult r = readGgfText(writeGgf({g, g}));
    REQUIRE(r.records.size() == 2);
    for (const GameRecord& b : r.records) {
        CHECK(b.diagnostics.empty());
        CHECK(b.black == g.black);
        CHECK(b.white == g.white);
        CHECK(b.moves == g.moves);
    }
}
