// One result shown everywhere (importers/GameResult.h): search and show, text and JSON, print
// a finished game's score, an unfinished game's stated result flagged "(unfinished)", and "*"
// for an unfinished game that states none -- never the discs it stopped on ("61-3?").
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "../core/CliProcess.h"
#include "CliDb.h"
#include "StorageTestUtil.h"
#include "importers/GameResult.h"

using namespace storagetest;
using testing::runCli;
using testing::shellQuote;

namespace {

// An unfinished game without a result, one with a stated result (a resignation), one finished
// (the 9-move wipe-out, 64-0 with the empties) and a GGF anti-Othello game.
const char* kPgn =
    "[Event \"Open\"]\n[Black \"Nobody\"]\n[White \"Nothing\"]\n[Result \"*\"]\n"
    "1. F5 D6 2. C3 *\n\n"
    "[Event \"Open\"]\n[Black \"Resigner\"]\n[White \"Winner\"]\n[Result \"20-44\"]\n"
    "1. F5 F6 20-44\n\n"
    "[Event \"Open\"]\n[Black \"Wiper\"]\n[White \"Wiped\"]\n[Result \"64-0\"]\n"
    "1. D3 C3 2. B3 D2 3. E1 D6 4. D7 E3 5. F4 64-0\n";

struct Db : CliDb {
    Db() : CliDb("result") {}
};

}  // namespace

TEST_CASE("result text: one function for records and listed rows", "[storage][cli]") {
    using importers::GameResult;
    CHECK(GameResult::ofRow(true, true, 33, 31).text() == "33-31");
    CHECK(GameResult::ofRow(false, true, 20, 44).text() == "20-44 (unfinished)");
    CHECK(GameResult::ofRow(false, false, 61, 3).text() == "*");  // never a projection
    importers::GameVariant anti;
    anti.anti = true;
    CHECK(GameResult::ofRow(true, true, 64, 0, anti).text() == "64-0 (anti)");
    importers::GameRecord r;
    r.status = importers::GameStatus::Incomplete;
    r.score = {61, 3};
    CHECK(importers::resultText(r) == "*");
    r.statedWinner = -1;
    CHECK(importers::resultText(r) == "0-1 (unfinished)");
    r.statedBlackDiscs = 20;
    CHECK(importers::resultText(r) == "20-44 (unfinished)");
    r.status = importers::GameStatus::Complete;
    r.score = {64, 0};
    r.variant.anti = true;
    CHECK(importers::resultText(r) == "64-0 (anti)");
}

TEST_CASE("cli result: search and show print one result, * when unknown", "[storage][cli]") {
    Db db;
    const fs::path pgn = db.dir / "games.pgn";
    writeFile(pgn, kPgn);
    REQUIRE(db.run("import " + shellQuote(pgn.string())).exitCode == 0);

    const nlohmann::json s = db.json("search --sort id");
    REQUIRE(s["games"].size() == 3);
    CHECK(s["games"][0]["result"] == "*");
    CHECK(s["games"][0]["unfinished"] == true);
    CHECK(s["games"][0]["black_score"].is_null());  // the discs are not a result
    CHECK(s["games"][1]["result"] == "20-44 (unfinished)");
    CHECK(s["games"][1]["unfinished"] == true);
    CHECK(s["games"][1]["black_score"] == 20);
    CHECK(s["games"][2]["result"] == "64-0");
    CHECK(s["games"][2]["unfinished"] == false);

    const auto text = db.run("search --sort id");
    REQUIRE(text.exitCode == 0);
    CHECK(text.out.find("?") == std::string::npos);  // no projected "5-59?" or "4-1?"
    CHECK(text.out.find(" * ") != std::string::npos);
    CHECK(text.out.find("20-44 (unfinished)") != std::string::npos);

    for (int id : {1, 2, 3}) {
        INFO(id);
        const nlohmann::json j = db.json("show " + std::to_string(id));
        const std::string expected = s["games"][id - 1]["result"];
        CHECK(j["result"] == expected);
        const auto shown = db.run("show " + std::to_string(id));
        const std::string first = shown.out.substr(0, shown.out.find('\n'));
        CHECK(first.size() >= expected.size());
        CHECK(first.substr(first.size() - expected.size()) == expected);
    }
    CHECK(db.json("show 1")["black_score"].is_null());
    // check --json gives each record's result the same way, with the disc counts apart.
    const auto check = runCli("check " + shellQuote(pgn.string()) + " --json");
    REQUIRE(check.exitCode == 0);
    const nlohmann::json c = nlohmann::json::parse(check.out);
    REQUIRE(c["games"].size() == 3);
    for (int i = 0; i < 3; ++i) CHECK(c["games"][i]["result"] == s["games"][i]["result"]);
}

TEST_CASE("cli result: a GGF variant is shown with its game", "[storage][cli]") {
    Db db;
    const fs::path ggf = db.dir / "variants.ggf";
    // Black wipes White out: in anti-Othello that is White's win, RE[-64]; a komi game unfinished.
    writeFile(ggf,
              "(;GM[Othello]PB[a]PW[b]TY[8a]RE[-64.00]B[d3]W[c3]B[b3]W[d2]B[e1]W[d6]B[d7]W[e3]"
              "B[f4];)\n(;GM[Othello]PB[c]PW[d]TY[8k]KM[2.5]B[f5]W[d6];)\n");
    REQUIRE(db.run("import " + shellQuote(ggf.string())).exitCode == 0);
    const nlohmann::json anti = db.json("show 1");
    CHECK(anti["variant"] == "8a");
    CHECK(anti["komi"].is_null());
    CHECK(anti["result"] == "64-0 (anti)");
    CHECK(db.run("show 1").out.find("variant: anti (TY[8a])") != std::string::npos);
    const nlohmann::json komi = db.json("show 2");
    CHECK(komi["variant"] == "8k");
    CHECK(komi["komi"] == 2.5);
    CHECK(komi["result"] == "*");
    // Lists show the variant as show does: an anti-Othello wipe-out is not a 64-0 win.
    const nlohmann::json list = db.json("search");
    REQUIRE(list["games"].size() == 2);
    CHECK(list["games"][0]["result"] == "64-0 (anti)");
    CHECK(db.run("search").out.find("64-0 (anti)") != std::string::npos);
}
