// The one check of a stated result against the replay (importers/StatedResult.h): every
// reader, JSON move-list lines included, flags the same disagreement the same way, and an
// unfinished game keeps its stated result as stated, without a warning.
#include <catch2/catch.hpp>

#include "ReaderTestSupport.h"
#include "core/Notation.h"
#include "importers/GameResult.h"
#include "importers/Reader.h"
#include "importers/RecordReplay.h"
#include "importers/StatedResult.h"

using namespace othello;
using namespace othello::importers;
using namespace othello::importers::testing;

namespace {

// Penloup - Juhem ends 20-44: White wins.
std::string jsonLine(const std::string& moves, const std::string& result) {
    return "{\"moves\": \"" + moves + "\", \"black\": \"Penloup\", \"result\": \"" + result +
           "\"}\n";
}

FileResult readMoves(const std::string& text, bool strict = false) {
    return readWith("r.txt", text, Format::Moves, strict);
}

std::string pgn(const std::string& result) {
    std::string moves;
    const std::string all = kPenloupMoves;
    for (std::size_t i = 0; i < all.size(); i += 2) moves += all.substr(i, 2) + " ";
    return "[Black \"Penloup\"]\n[White \"Juhem\"]\n[Result \"" + result + "\"]\n\n" + moves +
           result + "\n";
}

// A GGF game that stops before its first move (a forfeit) with the result its RE states.
std::string ggf(const std::string& re) {
    return "(;GM[Othello]PC[x]PB[Penloup]PW[Juhem]TY[8]RE[" + re +
           "]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *];)";
}

}  // namespace

TEST_CASE("stated result: a JSON move-list result the replay contradicts is a warning") {
    const FileResult bad = readMoves(jsonLine(kPenloupMoves, "1-0"));
    REQUIRE(bad.records.size() == 1);
    const GameRecord& g = bad.records[0];
    CHECK(g.complete());
    CHECK(g.statedWinner == 1);
    REQUIRE(g.diagnostics.size() == 1);
    CHECK(g.diagnostics[0].severity == Severity::Warning);
    CHECK(g.diagnostics[0].code == "result-mismatch");
    CHECK(g.diagnostics[0].where.line == 1);
    CHECK(g.diagnostics[0].message.find("20-44") != std::string::npos);
    // A score, as PGN writes it, is Black's discs.
    const FileResult score = readMoves(jsonLine(kPenloupMoves, "44-20"));
    REQUIRE(score.records.size() == 1);
    CHECK(score.records[0].statedBlackDiscs == 44);
    CHECK(hasCode(score.records[0], "result-mismatch"));
    // --strict rejects it, as every warning.
    CHECK(!readMoves(jsonLine(kPenloupMoves, "1-0"), true).records[0].ok());
}

TEST_CASE("stated result: a JSON move-list result that agrees is kept, no warning") {
    for (const char* result : {"0-1", "20-44"}) {
        INFO(result);
        const FileResult r = readMoves(jsonLine(kPenloupMoves, result));
        REQUIRE(r.records.size() == 1);
        CHECK(r.records[0].diagnostics.empty());
        CHECK(r.records[0].statedResult == result);
        CHECK(resultText(r.records[0]) == "20-44");
    }
    // "*" states nothing.
    const FileResult star = readMoves(jsonLine("f5d6", "*"));
    CHECK(star.records[0].diagnostics.empty());
    CHECK(resultText(star.records[0]) == "*");
}

TEST_CASE("stated result: an unfinished game shows its stated result, flagged, no warning") {
    const FileResult r = readMoves(jsonLine("f5d6c3", "1-0") + jsonLine("f5d6c3", "40-24"));
    REQUIRE(r.records.size() == 2);
    CHECK(r.records[0].diagnostics.empty());
    CHECK(resultText(r.records[0]) == "1-0 (unfinished)");
    CHECK(r.records[1].diagnostics.empty());
    CHECK(resultText(r.records[1]) == "40-24 (unfinished)");
    // Under --strict too: a resignation is no defect.
    CHECK(readMoves(jsonLine("f5d6c3", "1-0"), true).records[0].ok());
}

TEST_CASE("stated result: the same contradiction is flagged by PGN and move lists alike") {
    const FileResult p = readWith("r.pgn", pgn("1-0"), Format::Pgn);
    const FileResult m = readMoves(jsonLine(kPenloupMoves, "1-0"));
    REQUIRE(p.records.size() == 1);
    REQUIRE(m.records.size() == 1);
    REQUIRE(p.records[0].diagnostics.size() == 1);
    REQUIRE(m.records[0].diagnostics.size() == 1);
    CHECK(p.records[0].diagnostics[0].code == m.records[0].diagnostics[0].code);
    CHECK(p.records[0].diagnostics[0].message == m.records[0].diagnostics[0].message);
    CHECK(p.records[0].statedWinner == m.records[0].statedWinner);
    // A GGF RE of a game that stops at once is a decision: stated, flagged, no warning.
    const FileResult g = readWith("r.ggf", ggf("-12.00"), Format::Ggf);
    REQUIRE(g.records.size() == 1);
    CHECK(!hasCode(g.records[0], "re-mismatch"));
}

TEST_CASE("stated result: the winner is judged by the variant's rule") {
    // The shortest game: Black wipes White out, 64-0. In anti-Othello that is White's win.
    std::vector<int> moves;
    for (const char* sq : {"d3", "c3", "b3", "d2", "e1", "d6", "d7", "e3", "f4"})
        moves.push_back(core::parseSquare(sq));
    GameRecord g;
    g.variant.anti = true;
    REQUIRE(replayRecord(g, moves, {}));
    REQUIRE(g.complete());
    g.statedWinner = -1;
    CHECK(compareStatedResult(g) == StatedResultCheck::Agrees);
    g.statedWinner = 1;
    CHECK(checkStatedResult(g, {}) == StatedResultCheck::Mismatch);
    REQUIRE(g.diagnostics.size() == 1);
    CHECK(g.diagnostics[0].message.find("(anti)") != std::string::npos);
    // Not replayed, or nothing stated: nothing to compare.
    GameRecord bad;
    bad.statedWinner = 1;
    CHECK(compareStatedResult(bad) == StatedResultCheck::None);
    CHECK(compareStatedResult(GameRecord{}) == StatedResultCheck::None);
}
