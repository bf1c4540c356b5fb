// Reliability of the archive under concurrent writers and readers (storage API): a player
// merge during an import, statistics read in one snapshot, several processes creating one
// archive, the repair of games a killed import left unindexed.
#include <SQLiteCpp/SQLiteCpp.h>
#include <signal.h>
#include <sqlite3.h>
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <functional>
#include <future>
#include <thread>

#include "StorageTestUtil.h"
#include "importers/Writer.h"
#include "storage/Archive.h"
#include "storage/database/WriterLock.h"

using namespace storagetest;
using othello::storage::Archive;

namespace {

// `count` random games of `black` against a few opponents, as a PGN file.
fs::path writePgn(const TempDir& dir, const std::string& name, const std::string& black, int count,
                  std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<importers::GameRecord> games;
    for (int i = 0; i < count; ++i)
        games.push_back(makeRecord(black, "Opponent " + std::to_string(i % 7), "Club Open",
                                   2000 + i % 10, randomGame(rng)));
    const fs::path p = dir / name;
    writeFile(p, importers::writeGamesToString(games, importers::Format::Pgn));
    return p;
}

std::int64_t sqlScalar(const fs::path& db, const std::string& sql) {
    SQLite::Database raw(db.string(), SQLite::OPEN_READONLY);
    return raw.execAndGet(sql).getInt64();
}

// Makes every game of `db` unindexed, as an import killed before its index transaction
// leaves them.
void forgetIndex(const fs::path& db) {
    SQLite::Database raw(db.string(), SQLite::OPEN_READWRITE);
    raw.exec(
        "DELETE FROM positions; DELETE FROM position_stats; "
        "UPDATE meta SET value = 0 WHERE key = 'indexed_upto'");
}

// The connections the next Archive opens, caught through SQLite's auto-extension hook (which
// runs for every connection this process opens), so that a test can watch their statements.
std::vector<sqlite3*> gOpened;
int catchConnection(sqlite3* db, char**, const void*) {
    gOpened.push_back(db);
    return SQLITE_OK;
}
using AutoExtension = void (*)();
template <typename F>
std::vector<sqlite3*> connectionsOf(F&& open) {
    gOpened.clear();
    sqlite3_auto_extension(reinterpret_cast<AutoExtension>(&catchConnection));
    open();
    sqlite3_cancel_auto_extension(reinterpret_cast<AutoExtension>(&catchConnection));
    return gOpened;
}

// Runs `action` once, the first time a statement whose text contains `marker` starts on the
// connection: before SQLite takes that statement's read snapshot.
struct BeforeStatement {
    std::string marker;
    std::function<void()> action;
    bool done = false;
};
int onStatement(unsigned type, void* ctx, void*, void* text) {
    auto* hook = static_cast<BeforeStatement*>(ctx);
    if (type != SQLITE_TRACE_STMT || hook->done) return 0;
    const std::string sql = static_cast<const char*>(text);
    if (sql.find(hook->marker) == std::string::npos) return 0;
    hook->done = true;
    hook->action();
    return 0;
}

}  // namespace

TEST_CASE("a player merge during an import leaves every imported game reachable",
          "[storage][reliability]") {
    TempDir dir("merge");
    const fs::path db = dir / "games.sqlite";
    {
        Archive a(db);
        REQUIRE(
            a.importRecords({makeRecord("Old Name", "Someone", "Club", 1999, "f5d6c3")}).imported ==
            1);
    }
    const fs::path file = writePgn(dir, "new.pgn", "New Name", 600, 7);
    Archive a(db);
    othello::storage::ImportOptions options;
    options.batchGames = 100;
    options.progressEvery = 0;  // progress only after each committed batch
    std::future<std::int64_t> rename;
    options.progress = [&](const othello::storage::ImportProgress& p) {
        if (rename.valid() || p.imported < 100) return;
        // Another writer merges the player this import created, between two of its batches.
        rename = std::async(std::launch::async, [&db] {
            Archive other(db);
            return other.renamePlayer("New Name", "Old Name");
        });
        rename.wait_for(std::chrono::seconds(1));
    };
    const auto r = a.importFiles({file}, options);
    REQUIRE(r.imported == 600);
    REQUIRE(rename.valid());
    CHECK(rename.get() == 600);  // the merge ran after the import, on all its games
    CHECK(sqlScalar(db, "SELECT count(*) FROM pragma_foreign_key_check") == 0);
    othello::storage::SearchFilter f;
    f.player = "Old Name";
    f.limit = -1;
    CHECK(a.search(f).total == 601);
    othello::storage::SearchFilter all;
    all.limit = -1;
    CHECK(a.search(all).total == a.info().games);
}

