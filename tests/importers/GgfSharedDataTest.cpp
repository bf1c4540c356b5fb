// The real GGF files (../shared/data/ggf), when present.
#include <catch2/catch.hpp>

#include "WthorTestSupport.h"
#include "importers/GgfReader.h"
#include "importers/GgfWriter.h"
#include "importers/Reader.h"

using namespace othello;
using namespace othello::importers;
using wthortest::sharedData;
using wthortest::slurp;

#define REQUIRE_SHARED_DATA()                                                                 \
    if (!wthortest::haveSharedData()) {                                                       \
        WARN("skipped: no shared data at " OTHELLO_SHARED_DATA " (absent on a fresh clone)"); \
        return;                                                                               \
    }

TEST_CASE("ggf shared: ntest_TestGames.ggf, 12 games with the 1 prefix and passes") {
    REQUIRE_SHARED_DATA();
    const FileResult r = readFile(sharedData("ggf/ntest_TestGames.ggf"));
    CHECK(r.format == Format::Ggf);
    CHECK(r.fileDiagnostics.empty());
    REQUIRE(r.records.size() == 12);
    int passes = 0;
    for (const auto& g : r.records) {
        INFO(g.source.describe());
        CHECK(g.ok());
        CHECK(g.diagnostics.empty());
        CHECK(g.complete());
        CHECK(g.year == 2003);
        CHECK(g.statedDiscDiff);
        passes += g.passes();
    }
    CHECK(passes > 0);
    CHECK(r.records[0].black == "Saio1200");
    CHECK(r.records[0].date == "2003-12-15");
    CHECK(r.records[0].source.line == 1);
    CHECK(r.records[11].source.line == 12);
}

TEST_CASE("ggf shared: nboard_test.ggf") {
    REQUIRE_SHARED_DATA();
    const FileResult r = readFile(sharedData("ggf/nboard_test.ggf"));
    REQUIRE(r.records.size() == 1);
    CHECK(r.records[0].ok());
    CHECK(r.records[0].diagnostics.empty());
}

TEST_CASE("ggf shared: nboard_test2.ggf, TY[4] is unsupported, TY[8kr20] a komi game") {
    REQUIRE_SHARED_DATA();
    const FileResult r = readFile(sharedData("ggf/nboard_test2.ggf"));
    REQUIRE(r.records.size() == 3);
    CHECK(r.records[0].status == GameStatus::Error);
    REQUIRE(r.records[0].diagnostics.size() == 1);
    CHECK(r.records[0].diagnostics[0].code == "unsupported-variant");
    CHECK(r.records[0].diagnostics[0].where.line == 1);
    CHECK(r.records[0].diagnostics[0].message.find("board size 4 is not supported") !=
          std::string::npos);
    // Komi and random start: read (GgfVariantTest.cpp checks its result).
    CHECK(r.records[1].ok());
    CHECK(r.records[1].variant.type == "8kr20");
    const GameRecord& g = r.records[2];
    CHECK(g.ok());
    CHECK(g.complete());
    CHECK(g.date == "1999-10-22");  // DT given as a Unix time
    CHECK(g.year == 1999);
}

TEST_CASE("ggf shared: written back, the games read the same") {
    REQUIRE_SHARED_DATA();
    for (const char* f :
         {"ggf/ntest_TestGames.ggf", "ggf/nboard_test.ggf", "ggf/nboard_test2.ggf"}) {
        INFO(f);
        const FileResult a = readFile(sharedData(f));
        FileResult b;
        readGgf("back.ggf", writeGgf(a.records), {}, b);
        std::size_t ok = 0;
        for (const auto& g : a.records) ok += g.ok();
        REQUIRE(b.records.size() == ok);
        std::size_t j = 0;
        for (const auto& g : a.records) {
            if (!g.ok()) continue;
            const GameRecord& h = b.records[j++];
            CHECK(h.moves == g.moves);
            CHECK(h.black == g.black);
            CHECK(h.white == g.white);
            CHECK(h.date == g.date);
            CHECK(h.place == g.place);
            CHECK(h.statedResult == g.statedResult);
            CHECK(h.start == g.start);
            CHECK(h.status == g.status);
        }
    }
}
