// Possible duplicates (storage/curation/Duplicates.h) and the name rule of renames (Archive::rename),
// issue 25: each resolve action, the "not duplicates" mark and the revert of each, on small
// generated archives.
#include <SQLiteCpp/SQLiteCpp.h>

#include <catch2/catch.hpp>

#include "StorageTestUtil.h"
#include "storage/Archive.h"
#include "storage/curation/Duplicates.h"

using namespace storagetest;
using othello::storage::Archive;
using othello::storage::caseFold;
using othello::storage::DuplicateKind;
using othello::storage::DuplicateQuery;
using othello::storage::DuplicateResolve;
using othello::storage::foldText;
using othello::storage::GameHeaders;
using othello::storage::MergeConflict;
using othello::storage::RevertBlocked;
using othello::storage::StorageError;
using Kind = Archive::NameKind;

namespace {

// A game entered by hand (never taken for a duplicate of a stored one).
std::int64_t add(Archive& a, const std::vector<int>& moves, const std::string& black,
                 const std::string& white, const std::string& event = "",
                 const std::string& date = "", const std::string& place = "") {
    GameHeaders h;
    h.black = black;
    h.white = white;
    h.event = event;
    h.date = date;
    h.place = place;
    return a.addGame(othello::storage::enteredGame(core::Position::start(), moves, h)).game;
}

std::int64_t count(Archive& a, const std::string& player) {
    othello::storage::SearchFilter f;
    f.player = player;
    return a.count(f);
}

std::vector<std::int64_t> idsOf(const othello::storage::DuplicateGroup& g) {
    std::vector<std::int64_t> ids;
    for (const auto& d : g.games) ids.push_back(d.id);
    return ids;
}

bool inTrash(Archive& a, std::int64_t id) {
    for (const auto& t : a.trash())
        if (t.row.id == id) return true;
    return false;
}

}  // namespace

TEST_CASE("the name rule: letter case never counts, accents do, search finds what it matches",
          "[storage][duplicates][names]") {
    CHECK(caseFold("TAMENORI Hideshi") == caseFold("tamenori hideshi"));
    CHECK(caseFold("\xc3\x89RIC") == caseFold("\xc3\xa9ric"));             // ÉRIC = éric
    CHECK(caseFold("M\xc3\xbcller") != caseFold("Muller"));                // Müller, Muller
    CHECK(caseFold("\xc5\x81UKASZ") == "\xc5\x82ukasz");                   // ŁUKASZ
    CHECK(caseFold("\xd0\x98\xd0\x92\xd0\x90\xd0\x9d\xd0\x9e\xd0\x92") ==  // ИВАНОВ
          caseFold("\xd0\x98\xd0\xb2\xd0\xb0\xd0\xbd\xd0\xbe\xd0\xb2"));   // Иванов
    CHECK(caseFold("\xce\xa3\xce\x9f\xce\xa6\xce\x99\xce\x91\xce\xa3") ==  // ΣΟΦΙΑΣ
          caseFold("\xce\xa3\xce\xbf\xcf\x86\xce\xb9\xce\xb1\xcf\x82"));   // Σοφιας, final ς
    CHECK(caseFold(std::string("Jos\xe9")) == std::string("jos\xe9"));     // a stray byte kept
    for (const std::string& s :
         std::vector<std::string>{"\xc5\x81UKASZ Nowak", "\xc3\x89ric PENLOUP",
                                  "\xd0\x98\xd0\x92\xd0\x90\xd0\x9d", "\xc5\x92uvre \xc5\xa0koda",
                                  std::string("caf\xc9"), "\xce\x86\xce\xbd\xce\xbd\xce\xb1"})
        CHECK(foldText(caseFold(s)) == foldText(s));
    // Search ignored the case of Latin-1 letters only: "łukasz" missed "Łukasz".
    CHECK(foldText("\xc5\x81ukasz") == foldText("\xc5\x82ukasz"));
    TempDir dir("dup-rule");
    Archive a(dir / "games.sqlite");
    std::mt19937_64 rng(1);
    a.importRecords({makeRecord("\xc5\x81ukasz Nowak", "\xd0\x98\xd0\xb2\xd0\xb0\xd0\xbd", "", 2020,
                                randomGame(rng))});
    CHECK(count(a, "\xc5\x82ukasz") == 1);
    CHECK(count(a, "\xd0\x98\xd0\x92\xd0\x90\xd0\x9d") == 1);  // ИВАН
}

