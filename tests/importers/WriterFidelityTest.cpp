// Writers: write -> read gives back every field the format can hold (importers/Writer.h).
#include <catch2/catch.hpp>

#include <map>

#include "ReaderTestSupport.h"
#include "WthorTestSupport.h"
#include "importers/GgfReader.h"
#include "importers/ReaderUtil.h"
#include "importers/RecordReplay.h"
#include "importers/Writer.h"
#include "importers/WthorReader.h"
#include "importers/WthorWriter.h"

using namespace othello;
using namespace othello::importers;
using othello::importers::testing::kPenloupMoves;

namespace {

std::vector<int> squares(const std::string& moves) {
    std::vector<int> out;
    for (std::size_t i = 0; i + 1 < moves.size(); i += 2) {
        const int sq = core::parseSquare(moves.substr(i, 2));
        REQUIRE(sq != core::kNoSquare);
        out.push_back(sq);
    }
    return out;
}

GameRecord game(const std::string& moves, core::Position start = core::Position::start()) {
    GameRecord g;
    g.start = start;
    REQUIRE(replayRecord(g, squares(moves), {}));
    return g;
}

void meta(GameRecord& g, const char* black, const char* white, const char* event, const char* round,
          const char* date, const char* place) {
    g.black = black;
    g.white = white;
    g.event = event;
    g.round = round;
    g.date = date;
    g.year = text::yearOf(date);
    g.place = place;
}

// Complete and unfinished games, stated results and theoretical scores, round/date/place,
// passes, set-up boards with either side to move.
std::vector<GameRecord> records() {
    std::vector<GameRecord> out;
    {
        GameRecord g = game(kPenloupMoves);  // complete, Black passes twice
        meta(g, "Penloup Dominique", "Juhem Patrick", "World Championship", "7", "1992-08-14",
             "Barcelona");
        g.statedBlackDiscs = 20;
        g.theoreticalScore = 22;
        g.theoreticalDepth = 24;
        out.push_back(std::move(g));
    }
    {
        GameRecord g = game(std::string(kPenloupMoves).substr(0, 60));  // stops after 30 moves
        meta(g, "Tamenori Hideshi", "Shaman Brian", "Open de Paris", "3.2", "1990-05", "Paris");
        g.statedBlackDiscs = 41;  // an official result, not a disc count
        g.theoreticalScore = 31;
        g.theoreticalDepth = 24;
        out.push_back(std::move(g));
    }
    {
        GameRecord g = game(std::string(kPenloupMoves).substr(0, 90));
        meta(g, "Feinstein Joel", "Tastet Marc", "Cup", "", "1990", "");
        g.statedBlackDiscs = 0;  // a forfeit: the extreme of the range
        out.push_back(std::move(g));
    }
    {
        GameRecord g = game("f5d6c3d3c4");  // unfinished, no stated result
        meta(g, "Rose Brian", "Murakami Takeshi", "", "", "", "Tokyo");
        g.theoreticalScore = 33;  // no depth
        out.push_back(std::move(g));
    }
    {
        core::Position start = core::Position::start();
        start.play(core::parseSquare("f5"));
        start.play(core::parseSquare("d6"));
        GameRecord g = game("c3d3c4", start);  // set-up board, Black to move
        meta(g, "Set Up", "Board Black", "Problems", "1", "2003-12-15", "GGS");
        out.push_back(std::move(g));
        core::Position w = core::Position::start();
        w.play(core::parseSquare("f5"));
        GameRecord h = game("d6c3", w);  // set-up board, White to move
        meta(h, "Set Up", "Board White", "Problems", "2", "2003-12-15", "GGS");
        out.push_back(std::move(h));
    }
    return out;
}

FileResult readAs(const std::string& text, Format f) {
    return testing::readWith(f == Format::Ggf ? "back.ggf" : "back.pgn", text, f);
}

// The fields every text format keeps.
void checkSame(const GameRecord& a, const GameRecord& b) {
    CHECK(b.ok());
    CHECK(b.black == a.black);
    CHECK(b.white == a.white);
    CHECK(b.event == a.event);
    CHECK(b.round == a.round);
    CHECK(b.date == a.date);
    CHECK(b.year == a.year);
    CHECK(b.place == a.place);
    CHECK(b.start == a.start);
    CHECK(b.standardStart == a.standardStart);
    CHECK(b.moves == a.moves);
    CHECK(b.passes() == a.passes());
    CHECK(b.status == a.status);
    CHECK(b.score == a.score);
    // -1 stands for "none", so that a failure prints the values.
    CHECK(b.statedBlackDiscs.value_or(-1) == a.statedBlackDiscs.value_or(-1));
    CHECK(b.theoreticalScore.value_or(-1) == a.theoreticalScore.value_or(-1));
    CHECK(b.theoreticalDepth.value_or(-1) ==
          (a.theoreticalScore ? a.theoreticalDepth.value_or(-1) : -1));
}

}  // namespace

