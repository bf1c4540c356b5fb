// The analysis tables: cached positions under symmetry, the size bound, the solver version,
// stored game reviews and the lost-discs search.
#include <SQLiteCpp/SQLiteCpp.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <map>
#include <set>
#include <tuple>

#include "../analysis/Minimax.h"
#include "StorageTestUtil.h"
#include "analysis/GameReviewer.h"
#include "core/Symmetry.h"
#include "storage/cache/AnalysisCache.h"

using namespace storagetest;
using othello::storage::AnalysisCache;
using othello::storage::Archive;

namespace {

// The position of a random game with `empties` empty squares (side to move able to move).
core::Position endgamePosition(std::uint64_t seed, int empties) {
    for (;; ++seed) {
        std::mt19937_64 rng(seed);
        const auto moves = randomGame(rng);
        const auto game = core::replay(core::Position::start(), moves);
        for (std::size_t i = 0; i + 1 < game.positions.size(); ++i)
            if (game.positions[i].emptyCount() == empties && game.positions[i].canMove())
                return game.positions[i];
    }
}

analysis::SolveResult solveAll(const core::Position& p) {
    analysis::Solver solver(4);
    analysis::SolveOptions o;
    o.allMoves = true;
    return solver.solve(p, o);
}

// A position no symmetry maps onto itself, so that every transform is a different board.
core::Position asymmetricPosition(std::uint64_t seed, int empties) {
    for (;; ++seed) {
        const core::Position p = endgamePosition(seed, empties);
        bool fixed = false;
        for (core::Symmetry s = 1; s < core::kSymmetryCount; ++s)
            fixed |= core::transformPosition(p, s) == p;
        if (!fixed) return p;
    }
}

}  // namespace

TEST_CASE("analysis cache: a position stored once is found under all 8 symmetries",
          "[storage][analysis]") {
    TempDir dir("acache");
    AnalysisCache cache(dir / "a.sqlite");
    const core::Position p = asymmetricPosition(3, 10);
    const analysis::SolveResult solved = solveAll(p);
    REQUIRE(solved.complete);
    REQUIRE(solved.moves.size() >= 2);
    cache.store(p, solved);
    CHECK(cache.positionCount() == 1);
    for (core::Symmetry s = 0; s < core::kSymmetryCount; ++s) {
        INFO("symmetry " << int(s));
        const core::Position q = core::transformPosition(p, s);
        const auto hit = cache.lookup(q);
        REQUIRE(hit);
        CHECK(hit->kind == analysis::ValueKind::Exact);
        CHECK(hit->allMoves);
        CHECK(hit->value == solved.value);
        CHECK(hit->depth == 10);
        CHECK(hit->engine == othello::storage::AnalysisEngine::Solver);
        CHECK(hit->engineVersion == analysis::kSolverVersion);
        CHECK(hit->bestMove == core::transformSquare(solved.bestMove, s));
        CHECK(q.isLegal(hit->bestMove));
        REQUIRE(hit->moves.size() == solved.moves.size());
        for (std::size_t i = 0; i < solved.moves.size(); ++i) {
            CHECK(hit->moves[i].square == core::transformSquare(solved.moves[i].square, s));
            CHECK(hit->moves[i].value == solved.moves[i].value);
        }
        // Each mapped move really has that value in the transformed position.
        for (const auto& [sq, v] : testing::minimaxMoves(q)) {
            const auto m = std::find_if(hit->moves.begin(), hit->moves.end(),
                                        [sq = sq](const auto& x) { return x.square == sq; });
            REQUIRE(m != hit->moves.end());
            CHECK(m->value == v);
        }
        // The same answer through the reviews' door (PositionStore::exact).
        const auto r = cache.exact(q, true);
        REQUIRE(r);
        CHECK(r->value == solved.value);
        CHECK(r->bestMove == hit->bestMove);
        CHECK(r->moves.size() == solved.moves.size());
    }
    CHECK(cache.positionCount() == 1);
    // The other side to move is another position.
    core::Position other(p.black(), p.white(), core::opponent(p.toMove()));
    CHECK_FALSE(cache.lookup(other));
}

