// The real WTHOR archive (../shared/data), when present: every game replays, every file writes
// back to the same bytes, and the PGN and transcript copies of some games agree with it.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>

#include "WthorTestSupport.h"
#include "core/Notation.h"
#include "importers/Reader.h"
#include "importers/ReaderUtil.h"
#include "importers/RecordReplay.h"
#include "importers/WthorReader.h"
#include "importers/WthorWriter.h"

using namespace othello;
using namespace othello::importers;
using wthortest::ScratchDir;
using wthortest::sharedData;
using wthortest::slurp;

namespace {

#define REQUIRE_SHARED_DATA()                                                                 \
    if (!wthortest::haveSharedData()) {                                                       \
        WARN("skipped: no shared data at " OTHELLO_SHARED_DATA " (absent on a fresh clone)"); \
        return;                                                                               \
    }

std::vector<std::filesystem::path> sharedWtbFiles() {
    std::vector<std::filesystem::path> files;
    for (const auto& e : std::filesystem::directory_iterator(sharedData("wthor")))
        if (e.path().extension() == ".wtb") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    return files;
}

std::vector<int> squares(const GameRecord& g) {
    std::vector<int> out;
    for (int m : g.moves)
        if (m != core::kPass) out.push_back(m);
    return out;
}

}  // namespace

TEST_CASE("wthor shared: all 129,485 games of the 46 files replay without error") {
    REQUIRE_SHARED_DATA();
    const auto files = sharedWtbFiles();
    REQUIRE(files.size() == 46);
    std::size_t games = 0, errors = 0, incomplete = 0, warnings = 0;
    std::map<std::string, int> codes;
    for (const auto& f : files) {
        const FileResult r = readWthor(f, {});
        INFO(f.string());
        REQUIRE(r.readable);
        CHECK(r.fileDiagnostics.empty());
        for (const auto& g : r.records) {
            ++games;
            if (!g.ok()) ++errors;
            if (g.status == GameStatus::Incomplete) ++incomplete;
            for (const auto& d : g.diagnostics) {
                if (d.severity == Severity::Warning) ++warnings;
                if (codes[d.code]++ < 3) UNSCOPED_INFO(d.format());
            }
        }
    }
    CHECK(games == 129485);
    CHECK(errors == 0);
    CHECK(warnings == 0);  // no score mismatch, every id has a name
    CHECK(incomplete > 0);
    CHECK(incomplete < games / 100);
}

TEST_CASE("wthor shared: the reader's replay equals replayRecord on every game") {
    REQUIRE_SHARED_DATA();
    std::size_t compared = 0;
    for (const auto& f : sharedWtbFiles()) {
        for (const GameRecord& g : readWthor(f, {}).records) {
            GameRecord ref;
            std::vector<int> tokens;
            for (std::size_t k = 8; k < 68 && g.wthor->bytes[k]; ++k)
                tokens.push_back(wthorSquare(g.wthor->bytes[k]));
            replayRecord(ref, tokens, {});
            if (ref.moves != g.moves || ref.status != g.status || ref.score != g.score) {
                FAIL_CHECK(g.source.describe());
            }
            ++compared;
        }
    }
    CHECK(compared == 129485);
}

TEST_CASE("wthor shared: names and years") {
    REQUIRE_SHARED_DATA();
    const FileResult r = readWthor(sharedData("wthor/WTH_1992.wtb"), {});
    REQUIRE(r.records.size() == 3347);
    const GameRecord& g = r.records[287];
    CHECK(g.black.find("Penloup") != std::string::npos);
    CHECK(g.white.find("Juhem") != std::string::npos);
    CHECK(g.year == 1992);
    CHECK(g.statedBlackDiscs == 20);
    CHECK(g.score == core::Score{20, 44});
    CHECK(g.passes() == 2);
    CHECK(g.theoreticalDepth == 24);
    // Latin-1 names come out as UTF-8.
    bool sawNonAscii = false;
    std::size_t invalid = 0;
    for (const auto& f : sharedWtbFiles()) {
        for (const auto& game : readWthor(f, {}).records)
            for (const std::string* s : {&game.black, &game.white, &game.event}) {
                if (!text::isValidUtf8(*s)) ++invalid;
                sawNonAscii = sawNonAscii || std::any_of(s->begin(), s->end(), [](char c) {
                                  return static_cast<unsigned char>(c) >= 0x80;
                              });
            }
    }
    CHECK(invalid == 0);
    CHECK(sawNonAscii);
}

