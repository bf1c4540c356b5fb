// The whole-game review (analysis/GameReviewer.h): estimates before the exact part, values
// consistent (loss = best - played, never negative), every move's value on request, the
// store answering a second review without any search, deeper requests and other evaluations
// searched again, cancel.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <random>

#include "../core/TestBoards.h"
#include "Minimax.h"
#include "analysis/GameReviewer.h"
#include "core/Replay.h"

using namespace othello;
using namespace othello::analysis;

namespace {

// A cheap deterministic evaluation (mobility, corners, a little disc count), 1/32 disc; its
// name can be changed to stand for retrained weights.
class TestEvaluator final : public Evaluator {
  public:
    explicit TestEvaluator(std::string name = "review-test") : name_(std::move(name)) {}
    int evaluate(Bitboard p, Bitboard o) const override {
        const int mobility =
            core::popcount(core::legalMoves(p, o)) - core::popcount(core::legalMoves(o, p));
        const Bitboard corners = 0x8100000000000081ULL;
        const int c = core::popcount(p & corners) - core::popcount(o & corners);
        return mobility * 40 + c * 170 + (core::popcount(p) - core::popcount(o)) * 5;
    }
    std::string name() const override { return name_; }

  private:
    std::string name_;
};

std::vector<int> randomGame(std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    core::Position p = core::Position::start();
    std::vector<int> moves;
    while (!p.isGameOver()) {
        if (!p.canMove()) {
            p.pass();
            moves.push_back(core::kPass);
            continue;
        }
        const int sq = testing::randomMove(p.legalMoves(), rng);
        p.play(sq);
        moves.push_back(sq);
    }
    return moves;
}

// Values kept in memory, by exact position (what AnalysisCache does by canonical position).
class MemoryStore final : public PositionStore {
  public:
    std::optional<SolveResult> exact(const core::Position& p, bool allMoves) override {
        const auto it = exactValues.find(key(p));
        if (it == exactValues.end() || (allMoves && it->second.moves.empty())) return std::nullopt;
        return it->second;
    }
    void storeExact(const core::Position& p, const SolveResult& r) override {
        exactValues[key(p)] = r;
    }
    std::optional<PositionEstimate> estimate(const core::Position& p) override {
        const auto it = estimates.find(key(p));
        if (it == estimates.end()) return std::nullopt;
        return it->second;
    }
    void storeEstimate(const core::Position& p, const PositionEstimate& e) override {
        estimates[key(p)] = e;
        ++estimateWrites;
    }
    using Key = std::tuple<Bitboard, Bitboard, int>;
    static Key key(const core::Position& p) {
        return {p.black(), p.white(), static_cast<int>(p.toMove())};
    }
    std::map<Key, SolveResult> exactValues;
    std::map<Key, PositionEstimate> estimates;
    int estimateWrites = 0;
};

ReviewOptions fastOptions(int exactEmpties = 8, int depth = 3, PositionStore* store = nullptr) {
    ReviewOptions o;
    o.exactEmpties = exactEmpties;
    o.depth = depth;
    o.store = store;
    o.solverThreads = 1;
    return o;
}

// The evaluation from the side to move of `p`, with a pass handled as the search does (a pass
// is not a ply): what a depth-1 search gives a move.
int depthOneValue(const Evaluator& e, core::Position child) {
    if (child.isGameOver()) {
        const core::Score s = child.finalScore();
        const int diff = s.black - s.white;
        return -(child.toMove() == core::Color::Black ? diff : -diff) * kEvalUnitsPerDisc;
    }
    if (!child.canMove()) {
        child.pass();
        return e.evaluate(child.player(), child.opponentDiscs());  // the mover moves again
    }
    return -e.evaluate(child.player(), child.opponentDiscs());
}

int rounded(int units) {
    return static_cast<int>(std::lround(static_cast<double>(units) / kEvalUnitsPerDisc));
}

}  // namespace

