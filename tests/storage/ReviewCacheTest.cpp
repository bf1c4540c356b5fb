// The archive's cache as a whole-game review's store (ReviewOptions::store): estimates
// kept with their depth, search and weights version (a version past 2^31 included), found
// again under any symmetry, a second review searching and solving nothing, a weights change
// dropping the estimates, the exact part of a review kept per game.
#include <catch2/catch.hpp>
#include <random>

#include "StorageTestUtil.h"
#include "analysis/GameReviewer.h"
#include "core/Symmetry.h"
#include "storage/cache/AnalysisCache.h"

using namespace storagetest;
using namespace othello;
using othello::storage::AnalysisCache;

namespace {

// Half a turn (both mirrors): keeps the start position.
constexpr core::Symmetry kRot180 = 3;

class NamedEvaluator final : public analysis::Evaluator {
  public:
    explicit NamedEvaluator(std::string name) : name_(std::move(name)) {}
    int evaluate(core::Bitboard p, core::Bitboard o) const override {
        return (core::popcount(core::legalMoves(p, o)) - core::popcount(core::legalMoves(o, p))) *
                   40 +
               (core::popcount(p & 0x8100000000000081ULL) -
                core::popcount(o & 0x8100000000000081ULL)) *
                   170;
    }
    std::string name() const override { return name_; }

  private:
    std::string name_;
};

// An evaluator whose weights version needs more than 31 bits (stored as a 64-bit integer).
std::shared_ptr<const analysis::Evaluator> bigVersionEvaluator(const std::string& prefix) {
    for (int i = 0;; ++i) {
        auto e = std::make_shared<NamedEvaluator>(prefix + std::to_string(i));
        if (analysis::weightsVersionOf(*e) > 0x7FFFFFFF) return e;
    }
}

analysis::ReviewOptions options(int depth, AnalysisCache& cache) {
    analysis::ReviewOptions o;
    o.exactEmpties = 8;
    o.depth = depth;
    o.solverThreads = 1;
    o.store = &cache;
    return o;
}

analysis::GameReview reviewThrough(AnalysisCache& cache,
                                   const std::shared_ptr<const analysis::Evaluator>& eval,
                                   const std::vector<int>& moves, int depth) {
    analysis::GameReviewer reviewer(eval, 4, 4);
    cache.dropOtherEstimates(reviewer.weightsVersion());
    return reviewer.review(core::Position::start(), moves, options(depth, cache));
}

}  // namespace

TEST_CASE("review cache: a second review reads the archive's cache, any symmetry",
          "[storage][analysis][review]") {
    TempDir dir("review-cache");
    std::mt19937_64 rng(12);
    const auto moves = randomGame(rng);
    const auto eval = bigVersionEvaluator("big-");
    {
        AnalysisCache cache(dir / "a.sqlite");
        const auto first = reviewThrough(cache, eval, moves, 3);
        CHECK(first.stats.searched > 0);
        CHECK(first.stats.solved > 0);
        CHECK(cache.estimateCount() > 0);
    }
    AnalysisCache cache(dir / "a.sqlite");  // a restart keeps them
    const auto second = reviewThrough(cache, eval, moves, 3);
    CHECK(second.stats.searched == 0);
    CHECK(second.stats.solved == 0);
    CHECK(second.stats.cachedEstimates + second.stats.cachedExact ==
          static_cast<int>(second.moves.size()));

    // The same game turned: every position found under its symmetry, moves mapped back.
    std::vector<int> turned;
    for (int m : moves) turned.push_back(m == core::kPass ? m : core::transformSquare(m, kRot180));
    const auto rotated = reviewThrough(cache, eval, turned, 3);
    // The start position is its own half-turn: there the turned game plays a move that the
    // cache has not valued yet, searched alone; every other position is read.
    CHECK(rotated.stats.searched == 1);
    CHECK(rotated.stats.solved == 0);
    REQUIRE(rotated.moves.size() == second.moves.size());
    for (std::size_t i = 1; i < rotated.moves.size(); ++i) {
        CHECK(rotated.moves[i].value == second.moves[i].value);
        CHECK(rotated.moves[i].loss == second.moves[i].loss);
        std::vector<int> best;
        for (int sq : second.moves[i].bestMoves) best.push_back(core::transformSquare(sq, kRot180));
        std::sort(best.begin(), best.end());
        CHECK(rotated.moves[i].bestMoves == best);
    }
}

