// Streaming (BlockStream.h, Reader.cpp): a file read block by block gives exactly what the whole
// text gives (records, diagnostics and their locations, counts, limits), wherever the blocks are
// cut; a record longer than a block is still an error without the file being held; no cap on
// the size of a streamed file.
#include <sys/resource.h>
#include <catch2/catch.hpp>

#include <sstream>

#include "ReaderTestSupport.h"
#include "importers/BlockStream.h"

using namespace othello;
using namespace othello::importers;
using namespace othello::importers::testing;

namespace {

std::string where(const SourceLocation& s) {
    return s.path + ":" + std::to_string(s.line) + ":" + std::to_string(s.column) + "#" +
           std::to_string(s.record) + "@" + std::to_string(s.byteOffset);
}

// Everything a caller can see of a read, as text, so that two reads compare in one CHECK and a
// difference prints where it is.
std::string describe(const FileResult& r) {
    std::ostringstream s;
    s << "format " << formatName(r.format) << " readable " << r.readable << " records "
      << r.recordCount << " errors " << r.errorRecords << " damaged " << r.damagedRecords
      << " kept " << r.diagnosticsKept << " dropped " << r.diagnosticsDropped << '\n';
    for (const auto& [code, n] : r.droppedByCode) s << "  dropped " << code << ' ' << n << '\n';
    for (const Diagnostic& d : r.fileDiagnostics)
        s << "  file " << where(d.where) << ' ' << d.code << ' ' << d.damage << ' ' << d.message
          << '\n';
    for (const GameRecord& g : r.records) {
        s << "record " << where(g.source) << ' ' << statusName(g.status) << ' ' << movesOf(g)
          << " [" << g.black << "|" << g.white << "|" << g.event << "|" << g.date << "]\n";
        for (const Diagnostic& d : g.diagnostics)
            s << "  " << where(d.where) << ' ' << d.code << ' ' << d.moveNumber << ' ' << d.damage
              << ' ' << d.message << '\n';
    }
    return s.str();
}

FileResult whole(const std::string& text, Format f) {
    return readWith("f", text, f);
}

FileResult streamed(const std::string& text, Format f, std::size_t blockSize) {
    std::istringstream in(text);
    ReadOptions o;
    o.format = f;
    return readStream("f", in, f, o, blockSize);
}

// The text of every fixture of a format, repeated so that it spans many small blocks.
std::string fixturesOf(const std::string& dir, bool csvRows) {
    std::string all;
    std::string header;
    for (int copy = 0; copy < 3; ++copy) {
        for (const auto& e : std::filesystem::directory_iterator(fixture(dir))) {
            if (e.path().extension() == ".py") continue;
            std::string text = slurp(e.path());
            if (text.empty()) continue;
            if (csvRows) {
                // One header for the file: the rows of every fixture with a moves column.
                const std::size_t end = text.find('\n');
                if (end == std::string::npos || text.find("moves") > end) continue;
                if (header.empty()) header = text.substr(0, end + 1);
                if (text.substr(0, end + 1) != header) continue;
                text = text.substr(end + 1);
            }
            if (!text.empty() && text.back() != '\n') text += '\n';
            all += text;
            all += dir == "pgn" ? "\n" : "";
        }
    }
    return header + all;
}

void checkEveryCut(const std::string& text, Format f) {
    const std::string expected = describe(whole(text, f));
    for (std::size_t block : {3000u, 5000u, 8192u}) {
        INFO(formatName(f) << " in blocks of " << block << " bytes");
        CHECK(describe(streamed(text, f, block)) == expected);
    }
}

}  // namespace

TEST_CASE("stream: every fixture reads the same in blocks as whole, damage and errors included") {
    checkEveryCut(fixturesOf("pgn", false), Format::Pgn);
    checkEveryCut(fixturesOf("ggf", false), Format::Ggf);
    checkEveryCut(fixturesOf("moves", false), Format::Moves);
    checkEveryCut(fixturesOf("csv", true), Format::Csv);
}

