// The generic solver (analysis/RulesSolver.h) against a plain minimax written here over core's
// rule-aware moves (another code path: core::ruleMoves, no table, no ordering, no pruning) on
// random positions of each rule set, and against Othello's own solver on Othello positions.
#include <catch2/catch.hpp>

#include <map>
#include <random>

#include "SolverTestUtil.h"
#include "analysis/RulesReview.h"
#include "analysis/RulesSolver.h"
#include "core/Notation.h"
#include "core/Replay.h"

using namespace othello;

namespace {

// The rules' final score difference from the side to move under perfect play: slow, obviously
// right.
int rulesMinimax(const core::Position& p, const core::Rules& rules) {
    if (core::isGameOver(p, rules)) {
        const core::Score s = core::finalScore(p, rules.scoring);
        return p.toMove() == core::Color::Black ? s.black - s.white : s.white - s.black;
    }
    int best = -65;
    for (const core::RuleMove& m : core::ruleMoves(p, rules)) {
        core::Position q = p;
        core::playRuleMove(q, m);
        best = std::max(best, -rulesMinimax(q, rules));
    }
    return best;
}

// A position of `rules` reached by random moves from its start (placements included) with
// `empties` empty squares, or the end of the game if it comes sooner.
core::Position randomRulesPosition(std::mt19937_64& rng, const core::Rules& rules, int empties) {
    core::Position p = *core::rulesStart(rules);
    while ((core::inPlacements(p, rules) || p.emptyCount() > empties) &&
           !core::isGameOver(p, rules)) {
        const auto moves = core::ruleMoves(p, rules);
        core::playRuleMove(p, moves[rng() % moves.size()]);
    }
    return p;
}

std::vector<core::Rules> ruleSetsUnderTest() {
    return {core::othelloRules(), core::reversiRules(), core::reversiAllLinesRules(),
            core::parseRules("othello+handicap-a1h8-white+white-first").rules,
            core::parseRules("reversi+handicap-a1-black+empties").rules};
}

}  // namespace

TEST_CASE("rules solver: every move's value equals a plain minimax under each rule set",
          "[solver][rules]") {
    std::mt19937_64 rng(20261128);
    analysis::RulesSolver solver(8);
    analysis::SolveOptions every;
    every.allMoves = true;
    for (const core::Rules& rules : ruleSetsUnderTest()) {
        for (int i = 0; i < 100; ++i) {
            const int empties = 1 + static_cast<int>(rng() % 8);  // 1..8
            const core::Position pos = randomRulesPosition(rng, rules, empties);
            INFO(core::rulesCode(rules) << " " << core::boardStringWithSide(pos));
            const auto moves = core::ruleMoves(pos, rules);
            std::map<int, int> expected;  // token -> value
            int best = -65;
            for (const core::RuleMove& m : moves) {
                core::Position q = pos;
                core::playRuleMove(q, m);
                expected[m.move] = -rulesMinimax(q, rules);
                best = std::max(best, expected[m.move]);
            }
            if (moves.empty()) best = rulesMinimax(pos, rules);

            const analysis::SolveResult all = solver.solve(pos, rules, every);
            REQUIRE(all.complete);
            CHECK(all.kind == analysis::ValueKind::Exact);
            CHECK(all.value == best);
            REQUIRE(all.moves.size() == moves.size());  // the same moves, tokens and all
            for (const analysis::MoveValue& m : all.moves) {
                INFO(core::moveName(m.square));
                REQUIRE(expected.count(m.square) == 1);
                CHECK(m.value == expected[m.square]);
            }
            if (!moves.empty()) {
                CHECK(all.moves.front().value == best);
                CHECK(expected[all.bestMove] == best);
            } else {
                CHECK(all.bestMove == core::kNoSquare);
            }

            const analysis::SolveResult one = solver.solve(pos, rules);
            REQUIRE(one.complete);
            CHECK(one.value == best);
            CHECK(one.moves.empty());
            if (!moves.empty()) CHECK(expected[one.bestMove] == best);
            // The best line is legal and, played out, ends the game at the value.
            core::Position q = pos;
            for (const int token : one.pv) {
                const auto legal = core::ruleMoves(q, rules);
                const auto it = std::find_if(legal.begin(), legal.end(),
                                             [&](const core::RuleMove& m) { return m.move == token; });
                REQUIRE(it != legal.end());
                core::playRuleMove(q, *it);
            }
            REQUIRE(core::isGameOver(q, rules));
            const core::Score s = core::finalScore(q, rules.scoring);
            const int end = pos.toMove() == core::Color::Black ? s.black - s.white : s.white - s.black;
            CHECK(end == best);
        }
    }
}

