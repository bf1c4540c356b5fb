// Stopping the solver: a cancel flag from another thread, node and time budgets, progress.
// A stopped solve must report complete = false and bounds that hold the true value.
#include <catch2/catch.hpp>

#include <atomic>
#include <map>
#include <thread>

#include "SolverTestUtil.h"
#include "analysis/Solver.h"
#include "core/Notation.h"
#include "core/Replay.h"

using namespace othello;
using namespace solvertest;

namespace {

// A position far too deep to solve in a test: after f5 d6 (58 empties).
core::Position hardPosition() {
    core::Position p = core::Position::start();
    p.play(core::parseSquare("f5"));
    p.play(core::parseSquare("d6"));
    return p;
}

}  // namespace

TEST_CASE("a cancel flag set from another thread stops a hard search", "[solver][control]") {
    analysis::Solver solver(16);
    std::atomic<bool> cancel{false};
    analysis::SolveOptions o;
    o.cancel = &cancel;
    o.threads = 2;
    std::thread canceller([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        cancel = true;
    });
    const auto r = solver.solve(hardPosition(), o);
    canceller.join();
    CHECK_FALSE(r.complete);
    CHECK(r.stop == analysis::StopReason::Cancelled);
    CHECK(r.kind == analysis::ValueKind::Bound);
    CHECK(r.lower <= r.upper);
    CHECK(r.lower >= -64);
    CHECK(r.upper <= 64);
    CHECK(r.pv.empty());
    CHECK(r.nodes > 0);

    // Already set: stops at the first poll.
    const auto again = solver.solve(hardPosition(), o);
    CHECK_FALSE(again.complete);
    CHECK(again.stop == analysis::StopReason::Cancelled);
}

TEST_CASE("a node budget gives bounds that hold the true value", "[solver][control]") {
    std::mt19937_64 rng(99);
    analysis::Solver solver(16);
    int stopped = 0, informative = 0;
    for (int i = 0; i < 8; ++i) {
        const core::Position pos = randomPosition(rng, 14 + i % 4);
        INFO(core::boardStringWithSide(pos));
        analysis::SolveOptions full;
        full.allMoves = true;
        solver.clearTable();
        const auto truth = solver.solve(pos, full);
        REQUIRE(truth.complete);
        std::map<int, int> moveTruth;
        for (const auto& m : truth.moves) moveTruth[m.square] = m.value;

        for (std::uint64_t budget : {2000ull, 20000ull, 100000ull}) {
            for (bool all : {false, true}) {
                INFO("budget " << budget << " all " << all);
                solver.clearTable();  // a warm table could solve it within the budget
                analysis::SolveOptions o;
                o.maxNodes = budget;
                o.allMoves = all;
                o.threads = 1 + i % 2;
                const auto r = solver.solve(pos, o);
                CHECK(r.lower <= truth.value);
                CHECK(truth.value <= r.upper);
                if (r.complete) {
                    CHECK(r.value == truth.value);
                    continue;
                }
                ++stopped;
                informative += r.lower > -64 || r.upper < 64;
                CHECK(r.stop == analysis::StopReason::NodeBudget);
                CHECK(r.kind == analysis::ValueKind::Bound);
                CHECK(r.value >= r.lower);
                CHECK(r.value <= r.upper);
                for (const auto& m : r.moves) {
                    INFO(core::squareName(m.square));
                    CHECK(m.lower <= moveTruth.at(m.square));
                    CHECK(moveTruth.at(m.square) <= m.upper);
                    if (m.kind == analysis::ValueKind::Exact)
                        CHECK(m.value == moveTruth.at(m.square));
                }
            }
        }
    }
    CHECK(stopped > 10);     // the budgets did bite
    CHECK(informative > 3);  // and the bounds said something
}

TEST_CASE("a time budget stops with a marked bound", "[solver][control]") {
    analysis::Solver solver(16);
    analysis::SolveOptions o;
    o.maxSeconds = 0.2;
    const auto r = solver.solve(hardPosition(), o);
    CHECK_FALSE(r.complete);
    CHECK(r.stop == analysis::StopReason::TimeBudget);
    CHECK(r.kind == analysis::ValueKind::Bound);
    CHECK(r.lower <= r.upper);
    CHECK(std::string(analysis::stopReasonName(r.stop)) == "time");
    CHECK(std::string(analysis::valueKindName(r.kind)) == "bound");
}

TEST_CASE("progress reports: nodes grow, bounds narrow, one call per finished root move",
          "[solver][control]") {
    std::mt19937_64 rng(4);
    const core::Position pos = randomPosition(rng, 18);
    // Two threads solve root moves side by side: the reports still come from the calling
    // thread, and the last one counts every move.
    const int threads = GENERATE(1, 2);
    INFO("threads " << threads);
    analysis::Solver solver(16);
    analysis::SolveOptions o;
    o.allMoves = true;
    o.threads = threads;
    const std::thread::id caller = std::this_thread::get_id();
    bool otherThread = false;
    std::vector<analysis::SolveProgress> seen;
    o.onProgress = [&](const analysis::SolveProgress& p) {
        seen.push_back(p);
        otherThread = otherThread || std::this_thread::get_id() != caller;
    };
    const auto r = solver.solve(pos, o);
    REQUIRE(r.complete);
    REQUIRE_FALSE(seen.empty());
    CHECK_FALSE(otherThread);
    int lastDone = 0;
    std::uint64_t lastNodes = 0;
    for (const auto& p : seen) {
        CHECK(p.empties == 18);
        CHECK(p.nodes >= lastNodes);
        CHECK(p.movesDone >= lastDone);
        CHECK(p.movesTotal == static_cast<int>(r.moves.size()));
        CHECK(p.lower <= r.value);
        CHECK(r.value <= p.upper);
        lastNodes = p.nodes;
        lastDone = p.movesDone;
    }
    CHECK(seen.back().movesDone == static_cast<int>(r.moves.size()));
}
