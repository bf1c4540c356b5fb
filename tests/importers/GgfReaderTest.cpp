// GGF reader: one fixture per case (tests/fixtures/importers/ggf, made by make_fixtures.py).
#include <catch2/catch.hpp>

#include "WthorTestSupport.h"
#include "core/Notation.h"
#include "importers/GgfReader.h"
#include "importers/Reader.h"

using namespace othello;
using namespace othello::importers;

namespace {

FileResult read(const std::string& name) {
    FileResult r;
    readGgf(name, wthortest::slurp(wthortest::fixture("ggf/" + name)), {}, r);
    return r;
}

FileResult readString(const std::string& text, const ReadOptions& options = {}) {
    FileResult r;
    readGgf("mem.ggf", text, options, r);
    return r;
}

const char* kStart =
    "BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]";

}  // namespace

TEST_CASE("ggf: several games per line, 1 prefix, suffixes, passes, dates, results") {
    const FileResult r = read("good.ggf");
    CHECK(r.format == Format::Ggf);
    CHECK(r.fileDiagnostics.empty());
    REQUIRE(r.records.size() == 3);
    for (const auto& g : r.records) {
        INFO(g.source.describe());
        CHECK(g.ok());
        CHECK(g.diagnostics.empty());
        CHECK(g.format == Format::Ggf);
        CHECK(g.standardStart);
    }
    const GameRecord& a = r.records[0];
    CHECK(a.black == "Alice");
    CHECK(a.white == "Bob");
    CHECK(a.place == "GGS/os");
    CHECK(a.date == "2003-12-15");
    CHECK(a.year == 2003);
    CHECK(a.complete());
    CHECK(a.passes() > 0);  // written PA
    CHECK(a.statedDiscDiff == Approx(a.score.black - a.score.white));
    CHECK(a.source.line == 1);
    CHECK(a.source.record == 0);
    const GameRecord& b = r.records[1];
    CHECK(b.date == "2000-01-08");  // DT[947375357], a Unix time
    CHECK(b.complete());
    CHECK(b.source.line == 2);
    const GameRecord& c = r.records[2];
    CHECK(c.source.line == 2);  // the second game of line 2
    CHECK(c.source.record == 2);
    CHECK(c.status == GameStatus::Incomplete);
    CHECK(c.statedResult == "+12:r");
    CHECK(c.statedDiscDiff == Approx(12));
    CHECK(c.date == "2004-02-29");
}

TEST_CASE("ggf: moves with eval/time suffixes, either case, pass spellings") {
    const std::string text =
        std::string("(;GM[Othello]PB[x]PW[y]TY[8]") + kStart + "B[F5/1.5/0.2]W[d6//3]B[c3];)";
    const FileResult r = readString(text);
    REQUIRE(r.records.size() == 1);
    CHECK(core::movesString(r.records[0].moves) == "f5d6c3");
    // A forced pass left out is inferred; an explicit "pass" is taken.
    const FileResult p = read("omitted_pass.ggf");
    REQUIRE(p.records.size() == 1);
    CHECK(p.records[0].ok());
    CHECK(p.records[0].passes() > 0);
    const FileResult full = read("good.ggf");
    CHECK(p.records[0].moves == full.records[0].moves);
}

TEST_CASE("ggf: BO start board with rows and the side to move") {
    const FileResult r = read("board.ggf");
    REQUIRE(r.records.size() == 1);
    const GameRecord& g = r.records[0];
    CHECK(g.ok());
    CHECK_FALSE(g.standardStart);
    CHECK(g.start.toMove() == core::Color::White);
    CHECK(g.start.count(core::Color::Black) == 4);
    CHECK(g.start.count(core::Color::White) == 1);
    CHECK(g.complete());
    CHECK(g.diagnostics.empty());  // RE agrees with the replay
}

TEST_CASE("ggf: other board sizes and games are records with a clear error") {
    const FileResult r = read("unsupported.ggf");
    REQUIRE(r.records.size() == 4);
    for (std::size_t i : {0, 2, 3}) {
        INFO(i);
        const GameRecord& g = r.records[i];
        CHECK(g.status == GameStatus::Error);
        REQUIRE(g.diagnostics.size() == 1);
        CHECK(g.diagnostics[0].code == "unsupported-variant");
        CHECK(g.diagnostics[0].where.line == static_cast<int>(i + 1));
        CHECK(g.black == "a");
    }
    CHECK(r.records[0].diagnostics[0].message.find("board size 10 is not supported") !=
          std::string::npos);
    CHECK(r.records[2].diagnostics[0].message.find("board size 4 is not supported") !=
          std::string::npos);
    CHECK(r.records[3].diagnostics[0].message.find("Checkers") != std::string::npos);
    // Anti-Othello (TY[8a]) is an 8x8 type: read, and marked (GgfVariantTest.cpp).
    CHECK(r.records[1].ok());
    CHECK(r.records[1].variant.anti);
    // A BO of another size under TY[8] is one too.
    const FileResult bo = readString("(;GM[Othello]TY[8]BO[10 ---------- *];)");
    REQUIRE(bo.records.size() == 1);
    CHECK(bo.records[0].diagnostics[0].code == "unsupported-variant");
}