TEST_CASE("rules solver: Othello's rules give the values of Othello's solver", "[solver][rules]") {
    std::mt19937_64 rng(281128);
    analysis::RulesSolver generic(16);
    analysis::Solver othello(16);
    analysis::SolveOptions every;
    every.allMoves = true;
    every.threads = 1;
    for (int i = 0; i < 40; ++i) {
        const int empties = 6 + static_cast<int>(rng() % 7);  // 6..12
        const core::Position pos = solvertest::randomPosition(rng, empties);
        INFO(core::boardStringWithSide(pos));
        const analysis::SolveResult a = generic.solve(pos, core::othelloRules(), every);
        const analysis::SolveResult b = othello.solve(pos, every);
        REQUIRE(a.complete);
        REQUIRE(b.complete);
        CHECK(a.value == b.value);
        std::map<int, int> values;
        for (const auto& m : b.moves) values[m.square] = m.value;
        REQUIRE(a.moves.size() == b.moves.size());
        for (const auto& m : a.moves) CHECK(values.at(m.square) == m.value);
    }
}

TEST_CASE("rules solver: disc scoring counts the discs on the board, empties for nobody",
          "[solver][rules]") {
    // Black a1 b1 c1, White h8: nobody can move, 3-1 with 60 empties.
    const core::Position over(testing::squares({"a1", "b1", "c1"}), testing::squares({"h8"}),
                              core::Color::White);
    analysis::RulesSolver solver(1);
    CHECK(solver.solve(over, core::reversiRules()).value == -2);
    CHECK(solver.solve(over, core::othelloRules()).value == -62);  // 63-1, empties to Black
    // A wipe-out is 64-0 with the empties, 3-0 without.
    const core::Position wipe(testing::squares({"a1"}), testing::squares({"b1"}),
                              core::Color::Black);
    CHECK(solver.solve(wipe, core::reversiAllLinesRules()).value == 3);
    CHECK(solver.solve(wipe, core::othelloRules()).value == 64);
}

TEST_CASE("rules solver: a budget stops it with a bound, never a wrong exact value",
          "[solver][rules]") {
    analysis::RulesSolver solver(8);
    const core::Rules rules = core::reversiRules();
    // In the placements the whole game is ahead: the budget stops it.
    analysis::SolveOptions budget;
    budget.maxNodes = 20000;
    budget.allMoves = true;
    const analysis::SolveResult placing = solver.solve(*core::rulesStart(rules), rules, budget);
    CHECK_FALSE(placing.complete);
    CHECK(placing.stop == analysis::StopReason::NodeBudget);
    CHECK(placing.kind == analysis::ValueKind::Bound);
    CHECK(placing.bestMove == core::kNoSquare);
    CHECK(placing.pv.empty());

    // With every move asked, the moves solved before the stop are exact (checked by a full
    // solve), the others left out; the bound holds the true value.
    std::mt19937_64 rng(7);
    const core::Position pos = randomRulesPosition(rng, rules, 11);
    analysis::SolveOptions every;
    every.allMoves = true;
    const analysis::SolveResult full = solver.solve(pos, rules, every);
    REQUIRE(full.complete);
    std::map<int, int> values;
    for (const auto& m : full.moves) values[m.square] = m.value;
    every.maxNodes = full.nodes / 2;
    analysis::RulesSolver fresh(8);
    const analysis::SolveResult part = fresh.solve(pos, rules, every);
    REQUIRE_FALSE(part.complete);
    CHECK(part.moves.size() < full.moves.size());
    for (const auto& m : part.moves) CHECK(values.at(m.square) == m.value);
    CHECK(part.lower <= full.value);
    CHECK(full.value <= part.upper);

    std::atomic<bool> cancel{true};
    analysis::SolveOptions cancelled;
    cancelled.cancel = &cancel;
    const analysis::SolveResult c = fresh.solve(randomRulesPosition(rng, rules, 16), rules, cancelled);
    CHECK_FALSE(c.complete);
    CHECK(c.stop == analysis::StopReason::Cancelled);
}

TEST_CASE("rules solver: Othello's analysis applies to games played as Othello only",
          "[solver][rules]") {
    CHECK(analysis::othelloAnalysisApplies(core::othelloRules()));
    CHECK(analysis::othelloAnalysisApplies(
        core::parseRules("othello+handicap-a1h8-white+white-first").rules));
    CHECK(analysis::othelloAnalysisApplies(core::parseRules("othello+position").rules));
    CHECK(analysis::othelloAnalysisApplies(core::parseRules("othello+mirrored").rules));
    CHECK_FALSE(analysis::othelloAnalysisApplies(core::reversiRules()));
    CHECK_FALSE(analysis::othelloAnalysisApplies(core::reversiAllLinesRules()));
    CHECK_FALSE(analysis::othelloAnalysisApplies(core::parseRules("othello+discs").rules));
    CHECK_FALSE(analysis::othelloAnalysisApplies(core::parseRules("othello+placements").rules));
    CHECK_FALSE(analysis::othelloAnalysisApplies(core::parseRules("reversi+empties+cross").rules));
}


