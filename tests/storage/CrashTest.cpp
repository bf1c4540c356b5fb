// Nothing is lost: kill -9 at random moments of an import, then reopen, check integrity and
// run the import again for exact counts. And readers never fail while an import runs.
#include <SQLiteCpp/SQLiteCpp.h>
#include <signal.h>
#include <sys/wait.h>

#include <algorithm>
#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <thread>

#include "StorageTestUtil.h"
#include "importers/Writer.h"
#include "storage/Archive.h"
#include "storage/database/WriterLock.h"

using namespace storagetest;
using othello::storage::Archive;

namespace {

// A PGN file of `count` random games between a few players.
fs::path writeGames(const TempDir& dir, const std::string& name, int count, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<importers::GameRecord> games;
    for (int i = 0; i < count; ++i) {
        std::string black = "Player ", white = "Player ";
        black += std::to_string(rng() % 30);
        white += std::to_string(rng() % 30);
        games.push_back(makeRecord(black, white, "Generated Open", 2000 + i % 20, randomGame(rng)));
    }
    const fs::path p = dir / name;
    writeFile(p, importers::writeGamesToString(games, importers::Format::Pgn));
    return p;
}

std::int64_t sqlScalar(const fs::path& db, const char* sql) {
    SQLite::Database raw(db.string(), SQLite::OPEN_READONLY);
    return raw.execAndGet(sql).getInt64();
}

}  // namespace