TEST_CASE("rename-player renames every spelling of the name and lists them first",
          "[storage][duplicates][names]") {
    TempDir dir("dup-rename");
    Archive a(dir / "games.sqlite");
    std::mt19937_64 rng(2);
    a.importRecords({makeRecord("Tamenori", "X", "", 2000, randomGame(rng)),
                     makeRecord("Y", "Tamenori", "", 2000, randomGame(rng)),
                     makeRecord("TAMENORI", "Z", "", 2001, randomGame(rng)),
                     makeRecord("Tamen\xc3\xb6ri", "Z", "", 2001, randomGame(rng))});  // Tamenöri
    // The old rename matched the name exactly: "no player named" for what search finds.
    const auto plan = a.rename(Kind::Player, "tamenori", "Tamenori Hideshi", true);
    REQUIRE(plan.spellings.size() == 2);
    CHECK(plan.spellings[0].name == "TAMENORI");
    CHECK(plan.spellings[0].games == 1);
    CHECK(plan.spellings[1].name == "Tamenori");
    CHECK(plan.spellings[1].games == 2);
    REQUIRE(plan.lookalikes.size() == 1);  // accents count: listed, never renamed
    CHECK(plan.lookalikes[0].name == "Tamen\xc3\xb6ri");
    CHECK(plan.games == 3);
    CHECK(plan.change == 0);
    CHECK(!plan.merged);
    CHECK(a.history().size() == 1);  // the import: the dry run changed nothing
    CHECK(a.game(3)->record.black == "TAMENORI");
    const auto done = a.rename(Kind::Player, "tamenori", "Tamenori Hideshi");
    CHECK(done.games == 3);
    CHECK(done.change > 0);
    CHECK(a.game(1)->record.black == "Tamenori Hideshi");
    CHECK(a.game(2)->record.white == "Tamenori Hideshi");
    CHECK(a.game(3)->record.black == "Tamenori Hideshi");
    CHECK(a.game(4)->record.black == "Tamen\xc3\xb6ri");
    // One change: its revert gives every spelling back.
    a.revert(done.change);
    CHECK(a.game(1)->record.black == "Tamenori");
    CHECK(a.game(2)->record.white == "Tamenori");
    CHECK(a.game(3)->record.black == "TAMENORI");
    CHECK(count(a, "Tamenori Hideshi") == 0);
    // Spellings of the new name in another case join it: one name, one player.
    const auto merge = a.rename(Kind::Player, "TAMENORI", "Tamenori");
    CHECK(merge.merged);
    REQUIRE(merge.spellings.size() == 1);
    CHECK(merge.spellings[0].name == "TAMENORI");
    CHECK(a.game(3)->record.black == "Tamenori");
    CHECK_THROWS_WITH(a.rename(Kind::Player, "Tamenori Hideshi", "T"),
                      Catch::Contains("no player named"));
    // Events follow the same rule.
    a.importRecords({makeRecord("A", "B", "Club Cup", 2000, randomGame(rng)),
                     makeRecord("A", "B", "CLUB CUP", 2000, randomGame(rng))});
    CHECK(a.rename(Kind::Event, "club cup", "Club Cup").games == 1);
    othello::storage::SearchFilter f;
    f.event = "Club Cup";
    CHECK(a.count(f) == 2);
}

