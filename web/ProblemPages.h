#pragma once
// The published problem sets (issue 29): problems/<setId>.html, a page per set where a visitor
// plays the answer on the board and is told right or wrong, and the list of sets on the index.
//
// Everything the page needs is computed here, at publish time, and written into the page as
// data (a <script> assigning window.OTHELLO_PROBLEM_SET; assets/problems.js draws and judges):
// for every legal move of every problem its value, whether it reaches the problem's goal and the
// sentence that says so (problems/AnswerVerdict.h, the viewer's words), and the solution line.
// No engine, no server and no fetch() at run time: the page works from file://.
//
// Values come from the goal checker (problems/GoalChecker.h) within the publish budget below
// (best, win, draw: exact up to 24 empties and 20 s a problem, else the midgame search's
// estimates, written "~+4" and said so on the page; corner and text goals, judged without
// values, get a quick look: exact up to 18 empties, else depth 10 within 5 s), or from the
// source's values when they cover every move.
#include <string>
#include <vector>

#include "problems/GoalChecker.h"
#include "problems/Problem.h"
#include "storage/problems/ProblemStore.h"
#include "web/Site.h"

namespace othello::web {

// The checker's budget at publish time for a problem of `goal`.
problems::CheckBudget publishBudget(problems::Goal goal);

// The index's list of problem sets (links to problemSetPath); "" when there is none.
std::string problemSetsSection(const std::vector<storage::ProblemSetInfo>& sets);

// problems/<id>.html for `set` (its problems in order), values from `checker`.
std::string problemSetPage(const SiteOptions& options, const storage::ProblemSetInfo& info,
                           const problems::ProblemSet& set, problems::GoalChecker& checker);

}  // namespace othello::web
