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
// Verdict (`ok`): every stated answer reaches the goal. A problem without a stated answer
// checks ok: the goal moves found are then its answer. Goal text is never checked (`checked`
// false, ok). Apart from the verdict, `wrongValues` lists the values the source states that
// the exact values contradict (a note: Edax's fforum-20-39.obf states G1:-30 for FFO #31,
// whose exact value is -32; its answer G6 is right).
//
// "force a corner" needs no values: after the move, each reply of the opponent (a pass when it
// has none) must leave the mover a legal corner move; a move that ends the game fails.
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
    double maxSeconds = 60;  // the exact solve's time budget per problem (0: none); past it,
                             // the midgame search (with the same budget)
    int midgameDepth = 14;   // the midgame search's depth when the exact solve is out of budget
    int threads = 0;         // the solver's threads (0: every core)
};

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
    bool ok() const { return failingAnswers.empty(); }
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

// A line for people: "answer g7 (+6, exact) does not reach best: +10 by h2" or
// "ok: answer h2 (+10, exact)".
std::string verdictText(const Problem& problem, const CheckResult& result);

}  // namespace othello::problems