TEST_CASE("game review: every move judged, estimates before the exact part, values consistent",
          "[review]") {
    GameReviewer reviewer(std::make_shared<TestEvaluator>(), 4, 4);
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        const auto moves = randomGame(seed);
        const GameReview r = reviewer.review(core::Position::start(), moves, fastOptions());
        const core::ReplayResult game = core::replay(core::Position::start(), moves);
        REQUIRE(r.complete);
        CHECK(r.midgame);
        CHECK(r.depth == 3);
        const auto played =
            std::count_if(moves.begin(), moves.end(), [](int m) { return m != core::kPass; });
        REQUIRE(static_cast<long>(r.moves.size()) == played);
        int lossBlack = 0, mistakes = 0, blunders = 0, exact = 0;
        for (const ReviewedMove& m : r.moves) {
            INFO("seed " << seed << " ply " << m.ply);
            const core::Position& before = game.positions[static_cast<std::size_t>(m.ply)];
            CHECK(m.move == moves[static_cast<std::size_t>(m.ply)]);
            CHECK(m.empties == before.emptyCount());
            CHECK(m.loss >= 0);
            const int mover = m.side == core::Color::Black ? 1 : -1;
            CHECK(m.loss == mover * (m.value - m.playedValue));
            CHECK(!m.bestMoves.empty());
            const bool playedIsBest =
                std::find(m.bestMoves.begin(), m.bestMoves.end(), m.move) != m.bestMoves.end();
            CHECK(playedIsBest == (m.loss == 0));
            if (m.empties <= 8) {
                // Exact, and the truth: a plain minimax.
                CHECK(m.kind == ValueKind::Exact);
                CHECK(m.depth == m.empties);
                int best = -65, playedValue = 0;
                for (const auto& [sq, v] : testing::minimaxMoves(before)) {
                    best = std::max(best, v);
                    if (sq == m.move) playedValue = v;
                }
                CHECK(m.value == mover * best);
                CHECK(m.playedValue == mover * playedValue);
                ++exact;
            } else {
                CHECK(m.kind == ValueKind::Estimate);
                CHECK(m.depth == 3);
            }
            if (m.side == core::Color::Black) lossBlack += m.loss;
            mistakes += m.loss >= kMistakeLoss;
            blunders += m.loss >= kBlunderLoss;
        }
        CHECK(r.black.discsLost == lossBlack);
        CHECK(r.black.mistakes + r.white.mistakes == mistakes);
        CHECK(r.black.blunders + r.white.blunders == blunders);
        CHECK(r.black.exactMoves + r.white.exactMoves == exact);
        CHECK(r.black.movesChecked + r.white.movesChecked == static_cast<int>(r.moves.size()));
        // Random play makes mistakes; the biggest loss is located.
        CHECK(mistakes > 0);
        for (const SideSummary* s : {&r.black, &r.white}) {
            if (s->maxLoss == 0) continue;
            const auto it =
                std::find_if(r.moves.begin(), r.moves.end(),
                             [&](const ReviewedMove& m) { return m.ply == s->maxLossPly; });
            REQUIRE(it != r.moves.end());
            CHECK(it->loss == s->maxLoss);
            CHECK(it->move == s->maxLossMove);
            CHECK(it->moveNumber == s->maxLossMoveNumber);
        }
        CHECK(r.stats.searched > 0);
        // One solve a position (the position after a move is the next one), plus the
        // positions before a pass.
        const auto passes = std::count(moves.begin(), moves.end(), core::kPass);
        CHECK(r.stats.solved >= exact);
        CHECK(r.stats.solved <= exact + 1 + passes);
    }
}

TEST_CASE("game review: every legal move's value with allMoves (at depth 1 the evaluation)",
          "[review]") {
    const auto eval = std::make_shared<TestEvaluator>();
    GameReviewer reviewer(eval, 4, 4);
    ReviewOptions o = fastOptions(6, 1);
    o.allMoves = true;
    const auto moves = randomGame(11);
    const GameReview r = reviewer.review(core::Position::start(), moves, o);
    const core::ReplayResult game = core::replay(core::Position::start(), moves);
    REQUIRE(r.allMoves);
    for (const ReviewedMove& m : r.moves) {
        INFO("ply " << m.ply);
        const core::Position& before = game.positions[static_cast<std::size_t>(m.ply)];
        REQUIRE(static_cast<int>(m.moves.size()) == core::popcount(before.legalMoves()));
        const int mover = m.side == core::Color::Black ? 1 : -1;
        int best = -65;
        bool playedListed = false;
        for (std::size_t i = 0; i < m.moves.size(); ++i) {
            const MoveValue& v = m.moves[i];
            CHECK(before.isLegal(v.square));
            best = std::max(best, mover * v.value);
            if (i > 0) CHECK(mover * m.moves[i - 1].value >= mover * v.value);  // best first
            if (v.square == m.move) {
                playedListed = true;
                CHECK(v.value == m.playedValue);
            }
            if (m.kind == ValueKind::Estimate) {
                core::Position child = before;
                child.play(v.square);
                CHECK(mover * v.value == rounded(depthOneValue(*eval, child)));
            }
        }
        CHECK(playedListed);
        CHECK(mover * m.value == best);
        if (m.kind == ValueKind::Exact)
            for (const auto& [sq, value] : testing::minimaxMoves(before)) {
                const auto it = std::find_if(m.moves.begin(), m.moves.end(),
                                             [&](const MoveValue& v) { return v.square == sq; });
                REQUIRE(it != m.moves.end());
                CHECK(it->value == mover * value);
            }
    }
}

