// Games under other rules and what is counted and matched about them (issue 28's review): a
// handicap game is one game whether labelled a handicap or a position (duplicates on import and
// in `duplicates`, migration 17), `info` counts a one-line move as one position, an
// unfinished game is a prefix of another only under the same rules, and a rules code a later
// version wrote is never taken for Othello's.
#include <catch2/catch.hpp>

#include <SQLiteCpp/SQLiteCpp.h>

#include "CliDb.h"
#include "StorageTestUtil.h"
#include "core/Rules.h"
#include "storage/Archive.h"
#include "storage/curation/Duplicates.h"
#include "storage/database/Codec.h"

using namespace othello;
using namespace storagetest;
using othello::storage::Archive;

namespace {

// The reviewer's game: the cross plus black discs on a1 and h8 (a handicap of two corners
// given to Black, as the importer recognises it), three moves; once with RU[othello+position]
// (how a game stored before schema 14 is exported), once without (read as a handicap).
const std::string kBoard =
    "BO[8 *------- -------- -------- ---O*--- ---*O--- -------- -------- -------* *]";
const std::string kAsPosition =
    "(;GM[Othello]PC[Test]DT[2020.01.01]PB[alpha]PW[beta]RE[?]"
    "RU[othello+position]TY[8]" +
    kBoard + "B[f5]W[d6]B[c3];)\n";
const std::string kAsHandicap = "(;GM[Othello]PC[Test]DT[2020.01.01]PB[alpha]PW[beta]RE[?]TY[8]" +
                                kBoard + "B[f5]W[d6]B[c3];)\n";

std::vector<int> plies(const std::string& text) {
    const core::MovesParse m = core::parseMoves(text);
    REQUIRE_FALSE(m.error);
    return m.moves;
}

std::string rulesOfGame(const fs::path& db, std::int64_t id) {
    SQLite::Database raw(db.string(), SQLite::OPEN_READONLY);
    SQLite::Statement s(raw, "SELECT coalesce(rules, '') FROM games WHERE id = ?");
    s.bind(1, id);
    REQUIRE(s.executeStep());
    return s.getColumn(0).getString();
}

// The duplicate key of a handicap game as schema 14 to 16 stored it: the rules code hashed in.
std::int64_t keyBefore17(const importers::GameRecord& r) {
    const core::Position& start = r.start;
    std::uint64_t h = core::mixBits(
        start.black() ^ core::mixBits(start.white() + 1 + static_cast<int>(start.toMove())));
    const std::string code = core::rulesCode(r.rules);
    h = core::mixBits(h ^ (code.size() + 0x9e3779b97f4a7c15ULL));
    for (const char c : code) h = core::mixBits(h ^ (static_cast<unsigned char>(c) + 0x51ULL));
    auto key = static_cast<std::int64_t>(h);
    for (int m : r.moves) key = storage::extendMovesKey(key, m);
    return key;
}

}  // namespace

TEST_CASE("a handicap game stored before schema 14 is a duplicate of the same file read again",
          "[rules][duplicates]") {
    TempDir dir("rules-handicap-v13");
    const fs::path db = dir / "games.sqlite";
    const fs::path file = dir / "game.ggf";
    // Version 13 read the file with no rules at all: Othello from the board it gives, as the
    // file with RU[othello+position] is read today; then the archive as version 13 left it.
    writeFile(file, kAsPosition);
    {
        Archive a(db);
        REQUIRE(a.importFiles({file}).imported == 1);
    }
    {
        SQLite::Database raw(db.string(), SQLite::OPEN_READWRITE);
        raw.exec("DROP INDEX games_rules");
        raw.exec("ALTER TABLE games DROP COLUMN rules");
        raw.exec("ALTER TABLE trash_games DROP COLUMN rules");
        raw.exec("PRAGMA user_version = 13");
    }
    // The same file today, without the RU the old version never wrote: a handicap.
    writeFile(file, kAsHandicap);
    Archive a(db);
    CHECK(rulesOfGame(db, 1) == "othello+position");  // migration 14: never a handicap by guess
    const auto again = a.importFiles({file});
    CHECK(again.duplicates == 1);
    CHECK(again.imported == 0);
    CHECK(a.info().games == 1);
    // The other way round: stored as a handicap, read again labelled a position.
    TempDir other("rules-handicap-reverse");
    const fs::path handicapFile = other / "handicap.ggf", positionFile = other / "position.ggf";
    writeFile(handicapFile, kAsHandicap);
    writeFile(positionFile, kAsPosition);
    Archive b(other / "games.sqlite");
    REQUIRE(b.importFiles({handicapFile}).imported == 1);
    CHECK(rulesOfGame(other / "games.sqlite", 1) == "othello+handicap-a1h8-black");
    const auto reverse = b.importFiles({positionFile});
    CHECK(reverse.duplicates == 1);
    CHECK(reverse.imported == 0);
    CHECK(b.info().games == 1);
}