TEST_CASE("statistics and searches read one snapshot while the index commits",
          "[storage][reliability]") {
    TempDir dir("snapshot");
    const fs::path db = dir / "games.sqlite";
    const fs::path file = writePgn(dir, "a.pgn", "Snap Shot", 300, 11);
    {
        Archive a(db);
        REQUIRE(a.importFiles({file}).imported == 300);
    }
    // A deep position (statistics from the positions index, not position_stats).
    core::Position deep;
    std::int64_t deepGames = 0;
    {
        Archive a(db, Archive::Mode::ReadOnly);
        const auto first = a.game(1);
        REQUIRE(first);
        const auto& moves = first->record.moves;
        deep = core::replay(core::Position::start(),
                            std::vector<int>(moves.begin(), moves.begin() + 30))
                   .final();
        deepGames = a.stats(deep).games;
        REQUIRE(deepGames >= 1);
    }
    for (const char* marker : {"FROM position_stats", "FROM positions"}) {
        INFO(marker);
        forgetIndex(db);
        std::optional<Archive> reader;
        // The reader must not index the games itself: a writer holds the lock meanwhile.
        auto lock = std::make_unique<othello::storage::WriterLock>(db, "test");
        const auto connections =
            connectionsOf([&] { reader.emplace(db, Archive::Mode::ReadOnly); });
        REQUIRE(connections.size() == 1);
        // Right before the query reads the indexed part, the writer indexes every game.
        BeforeStatement hook{marker, [&] {
                                 lock.reset();
                                 Archive writer(db);  // a writable open indexes pending games
                             }};
        sqlite3_trace_v2(connections[0], SQLITE_TRACE_STMT, &onStatement, &hook);
        const std::int64_t games = std::string(marker) == "FROM position_stats"
                                       ? reader->stats(core::Position::start()).games
                                       : reader->stats(deep).games;
        sqlite3_trace_v2(connections[0], 0, nullptr, nullptr);
        CHECK(hook.done);
        CHECK(games == (std::string(marker) == "FROM position_stats" ? 300 : deepGames));
        reader.reset();
        CHECK(sqlScalar(db, "SELECT value FROM meta WHERE key = 'indexed_upto'") > 0);
    }
}

TEST_CASE("processes creating one new archive at once all succeed", "[storage][reliability]") {
    TempDir dir("firstopen");
    constexpr int kTrials = 12, kProcesses = 4;
    int failures = 0;
    std::string firstError;
    for (int trial = 0; trial < kTrials; ++trial) {
        const fs::path db = dir / ("new" + std::to_string(trial) + ".sqlite");
        int go[2];
        REQUIRE(pipe(go) == 0);
        int errors[2];
        REQUIRE(pipe(errors) == 0);
        std::vector<pid_t> children;
        for (int i = 0; i < kProcesses; ++i) {
            const pid_t pid = fork();
            REQUIRE(pid >= 0);
            if (pid == 0) {
                close(go[1]);
                char c;
                (void)!read(go[0], &c, 1);  // all start together when the parent closes it
                try {
                    Archive a(db);
                    a.info();
                } catch (const std::exception& e) {
                    const std::string what = std::string(e.what()) + "\n";
                    (void)!write(errors[1], what.data(), what.size());
                    _exit(1);
                }
                _exit(0);
            }
            children.push_back(pid);
        }
        close(go[0]);
        close(errors[1]);
        close(go[1]);
        for (pid_t pid : children) {
            int status = 0;
            waitpid(pid, &status, 0);
            failures += !(WIFEXITED(status) && WEXITSTATUS(status) == 0);
        }
        char buf[512];
        const auto n = read(errors[0], buf, sizeof buf);
        if (n > 0 && firstError.empty()) firstError.assign(buf, static_cast<std::size_t>(n));
        close(errors[0]);
        Archive check(db, Archive::Mode::ReadOnly);
        CHECK(check.info().schemaVersion == othello::storage::kSchemaVersion);
    }
    INFO(firstError);
    CHECK(failures == 0);
}

