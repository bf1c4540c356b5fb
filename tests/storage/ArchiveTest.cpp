// The archive: schema, import and duplicates, games, players, openings.
#include <SQLiteCpp/SQLiteCpp.h>

#include <catch2/catch.hpp>
#include <optional>

#include "StorageTestUtil.h"
#include "core/Symmetry.h"
#include "storage/Archive.h"

using namespace storagetest;
using othello::storage::Archive;
using othello::storage::StorageError;

namespace {

std::int64_t sqlScalarOf(const fs::path& db, const char* sql) {
    SQLite::Database raw(db.string(), SQLite::OPEN_READONLY);
    return raw.execAndGet(sql).getInt64();
}

// Appending rather than "x" + std::string: g++ 12 warns falsely (-Wrestrict) on the latter.
std::string join(const char* a, const std::string& b) {
    std::string s(a);
    s += b;
    return s;
}

const char* kTiger =
    "f5d6c3d3c4f4c5b3c2e3d2c6b4b5f2e2a3d1c1a4a5f3g4f1e7d7d8e6f6b6e1b1c7a6a7b2f7g3g5h4h5g2h1g1a1a2b7"
    "c8b8a8h3h6g6e8h7h2h8g8g7f8";

}  // namespace

TEST_CASE("a new archive has the schema, WAL and the version", "[storage]") {
    TempDir dir("schema");
    const auto db = dir / "sub" / "games.sqlite";
    { Archive a(db); }
    SQLite::Database raw(db.string());
    CHECK(raw.execAndGet("PRAGMA user_version").getInt() == othello::storage::kSchemaVersion);
    CHECK(raw.execAndGet("PRAGMA journal_mode").getString() == "wal");
    Archive again(db);  // reopening does not migrate twice
    CHECK(again.info().games == 0);
}

TEST_CASE("an older database is read as it is, and migrated in order by a writer", "[storage]") {
    TempDir dir("migrate");
    const auto db = dir / "games.sqlite";
    {
        Archive a(db);
        a.importRecords({makeRecord("A", "B", "", 2000, "f5d6c3")});
    }
    {
        // What version 1 looked like: no score index, no aliases, no result_known.
        SQLite::Database raw(db.string(), SQLite::OPEN_READWRITE);
        raw.exec("DROP INDEX games_score");
        raw.exec("DROP TABLE player_aliases");
        raw.exec("DROP TRIGGER IF EXISTS game_analysis_deleted");
        raw.exec("DROP TRIGGER IF EXISTS game_analysis_changed");
        raw.exec("DROP TABLE IF EXISTS game_analysis");
        raw.exec("DROP TABLE IF EXISTS analysis_positions");
        raw.exec("ALTER TABLE games DROP COLUMN result_known");
        raw.exec("PRAGMA user_version = 1");
    }
    {
        // A reader never upgrades (the file may be on a read-only drive, or shared with the
        // older program): it reads the file as it is.
        Archive a(db, Archive::Mode::ReadOnly);
        CHECK(a.info().schemaVersion == 1);
        CHECK(a.info().games == 1);
        othello::storage::SearchFilter f;
        f.player = "a";
        f.position = core::replay(core::Position::start(), core::parseMoves("f5d6").moves).final();
        CHECK(a.search(f).total == 1);
        // The unfinished game states no result: unknown (result_known, added by schema 5).
        f.result = othello::storage::ResultFilter::BlackWin;
        CHECK(a.search(f).total == 0);
        CHECK(a.stats(core::Position::start()).games == 1);
        CHECK(a.game(1));
    }
    CHECK(sqlScalarOf(db, "PRAGMA user_version") == 1);
    Archive a(db);  // a writer migrates
    CHECK(a.info().schemaVersion == othello::storage::kSchemaVersion);
    CHECK(a.info().games == 1);
    SQLite::Database raw(db.string(), SQLite::OPEN_READONLY);
    CHECK(
        raw.execAndGet("SELECT count(*) FROM sqlite_master WHERE name = 'games_score'").getInt() ==
        1);
}