TEST_CASE("migration 17 gives a handicap game and its position copy one key: duplicates lists them",
          "[rules][duplicates]") {
    TempDir dir("rules-handicap-pair");
    const fs::path db = dir / "games.sqlite";
    const fs::path handicapFile = dir / "handicap.ggf", positionFile = dir / "position.ggf";
    writeFile(handicapFile, kAsHandicap);
    writeFile(positionFile, kAsPosition);
    {
        // The two copies an archive of schema 16 could hold: the handicap (its key with the
        // rules code) and the same game as a position (Othello's key).
        Archive a(db);
        REQUIRE(a.importFiles({handicapFile}).imported == 1);
        auto position = a.game(1)->record;
        position.rules = core::fitStart(core::othelloRules(), position.start, false);
        REQUIRE(core::rulesCode(position.rules) == "othello+position");
        a.addGame(position);
    }
    {
        Archive ro(db, Archive::Mode::ReadOnly);
        const importers::GameRecord handicap = ro.game(1)->record;
        REQUIRE(core::rulesCode(handicap.rules) == "othello+handicap-a1h8-black");
        const std::int64_t old = keyBefore17(handicap);
        SQLite::Database raw(db.string(), SQLite::OPEN_READWRITE);
        SQLite::Statement set(raw, "UPDATE games SET moves_key = ?, record_hash = ? WHERE id = 1");
        set.bind(1, old);
        set.bind(2, storage::recordHash(handicap, old));
        set.exec();
        // A cached review of game 1 (its fields as the cache writes them, the key as stored).
        raw.exec(
            "INSERT INTO game_analysis SELECT id, moves_key, 20, 3, 10, 9, 2, 2, 10, 10, 0, "
            "0, 2, x'00' FROM games WHERE id = 1");
        raw.exec("PRAGMA user_version = 16");
    }
    Archive a(db);
    // The migration rewrote keys: the archive as it was is kept beside it (it made no copy), and
    // the review survives under the new key (the moves_key trigger deleted it).
    CHECK(fs::exists(db.string() + ".before-v17"));
    {
        SQLite::Database raw(db.string(), SQLite::OPEN_READONLY);
        CHECK(raw.execAndGet("SELECT count(*) FROM game_analysis a JOIN games g ON g.id = "
                             "a.game_id WHERE a.game_id = 1 AND a.moves_key = g.moves_key "
                             "AND a.black_lost = 2")
                  .getInt() == 1);
    }
    const auto list = a.duplicates(storage::DuplicateQuery{});
    REQUIRE(list.groups.size() == 1);
    REQUIRE(list.groups[0].games.size() == 2);
    CHECK(list.groups[0].games[0].id == 1);
    CHECK(list.groups[0].games[1].id == 2);
    // And the keys are those an import computes: the file is found stored under either label.
    CHECK(a.importFiles({handicapFile, positionFile}).duplicates == 2);
}

TEST_CASE("info counts a one-line move that names its line as one position", "[rules]") {
    TempDir dir("rules-positions");
    Archive a(dir / "games.sqlite");
    const std::vector<int> reversiMoves = plies(kReversiGame);
    const std::vector<int> othelloMoves = plies(kTigerGame);
    storage::GameHeaders h;
    h.black = "Anne";
    h.white = "Bert";
    const auto reversi = storage::enteredGame(core::reversiRules(), std::nullopt, reversiMoves, h);
    // Two bytes for each move that names its line: the blob is longer than the plies.
    REQUIRE(storage::encodeMoves(reversi.moves).size() > reversi.moves.size());
    const auto othello = makeRecord("Carl", "Dora", "Club", 2001, othelloMoves);
    REQUIRE(a.importRecords({othello, reversi}).imported == 2);
    const auto info = a.info();
    CHECK(info.unindexedGames == 0);
    CHECK(info.positions ==
          static_cast<std::int64_t>(othello.moves.size() + 1 + reversi.moves.size() + 1));
}