TEST_CASE("review cache: another evaluation drops the estimates but not the exact values",
          "[storage][analysis][review]") {
    TempDir dir("review-weights");
    std::mt19937_64 rng(13);
    const auto moves = randomGame(rng);
    AnalysisCache cache(dir / "a.sqlite");
    reviewThrough(cache, std::make_shared<NamedEvaluator>("old weights"), moves, 2);
    const auto estimates = cache.estimateCount();
    CHECK(estimates > 0);
    const auto positions = cache.positionCount();
    // An endgame review (analyze --endgame, analyze --all) has no evaluation: it drops nothing.
    analysis::GameReviewer endgame(4);
    endgame.review(core::Position::start(), moves, analysis::endgameReviewOptions(8, &cache));
    CHECK(cache.estimateCount() == estimates);
    // Retrained weights: the old estimates go before the new evaluation's review.
    const auto eval = std::make_shared<NamedEvaluator>("new weights");
    analysis::GameReviewer reviewer(eval, 4, 4);
    cache.dropOtherEstimates(reviewer.weightsVersion());
    CHECK(cache.estimateCount() == 0);
    CHECK(cache.positionCount() == positions - estimates);  // the solver's rows stay
    const auto r = reviewer.review(core::Position::start(), moves, options(2, cache));
    CHECK(r.stats.searched > 0);
    CHECK(r.stats.solved == 0);
    CHECK(cache.estimateCount() == estimates);
}

TEST_CASE("review cache: a game keeps the exact part of its whole-game review",
          "[storage][analysis][review]") {
    TempDir dir("review-stored");
    const fs::path db = dir / "a.sqlite";
    std::mt19937_64 rng(14);
    const auto moves = randomGame(rng);
    {
        storage::Archive a(db);
        a.importRecords({makeRecord("A", "B", "E", 2000, moves)});
    }
    AnalysisCache cache(db);
    const auto review = reviewThrough(cache, std::make_shared<NamedEvaluator>("stored"), moves, 2);
    cache.storeReview(1, review);
    const auto stored = cache.review(1);
    REQUIRE(stored);
    int exact = 0;
    for (const auto& m : review.moves) exact += m.kind == analysis::ValueKind::Exact;
    REQUIRE(static_cast<int>(stored->review.moves.size()) == exact);
    for (const auto& m : stored->review.moves) CHECK(m.empties <= 8);
    // A cancelled review is not stored.
    analysis::GameReview partial = review;
    partial.complete = false;
    partial.moves.resize(3);
    cache.storeReview(1, partial);
    CHECK(cache.review(1)->review.moves.size() == static_cast<std::size_t>(exact));
}

TEST_CASE("review cache: which estimate stays (deeper, then more moves, stale ones never)",
          "[storage][analysis][review]") {
    TempDir dir("review-rank");
    AnalysisCache cache(dir / "a.sqlite");
    const core::Position p = core::Position::start();
    const auto estimate = [](int depth, std::int64_t weights, std::vector<int> squares) {
        storage::CachedPosition e;
        e.kind = analysis::ValueKind::Estimate;
        e.engine = storage::AnalysisEngine::Evaluation;
        e.engineVersion = analysis::kMidgameSearchVersion;
        e.weightsVersion = weights;
        e.depth = depth;
        e.value = 1;
        e.bestMove = squares.front();
        for (int sq : squares) e.moves.push_back({sq, 1, analysis::ValueKind::Estimate, -64, 64});
        return e;
    };
    const std::int64_t big = 0xF0000000LL;  // past 2^31: read back whole
    cache.store(p, estimate(3, big, {19}));
    auto hit = cache.lookup(p);
    REQUIRE(hit);
    CHECK(hit->weightsVersion == big);
    CHECK(hit->moves.size() == 1);
    CHECK_FALSE(hit->allMoves);                  // 1 of the 4 legal moves
    cache.store(p, estimate(3, big, {19, 26}));  // a merge at the same depth
    CHECK(cache.lookup(p)->moves.size() == 2);
    cache.store(p, estimate(2, big, {19, 26, 37, 44}));  // shallower: kept out
    CHECK(cache.lookup(p)->depth == 3);
    cache.store(p, estimate(4, big, {19, 26, 37, 44}));  // deeper, every move
    CHECK(cache.lookup(p)->depth == 4);
    CHECK(cache.lookup(p)->allMoves);
    cache.store(p, estimate(1, big + 1, {26}));  // another evaluation: the stale one goes
    CHECK(cache.lookup(p)->weightsVersion == big + 1);
    CHECK(cache.lookup(p)->depth == 1);
}
