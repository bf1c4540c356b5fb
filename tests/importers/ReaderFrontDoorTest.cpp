// The front door: format detection from content, --format, --strict, unreadable files,
// hostile input through readText, the same games from PGN and WTHOR.
#include <catch2/catch.hpp>

#include <random>

#include <sys/stat.h>

#include "ReaderTestSupport.h"
#include "importers/ReaderUtil.h"

using namespace othello;
using namespace othello::importers;
using namespace othello::importers::testing;

TEST_CASE("reader: the format is detected from the content, whatever the file name") {
    const std::pair<const char*, Format> files[] = {
        {"tests/fixtures/samples/games.moves", Format::Moves},
        {"tests/fixtures/samples/game.moves", Format::Moves},
        {"tests/fixtures/samples/wc1992.transcript", Format::Transcript},
        {"tests/fixtures/samples/games.pgn", Format::Pgn},
        {"tests/fixtures/samples/games.csv", Format::Csv}};
    for (const auto& [rel, format] : files) {
        INFO(rel);
        const std::string text = slurp(sourcePath(rel));
        // Under a name that says nothing.
        CHECK(detectFormat("/nonexistent/file.txt", text) == format);
        CHECK(readWith("file.txt", text, Format::Auto).format == format);
        CHECK(readFile(sourcePath(rel)).format == format);
    }
    CHECK(detectFormat("x.ggf", "(;GM[Othello]PC[x]TY[8]B[f5];)") == Format::Ggf);
    CHECK(detectFormat("x", "f5d6c3") == Format::Moves);
    CHECK(detectFormat("x", "Black: A\nWhite: B\n") == Format::Transcript);
    CHECK(detectFormat("x", "id,winner\n1,1\n") == Format::Csv);
}

TEST_CASE("reader: --format overrides detection") {
    const std::string text = slurp(sourcePath("tests/fixtures/samples/games.csv"));
    const FileResult asMoves = readWith("games.csv", text, Format::Moves);
    CHECK(asMoves.format == Format::Moves);
    REQUIRE(!asMoves.records.empty());
    CHECK(!asMoves.records[0].ok());  // the header is no move list
    ReadOptions o;
    o.format = Format::Transcript;
    const FileResult t = readFile(fixture("transcript/missing-grid.transcript"), o);
    CHECK(t.format == Format::Transcript);
}

TEST_CASE("reader: --strict turns warnings into record errors") {
    const std::string text = slurp(fixture("pgn/result-mismatch.pgn"));
    CHECK(readWith("a.pgn", text, Format::Auto).records[0].ok());
    CHECK(!readWith("a.pgn", text, Format::Auto, true).records[0].ok());
}

TEST_CASE("reader: unreadable files are file errors") {
    const FileResult missing = readFile("/nonexistent/games.pgn");
    CHECK(!missing.readable);
    REQUIRE(missing.fileDiagnostics.size() == 1);
    CHECK(missing.fileDiagnostics[0].code == "unreadable");
    CHECK(missing.fileDiagnostics[0].where.path == "/nonexistent/games.pgn");
    const FileResult dir = readFile(sourcePath("tests/fixtures/samples"));
    CHECK(!dir.readable);
    const FileResult empty = readWith("empty", "", Format::Auto);
    CHECK(empty.readable);
    CHECK(empty.records.empty());
}

TEST_CASE("reader: devices and FIFOs are refused, never read without end") {
    // /dev/zero never ends and claims size 0: reading it whole would exhaust memory.
    const FileResult zero = readFile("/dev/zero");
    CHECK(!zero.readable);
    REQUIRE(zero.fileDiagnostics.size() == 1);
    CHECK(zero.fileDiagnostics[0].code == "unreadable");
    CHECK(zero.fileDiagnostics[0].message.find("not a regular file") != std::string::npos);
    ReadOptions wthor;
    wthor.format = Format::Wthor;
    CHECK(!readFile("/dev/zero", wthor).readable);
    // A FIFO nobody writes to: opening it would block forever.
    const std::filesystem::path dir = tempDir("fifo");
    const std::filesystem::path fifo = dir / "games.moves";
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    const FileResult f = readFile(fifo);
    CHECK(!f.readable);
    REQUIRE(f.fileDiagnostics.size() == 1);
    CHECK(f.fileDiagnostics[0].code == "unreadable");
    std::filesystem::remove_all(dir);
}