TEST_CASE("a rename reports the games it makes identical and changes nothing else",
          "[storage][duplicates]") {
    TempDir dir("dup-identical");
    Archive a(dir / "games.sqlite");
    std::mt19937_64 rng(3);
    const auto m1 = randomGame(rng), m2 = randomGame(rng);
    // An older copy of the event spelled one player otherwise: stored as a possible duplicate.
    a.importRecords({makeRecord("Melnikov Aleksandr", "Sennov Yuri", "Larix Moscow", 2023, m1),
                     makeRecord("Melnikov Aleksandr", "Gutorov Ivan", "Larix Moscow", 2023, m2),
                     makeRecord("X", "Y", "Casual", 2020, m1)});
    const auto copy =
        a.importRecords({makeRecord("Melnikov Alexandr", "Sennov Yuri", "Larix Moscow", 2023, m1)});
    CHECK(copy.possibleDuplicates == 1);
    const auto plan = a.rename(Kind::Player, "Melnikov Aleksandr", "Melnikov Alexandr", true);
    REQUIRE(plan.identical.size() == 1);
    CHECK(idsOf(plan.identical[0]) == std::vector<std::int64_t>{1, 4});
    CHECK(plan.identical[0].kind == DuplicateKind::SameGame);
    CHECK(plan.identical[0].games[0].black == "Melnikov Alexandr");  // as the rename leaves it
    const auto done = a.rename(Kind::Player, "Melnikov Aleksandr", "Melnikov Alexandr");
    REQUIRE(done.identical.size() == 1);
    CHECK(idsOf(done.identical[0]) == std::vector<std::int64_t>{1, 4});
    CHECK(a.info().games == 4);  // nothing else: both copies stay until resolved
    // The game of other players with the same moves is listed in the group, not made identical.
    const auto list = a.duplicates(DuplicateQuery{});
    REQUIRE(list.total == 1);
    CHECK(idsOf(list.groups[0]) == std::vector<std::int64_t>{1, 3, 4});
    CHECK(list.groups[0].kind == DuplicateKind::OtherPlayers);
    // An event rename can make games identical too.
    TempDir dir2("dup-identical-event");
    Archive b(dir2 / "games.sqlite");
    b.importRecords({makeRecord("A", "B", "Larix Moscow", 2023, m1)});
    b.importRecords({makeRecord("A", "B", "Larix Moskva", 2023, m1)});
    const auto ev = b.rename(Kind::Event, "Larix Moskva", "Larix Moscow");
    REQUIRE(ev.identical.size() == 1);
    CHECK(ev.identical[0].games.size() == 2);
}

