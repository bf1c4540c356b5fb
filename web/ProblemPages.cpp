// The problem set pages of the web archive (see ProblemPages.h).
#include "web/ProblemPages.h"

#include <fmt/core.h>

#include <nlohmann/json.hpp>

#include "core/Notation.h"
#include "problems/AnswerVerdict.h"
#include "web/Html.h"
#include "web/SitePages.h"
#include "web/SitePaths.h"

namespace othello::web {

namespace pr = othello::problems;

namespace {

// The line the page plays for "Show solution": the source's line, else its first answer, else
// the best move reaching the goal.
std::vector<int> solutionOf(const pr::Problem& p, const std::optional<pr::CheckResult>& c) {
    if (!p.line.empty()) return p.line;
    if (!p.answers.empty()) return {p.answers.front()};
    if (c && !c->goalMoves.empty()) return {c->goalMoves.front()};
    return {};
}

nlohmann::json moveNames(const std::vector<int>& moves) {
    nlohmann::json out = nlohmann::json::array();
    for (const int m : moves) out.push_back(core::squareName(m));
    return out;
}

// One problem as the page's script reads it.
nlohmann::json problemData(const pr::Problem& p, pr::GoalChecker& checker) {
    std::optional<pr::CheckResult> check = pr::statedCheck(p);
    if (!check && p.goal != pr::Goal::Text) check = checker.check(p, publishBudget(p.goal));
    nlohmann::json moves = nlohmann::json::object();
    const core::Bitboard legal = p.position.legalMoves();
    for (int sq = 0; sq < 64; ++sq) {
        if (!(legal >> sq & 1)) continue;
        const pr::Verdict v = pr::judgeAnswer(p, sq, check);
        const pr::MoveCheck* m = check ? check->find(sq) : nullptr;
        moves[core::squareName(sq)] = {{"right", v.right},
                                       {"text", v.text},
                                       {"value", m ? pr::valueLabel(*m) : std::string()}};
    }
    std::string details = std::to_string(p.difficulty.empties) + " empties";
    if (!p.source.empty()) details += " · source: " + p.source;
    return {{"title", p.title},
            {"board", core::boardString(p.position)},
            {"black", p.position.toMove() == core::Color::Black},
            {"goal", p.question.empty() ? pr::goalDescription(p.goal) : p.question},
            {"details", details},
            {"values", check ? "Values: " + check->method
                             : std::string("The engine does not check this goal.")},
            {"moves", moves},
            {"solution", moveNames(solutionOf(p, check))}};
}

}  // namespace

pr::CheckBudget publishBudget(pr::Goal goal) {
    pr::CheckBudget b;
    if (goal == pr::Goal::Corner || goal == pr::Goal::Text) {  // the values only inform: a quick look
        b.exactEmpties = 18;
        b.maxSeconds = 5;
        b.midgameDepth = 10;
        return b;
    }
    b.exactEmpties = 24;
    b.maxSeconds = 20;
    b.midgameDepth = 14;
    return b;
}

std::string problemSetsSection(const std::vector<storage::ProblemSetInfo>& sets) {
    if (sets.empty()) return {};
    std::string s = "<section class=\"problem-sets\"><h2>Problems</h2>\n<ul>\n";
    for (const auto& set : sets)
        s += fmt::format("<li><a href=\"{}\">{}</a> <span class=\"meta\">{} problems{}</span></li>\n",
                         problemSetPath(set.id), escapeHtml(set.name), set.problems,
                         set.description.empty() ? "" : " · " + escapeHtml(set.description));
    return s + "</ul></section>\n";
}

std::string problemSetPage(const SiteOptions& options, const storage::ProblemSetInfo& info,
                           const pr::ProblemSet& set, pr::GoalChecker& checker) {
    nlohmann::json data = {{"name", info.name}, {"problems", nlohmann::json::array()}};
    for (const pr::Problem& p : set.problems) data["problems"].push_back(problemData(p, checker));
    std::string s = pageStart(options, info.name, "../", "problems");
    s += fmt::format("<h1>{}</h1>\n<p class=\"meta\">{} problems{}{}</p>\n", escapeHtml(info.name),
                     set.problems.size(),
                     info.description.empty() ? "" : " · " + escapeHtml(info.description),
                     info.source.empty() ? "" : " · source: " + escapeHtml(info.source));
    s += R"HTML(<noscript><p class="error">The board needs JavaScript.</p></noscript>
<div class="game-layout" id="problem-layout">
<section class="board-column">
<div class="board-frame"><div class="board" id="board" aria-label="Board"></div></div>
<div class="controls">
<button type="button" id="btn-previous">◀ Previous</button>
<span class="ply" id="problem-counter"></span>
<button type="button" id="btn-next">Next ▶</button>
<button type="button" id="btn-again">Try again</button>
<button type="button" id="btn-solution">Show solution</button>
</div>
</section>
<section class="moves-column">
<h2 id="problem-title"></h2>
<p id="problem-goal"></p>
<p class="meta" id="problem-details"></p>
<p class="verdict" id="verdict" hidden></p>
<p class="meta" id="values-note" hidden></p>
<p class="keys">Click the square you would play. Every move's value shows once you have answered; a gold frame marks the moves that reach the goal.</p>
</section>
</div>
)HTML";
    return s + pageEnd("<script>window.OTHELLO_PROBLEM_SET = " + jsonForScript(data) +
                       ";</script>\n<script src=\"../assets/problems.js\"></script>\n");
}

}  // namespace othello::web