TEST_CASE("stream: unclosed constructs, CRLF, NUL bytes and games several to a line") {
    std::string pgn;
    for (int i = 0; i < 40; ++i) {
        pgn += "[Event \"e" + std::to_string(i) + "\"]\r\n[Black \"b\"]\r\n\r\n1. F5 D6 ";
        if (i % 7 == 3) pgn += "{ never closed\r\n";
        if (i % 11 == 5) pgn += "( F4 E3\r\n";
        if (i % 13 == 6) pgn += std::string("C3") + '\0' + " D3";
        pgn += "\r\n\r\n";
    }
    checkEveryCut(pgn, Format::Pgn);
    // Games without an Event tag start at a tag after a blank line.
    std::string noEvent;
    for (int i = 0; i < 60; ++i)
        noEvent += "[Black \"b" + std::to_string(i) + "\"]\n[White \"w\"]\n\n1. F5 D6 C3\n\n";
    checkEveryCut(noEvent, Format::Pgn);

    std::string ggf;
    for (int i = 0; i < 60; ++i) {
        ggf += "(;GM[Othello]PB[p" + std::to_string(i) + "]TY[8]B[f5]W[d6];)";
        if (i % 9 == 4) ggf += "(;GM[Othello]PB[never closed PW[x]B[f5];)";
        if (i % 5 == 0) ggf += "\n";
        if (i % 17 == 8) ggf += " stray text ";
    }
    checkEveryCut(ggf, Format::Ggf);

    std::string csv = "id,black,moves\r\n";
    for (int i = 0; i < 80; ++i) {
        csv += std::to_string(i) + ",\"Name, " + std::to_string(i) + "\",f5d6c3\r\n";
        if (i % 10 == 3) csv += std::to_string(i) + ",\"spans\nlines\",f5d6\n";
        if (i % 13 == 7) csv += std::to_string(i) + ",\"never closed,f5\n";
    }
    checkEveryCut(csv, Format::Csv);
}

TEST_CASE("stream: the diagnostic limit and record numbers run across blocks") {
    std::string moves;
    for (int i = 0; i < 3 * static_cast<int>(kMaxDiagnosticsPerFile); ++i)
        moves += i % 2 ? "f5d6c3\n" : "f5 f5\n";
    checkEveryCut(moves, Format::Moves);
    const FileResult r = streamed(moves, Format::Moves, 4096);
    CHECK(r.diagnosticsDropped == static_cast<std::int64_t>(kMaxDiagnosticsPerFile / 2));
    CHECK(r.records.back().source.line == 3 * static_cast<int>(kMaxDiagnosticsPerFile));
}

TEST_CASE("stream: a record longer than a block is an error, the next one is read") {
    // Larger than a whole block (8 MiB), so the record is handed on cut and the rest skipped.
    const std::string huge(kStreamBlockSize + 100, 'x');
    const auto dir = tempDir("stream-huge");
    const std::pair<const char*, std::string> files[] = {
        {"huge.pgn",
         "[Event \"a\"]\n1. F5 {" + huge + "} D6 " + huge + "\n\n[Event \"b\"]\n1. F5 D6\n"},
        {"huge.ggf", "(;GM[Othello]PB[a]C[" + huge + "]B[f5];)\n(;GM[Othello]PB[b]TY[8]B[f5];)\n"},
        {"huge.csv", "id,event,moves\n1,\"" + huge + "\",f5\n2,e,c4\n"},
        {"huge.moves", "f5 " + huge + "\nf5d6\n"}};
    for (const auto& [file, text] : files) {
        INFO(file);
        std::ofstream(dir / file, std::ios::binary) << text;
        const FileResult r = readFile(dir / file);
        REQUIRE(r.records.size() == 2);
        CHECK(r.records[0].status == GameStatus::Error);
        CHECK(r.records[1].ok());
        CHECK(r.damagedRecords >= 1);
        // The next record is where the whole text read at once puts it.
        const FileResult w = readText((dir / file).string(), text, {});
        REQUIRE(w.records.size() == 2);
        CHECK(r.records[1].source.line == w.records[1].source.line);
        CHECK(movesOf(r.records[1]) == movesOf(w.records[1]));
    }
    std::filesystem::remove_all(dir);
}