TEST_CASE("an unfinished game is a prefix of another only under the same rules",
          "[rules][prefix]") {
    TempDir dir("rules-prefix");
    Archive a(dir / "games.sqlite");
    storage::GameHeaders h;
    h.black = "Anne";
    h.white = "Bert";
    const std::vector<int> reversiMoves = plies(kReversiGame);
    REQUIRE(
        a.importRecords({storage::enteredGame(core::reversiRules(), std::nullopt, reversiMoves, h)})
            .imported == 1);
    // Stored after the longer game: found at the end of the import (reportPrefixes), which
    // replays the unfinished game under its rules (the placements are no Othello moves).
    h.black = "Carl";
    const std::vector<int> first20(reversiMoves.begin(), reversiMoves.begin() + 20);
    const auto shorter =
        a.importRecords({storage::enteredGame(core::reversiRules(), std::nullopt, first20, h)});
    CHECK(shorter.imported == 1);
    CHECK(shorter.prefixes == 1);
    // The same squares under the other rules are another game: no prefix of an Othello game.
    const std::vector<int> tiger = plies(kTigerGame);
    REQUIRE(a.importRecords({makeRecord("Dora", "Emil", "Club", 2001, tiger)}).imported == 1);
    core::Rules discs = core::othelloRules();
    discs.scoring = core::Scoring::Discs;
    const std::vector<int> first30(tiger.begin(), tiger.begin() + 30);
    const auto other = a.importRecords({storage::enteredGame(discs, std::nullopt, first30, h)});
    CHECK(other.imported == 1);
    CHECK(other.prefixes == 0);
    // Under the same rules it is one (the check when the shorter game comes second).
    const auto same =
        a.importRecords({storage::enteredGame(core::othelloRules(), std::nullopt, first30, h)});
    CHECK(same.prefixes == 1);
}

TEST_CASE("a rules code a later version wrote is shown as unknown and never rewritten",
          "[rules][edit]") {
    CliDb db("rules-unknown");
    {
        Archive a(db.path);
        REQUIRE(a.importRecords({makeRecord("Anne", "Bert", "Club", 2001, kTigerGame)}).imported ==
                1);
    }
    const std::string later = "othello+later-rule";
    {
        SQLite::Database raw(db.path.string(), SQLite::OPEN_READWRITE);
        raw.exec("UPDATE games SET rules = '" + later + "' WHERE id = 1");
    }
    const auto storedRules = [&db] { return rulesOfGame(db.path, 1); };
    {
        Archive a(db.path);
        storage::GameHeaders h;
        h.black = "Carl";
        try {
            a.editGame(1, h, std::nullopt, std::nullopt, std::nullopt);
            FAIL("an edit of a game under unreadable rules went through");
        } catch (const storage::StorageError& e) {
            CHECK_THAT(e.what(), Catch::Contains("game 1") && Catch::Contains(later));
        }
        CHECK(storedRules() == later);
        CHECK(a.game(1)->record.black == "Anne");
        REQUIRE(a.game(1)->unreadableRules);
        CHECK(*a.game(1)->unreadableRules == later);
        const auto rows = a.search(storage::SearchFilter{}).games;
        REQUIRE(rows.size() == 1);
        CHECK(rows[0].unreadableRules == std::optional<std::string>(later));
    }
    // The command line: refused (exit 1, the game and the code named), listed and shown as
    // unknown rules, never as Othello's.
    const auto edit = db.run("edit 1 --black Carl");
    CHECK(edit.exitCode == 1);
    CHECK_THAT(edit.err, Catch::Contains(later));
    CHECK(storedRules() == later);
    CHECK_THAT(db.run("search").out, Catch::Contains("<unknown rules (" + later + ")>"));
    const auto shown = db.json("show 1");
    CHECK(shown["rules"] == later);
    CHECK(shown["rules_text"] == "unknown rules (" + later + ")");
    CHECK(db.json("search")["games"][0]["rules"] == later);
}

TEST_CASE("migration 17 copies no archive that holds no game under other rules", "[rules]") {
    TempDir dir("rules-17-no-copy");
    const fs::path db = dir / "games.sqlite";
    {
        Archive a(db);
        REQUIRE(
            a.importRecords({storagetest::makeRecord("A", "B", "Open", 2020, "f5d6c3")}).imported ==
            1);
    }
    {
        SQLite::Database raw(db.string(), SQLite::OPEN_READWRITE);
        raw.exec("PRAGMA user_version = 16");
    }
    Archive a(db);
    // Nothing to rekey: an Othello archive (WTHOR's, 10 M games) was copied whole for nothing.
    CHECK_FALSE(fs::exists(db.string() + ".before-v17"));
    CHECK(a.game(1));
}
