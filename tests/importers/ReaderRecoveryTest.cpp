// Broken text does not swallow the records after it: constructs never closed end at the next
// record boundary with a damage warning; limits per record and per file (ReadLimits.h); stray
// NUL bytes; games with no moves; records handed one by one (ReadOptions::onRecord).
#include <catch2/catch.hpp>

#include "ReaderTestSupport.h"
#include "importers/GgfReader.h"

using namespace othello;
using namespace othello::importers;
using namespace othello::importers::testing;

namespace {

const Diagnostic* find(const GameRecord& g, const std::string& code) {
    for (const Diagnostic& d : g.diagnostics)
        if (d.code == code) return &d;
    return nullptr;
}

const char* kGgfStart =
    "TY[8]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]";

FileResult ggf(const std::string& text) {
    FileResult r;
    readGgf("mem.ggf", text, {}, r);
    return r;
}

}  // namespace

TEST_CASE("recovery: a PGN '(' never closed ends at the next game") {
    const FileResult r = readWith("v.pgn",
                                  "[Event \"A\"]\n\n1. F5 D6 (1... F6\n2. C3 D3\n\n"
                                  "[Black \"x\"]\n[Event \"B\"]\n1. F5 F6\n",
                                  Format::Pgn);
    REQUIRE(r.records.size() == 2);
    CHECK(movesOf(r.records[0]) == "f5d6");
    const Diagnostic* d = find(r.records[0], "unclosed-variation");
    REQUIRE(d);
    CHECK(d->damage);
    CHECK(d->where.line == 3);
    CHECK(d->where.column == 10);
    // A tag after a blank line starts the next game even when it is not [Event].
    CHECK(r.records[1].black == "x");
    CHECK(r.records[1].event == "B");
    CHECK(movesOf(r.records[1]) == "f5f6");
    CHECK(r.damaged());
}

TEST_CASE("recovery: a PGN comment that quotes a tag mid-text is still one comment") {
    const FileResult r =
        readWith("c.pgn", "[Event \"A\"]\n\n1. F5 {see\n[Black \"x\"]\nabove} D6\n", Format::Pgn);
    REQUIRE(r.records.size() == 1);
    CHECK(movesOf(r.records[0]) == "f5d6");
    CHECK(r.records[0].diagnostics.empty());
    CHECK(!r.damaged());
}

TEST_CASE("recovery: a CSV quote never closed ends with its line") {
    const std::string text = "id,winner,moves\n1,1,\"f5d6\n2,1,f5d6c3\n3,-1,\"f5f6\"\n4,0,c4c3\n";
    const FileResult r = readWith("q.csv", text, Format::Csv);
    REQUIRE(r.records.size() == 4);
    CHECK(r.records[0].gameId == "1");
    CHECK(movesOf(r.records[0]) == "f5d6");
    const Diagnostic* d = find(r.records[0], "unterminated-quote");
    REQUIRE(d);
    CHECK(d->damage);
    CHECK(d->severity == Severity::Warning);
    CHECK(d->where.line == 2);
    CHECK(d->where.column == 5);
    CHECK(movesOf(r.records[1]) == "f5d6c3");
    CHECK(movesOf(r.records[2]) == "f5f6");
    CHECK(movesOf(r.records[3]) == "c4c3");
    for (std::size_t i = 1; i < 4; ++i) CHECK(r.records[i].diagnostics.empty());
    CHECK(r.damagedRecords == 1);

    // A quoted field spanning lines and closed properly is one field, as before.
    const FileResult ok =
        readWith("ok.csv", "id,event,moves\n1,\"two\nlines\",f5d6\n2,x,c4\n", Format::Csv);
    REQUIRE(ok.records.size() == 2);
    CHECK(ok.records[0].event == "two\nlines");
    CHECK(!ok.damaged());
}

TEST_CASE("recovery: a GGF value holding another header property is split there") {
    const FileResult r = ggf(std::string("(;GM[Othello]PB[NamePW[Other]") + kGgfStart +
                             "B[f5];)\n(;GM[Othello]PB[b]PW[c]" + kGgfStart + "B[f5];)\n");
    REQUIRE(r.records.size() == 2);
    CHECK(r.records[0].ok());
    CHECK(r.records[0].black == "Name");
    CHECK(r.records[0].white == "Other");
    const Diagnostic* d = find(r.records[0], "unterminated-value");
    REQUIRE(d);
    CHECK(d->damage);
    CHECK(d->where.column == 14);
    CHECK(r.records[1].black == "b");
    CHECK(r.records[1].diagnostics.empty());
}

