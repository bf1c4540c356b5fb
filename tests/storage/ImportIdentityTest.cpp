// What makes two records the same game (issue 9): a dump whose names are unknown keeps every
// game, a re-import and a resumed import add exactly the rest; an unfinished game is stored as
// its record ends (no invented pass) and migration 7 mends the games stored before; variants
// are kept and anti-Othello stays out of statistics; the stored format codes never change.
#include <SQLiteCpp/SQLiteCpp.h>
#include <signal.h>
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <thread>

#include "StorageTestUtil.h"
#include "importers/WthorWriter.h"
#include "storage/Archive.h"
#include "storage/Codec.h"

using namespace storagetest;
using othello::storage::Archive;
using othello::storage::ImportOptions;

namespace {

std::int64_t scalarOf(const fs::path& db, const std::string& sql) {
    SQLite::Database raw(db.string(), SQLite::OPEN_READONLY);
    return raw.execAndGet(sql).getInt64();
}

// A random game stopped where the side to move has no legal move but the opponent has one:
// the record ends before that forced pass (a game resigned or lost on time there).
std::vector<int> endsBeforeForcedPass(std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    for (;;) {
        const std::vector<int> g = randomGame(rng);
        for (std::size_t i = 0; i + 1 < g.size(); ++i)
            if (g[i] == core::kPass) return std::vector<int>(g.begin(), g.begin() + long(i));
    }
}

// A WTHOR-layout dump with no name files beside it (every name unknown): `sameMoves` games of
// the same short opening, each between other players (other raw player numbers), then
// `others` random games.
fs::path writeNamelessDump(const TempDir& dir, int sameMoves, int others) {
    std::vector<importers::GameRecord> games;
    const std::vector<int> opening = core::parseMoves("f5d6c3d3c4f4").moves;
    for (int i = 0; i < sameMoves; ++i)
        games.push_back(makeRecord("Black " + std::to_string(i), "White " + std::to_string(i),
                                   "Club", 2023, opening));
    std::mt19937_64 rng(7);
    for (int i = 0; i < others; ++i)
        games.push_back(makeRecord("P" + std::to_string(i % 40), "Q" + std::to_string(i % 37),
                                   "Club", 2023, randomGame(rng)));
    const fs::path wtb = dir / "DUMP_2023.wtb";
    importers::writeWthorFiles(games, wtb);
    for (const char* names : {"WTHOR.JOU", "WTHOR.TRN"}) fs::remove(dir / names);
    return wtb;
}

}  // namespace

TEST_CASE("a dump with unknown names keeps every game; a re-import adds none",
          "[storage][duplicates]") {
    TempDir dir("nameless");
    const fs::path wtb = writeNamelessDump(dir, 106, 20);
    Archive a(dir / "games.sqlite");
    const auto first = a.importFiles({wtb});
    CHECK(first.rejected == 0);
    // The 106 games of the same moves were all swallowed as exact duplicates before.
    CHECK(first.imported == 126);
    CHECK(first.duplicates == 0);
    CHECK(first.possibleDuplicates == 105);
    REQUIRE(!first.notes.empty());
    CHECK(first.notes[0].code == "possible-duplicate");
    const auto again = a.importFiles({wtb});
    CHECK(again.imported == 0);
    CHECK(again.duplicates == 126);
    // A copy of the file elsewhere says the same things: found by its content hash.
    fs::create_directories(dir / "copy");
    fs::copy_file(wtb, dir / "copy" / "DUMP_2023.wtb");
    const auto copy = a.importFiles({dir / "copy" / "DUMP_2023.wtb"});
    CHECK(copy.imported == 0);
    CHECK(copy.duplicates == 126);
    CHECK(a.info().games == 126);
}

TEST_CASE("same moves: known players, event and date decide; unknown ones only may",
          "[storage][duplicates]") {
    TempDir dir("samemoves");
    Archive a(dir / "games.sqlite");
    const std::string moves = "f5d6c3d3c4f4f6f3e6e7";
    auto named = makeRecord("Anna", "Ben", "Open", 2001, moves);
    CHECK(a.importRecords({named}).imported == 1);
    // The same game from another file (another record, other line): the same known headers.
    auto other =
        makeRecord("ANNA", "Ben", "Open", 2001, core::parseMoves(moves).moves, "other.moves", 9);
    auto r = a.importRecords({other});
    CHECK(r.duplicates == 1);
    // Unknown names on one side: imported, reported.
    auto unknown = makeRecord("", "", "Open", 2001, core::parseMoves(moves).moves, "x.moves", 3);
    r = a.importRecords({unknown});
    CHECK(r.imported == 1);
    CHECK(r.possibleDuplicates == 1);
    // Same players, another year: another game.
    r = a.importRecords({makeRecord("Anna", "Ben", "Open", 2002, moves)});
    CHECK(r.imported == 1);
    CHECK(r.possibleDuplicates == 1);
    // The file's own id of a game (eOthello's) makes it the same record whatever else changed.
    auto withId = makeRecord("", "", "", 0, core::parseMoves("f5f6e6f4").moves, "e.csv", 2);
    withId.gameId = "123456";
    CHECK(a.importRecords({withId}).imported == 1);
    withId.source.path = "renamed.csv";
    withId.event = "Online";
    r = a.importRecords({withId});
    CHECK(r.imported == 0);
    CHECK(r.duplicates == 1);
}