TEST_CASE("stream: a file larger than a block costs one block of memory") {
    // 64 MiB of games (today's cap of a whole read was 1 GiB; what matters is that the memory
    // does not grow with the file): the peak grows by far less than the file.
    const auto dir = tempDir("stream-rss");
    const auto path = dir / "many.moves";
    {
        std::ofstream out(path, std::ios::binary);
        const std::string line = std::string(kPenloupMoves) + "\n";
        for (std::size_t n = 0; n < (std::size_t{64} << 20); n += line.size()) out << line;
    }
    rusage before{};
    getrusage(RUSAGE_SELF, &before);
    std::int64_t games = 0;
    ReadOptions o;
    o.onRecord = [&](GameRecord&&) { ++games; };
    const FileResult r = readFile(path, o);
    rusage after{};
    getrusage(RUSAGE_SELF, &after);
    CHECK(r.readable);
    CHECK(r.errorRecords == 0);
    CHECK(games == r.recordCount);
    CHECK(games > 500000);
    CHECK(after.ru_maxrss - before.ru_maxrss < 40 * 1024);  // KiB: well under the 64 MiB file
    std::filesystem::remove_all(dir);
}

TEST_CASE("stream: PGN games with neither Event tags nor blank lines between them") {
    // Each game ends where the next one's tags follow its moves, as PgnReader reads it; no
    // record is taken for one larger than a block, none is lost.
    std::string pgn;
    for (int i = 0; i < 300; ++i)
        pgn += "[Black \"b" + std::to_string(i) + "\"]\n[White \"w\"]\n1. F5 D6 C3\n";
    checkEveryCut(pgn, Format::Pgn);
    const FileResult r = streamed(pgn, Format::Pgn, 4096);
    CHECK(r.recordCount == 300);
    CHECK(r.errorRecords == 0);
    // CRLF, and a comment line or a tag line before a tag: no cut there.
    std::string crlf;
    for (int i = 0; i < 200; ++i)
        crlf += "[Black \"b" + std::to_string(i) + "\"]\r\n[White \"w\"]\r\n{c}\r\n[Round \"" +
                std::to_string(i) + "\"]\r\n1. F5 D6 C3 1-0\r\n";
    checkEveryCut(crlf, Format::Pgn);
    // The byte kept before a line start tells nothing of the line it ends: no blank line.
    CHECK(pgnBoundary("\n[White \"w\"]\n1. F5\n", true) == std::string_view::npos);
    CHECK(pgnBoundary("1. F5\n\n[White \"w\"]\n1. F5\n", true) == 7);
}

TEST_CASE("stream: records the format cannot tell apart are cut at a line, never lost") {
    // Forfeits of two tags each with no Event and no blank line: PgnReader ends each at the
    // tag it has already, the boundary sees no game start. Past kMaxRecordBytes the block is
    // cut at a line start: every game is read (one may be split in two at the cut).
    std::string pgn;
    while (pgn.size() < 2 * kMaxRecordBytes) pgn += "[Black \"a\"]\n[White \"b\"]\n";
    const FileResult w = whole(pgn, Format::Pgn);
    const FileResult s = streamed(pgn, Format::Pgn, 4096);
    CHECK(w.recordCount == static_cast<std::int64_t>(pgn.size() / 24));
    CHECK(s.recordCount >= w.recordCount);
    CHECK(s.recordCount <= w.recordCount + 2);
    CHECK(s.errorRecords == 0);
    CHECK(s.damagedRecords == 0);
}