TEST_CASE("analysis cache: a game played rotated hits the cache with transformed moves",
          "[storage][analysis]") {
    TempDir dir("acache");
    AnalysisCache cache(dir / "a.sqlite");
    std::mt19937_64 rng(21);
    const auto moves = randomGame(rng);
    analysis::GameReviewer reviewer(4);
    const auto endgame = analysis::endgameReviewOptions(9, &cache);
    const auto first = reviewer.review(core::Position::start(), moves, endgame);
    REQUIRE_FALSE(first.moves.empty());
    const std::int64_t stored = cache.positionCount();
    CHECK(stored == static_cast<std::int64_t>(first.moves.size()));
    // The standard start maps onto itself under symmetries 3, 4 and 7: the game's moves
    // transformed are a legal game reaching the transformed positions.
    for (const core::Symmetry s : {core::Symmetry(3), core::Symmetry(4), core::Symmetry(7)}) {
        INFO("symmetry " << int(s));
        const auto rotated = core::transformMoves(moves, s);
        const auto game = core::replay(core::Position::start(), rotated);
        REQUIRE_FALSE(game.error);
        // Every judged position is in the cache already.
        for (const auto& m : first.moves)
            CHECK(cache.lookup(game.positions[static_cast<std::size_t>(m.ply)]));
        const auto again = reviewer.review(core::Position::start(), rotated, endgame);
        CHECK(cache.positionCount() == stored);  // nothing new: every position was a hit
        REQUIRE(again.moves.size() == first.moves.size());
        for (std::size_t i = 0; i < first.moves.size(); ++i) {
            const auto& a = first.moves[i];
            const auto& b = again.moves[i];
            CHECK(b.move == core::transformSquare(a.move, s));
            CHECK(b.value == a.value);
            CHECK(b.playedValue == a.playedValue);
            CHECK(b.loss == a.loss);
            std::vector<int> best;
            for (int sq : a.bestMoves) best.push_back(core::transformSquare(sq, s));
            std::sort(best.begin(), best.end());
            CHECK(b.bestMoves == best);
        }
    }
}

TEST_CASE("analysis cache: survives a reopen, bounded in rows, oldest dropped first",
          "[storage][analysis]") {
    TempDir dir("acache");
    const fs::path db = dir / "a.sqlite";
    std::vector<core::Position> positions;
    std::vector<analysis::SolveResult> results;
    for (std::uint64_t seed = 1; positions.size() < 12; ++seed) {
        const core::Position p = endgamePosition(seed * 100, 7);
        if (std::any_of(positions.begin(), positions.end(), [&](const core::Position& q) {
                return core::positionHash(q) == core::positionHash(p);
            }))
            continue;
        positions.push_back(p);
        results.push_back(solveAll(p));
    }
    {
        AnalysisCache cache(db);
        CHECK(cache.maxPositions() == othello::storage::kDefaultMaxAnalysisPositions);
        for (std::size_t i = 0; i < 4; ++i) cache.store(positions[i], results[i]);
    }
    {
        AnalysisCache cache(db);  // a restart keeps them
        CHECK(cache.positionCount() == 4);
        for (std::size_t i = 0; i < 4; ++i) CHECK(cache.lookup(positions[i]));
        cache.setMaxPositions(5);
        for (std::size_t i = 4; i < 12; ++i) cache.store(positions[i], results[i]);
        CHECK(cache.positionCount() == 5);
        for (std::size_t i = 0; i < 7; ++i) CHECK_FALSE(cache.lookup(positions[i]));
        for (std::size_t i = 7; i < 12; ++i) CHECK(cache.lookup(positions[i]));
        cache.setMaxPositions(2);  // shrinking evicts at once
        CHECK(cache.positionCount() == 2);
        CHECK(cache.lookup(positions[11]));
    }
    AnalysisCache reader(db, Archive::Mode::ReadOnly);
    CHECK(reader.maxPositions() == 2);
    CHECK(reader.positionCount() == 2);
    CHECK_THROWS_AS(reader.store(positions[0], results[0]), othello::storage::StorageError);
}

