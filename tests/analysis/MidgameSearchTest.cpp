// The midgame search: exact values when it reaches the end, the solver handover, cancel and
// budgets, and symmetry of its values.
#include <catch2/catch.hpp>
#include <chrono>
#include <random>
#include <thread>

#include "SolverTestUtil.h"
#include "analysis/Evaluation.h"
#include "analysis/MidgameSearch.h"
#include "core/Symmetry.h"

using namespace othello;
using namespace othello::analysis;

namespace {

// A cheap, deterministic evaluation for tests that need no learned weights: mobility and
// corners (in 1/32 disc).
class TestEvaluator final : public Evaluator {
  public:
    int evaluate(Bitboard p, Bitboard o) const override {
        const int mobility =
            core::popcount(core::legalMoves(p, o)) - core::popcount(core::legalMoves(o, p));
        const Bitboard corners = 0x8100000000000081ULL;
        const int c = core::popcount(p & corners) - core::popcount(o & corners);
        return mobility * 32 + c * 160;
    }
    std::string name() const override { return "test"; }
};

std::shared_ptr<const Evaluator> testEvaluator() {
    return std::make_shared<TestEvaluator>();
}

bool legalLine(core::Position pos, const std::vector<int>& pv) {
    for (int m : pv) {
        if (m == core::kPass) {
            if (!pos.mustPass()) return false;
            pos.pass();
        } else {
            if (!pos.isLegal(m)) return false;
            pos.play(m);
        }
    }
    return true;
}

}  // namespace

TEST_CASE("midgame search: exact value when the search reaches the end (solver disabled)") {
    MidgameSearch search(testEvaluator(), 8);
    std::mt19937_64 rng(21);
    for (int i = 0; i < 60; ++i) {
        const int empties = 6 + static_cast<int>(rng() % 5);
        const core::Position pos = solvertest::randomPosition(rng, empties);
        if (pos.isGameOver()) continue;
        MidgameOptions o;
        o.exactEmpties = -1;
        o.depth = 20;
        const MidgameResult r = search.search(pos, o);
        const int expected = solvertest::reference(pos.player(), pos.opponentDiscs());
        INFO("position " << i << " empties " << pos.emptyCount());
        REQUIRE(r.complete);
        CHECK_FALSE(r.solved);
        CHECK(r.kind == ValueKind::Exact);
        CHECK(r.value == expected);
        CHECK(r.lower == expected);
        CHECK(r.upper == expected);
        CHECK(legalLine(pos, r.pv));
        REQUIRE(!r.pv.empty());
        CHECK(r.pv.front() == r.bestMove);
        // The best move keeps the value.
        core::Position after = pos;
        if (r.bestMove == core::kPass)
            after.pass();
        else
            after.play(r.bestMove);
        CHECK(-solvertest::reference(after.player(), after.opponentDiscs()) == expected);
    }
}

TEST_CASE("midgame search: a shallow search of a long game is an estimate") {
    MidgameSearch search(testEvaluator(), 8);
    std::mt19937_64 rng(22);
    const core::Position pos = solvertest::randomPosition(rng, 40);
    MidgameOptions o;
    o.depth = 4;
    const MidgameResult r = search.search(pos, o);
    CHECK(r.complete);
    CHECK(r.kind == ValueKind::Estimate);
    CHECK(r.depth == 4);
    CHECK(pos.isLegal(r.bestMove));
    CHECK(legalLine(pos, r.pv));
    CHECK(r.pv.size() >= 4);
}

TEST_CASE("midgame search: the solver answers small positions") {
    MidgameSearch search(testEvaluator(), 8);
    std::mt19937_64 rng(23);
    for (int i = 0; i < 10; ++i) {
        const core::Position pos = solvertest::randomPosition(rng, 12);
        if (pos.isGameOver()) continue;
        MidgameOptions o;
        o.exactEmpties = 14;
        o.depth = 2;  // the solver is exact whatever the depth
        const MidgameResult r = search.search(pos, o);
        CHECK(r.solved);
        CHECK(r.kind == ValueKind::Exact);
        CHECK(r.value == solvertest::reference(pos.player(), pos.opponentDiscs()));
    }
}

