// WTHOR reader: the good fixture game by game, then one fixture per failure mode.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

#include "WthorTestSupport.h"
#include "core/Notation.h"
#include "importers/WthorReader.h"

using namespace othello;
using namespace othello::importers;
using wthortest::fixture;
using wthortest::slurp;

namespace {

FileResult read(const std::string& name) {
    return readWthor(fixture("wthor/" + name), {});
}

bool hasCode(const std::vector<Diagnostic>& ds, const std::string& code) {
    for (const auto& d : ds)
        if (d.code == code) return true;
    return false;
}

struct Expected {
    std::string moves;
    int passes, black;
    bool finished;
};

std::vector<Expected> expectedGames() {
    std::ifstream in(fixture("wthor/good_games.txt"));
    std::vector<Expected> out;
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream s(line);
        Expected e;
        int finished = 0;
        s >> e.moves >> e.passes >> e.black >> finished;
        e.finished = finished != 0;
        out.push_back(e);
    }
    return out;
}

}  // namespace

TEST_CASE("wthor: square bytes") {
    CHECK(wthorSquare(11) == core::parseSquare("a1"));
    CHECK(wthorSquare(18) == core::parseSquare("h1"));
    CHECK(wthorSquare(88) == core::parseSquare("h8"));
    CHECK(wthorSquare(56) == core::parseSquare("f5"));
    CHECK(wthorSquare(0) == core::kNoSquare);
    CHECK(wthorSquare(19) == core::kNoSquare);
    CHECK(wthorSquare(90) == core::kNoSquare);
    CHECK(wthorSquare(255) == core::kNoSquare);
    for (int sq = 0; sq < 64; ++sq) CHECK(wthorSquare(wthorByte(sq)) == sq);
}

TEST_CASE("wthor: Latin-1 names become UTF-8 and back") {
    CHECK(latin1ToUtf8("M\xFCller J\xF6rg") == "Müller Jörg");
    CHECK(utf8ToLatin1("Müller Jörg") == "M\xFCller J\xF6rg");
    CHECK(utf8ToLatin1("名") == "?");
}

TEST_CASE("wthor: good file, names, scores, passes, incomplete game") {
    const FileResult r = read("good.wtb");
    REQUIRE(r.readable);
    CHECK(r.format == Format::Wthor);
    CHECK(r.fileDiagnostics.empty());
    const auto expected = expectedGames();
    REQUIRE(expected.size() == 4);
    REQUIRE(r.records.size() == 4);
    for (std::size_t i = 0; i < 4; ++i) {
        const GameRecord& g = r.records[i];
        INFO("record " << i);
        CHECK(g.diagnostics.empty());
        CHECK(core::movesString(g.moves, true) == expected[i].moves);
        CHECK(g.passes() == expected[i].passes);
        CHECK(g.complete() == expected[i].finished);
        CHECK(g.source.record == static_cast<std::int64_t>(i));
        CHECK(g.source.byteOffset == static_cast<std::int64_t>(16 + 68 * i));
        CHECK(g.year == 2026);
        CHECK(g.theoreticalDepth == 24);
        REQUIRE(g.wthor);
        if (expected[i].finished) CHECK(g.score.black == expected[i].black);
    }
    CHECK(r.records[0].passes() == 2);
    CHECK(r.records[0].black == "Müller Jörg");
    CHECK(r.records[0].white == "Dupré Hélène");
    CHECK(r.records[0].event == "Championnat de France");
    CHECK(r.records[1].event == "Coupe d'Été");
    CHECK(r.records[1].theoreticalScore == 33);
    CHECK(r.records[2].event == "Diverses parties");  // id 0 is the first name after the header
    CHECK(r.records[1].statedResult ==
          std::to_string(expected[1].black) + "-" + std::to_string(64 - expected[1].black));
    // The unfinished game: its score field (40) is an official result, not checked.
    const GameRecord& inc = r.records[3];
    CHECK(inc.status == GameStatus::Incomplete);
    CHECK(inc.statedBlackDiscs == 40);
    CHECK(inc.theoreticalScore == 36);
    CHECK(inc.score.black + inc.score.white == 34);  // disc counts after 30 moves
    CHECK(inc.event == "Championnat de France");
    CHECK(inc.black == "Penloup Zoé");
}

