// A big import spills its positions to sorted runs and writes the index once at its end
// (storage/index/PositionRuns.h): the runs merge exactly, and the index an import writes that way is
// the one it writes without them, also when the next writer indexes a killed import's games.
#include "storage/index/PositionRuns.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <stdlib.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <map>
#include <tuple>

#include "StorageTestUtil.h"
#include "storage/Archive.h"
#include "storage/database/WriterLock.h"

using namespace storagetest;
using othello::storage::Archive;
using othello::storage::PositionRuns;

namespace {

using Rows = std::vector<std::int64_t>;

// Every row of `sql`'s two-or-more integer columns, in order.
std::vector<Rows> dump(const fs::path& db, const std::string& sql) {
    SQLite::Database raw(db.string(), SQLite::OPEN_READONLY);
    SQLite::Statement s(raw, sql);
    std::vector<Rows> out;
    while (s.executeStep()) {
        Rows r;
        for (int c = 0; c < s.getColumnCount(); ++c) r.push_back(s.getColumn(c).getInt64());
        out.push_back(std::move(r));
    }
    return out;
}

std::vector<importers::GameRecord> randomRecords(int count, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<importers::GameRecord> games;
    for (int i = 0; i < count; ++i) {
        games.push_back(makeRecord("Player " + std::to_string(rng() % 20),
                                   "Player " + std::to_string(rng() % 20), "Spill Open",
                                   1990 + i % 30, randomGame(rng, i % 7 ? 200 : 20)));
        games.back().source.line = i + 1;
    }
    return games;
}

const char* kPositionsSql = "SELECT hash, entry FROM positions ORDER BY hash, entry";
const char* kStatsSql =
    "SELECT hash, next, games, black_wins, draws, white_wins, sum_black FROM position_stats "
    "ORDER BY hash, next";

// Sets an environment variable for the scope.
class ScopedEnv {
  public:
    ScopedEnv(const char* name, const char* value) : name_(name) { setenv(name, value, 1); }
    ~ScopedEnv() { unsetenv(name_); }

  private:
    const char* name_;
};

}  // namespace

TEST_CASE("sorted runs merge into one key order, equal keys kept once or summed", "[storage]") {
    TempDir dir("runs");
    std::mt19937_64 rng(7);
    SECTION("positions: every row once, in key order, batches never split a key") {
        PositionRuns runs(dir.path(), 2, 2);
        std::vector<std::pair<std::int64_t, std::int64_t>> all;
        for (int run = 0; run < 9; ++run) {
            std::vector<std::pair<std::int64_t, std::int64_t>> rows;
            const int n = run == 4 ? 0 : static_cast<int>(rng() % 3000) + 1;
            for (int i = 0; i < n; ++i)
                rows.emplace_back(static_cast<std::int64_t>(rng() % 200) - 100,
                                  static_cast<std::int64_t>(rng()));
            std::sort(rows.begin(), rows.end());
            rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
            // The same row in two runs (an index rebuilt over a row already there) comes out once.
            if (run == 3 && !all.empty()) rows.push_back(all.front());
            std::sort(rows.begin(), rows.end());
            rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
            Rows flat;
            for (const auto& [h, e] : rows) flat.insert(flat.end(), {h, e});
            runs.spill(flat.data(), rows.size());
            all.insert(all.end(), rows.begin(), rows.end());
        }
        std::sort(all.begin(), all.end());
        all.erase(std::unique(all.begin(), all.end()), all.end());
        CHECK(runs.runs() == 8);  // the empty run is no run
        std::vector<std::pair<std::int64_t, std::int64_t>> merged;
        std::size_t batches = 0;
        runs.merge(
            [&](const std::int64_t* r, std::size_t n) {
                ++batches;
                CHECK(n <= 100);
                for (std::size_t i = 0; i < n; ++i) merged.emplace_back(r[2 * i], r[2 * i + 1]);
            },
            100);
        CHECK(merged == all);
        CHECK(batches >= all.size() / 100);
        CHECK(runs.runs() == 0);
        CHECK(runs.rows() == 0);
    }
    SECTION("statistics: rows of one key are summed, a key is never split across batches") {
        PositionRuns runs(dir.path(), 4, 2);
        std::map<std::pair<std::int64_t, std::int64_t>, std::pair<std::int64_t, std::int64_t>>
            expected;
        for (int run = 0; run < 6; ++run) {
            std::map<std::pair<std::int64_t, std::int64_t>, std::pair<std::int64_t, std::int64_t>>
                rows;
            for (int i = 0; i < 500; ++i) {
                auto& v = rows[{static_cast<std::int64_t>(rng() % 50), rng() % 4}];
                v.first += 1;
                v.second += static_cast<std::int64_t>(rng() % 64);
            }
            Rows flat;
            for (const auto& [k, v] : rows) {
                flat.insert(flat.end(), {k.first, k.second, v.first, v.second});
                expected[k].first += v.first;
                expected[k].second += v.second;
            }
            runs.spill(flat.data(), rows.size());
        }
        std::vector<std::pair<std::int64_t, std::int64_t>> keys;
        std::map<std::pair<std::int64_t, std::int64_t>, std::pair<std::int64_t, std::int64_t>> got;
        runs.merge(
            [&](const std::int64_t* r, std::size_t n) {
                for (std::size_t i = 0; i < n; ++i) {
                    const std::pair<std::int64_t, std::int64_t> k{r[4 * i], r[4 * i + 1]};
                    keys.push_back(k);
                    got[k] = {r[4 * i + 2], r[4 * i + 3]};
                }
            },
            7);
        CHECK(got == expected);
        CHECK(keys.size() == expected.size());  // each key once: none split across batches
        CHECK(std::is_sorted(keys.begin(), keys.end()));
    }
}