TEST_CASE("a database newer than the program is refused and left alone", "[storage]") {
    TempDir dir("newer");
    const auto db = dir / "games.sqlite";
    { Archive a(db); }
    {
        SQLite::Database raw(db.string(), SQLite::OPEN_READWRITE);
        raw.exec("PRAGMA user_version = 99");
        raw.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    }
    const std::string before = readFile(db);
    CHECK_THROWS_AS(Archive(db), StorageError);
    CHECK_THROWS_WITH(Archive(db), Catch::Contains("newer"));
    CHECK(readFile(db) == before);
}

TEST_CASE("an SQLite file that is not an archive, and garbage, are refused", "[storage]") {
    TempDir dir("foreign");
    {
        SQLite::Database raw((dir / "other.sqlite").string(),
                             SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
        raw.exec("CREATE TABLE t(x)");
    }
    CHECK_THROWS_AS(Archive(dir / "other.sqlite"), StorageError);
    writeFile(dir / "garbage.sqlite", std::string(5000, 'x'));
    CHECK_THROWS_AS(Archive(dir / "garbage.sqlite"), StorageError);
    CHECK_THROWS_AS(Archive(dir / "missing.sqlite", Archive::Mode::ReadOnly), StorageError);
}

TEST_CASE("the default database path follows OTHELLO_DB and XDG_DATA_HOME", "[storage]") {
    // Saves and restores the variables it changes.
    struct SavedEnv {
        std::string name;
        std::optional<std::string> value;
        explicit SavedEnv(const char* n) : name(n) {
            if (const char* v = std::getenv(n)) value = v;
        }
        ~SavedEnv() {
            if (value)
                setenv(name.c_str(), value->c_str(), 1);
            else
                unsetenv(name.c_str());
        }
    } db("OTHELLO_DB"), xdg("XDG_DATA_HOME"), home("HOME");
    setenv("OTHELLO_DB", "/tmp/x/y.sqlite", 1);
    CHECK(Archive::defaultDatabasePath() == "/tmp/x/y.sqlite");
    unsetenv("OTHELLO_DB");
    setenv("XDG_DATA_HOME", "/tmp/xdg", 1);
    CHECK(Archive::defaultDatabasePath() == "/tmp/xdg/othello-db/games.sqlite");
    unsetenv("XDG_DATA_HOME");
    setenv("HOME", "/home/someone", 1);
    CHECK(Archive::defaultDatabasePath() == "/home/someone/.local/share/othello-db/games.sqlite");
}

TEST_CASE("import counts, exact duplicates, other names, prefixes", "[storage]") {
    TempDir dir("dups");
    Archive a(dir / "games.sqlite");
    std::mt19937_64 rng(7);
    std::vector<importers::GameRecord> records;
    for (int i = 0; i < 50; ++i)
        records.push_back(
            makeRecord(join("P", std::to_string(i % 7)), join("Q", std::to_string(i % 5)),
                       join("Open ", std::to_string(1990 + i % 3)), 1990 + i % 3, randomGame(rng)));
    auto first = a.importRecords(records);
    CHECK(first.imported == 50);
    CHECK(first.duplicates == 0);
    CHECK(first.rejected == 0);

    auto again = a.importRecords(records);
    CHECK(again.imported == 0);
    CHECK(again.duplicates == 50);
    CHECK(a.info().games == 50);

    // Case and accents do not make another player; other names make a possible duplicate.
    auto same = records[0];
    same.black = join("p", records[0].black.substr(1));
    auto other = records[1];
    other.black = "Somebody Else";
    const auto r = a.importRecords({same, other});
    CHECK(r.duplicates == 1);
    CHECK(r.imported == 1);
    CHECK(r.possibleDuplicates == 1);
    REQUIRE(r.notes.size() == 1);
    CHECK(r.notes[0].code == "possible-duplicate");

    // An unfinished game that is a prefix of a stored one, and a stored unfinished game that
    // is a prefix of a new one: both reported, both kept.
    const auto full = core::parseMoves(kTiger).moves;
    const std::vector<int> half(full.begin(), full.begin() + 20);
    auto p1 = a.importRecords({makeRecord("A", "B", "", 0, full)});
    CHECK(p1.prefixes == 0);
    auto p2 = a.importRecords({makeRecord("A", "B", "", 0, half)});
    CHECK(p2.imported == 1);
    CHECK(p2.prefixes == 1);
    const std::vector<int> quarter(full.begin(), full.begin() + 10);
    const std::vector<int> third(full.begin(), full.begin() + 15);
    auto p3 = a.importRecords({makeRecord("C", "D", "", 0, quarter)});
    CHECK(p3.prefixes == 1);  // a prefix of two games, reported once
    auto p4 = a.importRecords({makeRecord("E", "F", "", 0, third)});
    CHECK(p4.prefixes == 2);  // has the 10-move game as a prefix; is a prefix itself
    for (const auto& n : p4.notes) CHECK(n.code == "prefix");

    // Every sort lists every game, those without an event included.
    for (const char* key : {"id", "year", "black", "white", "event", "score"}) {
        othello::storage::SearchFilter f;
        f.sort = *othello::storage::parseSortKey(key);
        f.limit = -1;
        INFO(key);
        CHECK(static_cast<std::int64_t>(a.search(f).games.size()) == a.info().games);
    }
}

TEST_CASE("rejected records are counted with their diagnostics", "[storage]") {
    TempDir dir("rejected");
    Archive a(dir / "games.sqlite");
    auto bad = makeRecord("A", "B", "", 0, "f5 d6 a1");
    REQUIRE(!bad.ok());
    auto good = makeRecord("A", "B", "", 0, "f5 d6 c3");
    const auto r = a.importRecords({bad, good});
    CHECK(r.rejected == 1);
    CHECK(r.imported == 1);
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].moveNumber == 3);
}

