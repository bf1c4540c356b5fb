// The goal checker against a plain reference search on random endgames (every move's value,
// which moves reach each goal, the verdict on a stated answer), force-a-corner with a pass
// reply, the budget's fallback to the midgame search said so, and a few FFO positions.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "../analysis/SolverTestUtil.h"
#include "core/Notation.h"
#include "core/Rules.h"
#include "problems/AnswerVerdict.h"
#include "problems/GoalChecker.h"
#include "problems/ObfFormat.h"

using namespace othello;

TEST_CASE("every move's value and each goal's moves agree with the reference search",
          "[problems][checker]") {
    std::mt19937_64 rng(20261128);
    problems::GoalChecker checker(nullptr, 16);
    problems::CheckBudget budget;
    budget.threads = 1;
    int checked = 0;
    for (int i = 0; i < 300; ++i) {
        const core::Position pos =
            solvertest::randomPosition(rng, 1 + static_cast<int>(rng() % 10));
        if (pos.isGameOver()) continue;
        const auto ref = solvertest::referenceMoves(pos.player(), pos.opponentDiscs());
        std::map<int, int> expected;
        int best = -65;
        for (const auto& m : ref) {
            expected[m.square] = m.value;
            best = std::max(best, m.value);
        }
        INFO(core::boardStringWithSide(pos));
        for (const problems::Goal goal :
             {problems::Goal::Best, problems::Goal::Win, problems::Goal::DrawOrBetter}) {
            problems::Problem p;
            p.position = pos;
            p.goal = goal;
            // The stated answer: a random legal move, right or wrong.
            const int answer = ref[rng() % ref.size()].square;
            p.answers = {answer};
            const problems::CheckResult r = checker.check(p, budget);
            REQUIRE(r.exact);
            CHECK(r.bestValue == best);
            REQUIRE(r.moves.size() == ref.size());
            auto reaches = [&](int v) {
                return goal == problems::Goal::Best  ? v == best
                       : goal == problems::Goal::Win ? v > 0
                                                     : v >= 0;
            };
            std::size_t goalMoves = 0;
            for (const problems::MoveCheck& m : r.moves) {
                CHECK(m.value == expected.at(m.move));
                CHECK(m.reachesGoal == reaches(m.value));
                goalMoves += reaches(m.value) ? 1 : 0;
            }
            CHECK(r.goalMoves.size() == goalMoves);
            CHECK(r.ok() == reaches(expected.at(answer)));
            if (!r.ok()) CHECK(r.failingAnswers == std::vector<int>{answer});
            ++checked;
        }
    }
    CHECK(checked > 600);
}

TEST_CASE("a stated value the exact value contradicts is a note and not a failure",
          "[problems][checker]") {
    problems::Problem p;
    p.position =
        core::parseBoard("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X")
            .position;
    p.answers = {core::parseSquare("g8")};
    p.values = {{core::parseSquare("g8"), 18}, {core::parseSquare("h1"), 10}};  // h1 is +12
    problems::GoalChecker checker;
    const auto r = checker.check(p);
    CHECK(r.ok());
    REQUIRE(r.wrongValues.size() == 1);
    CHECK(r.wrongValues[0].move == core::parseSquare("h1"));
    CHECK(problems::verdictText(p, r).find("note: the source states h1 +10, exact +12") !=
          std::string::npos);
    p.answers = {core::parseSquare("h1")};
    const auto wrong = checker.check(p);
    CHECK_FALSE(wrong.ok());
    CHECK(problems::verdictText(p, wrong).find("answer h1 (+12) does not reach the goal") !=
          std::string::npos);
}