TEST_CASE("writer fidelity: GGF and PGN give back every field they hold") {
    const std::vector<GameRecord> in = records();
    REQUIRE(in[0].complete());
    REQUIRE(in[0].passes() == 2);
    REQUIRE(!in[1].complete());
    for (Format f : {Format::Ggf, Format::Pgn}) {
        INFO(formatName(f));
        const std::string text = writeGamesToString(in, f);
        const FileResult back = readAs(text, f);
        REQUIRE(back.records.size() == in.size());
        for (std::size_t i = 0; i < in.size(); ++i) {
            INFO("game " << i << "\n" << text);
            checkSame(in[i], back.records[i]);
            CHECK(back.records[i].diagnostics.empty());
        }
        // Written again, the text is the same: nothing drifts on a second trip.
        CHECK(writeGamesToString(back.records, f) == text);
    }
}

TEST_CASE("writer fidelity: the stated result of an unfinished game in GGF and PGN") {
    const std::vector<GameRecord> in = records();
    const std::string ggf = writeGamesToString({in[1]}, Format::Ggf);
    CHECK(ggf.find("RE[+18.000]") != std::string::npos);  // 41 - 23
    CHECK(ggf.find("TS[31/24]") != std::string::npos);
    const std::string pgn = writeGamesToString({in[1]}, Format::Pgn);
    CHECK(pgn.find("[Result \"41-23\"]") != std::string::npos);
    CHECK(pgn.find("[TheoreticalScore \"31\"]") != std::string::npos);
    CHECK(pgn.find("[TheoreticalDepth \"24\"]") != std::string::npos);
    CHECK(pgn.find("[Round \"3.2\"]") != std::string::npos);
    CHECK(pgn.find("[Site \"Paris\"]") != std::string::npos);
    // A GGS record's own RE of an unfinished game is read as its stated result too; an odd
    // difference stands for no whole number of discs and stays a difference only.
    const FileResult r = readAs(
        "(;GM[Othello]PB[a]PW[b]TY[8]RE[-10:r]B[f5]W[d6];)\n"
        "(;GM[Othello]PB[a]PW[b]TY[8]RE[+3.5]B[f5]W[d6];)\n"
        "(;GM[Othello]PB[a]PW[b]TY[8]TS[x/2]B[f5]W[d6];)\n",
        Format::Ggf);
    REQUIRE(r.records.size() == 3);
    CHECK(r.records[0].statedBlackDiscs == 27);
    CHECK(!r.records[1].statedBlackDiscs);
    CHECK(r.records[1].statedDiscDiff == 3.5);
    CHECK(!r.records[2].theoreticalScore);
    REQUIRE(r.records[2].diagnostics.size() == 1);
    CHECK(r.records[2].diagnostics[0].code == "bad-theoretical");
}