TEST_CASE("wthor shared: every .wtb written back gives the same bytes") {
    REQUIRE_SHARED_DATA();
    ScratchDir dir;
    for (const auto& f : sharedWtbFiles()) {
        INFO(f.string());
        const FileResult r = readWthor(f, {});
        const auto out = dir.path() / f.filename();
        writeWthorFiles(r.records, out);
        CHECK(slurp(out) == slurp(f));
    }
}

TEST_CASE("wthor shared: nboard_test.WTB") {
    REQUIRE_SHARED_DATA();
    const FileResult r = readWthor(sharedData("wthor-misc/nboard_test.WTB"), {});
    REQUIRE(r.readable);
    REQUIRE(r.records.size() == 1);
    const GameRecord& g = r.records[0];
    CHECK(g.ok());
    CHECK(g.theoreticalDepth == 22);  // header depth 0 means 22
    CHECK(g.theoreticalScore == 39);
    // The same game as WTH_1980 record 9, theoretical score 35 at depth 24 there.
    const FileResult y1980 = readWthor(sharedData("wthor/WTH_1980.wtb"), {});
    REQUIRE(y1980.records.size() > 9);
    CHECK(y1980.records[9].moves == g.moves);
    CHECK(y1980.records[9].theoreticalScore == 35);
    CHECK(y1980.records[9].theoreticalDepth == 24);
    ScratchDir dir;
    writeWthorFiles(r.records, dir.path() / "nboard_test.WTB");
    CHECK(slurp(dir.path() / "nboard_test.WTB") == slurp(sharedData("wthor-misc/nboard_test.WTB")));
}

TEST_CASE("wthor shared: the PGN of 2021 and 2025 gives the same games") {
    REQUIRE_SHARED_DATA();
    for (const char* year : {"2021", "2025"}) {
        INFO(year);
        const FileResult w = readWthor(sharedData(std::string("wthor/WTH_") + year + ".wtb"), {});
        const FileResult p = readFile(sharedData(std::string("pgn/WTH_") + year + ".pgn"));
        CHECK(p.format == Format::Pgn);
        REQUIRE(w.records.size() == p.records.size());
        std::size_t sameNames = 0;
        for (std::size_t i = 0; i < w.records.size(); ++i) {
            INFO("game " << i);
            const GameRecord& a = w.records[i];
            const GameRecord& b = p.records[i];
            CHECK(b.ok());
            CHECK(squares(a) == squares(b));
            CHECK(a.moves == b.moves);
            CHECK(a.status == b.status);
            CHECK(a.statedBlackDiscs == b.statedBlackDiscs);
            CHECK(b.year == a.year);
            if (a.black == b.black && a.white == b.white) ++sameNames;
        }
        CHECK(sameNames == w.records.size());
    }
}

TEST_CASE("wthor shared: the transcript is WTH_1992 record 287") {
    REQUIRE_SHARED_DATA();
    const FileResult t = readFile(sharedData("transcript/penloup_juhem_wc1992.txt"));
    CHECK(t.format == Format::Transcript);
    REQUIRE(t.records.size() == 1);
    const GameRecord& a = t.records[0];
    CHECK(a.ok());
    const FileResult w = readWthor(sharedData("wthor/WTH_1992.wtb"), {});
    REQUIRE(w.records.size() > 287);
    const GameRecord& b = w.records[287];
    CHECK(a.moves == b.moves);
    CHECK(a.score == b.score);
    CHECK(a.score == core::Score{20, 44});
    CHECK(a.passes() == 2);
}