TEST_CASE("duplicates lists groups likeliest first, short games last", "[storage][duplicates]") {
    TempDir dir("dup-list");
    Archive a(dir / "games.sqlite");
    std::mt19937_64 rng(4);
    const auto full = randomGame(rng), other = randomGame(rng), shortLine = randomGame(rng, 10);
    const auto unknown = randomGame(rng);
    const std::int64_t s1 = add(a, shortLine, "P", "Q", "Open", "2001");
    const std::int64_t s2 = add(a, shortLine, "R", "S", "Cup", "1999");
    const std::int64_t o1 = add(a, other, "Ann", "Bob", "Open", "2001");
    const std::int64_t o2 = add(a, other, "Carl", "Bob", "Open", "2001");
    const std::int64_t u1 = add(a, unknown, "?", "?", "", "");
    const std::int64_t u2 = add(a, unknown, "Ann", "Bob", "Open", "2001");
    const std::int64_t g1 = add(a, full, "Ann", "Bob", "Open", "2001");
    const std::int64_t g2 = add(a, full, "ANN", "bob", "Open - 2001", "2001-05-02", "Paris");
    add(a, randomGame(rng), "Ann", "Bob");  // no duplicate
    const auto list = a.duplicates(DuplicateQuery{});
    REQUIRE(list.total == 4);
    CHECK(list.games == 8);
    REQUIRE(list.groups.size() == 4);
    CHECK(idsOf(list.groups[0]) == std::vector<std::int64_t>{g1, g2});
    CHECK(list.groups[0].kind == DuplicateKind::SameGame);
    CHECK(list.groups[0].differ ==
          std::vector<std::string>{"black", "white", "event", "date", "place"});
    CHECK(idsOf(list.groups[1]) == std::vector<std::int64_t>{u1, u2});
    CHECK(list.groups[1].kind == DuplicateKind::UnknownNames);
    CHECK(idsOf(list.groups[2]) == std::vector<std::int64_t>{o1, o2});
    CHECK(list.groups[2].kind == DuplicateKind::OtherPlayers);
    CHECK(std::find(list.groups[2].why.begin(), list.groups[2].why.end(),
                    "other Black, same White") != list.groups[2].why.end());
    CHECK(std::find(list.groups[2].why.begin(), list.groups[2].why.end(), "same event") !=
          list.groups[2].why.end());
    CHECK(idsOf(list.groups[3]) == std::vector<std::int64_t>{s1, s2});
    CHECK(list.groups[3].isShort);
    CHECK(list.groups[3].moves == 10);
    DuplicateQuery q;
    q.minMoves = othello::storage::kShortGameMoves;
    const auto longOnly = a.duplicates(q);
    CHECK(longOnly.total == 3);
    CHECK(longOnly.tooShort == 1);
    q = {};
    q.game = o2;
    REQUIRE(a.duplicates(q).groups.size() == 1);
    CHECK(idsOf(a.duplicates(q).groups[0]) == std::vector<std::int64_t>{o1, o2});
    q.limit = 0;
    q.game.reset();
    CHECK(a.duplicates(q).groups.empty());
    CHECK(a.duplicates(q).total == 4);
}

TEST_CASE("keeping one game moves the others to the trash, revertible and redoable",
          "[storage][duplicates]") {
    TempDir dir("dup-keep");
    Archive a(dir / "games.sqlite");
    std::mt19937_64 rng(5);
    const auto m = randomGame(rng);
    const std::int64_t k = add(a, m, "Ann", "Bob", "Open", "2001");
    const std::int64_t d1 = add(a, m, "Ann", "Bob", "Open", "2001", "Paris");
    const std::int64_t d2 = add(a, m, "Ann", "Bob", "Open", "2001");
    const std::int64_t other = add(a, randomGame(rng), "Ann", "Bob");
    DuplicateResolve r;
    r.keep = k;
    r.drop = {other};
    CHECK_THROWS_WITH(a.resolveDuplicates(r), Catch::Contains("no duplicate of game"));
    r.drop = {k};
    CHECK_THROWS_AS(a.resolveDuplicates(r), StorageError);
    CHECK(a.info().games == 4);
    r.drop = {};
    r.dryRun = true;
    const auto plan = a.resolveDuplicates(r);
    CHECK(plan.trashed == std::vector<std::int64_t>{d1, d2});
    CHECK(plan.change == 0);
    REQUIRE(plan.notTaken.size() == 1);  // Paris stays with game d1, said so
    CHECK(plan.notTaken[0].field == "place");
    CHECK(a.trash().empty());
    r.dryRun = false;
    const auto done = a.resolveDuplicates(r);
    CHECK(done.change > 0);
    CHECK(done.trashed == std::vector<std::int64_t>{d1, d2});
    CHECK(a.info().games == 2);
    CHECK(inTrash(a, d1));
    CHECK(inTrash(a, d2));
    CHECK(a.duplicates(DuplicateQuery{}).total == 0);
    CHECK(a.history()[0].kind == "duplicates");
    // The history of a trashed game names the change.
    othello::storage::HistoryFilter hf;
    hf.game = d1;
    CHECK(a.history(hf)[0].id == done.change);
    const std::int64_t back = a.revert(done.change);
    CHECK(a.info().games == 4);
    CHECK(a.trash().empty());
    CHECK(a.duplicates(DuplicateQuery{}).total == 1);
    const std::int64_t redo = a.revert(back);
    CHECK(a.info().games == 2);
    CHECK(inTrash(a, d2));
    // A game restored by hand since blocks the revert of the redo's revert... and of the change.
    a.restoreGame(d2);
    CHECK_THROWS_AS(a.revert(redo), RevertBlocked);
}

