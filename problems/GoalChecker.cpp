#include "GoalChecker.h"

#include <algorithm>
#include <chrono>
#include <cstdio>

#include "analysis/Evaluation.h"
#include "analysis/MidgameSearch.h"
#include "analysis/Solver.h"
#include "core/Notation.h"
#include "core/Rules.h"
#include "core/Words.h"

namespace othello::problems {

core::Position after(const core::Position& p, int move) {
    core::Position q = p;
    if (move == core::kPass)
        q.pass();
    else
        q.play(move);
    return q;
}

std::vector<CornerReply> cornerReplies(const core::Position& p, int move) {
    const core::Position q = after(p, move);
    std::vector<CornerReply> out;
    if (q.isGameOver()) return out;
    std::vector<int> replies;
    for (core::Bitboard m = q.legalMoves(); m; m &= m - 1) replies.push_back(std::countr_zero(m));
    if (replies.empty()) replies.push_back(core::kPass);
    for (const int r : replies) {
        const core::Position back = after(q, r);
        out.push_back({r, back.legalMoves() & core::kCorners});
    }
    return out;
}

bool forcesCorner(const core::Position& p, int move) {
    const std::vector<CornerReply> replies = cornerReplies(p, move);
    return !replies.empty() && std::all_of(replies.begin(), replies.end(),
                                           [](const CornerReply& r) { return r.corners != 0; });
}

bool valueReachesGoal(Goal goal, int value, int best) {
    switch (goal) {
        case Goal::Best: return value == best;
        case Goal::Win: return value > 0;
        case Goal::DrawOrBetter: return value >= 0;
        default: return false;
    }
}

const MoveCheck* CheckResult::find(int move) const {
    for (const MoveCheck& m : moves)
        if (m.move == move) return &m;
    return nullptr;
}

struct GoalChecker::Impl {
    std::shared_ptr<const analysis::Evaluator> evaluator;
    std::size_t tableMegabytes;
    analysis::Solver solver;
    std::unique_ptr<analysis::MidgameSearch> midgame;  // made on first need

    Impl(std::shared_ptr<const analysis::Evaluator> e, std::size_t mb)
        : evaluator(std::move(e)), tableMegabytes(mb), solver(mb) {}

