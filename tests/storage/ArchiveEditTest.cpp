// Editing, the trash and the journal (storage/Archive.h, "Editing, the trash and the journal").
#include <SQLiteCpp/SQLiteCpp.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <set>

#include "StorageTestUtil.h"
#include "analysis/GameReviewer.h"
#include "analysis/Solver.h"
#include "core/Replay.h"
#include "importers/GameResult.h"
#include "storage/Archive.h"
#include "storage/cache/AnalysisCache.h"

using namespace storagetest;
using othello::storage::Archive;
using othello::storage::EditError;
using othello::storage::GameHeaders;
using othello::storage::RevertBlocked;
using othello::storage::StorageError;

namespace {

std::vector<std::int64_t> allIds(Archive& a) {
    othello::storage::SearchFilter f;
    f.limit = -1;
    std::vector<std::int64_t> ids;
    for (const auto& g : a.search(f).games) ids.push_back(g.id);
    return ids;
}

// The position index with the game ids left out (ply, next move, shallow bit, result), and
// the statistics table: what an archive of the same games holds whatever their ids.
std::multiset<std::pair<std::int64_t, std::int64_t>> positionsOf(const fs::path& db) {
    SQLite::Database raw(db.string(), SQLite::OPEN_READONLY);
    SQLite::Statement s(raw, "SELECT hash, entry & 16777215 FROM positions");
    std::multiset<std::pair<std::int64_t, std::int64_t>> out;
    while (s.executeStep()) out.emplace(s.getColumn(0).getInt64(), s.getColumn(1).getInt64());
    return out;
}

std::vector<std::vector<std::int64_t>> statsOf(const fs::path& db) {
    SQLite::Database raw(db.string(), SQLite::OPEN_READONLY);
    SQLite::Statement s(raw,
                        "SELECT hash, next, games, black_wins, draws, white_wins, sum_black FROM "
                        "position_stats ORDER BY hash, next");
    std::vector<std::vector<std::int64_t>> out;
    while (s.executeStep()) {
        std::vector<std::int64_t> row;
        for (int c = 0; c < 7; ++c) row.push_back(s.getColumn(c).getInt64());
        out.push_back(row);
    }
    return out;
}

// Every stored game's record, in id order.
std::vector<importers::GameRecord> recordsOf(Archive& a) {
    othello::storage::SearchFilter f;
    f.limit = -1;
    std::vector<importers::GameRecord> out;
    a.forEachGame(f, [&out](const othello::storage::StoredGame& g) { out.push_back(g.record); });
    return out;
}

std::vector<int> moves(const std::string& text) {
    return core::parseMoves(text).moves;
}

// Appending rather than "x" + std::string: g++ 12 warns falsely (-Wrestrict) on the latter.
std::string join(const char* a, int n) {
    std::string s(a);
    s += std::to_string(n);
    return s;
}

const char* kTiger =
    "f5d6c3d3c4f4c5b3c2e3d2c6b4b5f2e2a3d1c1a4a5f3g4f1e7d7d8e6f6b6e1b1c7a6a7b2f7g3g5h4h5g2h1g1a1a2b7"
    "c8b8a8h3h6g6e8h7h2h8g8g7f8";

}  // namespace