TEST_CASE("merging headers fills empty fields and never overwrites one silently",
          "[storage][duplicates]") {
    TempDir dir("dup-merge");
    Archive a(dir / "games.sqlite");
    std::mt19937_64 rng(6);
    const auto m = randomGame(rng);
    const std::int64_t k = add(a, m, "Ann", "?", "", "2021");
    const std::int64_t d = add(a, m, "Ann", "Bob", "Club Cup", "2021-05-02", "Paris");
    othello::storage::GameAnnotations notes;
    notes.comments = {{3, "a sharp move"}};
    a.editGame(d, {}, std::nullopt, notes);
    DuplicateResolve r;
    r.keep = k;
    r.merge = true;
    try {
        a.resolveDuplicates(r);
        FAIL("a conflict was not refused");
    } catch (const MergeConflict& e) {
        REQUIRE(e.conflicts.size() == 1);
        CHECK(e.conflicts[0].field == "date");
        CHECK(e.conflicts[0].values.size() == 2);
        CHECK(std::string(e.what()).find("2021-05-02") != std::string::npos);
    }
    CHECK(a.info().games == 2);  // nothing changed
    CHECK(a.game(k)->record.event.empty());
    r.prefer["colour"] = d;
    CHECK_THROWS_WITH(a.resolveDuplicates(r), Catch::Contains("no field"));
    r.prefer.clear();
    r.dryRun = true;
    const auto plan = a.resolveDuplicates(r);
    CHECK(plan.conflicts.size() == 1);
    r.dryRun = false;
    // The kept game's own value wins everywhere: its empty fields are still filled.
    r.preferAll = k;
    {
        const auto keepMine = a.resolveDuplicates(r);
        auto g = a.game(k)->record;
        CHECK(g.date == "2021");
        CHECK(g.white == "Bob");
        CHECK(g.event == "Club Cup");
        CHECK(g.place == "Paris");
        CHECK(g.comments.size() == 1);  // comments merged, nothing dropped
        a.revert(keepMine.change);
        g = a.game(k)->record;
        CHECK(g.white == "?");
        CHECK(g.event.empty());
        CHECK(g.place.empty());
        CHECK(g.comments.empty());
        CHECK(a.game(d).has_value());
    }
    // One field settled by name: the other game's date wins.
    r.preferAll.reset();
    r.prefer["date"] = d;
    const auto done = a.resolveDuplicates(r);
    const auto g = a.game(k)->record;
    CHECK(g.date == "2021-05-02");
    CHECK(g.year == 2021);
    CHECK(g.event == "Club Cup");
    CHECK(inTrash(a, d));
    REQUIRE(done.set.size() == 5);  // white, event, date, place, annotations
    // A later edit of a merged field blocks the revert, naming it.
    const auto edit = a.editGame(k, GameHeaders{{}, {}, std::string("Open"), {}, {}, {}, {}});
    try {
        a.revert(done.change);
        FAIL("the revert was not blocked");
    } catch (const RevertBlocked& e) {
        CHECK(e.blocker == edit.change);
    }
    a.revert(edit.change);
    const std::int64_t back = a.revert(done.change);
    CHECK(a.game(k)->record.date == "2021");
    CHECK(a.game(d)->record.place == "Paris");
    a.revert(back);  // redo
    CHECK(a.game(k)->record.date == "2021-05-02");
    CHECK(inTrash(a, d));
}