TEST_CASE("force a corner: a pass reply counts and a move ending the game never does",
          "[problems][checker]") {
    // After Black's h7 White has no move (a pass), and Black then has a corner move.
    const core::Position q =
        core::parseBoard("------------O------OOO----OOOOOX---OOXXX--OOOXOX-O-OOOO-----X-O- X")
            .position;
    const int h7 = core::parseSquare("h7");
    REQUIRE(q.isLegal(h7));
    const auto replies = problems::cornerReplies(q, h7);
    REQUIRE(replies.size() == 1);
    CHECK(replies[0].reply == core::kPass);
    CHECK(replies[0].corners != 0);
    CHECK(replies[0].corners ==
          (problems::after(problems::after(q, h7), core::kPass).legalMoves() & core::kCorners));
    CHECK(problems::forcesCorner(q, h7));
    problems::Problem prob;
    prob.position = q;
    prob.goal = problems::Goal::Corner;
    prob.answers = {h7};
    problems::CheckBudget budget;
    budget.exactEmpties = 0;  // the verdict needs no value: estimates are enough here
    budget.midgameDepth = 2;
    problems::GoalChecker checker;
    const auto r = checker.check(prob, budget);
    CHECK(r.ok());
    CHECK(std::find(r.goalMoves.begin(), r.goalMoves.end(), h7) != r.goalMoves.end());
    // Every move judged by the same rule, one reply at a time.
    for (const auto& m : r.moves) {
        bool all = true;
        const core::Position after = problems::after(q, m.move);
        core::Bitboard replyMoves = after.legalMoves();
        if (!replyMoves)
            all = (problems::after(after, core::kPass).legalMoves() & core::kCorners) != 0;
        for (; replyMoves; replyMoves &= replyMoves - 1)
            all = all && (problems::after(after, core::lowestSquare(replyMoves)).legalMoves() &
                          core::kCorners) != 0;
        CHECK(m.reachesGoal == all);
    }

    // A move ending the game reaches no corner: Black fills the last square.
    const core::Position end(~core::bit(63) & ~core::bit(62), core::bit(62), core::Color::Black);
    REQUIRE(end.isLegal(63));
    CHECK(problems::cornerReplies(end, 63).empty());
    CHECK_FALSE(problems::forcesCorner(end, 63));
}

TEST_CASE("beyond the budget the values are the midgame search's and it says so",
          "[problems][checker]") {
    problems::Problem p;
    p.position = core::Position::start();
    p.goal = problems::Goal::Best;
    p.answers = {core::parseSquare("f5")};
    problems::CheckBudget budget;
    budget.midgameDepth = 4;
    problems::GoalChecker checker;
    const auto r = checker.check(p, budget);
    CHECK_FALSE(r.exact);
    CHECK(r.method.find("estimate: midgame search depth 4") != std::string::npos);
    CHECK(r.method.find("60 empties, over the exact budget of 30") != std::string::npos);
    CHECK(r.moves.size() == 4);
    for (const auto& m : r.moves) CHECK(m.kind == analysis::ValueKind::Estimate);
    CHECK(r.ok());  // the four openings are symmetric: all of the same value
}