TEST_CASE("wthor: depth 0 means 22, board size 0 means 8x8") {
    const FileResult r = read("depth0.wtb");
    REQUIRE(r.records.size() == 1);
    CHECK(r.records[0].ok());
    CHECK(r.records[0].theoreticalDepth == 22);
    CHECK(r.records[0].year == 1999);
}

TEST_CASE("wthor: file errors skip the file") {
    SECTION("header shorter than 16 bytes") {
        const FileResult r = read("bad_header.wtb");
        CHECK_FALSE(r.readable);
        CHECK(r.records.empty());
        CHECK(hasCode(r.fileDiagnostics, "bad-header"));
    }
    SECTION("10x10 is not supported") {
        const FileResult r = read("board10.wtb");
        CHECK_FALSE(r.readable);
        REQUIRE(r.fileDiagnostics.size() == 1);
        CHECK(r.fileDiagnostics[0].code == "unsupported-board");
        CHECK(r.fileDiagnostics[0].message.find("not supported") != std::string::npos);
    }
    SECTION("other board sizes") {
        const FileResult r = read("bad_board_size.wtb");
        CHECK_FALSE(r.readable);
        CHECK(hasCode(r.fileDiagnostics, "bad-header"));
    }
    SECTION("missing file, folder") {
        for (const char* name : {"no_such_file.wtb", "lowercase"}) {
            const FileResult r = read(name);
            CHECK_FALSE(r.readable);
            CHECK(hasCode(r.fileDiagnostics, "unreadable"));
        }
    }
}

TEST_CASE("wthor: size against N1") {
    SECTION("fewer records than declared: a file cut short (damage), those present read") {
        // Cut at a record boundary: as much damage as a cut inside a record (issue 26).
        const FileResult r = read("count_mismatch.wtb");
        CHECK(r.readable);
        REQUIRE(hasCode(r.fileDiagnostics, "count-mismatch"));
        const Diagnostic& d = r.fileDiagnostics.front();
        CHECK(d.code == "count-mismatch");
        CHECK(d.damage);
        CHECK(d.message.find("the file holds 2 of the 7 games its header announces") == 0);
        CHECK(r.damaged());
        REQUIRE(r.records.size() == 2);
        CHECK(r.records[0].ok());
        CHECK(r.records[1].ok());
    }
    SECTION("more records than declared: a warning, nothing lost") {
        std::string bytes = slurp(fixture("wthor/count_mismatch.wtb"));
        bytes[4] = 1;  // the header announces 1 game, the file holds 2
        const FileResult r = readWthorBytes("more.wtb", bytes, nullptr, {});
        REQUIRE(hasCode(r.fileDiagnostics, "count-mismatch"));
        CHECK_FALSE(r.fileDiagnostics.front().damage);
        CHECK_FALSE(r.damaged());
        CHECK(r.records.size() == 2);
    }
    SECTION("a trailing partial record is an error, the others import") {
        const FileResult r = read("truncated.wtb");
        REQUIRE(r.records.size() == 3);
        CHECK(r.records[0].ok());
        CHECK(r.records[1].ok());
        const GameRecord& bad = r.records[2];
        CHECK(bad.status == GameStatus::Error);
        REQUIRE(bad.diagnostics.size() == 1);
        CHECK(bad.diagnostics[0].code == "truncated-record");
        CHECK(bad.diagnostics[0].where.record == 2);
        CHECK(bad.diagnostics[0].where.byteOffset == 16 + 2 * 68);
        // Records are numbered from 1 where users see them: the third record is "#3".
        CHECK(bad.diagnostics[0].format().find("truncated.wtb#3: error:") != std::string::npos);
        CHECK(bad.diagnostics[0].message.find("inside record 3 ") != std::string::npos);
    }
}