TEST_CASE("analysis cache: a better result replaces a worse one, never the reverse",
          "[storage][analysis]") {
    TempDir dir("acache");
    AnalysisCache cache(dir / "a.sqlite");
    const core::Position p = endgamePosition(5, 8);
    const analysis::SolveResult exact = solveAll(p);
    analysis::SolveResult bound;
    bound.complete = false;
    bound.stop = analysis::StopReason::NodeBudget;
    bound.kind = analysis::ValueKind::Bound;
    bound.lower = exact.value - 10;
    bound.upper = 64;
    bound.value = bound.lower;
    cache.store(p, bound);
    CHECK(cache.lookup(p)->kind == analysis::ValueKind::Bound);
    CHECK_FALSE(cache.lookup(p)->allMoves);
    cache.store(p, exact);
    CHECK(cache.lookup(p)->kind == analysis::ValueKind::Exact);
    cache.store(p, bound);
    const auto hit = cache.lookup(p);
    CHECK(hit->kind == analysis::ValueKind::Exact);
    CHECK(hit->value == exact.value);
    CHECK(hit->allMoves);
    // An estimate from the evaluation to come shares the table, below any solver result.
    othello::storage::CachedPosition estimate;
    estimate.kind = analysis::ValueKind::Estimate;
    estimate.engine = othello::storage::AnalysisEngine::Evaluation;
    estimate.engineVersion = 1;
    estimate.weightsVersion = 3;
    estimate.depth = 12;
    estimate.value = 6;
    const core::Position mid = endgamePosition(5, 30);
    cache.store(mid, estimate);
    const auto e = cache.lookup(mid);
    REQUIRE(e);
    CHECK(e->kind == analysis::ValueKind::Estimate);
    CHECK(e->weightsVersion == 3);
    cache.store(p, estimate);
    CHECK(cache.lookup(p)->kind == analysis::ValueKind::Exact);
}

TEST_CASE("analysis cache: another solver version's positions and reviews are dropped",
          "[storage][analysis]") {
    TempDir dir("acache");
    const fs::path db = dir / "a.sqlite";
    std::int64_t id = 0;
    const core::Position p = endgamePosition(8, 8);
    othello::storage::CachedPosition estimate;
    estimate.kind = analysis::ValueKind::Estimate;
    estimate.engine = othello::storage::AnalysisEngine::Evaluation;
    const core::Position mid = endgamePosition(8, 30);
    {
        Archive a(db);
        std::mt19937_64 rng(3);
        a.importRecords({makeRecord("A", "B", "E", 2000, randomGame(rng))});
        id = a.search({}).games.at(0).id;
        AnalysisCache cache(db);
        cache.store(p, solveAll(p));
        cache.store(mid, estimate);
        cache.storeReview(id, analysis::GameReview{});
        REQUIRE(cache.review(id));
    }
    // As if written by another solver version.
    {
        SQLite::Database raw(db.string(), SQLite::OPEN_READWRITE);
        const std::string other = std::to_string(analysis::kSolverVersion + 1);
        raw.exec("UPDATE meta SET value = " + other + " WHERE key = 'analysis_solver_version'");
        raw.exec("UPDATE analysis_positions SET engine_version = " + other + " WHERE engine = 0");
        raw.exec("UPDATE game_analysis SET solver_version = " + other);
    }
    {
        // A reader ignores them (and changes nothing).
        AnalysisCache reader(db, Archive::Mode::ReadOnly);
        CHECK_FALSE(reader.lookup(p));
        CHECK_FALSE(reader.review(id));
        CHECK(reader.positionCount() == 2);
    }
    AnalysisCache cache(db);  // a writer drops them
    CHECK(cache.positionCount() == 1);
    CHECK_FALSE(cache.lookup(p));
    CHECK(cache.lookup(mid));  // the evaluation's rows are not the solver's
    SQLite::Database raw(db.string(), SQLite::OPEN_READONLY);
    CHECK(raw.execAndGet("SELECT count(*) FROM game_analysis").getInt() == 0);
    CHECK(raw.execAndGet("SELECT value FROM meta WHERE key = 'analysis_solver_version'").getInt() ==
          analysis::kSolverVersion);
}