namespace {

std::string fileText(const std::filesystem::path& file) {
    std::ifstream in(file);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

}  // namespace

// The whole of FFO #1-#39 is checked by `problems check` (README, the closing figures): here
// every line is read and a few positions are checked, to keep the suite fast.
TEST_CASE("FFO #1-#39 read whole and #1-#3 and #20 check clean from the shared data",
          "[problems][checker][ffo]") {
    const std::filesystem::path dir = std::filesystem::path(OTHELLO_SHARED_DATA) / "obf";
    if (!std::filesystem::exists(dir / "fforum-1-19.obf") ||
        !std::filesystem::exists(dir / "fforum-20-39.obf")) {
        WARN("skipped: " << dir.string()
                         << " has no FFO files (the shared data is not beside the project)");
        return;
    }
    problems::ObfReadOptions o;
    o.titlePrefix = "FFO #";
    const auto set = problems::readObf(fileText(dir / "fforum-1-19.obf"), o);
    CHECK(set.diagnostics.empty());
    REQUIRE(set.set.problems.size() == 19);
    o.firstNumber = 20;
    const auto more = problems::readObf(fileText(dir / "fforum-20-39.obf"), o);
    CHECK(more.diagnostics.empty());
    REQUIRE(more.set.problems.size() == 20);
    CHECK(more.set.problems.back().title == "FFO #39");
    for (const auto& p : more.set.problems) CHECK_FALSE(p.answers.empty());
    problems::GoalChecker checker;
    const std::vector<problems::Problem> some = {set.set.problems[0], set.set.problems[1],
                                                 set.set.problems[2], more.set.problems[0]};
    for (const auto& p : some) {
        const auto r = checker.check(p);
        INFO(p.title << ": " << problems::verdictText(p, r));
        CHECK(r.exact);
        CHECK(r.ok());
        CHECK(r.wrongValues.empty());
    }
}

TEST_CASE("values a source states are shown and used as the source's, never as exact",
          "[problems][checker]") {
    problems::Problem p;
    p.position = core::Position::start();
    p.goal = problems::Goal::Best;
    int value = 4;
    for (core::Bitboard m = p.position.legalMoves(); m; m &= m - 1, value -= 2)
        p.values.push_back({std::countr_zero(m), value});
    const auto stated = problems::statedCheck(p);
    REQUIRE(stated);
    CHECK_FALSE(stated->exact);  // it said exact: a source may be wrong (FFO #31)
    CHECK(stated->method == problems::kStatedMethod);
    CHECK(problems::valueLabel(stated->moves[0]) == "~+4");
    const problems::Verdict right = problems::judgeAnswer(p, p.values[0].move, stated);
    CHECK(right.right);
    CHECK(right.text.find("the source's values, not checked by the engine") != std::string::npos);
}

namespace {

// The depth a midgame method names ("estimate: midgame search depth 8 (...)"), 0 when none.
int depthOf(const std::string& method) {
    const auto at = method.find("depth ");
    return at == std::string::npos ? 0 : std::stoi(method.substr(at + 6));
}

}  // namespace

TEST_CASE("a corner verdict solves nothing it does not need and the budget is per problem",
          "[problems][checker]") {
    problems::GoalChecker checker(nullptr, 16);
    problems::CheckBudget budget;
    budget.threads = 1;
    // The booklet's puzzle 5 (20 empties): its corner verdict needs no value, so the values are
    // a quick look (it solved every move exactly: the booklet's check took 190 s).
    problems::Problem corner;
    corner.position =
        core::parseBoard("--OOOO----OOOO--OOXXOOOOOOOXXXOO-OOOOOOO--OOOOOX--OOOO----OOO--- X")
            .position;
    corner.goal = problems::Goal::Corner;
    corner.answers = {core::parseSquare("g7")};
    const problems::CheckResult c = checker.check(corner, budget);
    CHECK(c.ok());
    CHECK(c.goalMoves == std::vector<int>{core::parseSquare("g7")});
    CHECK_FALSE(c.exact);
    CHECK(depthOf(c.method) >= 1);
    CHECK(depthOf(c.method) <= problems::kCornerDepth);

    // An exact solve out of time leaves the midgame search what is left of the problem's
    // budget, its first iterations at least: far shallower than the search alone gets with the
    // whole budget (it had the whole budget again). Compared, not timed: a loaded machine
    // slows both.
    std::mt19937_64 rng(29);
    const core::Position big = solvertest::randomPosition(rng, 30);
    REQUIRE(big.canMove());
    budget.exactEmpties = 30;
    budget.maxSeconds = 0.5;
    budget.midgameDepth = 30;
    const problems::CheckResult after = problems::GoalChecker(nullptr, 16).values(big, budget);
    budget.exactEmpties = 0;  // the search alone, the whole budget
    const problems::CheckResult alone = problems::GoalChecker(nullptr, 16).values(big, budget);
    INFO(after.method << " / " << alone.method);
    CHECK_FALSE(after.exact);
    CHECK(after.method.find("the exact solve did not finish") != std::string::npos);
    CHECK(depthOf(after.method) >= 1);
    CHECK(depthOf(after.method) + 2 <= depthOf(alone.method));
}