    analysis::MidgameSearch& search() {
        if (!midgame) {
            if (!evaluator) evaluator = analysis::Evaluation::standard();
            midgame = std::make_unique<analysis::MidgameSearch>(evaluator, tableMegabytes / 2);
        }
        return *midgame;
    }
};

GoalChecker::GoalChecker(std::shared_ptr<const analysis::Evaluator> evaluator,
                         std::size_t tableMegabytes)
    : impl_(std::make_unique<Impl>(std::move(evaluator), tableMegabytes)) {}

GoalChecker::~GoalChecker() = default;

CheckResult GoalChecker::values(const core::Position& position, const CheckBudget& budget) {
    CheckResult r;
    if (position.isGameOver()) return r;
    if (position.mustPass()) {
        // The one move is the pass: its value is minus the opponent's best.
        CheckResult next = values(after(position, core::kPass), budget);
        r.exact = next.exact;
        r.method = next.method;
        r.bestValue = -next.bestValue;
        r.moves.push_back({core::kPass, r.bestValue,
                           next.moves.empty() ? analysis::ValueKind::Exact : next.moves[0].kind});
        return r;
    }
    const int empties = position.emptyCount();
    const auto start = std::chrono::steady_clock::now();
    std::string why;
    if (empties <= budget.exactEmpties) {
        analysis::SolveOptions o;
        o.allMoves = true;
        o.maxSeconds = budget.maxSeconds;
        o.threads = budget.threads;
        const analysis::SolveResult s = impl_->solver.solve(position, o);
        if (s.complete && s.kind == analysis::ValueKind::Exact) {
            r.exact = true;
            r.method = "exact";
            r.bestValue = s.value;
            for (const analysis::MoveValue& m : s.moves)
                r.moves.push_back({m.square, m.value, analysis::ValueKind::Exact});
            return r;
        }
        char seconds[32];
        std::snprintf(seconds, sizeof seconds, "%g", budget.maxSeconds);
        why = std::string("the exact solve did not finish within ") + seconds + " s";
    } else {
        why = std::to_string(empties) + " empties, over the exact budget of " +
              std::to_string(budget.exactEmpties);
    }
    analysis::MidgameOptions o;
    o.depth = budget.midgameDepth;
    o.exactEmpties = -1;
    // The budget is per problem: the search gets what the exact solve left (its first
    // iteration always finishes, minDepth 1, so there is a value even when nothing is left).
    if (budget.maxSeconds > 0) {
        const double spent =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        o.maxSeconds = std::max(budget.maxSeconds - spent, 1e-3);
    }
    o.minDepth = 1;
    o.allMoves = true;
    o.solverThreads = budget.threads;
    const analysis::MidgameResult m = impl_->search().search(position, o);
    r.exact = m.kind == analysis::ValueKind::Exact;
    r.method = r.exact
                   ? "exact (the search reached the end of the game)"
                   : "estimate: midgame search depth " + std::to_string(m.depth) + " (" + why + ")";
    r.bestValue = m.value;
    for (const analysis::MidgameMoveValue& v : m.moves)
        r.moves.push_back({v.square, v.value, v.kind});
    return r;
}

CheckBudget cornerValuesBudget(const CheckBudget& budget) {
    CheckBudget b = budget;
    b.exactEmpties = std::min(budget.exactEmpties, kCornerExactEmpties);
    b.midgameDepth = std::min(budget.midgameDepth, kCornerDepth);
    return b;
}

CheckResult GoalChecker::check(const Problem& problem, const CheckBudget& budget) {
    const auto start = std::chrono::steady_clock::now();
    CheckResult r = values(problem.position,
                           problem.goal == Goal::Corner ? cornerValuesBudget(budget) : budget);
    r.checked = goalIsChecked(problem.goal);
    for (MoveCheck& m : r.moves) {
        m.answer = std::find(problem.answers.begin(), problem.answers.end(), m.move) !=
                   problem.answers.end();
        m.reachesGoal = problem.goal == Goal::Corner
                            ? forcesCorner(problem.position, m.move)
                            : valueReachesGoal(problem.goal, m.value, r.bestValue);
        if (r.checked && m.reachesGoal) r.goalMoves.push_back(m.move);
    }
    if (r.checked) {
        for (const int a : problem.answers) {
            const MoveCheck* m = r.find(a);
            if (!m || !m->reachesGoal) r.failingAnswers.push_back(a);
        }
        if (r.exact)
            for (const StatedValue& v : problem.values) {
                const MoveCheck* m = r.find(v.move);
                if (!m || m->value != v.value) r.wrongValues.push_back(v);
            }
    }
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return r;
}

std::string takeAnswers(Problem& p, const CheckResult& c) {
    if (c.checked && c.goalMoves.empty())
        return std::string("no move reaches the goal (") + goalName(p.goal) + "): not a problem";
    p.answers = c.goalMoves;
    p.difficulty.goalMoves = static_cast<int>(c.goalMoves.size());
    p.values.clear();
    if (c.exact)
        for (const MoveCheck& m : c.moves) p.values.push_back({m.move, m.value});
    return {};
}

namespace {

using core::signedValue;

std::string valued(const CheckResult& r, int move) {
    const MoveCheck* m = r.find(move);
    if (!m) return core::squareName(move) + " (not legal)";
    return core::squareName(move) + " (" + signedValue(m->value) + ")";
}

}  // namespace

std::string verdictText(const Problem& problem, const CheckResult& r) {
    const std::string kind = r.exact ? "exact" : "estimate";
    if (!r.checked) return "not checked: goal text (" + problem.question + ")";
    std::string goalPart = std::string(goalName(problem.goal)) + ": ";
    if (r.goalMoves.empty())
        goalPart += "no move reaches it";
    else {
        goalPart += "reached by ";
        for (std::size_t i = 0; i < r.goalMoves.size(); ++i)
            goalPart += (i ? ", " : "") + valued(r, r.goalMoves[i]);
    }
    goalPart += "; best value " + signedValue(r.bestValue) + " (" + kind + ")";
    std::string s;
    if (r.goalMoves.empty()) s = "no move reaches the goal";
    if (r.failingAnswers.empty() && !r.goalMoves.empty()) {
        s = problem.answers.empty() ? "ok (no stated answer)" : "ok: answer";
        for (const int a : problem.answers) s += " " + valued(r, a);
    }
    for (const int a : r.failingAnswers)
        s += (s.empty() ? "" : "; ") + std::string("answer ") + valued(r, a) +
             " does not reach the goal";
    s += "; " + goalPart;
    for (const StatedValue& v : r.wrongValues) {
        const MoveCheck* m = r.find(v.move);
        s += "; note: the source states " + core::squareName(v.move) + " " + signedValue(v.value) +
             ", exact " + (m ? signedValue(m->value) : std::string("(not legal)"));
    }
    return s;
}

}  // namespace othello::problems