TEST_CASE("game reviews: stored by game, searchable, dropped when the game changes",
          "[storage][analysis]") {
    TempDir dir("acache");
    const fs::path db = dir / "a.sqlite";
    Archive archive(db);
    std::mt19937_64 rng(77);
    std::vector<importers::GameRecord> records;
    for (int i = 0; i < 6; ++i) {
        std::string name = "P";
        name += std::to_string(i);
        records.push_back(makeRecord(name, "Q", "E", 2001, randomGame(rng)));
    }
    archive.importRecords(records);
    othello::storage::SearchFilter all;
    all.limit = -1;
    const auto games = archive.search(all).games;
    REQUIRE(games.size() == 6);

    AnalysisCache cache(db);
    CHECK(cache.gamesToReview(8, 0, 100).size() == 6);
    analysis::GameReviewer reviewer(4);
    std::map<std::int64_t, analysis::GameReview> reviews;
    for (const auto& g : games) {
        const auto r = reviewer.review(core::Position::start(), g.moves,
                                       analysis::endgameReviewOptions(8, &cache));
        cache.storeReview(g.id, r);
        reviews[g.id] = r;
    }
    CHECK(cache.gamesToReview(8, 0, 100).empty());
    CHECK(cache.gamesToReview(10, 0, 100).size() == 6);  // a deeper review is still to do
    CHECK(cache.gamesToReview(6, 0, 100).empty());       // a shallower one is covered
    CHECK(cache.reviewedGames(8) == 6);
    CHECK_THROWS_AS(cache.storeReview(999, reviews.begin()->second),
                    othello::storage::StorageError);

    // Round trip.
    for (const auto& [id, r] : reviews) {
        const auto s = cache.review(id);
        REQUIRE(s);
        CHECK(s->review.maxEmpties == 8);
        REQUIRE(s->review.moves.size() == r.moves.size());
        for (std::size_t i = 0; i < r.moves.size(); ++i) {
            const auto& a = r.moves[i];
            const auto& b = s->review.moves[i];
            CHECK(std::tie(a.ply, a.moveNumber, a.side, a.empties, a.move, a.value, a.playedValue,
                           a.loss, a.bestMoves) == std::tie(b.ply, b.moveNumber, b.side, b.empties,
                                                            b.move, b.value, b.playedValue, b.loss,
                                                            b.bestMoves));
        }
        CHECK(s->review.black.discsLost == r.black.discsLost);
        CHECK(s->review.white.maxLoss == r.white.maxLoss);
    }

    // search: games with a move that lost at least N discs, by either side or one side.
    int threshold = 0;
    for (const auto& [id, r] : reviews) threshold = std::max(threshold, r.maxLoss());
    REQUIRE(threshold > 0);
    for (int n : {0, 1, 2, threshold, threshold + 1}) {
        for (int side = 0; side < 3; ++side) {
            othello::storage::SearchFilter f;
            f.limit = -1;
            f.lostDiscs = n;
            if (side) f.lostBy = side == 1 ? core::Color::Black : core::Color::White;
            std::set<std::int64_t> expected, found;
            for (const auto& [id, r] : reviews) {
                const int loss = side == 0   ? r.maxLoss()
                                 : side == 1 ? r.black.maxLoss
                                             : r.white.maxLoss;
                if (loss >= n) expected.insert(id);
            }
            for (const auto& g : archive.search(f).games) found.insert(g.id);
            INFO("n " << n << " side " << side);
            CHECK(found == expected);
            CHECK(archive.count(f) == static_cast<std::int64_t>(expected.size()));
        }
    }

    // A game whose moves change, or that is deleted, loses its review.
    const std::int64_t changed = games[0].id, deleted = games[1].id;
    {
        SQLite::Database raw(db.string(), SQLite::OPEN_READWRITE);
        const auto exec = [&raw](std::string sql, std::int64_t id) {
            sql += std::to_string(id);
            raw.exec(sql);
        };
        exec("UPDATE games SET moves_key = moves_key + 1 WHERE id = ", changed);
        exec("DELETE FROM positions WHERE (entry >> 24) = ", deleted);
        exec("DELETE FROM games WHERE id = ", deleted);
    }
    CHECK_FALSE(cache.review(changed));
    CHECK_FALSE(cache.review(deleted));
    CHECK(cache.review(games[2].id));
    const auto todo = cache.gamesToReview(8, 0, 100);
    CHECK(todo == std::vector<std::int64_t>{changed});
}

TEST_CASE("a read-only cache reads an archive of schema 5 without upgrading it",
          "[storage][analysis]") {
    TempDir dir("cache-v5");
    const auto db = dir / "games.sqlite";
    {
        othello::storage::Archive a(db);
        a.importRecords({makeRecord("A", "B", "", 2000, "f5d6c3d3c4")});
    }
    {
        // What version 5 looked like: no analysis tables.
        SQLite::Database raw(db.string(), SQLite::OPEN_READWRITE);
        raw.exec("DROP TABLE game_analysis");
        raw.exec("DROP TABLE analysis_positions");
        raw.exec("DELETE FROM meta WHERE key LIKE 'analysis%'");
        raw.exec("PRAGMA user_version = 5");
    }
    othello::storage::AnalysisCache cache(db, othello::storage::Archive::Mode::ReadOnly);
    CHECK_FALSE(cache.lookup(core::Position::start()).has_value());
    CHECK_FALSE(cache.review(1).has_value());
    SQLite::Database raw(db.string(), SQLite::OPEN_READONLY);
    CHECK(raw.execAndGet("PRAGMA user_version").getInt() == 5);
}
