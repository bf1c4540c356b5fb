// What makes two records the same game (issue 9): a dump whose names are unknown keeps every
// game, a re-import and a resumed import add exactly the rest; an unfinished game is stored as
// its record ends (no invented pass) and migration 7 mends the games stored before (an eOthello
// CSV stored before it is found again row by row, though its game ids were not kept); variants
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
#include "storage/database/Codec.h"

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
        // Appended, not "P" + to_string(...): GCC 12 warns falsely (-Wrestrict) on that.
        games.push_back(makeRecord(std::string("P").append(std::to_string(i % 40)),
                                   std::string("Q").append(std::to_string(i % 37)), "Club", 2023,
                                   randomGame(rng)));
    const fs::path wtb = dir / "DUMP_2023.wtb";
    importers::writeWthorFiles(games, wtb);
    for (const char* names : {"WTHOR.JOU", "WTHOR.TRN"}) fs::remove(dir / names);
    return wtb;
}

// What schema 6 lacked, taken away from an archive the current code wrote: migration 7's
// index and columns (so source_game_id and record_hash come back NULL and are refilled from
// what the game row says), then the version, so that the next writable open migrates it.
void downgradeToSchema6(SQLite::Database& raw) {
    raw.exec("DROP INDEX games_moves_key");
    for (const char* c : {"record_hash", "source_game_id", "variant", "komi"})
        raw.exec(std::string("ALTER TABLE games DROP COLUMN ") + c);
    raw.exec("PRAGMA user_version = 6");
}

// An archive of eOthello's CSV as a build before schema 7 left it: that build took a row with
// the moves of an earlier row for the same game (the CSV names no players), so only the first
// of each set of rows with the same moves is kept, and the file's game ids are not stored.
// Returns how many games that build skipped (the ones the new rule keeps).
std::int64_t keepAsSchema6Build(const fs::path& db) {
    SQLite::Database raw(db.string(), SQLite::OPEN_READWRITE);
    const std::int64_t skipped = raw.exec(
        "DELETE FROM games WHERE id NOT IN (SELECT min(id) FROM games GROUP BY moves_key)");
    // The positions of the deleted games go too: the next writable open indexes every game.
    raw.exec(
        "DELETE FROM positions; DELETE FROM position_stats;"
        "UPDATE meta SET value = 0 WHERE key = 'indexed_upto'");
    downgradeToSchema6(raw);
    return skipped;
}

// An eOthello-style CSV (its header, its winner column, moves without passes or separators):
// `distinct` random finished games, then rows repeating the moves of some of them under other
// game ids (eOthello has such games, the same moves played by other players).
fs::path writeEothelloCsv(const TempDir& dir, int distinct, const std::vector<int>& repeats) {
    std::mt19937_64 rng(17);
    std::vector<std::vector<int>> games;
    for (int i = 0; i < distinct; ++i) games.push_back(randomGame(rng));
    for (int i : repeats) games.push_back(games[static_cast<std::size_t>(i)]);
    std::string text = "eOthello_game_id,winner,game_moves\n";
    int id = 1000000;
    for (const std::vector<int>& g : games) {
        const core::Position end = core::replay(core::Position::start(), g).final();
        const int diff = end.count(core::Color::Black) - end.count(core::Color::White);
        text += std::to_string(id--) + "," + (diff > 0 ? "1" : diff < 0 ? "-1" : "0") + ",";
        for (int m : g)
            if (m != core::kPass) text += core::squareName(m);
        text += "\n";
    }
    const fs::path csv = dir / "othello_dataset.csv";
    writeFile(csv, text);
    return csv;
}

}  // namespace

