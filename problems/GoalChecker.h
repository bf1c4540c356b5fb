#pragma once
// Checking a problem against its goal (Problem.h): the value of every legal move, which moves
// reach the goal, and whether the stated answer is among them.
//
// Values. Within the budget (at most CheckBudget::exactEmpties empties, and the exact solve
// finishing within maxSeconds) every move's value is the solver's exact value; otherwise the
// midgame search's value at CheckBudget::midgameDepth, an estimate, and the result says so
// (`exact` false, `method` in words). A goal judged on estimates (best, win, draw) is only as
// good as they are: `check` says "estimate" beside every such verdict.
//
// Verdict (`ok`): some move reaches the goal and every stated answer reaches it. A problem
// without a stated answer checks ok when a move reaches the goal (the goal moves found are then
// its answer); a problem where no move reaches its goal fails, answer or not: it has no answer
// to find. Goal text is never checked (`checked` false, ok). Apart from the verdict, `wrongValues` lists the values the source states that
// the exact values contradict (a note: Edax's fforum-20-39.obf states G1:-30 for FFO #31,
// whose exact value is -32; its answer G6 is right).
//
// "force a corner" needs no values: after the move, each reply of the opponent (a pass when it
// has none) must leave the mover a legal corner move; a move that ends the game fails. Its
// verdict is exact whatever the values; they are only shown, so they are computed cheaply
// (cornerValuesBudget: exact up to kCornerExactEmpties empties, else the midgame search at
// depth kCornerDepth at most, said so), never solved at the full budget.
//
// Budget: CheckBudget::maxSeconds is per problem: the midgame search after an exact solve
// that ran out of time gets what is left of it (at least its first iteration).
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "Problem.h"
#include "analysis/SearchTypes.h"
#include "core/Position.h"

namespace othello::analysis {
class Evaluator;
}

namespace othello::problems {

struct CheckBudget {
    int exactEmpties = 30;   // exact values up to this many empties
    double maxSeconds = 60;  // the time budget per problem (0: none): the exact solve's; past
                             // it, the midgame search gets what is left
    int midgameDepth = 14;   // the midgame search's depth when the exact solve is out of budget
    int threads = 0;         // the solver's threads (0: every core)
};

// The values' budget of a corner problem (see above): `budget` capped.
inline constexpr int kCornerExactEmpties = 16;
inline constexpr int kCornerDepth = 8;
CheckBudget cornerValuesBudget(const CheckBudget& budget);

struct MoveCheck {
    int move = core::kNoSquare;  // a square or core::kPass
    int value = 0;               // discs, from the mover's point of view
    analysis::ValueKind kind = analysis::ValueKind::Exact;
    bool reachesGoal = false;
    bool answer = false;  // among the stated answers
};

struct CheckResult {
    bool checked = false;  // false for goal text
    bool exact = false;    // the values are the solver's exact values
    std::string method;    // "exact" or "estimate: midgame search depth 14 (...why...)"
    int bestValue = 0;
    std::vector<MoveCheck> moves;          // every legal move, best first (a forced pass: kPass)
    std::vector<int> goalMoves;            // the moves that reach the goal, best first
    std::vector<int> failingAnswers;       // stated answers that do not reach it
    std::vector<StatedValue> wrongValues;  // stated values the exact values contradict
    double seconds = 0;
    bool ok() const { return failingAnswers.empty() && (!checked || !goalMoves.empty()); }
    // The value of `move` (nullptr when it is no legal move).
    const MoveCheck* find(int move) const;
};

// One reply of the opponent after a move, and the corners the mover may then take.
struct CornerReply {
    int reply = core::kNoSquare;  // a square or core::kPass
    core::Bitboard corners = 0;   // the mover's legal corner moves after it
};
// The opponent's replies to `move` in `p` (a pass when it has none; empty when the game ends).
std::vector<CornerReply> cornerReplies(const core::Position& p, int move);
// The corner goal: every reply leaves the mover a corner (false when the game ends).
bool forcesCorner(const core::Position& p, int move);
// The goal rule of the goals values decide: best (the best value, `best`; ties reach it), win
// (> 0), draw (>= 0). False for corner and text, which values do not decide. One home for the
// checker and the stated values (AnswerVerdict.h statedCheck).
bool valueReachesGoal(Goal goal, int value, int best);
// `p` after `move` (a square or kPass), the move assumed legal.
core::Position after(const core::Position& p, int move);

class GoalChecker {
  public:
    // The evaluator for the estimates beyond the budget: nullptr takes the standard learned
    // evaluation (analysis::Evaluation::standard()) on first need.
    explicit GoalChecker(std::shared_ptr<const analysis::Evaluator> evaluator = nullptr,
                         std::size_t tableMegabytes = 64);
    ~GoalChecker();
    GoalChecker(const GoalChecker&) = delete;
    GoalChecker& operator=(const GoalChecker&) = delete;

    CheckResult check(const Problem& problem, const CheckBudget& budget = {});
    // The values alone (every legal move, best first) with `exact` and `method` set.
    CheckResult values(const core::Position& position, const CheckBudget& budget = {});

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// A problem made from a position (`problems from-game`, the viewer's "make a problem"): every
// move the check found reaching the goal becomes its answer, the difficulty's goalMoves counted,
// every move's value kept when exact. Returns why it cannot be a problem ("" when done): no move
// reaches its goal.
std::string takeAnswers(Problem& p, const CheckResult& c);

// A line for people: "answer g7 (+6, exact) does not reach best: +10 by h2" or
// "ok: answer h2 (+10, exact)".
std::string verdictText(const Problem& problem, const CheckResult& result);

}  // namespace othello::problems
