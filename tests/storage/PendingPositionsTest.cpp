// Readers and games committed but not yet indexed (storage/index/PendingPositions.h): what an import
// running in another process leaves between its batches and its index. Readers replay them
// once per process, whatever their request's deadline, and answer as the index would.
#include <SQLiteCpp/SQLiteCpp.h>

#include <catch2/catch.hpp>
#include <random>
#include <thread>

#include "StorageTestUtil.h"
#include "storage/Archive.h"
#include "storage/database/WriterLock.h"
#include "storage/index/PendingPositions.h"

using namespace othello;
namespace fs = std::filesystem;

namespace {

constexpr int kGames = 600;
constexpr int kIndexed = 100;  // games 101..600 are left unindexed

struct Fixture {
    storagetest::TempDir dir{"pending"};
    fs::path db = dir / "a.sqlite";
    // Deep positions (past the cached statistics) of some games, and what the full index
    // answers for them.
    std::vector<core::Position> positions;
    std::vector<std::int64_t> games, matches;

    Fixture() {
        std::mt19937_64 rng(41);
        std::vector<importers::GameRecord> records;
        std::vector<std::vector<int>> moves;
        for (int i = 0; i < kGames; ++i) {
            moves.push_back(storagetest::randomGame(rng));
            records.push_back(storagetest::makeRecord("Black " + std::to_string(i % 9), "White",
                                                      "Open", 2024, moves.back(), "p.moves",
                                                      i + 1));
        }
        storage::Archive archive(db);
        REQUIRE(archive.importRecords(records).imported == kGames);
        for (int g : {50, 150, 333, 599}) {
            const auto& m = moves[static_cast<std::size_t>(g)];
            REQUIRE(m.size() > 24);
            const core::Position p =
                core::replay(core::Position::start(), std::vector<int>(m.begin(), m.begin() + 24))
                    .final();
            positions.push_back(p);
            games.push_back(archive.stats(p).games);
            storage::SearchFilter f;
            f.position = p;
            matches.push_back(archive.search(f).total);
            REQUIRE(games.back() >= 1);
        }
    }
    // As an import between its batches and its index leaves the file: the positions of games
    // above kIndexed not in the index (the deep positions checked have no cached statistics).
    void unindex() {
        SQLite::Database raw(db.string(), SQLite::OPEN_READWRITE);
        raw.exec("DELETE FROM positions WHERE (entry >> 24) > " + std::to_string(kIndexed));
        raw.exec("UPDATE meta SET value = " + std::to_string(kIndexed) +
                 " WHERE key = 'indexed_upto'");
    }
    void checkAnswers(storage::Archive& reader) {
        for (std::size_t i = 0; i < positions.size(); ++i) {
            CHECK(reader.stats(positions[i]).games == games[i]);
            storage::SearchFilter f;
            f.position = positions[i];
            CHECK(reader.search(f).total == matches[i]);
        }
    }
};

}  // namespace

TEST_CASE("pending positions: readers find unindexed games as the index would", "[storage]") {
    Fixture fx;
    fx.unindex();
    // A writer holds the lock (an import runs): readers cannot index the games themselves.
    storage::WriterLock lock(fx.db, "import");
    storage::Archive reader(fx.db, storage::Archive::Mode::ReadOnly);
    REQUIRE(reader.unindexedGames() == kGames - kIndexed);
    fx.checkAnswers(reader);
}

TEST_CASE("pending positions: a request's deadline does not stop the replay", "[storage]") {
    Fixture fx;
    fx.unindex();
    storage::WriterLock lock(fx.db, "import");
    storage::Archive reader(fx.db, storage::Archive::Mode::ReadOnly);
    // The deadline has passed already: the replay of 500 games (thousands of statement steps)
    // still runs (it is shared work: stopped, every request would start it again and be stopped
    // again; and an interrupted write rolled back the read transaction with the connection's
    // temp table, after which every position query of the connection failed with "no such
    // table"). The query itself is one index lookup, under the interrupt's step count.
    reader.setDeadline(std::chrono::steady_clock::now() - std::chrono::seconds(1));
    std::int64_t games = -1;
    CHECK_NOTHROW(games = reader.stats(fx.positions[2]).games);
    CHECK(games == fx.games[2]);
    reader.setDeadline(std::nullopt);
    fx.checkAnswers(reader);
}

TEST_CASE("pending positions: the connections of a process replay the games once", "[storage]") {
    Fixture fx;
    fx.unindex();
    storage::WriterLock lock(fx.db, "import");
    constexpr int kReaders = 6;
    std::vector<std::unique_ptr<storage::Archive>> readers;
    for (int i = 0; i < kReaders; ++i)
        readers.push_back(
            std::make_unique<storage::Archive>(fx.db, storage::Archive::Mode::ReadOnly));
    std::vector<std::thread> threads;
    std::vector<std::int64_t> seen(kReaders, -1);
    for (int i = 0; i < kReaders; ++i)
        threads.emplace_back([&, i] {
            seen[static_cast<std::size_t>(i)] =
                readers[static_cast<std::size_t>(i)]->stats(fx.positions[3]).games;
        });
    for (auto& t : threads) t.join();
    for (std::int64_t s : seen) CHECK(s == fx.games[3]);
    CHECK(storage::PendingStore::forFile(fx.db)->replayedGames() == kGames - kIndexed);
    for (auto& r : readers) fx.checkAnswers(*r);
    CHECK(storage::PendingStore::forFile(fx.db)->replayedGames() == kGames - kIndexed);
}

TEST_CASE("pending positions: games indexed meanwhile are counted once", "[storage]") {
    Fixture fx;
    fx.unindex();
    std::optional<storage::WriterLock> lock;
    lock.emplace(fx.db, "import");
    storage::Archive reader(fx.db, storage::Archive::Mode::ReadOnly);
    fx.checkAnswers(reader);  // replayed
    // The import ends: its games are indexed (a writable open indexes what a killed one
    // left). The reader's replayed rows are not counted again.
    const auto store = storage::PendingStore::forFile(fx.db);
    CHECK(store->rows() > 0);
    lock.reset();
    { storage::Archive writer(fx.db); }
    CHECK(reader.unindexedGames() == 0);
    fx.checkAnswers(reader);
    CHECK(store->rows() == 0);  // indexed: the replayed rows are let go
    // A new batch, not yet indexed, after the indexed ones: replayed from where the index ends.
    fx.unindex();
    lock.emplace(fx.db, "import");
    fx.checkAnswers(reader);
}