TEST_CASE("a dump with unknown names keeps every game, a re-import adds none",
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

TEST_CASE("same moves: known players, event and date decide, unknown ones only may",
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
        downgradeToSchema6(raw);
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

TEST_CASE("eOthello CSV stored before schema 7: a re-import adds only the games the new rule keeps",
          "[storage][migration][duplicates]") {
    TempDir dir("csv6");
    const fs::path db = dir / "games.sqlite";
    // Game 0 three times, game 4 twice: three rows the old build took for duplicates.
    const fs::path csv = writeEothelloCsv(dir, 12, {0, 4, 0});
    {
        Archive a(db);
        const auto all = a.importFiles({csv});
        REQUIRE(all.rejected == 0);
        REQUIRE(all.imported == 15);
        REQUIRE(all.possibleDuplicates == 3);
    }
    REQUIRE(keepAsSchema6Build(db) == 3);
    REQUIRE(scalarOf(db,
                     "SELECT count(*) FROM games WHERE source_line IS NOT NULL AND "
                     "source_record IS NULL") == 12);
    Archive a(db);
    REQUIRE(a.info().schemaVersion == othello::storage::kSchemaVersion);
    REQUIRE(a.info().games == 12);
    // Each stored game is its own row again, found by file and line (no game id kept): the
    // re-import adds the three rows of other ids only, then nothing.
    const auto again = a.importFiles({csv});
    CHECK(again.imported == 3);
    CHECK(again.duplicates == 12);
    CHECK(again.possibleDuplicates == 3);
    CHECK(a.info().games == 15);
    CHECK(a.stats(core::Position::start()).games == 15);
    const auto third = a.importFiles({csv});
    CHECK(third.imported == 0);
    CHECK(third.duplicates == 15);
}

TEST_CASE("the shared eOthello CSV stored before schema 7: a re-import adds exactly 8",
          "[storage][migration][duplicates][shared]") {
    const fs::path csv =
        fs::path(OTHELLO_SHARED_DATA) / "movelist" / "eothello_othello_dataset.csv";
    if (!fs::exists(csv)) {
        WARN("shared data absent (" << csv << "): test skipped");
        return;
    }
    TempDir dir("sharedcsv6");
    const fs::path db = dir / "games.sqlite";
    {
        Archive a(db);
        REQUIRE(a.importFiles({csv}).imported == 25657);
    }
    // The old build imported 25,649 of them.
    REQUIRE(keepAsSchema6Build(db) == 8);
    Archive a(db);
    const auto again = a.importFiles({csv});
    CHECK(again.imported == 8);
    CHECK(again.duplicates == 25649);
    CHECK(a.info().games == 25657);
}

TEST_CASE("GGF variants are stored, anti-Othello stays out of position statistics",
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

TEST_CASE(
    "record_hash is a function of the stored game: migration 8 recomputes what the import "
    "wrote",
    "[storage][migration][duplicates]") {
    // Every sample format, plus GGF features whose record says more than a row keeps: TY[8]
    // (plain Othello, stored as no variant) and a disc difference read from RE[].
    TempDir dir("hash-stable");
    const fs::path samples = fs::path(OTHELLO_SOURCE_DIR) / "tests/fixtures/samples";
    writeFile(dir / "extra.ggf",
              "(;GM[Othello]PC[GGS/os]DT[2003]PB[A]PW[B]TY[8]RE[+0.000]BO[8 -------- -------- "
              "-------- ---O*--- ---*O--- -------- -------- -------- *]B[f5]W[d6]B[c3]W[d3]"
              "B[c4];)\n"
              "(;GM[Othello]PC[GGS/os]DT[2003]PB[A]PW[B]TY[8k2.5]RE[-3.500]BO[8 -------- "
              "-------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[f5]W[f6];)\n");
    const fs::path db = dir / "a.sqlite";
    {
        Archive a(db);
        std::vector<fs::path> files;
        for (const char* f : {"games.ggf", "games.pgn", "games.csv", "games.moves", "games.wtb",
                              "wc1992.transcript"})
            files.push_back(samples / f);
        files.push_back(dir / "extra.ggf");
        const auto r = a.importFiles(files);
        REQUIRE(r.imported > 20);
    }
    const auto hashes = [&db] {
        std::vector<std::pair<std::int64_t, std::int64_t>> out;
        SQLite::Database raw(db.string(), SQLite::OPEN_READONLY);
        SQLite::Statement s(raw, "SELECT id, record_hash FROM games ORDER BY id");
        while (s.executeStep())
            out.emplace_back(s.getColumn(0).getInt64(), s.getColumn(1).getInt64());
        return out;
    };
    const auto imported = hashes();
    {
        SQLite::Database raw(db.string(), SQLite::OPEN_READWRITE);
        raw.exec("UPDATE games SET record_hash = NULL; PRAGMA user_version = 7");
    }
    Archive(db).info();  // migration 8 recomputes every hash from the stored rows
    CHECK(hashes() == imported);
    // And so a copy of a file elsewhere brings nothing back, whatever the archive's age.
    fs::create_directories(dir / "copy");
    fs::copy_file(dir / "extra.ggf", dir / "copy" / "extra.ggf");
    fs::copy_file(samples / "games.ggf", dir / "copy" / "games.ggf");
    Archive a(db);
    const auto again = a.importFiles({dir / "copy" / "extra.ggf", dir / "copy" / "games.ggf"});
    CHECK(again.imported == 0);
    CHECK(again.possibleDuplicates == 0);
}
