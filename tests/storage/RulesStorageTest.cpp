// Games under other rules in the archive (issue 28): the rules stored per game (migration 14
// from a v13 archive, with its backup), one-line moves stored losslessly, keys that tell the
// same moves under other rules apart while Othello's keys stay as they were, search by rules
// and handicap, statistics kept apart, and the add command's --rules, --handicap and --result.
#include <catch2/catch.hpp>

#include <SQLiteCpp/SQLiteCpp.h>

#include "CliDb.h"
#include "StorageTestUtil.h"
#include "core/Rules.h"
#include "storage/Archive.h"
#include "storage/database/Codec.h"

using namespace othello;
using namespace storagetest;
using othello::storage::Archive;
using othello::storage::GameHeaders;

namespace {

std::vector<int> tokens(const std::string& text) {
    const core::MovesParse m = core::parseMoves(text);
    REQUIRE_FALSE(m.error);
    return m.moves;
}

importers::GameRecord reversiRecord(const std::string& black = "Anne",
                                    const std::string& white = "Bert") {
    GameHeaders h;
    h.black = black;
    h.white = white;
    h.event = "Club";
    h.date = "1999";
    return storage::enteredGame(core::reversiRules(), std::nullopt, tokens(kReversiGame), h);
}

// The key as it was computed before the rules were stored (Codec.cpp before issue 28).
std::int64_t legacyMovesKey(const core::Position& start, const std::vector<int>& moves) {
    std::uint64_t h = core::mixBits(
        start.black() ^ core::mixBits(start.white() + 1 + static_cast<int>(start.toMove())));
    auto key = static_cast<std::int64_t>(h);
    for (int m : moves) key = storage::extendMovesKey(key, m);
    return key;
}

}  // namespace

TEST_CASE("one-line moves and placements are stored and read back as they were", "[rules]") {
    const std::vector<int> moves = tokens(kReversiGame);
    const std::string blob = storage::encodeMoves(moves);
    CHECK(storage::decodeMoves(blob.data(), static_cast<int>(blob.size())) == moves);
    // An Othello game's blob is one byte a ply, as before.
    const std::vector<int> othello = tokens(kTigerGame);
    CHECK(storage::encodeMoves(othello).size() == othello.size());

    TempDir dir("rules-roundtrip");
    Archive a(dir / "games.sqlite");
    const importers::GameRecord r = reversiRecord();
    REQUIRE(r.complete());
    CHECK(r.score == core::Score{27, 37});
    const auto id = a.addGame(r).game;
    const auto stored = a.game(id);
    REQUIRE(stored);
    CHECK(stored->record.moves == moves);
    CHECK(stored->record.rules == core::reversiRules());
    CHECK(stored->record.score == core::Score{27, 37});
    CHECK(stored->record.complete());
    // Read back in a fresh connection too (nothing cached).
    Archive b(dir / "games.sqlite", Archive::Mode::ReadOnly);
    CHECK(b.game(id)->record.moves == moves);
    CHECK(core::rulesCode(b.game(id)->record.rules) == "reversi");
}

TEST_CASE("keys tell the same moves under other rules apart and keep Othello's", "[rules]") {
    const std::vector<int> othello = tokens(kTigerGame);
    const core::Position start = core::Position::start();
    // Othello's keys are those stored before the rules were: no migration recomputes them.
    CHECK(storage::movesKey(start, othello) == legacyMovesKey(start, othello));
    CHECK(storage::movesKey(start, othello, core::othelloRules()) ==
          legacyMovesKey(start, othello));
    const core::Position mirrored(start.white(), start.black(), core::Color::Black);
    const core::Rules any = core::fitStart(core::othelloRules(), mirrored, false);
    CHECK(storage::movesKey(mirrored, {19}, any) == legacyMovesKey(mirrored, {19}));
    // The same plies from the empty board under classic Reversi and its all-lines variant.
    const std::vector<int> plies = tokens("e4 d4 d5 e5 e6");
    const core::Position empty(0, 0, core::Color::Black);
    const auto reversi = storage::movesKey(empty, plies, core::reversiRules());
    const auto allLines = storage::movesKey(empty, plies, core::reversiAllLinesRules());
    CHECK(reversi != allLines);
    core::Rules discs = core::othelloRules();
    discs.scoring = core::Scoring::Discs;
    CHECK(storage::movesKey(start, othello, discs) != storage::movesKey(start, othello));
    importers::GameRecord a = reversiRecord(), b = a;
    b.rules.scoring = core::Scoring::EmptiesToWinner;
    CHECK(storage::recordHash(a) != storage::recordHash(b));
}

