// GGF game types (TY[]) of 8x8 Othello: random starts, synchro, komi and anti-Othello are read
// into GameRecord::variant, scored by their rule, and written back by GgfWriter.
#include <catch2/catch.hpp>

#include "WthorTestSupport.h"
#include "importers/GameVariant.h"
#include "importers/GgfReader.h"
#include "importers/GgfWriter.h"
#include "importers/Reader.h"
#include "importers/Writer.h"

using namespace othello;
using namespace othello::importers;
using wthortest::sharedData;

#define REQUIRE_SHARED_DATA()                                                                 \
    if (!wthortest::haveSharedData()) {                                                       \
        WARN("skipped: no shared data at " OTHELLO_SHARED_DATA " (absent on a fresh clone)"); \
        return;                                                                               \
    }

namespace {

FileResult readString(const std::string& text, const ReadOptions& options = {}) {
    FileResult r;
    readGgf("mem.ggf", text, options, r);
    return r;
}

ReadOptions strict() {
    ReadOptions o;
    o.strict = true;
    return o;
}

// The shortest game (Black wipes White out 13-0 after 9 moves: 64-0 with the empties).
const char* kWipeout = "B[d3]W[c3]B[b3]W[d2]B[e1]W[d6]B[d7]W[e3]B[f4]";

std::string game(const std::string& props, const std::string& moves = kWipeout) {
    return "(;GM[Othello]PB[a]PW[b]" + props + moves + ";)\n";
}

}  // namespace

TEST_CASE("ggf variant: every 8x8 type reads into GameRecord::variant") {
    struct Case {
        const char* ty;
        bool anti, synchro;
        int random;
        bool komi;
    };
    const Case cases[] = {{"8", false, false, 0, false},     {"s8", false, true, 0, false},
                          {"8r20", false, false, 20, false}, {"s8r16", false, true, 16, false},
                          {"8k", false, false, 0, true},     {"8kr20", false, false, 20, true},
                          {"8a", true, false, 0, false},     {"8b", false, false, 0, false}};
    for (const Case& c : cases) {
        INFO(c.ty);
        const FileResult r = readString(game(std::string("TY[") + c.ty + "]KM[1.5]"));
        REQUIRE(r.records.size() == 1);
        const GameRecord& g = r.records[0];
        CHECK(g.ok());
        CHECK(g.variant.type == c.ty);
        CHECK(g.variant.anti == c.anti);
        CHECK(g.variant.synchro == c.synchro);
        CHECK(g.variant.randomDiscs == c.random);
        CHECK(g.variant.komi.has_value() == c.komi);  // KM without 'k' in TY is not a komi
        if (c.komi) CHECK(*g.variant.komi == 1.5);
        CHECK(g.variant.standard() == (std::string(c.ty) == "8" || std::string(c.ty) == "8b"));
    }
}

TEST_CASE("ggf variant: other board sizes say which size is not supported") {
    for (const char* ty : {"10", "4", "s6", "10k"}) {
        INFO(ty);
        const FileResult r = readString(game(std::string("TY[") + ty + "]", ""));
        REQUIRE(r.records.size() == 1);
        const GameRecord& g = r.records[0];
        CHECK(g.status == GameStatus::Error);
        REQUIRE(g.diagnostics.size() == 1);
        CHECK(g.diagnostics[0].code == "unsupported-variant");
        const std::string size = std::string(ty).find("10") != std::string::npos ? "10"
                                 : std::string(ty) == "4"                        ? "4"
                                                                                 : "6";
        CHECK(g.diagnostics[0].message.find("board size " + size + " is not supported") !=
              std::string::npos);
    }
    const FileResult bo = readString("(;GM[Othello]TY[8]BO[10 ---------- *];)");
    REQUIRE(bo.records.size() == 1);
    CHECK(bo.records[0].diagnostics[0].message.find("board size 10 is not supported") !=
          std::string::npos);
    const FileResult junk = readString(game("TY[8q]", ""));
    CHECK(junk.records[0].diagnostics[0].message.find("'q'") != std::string::npos);
}