TEST_CASE("kill -9 during an import loses nothing and the re-import counts exactly",
          "[storage][crash]") {
    TempDir dir("crash");
    const fs::path file = writeGames(dir, "games.pgn", 3000, 99);
    othello::storage::ImportOptions options;
    options.batchGames = 250;

    // The reference run: how many games and how long an import takes.
    std::int64_t total = 0;
    double seconds = 0;
    {
        const auto t0 = std::chrono::steady_clock::now();
        Archive ref(dir / "reference.sqlite");
        const auto r = ref.importFiles({file}, options);
        seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        REQUIRE(r.rejected == 0);
        total = r.imported;
        REQUIRE(total > 2900);
    }

    std::mt19937_64 rng(1234);
    int killedMidway = 0;
    int unindexedSeen = 0;  // rounds where the kill left committed games unindexed
    for (int round = 0; round < 8; ++round) {
        const fs::path db = dir / ("killed" + std::to_string(round) + ".sqlite");
        // Half the rounds start from an archive already holding some of the games.
        if (round % 2) {
            Archive seed(db);
            const auto part = writeGames(dir, "part.pgn", 400, 99);  // the same first games
            seed.importFiles({part}, options);
        }
        const auto delay = std::chrono::microseconds(
            static_cast<std::int64_t>(double(rng() % 1000) / 1000.0 * seconds * 1.1e6));
        const pid_t pid = fork();
        REQUIRE(pid >= 0);
        if (pid == 0) {
            try {
                Archive a(db);
                a.importFiles({file}, options);
            } catch (...) {
                _exit(3);
            }
            _exit(0);
        }
        std::this_thread::sleep_for(delay);
        kill(pid, SIGKILL);
        int status = 0;
        waitpid(pid, &status, 0);
        killedMidway += WIFSIGNALED(status);

        INFO("round " << round << ", killed after " << delay.count() << " us");
        // (A kill before the child created the file leaves nothing to check.) A writable
        // connection, as a kill while the file was being created may leave a hot journal for
        // SQLite to roll back.
        if (fs::exists(db) && fs::file_size(db) > 0) {
            // Did the kill leave committed games unindexed? (A reader indexes them below.)
            SQLite::Database raw(db.string(), SQLite::OPEN_READWRITE);
            if (raw.execAndGet("SELECT count(*) FROM sqlite_master WHERE name = 'meta'").getInt() >
                0)
                unindexedSeen += raw.execAndGet(
                                        "SELECT (SELECT coalesce(max(id), 0) FROM games) > "
                                        "(SELECT value FROM meta WHERE key = 'indexed_upto')")
                                     .getInt();
        }
        if (fs::exists(db)) {
            // A reader opens it first, whatever state the kill left.
            CHECK_NOTHROW(Archive(db, Archive::Mode::ReadOnly).info());
            SQLite::Database raw(db.string(), SQLite::OPEN_READWRITE);
            CHECK(raw.execAndGet("PRAGMA integrity_check").getString() == "ok");
        }
        if (fs::exists(db)) {
            // Every committed game is found by a position search and counted by stats, even
            // the ones the killed import had not indexed.
            Archive r(db, Archive::Mode::ReadOnly);
            const auto info = r.info();
            // No writer runs: the reader indexed the killed import's games, once.
            CHECK(info.unindexedGames == 0);
            CHECK(r.stats(core::Position::start()).games == info.games);
            othello::storage::SearchFilter all;
            all.limit = -1;
            const auto games = r.search(all).games;
            CHECK(static_cast<std::int64_t>(games.size()) == info.games);
            std::int64_t found = 0;
            for (std::size_t i = 0; i < games.size(); i += 7) {
                othello::storage::SearchFilter f;
                f.position = core::replay(core::Position::start(), games[i].moves).final();
                f.limit = -1;
                const auto hits = r.search(f).games;
                found += std::any_of(hits.begin(), hits.end(),
                                     [&](const auto& h) { return h.id == games[i].id; });
            }
            CHECK(found == static_cast<std::int64_t>((games.size() + 6) / 7));
        }
        std::int64_t before = 0;
        {
            Archive a(db);
            before = a.info().games;
            // Every committed batch is whole.
            const std::int64_t seeded = round % 2 ? 400 : 0;
            CHECK(((before - seeded) % static_cast<std::int64_t>(options.batchGames) == 0 ||
                   before == total));
            const auto again = a.importFiles({file}, options);
            CHECK(again.imported == total - before);
            CHECK(again.duplicates == before);
            CHECK(again.rejected == 0);
            CHECK(a.info().games == total);
            CHECK(a.stats(core::Position::start()).games == total);
        }
        // The position index holds every position of every game, once.
        CHECK(sqlScalar(db, "SELECT count(*) FROM positions") ==
              sqlScalar(db, "SELECT sum(length(moves) + 1) FROM games"));
        CHECK(sqlScalar(db, "SELECT sum(games) FROM position_stats") >= total);
        // The games' indexes a bulk load defers are there again.
        CHECK(sqlScalar(db,
                        "SELECT count(*) FROM sqlite_master WHERE type = 'index' AND "
                        "name IN ('games_year', 'games_black', 'games_white', 'games_event', "
                        "'games_score')") == 5);
    }
    // Most rounds hit the import while it ran (a fast machine may finish a few first).
    CHECK(killedMidway >= 4);
    CHECK(unindexedSeen >= 1);
}

TEST_CASE("progress is reported within a large file, per batch of records", "[storage]") {
    TempDir dir("progress");
    const fs::path file = writeGames(dir, "big.pgn", 500, 21);
    Archive a(dir / "games.sqlite");
    othello::storage::ImportOptions options;
    options.batchGames = 100;
    options.progressEvery = 100;
    std::vector<othello::storage::ImportProgress> seen;
    options.progress = [&](const othello::storage::ImportProgress& p) { seen.push_back(p); };
    REQUIRE(a.importFiles({file}, options).imported == 500);
    const auto during = std::count_if(seen.begin(), seen.end(), [](const auto& p) {
        return p.filesDone == 0 && p.fileRecordsDone > 0 && p.fileRecordsDone < 500;
    });
    CHECK(during >= 4);
    for (std::size_t i = 1; i < seen.size(); ++i) CHECK(seen[i].gamesRead >= seen[i - 1].gamesRead);
}