TEST_CASE("edits, deletions and restores leave the index as a fresh import of the same games",
          "[storage][edit]") {
    TempDir dir("edit-consistency");
    const auto db = dir / "games.sqlite";
    std::mt19937_64 rng(11);
    std::vector<importers::GameRecord> records;
    for (int i = 0; i < 60; ++i)
        records.push_back(makeRecord(join("P", i % 7), join("Q", i % 5), join("E", i % 3),
                                     1990 + i % 10, randomGame(rng, i % 4 == 0 ? 30 : 200),
                                     "file.moves", i + 1));
    Archive a(db);
    REQUIRE(a.importRecords(records).imported == 60);
    const auto ids = allIds(a);
    // Moves: a finished game becomes another finished game, and an unfinished one.
    a.editGame(ids[2], {}, randomGame(rng));
    a.editGame(ids[3], {}, randomGame(rng, 20));
    // A result stated for an unfinished game (a resignation) changes its statistics.
    GameHeaders resigned;
    resigned.result = "1-0";
    a.editGame(ids[0], resigned);
    GameHeaders score;
    score.result = "40-24";
    a.editGame(ids[4], score);
    GameHeaders names;
    names.black = "Someone New";
    names.event = "E1";
    names.date = "2001-05-06";
    a.editGame(ids[5], names);
    a.deleteGames({ids[6], ids[7], ids[8]});
    a.restoreGame(ids[7]);
    a.purgeGames({ids[8]});
    const auto added = a.addGame(othello::storage::enteredGame(
        core::Position::start(), moves(kTiger), GameHeaders{"X", "Y", "Z", "2020", {}, {}, {}}));
    CHECK(added.game > ids.back());

    const auto kept = recordsOf(a);
    CHECK(kept.size() == 59);
    TempDir fresh("edit-fresh");
    Archive b(fresh / "games.sqlite");
    REQUIRE(b.importRecords(kept).imported == 59);
    CHECK(positionsOf(db) == positionsOf(fresh / "games.sqlite"));
    CHECK(statsOf(db) == statsOf(fresh / "games.sqlite"));
    CHECK(a.info().games == b.info().games);
    CHECK(a.info().positions == b.info().positions);
    for (const std::string line : {"", "f5", "f5d6", "f5d6c3d3", "f5f6e6f4"}) {
        const auto p = core::replay(core::Position::start(), moves(line)).final();
        const auto sa = a.stats(p), sb = b.stats(p);
        INFO(line);
        CHECK(sa.games == sb.games);
        CHECK(sa.blackWins == sb.blackWins);
        CHECK(sa.draws == sb.draws);
        CHECK(sa.sumBlackScore == sb.sumBlackScore);
        CHECK(sa.moves.size() == sb.moves.size());
    }
    // Deleted games leave search at once; the trash lists them; ids stay.
    othello::storage::SearchFilter f;
    f.player = "Someone New";
    CHECK(a.count(f) == 1);
    CHECK_FALSE(a.game(ids[6]));
    CHECK(a.game(ids[7]));
    REQUIRE(a.trash().size() == 1);
    CHECK(a.trash()[0].row.id == ids[6]);
    // The edited date sets the year too.
    CHECK(a.game(ids[5])->record.year == 2001);
}

TEST_CASE("a moves edit is checked and re-derives result, keys and opening", "[storage][edit]") {
    TempDir dir("edit-checks");
    Archive a(dir / "games.sqlite");
    a.importRecords({makeRecord("A", "B", "Ev", 2000, kTiger)});
    const auto before = a.history().size();
    // An illegal move: nothing changed, nothing journalled.
    try {
        a.editGame(1, {}, moves("f5d6c3f5"));
        FAIL("an illegal move was accepted");
    } catch (const EditError& e) {
        CHECK(std::string(e.what()).find("ply 4") != std::string::npos);
    }
    // A finished game's stated result must agree with its moves.
    GameHeaders wrong;
    wrong.result = "10-54";
    CHECK_THROWS_AS(a.editGame(1, wrong), EditError);
    CHECK(a.history().size() == before);
    CHECK(a.game(1)->record.moves == makeRecord("A", "B", "Ev", 2000, kTiger).moves);
    // A shorter game: unfinished, its opening re-derived.
    const auto r = a.editGame(1, {}, moves("f5d6c3d3c4"));
    CHECK(r.fields == std::vector<std::string>{"moves"});
    const auto g = a.game(1);
    CHECK_FALSE(g->record.complete());
    CHECK(g->opening == "Tiger (虎定石)");
    othello::storage::SearchFilter f;
    f.position = core::replay(core::Position::start(), moves("f5d6c3d3c4")).final();
    CHECK(a.count(f) == 1);
    f.position = core::replay(core::Position::start(), moves("f5d6c3d3c4f4")).final();
    CHECK(a.count(f) == 0);
    // The same values again: nothing to journal.
    CHECK(a.editGame(1, {}, moves("f5d6c3d3c4")).change == 0);
    // enteredGame: a result for an unfinished game is kept as stated.
    GameHeaders h;
    h.result = "0-1";
    const auto rec = othello::storage::enteredGame(core::Position::start(), moves("f5d6"), h);
    CHECK(rec.statedResult == "0-1");
    // ... and read back as stated: a resignation's winner is not lost on the way through the
    // games table (it used to come back as "*").
    const auto resigned = a.game(a.addGame(rec).game);
    CHECK(importers::GameResult::of(resigned->record).text() == "0-1 (unfinished)");
    importers::GameRecord odd = rec;
    odd.statedWinner.reset();
    odd.statedResult = "Black resigned";
    const auto kept = a.game(a.addGame(odd).game);
    CHECK(importers::GameResult::of(kept->record).text() == "Black resigned (unfinished)");
    h.date = "2020-13-01";
    CHECK_THROWS_AS(othello::storage::enteredGame(core::Position::start(), moves("f5d6"), h),
                    EditError);
}