TEST_CASE("game review: a second review reads the store, searching and solving nothing",
          "[review]") {
    const auto eval = std::make_shared<TestEvaluator>();
    MemoryStore store;
    const auto moves = randomGame(5);
    const ReviewOptions o = fastOptions(8, 3, &store);
    GameReview first, second;
    {
        GameReviewer reviewer(eval, 4, 4);
        first = reviewer.review(core::Position::start(), moves, o);
    }
    CHECK(first.stats.searched > 0);
    CHECK(first.stats.solved > 0);
    CHECK(first.stats.cachedEstimates + first.stats.cachedExact == 0);
    {
        GameReviewer reviewer(eval, 4, 4);  // fresh tables: only the store can answer
        second = reviewer.review(core::Position::start(), moves, o);
    }
    CHECK(second.stats.searched == 0);
    CHECK(second.stats.solved == 0);
    CHECK(second.stats.cachedEstimates + second.stats.cachedExact ==
          static_cast<int>(second.moves.size()));
    REQUIRE(second.moves.size() == first.moves.size());
    for (std::size_t i = 0; i < first.moves.size(); ++i) {
        CHECK(second.moves[i].value == first.moves[i].value);
        CHECK(second.moves[i].playedValue == first.moves[i].playedValue);
        CHECK(second.moves[i].loss == first.moves[i].loss);
        CHECK(second.moves[i].kind == first.moves[i].kind);
        CHECK(second.moves[i].depth == first.moves[i].depth);
    }

    // A shallower request is answered by the deeper estimates; a deeper one searches again.
    GameReviewer reviewer(eval, 4, 4);
    CHECK(
        reviewer.review(core::Position::start(), moves, fastOptions(8, 2, &store)).stats.searched ==
        0);
    const GameReview deeper =
        reviewer.review(core::Position::start(), moves, fastOptions(8, 4, &store));
    CHECK(deeper.stats.searched == deeper.black.movesChecked + deeper.white.movesChecked -
                                       deeper.black.exactMoves - deeper.white.exactMoves);
    CHECK(deeper.stats.solved == 0);  // exact values are exact at any depth
    for (const ReviewedMove& m : deeper.moves)
        if (m.kind == ValueKind::Estimate) CHECK(m.depth == 4);

    // Another evaluation (retrained weights) never reuses these estimates.
    GameReviewer retrained(std::make_shared<TestEvaluator>("review-test v2"), 4, 4);
    CHECK(retrained.weightsVersion() != reviewer.weightsVersion());
    const GameReview other = retrained.review(core::Position::start(), moves, o);
    CHECK(other.stats.searched > 0);
    CHECK(other.stats.cachedEstimates == 0);
}

TEST_CASE("game review: another move from a cached position searches only that move", "[review]") {
    const auto eval = std::make_shared<TestEvaluator>();
    MemoryStore store;
    GameReviewer reviewer(eval, 4, 4);
    // Two games reaching the same position (after f5) and playing different moves there.
    core::Position p = core::Position::start();
    p.play(37);  // f5
    const ReviewOptions o = fastOptions(8, 3, &store);
    const auto has = [](const PositionValues& v, int sq) {
        return std::any_of(v.moves.begin(), v.moves.end(),
                           [&](const MoveValue& m) { return m.square == sq; });
    };
    ReviewStats stats;
    const int first = core::lowestSquare(p.legalMoves());
    const PositionValues a = reviewer.valuePosition(p, first, o, stats);
    REQUIRE(a.ok);
    CHECK(stats.searched == 1);
    CHECK_FALSE(a.allMoves);  // the best move and the move played only
    int other = core::kNoSquare;
    for (Bitboard b = p.legalMoves(); b; b &= b - 1)
        if (!has(a, core::lowestSquare(b))) other = core::lowestSquare(b);
    REQUIRE(other != core::kNoSquare);
    const int writes = store.estimateWrites;
    const PositionValues b = reviewer.valuePosition(p, other, o, stats);
    REQUIRE(b.ok);
    CHECK(stats.searched == 2);  // one search: the new move alone
    CHECK(stats.cachedEstimates == 1);
    CHECK(store.estimateWrites == writes + 1);  // the merged estimate kept
    CHECK(has(b, other));
    CHECK(has(b, first));
    CHECK(b.value >=
          std::max_element(b.moves.begin(), b.moves.end(),
                           [](const MoveValue& x, const MoveValue& y) { return x.value < y.value; })
              ->value);
    // Both known now: no search at all.
    reviewer.valuePosition(p, other, o, stats);
    reviewer.valuePosition(p, first, o, stats);
    CHECK(stats.searched == 2);
}