TEST_CASE("readers never fail while an import runs", "[storage][concurrency]") {
    TempDir dir("readers");
    const fs::path file1 = writeGames(dir, "a.pgn", 2500, 5);
    const fs::path file2 = writeGames(dir, "b.pgn", 1500, 6);
    const fs::path db = dir / "games.sqlite";
    { Archive create(db); }
    std::atomic<bool> done{false};
    std::int64_t imported = 0;
    std::thread writer([&] {
        Archive a(db);
        othello::storage::ImportOptions options;
        options.batchGames = 200;
        imported = a.importFiles({file1, file2}, options).imported;
        done = true;
    });
    int iterations = 0, failures = 0;
    std::int64_t last = 0;
    bool monotonic = true;
    std::string firstError;
    const auto tiger = core::replay(core::Position::start(), core::parseMoves("f5d6c3d3c4").moves);
    while (!done || iterations < 5) {
        try {
            // A fresh connection now and then, as the viewer's worker threads do.
            Archive r(db, iterations % 3 ? Archive::Mode::ReadOnly : Archive::Mode::ReadWrite);
            othello::storage::SearchFilter f;
            f.limit = 10;
            const auto res = r.search(f);
            const std::int64_t n = r.info().games;
            monotonic &= n >= last;
            last = n;
            f.position = tiger.final();
            r.search(f);
            r.stats(core::Position::start());
            r.stats(tiger.final());
            if (!res.games.empty()) r.game(res.games[0].id);
        } catch (const std::exception& e) {
            if (firstError.empty()) firstError = e.what();
            ++failures;
        }
        ++iterations;
        if (done && iterations >= 5) break;
    }
    writer.join();
    INFO(firstError);
    CHECK(failures == 0);
    CHECK(monotonic);
    CHECK(iterations >= 5);
    CHECK(imported == 4000);
    Archive a(db, Archive::Mode::ReadOnly);
    CHECK(a.info().games == 4000);
}

TEST_CASE("an import can be cancelled and resumed, and progress is reported", "[storage]") {
    TempDir dir("cancel");
    const fs::path file1 = writeGames(dir, "a.pgn", 600, 8);
    const fs::path file2 = writeGames(dir, "b.pgn", 600, 9);
    Archive a(dir / "games.sqlite");
    std::atomic<bool> cancel{false};
    othello::storage::ImportOptions options;
    options.batchGames = 100;
    options.cancel = &cancel;
    int calls = 0;
    options.progress = [&](const othello::storage::ImportProgress& p) {
        ++calls;
        CHECK(p.filesTotal == 2);
        if (p.imported >= 200) cancel = true;
    };
    const auto first = a.importFiles({file1, file2}, options);
    CHECK(first.cancelled);
    CHECK(calls >= 2);
    CHECK(first.imported >= 200);
    CHECK(first.imported < 1200);
    CHECK(a.info().games == first.imported);
    CHECK(a.stats(core::Position::start()).games == first.imported);
    cancel = false;
    options.progress = nullptr;
    const auto rest = a.importFiles({file1, file2}, options);
    CHECK(!rest.cancelled);
    CHECK(rest.duplicates == first.imported);
    CHECK(rest.imported == 1200 - first.imported);
}

TEST_CASE("a second import into the same file waits, then says the archive is busy", "[storage]") {
    TempDir dir("twoimports");
    const fs::path file = writeGames(dir, "a.pgn", 300, 4);
    const fs::path db = dir / "games.sqlite";
    Archive a(db);
    othello::storage::ImportOptions options;
    options.batchGames = 100;
    bool tried = false, refused = false;
    std::string message;
    options.progress = [&](const othello::storage::ImportProgress&) {
        if (tried) return;
        tried = true;
        // Another connection, as another thread or process would have; it waits 0.2 s.
        Archive b(db, Archive::Options{Archive::Mode::ReadWrite, std::nullopt,
                                       std::chrono::milliseconds(200)});
        try {
            b.importFiles({file});
        } catch (const othello::storage::ArchiveBusy& e) {
            message = e.what();
            refused = message.find("archive busy: import by process " + std::to_string(getpid())) !=
                      std::string::npos;
        }
    };
    const auto r = a.importFiles({file}, options);
    CHECK(tried);
    INFO(message);
    CHECK(refused);
    CHECK(r.imported == 300);
    // Once the first is done, imports work again.
    Archive c(db);
    CHECK(c.importFiles({file}).duplicates == 300);
}