TEST_CASE("wthor: record errors are located and the rest imports") {
    struct Case {
        const char* file;
        const char* code;
        int move;
        std::size_t prefix;  // legal moves kept
    };
    for (const Case c : {Case{"not_square.wtb", "not-a-square", 6, 5},
                         Case{"zero_before_end.wtb", "zero-before-end", 12, 10},
                         Case{"illegal_move.wtb", "occupied", 8, 7}}) {
        INFO(c.file);
        const FileResult r = read(c.file);
        REQUIRE(r.records.size() == 2);
        CHECK(r.records[0].ok());
        const GameRecord& bad = r.records[1];
        CHECK(bad.status == GameStatus::Error);
        REQUIRE_FALSE(bad.diagnostics.empty());
        const Diagnostic& d = bad.diagnostics.back();
        CHECK(d.severity == Severity::Error);
        CHECK(d.code == c.code);
        CHECK(d.moveNumber == c.move);
        CHECK(d.where.record == 1);
        CHECK(d.where.byteOffset == 16 + 68);
        // The legal prefix is kept.
        CHECK(bad.moves.size() - static_cast<std::size_t>(bad.passes()) == c.prefix);
    }
    const FileResult ill = read("illegal_move.wtb");
    CHECK(ill.records[1].diagnostics.back().square == core::parseSquare("c3"));
}

TEST_CASE("wthor: score mismatch on a finished game is a warning") {
    const FileResult r = read("score_mismatch.wtb");
    REQUIRE(r.records.size() == 1);
    const GameRecord& g = r.records[0];
    CHECK(g.status == GameStatus::Complete);
    REQUIRE(g.diagnostics.size() == 1);
    CHECK(g.diagnostics[0].severity == Severity::Warning);
    CHECK(g.diagnostics[0].code == "score-mismatch");
    ReadOptions strict;
    strict.strict = true;
    const FileResult s = readWthor(fixture("wthor/score_mismatch.wtb"), strict);
    CHECK(s.records[0].status == GameStatus::Error);
}

TEST_CASE("wthor: unknown ids are warnings") {
    const FileResult r = read("unknown_player.wtb");
    REQUIRE(r.records.size() == 1);
    CHECK(r.records[0].ok());
    CHECK(hasCode(r.records[0].diagnostics, "unknown-player"));
    CHECK(hasCode(r.records[0].diagnostics, "unknown-tournament"));
    CHECK(r.records[0].black.empty());
    CHECK(r.records[0].white == "Dupré Hélène");
}

TEST_CASE("wthor: names files are matched case-insensitively, WTH.JOU too") {
    const FileResult r = readWthor(fixture("wthor/lowercase/games.wtb"), {});
    REQUIRE(r.records.size() == 1);
    CHECK(r.fileDiagnostics.empty());
    CHECK(r.records[0].black == "Tastet Marc");
    CHECK(r.records[0].event == "Coupe d'Été");
}

TEST_CASE("wthor: without names files the games still import") {
    const std::string bytes = wthortest::slurp(fixture("wthor/good.wtb"));
    const FileResult r = readWthorBytes("mem.wtb", bytes, nullptr, {});
    CHECK(hasCode(r.fileDiagnostics, "no-names-file"));
    REQUIRE(r.records.size() == 4);
    CHECK(r.records[0].ok());
    CHECK(r.records[0].black.empty());
}

TEST_CASE("wthor: detection") {
    const std::string good = wthortest::slurp(fixture("wthor/good.wtb"));
    CHECK(looksLikeWthor(good, good.size()));
    CHECK(looksLikeWthor(good.substr(0, 16), good.size()));
    const std::string board10 = wthortest::slurp(fixture("wthor/board10.wtb"));
    CHECK(looksLikeWthor(board10, board10.size()));
    CHECK_FALSE(looksLikeWthor("f5d6c3d3c4f4f6f5e6e7f7c5b6g6e3e2", 32));
    CHECK_FALSE(looksLikeWthor("(;GM[Othello]PC[GGS/os]DT[947375", 32));
    CHECK_FALSE(looksLikeWthor("short", 5));
}

TEST_CASE("wthor: any bytes are read without crashing") {
    std::string bytes = wthortest::slurp(fixture("wthor/good.wtb"));
    // Every single-byte corruption of the file: each gives a result, never a crash.
    for (std::size_t i = 0; i < bytes.size(); i += 3) {
        std::string b = bytes;
        b[i] = static_cast<char>(b[i] ^ 0x5A);
        const FileResult r = readWthorBytes("x.wtb", b, nullptr, {});
        if (r.readable) CHECK(r.records.size() == 4);
    }
    for (std::size_t n = 0; n < bytes.size(); n += 7) {
        const FileResult r = readWthorBytes("x.wtb", bytes.substr(0, n), nullptr, {});
        CHECK(r.records.size() == (n < 16 ? 0 : (n - 16 + 67) / 68));
    }
}