TEST_CASE("migration 14 backs a v13 archive up and stores every game's rules", "[rules]") {
    TempDir dir("rules-migration");
    const fs::path db = dir / "games.sqlite";
    const core::Position cross = core::Position::start();
    const core::Position mirrored(cross.white(), cross.black(), core::Color::Black);
    // The cross plus a black corner: a handicap only when a record says so, never by guess.
    const core::Position corner(cross.black() | 1, cross.white(), core::Color::Black);
    {
        Archive a(db);
        std::vector<importers::GameRecord> records{makeRecord("A", "B", "E", 2001, kTigerGame)};
        for (const core::Position& p : {mirrored, corner}) {
            importers::GameRecord r;
            r.black = "C";
            r.white = "D";
            r.start = p;
            r.standardStart = false;
            r.rules = core::fitStart(core::othelloRules(), p, false);
            r.format = importers::Format::Moves;
            REQUIRE(importers::replayRecord(r, {}, importers::SourceLocation{}));
            records.push_back(r);
        }
        REQUIRE(a.importRecords(records).imported == 3);
        a.deleteGames({2});  // a trashed game is migrated too
    }
    {
        // The archive as version 13 wrote it: no rules column, in games or in the trash.
        SQLite::Database raw(db.string(), SQLite::OPEN_READWRITE);
        raw.exec("DROP INDEX games_rules");
        raw.exec("ALTER TABLE games DROP COLUMN rules");
        raw.exec("ALTER TABLE trash_games DROP COLUMN rules");
        raw.exec("PRAGMA user_version = 13");
    }
    // A reader of the old file sees every game's rules without upgrading it.
    {
        Archive ro(db, Archive::Mode::ReadOnly);
        CHECK(ro.info().schemaVersion == 13);
        CHECK(core::rulesCode(ro.game(3)->record.rules) == "othello+position");
    }
    const fs::path backup = fs::path(db.string() + ".before-v14");
    CHECK_FALSE(fs::exists(backup));
    Archive a(db);
    CHECK(a.info().schemaVersion == othello::storage::kSchemaVersion);  // 14 and the later ones
    REQUIRE(fs::exists(backup));
    {
        SQLite::Database copy(backup.string(), SQLite::OPEN_READONLY);
        CHECK(copy.execAndGet("PRAGMA user_version").getInt() == 13);
        CHECK(copy.execAndGet("SELECT count(*) FROM games").getInt() == 2);
    }
    SQLite::Database raw(db.string(), SQLite::OPEN_READONLY);
    CHECK(raw.execAndGet("SELECT rules IS NULL FROM games WHERE id = 1").getInt() == 1);
    CHECK(raw.execAndGet("SELECT rules FROM games WHERE id = 3").getString() == "othello+position");
    CHECK(raw.execAndGet("SELECT rules FROM trash_games WHERE id = 2").getString() ==
          "othello+mirrored");
    CHECK(a.game(1)->record.rules.isOthello());
    a.restoreGame(2);
    CHECK(core::rulesCode(a.game(2)->record.rules) == "othello+mirrored");
}