TEST_CASE("reader: a readable file without one record is the file error no-games") {
    const auto noGames = [](const FileResult& r) {
        CHECK(r.readable);
        CHECK(r.records.empty());
        REQUIRE(r.fileDiagnostics.size() >= 1);
        CHECK(r.fileDiagnostics.back().code == "no-games");
        CHECK(r.fileDiagnostics.back().severity == Severity::Error);
    };
    noGames(readFile(fixture("empty/empty.moves")));
    noGames(readFile(fixture("csv/header-only.csv")));
    ReadOptions ggf;
    ggf.format = Format::Ggf;
    noGames(readFile(fixture("pgn/comments.pgn"), ggf));
    noGames(readWith("comments-only", "# nothing but a comment\n", Format::Auto));
}

TEST_CASE("reader: WTHOR names files are skipped with a note, binary garbage too") {
    for (const char* rel : {"wthor/WTHOR.JOU", "wthor/WTHOR.TRN"}) {
        INFO(rel);
        const FileResult r = readFile(fixture(rel));
        CHECK(r.readable);
        CHECK(r.records.empty());
        REQUIRE(r.fileDiagnostics.size() == 1);
        CHECK(r.fileDiagnostics[0].code == "not-a-game-file");
        CHECK(r.fileDiagnostics[0].severity == Severity::Note);
    }
    // No format detected in binary data that is no WTHOR file: no game record, skipped.
    const FileResult bin = readFile(fixture("binary/garbage.bin"));
    CHECK(bin.readable);
    CHECK(bin.skipped);
    CHECK(bin.records.empty());
    REQUIRE(bin.fileDiagnostics.size() == 1);
    CHECK(bin.fileDiagnostics[0].code == "not-a-game-record");
    CHECK(bin.fileDiagnostics[0].message == "not a game record (binary data): skipped");
    // Forcing a text format does not read binary bytes as moves either: a file error.
    ReadOptions moves;
    moves.format = Format::Moves;
    CHECK(readFile(fixture("binary/garbage.bin"), moves).fileDiagnostics[0].code == "binary");
    CHECK(readWith("mem", slurp(fixture("binary/garbage.bin")), Format::Auto).skipped);
}

TEST_CASE("reader: diagnostic messages never carry control bytes or invalid UTF-8") {
    CHECK(text::printable("plain \xC3\xA9t\xC3\xA9") == "plain \xC3\xA9t\xC3\xA9");
    CHECK(text::printable(std::string("a\x1B[2Jb\x00"
                                      "c\x7F",
                                      9)) == "a\\x1B[2Jb\\x00c\\x7F");
    CHECK(text::printable("\xFF\xC3") == "\\xFF\\xC3");
    CHECK(text::printable(text::printable("\x07")) == "\\x07");
    // A move list with an escape sequence and a stray Latin-1 byte in a bad token, read as
    // moves on purpose: the message quotes it escaped.
    const std::string text = std::string("f5 d6 \x1B[2J\xE9x\n");
    const FileResult r = readWith("esc.moves", text, Format::Moves);
    REQUIRE(r.records.size() == 1);
    const Diagnostic* d = firstError(r.records[0]);
    REQUIRE(d != nullptr);
    CHECK(d->message.find('\x1B') == std::string::npos);
    CHECK(d->message.find("\\x1B[2J\\xE9x") != std::string::npos);
    CHECK(text::isValidUtf8(d->format()));
    Diagnostic raw;
    raw.message = "bad \x01 byte";
    CHECK(raw.format().find("bad \\x01 byte") != std::string::npos);
}

