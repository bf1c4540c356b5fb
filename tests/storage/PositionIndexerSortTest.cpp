// The position index is written in key order by two paths (storage/index/PositionIndexer.h): flush
// sorts the rows bucket by bucket on another thread while SQLite writes the sorted ones, and
// spill sorts them whole into a run merged at the end. Both must write every position of every
// game exactly once, with the same statistics, whatever the order the games came in and however
// many games share a position (a bucket of thousands of rows of one hash: the start).
#include "storage/index/PositionIndexer.h"

#include <SQLiteCpp/SQLiteCpp.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <numeric>
#include <set>
#include <tuple>

#include "StorageTestUtil.h"

using namespace storagetest;
using othello::storage::PositionIndexer;

namespace {

struct Game {
    std::int64_t id;
    std::vector<int> moves;
    int result;
};

// An empty position index in memory, with the tables flush reads from.
void makeIndex(SQLite::Database& db) {
    db.exec(
        "CREATE TABLE positions(hash INTEGER NOT NULL, entry INTEGER NOT NULL, "
        "PRIMARY KEY(hash, entry)) WITHOUT ROWID;"
        "CREATE TABLE position_stats(hash INTEGER NOT NULL, next INTEGER NOT NULL, games INTEGER "
        "NOT NULL, black_wins INTEGER NOT NULL, draws INTEGER NOT NULL, white_wins INTEGER NOT "
        "NULL, sum_black INTEGER NOT NULL, PRIMARY KEY(hash, next)) WITHOUT ROWID;");
    othello::storage::registerPositionRows(db);
}

using Rows = std::vector<std::vector<std::int64_t>>;

Rows dump(SQLite::Database& db, const char* sql) {
    SQLite::Statement s(db, sql);
    Rows out;
    while (s.executeStep()) {
        std::vector<std::int64_t> r;
        for (int c = 0; c < s.getColumnCount(); ++c) r.push_back(s.getColumn(c).getInt64());
        out.push_back(std::move(r));
    }
    return out;
}

// 3,000 games: a third of them the same short opening (one hash thousands of rows deep in its
// bucket, the rows of other hashes around it), the rest random; results of every kind.
std::vector<Game> games() {
    std::mt19937_64 rng(4242);
    std::vector<Game> out;
    const std::vector<int> opening = randomGame(rng, 6);
    for (std::int64_t id = 1; id <= 3000; ++id) {
        std::vector<int> moves = id % 3 ? randomGame(rng) : opening;
        out.push_back(Game{id, std::move(moves), static_cast<int>(rng() % 66) - 1});
    }
    return out;
}

// (hash, game, ply) of every position of every game, from the replay alone.
std::set<std::tuple<std::int64_t, std::int64_t, int>> expected(const std::vector<Game>& gs) {
    std::set<std::tuple<std::int64_t, std::int64_t, int>> out;
    for (const Game& g : gs) {
        const core::ReplayResult r = core::replay(core::Position::start(), g.moves);
        REQUIRE_FALSE(r.error);
        for (std::size_t ply = 0; ply <= g.moves.size(); ++ply)
            out.emplace(static_cast<std::int64_t>(core::positionHash(r.positions[ply])), g.id,
                        static_cast<int>(ply));
    }
    return out;
}

}  // namespace

TEST_CASE("flush writes every position once in key order, games in any order", "[storage][index]") {
    std::vector<Game> gs = games();
    const auto want = expected(gs);
    // In id order (a plain import) and shuffled (the order games are indexed in after edits).
    for (const bool shuffled : {false, true}) {
        std::vector<Game> order = gs;
        if (shuffled) std::shuffle(order.begin(), order.end(), std::mt19937_64(7));
        SQLite::Database db(":memory:", SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
        makeIndex(db);
        {
            PositionIndexer indexer(db, 18);
            for (const Game& g : order)
                indexer.queue(g.id, core::Position::start(), g.moves, g.result);
            indexer.prepare();  // partitions on the worker, as an import does
            SQLite::Transaction t(db);
            indexer.flush();
            t.commit();
        }
        const Rows rows = dump(db, "SELECT hash, entry FROM positions");
        std::set<std::tuple<std::int64_t, std::int64_t, int>> got;
        for (const auto& r : rows)
            got.emplace(r[0], othello::storage::entryGame(r[1]), othello::storage::entryPly(r[1]));
        CHECK(rows.size() == want.size());  // no row twice, none lost
        CHECK(got == want);
        // The start position: one row per game, all in one bucket.
        const auto start = static_cast<std::int64_t>(core::positionHash(core::Position::start()));
        SQLite::Statement n(db, "SELECT count(*) FROM positions WHERE hash = ?");
        n.bind(1, start);
        REQUIRE(n.executeStep());
        CHECK(n.getColumn(0).getInt64() == static_cast<std::int64_t>(gs.size()));
    }
}

TEST_CASE("flush and spill-then-merge write the same index and statistics", "[storage][index]") {
    const std::vector<Game> gs = games();
    TempDir dir("indexer-sort");
    const auto write = [&](bool spill, bool prepare) {
        auto db = std::make_unique<SQLite::Database>(":memory:",
                                                     SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
        makeIndex(*db);
        PositionIndexer indexer(*db, 18);
        std::size_t n = 0;
        for (const Game& g : gs) {
            indexer.queue(g.id, core::Position::start(), g.moves, g.result);
            // Two runs and the rest in memory: sortRows' path, then the merge.
            if (spill && ++n % 1200 == 0) indexer.spill(dir.path());
        }
        if (prepare) indexer.prepare();
        SQLite::Transaction t(*db);
        indexer.flush();
        t.commit();
        return std::make_pair(
            dump(*db, "SELECT hash, entry FROM positions ORDER BY hash, entry"),
            dump(*db,
                 "SELECT hash, next, games, black_wins, draws, white_wins, sum_black FROM "
                 "position_stats ORDER BY hash, next"));
    };
    const auto flushed = write(false, true);
    CHECK(flushed.first.size() > 65536);  // more than one range handed to SQLite
    CHECK_FALSE(flushed.second.empty());
    CHECK(write(false, false) == flushed);  // flush without prepare partitions itself
    CHECK(write(true, false) == flushed);
    CHECK(write(true, true) == flushed);
}