TEST_CASE("search by rules and handicap, statistics kept per rule set", "[rules]") {
    TempDir dir("rules-search");
    Archive a(dir / "games.sqlite");
    a.importRecords({makeRecord("Anne", "Bert", "Club", 1999, kTigerGame)});
    // One through the import (ImportSession indexes it), the others entered (GameEditor).
    REQUIRE(a.importRecords({reversiRecord()}).imported == 1);
    const std::int64_t reversi = 2;
    // The same game from the mirrored cross's placements would be reversi+mirrored; a
    // reversi game scored with the empties is another code of the same preset.
    importers::GameRecord empties = reversiRecord("Carl", "Dora");
    core::Rules er = core::reversiRules();
    er.scoring = core::Scoring::EmptiesToWinner;
    empties = storage::enteredGame(er, std::nullopt, tokens(kReversiGame),
                                   {"Carl", "Dora", {}, {}, {}, {}, {}});
    const auto reversiEmpties = a.addGame(empties).game;
    core::Rules handicap;
    handicap.start = core::Start::Handicap;
    handicap.handicapCorners = core::bit(0) | core::bit(63);
    handicap.handicapTo = core::Color::White;
    handicap.firstToMove = core::Color::White;
    const auto given = a.addGame(storage::enteredGame(handicap, std::nullopt, tokens("f4"),
                                                      {"Strong", "Weak", {}, {}, {}, {}, {}}))
                           .game;

    const auto ids = [&a](storage::SearchFilter f) {
        f.limit = -1;
        std::vector<std::int64_t> out;
        for (const auto& g : a.search(f).games) out.push_back(g.id);
        return out;
    };
    storage::SearchFilter f;
    f.rules = "reversi";
    CHECK(ids(f) == std::vector<std::int64_t>{reversi, reversiEmpties});
    f.rules = "reversi+empties";
    CHECK(ids(f) == std::vector<std::int64_t>{reversiEmpties});
    f.rules = "othello";
    CHECK(ids(f) == std::vector<std::int64_t>{1, given});
    f.rules = "reversi";
    f.player = "dora";
    CHECK(ids(f) == std::vector<std::int64_t>{reversiEmpties});
    f = {};
    f.handicap = 0;
    CHECK(ids(f) == std::vector<std::int64_t>{given});
    f.handicap = core::bit(0) | core::bit(63);
    CHECK(ids(f) == std::vector<std::int64_t>{given});
    f.handicap = core::bit(0);
    CHECK(ids(f).empty());
    // A search row carries the rules and shows a disc-scored result as the discs stand.
    f = {};
    f.rules = "reversi+discs";
    std::string why;
    f.rules = *storage::rulesFilterText("REVERSI", why);
    const auto rows = a.search(f).games;
    REQUIRE(rows.size() == 2);
    CHECK(rows[0].rules == core::reversiRules());
    CHECK(rows[0].discs == core::Score{27, 37});
    CHECK(rows[0].blackScore == 27);  // a full board: the 64-disc scale is the discs

    // Every game reaches the cross with Black to move (the placements end there): found by a
    // position search under each rules, counted only in its own rules' statistics.
    const core::Position cross = core::Position::start();
    f = {};
    f.position = cross;
    f.limit = -1;
    CHECK(a.search(f).total ==
          3);  // Othello's game, both Reversi games (the handicap's is not the cross)
    CHECK(a.stats(cross).games == 1);
    CHECK(a.stats(cross).whiteWins + a.stats(cross).blackWins + a.stats(cross).draws == 1);
    const auto r = a.stats(cross, "reversi");
    CHECK(r.games == 2);
    CHECK(r.whiteWins == 2);
    CHECK(a.stats(cross, "reversi+empties").games == 1);
    CHECK(a.stats(cross, "othello").games == 1);
    // A position only Reversi games reach (after a line move) is in no Othello statistic.
    const core::ReplayResult played = core::replay(core::Position(0, 0, core::Color::Black),
                                                   tokens(kReversiGame), core::reversiRules());
    REQUIRE_FALSE(played.error);
    const core::Position deep = played.positions[10];
    CHECK(a.stats(deep).games == 0);
    CHECK(a.stats(deep, "reversi").games == 2);
    f.position = deep;
    CHECK(a.search(f).total == 2);
    const auto info = a.info();
    REQUIRE(info.gamesByRules.size() == 4);
    CHECK(info.gamesByRules[0].second == 1);
}

TEST_CASE("add --rules reversi takes the result on the board, add --handicap a booklet game",
          "[rules][cli]") {
    CliDb db("rules-cli");
    const std::string game = testing::shellQuote(kReversiGame);
    // 35-29-style scoring would say 27-37 too here (a full board): check the refusal with
    // a wrong count, and an unfinished-board game below for the empties.
    auto refused = db.run("add --rules reversi --moves " + game + " --result 28-36");
    CHECK(refused.exitCode == 1);
    CHECK_THAT(refused.err, Catch::Contains("the game ends 27-37"));
    const auto added = db.json("add --rules reversi --moves " + game + " --result 27-37");
    CHECK(added["rules"] == "reversi");
    CHECK(added["result"] == "27-37");
    // A game that ends with empty squares (a colour wiped out): 13-0 on the board under disc
    // scoring, 64-0 under Othello's.
    const std::string wipeout = "add --moves d3c3b3d2e1d6d7e3f4 --rules ";
    const auto d = db.json(wipeout + "othello+discs --result 13-0");
    CHECK(d["result"] == "13-0");
    CHECK(db.run(wipeout + "othello+discs --result 64-0").exitCode == 1);
    CHECK(db.run(wipeout + "othello --result 64-0").exitCode == 0);

    const auto h = db.json(
        "add --handicap a1,h8 --to white --white-first --moves f4 --black "
        "Strong --white Weak");
    CHECK(h["rules"] == "othello+handicap-a1h8-white+white-first");
    const auto found = db.json("search --handicap");
    REQUIRE(found["total"] == 1);
    CHECK(found["games"][0]["handicap"]["to"] == "white");
    CHECK(found["games"][0]["handicap"]["corners"] == nlohmann::json{"a1", "h8"});
    CHECK(db.json("search --handicap h8,a1")["total"] == 1);
    CHECK(db.json("search --handicap a1")["total"] == 0);
    CHECK(db.run("search --handicap b2").exitCode == 2);
    const auto reversi = db.json("search --rules Reversi");
    REQUIRE(reversi["total"] == 1);
    CHECK(reversi["games"][0]["rules_text"].get<std::string>().find("classic Reversi") == 0);
    CHECK(reversi["games"][0]["result"] == "27-37");
    const auto shown = db.run("show " + std::to_string(h["game"].get<int>()));
    CHECK_THAT(shown.out, Catch::Contains("handicap: a1,h8 given to White"));
    CHECK(db.run("add --handicap a1 --moves f5").exitCode == 2);  // no --to
    CHECK(db.run("search --rules chess").exitCode == 2);
    const auto info = db.json("info");
    CHECK(info["games_by_rules"]["reversi"] == 1);
    const auto stats = db.json("stats --rules reversi --moves e4d4d5e5");
    CHECK(stats["games"] == 1);
    // WTHOR holds Othello from the cross alone: the Reversi and handicap games are refused on
    // export, each named with why, in text and in JSON.
    const std::string wtb = (db.dir / "out.wtb").string();
    const auto text = db.run("export --rules reversi --to wthor -o " + wtb);
    CHECK(text.exitCode == 0);
    CHECK_THAT(text.err, Catch::Contains("left out: WTHOR holds only Othello games from the "
                                         "standard start; this game is played under reversi"));
    const auto exported = db.json("export --handicap --to wthor -o " + wtb);
    CHECK(exported["exported"] == 0);
    REQUIRE(exported["left_out"].size() == 1);
    CHECK(exported["left_out"][0]["game"] == h["game"]);
    CHECK_THAT(exported["left_out"][0]["why"].get<std::string>(),
               Catch::Contains("othello+handicap-a1h8-white+white-first"));
}