TEST_CASE("recovery: the GGF split never loses a record that reads as written") {
    // Split at BO, the value gives a bad board; as written, the record is good: kept so.
    const FileResult r = ggf(std::string("(;GM[Othello]") + kGgfStart + "PB[a-BO[x]B[f5];)\n");
    REQUIRE(r.records.size() == 1);
    CHECK(r.records[0].ok());
    CHECK(r.records[0].black == "a-BO[x");
    REQUIRE(find(r.records[0], "suspicious-value"));
    CHECK(!find(r.records[0], "suspicious-value")->damage);
    // "\]" is a ']' inside a value.
    const FileResult e = ggf(std::string("(;GM[Othello]PB[a\\]b]") + kGgfStart + "B[f5];)\n");
    REQUIRE(e.records.size() == 1);
    CHECK(e.records[0].black == "a]b");
    CHECK(e.records[0].diagnostics.empty());
}

TEST_CASE("recovery: games with no moves are kept with a warning") {
    const FileResult p =
        readWith("e.pgn", "[Event \"forfeit\"]\n[Result \"1-0\"]\n\n1-0\n\n[Event \"x\"]\n1. F5\n",
                 Format::Pgn);
    REQUIRE(p.records.size() == 2);
    CHECK(p.records[0].ok());
    CHECK(p.records[0].moves.empty());
    REQUIRE(find(p.records[0], "no-moves"));
    CHECK(find(p.records[0], "no-moves")->severity == Severity::Warning);
    CHECK(!find(p.records[1], "no-moves"));

    const FileResult c = readWith("e.csv", "id,moves\n1,\n2,f5\n", Format::Csv);
    REQUIRE(c.records.size() == 2);
    CHECK(c.records[0].ok());
    CHECK(find(c.records[0], "no-moves"));
    CHECK(c.records[1].diagnostics.empty());
}

TEST_CASE("limits: long values are cut, endless move lists and diagnostics bounded") {
    const std::string name(10000, 'n');
    const FileResult p =
        readWith("l.pgn", "[Event \"x\"]\n[Black \"" + name + "\"]\n1. F5\n", Format::Pgn);
    REQUIRE(p.records.size() == 1);
    CHECK(p.records[0].black.size() == kMaxValueBytes);
    REQUIRE(find(p.records[0], "value-too-long"));
    CHECK(p.records[0].ok());

    // 100,000 moves on one line: the same error as a game that goes on after its end.
    std::string moves =
        "f5d6c3d3c4f4c5b3c2e3d2c6b4b5f2e2a3d1c1a4a5f3g4f1e7d7d8e6f6b6e1b1c7a6a7b2f7"
        "g3g5h4h5g2h1g1a1a2b7c8b8a8h3h6g6e8h7h2h8g8g7f8";
    for (int i = 0; i < 1600; ++i) moves += "f5d6c3d3c4f4c5b3c2e3d2c6b4b5f2e2a3d1c1a4a5f3g4f1e7";
    const FileResult m = readWith("long.moves", moves + "\n", Format::Moves);
    REQUIRE(m.records.size() == 1);
    CHECK(m.records[0].status == GameStatus::Error);
    CHECK(m.records[0].moves.size() >= 60);

    // 1500 bad records: every one counted, the first kMaxDiagnosticsPerFile kept.
    std::string bad;
    for (int i = 0; i < 1500; ++i) bad += "zz\n";
    const FileResult b = readWith("bad.moves", bad, Format::Moves);
    CHECK(b.recordCount == 1500);
    CHECK(b.errorRecords == 1500);
    CHECK(b.diagnosticsKept == static_cast<std::int64_t>(kMaxDiagnosticsPerFile));
    CHECK(b.diagnosticsDropped == 500);
    REQUIRE(b.records.size() == 1500);
    CHECK(b.records[999].diagnostics.size() == 1);
    CHECK(b.records[1000].diagnostics.empty());
    CHECK(b.records[1499].status == GameStatus::Error);
    bool summarised = false;
    for (const Diagnostic& d : b.fileDiagnostics)
        summarised |= d.code == "diagnostic-limit" &&
                      d.message.find("500 more diagnostics") != std::string::npos &&
                      d.message.find("500 not-a-square") != std::string::npos;
    CHECK(summarised);
}