TEST_CASE("a stored game comes back whole", "[storage]") {
    TempDir dir("game");
    Archive a(dir / "games.sqlite");
    auto rec = makeRecord("Penloup Éric", "Juhem Marc", "Championnat du monde", 1992, kTiger);
    rec.round = "7";
    rec.place = "Barcelona";
    rec.theoreticalScore = 22;
    rec.theoreticalDepth = 24;
    rec.statedBlackDiscs = 20;
    REQUIRE(rec.complete());
    a.importRecords({rec});
    const auto g = a.game(1);
    REQUIRE(g);
    CHECK(g->record.black == rec.black);
    CHECK(g->record.white == rec.white);
    CHECK(g->record.event == rec.event);
    CHECK(g->record.round == "7");
    CHECK(g->record.place == "Barcelona");
    CHECK(g->record.year == 1992);
    CHECK(g->record.moves == rec.moves);
    CHECK(g->record.score == rec.score);
    CHECK(g->record.complete());
    CHECK(g->record.theoreticalScore == 22);
    CHECK(g->record.theoreticalDepth == 24);
    CHECK(g->record.statedBlackDiscs == 20);
    CHECK(g->record.source.path == "test.moves");
    CHECK(g->opening == "Nicolet: 酉アッパー");  // the Japanese list goes deeper
    CHECK(!a.game(2));
    CHECK(a.reachPly(
              1, core::replay(core::Position::start(), core::parseMoves("f5d6c3").moves).final()) ==
          3);
}

TEST_CASE("games from a set-up board keep their start", "[storage]") {
    TempDir dir("setup");
    Archive a(dir / "games.sqlite");
    // A board string: the position after f5 d6, Black to move.
    const auto after = core::replay(core::Position::start(), core::parseMoves("f5d6").moves);
    const auto board = core::parseBoard(core::boardStringWithSide(after.final()));
    REQUIRE(!board.error);
    importers::GameRecord r;
    r.black = "A";
    r.white = "B";
    r.start = board.position;
    r.standardStart = false;
    importers::replayRecord(r, core::parseMoves("c3").moves, r.source);
    REQUIRE(r.ok());
    CHECK(a.importRecords({r}).imported == 1);
    const auto g = a.game(1);
    REQUIRE(g);
    CHECK(!g->record.standardStart);
    CHECK(g->record.start == board.position);
    CHECK(g->opening.empty());
}