TEST_CASE("ggf: record errors are located, the other games import") {
    struct Case {
        const char* file;
        const char* code;
        int move;
    };
    for (const Case c :
         {Case{"illegal_move.ggf", "occupied", 3}, Case{"wrong_side.ggf", "wrong-side", 2},
          Case{"bad_move.ggf", "bad-move", 2}, Case{"bad_board.ggf", "bad-board", 0}}) {
        INFO(c.file);
        const FileResult r = read(c.file);
        REQUIRE(r.records.size() == 1);
        const GameRecord& g = r.records[0];
        CHECK(g.status == GameStatus::Error);
        REQUIRE_FALSE(g.diagnostics.empty());
        const Diagnostic& d = g.diagnostics.back();
        CHECK(d.code == c.code);
        CHECK(d.moveNumber == c.move);
        CHECK(d.where.line == 1);
        CHECK(d.where.column > 1);
        CHECK(d.format().find(".ggf:1:") != std::string::npos);
    }
    const FileResult ill = read("illegal_move.ggf");
    CHECK(ill.records[0].moves.size() == 2);  // the legal prefix
}

TEST_CASE("ggf: unterminated games and properties") {
    // A game with no ';)' before the next one, a value with no ']' before ";)" at the end of
    // the file: both kept, with a damage warning, as far as they were read.
    const FileResult r = read("unterminated.ggf");
    REQUIRE(r.records.size() == 2);
    CHECK(r.records[0].ok());
    CHECK(r.records[0].moves.size() == 6);
    CHECK(r.records[0].diagnostics.back().code == "unterminated-game");
    CHECK(r.records[0].diagnostics.back().damage);
    CHECK(r.records[1].ok());
    CHECK(r.records[1].moves.size() == 2);
    CHECK(r.records[1].diagnostics.back().code == "unterminated-value");
    CHECK(r.records[1].black == "c");
    // A ']' missing in one game does not swallow the next one.
    const std::string text = std::string("(;GM[Othello]PB[a]TY[8]B[f5;)\n(;GM[Othello]PB[b]TY[8]") +
                             kStart + "B[f5];)\n";
    const FileResult s = readString(text);
    REQUIRE(s.records.size() == 2);
    CHECK(s.records[0].moves.size() == 1);
    CHECK(s.records[0].diagnostics.back().code == "unterminated-value");
    CHECK(s.records[1].ok());
    // With no ";)" to end it, a value never closed loses the record, not the next one.
    const FileResult lost =
        readString(std::string("(;GM[Othello]PB[a\n(;GM[Othello]PB[b]") + kStart + "B[f5];)\n");
    REQUIRE(lost.records.size() == 2);
    CHECK(lost.records[0].status == GameStatus::Error);
    CHECK(lost.records[0].diagnostics.back().code == "bad-game");
    CHECK(lost.records[1].ok());
    CHECK(lost.records[1].black == "b");
    CHECK(lost.records[1].source.line == 2);
    CHECK(s.records[1].black == "b");
    CHECK(s.records[1].source.line == 2);
}

TEST_CASE("ggf: RE against the replay") {
    const FileResult r = read("re_mismatch.ggf");
    REQUIRE(r.records.size() == 1);
    CHECK(r.records[0].complete());
    REQUIRE(r.records[0].diagnostics.size() == 1);
    CHECK(r.records[0].diagnostics[0].severity == Severity::Warning);
    CHECK(r.records[0].diagnostics[0].code == "re-mismatch");
    ReadOptions strict;
    strict.strict = true;
    FileResult s;
    readGgf("re.ggf", wthortest::slurp(wthortest::fixture("ggf/re_mismatch.ggf")), strict, s);
    CHECK(s.records[0].status == GameStatus::Error);
}

TEST_CASE("ggf: detection and stray text") {
    CHECK(looksLikeGgf("(;GM[Othello]PC[GGS/os]"));
    CHECK(looksLikeGgf("1 (;GM[Othello]"));
    CHECK(looksLikeGgf("  \n(;PB[x]"));
    CHECK_FALSE(looksLikeGgf("f5d6c3d3c4"));
    CHECK_FALSE(looksLikeGgf("[Event \"x\"]"));
    const FileResult r = readString("hello\n");
    CHECK(r.records.empty());
    REQUIRE(r.fileDiagnostics.size() == 1);
    CHECK(r.fileDiagnostics[0].code == "stray-text");
    // No game at all is said by the front door, for every format.
    ReadOptions ggf;
    ggf.format = Format::Ggf;
    const FileResult e = readText("mem.ggf", "", ggf);
    REQUIRE(e.fileDiagnostics.size() == 1);
    CHECK(e.fileDiagnostics[0].code == "no-games");
    CHECK(e.fileDiagnostics[0].severity == Severity::Error);
}

TEST_CASE("ggf: a UTF-8 byte-order mark is not stray text") {
    const FileResult r = readFile(wthortest::fixture("ggf/bom.ggf"));
    CHECK(r.format == Format::Ggf);
    CHECK(r.fileDiagnostics.empty());
    REQUIRE(r.records.size() == 1);
    CHECK(r.records[0].complete());
    CHECK(r.records[0].source.line == 1);
    // Also when the reader is called directly.
    FileResult direct;
    readGgf("bom.ggf", wthortest::slurp(wthortest::fixture("ggf/bom.ggf")), {}, direct);
    CHECK(direct.fileDiagnostics.empty());
    CHECK(looksLikeGgf("\xEF\xBB\xBF(;GM[Othello]"));
}

TEST_CASE("ggf: any text is read without crashing") {
    const std::string good = wthortest::slurp(wthortest::fixture("ggf/good.ggf"));
    for (std::size_t n = 0; n < good.size(); n += 13) {
        const FileResult r = readString(good.substr(0, n));
        for (const auto& g : r.records) CHECK((g.ok() || !g.diagnostics.empty()));
    }
}