TEST_CASE("a revert that a later change depends on names it and changes nothing",
          "[storage][edit][journal]") {
    TempDir dir("edit-revert");
    Archive a(dir / "games.sqlite");
    a.setUser("anna");
    a.importRecords(
        {makeRecord("A", "B", "Ev", 2000, kTiger), makeRecord("C", "D", "Ev", 2001, "f5d6")});
    GameHeaders h1, h2, w;
    h1.black = "A1";
    h2.black = "A2";
    w.white = "B1";
    const auto c1 = a.editGame(1, h1).change;
    const auto c2 = a.editGame(1, h2).change;
    const auto c3 = a.editGame(1, w).change;
    const auto journalled = a.history().size();
    try {
        a.revert(c1);
        FAIL("the revert was not blocked");
    } catch (const RevertBlocked& e) {
        CHECK(e.blocker == c2);
        CHECK(std::string(e.what()).find("change " + std::to_string(c2)) != std::string::npos);
    }
    CHECK(a.game(1)->record.black == "A2");
    CHECK(a.history().size() == journalled);
    // Another field edited since does not block.
    const auto r3 = a.revert(c3);
    CHECK(a.game(1)->record.white == "B");
    CHECK(a.change(c3)->revertedBy == r3);
    CHECK_THROWS_AS(a.revert(c3), StorageError);  // already reverted
    // Reverting the revert redoes the edit (undo, redo), and reverting that undoes it again.
    const auto redo = a.revert(r3);
    CHECK(a.game(1)->record.white == "B1");
    CHECK(a.change(redo)->reverts == r3);
    const auto undo = a.revert(redo);
    CHECK(a.game(1)->record.white == "B");
    // The first change of the chain points to its end.
    try {
        a.revert(c3);
        FAIL("reverted twice");
    } catch (const StorageError& e) {
        CHECK(std::string(e.what()).find("change " + std::to_string(undo)) != std::string::npos);
    }
    a.revert(c2);
    a.revert(c1);
    CHECK(a.game(1)->record.black == "A");
    CHECK(a.history().front().user == "anna");
    // A game deleted since blocks reverting its edit; a purge blocks reverting the deletion.
    const auto c4 = a.editGame(2, h1).change;
    const auto del = a.deleteGames({2});
    try {
        a.revert(c4);
        FAIL("the revert was not blocked");
    } catch (const RevertBlocked& e) {
        CHECK(e.blocker == del);
    }
    const auto purge = a.purgeGames({});
    try {
        a.revert(del);
        FAIL("restoring a purged game");
    } catch (const RevertBlocked& e) {
        CHECK(e.blocker == purge);
    }
    CHECK_THROWS_AS(a.revert(purge), RevertBlocked);
    // History of one game, newest first.
    const auto h = a.history({std::int64_t{2}, -1});
    REQUIRE(h.size() >= 4);
    CHECK(h[0].kind == "purge");
    CHECK(h[1].kind == "delete");
    CHECK(h.back().kind == "import");
}