TEST_CASE("game review: cancel keeps the moves judged so far", "[review]") {
    GameReviewer reviewer(std::make_shared<TestEvaluator>(), 4, 4);
    std::atomic<bool> cancel{false};
    ReviewOptions o = fastOptions(8, 3);
    o.cancel = &cancel;
    int calls = 0;
    o.onProgress = [&](const ReviewProgress& p) {
        ++calls;
        CHECK(p.judged == calls);
        CHECK(p.last != nullptr);
        if (p.judged == 5) cancel = true;
    };
    const GameReview r = reviewer.review(core::Position::start(), randomGame(2), o);
    CHECK_FALSE(r.complete);
    CHECK(r.moves.size() == 5);
    CHECK(calls == 5);
}

TEST_CASE("game review: a time budget per position still values the move played", "[review]") {
    // The budget stops the iterations; the played move's search after them must not inherit
    // that stop (it did: "the move played was not valued").
    GameReviewer reviewer(std::make_shared<TestEvaluator>(), 4, 4);
    ReviewOptions o = fastOptions(6, 60);
    o.secondsPerPosition = 0.002;
    o.reuseDepth = 60;
    const auto moves = randomGame(9);
    const GameReview r = reviewer.review(core::Position::start(), moves, o);
    REQUIRE(r.complete);
    CHECK(r.secondsPerPosition == 0.002);
    for (const ReviewedMove& m : r.moves) {
        CHECK(m.loss >= 0);
        CHECK(m.loss == (m.side == core::Color::Black ? 1 : -1) * (m.value - m.playedValue));
        if (m.kind == ValueKind::Estimate) CHECK(m.depth >= 1);
    }
}

TEST_CASE("endgame review: the same through a store as without one, and a second one reads it",
          "[review]") {
    MemoryStore store;
    const auto moves = randomGame(4);
    GameReviewer plain(4), cached(4);  // endgame reviewers: no evaluation
    const GameReview a = plain.review(core::Position::start(), moves, endgameReviewOptions(9));
    const GameReview b =
        cached.review(core::Position::start(), moves, endgameReviewOptions(9, &store));
    CHECK_FALSE(a.midgame);
    CHECK_FALSE(a.allMoves);
    REQUIRE_FALSE(a.moves.empty());
    REQUIRE(b.moves.size() == a.moves.size());
    for (std::size_t i = 0; i < a.moves.size(); ++i) {
        INFO("ply " << a.moves[i].ply);
        CHECK(a.moves[i].kind == ValueKind::Exact);
        CHECK(a.moves[i].moves.empty());  // every move's value only with allMoves
        CHECK(b.moves[i].value == a.moves[i].value);
        CHECK(b.moves[i].playedValue == a.moves[i].playedValue);
        CHECK(b.moves[i].bestMoves == a.moves[i].bestMoves);
    }
    // One solve a position, with every move's value, each kept.
    CHECK(b.stats.solved == static_cast<int>(b.moves.size()));
    CHECK(store.exactValues.size() == b.moves.size());
    for (const auto& [key, result] : store.exactValues) CHECK_FALSE(result.moves.empty());

    GameReviewer again(4);
    const GameReview c =
        again.review(core::Position::start(), moves, endgameReviewOptions(9, &store));
    CHECK(c.stats.solved == 0);
    CHECK(c.stats.cachedExact == static_cast<int>(c.moves.size()));
    REQUIRE(c.moves.size() == a.moves.size());
    for (std::size_t i = 0; i < a.moves.size(); ++i)
        CHECK(c.moves[i].bestMoves == a.moves[i].bestMoves);

    // An endgame reviewer has no midgame search.
    CHECK(again.weightsVersion() == 0);
    CHECK_THROWS_AS(again.review(core::Position::start(), moves, fastOptions(8, 3)),
                    std::logic_error);
}