TEST_CASE("kill -9 while importing a dump with unknown names: the re-run adds exactly the rest",
          "[storage][duplicates][crash]") {
    TempDir dir("namelesskill");
    const fs::path wtb = writeNamelessDump(dir, 300, 2700);
    ImportOptions options;
    options.batchGames = 100;
    std::int64_t total = 0;
    double seconds = 0;
    {
        const auto t0 = std::chrono::steady_clock::now();
        Archive ref(dir / "reference.sqlite");
        total = ref.importFiles({wtb}, options).imported;
        seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        REQUIRE(total == 3000);
    }
    int killedMidway = 0;
    for (int round = 0; round < 4; ++round) {
        const fs::path db = dir / ("killed" + std::to_string(round) + ".sqlite");
        const pid_t pid = fork();
        REQUIRE(pid >= 0);
        if (pid == 0) {
            try {
                Archive a(db);
                a.importFiles({wtb}, options);
            } catch (...) {
                _exit(3);
            }
            _exit(0);
        }
        std::this_thread::sleep_for(std::chrono::microseconds(
            static_cast<std::int64_t>(seconds * (0.3 + 0.15 * round) * 1e6)));
        kill(pid, SIGKILL);
        int status = 0;
        waitpid(pid, &status, 0);
        killedMidway += WIFSIGNALED(status);
        Archive a(db);
        const std::int64_t before = a.info().games;
        const auto rest = a.importFiles({wtb}, options);
        INFO("round " << round << ": " << before << " games kept by the killed import");
        CHECK(rest.imported == total - before);
        CHECK(rest.duplicates == before);
        CHECK(a.info().games == total);
        CHECK(a.stats(core::Position::start()).games == total);
    }
    CHECK(killedMidway > 0);
}

TEST_CASE("an unfinished game ends where its record does: no pass is invented",
          "[storage][moves]") {
    const std::vector<int> played = endsBeforeForcedPass(11);
    TempDir dir("nopass");
    // Move lists (RecordReplay) and WTHOR (its own fast replay) alike.
    const auto record = makeRecord("A", "B", "E", 1999, played);
    REQUIRE(record.ok());
    CHECK(!record.complete());
    CHECK(record.moves == played);
    CHECK(record.passes() == 0);
    const fs::path wtb = dir / "WTH_1999.wtb";
    importers::writeWthorFiles({record}, wtb);
    Archive a(dir / "games.sqlite");
    const auto r = a.importFiles({wtb});
    REQUIRE(r.imported == 1);
    const auto g = a.game(1);
    REQUIRE(g);
    CHECK(g->record.moves == played);
}