TEST_CASE("writer fidelity: WTHOR gives back what it holds, one file per year in a folder") {
    std::vector<GameRecord> in;
    for (GameRecord& g : records())
        if (canWrite(g, Format::Wthor)) in.push_back(std::move(g));
    REQUIRE(in.size() == 4);  // the set-up boards are left out
    const wthortest::ScratchDir dir;
    // One file: the years 1990 and 1992 cannot both be kept, and the warning says how many.
    const std::vector<Diagnostic> w = conversionWarnings(in, Format::Wthor, "x/WTH_1992.wtb");
    std::map<std::string, std::string> byCode;
    for (const Diagnostic& d : w) byCode[d.code] = d.message;
    REQUIRE(byCode.count("mixed-years"));
    CHECK(byCode["mixed-years"].find("the header says 1990, so 1 game of other years will read "
                                     "back as 1990") != std::string::npos);
    REQUIRE(byCode.count("file-name-year"));
    // A folder: nothing changes, so no year warning.
    for (const Diagnostic& d : conversionWarnings(in, Format::Wthor, dir.path().string()))
        CHECK(d.code != "mixed-years");

    writeGamesToFile(in, Format::Wthor, dir.path());
    CHECK(std::filesystem::exists(dir.path() / "WTH_1990.wtb"));
    CHECK(std::filesystem::exists(dir.path() / "WTH_1992.wtb"));
    CHECK(std::filesystem::exists(dir.path() / "WTHOR.JOU"));
    std::vector<GameRecord> back;
    for (const char* f : {"WTH_1990.wtb", "WTH_1992.wtb"}) {
        FileResult r = readFile(dir.path() / f);
        CHECK(r.fileDiagnostics.empty());
        for (GameRecord& g : r.records) back.push_back(std::move(g));
    }
    // Unknown years (in[3]) go to WTH_0000.wtb.
    FileResult unknown = readFile(dir.path() / "WTH_0000.wtb");
    REQUIRE(unknown.records.size() == 1);
    back.push_back(std::move(unknown.records[0]));
    REQUIRE(back.size() == in.size());
    const std::vector<std::size_t> order = {1, 2, 0, 3};  // by year, then as given
    for (std::size_t k = 0; k < in.size(); ++k) {
        INFO("game " << order[k]);
        const GameRecord& a = in[order[k]];
        const GameRecord& b = back[k];
        CHECK(b.ok());
        CHECK(b.black == a.black);
        CHECK(b.white == a.white);
        CHECK(b.event == (a.event.empty() ? "?" : a.event));
        CHECK(b.year == a.year);
        CHECK(b.moves == a.moves);
        CHECK(b.status == a.status);
        CHECK(b.score == a.score);
        if (a.statedBlackDiscs) CHECK(b.statedBlackDiscs == a.statedBlackDiscs);
        if (a.theoreticalScore) CHECK(b.theoreticalScore == a.theoreticalScore);
        if (a.theoreticalScore && a.theoreticalDepth)
            CHECK(b.theoreticalDepth == a.theoreticalDepth);
    }
}

TEST_CASE("writer fidelity: shared WTH_1990 through GGF and PGN") {
    const std::filesystem::path wtb = testing::shared("wthor/WTH_1990.wtb");
    if (wtb.empty()) {
        WARN("shared data absent (" OTHELLO_SHARED_DATA "/wthor/WTH_1990.wtb): test skipped");
        return;
    }
    const FileResult in = readFile(wtb);
    REQUIRE(in.records.size() > 100);
    int unfinished = 0;
    for (const GameRecord& g : in.records) unfinished += g.ok() && !g.complete();
    CHECK(unfinished > 0);
    for (Format f : {Format::Ggf, Format::Pgn}) {
        INFO(formatName(f));
        const FileResult back = readAs(writeGamesToString(in.records, f), f);
        std::size_t j = 0, compared = 0;
        for (const GameRecord& a : in.records) {
            if (!a.ok()) continue;
            REQUIRE(j < back.records.size());
            const GameRecord& b = back.records[j++];
            INFO("record " << a.source.record);
            const bool same = b.moves == a.moves && b.black == a.black && b.white == a.white &&
                              b.event == a.event && b.year == a.year && b.status == a.status &&
                              b.score == a.score && b.statedBlackDiscs == a.statedBlackDiscs &&
                              b.theoreticalScore == a.theoreticalScore &&
                              b.theoreticalDepth == a.theoreticalDepth;
            if (!same) checkSame(a, b);  // says which field differs
            REQUIRE(same);
            ++compared;
        }
        CHECK(j == back.records.size());
        CHECK(compared > 100);
    }
}