TEST_CASE("reader: names that are not UTF-8 are taken as Latin-1") {
    const std::string text =
        "[Event \"Caf\xE9\"]\n[Black \"J\xFCrgen\"]\n[Result \"*\"]\n1. F5 *\n";
    const FileResult r = readWith("latin1.pgn", text, Format::Auto);
    REQUIRE(r.records.size() == 1);
    CHECK(r.records[0].event == "Caf\xC3\xA9");
    CHECK(r.records[0].black == "J\xC3\xBCrgen");
}

TEST_CASE("reader: mangled input never crashes, every record gets a status") {
    // Deterministic mutations of every sample and fixture; each read must end with records
    // that are either good or carry an error diagnostic.
    std::vector<std::string> texts;
    for (const char* rel : {"tests/fixtures/samples/games.moves", "tests/fixtures/samples/wc1992.transcript", "tests/fixtures/samples/games.pgn",
                            "tests/fixtures/samples/games.csv"})
        texts.push_back(slurp(sourcePath(rel)));
    for (const auto& entry : std::filesystem::recursive_directory_iterator(fixture(""))) {
        if (entry.is_regular_file()) texts.push_back(slurp(entry.path()));
    }
    std::mt19937 rng(12345);
    const Format formats[] = {Format::Auto, Format::Moves, Format::Transcript, Format::Pgn,
                              Format::Csv};
    int reads = 0;
    for (const std::string& original : texts) {
        for (int round = 0; round < 12; ++round) {
            std::string t = original;
            const int edits = 1 + static_cast<int>(rng() % 8);
            for (int e = 0; e < edits && !t.empty(); ++e) {
                const std::size_t at = rng() % t.size();
                switch (rng() % 4) {
                    case 0:
                        t[at] = static_cast<char>(rng() % 256);
                        break;
                    case 1:
                        t.erase(at, 1 + rng() % 16);
                        break;
                    case 2:
                        t.insert(at, std::string(1 + rng() % 4, "\n|,\t\"[{(#0 9-"[rng() % 13]));
                        break;
                    case 3:
                        t.insert(at, t.substr(rng() % t.size(), rng() % 64));
                        break;
                }
            }
            for (Format f : formats) {
                const FileResult r = readWith("mutant", t, f);
                ++reads;
                for (const GameRecord& g : r.records) {
                    if (!g.ok()) CHECK(firstError(g) != nullptr);
                    CHECK(g.moves.size() <= 124);
                }
            }
        }
    }
    CHECK(reads > 100);
    // Degenerate shapes: a very long line, a huge number, deep nesting.
    CHECK(readWith("long", std::string(200000, 'f'), Format::Moves).records.size() == 1);
    CHECK(readWith("long", std::string(200000, 'f'), Format::Auto).skipped);  // no moves in it
    CHECK(readWith("num", std::string(5000, '9'), Format::Transcript).records.size() == 1);
    CHECK(readWith("nest", "[Event \"x\"]\n" + std::string(100000, '(') + "f5", Format::Pgn)
              .records.size() == 1);
    CHECK(readWith("quote", "id,moves\n1,\"" + std::string(100000, 'x'), Format::Csv)
              .records.size() == 1);
}

TEST_CASE("reader: PGN and WTHOR of 2021 and 2025 give the same games") {
    for (const char* year : {"2021", "2025"}) {
        const auto pgn = shared(std::string("pgn/WTH_") + year + ".pgn");
        const auto wtb = shared(std::string("wthor/WTH_") + year + ".wtb");
        if (pgn.empty() || wtb.empty()) {
            WARN("shared data absent, skipped: WTH_" << year);
            continue;
        }
        INFO(year);
        const FileResult a = readFile(pgn);
        const FileResult b = readFile(wtb);
        CHECK(b.format == Format::Wthor);
        REQUIRE(a.records.size() == b.records.size());
        std::size_t same = 0;
        for (std::size_t i = 0; i < a.records.size(); ++i)
            same += a.records[i].moves == b.records[i].moves &&
                    a.records[i].black == b.records[i].black &&
                    a.records[i].white == b.records[i].white;
        CHECK(same == a.records.size());
    }
}