TEST_CASE("deletion, restore and revert of an addition go through the trash", "[storage][edit]") {
    TempDir dir("edit-trash");
    Archive a(dir / "games.sqlite");
    const auto add =
        a.addGame(othello::storage::enteredGame(core::Position::start(), moves(kTiger), {}));
    CHECK(a.info().games == 1);
    const auto del = a.deleteGames({add.game});
    CHECK(a.info().games == 0);
    CHECK(a.stats(core::Position::start()).games == 0);
    CHECK_THROWS_AS(a.deleteGames({add.game}), StorageError);  // already in the trash
    CHECK_THROWS_AS(a.editGame(add.game, GameHeaders{"x", {}, {}, {}, {}, {}, {}}), StorageError);
    a.revert(del);
    CHECK(a.info().games == 1);
    CHECK(a.stats(core::Position::start()).games == 1);
    a.revert(add.change);  // the addition undone: to the trash, restorable
    CHECK(a.info().games == 0);
    REQUIRE(a.trash().size() == 1);
    a.restoreGame(add.game);
    CHECK(a.game(add.game));
    // Ids are never given again, not even a purged game's.
    a.deleteGames({add.game});
    a.purgeGames({add.game});
    const auto next =
        a.addGame(othello::storage::enteredGame(core::Position::start(), moves("f5"), {}));
    CHECK(next.game == add.game + 1);
    a.deleteGames({next.game});
    const auto imported = a.importRecords({makeRecord("A", "B", "", 2000, "f5d6c3")});
    CHECK(imported.imported == 1);
    CHECK(allIds(a) == std::vector<std::int64_t>{next.game + 1});
    a.restoreGame(next.game);
    CHECK(allIds(a) == std::vector<std::int64_t>{next.game, next.game + 1});
}

TEST_CASE("re-importing the file of an edited or deleted game skips it and says so",
          "[storage][edit]") {
    TempDir dir("edit-reimport");
    const auto file = dir / "three.moves";
    writeFile(file, "f5d6c3d3c4f4\nf5f6e6f4e3\nf5d6c5f4e3\n");
    Archive a(dir / "games.sqlite");
    REQUIRE(a.importFiles({file}).imported == 3);
    a.editGame(1, {}, moves("f5d6c3d3c4f4f6"));
    a.deleteGames({2});
    auto r = a.importFiles({file});
    CHECK(r.imported == 0);
    CHECK(r.duplicates == 1);
    CHECK(r.editedInArchive == 2);
    std::set<std::string> codes;
    for (const auto& n : r.notes) codes.insert(n.code);
    CHECK(codes == std::set<std::string>{"edited-in-archive", "deleted-in-archive"});
    a.purgeGames({});
    r = a.importFiles({file});
    CHECK(r.imported == 0);
    CHECK(r.editedInArchive == 2);
    // The edit reverted: the game is as imported again, a plain duplicate.
    const auto edit = a.history({std::int64_t{1}, 1});  // the newest change of game 1
    REQUIRE(edit.size() == 1);
    REQUIRE(edit[0].kind == "edit");
    a.revert(edit[0].id);
    r = a.importFiles({file});
    CHECK(r.editedInArchive == 1);
    CHECK(r.duplicates == 2);
    CHECK(a.info().games == 2);
}

TEST_CASE("an import is journalled and reverting it moves its games to the trash",
          "[storage][edit][journal]") {
    TempDir dir("edit-import");
    const auto first = dir / "first.moves", second = dir / "second.moves";
    writeFile(first, "f5d6c3d3c4f4\nf5f6e6f4e3\nf5d6c5f4e3\n");
    writeFile(second, "f5f4e3f6d3\nf5d6c4d3c3\n");
    Archive a(dir / "games.sqlite");
    const auto r1 = a.importFiles({first});
    const auto r2 = a.importFiles({second}, othello::storage::ImportOptions{});
    REQUIRE(r1.change > 0);
    const auto c = a.change(r1.change);
    REQUIRE(c);
    CHECK(c->kind == "import");
    CHECK(c->firstGame == 1);
    CHECK(c->lastGame == 3);
    CHECK(c->summary.find("first.moves") != std::string::npos);
    a.revert(r1.change);
    CHECK(a.info().games == 2);
    CHECK(a.trash().size() == 3);
    CHECK(a.change(r1.change)->revertedBy > 0);
    // A later import's edited game blocks reverting it.
    GameHeaders h;
    h.black = "Z";
    const auto e = a.editGame(5, h);
    try {
        a.revert(r2.change);
        FAIL("the revert was not blocked");
    } catch (const RevertBlocked& b) {
        CHECK(b.blocker == e.change);
    }
    CHECK(a.info().games == 2);
}