TEST_CASE("stream: a CSV whose header comes after blank lines") {
    for (const std::string eol : {"\n", "\r\n"}) {
        std::string csv = eol + eol + "id;black;moves" + eol;
        for (int i = 0; i < 300; ++i)
            csv += std::to_string(i) + ";\"Name " + std::to_string(i) + "\";f5d6c3" + eol;
        checkEveryCut(csv, Format::Csv);
        const FileResult r = streamed(csv, Format::Csv, 4096);
        CHECK(r.readable);
        CHECK(r.recordCount == 300);
        REQUIRE(!r.records.empty());
        CHECK(r.records.back().source.line == 303);
        CHECK(r.records.back().black == "Name 299");
    }
}

TEST_CASE("stream: lines after a record too large in a CRLF file keep their numbers") {
    // The record's CR LF ends exactly at the end of the block: the cut must not fall between
    // them, or the LF is counted as one more line.
    const std::size_t block = kMaxRecordBytes + 4096;
    const std::string text = "f5d6\r\n" + std::string(block - 2, 'x') + "\r\nf5d6c3\r\n";
    const FileResult s = streamed(text, Format::Moves, block);
    REQUIRE(s.records.size() == 3);
    CHECK(s.records[1].status == GameStatus::Error);
    CHECK(s.records[2].ok());
    CHECK(s.records[2].source.line == 3);
    CHECK(s.records[2].source.line == whole(text, Format::Moves).records[2].source.line);
}

TEST_CASE("stream: a GGF value holding an escaped game start is no cut") {
    CHECK(ggfBoundary("(;GM[Othello]C[a \\(;b]B[f5];)", false) == std::string_view::npos);
    CHECK(ggfBoundary("(;GM[Othello]C[a \\(;b]B[f5];)", true) == std::string_view::npos);
    CHECK(ggfBoundary("(;GM[Othello]C[a \\(;b]B[f5];)\n(;GM[Othello];)", true) == 30);
    std::string ggf;
    for (int i = 0; i < 60; ++i)
        ggf += "(;GM[Othello]PB[p" + std::to_string(i) +
               "]C[quoting \\(;GM[Othello]PB[x]B[c4];) as text]TY[8]B[f5]W[d6];)\n";
    checkEveryCut(ggf, Format::Ggf);
    const FileResult r = streamed(ggf, Format::Ggf, 3000);
    CHECK(r.recordCount == 60);
    CHECK(r.errorRecords == 0);
}

TEST_CASE("stream: a quote inside a CSV field opens nothing") {
    const std::string text = "id,name,moves\n1,Jo\"hn,f5\n2,\"multi\nline\",f5\n3,x,f5\n";
    CHECK(csvBoundary(text, false) == text.find("3,x"));
    std::string csv = "id,black,moves\n";
    for (int i = 0; i < 80; ++i) {
        csv += std::to_string(i) + ",Jo\"hn " + std::to_string(i) + ",f5d6c3\n";
        csv += std::to_string(i) + ",\"spans\nthree\nlines " + std::to_string(i) + "\",f5d6\n";
    }
    checkEveryCut(csv, Format::Csv);
}

TEST_CASE("stream: a game of tags only before the next game's tags, no blank line between") {
    std::string pgn;
    for (int i = 0; i < 80; ++i) {
        pgn += "[Event \"forfeit\"]\n[Black \"a" + std::to_string(i) + "\"]\n[Result \"1-0\"]\n";
        pgn += "[Event \"e\"]\n[Black \"b" + std::to_string(i) + "\"]\n1. F5 D6 C3 *\n";
        // A roster that does not start with Event is one game.
        pgn += "[Black \"x" + std::to_string(i) + "\"]\n[Event \"B\"]\n1. F5 F6\n";
    }
    checkEveryCut(pgn, Format::Pgn);
    const FileResult r = whole(pgn, Format::Pgn);
    REQUIRE(r.records.size() == 240);
    CHECK(r.records[0].black == "a0");
    CHECK(r.records[1].black == "b0");
    CHECK(r.records[2].black == "x0");
    CHECK(r.records[2].event == "B");
}