TEST_CASE("an import that spills its positions to sorted runs writes the same index", "[storage]") {
    TempDir dir("spill");
    const auto games = randomRecords(1500, 11);
    othello::storage::ImportOptions plain;
    plain.batchGames = 100;
    othello::storage::ImportOptions spilling = plain;
    spilling.spillRows = 4000;  // about 70 games a run: some 20 runs
    {
        Archive a(dir / "plain.sqlite");
        REQUIRE(a.importRecords(games, plain).imported == 1500);
        Archive b(dir / "spilled.sqlite");
        REQUIRE(b.importRecords(games, spilling).imported == 1500);
        // A second spilling import into a non-empty index merges into it.
        const auto more = randomRecords(400, 12);
        a.importRecords(more, plain);
        b.importRecords(more, spilling);
        othello::storage::SearchFilter start;
        start.position = core::Position::start();
        CHECK(a.count(start) == 1900);
        CHECK(b.count(start) == 1900);
        CHECK(b.unindexedGames() == 0);
    }
    const auto positions = dump(dir / "plain.sqlite", kPositionsSql);
    CHECK(positions.size() > 1900 * 20);
    CHECK(dump(dir / "spilled.sqlite", kPositionsSql) == positions);
    CHECK(dump(dir / "spilled.sqlite", kStatsSql) == dump(dir / "plain.sqlite", kStatsSql));
    // No temporary file is left in the archive's folder.
    for (const auto& e : fs::directory_iterator(dir.path()))
        CHECK(e.path().filename().string().rfind(".othello-index-", 0) == std::string::npos);
}

TEST_CASE(
    "games a killed bulk import left unindexed: readers leave out too many, the next "
    "writer indexes them in one pass",
    "[storage][crash]") {
    TempDir dir("bulk-recovery");
    const auto games = randomRecords(600, 21);
    othello::storage::ImportOptions options;
    options.batchGames = 100;
    {
        Archive a(dir / "reference.sqlite");
        REQUIRE(a.importRecords(games, options).imported == 600);
    }
    // What a spilling import killed before its end leaves: every game committed, none indexed.
    fs::copy_file(dir / "reference.sqlite", dir / "killed.sqlite");
    {
        SQLite::Database raw((dir / "killed.sqlite").string(), SQLite::OPEN_READWRITE);
        raw.exec(
            "DELETE FROM positions; DELETE FROM position_stats; "
            "UPDATE meta SET value = 0 WHERE key = 'indexed_upto'");
    }
    const ScopedEnv cap("OTHELLO_MAX_REPLAYED_GAMES", "250");
    const ScopedEnv spill("OTHELLO_SPILL_ROWS", "5000");  // about 90 games a run
    othello::storage::SearchFilter start;
    start.position = core::Position::start();
    {
        // An import still running (it holds the writer lock): a reader does not replay 600
        // games, above the cap; it says how many are left out.
        othello::storage::WriterLock running(dir / "killed.sqlite", "import");
        Archive reader(dir / "killed.sqlite", Archive::Mode::ReadOnly);
        CHECK(reader.unindexedGames() == 600);
        CHECK(reader.count(start) == 0);
    }
    {
        // Indexes the 600 games: above the cap, in one pass over sorted runs.
        Archive writer(dir / "killed.sqlite");
        CHECK(writer.unindexedGames() == 0);
        CHECK(writer.count(start) == 600);
    }
    CHECK(dump(dir / "killed.sqlite", kPositionsSql) ==
          dump(dir / "reference.sqlite", kPositionsSql));
    CHECK(dump(dir / "killed.sqlite", kStatsSql) == dump(dir / "reference.sqlite", kStatsSql));
}

TEST_CASE(
    "an import into an empty archive finds duplicates and prefixes among its own games "
    "as one into a full archive does",
    "[storage][duplicates]") {
    // The empty archive's import keeps its keys in memory (SessionKeys.h), the other looks them
    // up in games_moves_key: the same verdicts.
    TempDir dir("session-keys");
    std::mt19937_64 rng(5);
    const std::vector<int> a = randomGame(rng), c = randomGame(rng);
    const std::vector<int> b(c.begin(), c.begin() + 20);  // unfinished, a prefix of c
    std::vector<importers::GameRecord> games = randomRecords(300, 31);
    games.push_back(makeRecord("Ann", "Bob", "Club", 2001, a));
    games.push_back(makeRecord("Ann", "Bob", "Club", 2001, a));  // the same record again
    games.push_back(makeRecord("Cid", "Dan", "Club", 2001, a));  // same moves, other players
    games.push_back(makeRecord("Eve", "Fay", "Club", 2002, b));
    games.push_back(makeRecord("Gus", "Hal", "Club", 2002, c));
    const auto check = [&](const othello::storage::ImportResult& r) {
        CHECK(r.imported == 304);
        CHECK(r.duplicates == 1);
        CHECK(r.possibleDuplicates == 1);
        CHECK(r.prefixes == 1);
    };
    Archive empty(dir / "empty.sqlite");
    check(empty.importRecords(games, {}));
    Archive full(dir / "full.sqlite");
    full.importRecords({makeRecord("Ivy", "Jon", "Other", 1999, randomGame(rng))}, {});
    check(full.importRecords(games, {}));
    // The index the empty archive's import built at its end serves the next import.
    CHECK(empty.importRecords(games, {}).duplicates == 305);
    SQLite::Database raw((dir / "empty.sqlite").string(), SQLite::OPEN_READONLY);
    CHECK(raw.execAndGet("SELECT count(*) FROM sqlite_master WHERE name = 'games_moves_key'")
              .getInt() == 1);
}