TEST_CASE("games marked not duplicates are not listed again until a game joins them",
          "[storage][duplicates]") {
    TempDir dir("dup-mark");
    Archive a(dir / "games.sqlite");
    std::mt19937_64 rng(7);
    const auto m = randomGame(rng, 9);  // a short line two games may well share
    const std::int64_t g1 = add(a, m, "Ann", "Bob", "Open", "2001");
    const std::int64_t g2 = add(a, m, "Carl", "Dan", "Cup", "2005");
    const std::int64_t far = add(a, randomGame(rng), "Eve", "Fay");
    CHECK_THROWS_AS(a.markNotDuplicates({g1}), StorageError);
    CHECK_THROWS_AS(a.markNotDuplicates({g1, far}), StorageError);
    const std::int64_t mark = a.markNotDuplicates({g2, g1});
    CHECK(a.history()[0].kind == "not-duplicates");
    auto list = a.duplicates(DuplicateQuery{});
    CHECK(list.total == 0);
    CHECK(list.marked == 1);
    DuplicateQuery all;
    all.includeMarked = true;
    list = a.duplicates(all);
    REQUIRE(list.groups.size() == 1);
    REQUIRE(list.groups[0].marks.size() == 1);
    CHECK(list.groups[0].marks[0].first == mark);
    // Resolving does not trash a game marked as another game.
    DuplicateResolve r;
    r.keep = g1;
    CHECK_THROWS_WITH(a.resolveDuplicates(r), Catch::Contains("no duplicate"));
    r.drop = {g2};
    CHECK_THROWS_WITH(a.resolveDuplicates(r), Catch::Contains("marked not duplicates"));
    // A third game with those moves brings the group back, the mark shown.
    const std::int64_t g3 = add(a, m, "Gus", "Hal");
    list = a.duplicates(DuplicateQuery{});
    REQUIRE(list.total == 1);
    CHECK(idsOf(list.groups[0]) == std::vector<std::int64_t>{g1, g2, g3});
    CHECK(list.groups[0].marks.size() == 1);
    r.drop = {};
    r.keep = g3;
    r.dryRun = true;
    CHECK(a.resolveDuplicates(r).trashed == std::vector<std::int64_t>{g1, g2});
    a.deleteGames({g3});
    // The mark's revert lists the pair again; reverting that revert marks it again.
    const std::int64_t unmark = a.revert(mark);
    CHECK(a.duplicates(DuplicateQuery{}).total == 1);
    a.revert(unmark);
    CHECK(a.duplicates(DuplicateQuery{}).total == 0);
    CHECK(a.duplicates(all).groups.at(0).marks.at(0).first > unmark);
}

TEST_CASE("a version-12 archive gets the marks table and its names folded again",
          "[storage][duplicates]") {
    TempDir dir("dup-migrate");
    const auto db = dir / "games.sqlite";
    std::mt19937_64 rng(8);
    {
        Archive a(db);
        a.importRecords({makeRecord("\xc5\x81ukasz", "B", "", 2000, randomGame(rng))});
    }
    {
        // As version 12 left it: no marks table, "Ł" not folded.
        SQLite::Database raw(db.string(), SQLite::OPEN_READWRITE);
        raw.exec("DROP TABLE duplicate_marks");
        raw.exec("UPDATE players SET folded = name");
        raw.exec("PRAGMA user_version = 12");
    }
    {
        Archive reader(db, Archive::Mode::ReadOnly);  // read as it is
        CHECK(reader.duplicates(DuplicateQuery{}).total == 0);
    }
    Archive a(db);
    CHECK(a.info().schemaVersion == othello::storage::kSchemaVersion);
    CHECK(count(a, "\xc5\x82ukasz") == 1);
    const auto m = randomGame(rng);
    const std::int64_t x = add(a, m, "A", "B"), y = add(a, m, "C", "D");
    CHECK(a.markNotDuplicates({x, y}) > 0);
}
