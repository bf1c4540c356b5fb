// The solver's evaluation-ordering search (analysis/EvalOrdering.h): evalSearch against a plain
// negamax over the same evaluator, its fail-soft window, finished games and passes, and the
// rounding of estimates to even disc counts.
#include <algorithm>
#include <catch2/catch.hpp>
#include <random>

#include "SolverTestUtil.h"
#include "analysis/EvalOrdering.h"

using namespace othello;
using namespace othello::analysis;
using core::Bitboard;

namespace {

// A cheap evaluator with distinct values almost everywhere: disc difference, mobility, corners.
class ToyEvaluator final : public Evaluator {
  public:
    int evaluate(Bitboard p, Bitboard o) const override {
        const Bitboard corners = 0x8100000000000081ULL;
        return 32 * (core::popcount(p) - core::popcount(o)) +
               7 * (core::popcount(core::legalMoves(p, o)) -
                    core::popcount(core::legalMoves(o, p))) +
               50 * (core::popcount(p & corners) - core::popcount(o & corners));
    }
    std::string name() const override { return "toy"; }
};

// Negamax without pruning over the same evaluator; passes are not plies, finished games score
// their final difference in evaluation units.
int plainNegamax(const Evaluator& e, Bitboard p, Bitboard o, int depth) {
    if (depth <= 0) return e.evaluate(p, o);
    Bitboard moves = core::legalMoves(p, o);
    if (!moves) {
        if (!core::legalMoves(o, p)) return solvertest::finalDiff(p, o) * kEvalUnitsPerDisc;
        return -plainNegamax(e, o, p, depth);
    }
    int best = -kEvalInfinity;
    for (; moves; moves &= moves - 1) {
        const int sq = core::lowestSquare(moves);
        const Bitboard f = core::flips(p, o, sq);
        best = std::max(best, -plainNegamax(e, o ^ f, p ^ f ^ core::bit(sq), depth - 1));
    }
    return best;
}

}  // namespace

TEST_CASE("evalSearch equals a plain negamax over the evaluator with a full window",
          "[solver][evalordering]") {
    const ToyEvaluator toy;
    std::mt19937_64 rng(20261126);
    int checked = 0;
    for (int i = 0; i < 300; ++i) {
        const core::Position pos =
            solvertest::randomPosition(rng, 4 + static_cast<int>(rng() % 40));
        const Bitboard p = pos.player(), o = pos.opponentDiscs();
        for (int depth = 0; depth <= 3; ++depth) {
            std::uint64_t nodes = 0;
            const int v = evalSearch(toy, p, o, depth, -kEvalInfinity, kEvalInfinity, nodes);
            INFO("position " << i << " depth " << depth);
            REQUIRE(v == plainNegamax(toy, p, o, depth));
            REQUIRE(nodes >= 1);
            ++checked;
        }
    }
    REQUIRE(checked == 1200);
}

TEST_CASE("evalSearch is fail-soft: a result outside the window bounds the true value",
          "[solver][evalordering]") {
    const ToyEvaluator toy;
    std::mt19937_64 rng(7);
    int low = 0, high = 0, inside = 0;
    for (int i = 0; i < 300; ++i) {
        const core::Position pos =
            solvertest::randomPosition(rng, 10 + static_cast<int>(rng() % 34));
        const Bitboard p = pos.player(), o = pos.opponentDiscs();
        const int depth = 1 + static_cast<int>(rng() % 3);
        const int truth = plainNegamax(toy, p, o, depth);
        // A window of 3 discs placed around, above or below the true value.
        const int alpha = truth + static_cast<int>(rng() % 201) - 150;
        const int beta = alpha + 96;
        std::uint64_t nodes = 0;
        const int v = evalSearch(toy, p, o, depth, alpha, beta, nodes);
        INFO("position " << i << " depth " << depth << " window " << alpha << " " << beta);
        if (v <= alpha) {
            REQUIRE(truth <= v);
            ++low;
        } else if (v >= beta) {
            REQUIRE(truth >= v);
            ++high;
        } else {
            REQUIRE(v == truth);
            ++inside;
        }
    }
    // Each case happened, so each branch above was checked.
    REQUIRE(low > 0);
    REQUIRE(high > 0);
    REQUIRE(inside > 0);
}

TEST_CASE("evalSearch scores finished games exactly and passes without spending a ply",
          "[solver][evalordering]") {
    const ToyEvaluator toy;
    std::uint64_t nodes = 0;
    // Black holds ranks 1-5, White ranks 7-8, rank 6 is empty and nobody can move there: a
    // finished game, Black 40 discs to 16 with the 8 empties to the winner, +32.
    const Bitboard black = 0x000000FFFFFFFFFFULL;
    const Bitboard white = 0xFFFF000000000000ULL;
    REQUIRE(!core::legalMoves(black, white));
    REQUIRE(!core::legalMoves(white, black));
    const int diff = solvertest::finalDiff(black, white);
    REQUIRE(diff == 32);
    REQUIRE(evalSearch(toy, black, white, 3, -kEvalInfinity, kEvalInfinity, nodes) ==
            diff * kEvalUnitsPerDisc);
    REQUIRE(evalSearch(toy, white, black, 2, -kEvalInfinity, kEvalInfinity, nodes) ==
            -diff * kEvalUnitsPerDisc);

    // Random positions where the side to move must pass: the value is minus the opponent's
    // at the same depth.
    std::mt19937_64 rng(99);
    int passes = 0;
    for (int i = 0; i < 20000 && passes < 20; ++i) {
        const core::Position pos = solvertest::randomPosition(rng, static_cast<int>(rng() % 12));
        const Bitboard p = pos.player(), o = pos.opponentDiscs();
        if (core::legalMoves(p, o) || !core::legalMoves(o, p)) continue;
        ++passes;
        for (int depth = 1; depth <= 2; ++depth)
            REQUIRE(evalSearch(toy, p, o, depth, -kEvalInfinity, kEvalInfinity, nodes) ==
                    -plainNegamax(toy, o, p, depth));
    }
    REQUIRE(passes == 20);
}

TEST_CASE("estimates round to the nearest even disc difference within -64..64",
          "[solver][evalordering]") {
    constexpr int u = kEvalUnitsPerDisc;
    REQUIRE(estimateToEvenDiscs(0) == 0);
    REQUIRE(estimateToEvenDiscs(u - 1) == 0);      // just under 1 disc: 0
    REQUIRE(estimateToEvenDiscs(u) == 2);          // 1 disc, half-way: away from 0
    REQUIRE(estimateToEvenDiscs(3 * u - 1) == 2);  // just under 3 discs
    REQUIRE(estimateToEvenDiscs(3 * u) == 4);
    REQUIRE(estimateToEvenDiscs(-(u - 1)) == 0);
    REQUIRE(estimateToEvenDiscs(-u) == -2);
    REQUIRE(estimateToEvenDiscs(-5 * u) == -6);
    REQUIRE(estimateToEvenDiscs(80 * u) == 64);
    REQUIRE(estimateToEvenDiscs(-80 * u) == -64);
    for (int units = -70 * u; units <= 70 * u; units += 5) {
        const int e = estimateToEvenDiscs(units);
        REQUIRE(e % 2 == 0);
        REQUIRE(e >= -64);
        REQUIRE(e <= 64);
        if (units > -63 * u && units < 63 * u) {
            REQUIRE(std::abs(e * u - units) <= u);  // within one disc of the estimate
        }
    }
}