TEST_CASE("renaming events and players is journalled and revertible", "[storage][edit][journal]") {
    TempDir dir("edit-rename");
    Archive a(dir / "games.sqlite");
    a.importRecords({makeRecord("Anna", "Bob", "Club Cup", 2000, "f5d6c3"),
                     makeRecord("Bob", "Ann", "Club cup", 2000, "f5f6e6"),
                     makeRecord("Carl", "Ann", "Open", 2000, "f5f4e3")});
    a.deleteGames({3});  // a trashed game follows a merge too
    CHECK(a.renameEvent("Club cup", "Club Cup") == 1);
    othello::storage::SearchFilter f;
    f.event = "Club Cup";
    CHECK(a.count(f) == 2);
    const auto merge = a.history()[0];
    CHECK(merge.kind == "rename-event");
    CHECK(a.renamePlayer("Ann", "Anna") == 1);  // live games (game 3 is in the trash)
    const auto rename = a.history()[0];
    CHECK(rename.kind == "rename-player");
    a.restoreGame(3);  // its white player was merged while it was in the trash
    CHECK(a.game(3)->record.white == "Anna");
    a.deleteGames({3});
    a.revert(rename.id);
    CHECK(a.game(2)->record.white == "Ann");
    CHECK(a.game(1)->record.black == "Anna");
    a.restoreGame(3);
    CHECK(a.game(3)->record.white == "Ann");
    a.revert(merge.id);
    CHECK(a.game(2)->record.event == "Club cup");
    CHECK(a.game(1)->record.event == "Club Cup");
    // A name renamed again since blocks the revert.
    a.renameEvent("Open", "Open 2000");
    const auto c1 = a.history()[0].id;
    a.renameEvent("Open 2000", "Open A");
    const auto c2 = a.history()[0].id;
    try {
        a.revert(c1);
        FAIL("the revert was not blocked");
    } catch (const RevertBlocked& e) {
        CHECK(e.blocker == c2);
    }
    CHECK_THROWS_AS(a.renameEvent("nope", "x"), StorageError);
}

TEST_CASE("a version-8 archive is read as it is and upgraded to the journal by a writer",
          "[storage][edit]") {
    TempDir dir("edit-migrate");
    const auto db = dir / "games.sqlite";
    {
        Archive a(db);
        a.importRecords({makeRecord("A", "B", "", 2000, kTiger)});
    }
    {
        // Version 8 as the previous program wrote it: no journal, trash or origins.
        SQLite::Database raw(db.string(), SQLite::OPEN_READWRITE);
        for (const char* t : {"journal", "journal_games", "trash_games", "trash", "game_origins"})
            raw.exec(std::string("DROP TABLE ") + t);
        raw.exec("DELETE FROM meta WHERE key = 'removed_upto'");
        raw.exec("PRAGMA user_version = 8");
    }
    {
        Archive r(db, Archive::Mode::ReadOnly);
        CHECK(r.info().schemaVersion == 8);
        CHECK(r.history().empty());
        CHECK(r.trash().empty());
        CHECK(r.info().games == 1);
    }
    Archive a(db);
    CHECK(a.info().schemaVersion == othello::storage::kSchemaVersion);
    GameHeaders h;
    h.black = "Edited";
    const auto e = a.editGame(1, h);
    CHECK(e.change > 0);
    a.deleteGames({1});
    CHECK(a.trash().size() == 1);
    a.restoreGame(1);
    CHECK(a.game(1)->record.black == "Edited");
    CHECK(a.history().size() == 3);
}

TEST_CASE("names complete from the archive's players and events", "[storage][edit]") {
    TempDir dir("edit-names");
    Archive a(dir / "games.sqlite");
    a.importRecords({makeRecord("Émile Zola", "Tamenori", "Paris Open", 2000, "f5d6c3"),
                     makeRecord("Emma", "Tam", "Paris Cup", 2001, "f5f6e6")});
    CHECK(a.names(Archive::NameKind::Player, "em") ==
          std::vector<std::string>{"Émile Zola", "Emma"});
    CHECK(a.names(Archive::NameKind::Player, "TAM", 1) == std::vector<std::string>{"Tam"});
    CHECK(a.names(Archive::NameKind::Event, "paris") ==
          std::vector<std::string>{"Paris Cup", "Paris Open"});
    // A player whose games all moved to another name is not offered.
    a.renamePlayer("Emma", "Émile Zola");
    CHECK(a.names(Archive::NameKind::Player, "em") == std::vector<std::string>{"Émile Zola"});
}