TEST_CASE("edit --rules only when the moves replay under them, and revert brings them back",
          "[rules][cli]") {
    CliDb db("rules-edit");
    const auto lines = db.json("add --rules reversi --moves " + testing::shellQuote(kReversiGame));
    const std::string id = std::to_string(lines["game"].get<int>());
    // Its one-line moves name lines: they do not replay where every line flips.
    const auto refused = db.run("edit " + id + " --rules reversi-all-lines");
    CHECK(refused.exitCode == 1);
    CHECK_THAT(refused.err, Catch::Contains("do not replay under the rules reversi-all-lines"));
    // The placements and two moves with one line each: the same game under both rules.
    const auto plain = db.json("add --rules reversi --moves \"e4 d4 d5 e5 e6 d6\"");
    const std::string p = std::to_string(plain["game"].get<int>());
    const auto edit = db.json("edit " + p + " --rules reversi-all-lines");
    REQUIRE_FALSE(edit["change"].is_null());
    CHECK(db.json("show " + p)["rules"] == "reversi-all-lines");
    CHECK(db.json("search --rules reversi-all-lines")["total"] == 1);
    CHECK(db.run("revert " + std::to_string(edit["change"].get<int>())).exitCode == 0);
    CHECK(db.json("show " + p)["rules"] == "reversi");
    CHECK(db.json("search --rules reversi-all-lines")["total"] == 0);
    CHECK(db.json("search --rules reversi")["total"] == 2);
}

TEST_CASE("an event mixing scoring rules gets one table per scoring", "[rules][cli]") {
    CliDb db("rules-event");
    const std::vector<std::pair<std::string, std::string>> pairs{
        {"A", "B"}, {"C", "D"}, {"A", "C"}, {"B", "D"}, {"A", "D"}, {"B", "C"}};
    int round = 0;
    for (const auto& [black, white] : pairs)
        REQUIRE(db.run("add --moves " + kTigerGame + " --black " + black + " --white " + white +
                       " --event Mix --date 2020 --round " + std::to_string(1 + round++ / 2))
                    .exitCode == 0);
    for (const auto& [black, white] : {std::pair<std::string, std::string>{"A", "B"}, {"C", "D"}})
        REQUIRE(db.run("add --rules reversi --moves " + testing::shellQuote(kReversiGame) +
                       " --black " + black + " --white " + white +
                       " --event Mix --date 2020 --round 4")
                    .exitCode == 0);
    const auto text = db.run("event Mix");
    REQUIRE(text.exitCode == 0);
    CHECK_THAT(text.out, Catch::Contains("one table per scoring"));
    CHECK_THAT(text.out, Catch::Contains("scoring: discs as they stand on the board (2 games)"));
    CHECK_THAT(text.out, Catch::Contains("classic Reversi"));
    const auto j = db.json("event Mix");
    REQUIRE(j["scoring_tables"].size() == 2);
    CHECK(j["scoring_tables"][0]["scoring"] == "empties");
    CHECK(j["scoring_tables"][1]["scoring"] == "discs");
    // The Reversi table counts the discs on the board: 37 for each winner of a 27-37 game.
    for (const auto& p : j["scoring_tables"][1]["standings"])
        CHECK((p["discs"] == 37 || p["discs"] == 27));
}
