// The solver against the reference search on thousands of random endgames: every move's value,
// the win/loss/draw sign, the principal variation.
#include <catch2/catch.hpp>

#include <map>

#include "SolverTestUtil.h"
#include "analysis/Solver.h"
#include "core/Notation.h"

using namespace othello;
using namespace solvertest;

namespace {

std::string describe(const core::Position& pos) {
    return core::boardStringWithSide(pos);
}

}  // namespace

TEST_CASE("every move's value equals the reference search on random endgames", "[solver]") {
    std::mt19937_64 rng(20261123);
    analysis::Solver solver(16);
    analysis::SolveOptions options;
    options.allMoves = true;
    options.threads = 1;
    int checked = 0;
    for (int i = 0; i < 2000; ++i) {
        const int empties = 1 + static_cast<int>(rng() % 10);
        const core::Position pos = randomPosition(rng, empties);
        const auto ref = referenceMoves(pos.player(), pos.opponentDiscs());
        const analysis::SolveResult r = solver.solve(pos, options);
        INFO(describe(pos));
        REQUIRE(r.complete);
        REQUIRE(r.kind == analysis::ValueKind::Exact);
        if (ref.empty()) {  // finished game
            CHECK(r.value == finalDiff(pos.player(), pos.opponentDiscs()));
            CHECK(r.bestMove == core::kNoSquare);
            continue;
        }
        std::map<int, int> expected;
        int best = -65;
        for (const auto& m : ref) {
            expected[m.square] = m.value;
            best = std::max(best, m.value);
        }
        REQUIRE(r.moves.size() == ref.size());
        for (const auto& m : r.moves) {
            INFO(core::squareName(m.square));
            CHECK(m.kind == analysis::ValueKind::Exact);
            CHECK(m.value == expected.at(m.square));
            CHECK(m.lower == m.value);
            CHECK(m.upper == m.value);
        }
        CHECK(r.value == best);
        CHECK(r.lower == best);
        CHECK(r.upper == best);
        CHECK(expected.at(r.bestMove) == best);
        CHECK(r.moves.front().square == r.bestMove);
        ++checked;
    }
    CHECK(checked > 1500);
}

TEST_CASE("best value, principal variation and win/loss/draw sign on random endgames", "[solver]") {
    std::mt19937_64 rng(77);
    analysis::Solver solver(16);
    for (int i = 0; i < 1500; ++i) {
        const int empties = 1 + static_cast<int>(rng() % 10);
        const core::Position pos = randomPosition(rng, empties);
        const int truth = reference(pos.player(), pos.opponentDiscs());
        INFO(describe(pos));
        analysis::SolveOptions exact;
        exact.threads = 1;
        const auto r = solver.solve(pos, exact);
        REQUIRE(r.complete);
        CHECK(r.value == truth);
        // The PV, played out, ends the game with the value as its score.
        core::Position end = pos;
        for (int sq : r.pv) {
            if (sq == core::kPass) {
                REQUIRE(end.mustPass());
                end.pass();
            } else {
                REQUIRE(end.isLegal(sq));
                end.play(sq);
            }
        }
        CHECK(end.isGameOver());
        const core::Score s = end.finalScore();
        const int own = pos.toMove() == core::Color::Black ? s.black - s.white : s.white - s.black;
        CHECK(own == truth);
        if (!pos.isGameOver()) CHECK(r.bestMove == r.pv.front());

        analysis::SolveOptions wld;
        wld.winLossDraw = true;
        wld.threads = 1;
        wld.allMoves = (i % 2) == 0;
        const auto w = solver.solve(pos, wld);
        REQUIRE(w.complete);
        const int sign = truth > 0 ? 1 : truth < 0 ? -1 : 0;
        if (pos.isGameOver()) {
            CHECK(w.value == truth);
            continue;
        }
        CHECK(w.kind == analysis::ValueKind::WinLossDraw);
        CHECK(w.value == sign);
        CHECK(w.lower <= truth);
        CHECK(truth <= w.upper);
        // The best move keeps the sign.
        const auto ref = referenceMoves(pos.player(), pos.opponentDiscs());
        for (const auto& m : ref) {
            if (m.square != w.bestMove) continue;
            const int ms = m.value > 0 ? 1 : m.value < 0 ? -1 : 0;
            CHECK(ms == sign);
        }
        if (wld.allMoves) {
            REQUIRE(w.moves.size() == ref.size());
            for (const auto& mv : w.moves) {
                for (const auto& m : ref) {
                    if (m.square != mv.square) continue;
                    INFO(core::squareName(m.square) << " " << m.value);
                    const int ms = m.value > 0 ? 1 : m.value < 0 ? -1 : 0;
                    CHECK(mv.value == ms);
                    CHECK(mv.lower <= m.value);
                    CHECK(m.value <= mv.upper);
                }
            }
        }
    }
}

TEST_CASE("two threads and one give the same values at 13 to 16 empties", "[solver]") {
    std::mt19937_64 rng(5);
    analysis::Solver one(16), two(16);
    // All-moves mode with two threads solves whole root moves on each thread (the threads
    // share the table and help each other's searches at the end): many positions, so that
    // the threads finish in many orders.
    for (int i = 0; i < 32; ++i) {
        const core::Position pos = randomPosition(rng, 13 + i % 4);
        INFO(describe(pos));
        analysis::SolveOptions o1;
        o1.threads = 1;
        o1.allMoves = true;
        analysis::SolveOptions o2 = o1;
        o2.threads = 2;
        const auto a = one.solve(pos, o1);
        const auto b = two.solve(pos, o2);
        REQUIRE(a.complete);
        REQUIRE(b.complete);
        CHECK(a.value == b.value);
        REQUIRE(a.moves.size() == b.moves.size());
        std::map<int, int> av;
        for (const auto& m : a.moves) av[m.square] = m.value;
        for (const auto& m : b.moves) CHECK(av.at(m.square) == m.value);
        if (i < 3) CHECK(a.value == reference(pos.player(), pos.opponentDiscs()));
    }
}