TEST_CASE("games a killed import left unindexed are indexed once, by the next reader or writer",
          "[storage][reliability]") {
    TempDir dir("unindexed");
    const fs::path db = dir / "games.sqlite";
    const fs::path file = writePgn(dir, "a.pgn", "Un Indexed", 200, 13);
    {
        Archive a(db);
        REQUIRE(a.importFiles({file}).imported == 200);
    }
    const std::int64_t positions = sqlScalar(db, "SELECT count(*) FROM positions");
    forgetIndex(db);
    SECTION("no writer runs: the first reader indexes them for good") {
        Archive r(db, Archive::Mode::ReadOnly);
        CHECK(r.stats(core::Position::start()).games == 200);
        CHECK(r.info().unindexedGames == 0);
        CHECK(sqlScalar(db, "SELECT count(*) FROM positions") == positions);
        CHECK(sqlScalar(db, "SELECT value FROM meta WHERE key = 'indexed_upto'") ==
              sqlScalar(db, "SELECT max(id) FROM games"));
    }
    SECTION("an import runs: readers find every game all the same, and say so") {
        othello::storage::WriterLock lock(db, "import");
        Archive r(db, Archive::Mode::ReadOnly);
        CHECK(r.info().unindexedGames == 200);
        CHECK(r.stats(core::Position::start()).games == 200);
        othello::storage::SearchFilter f;
        f.position = core::replay(core::Position::start(), core::parseMoves("f5").moves).final();
        CHECK(r.search(f).total == 200);
        CHECK(sqlScalar(db, "SELECT count(*) FROM positions") == 0);
    }
}

TEST_CASE("read-only media: reads work, writes say the archive is read-only",
          "[storage][reliability][readonly]") {
    using othello::storage::Media;
    TempDir dir("romedia");
    const fs::path db = dir / "games.sqlite";
    {
        Archive a(db);
        REQUIRE(a.importRecords({makeRecord("A", "B", "", 2000, "f5d6c3d3c4")}).imported == 1);
    }
    const auto open = [&db](Archive::Mode mode, Media media) {
        return Archive(db, Archive::Options{mode, media, std::nullopt});
    };
    for (const Media media : {Media::ReadOnlyFolder, Media::ReadOnlyMount}) {
        INFO(static_cast<int>(media));
        Archive r = open(Archive::Mode::ReadOnly, media);
        CHECK(r.info().games == 1);
        CHECK(r.stats(core::Position::start()).games == 1);
        try {
            open(Archive::Mode::ReadWrite, media);
            FAIL("a writable open on read-only media");
        } catch (const othello::storage::StorageError& e) {
            CHECK(std::string(e.what()).find("archive is read-only") != std::string::npos);
        }
    }
    // SQLite's side on a real file: mode=ro (a read-only folder) reads through the -wal and
    // -shm the writer kept; without them (a copy of the file alone) the file is read
    // immutable, as a snapshot, on a read-only mount as in a read-only folder.
    CHECK(fs::exists(db.string() + "-wal"));
    CHECK(open(Archive::Mode::ReadOnly, Media::ReadOnlyFolder).info().access == "read-only");
    fs::remove(db.string() + "-wal");
    fs::remove(db.string() + "-shm");
    CHECK(open(Archive::Mode::ReadOnly, Media::ReadOnlyMount).info().games == 1);
    {
        Archive copy = open(Archive::Mode::ReadOnly, Media::ReadOnlyFolder);
        CHECK(copy.info().games == 1);
        CHECK(copy.info().access == "read-only snapshot");
        CHECK(copy.accessWarning().empty());
    }
    CHECK(!fs::exists(db.string() + "-wal"));  // no reader wrote anything
    // A readable path that is not a file, and a missing one.
    CHECK_THROWS_WITH(Archive(dir.path(), Archive::Mode::ReadOnly),
                      Catch::Contains("is a directory"));
    CHECK_THROWS_WITH(Archive(dir / "missing.sqlite", Archive::Mode::ReadOnly),
                      Catch::Contains("does not exist"));
    CHECK(!fs::exists(dir / "missing.sqlite"));
}