TEST_CASE("limits: a record longer than kMaxRecordBytes is an error, the next one is read") {
    const std::string huge(kMaxRecordBytes + 10, 'x');
    const FileResult c =
        readWith("big.csv", "id,event,moves\n1,\"" + huge + "\",f5\n2,e,c4\n", Format::Csv);
    REQUIRE(c.records.size() == 2);
    CHECK(c.records[0].status == GameStatus::Error);
    CHECK(find(c.records[0], "record-too-large"));
    CHECK(movesOf(c.records[1]) == "c4");

    const FileResult g = ggf("(;GM[Othello]PB[a]C[" + huge + "]B[f5];)\n(;GM[Othello]PB[b]" +
                             kGgfStart + "B[f5];)\n");
    REQUIRE(g.records.size() == 2);
    CHECK(g.records[0].status == GameStatus::Error);
    CHECK(g.records[0].black == "a");
    CHECK(g.records[1].ok());
    CHECK(g.records[1].black == "b");

    std::string moves;
    for (std::size_t i = 0; moves.size() < kMaxRecordBytes + 10; ++i) moves += "{comment} f5 ";
    const FileResult p = readWith(
        "big.pgn", "[Event \"a\"]\n1. " + moves + "\n\n[Event \"b\"]\n1. F5\n", Format::Pgn);
    REQUIRE(p.records.size() == 2);
    CHECK(p.records[0].status == GameStatus::Error);
    CHECK(find(p.records[0], "record-too-large"));
    CHECK(movesOf(p.records[1]) == "f5");
}

TEST_CASE("binary: a stray NUL is reported where it is, the good records are read") {
    std::string text = "[Event \"a\"]\n\n1. F5 D6\n\n[Event \"b\"]\n1. F5";
    text += '\0';
    text += " F6\n\n[Event \"c\"]\n1. C4\n";
    const auto dir = tempDir("nul");
    const auto path = dir / "nul.pgn";
    std::ofstream(path, std::ios::binary) << text;
    const FileResult r = readFile(path);
    CHECK(r.readable);
    CHECK(r.format == Format::Pgn);
    REQUIRE(r.records.size() == 3);
    CHECK(movesOf(r.records[0]) == "f5d6");
    CHECK(r.records[1].status == GameStatus::Error);  // the NUL is in its moves
    CHECK(movesOf(r.records[2]) == "c4");
    REQUIRE(!r.fileDiagnostics.empty());
    const Diagnostic& d = r.fileDiagnostics.front();
    CHECK(d.code == "nul-byte");
    CHECK(d.where.line == 6);
    CHECK(d.where.column == 6);
    std::filesystem::remove_all(dir);
}

TEST_CASE("records are handed one by one when ReadOptions::onRecord is set") {
    ReadOptions o;
    o.format = Format::Moves;
    std::vector<std::string> seen;
    o.onRecord = [&](GameRecord&& g) { seen.push_back(movesOf(g)); };
    const FileResult r = readText("s.moves", "f5d6\nzz\nc4\n", o);
    CHECK(r.records.empty());
    CHECK(r.recordCount == 3);
    CHECK(r.errorRecords == 1);
    CHECK(seen == std::vector<std::string>{"f5d6", "", "c4"});
}

TEST_CASE("recovery: --strict rejects the very record the lax read keeps") {
    // --strict is applied once, by keepRecord: the GGF reader does not apply it while choosing
    // between the split and the as-written reading, so --strict rejects the record read as
    // written (with its warnings), not the split one with another error.
    const std::string text =
        std::string("(;GM[Othello]DT[someday]") + kGgfStart + "PB[a-BO[x]B[f5];)\n";
    const FileResult lax = ggf(text);
    REQUIRE(lax.records.size() == 1);
    CHECK(lax.records[0].ok());
    ReadOptions strict;
    strict.strict = true;
    FileResult s;
    readGgf("mem.ggf", text, strict, s);
    REQUIRE(s.records.size() == 1);
    const GameRecord& g = s.records[0];
    CHECK(g.status == GameStatus::Error);
    CHECK(g.black == "a-BO[x");
    CHECK(g.moves == lax.records[0].moves);
    REQUIRE(g.diagnostics.size() == lax.records[0].diagnostics.size());
    for (std::size_t i = 0; i < g.diagnostics.size(); ++i)
        CHECK(g.diagnostics[i].code == lax.records[0].diagnostics[i].code);
}