TEST_CASE("midgame search: passes at the root and finished games") {
    MidgameSearch search(testEvaluator(), 8);
    // White to move has no move, Black does: the search passes.
    const Bitboard black = testing::squares({"a1", "b1"}), white = testing::squares({"c1"});
    const core::Position mustPass(black, white, core::Color::White);
    REQUIRE(mustPass.mustPass());
    MidgameOptions o;
    o.exactEmpties = -1;
    o.depth = 64;  // the game ends in a few moves: the search reaches the end
    const MidgameResult r = search.search(mustPass, o);
    CHECK(r.bestMove == core::kPass);
    CHECK(r.kind == ValueKind::Exact);
    CHECK(r.value == solvertest::reference(mustPass.player(), mustPass.opponentDiscs()));
    // A finished game answers at once.
    const core::Position over(~Bitboard{0} ^ 0xFF, 0xFF, core::Color::Black);
    const MidgameResult f = search.search(over, o);
    CHECK(f.kind == ValueKind::Exact);
    CHECK(f.value == 48);
    CHECK(f.nodes == 0);
}

TEST_CASE("midgame search: cancel stops it promptly") {
    MidgameSearch search(testEvaluator(), 8);
    std::mt19937_64 rng(24);
    const core::Position pos = solvertest::randomPosition(rng, 44);
    std::atomic<bool> cancel{false};
    MidgameOptions o;
    o.depth = 60;  // would run for a very long time
    o.cancel = &cancel;
    std::thread stopper([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        cancel = true;
    });
    const auto t0 = std::chrono::steady_clock::now();
    const MidgameResult r = search.search(pos, o);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    stopper.join();
    CHECK_FALSE(r.complete);
    CHECK(r.stop == StopReason::Cancelled);
    CHECK(r.kind == ValueKind::Estimate);
    CHECK(s < 1.5);
    CHECK(r.depth >= 1);  // earlier iterations finished and are reported
    CHECK(pos.isLegal(r.bestMove));

    // Already cancelled: stops at its first poll, with the evaluation of the position.
    const MidgameResult now = search.search(pos, o);
    CHECK(now.stop == StopReason::Cancelled);
    CHECK(now.nodes <= static_cast<std::uint64_t>(kMidgamePollInterval));
    CHECK(pos.isLegal(now.bestMove));
}

TEST_CASE("midgame search: node and time budgets") {
    MidgameSearch search(testEvaluator(), 8);
    std::mt19937_64 rng(25);
    const core::Position pos = solvertest::randomPosition(rng, 40);
    MidgameOptions o;
    o.depth = 30;
    o.maxNodes = 50000;
    int reports = 0;
    o.onProgress = [&](const MidgameProgress& p) {
        ++reports;
        CHECK(p.nodes <= 50000 + static_cast<std::uint64_t>(kMidgamePollInterval));
    };
    const MidgameResult r = search.search(pos, o);
    CHECK_FALSE(r.complete);
    CHECK(r.stop == StopReason::NodeBudget);
    CHECK(r.nodes >= 50000);
    CHECK(r.nodes <= 50000 + static_cast<std::uint64_t>(kMidgamePollInterval));
    CHECK(r.kind == ValueKind::Estimate);
    CHECK(reports >= r.depth);

    MidgameOptions t;
    t.depth = 60;
    t.maxSeconds = 0.3;
    const MidgameResult rt = search.search(pos, t);
    CHECK(rt.stop == StopReason::TimeBudget);
    CHECK(rt.seconds < 1.0);

    // The handover keeps the budget: the solver stops with a marked bound.
    MidgameOptions s;
    s.exactEmpties = 30;
    s.maxNodes = 20000;
    const core::Position big = solvertest::randomPosition(rng, 28);
    const MidgameResult rs = search.search(big, s);
    CHECK(rs.solved);
    CHECK_FALSE(rs.complete);
    CHECK(rs.kind == ValueKind::Bound);
}

TEST_CASE("midgame search: depth 0 and searched values do not depend on the symmetry") {
    const auto eval = Evaluation::standard();
    MidgameSearch search(eval, 8);
    std::mt19937_64 rng(26);
    for (int i = 0; i < 20; ++i) {
        const core::Position pos =
            solvertest::randomPosition(rng, 20 + static_cast<int>(rng() % 36));
        if (pos.isGameOver()) continue;
        const MidgameResult r0 = search.evaluate(pos);
        MidgameOptions o;
        o.depth = 3;
        o.exactEmpties = -1;
        search.clearTable();
        const MidgameResult r3 = search.search(pos, o);
        for (int s = 1; s < core::kSymmetryCount; ++s) {
            const auto sym = static_cast<core::Symmetry>(s);
            const core::Position t = core::transformPosition(pos, sym);
            CHECK(search.evaluate(t).valueUnits == r0.valueUnits);
            search.clearTable();
            const MidgameResult t3 = search.search(t, o);
            CHECK(t3.valueUnits == r3.valueUnits);
        }
    }
}