TEST_CASE("names and file names that are not UTF-8 are journalled and reverted byte for byte",
          "[storage][edit][journal]") {
    TempDir dir("edit-bytes");
    // A Latin-1 file name: the import's journal entry must not refuse it.
    const auto file = dir / "caf\xe9.moves";
    writeFile(file, "f5d6c3d3c4\n");
    Archive a(dir / "games.sqlite");
    const auto r = a.importFiles({file});
    REQUIRE(r.imported == 1);
    CHECK(r.change > 0);
    GameHeaders h;
    h.black = "Jos\xe9";  // Latin-1, not UTF-8
    const auto c1 = a.editGame(1, h);
    CHECK(a.game(1)->record.black == "Jos\xe9");
    h.black = "Ren\xe9";
    a.editGame(1, h);
    const auto details = nlohmann::json::parse(a.change(c1.change)->details);
    CHECK(details["fields"]["black"]["new"]["hex"] == "4a6f73e9");
    a.revert(a.history()[0].id);
    CHECK(a.game(1)->record.black == "Jos\xe9");
    CHECK(a.renamePlayer("Jos\xe9", "Jos\xc3\xa9") == 1);
    a.revert(a.history()[0].id);
    CHECK(a.game(1)->record.black == "Jos\xe9");
}

TEST_CASE("a review computed before a moves edit is not stored for the edited game",
          "[storage][edit]") {
    // `analyze` (or the viewer) reviews a game while someone edits its moves: the review of
    // the old moves must not be filed under the new ones.
    TempDir dir("edit-review");
    const auto db = dir / "games.sqlite";
    Archive a(db);
    a.importRecords({makeRecord("A", "B", "", 2000, kTiger)});
    const auto old = a.game(1)->record.moves;
    othello::storage::AnalysisCache cache(db);
    othello::analysis::GameReviewer reviewer(4);
    const auto endgame = othello::analysis::endgameReviewOptions(10, &cache);
    const auto review = reviewer.review(core::Position::start(), old, endgame);
    REQUIRE_FALSE(review.moves.empty());
    // The edit changes a move the review judged.
    std::mt19937_64 rng(5);
    std::vector<int> other;
    do {
        other = randomGame(rng);
    } while (other.size() < 58);
    a.editGame(1, {}, other);
    cache.storeReview(1, review);
    CHECK_FALSE(cache.review(1));
    // A review of the game's current moves is stored.
    const auto current = reviewer.review(core::Position::start(), a.game(1)->record.moves, endgame);
    cache.storeReview(1, current);
    CHECK(cache.review(1));
}

TEST_CASE("undo and redo of additions and deletions through the journal",
          "[storage][edit][journal]") {
    TempDir dir("edit-redo");
    Archive a(dir / "games.sqlite");
    const auto add =
        a.addGame(othello::storage::enteredGame(core::Position::start(), moves("f5d6c3"), {}));
    const auto undoAdd = a.revert(add.change);
    CHECK(a.info().games == 0);
    const auto redoAdd = a.revert(undoAdd);
    CHECK(a.info().games == 1);
    CHECK(a.stats(core::Position::start()).games == 1);
    const auto del = a.deleteGames({add.game});
    const auto undoDel = a.revert(del);
    CHECK(a.info().games == 1);
    const auto redoDel = a.revert(undoDel);
    CHECK(a.info().games == 0);
    CHECK(a.trash().size() == 1);
    // A game trashed again since blocks undoing its restore, and names the deletion.
    a.revert(redoDel);
    CHECK(a.info().games == 1);
    const auto again = a.deleteGames({add.game});
    try {
        a.revert(redoAdd);
        FAIL("the revert was not blocked");
    } catch (const RevertBlocked& e) {
        CHECK(e.blocker == again);
    }
    // An edit undone, then a later edit of the same field: redoing the first is blocked by it.
    a.restoreGame(add.game);
    GameHeaders h1, h2;
    h1.black = "One";
    h2.black = "Two";
    const auto e1 = a.editGame(add.game, h1).change;
    const auto u1 = a.revert(e1);
    const auto e2 = a.editGame(add.game, h2).change;
    try {
        a.revert(u1);
        FAIL("the redo was not blocked");
    } catch (const RevertBlocked& e) {
        CHECK(e.blocker == e2);
    }
    CHECK(a.game(add.game)->record.black == "Two");
}