TEST_CASE("rename-player renames, and merges two spellings", "[storage]") {
    TempDir dir("rename");
    Archive a(dir / "games.sqlite");
    std::mt19937_64 rng(3);
    a.importRecords({makeRecord("Tamenori Hideshi", "X", "", 2000, randomGame(rng)),
                     makeRecord("Tamenori H.", "Y", "", 2000, randomGame(rng)),
                     makeRecord("Z", "Tamenori H.", "", 2000, randomGame(rng))});
    CHECK(a.info().players == 5);
    CHECK(a.renamePlayer("Tamenori H.", "Tamenori Hideshi") == 2);
    CHECK(a.info().players == 4);
    othello::storage::SearchFilter f;
    f.player = "tamenori hideshi";
    CHECK(a.search(f).total == 3);
    CHECK(a.renamePlayer("X", "Xavier") == 1);
    CHECK(a.game(1)->record.white == "Xavier");
    CHECK_THROWS_AS(a.renamePlayer("Nobody", "Somebody"), StorageError);
}

TEST_CASE("after rename-player, re-importing under the old spelling adds nothing", "[storage]") {
    TempDir dir("alias");
    Archive a(dir / "games.sqlite");
    std::mt19937_64 rng(11);
    std::vector<importers::GameRecord> file;
    for (int i = 0; i < 6; ++i)
        file.push_back(makeRecord(i % 2 ? "William Joanna" : "Other",
                                  i % 2 ? "X" : "William Joanna", "", 2021, randomGame(rng)));
    REQUIRE(a.importRecords(file).imported == 6);
    CHECK(a.renamePlayer("William Joanna", "William J.") == 6);
    auto again = a.importRecords(file);
    CHECK(again.imported == 0);
    CHECK(again.duplicates == 6);
    // A new game under the old spelling goes to the player, not to a new one.
    const auto players = a.info().players;
    a.importRecords({makeRecord("William Joanna", "Y", "", 2022, randomGame(rng))});
    CHECK(a.info().players == players + 1);  // only "Y" is new
    othello::storage::SearchFilter f;
    f.player = "William J.";
    CHECK(a.search(f).total == 7);
    f.player = "joanna";  // the old spelling finds the player's games too
    CHECK(a.search(f).total == 7);
    f.player = {};
    f.black = "william joanna";
    f.event = "nothing";
    CHECK(a.search(f).total == 0);  // parameters stay in order after the alias subquery
    f.event = {};
    CHECK(a.search(f).total == 4);
    // Merging into an existing player keeps both old spellings.
    a.importRecords({makeRecord("W. Joanna", "Z", "", 2023, randomGame(rng))});
    CHECK(a.renamePlayer("William J.", "W. Joanna") == 7);
    again = a.importRecords(file);
    CHECK(again.imported == 0);
    CHECK(again.duplicates == 6);
    // The aliases survive reopening (they are a table).
    Archive b(dir / "games.sqlite");
    CHECK(b.importRecords(file).duplicates == 6);
}

TEST_CASE("unfinished games without a stated result count in games only", "[storage]") {
    TempDir dir("unknown");
    Archive a(dir / "games.sqlite");
    std::mt19937_64 rng(5);
    // A 5-move fragment: 61-3 on the board, but nobody won.
    auto fragment = makeRecord("A", "B", "", 2000, "f5d6c3d3c4");
    REQUIRE(!fragment.complete());
    REQUIRE(!fragment.statedBlackDiscs);
    // An unfinished game with its official result (as WTHOR states it): counts by it.
    auto stated = makeRecord("C", "D", "", 2000, "f5f6e6f4");
    stated.statedBlackDiscs = 20;
    // A finished game.
    std::vector<int> full;
    importers::GameRecord complete;
    do {
        full = randomGame(rng);
        complete = makeRecord("E", "F", "", 2000, full);
    } while (!complete.complete() || complete.score.black <= 32);
    REQUIRE(a.importRecords({fragment, stated, complete}).imported == 3);
    const auto s = a.stats(core::Position::start());
    CHECK(s.games == 3);
    CHECK(s.blackWins == 1);
    CHECK(s.whiteWins == 1);
    CHECK(s.draws == 0);
    CHECK(s.unknownResults() == 1);
    CHECK(s.avgBlackScore() == Approx((20.0 + complete.score.black) / 2));
    // Deep positions (read from the index rather than the cached statistics) agree.
    const auto deep = a.stats(
        core::replay(core::Position::start(), core::parseMoves("f5d6c3d3c4").moves).final());
    CHECK(deep.games == 1);
    CHECK(deep.decided() == 0);
    othello::storage::SearchFilter f;
    f.result = othello::storage::ResultFilter::BlackWin;
    CHECK(a.search(f).total == 1);
    f.result = othello::storage::ResultFilter::WhiteWin;
    CHECK(a.search(f).total == 1);
    f.result = othello::storage::ResultFilter::Any;
    const auto all = a.search(f);
    REQUIRE(all.games.size() == 3);
    CHECK(!all.games[0].resultKnown);  // listed, marked
    CHECK(all.games[1].resultKnown);
    CHECK(all.games[2].resultKnown);
}