namespace {

// A whole random game of `rules` from its start (placements included), as move tokens.
std::vector<int> randomRulesGame(std::mt19937_64& rng, const core::Rules& rules) {
    std::vector<int> moves;
    core::Position p = *core::rulesStart(rules);
    while (!core::isGameOver(p, rules)) {
        const auto legal = core::ruleMoves(p, rules);
        const core::RuleMove m = legal[rng() % legal.size()];
        moves.push_back(m.move);
        core::playRuleMove(p, m);
    }
    return moves;
}

}  // namespace

TEST_CASE("rules review: the moves within reach judged exactly in the rules' scoring, the others "
          "unavailable",
          "[solver][rules][review]") {
    std::mt19937_64 rng(5);
    analysis::RulesSolver solver(8);
    for (const core::Rules& rules : {core::reversiRules(), core::reversiAllLinesRules()}) {
        const std::vector<int> moves = randomRulesGame(rng, rules);
        const core::Position start = *core::rulesStart(rules);
        analysis::RulesReviewOptions options;
        options.exactEmpties = 7;
        options.allMoves = true;
        const analysis::RulesReview r =
            analysis::reviewUnderRules(start, moves, rules, options, solver);
        const core::ReplayResult game = core::replay(start, moves, rules);
        REQUIRE_FALSE(game.error);
        INFO(core::rulesCode(rules));
        CHECK(r.review.complete);
        CHECK_FALSE(r.review.midgame);
        int discsPlayed = 0, judged = 0;
        for (std::size_t i = 0; i < game.plies.size(); ++i) {
            const core::Ply& ply = game.plies[i];
            if (ply.square == core::kPass) continue;
            ++discsPlayed;
            const core::Position& at = game.positions[i];
            if (ply.placement || at.emptyCount() > 7) continue;
            REQUIRE(static_cast<std::size_t>(judged) < r.review.moves.size());
            const analysis::ReviewedMove& m = r.review.moves[static_cast<std::size_t>(judged++)];
            CHECK(m.ply == static_cast<int>(i));
            CHECK(m.moveNumber == discsPlayed);
            CHECK(m.empties == at.emptyCount());
            CHECK(m.kind == analysis::ValueKind::Exact);
            // Black's view, in the rules' scoring, checked against the plain minimax.
            const int sign = ply.side == core::Color::Black ? 1 : -1;
            CHECK(m.value == sign * rulesMinimax(at, rules));
            CHECK(m.playedValue == sign * -rulesMinimax(game.positions[i + 1], rules));
            CHECK(m.loss == sign * (m.value - m.playedValue));
            CHECK(m.loss >= 0);
            CHECK(m.moves.size() == core::ruleMoves(at, rules).size());
            CHECK(std::find(m.bestMoves.begin(), m.bestMoves.end(), m.moves.front().square) !=
                  m.bestMoves.end());
        }
        CHECK(r.review.moves.size() == static_cast<std::size_t>(judged));
        CHECK(r.unavailable == discsPlayed - judged);
        CHECK(r.unavailable >= 4 + (60 - 7));  // the placements and every move before 7 empties
        CHECK(r.exactFrom == (judged > 0 ? r.review.moves.front().empties : 0));
    }
}

TEST_CASE("rules review: past the budget the earlier moves are not tried", "[solver][rules][review]") {
    std::mt19937_64 rng(11);
    const core::Rules rules = core::reversiRules();
    const std::vector<int> moves = randomRulesGame(rng, rules);
    analysis::RulesSolver solver(8);
    analysis::RulesReviewOptions options;
    options.exactEmpties = 60;
    options.secondsPerPosition = 0.05;
    int calls = 0;
    options.onProgress = [&calls](int, int) { ++calls; };
    const analysis::RulesReview r =
        analysis::reviewUnderRules(*core::rulesStart(rules), moves, rules, options, solver);
    CHECK(r.review.complete);
    REQUIRE_FALSE(r.review.moves.empty());
    CHECK(r.review.moves.size() < 56);  // 56 moves after the placements: not all in 0.05 s each
    CHECK(r.review.stats.solved == static_cast<int>(r.review.moves.size()) + 1);  // one in vain
    // The judged moves are the game's last ones (the game has no pass in its last moves here or
    // the ply numbers say where it was).
    CHECK(r.review.moves.back().empties <= 2);
    CHECK(r.exactFrom == r.review.moves.front().empties);
    CHECK(calls > 0);
}
