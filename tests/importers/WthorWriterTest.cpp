// WTHOR writer: byte-exact write-back of read files, converted games with new names files.
#include <catch2/catch.hpp>

#include "WthorTestSupport.h"
#include "core/Notation.h"
#include "importers/GgfReader.h"
#include "importers/RecordReplay.h"
#include "importers/WthorReader.h"
#include "importers/WthorWriter.h"

using namespace othello;
using namespace othello::importers;
using wthortest::fixture;
using wthortest::ScratchDir;
using wthortest::slurp;

namespace {

GameRecord gameFromMoves(const std::string& moves) {
    GameRecord g;
    g.format = Format::Moves;
    replayRecord(g, core::parseMoves(moves).moves, {});
    return g;
}

}  // namespace

TEST_CASE("wthor writer: a read file written back gives the same bytes") {
    for (const char* name :
         {"good.wtb", "illegal_move.wtb", "not_square.wtb", "zero_before_end.wtb",
          "score_mismatch.wtb", "depth0.wtb", "unknown_player.wtb"}) {
        INFO(name);
        ScratchDir dir;
        const FileResult r = readWthor(fixture(std::string("wthor/") + name), {});
        writeWthorFiles(r.records, dir.path() / "out.wtb");
        CHECK(slurp(dir.path() / "out.wtb") == slurp(fixture(std::string("wthor/") + name)));
    }
}

TEST_CASE("wthor writer: names files beside, ids kept, Latin-1") {
    ScratchDir dir;
    const FileResult r = readWthor(fixture("wthor/good.wtb"), {});
    writeWthorFiles(r.records, dir.path() / "copy.wtb");
    REQUIRE(std::filesystem::exists(dir.path() / "WTHOR.JOU"));
    REQUIRE(std::filesystem::exists(dir.path() / "WTHOR.TRN"));
    const std::string jou = slurp(dir.path() / "WTHOR.JOU");
    CHECK(jou.size() == 16 + 5 * 20);
    CHECK(jou.find("M\xFC"
                   "ller J\xF6rg") != std::string::npos);
    const FileResult back = readWthor(dir.path() / "copy.wtb", {});
    REQUIRE(back.records.size() == r.records.size());
    for (std::size_t i = 0; i < r.records.size(); ++i) {
        CHECK(back.records[i].black == r.records[i].black);
        CHECK(back.records[i].white == r.records[i].white);
        CHECK(back.records[i].event == r.records[i].event);
        CHECK(back.records[i].moves == r.records[i].moves);
    }
}

TEST_CASE("wthor writer: converted games") {
    ScratchDir dir;
    std::vector<GameRecord> games;
    FileResult ggf;
    readGgf("good.ggf", slurp(fixture("ggf/good.ggf")), {}, ggf);
    REQUIRE(ggf.records.size() == 3);
    for (auto& g : ggf.records) {
        g.event = "Coupe d'Été";
        games.push_back(g);
    }
    GameRecord setup = gameFromMoves("f5d6");
    setup.start = core::Position(setup.start.white(), setup.start.black(), core::Color::Black);
    std::string why;
    CHECK_FALSE(wthorCanWrite(setup, &why));
    CHECK(why.find("standard start") != std::string::npos);
    games.push_back(setup);  // skipped
    writeWthorFiles(games, dir.path() / "conv.wtb");
    const FileResult back = readWthor(dir.path() / "conv.wtb", {});
    CHECK(back.fileDiagnostics.empty());
    REQUIRE(back.records.size() == 3);
    for (std::size_t i = 0; i < 3; ++i) {
        INFO(i);
        const GameRecord& a = ggf.records[i];
        const GameRecord& b = back.records[i];
        CHECK(b.moves == a.moves);
        CHECK(b.black == a.black);
        CHECK(b.white == a.white);
        CHECK(b.event == "Coupe d'Été");
        CHECK(b.status == a.status);
        CHECK(b.diagnostics.empty());
        if (a.complete()) CHECK(b.statedBlackDiscs == a.score.black);
    }
    // Written again beside existing names files: the names keep their ids.
    writeWthorFiles({ggf.records[1], ggf.records[0]}, dir.path() / "second.wtb");
    const FileResult second = readWthor(dir.path() / "second.wtb", {});
    REQUIRE(second.records.size() == 2);
    CHECK(second.records[0].wthor->blackId == back.records[1].wthor->blackId);
    CHECK(second.records[1].wthor->whiteId == back.records[0].wthor->whiteId);
    CHECK(second.records[0].black == "Carol");
}

TEST_CASE("wthor writer: unwritable folder throws") {
    CHECK_THROWS_AS(
        writeWthorFiles({gameFromMoves("f5d6")}, "/nonexistent-folder-for-othello-tests/x.wtb"),
        std::runtime_error);
}

TEST_CASE("wthor writer: the samples (written by writeWthorFiles and writeGgf) read back") {
    const auto samples = std::filesystem::path(OTHELLO_SOURCE_DIR) / "tests/fixtures/samples";
    const FileResult w = readWthor(samples / "games.wtb", {});
    CHECK(w.fileDiagnostics.empty());
    REQUIRE(w.records.size() == 7);
    FileResult g;
    readGgf("games.ggf", slurp(samples / "games.ggf"), {}, g);
    REQUIRE(g.records.size() == 7);
    for (std::size_t i = 0; i < 7; ++i) {
        INFO(i);
        CHECK(w.records[i].ok());
        CHECK(w.records[i].diagnostics.empty());
        CHECK_FALSE(w.records[i].black.empty());
        CHECK(g.records[i].ok());
        CHECK(g.records[i].moves == w.records[i].moves);
        CHECK(g.records[i].black == w.records[i].black);
        CHECK(g.records[i].event == w.records[i].event);
    }
    // Written again into a folder of its own, the file is the same.
    ScratchDir dir;
    writeWthorFiles(w.records, dir.path() / "games.wtb");
    CHECK(slurp(dir.path() / "games.wtb") == slurp(samples / "games.wtb"));
}