TEST_CASE("migration 5: aliases table, unknown results re-indexed", "[storage]") {
    TempDir dir("migrate5");
    const auto db = dir / "games.sqlite";
    std::mt19937_64 rng(9);
    {
        Archive a(db);
        a.importRecords({makeRecord("A", "B", "", 2000, "f5d6c3d3c4"),
                         makeRecord("C", "D", "", 2000, randomGame(rng))});
    }
    {
        // What version 4 looked like: no aliases, every result known (the fragment's 61-3
        // counted as a Black win in the index and the cached statistics).
        SQLite::Database raw(db.string(), SQLite::OPEN_READWRITE);
        raw.exec("DROP TABLE player_aliases");
        raw.exec("ALTER TABLE games DROP COLUMN result_known");
        raw.exec(
            "UPDATE position_stats SET black_wins = black_wins + 1 WHERE games > "
            "black_wins + draws + white_wins");
        raw.exec("PRAGMA user_version = 4");
    }
    Archive a(db);
    CHECK(a.info().schemaVersion == othello::storage::kSchemaVersion);
    CHECK(a.info().unindexedGames == 0);  // re-indexed on the writable open
    CHECK(a.stats(core::Position::start()).unknownResults() == 1);
    CHECK(a.renamePlayer("A", "Alpha") == 1);
    CHECK(a.importRecords({makeRecord("A", "B", "", 2000, "f5d6c3d3c4")}).duplicates == 1);
    SQLite::Database raw(db.string(), SQLite::OPEN_READONLY);
    CHECK(raw.execAndGet("SELECT count(*) FROM positions").getInt64() ==
          raw.execAndGet("SELECT sum(length(moves) + 1) FROM games").getInt64());
}

TEST_CASE("foldText folds case and Latin-1 accents", "[storage]") {
    using othello::storage::foldText;
    CHECK(foldText("Éric PENLOUP") == "eric penloup");
    CHECK(foldText("Ærøskøbing Straße") == "aeroskobing strasse");
    CHECK(foldText("Çà et là") == "ca et la");
    CHECK(foldText("東京 Open") == "東京 open");
    CHECK(foldText(std::string("caf\xE9")) == "cafe");  // a stray Latin-1 byte
}

TEST_CASE("the openings catalogue replays and matches under symmetry", "[storage]") {
    using namespace othello::storage;
    const auto& cat = openingCatalogue();
    // Every line of storage/query/openings.txt that is not a comment is in the catalogue.
    std::ifstream in(std::string(OTHELLO_SOURCE_DIR) + "/storage/query/openings.txt");
    int lines = 0;
    for (std::string line; std::getline(in, line);)
        if (!line.empty() && line[0] != '#') ++lines;
    CHECK(static_cast<int>(cat.size()) == lines);
    CHECK(lines > 40);
    const auto tiger = core::parseMoves("f5 d6 c3 d3 c4").moves;
    REQUIRE(deepestOpening(tiger));
    CHECK(deepestOpening(tiger)->name == "Tiger (虎定石)");
    for (core::Symmetry s = 0; s < 8; ++s) {
        const auto moves = core::transformMoves(tiger, s);
        if (!core::replay(core::Position::start(), moves).error) {
            REQUIRE(deepestOpening(moves));
            CHECK(deepestOpening(moves)->name == "Tiger (虎定石)");
        }
    }
    // The Tiger reflected in the a8-h1 diagonal.
    CHECK(deepestOpening(core::parseMoves("d3 c5 f6 f5 e6").moves)->name == "Tiger (虎定石)");
    CHECK(!deepestOpening(core::parseMoves("f5").moves));
    CHECK(deepestOpening(core::parseMoves("f5 d6 c3 d3 c4 f4 c5 b3 c2 e3 d2").moves)->name ==
          "Nicolet (酉定石)");
}