TEST_CASE("migration 7: the invented pass is removed, keys and index rebuilt, re-import adds 0",
          "[storage][migration]") {
    const std::vector<int> played = endsBeforeForcedPass(23);
    TempDir dir("migrate7");
    const fs::path db = dir / "games.sqlite";
    const auto unfinished = makeRecord("A", "B", "E", 1999, played);
    std::mt19937_64 rng(5);
    const auto finished = makeRecord("C", "D", "E", 1999, randomGame(rng));
    {
        Archive a(db);
        REQUIRE(a.importRecords({unfinished, finished}).imported == 2);
    }
    {
        // What schema 6 stored: the forced pass appended to the unfinished game, in its moves
        // and its key; none of the columns of 7.
        std::vector<int> withPass = played;
        withPass.push_back(core::kPass);
        SQLite::Database raw(db.string(), SQLite::OPEN_READWRITE);
        SQLite::Statement s(raw, "UPDATE games SET moves = ?, moves_key = ? WHERE id = 1");
        const std::string blob = othello::storage::encodeMoves(withPass);
        s.bind(1, blob.data(), static_cast<int>(blob.size()));
        s.bind(2, othello::storage::movesKey(core::Position::start(), withPass));
        s.exec();
        raw.exec("DROP INDEX games_moves_key");
        for (const char* c : {"record_hash", "source_game_id", "variant", "komi"})
            raw.exec(std::string("ALTER TABLE games DROP COLUMN ") + c);
        raw.exec("PRAGMA user_version = 6");
    }
    Archive a(db);
    CHECK(a.info().schemaVersion == othello::storage::kSchemaVersion);
    const auto g = a.game(1);
    REQUIRE(g);
    CHECK(g->record.moves == played);
    CHECK(scalarOf(db, "SELECT moves_key FROM games WHERE id = 1") ==
          othello::storage::movesKey(core::Position::start(), played));
    CHECK(scalarOf(db, "SELECT count(*) FROM games WHERE record_hash IS NULL") == 0);
    // The index was rebuilt: the game's last position is its last row, and no position after
    // the removed pass is left.
    CHECK(a.info().unindexedGames == 0);
    CHECK(a.stats(core::Position::start()).games == 2);
    core::Position last = core::replay(core::Position::start(), played).positions[played.size()];
    othello::storage::SearchFilter f;
    f.position = last;
    const auto hits = a.search(f);
    REQUIRE(hits.total == 1);
    CHECK(hits.games[0].ply == static_cast<int>(played.size()));
    last.pass();
    f.position = last;
    CHECK(a.search(f).total == 0);
    const auto again = a.importRecords({unfinished, finished});
    CHECK(again.imported == 0);
    CHECK(again.duplicates == 2);
}

TEST_CASE("GGF variants are stored; anti-Othello stays out of position statistics",
          "[storage][variant]") {
    TempDir dir("variant");
    const fs::path db = dir / "games.sqlite";
    std::mt19937_64 rng(3);
    auto plain = makeRecord("A", "B", "GGS", 2005, randomGame(rng));
    auto anti = makeRecord("C", "D", "GGS", 2005, randomGame(rng));
    anti.variant.anti = true;
    anti.variant.type = "8a";
    auto komi = makeRecord("E", "F", "GGS", 2005, randomGame(rng));
    komi.variant.komi = -3.5;
    komi.variant.type = "8k";
    {
        Archive a(db);
        REQUIRE(a.importRecords({plain, anti, komi}).imported == 3);
    }
    const auto check = [&](Archive& a) {
        CHECK(a.stats(core::Position::start()).games == 2);
        othello::storage::SearchFilter f;
        f.position = core::Position::start();
        CHECK(a.search(f).total == 3);  // found by position all the same
        const auto g = a.game(2);
        REQUIRE(g);
        CHECK(g->record.variant.anti);
        CHECK(g->record.variant.type == "8a");
        const auto k = a.game(3);
        REQUIRE(k);
        CHECK(k->record.variant.komi == -3.5);
        CHECK(a.game(1)->record.variant.standard());
    };
    {
        Archive a(db);
        check(a);
    }
    CHECK(scalarOf(db, "SELECT count(*) FROM games WHERE variant IS NULL AND komi IS NULL") == 1);
    {
        // Rebuilt from the games table (recovery, migrations): still out.
        SQLite::Database raw(db.string(), SQLite::OPEN_READWRITE);
        raw.exec(
            "DELETE FROM positions; DELETE FROM position_stats;"
            "UPDATE meta SET value = 0 WHERE key = 'indexed_upto'");
    }
    Archive a(db);
    check(a);
}

TEST_CASE("the format code stored for each format is pinned", "[storage][format]") {
    TempDir dir("formatcode");
    const fs::path db = dir / "games.sqlite";
    const std::vector<std::pair<importers::Format, int>> pinned = {
        {importers::Format::Moves, 1}, {importers::Format::Transcript, 2},
        {importers::Format::Wthor, 3}, {importers::Format::Ggf, 4},
        {importers::Format::Pgn, 5},   {importers::Format::Csv, 6}};
    std::vector<importers::GameRecord> records;
    std::mt19937_64 rng(9);
    for (const auto& [format, code] : pinned) {
        auto r = makeRecord("A", "B", "", 2000, randomGame(rng));
        r.format = format;
        records.push_back(r);
    }
    Archive a(db);
    REQUIRE(a.importRecords(records).imported == static_cast<std::int64_t>(pinned.size()));
    for (std::size_t i = 0; i < pinned.size(); ++i) {
        const auto id = static_cast<std::int64_t>(i + 1);
        INFO(importers::formatName(pinned[i].first));
        CHECK(scalarOf(db, "SELECT format FROM games WHERE id = " + std::to_string(id)) ==
              pinned[i].second);
        CHECK(a.game(id)->record.format == pinned[i].first);
    }
}
