// The search's null-window contract, node by node, in the last empties (the code of its own for
// 1-4 empties, the generic last plies, the table from kTableEmpties): for every alpha, a result
// above alpha is a lower bound of the true value and one at or below it an upper bound.
#include <catch2/catch.hpp>

#include "SolverTestUtil.h"
#include "analysis/EndgameSearch.h"
#include "analysis/SearchControl.h"
#include "core/Notation.h"

using namespace othello;
using namespace solvertest;

TEST_CASE("nws bounds hold at every alpha in the last empties", "[solver][nws]") {
    std::mt19937_64 rng(77);
    analysis::TranspositionTable table(4);
    int above = 0, below = 0, positions = 0;
    for (int i = 0; i < 1200; ++i) {
        const int empties = 1 + i % 10;
        const core::Position pos = randomPosition(rng, empties);
        if (pos.isGameOver()) continue;
        const Bitboard p = pos.player(), o = pos.opponentDiscs();
        const int truth = reference(p, o);
        ++positions;
        // Every alpha near the value, and a few far from it.
        for (int alpha = -65; alpha <= 64; ++alpha) {
            if (std::abs(alpha - truth) > 6 && alpha % 9 != 0) continue;
            analysis::SearchControl control(table);
            analysis::EndgameSearch search(control, true);
            table.clear();
            const int r = search.nws(p, o, alpha);
            INFO(core::boardStringWithSide(pos)
                 << " alpha " << alpha << " value " << truth << " result " << r);
            REQUIRE(r >= -64);
            REQUIRE(r <= 64);
            if (r > alpha) {
                REQUIRE(truth >= r);
                ++above;
            } else {
                REQUIRE(truth <= r);
                ++below;
            }
        }
    }
    CHECK(positions > 1000);
    CHECK(above > 5000);
    CHECK(below > 5000);
}