TEST_CASE("a copy of the archive's file alone is the whole archive, read as a snapshot",
          "[storage][reliability][readonly]") {
    using othello::storage::Media;
    TempDir dir("rocopy");
    const fs::path db = dir / "games.sqlite";
    fs::create_directories(dir / "copy");
    const fs::path copy = dir / "copy" / "games.sqlite";
    const auto openCopy = [&copy] {
        return Archive(copy, Archive::Options{Archive::Mode::ReadOnly, Media::ReadOnlyFolder,
                                              std::nullopt});
    };
    { Archive create(db); }
    SECTION("the writer leaves the main file complete when it closes, a reader connected") {
        // A reader connected at the writer's close stops SQLite's own checkpoint at the last
        // close: the writer's full checkpoint copies the -wal into the file all the same.
        Archive reader(db, Archive::Mode::ReadOnly);
        {
            Archive w(db);
            REQUIRE(w.importRecords({makeRecord("A", "B", "", 2000, "f5d6c3d3c4"),
                                     makeRecord("C", "D", "", 2001, "f5f6e6f4")})
                        .imported == 2);
        }
        fs::copy_file(db, copy);
        Archive r = openCopy();
        CHECK(r.info().games == 2);
        CHECK(r.info().access == "read-only snapshot");
        CHECK(r.stats(core::Position::start()).games == 2);
        CHECK(r.accessWarning().empty());
        CHECK(!fs::exists(copy.string() + "-wal"));  // a snapshot creates nothing beside it
        CHECK(!fs::exists(copy.string() + "-shm"));
    }
    SECTION("a -wal copied without its -shm is not read, and the reader says so") {
        Archive reader(db, Archive::Mode::ReadOnly);
        Archive w(db);
        REQUIRE(w.importRecords({makeRecord("A", "B", "", 2000, "f5d6c3d3c4")}).imported == 1);
        // Copied while the writer runs: the import is in the -wal, not yet in the file.
        fs::copy_file(db, copy);
        fs::copy_file(db.string() + "-wal", copy.string() + "-wal");
        REQUIRE(fs::file_size(copy.string() + "-wal") > 0);
        Archive r = openCopy();
        CHECK(r.info().access == "read-only snapshot");
        CHECK(r.accessWarning().find("-wal (") != std::string::npos);
        CHECK(r.accessWarning().find("without its -shm") != std::string::npos);
        CHECK(r.info().accessWarning == r.accessWarning());
        CHECK(!fs::exists(copy.string() + "-shm"));
    }
}

namespace {
int gMaxPages = 0;
int limitPages(sqlite3* db, char**, const void*) {
    const std::string sql = "PRAGMA max_page_count = " + std::to_string(gMaxPages);
    sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr);
    return SQLITE_OK;
}
}  // namespace

TEST_CASE("a full disk ends an import with what was committed", "[storage][reliability]") {
    TempDir dir("fulldisk");
    const fs::path db = dir / "games.sqlite";
    { Archive create(db); }
    const fs::path file = writePgn(dir, "big.pgn", "Full Disk", 1500, 17);
    gMaxPages = static_cast<int>(sqlScalar(db, "PRAGMA page_count")) + 3;  // 48 KB more
    othello::storage::ImportResult r;
    sqlite3_auto_extension(reinterpret_cast<AutoExtension>(&limitPages));
    {
        Archive a(db);
        othello::storage::ImportOptions options;
        options.batchGames = 100;
        r = a.importFiles({file}, options);
    }
    sqlite3_cancel_auto_extension(reinterpret_cast<AutoExtension>(&limitPages));
    INFO(r.failure);
    CHECK(r.failure.find("disk full") == 0);
    CHECK(r.imported > 0);
    CHECK(r.imported < 1500);
    CHECK(r.imported % 100 == 0);  // whole batches
    Archive a(db, Archive::Mode::ReadOnly);
    CHECK(a.info().games == r.imported);
    CHECK(a.stats(core::Position::start()).games == r.imported);
}