TEST_CASE("ggf variant: anti-Othello is won by the fewest discs, RE checked by that rule") {
    // Black wipes White out: in anti-Othello that is White's 64-disc win, RE[-64].
    const FileResult good = readString(game("TY[8a]RE[-64.00]"), strict());
    REQUIRE(good.records.size() == 1);
    const GameRecord& g = good.records[0];
    CHECK(g.complete());
    CHECK(g.diagnostics.empty());
    CHECK(g.score == core::Score{64, 0});  // discs, the empties on the loser's side
    CHECK(winnerOf(g.score, g.variant) == -1);
    CHECK(blackResult(g.score, g.variant) == -64);
    CHECK_FALSE(g.statedBlackDiscs);  // RE is a result, not Black's discs
    // The plain-Othello reading of the same game is the mismatch.
    const FileResult bad = readString(game("TY[8a]RE[+64.00]"));
    REQUIRE(bad.records[0].diagnostics.size() == 1);
    CHECK(bad.records[0].diagnostics[0].code == "re-mismatch");
    CHECK(bad.records[0].diagnostics[0].message.find("anti") != std::string::npos);
    // And a plain game keeps the plain rule.
    const FileResult plain = readString(game("TY[8]RE[+64.00]"));
    CHECK(plain.records[0].diagnostics.empty());
    CHECK(winnerOf(plain.records[0].score, plain.records[0].variant) == 1);
}

TEST_CASE("ggf variant: komi is taken off Black's result, rounded RE agrees") {
    const FileResult r = readString(game("TY[8k]KM[2.5]RE[+61.50]"), strict());
    REQUIRE(r.records.size() == 1);
    CHECK(r.records[0].diagnostics.empty());
    CHECK(blackResult(r.records[0].score, r.records[0].variant) == 61.5);
    const FileResult wrong = readString(game("TY[8k]KM[2.5]RE[+64.00]"));
    REQUIRE(wrong.records[0].diagnostics.size() == 1);
    CHECK(wrong.records[0].diagnostics[0].code == "re-mismatch");
    const FileResult badKm = readString(game("TY[8k]KM[lots]"));
    CHECK(badKm.records[0].diagnostics[0].code == "bad-komi");
}

TEST_CASE("ggf variant shared: the GGS komi game with a random start reads without a warning") {
    REQUIRE_SHARED_DATA();
    const FileResult r = readFile(sharedData("ggf/nboard_test2.ggf"));
    REQUIRE(r.records.size() == 3);
    const GameRecord& g = r.records[1];  // TY[8kr20] KM[-3.133] RE[-22.87]
    CHECK(g.ok());
    CHECK(g.complete());
    CHECK(g.diagnostics.empty());
    CHECK(g.variant.randomDiscs == 20);
    REQUIRE(g.variant.komi);
    CHECK(*g.variant.komi == Approx(-3.133));
    CHECK_FALSE(g.standardStart);
    CHECK(blackResult(g.score, g.variant) == Approx(-22.867));
}

TEST_CASE("ggf variant: GGF -> GGF keeps the type, the komi and the start") {
    const std::string bo =
        "BO[8 -------- -------- --*O---- ---O*--- ---*O--- ----O*-- -------- -------- *]";
    const std::string text = game("TY[8a]RE[-4.00]", "B[f5]W[d6]") + game("TY[s8r8]" + bo, "") +
                             game("TY[8k]KM[-3.5]", "B[f5]");
    const FileResult first = readString(text);
    REQUIRE(first.records.size() == 3);
    const FileResult second = readString(writeGgf(first.records));
    REQUIRE(second.records.size() == 3);
    for (std::size_t i = 0; i < 3; ++i) {
        INFO(i);
        CHECK(second.records[i].variant == first.records[i].variant);
        CHECK(second.records[i].start == first.records[i].start);
        CHECK(second.records[i].moves == first.records[i].moves);
        CHECK(second.records[i].statedResult == first.records[i].statedResult);
    }
    // A variant built by hand (no TY as read) gets a type from its flags.
    GameRecord built = first.records[0];
    built.variant = GameVariant{};
    built.variant.synchro = true;
    built.variant.randomDiscs = 12;
    CHECK(ggfType(built.variant) == "s8r12");
    built.variant.komi = 1.0;
    built.variant.synchro = false;
    built.variant.anti = true;
    CHECK(ggfType(built.variant) == "8kar12");
    CHECK(variantLabel(built.variant) == "anti, komi 1, random 12");
}

TEST_CASE("ggf variant: only GGF is written a variant game, the others say why") {
    const FileResult r = readString(game("TY[8a]RE[-64.00]"));
    REQUIRE(r.records.size() == 1);
    CHECK(canWrite(r.records[0], Format::Ggf));
    for (Format f : {Format::Pgn, Format::Transcript, Format::Moves, Format::Wthor}) {
        INFO(formatName(f));
        std::string why;
        CHECK_FALSE(canWrite(r.records[0], f, &why));
        CHECK(why == "the variant (anti) is kept by GGF only");
    }
}
