#pragma once
// Shared by the `problems` sub-commands (ProblemsCommand.cpp: the command, import, list, show,
// export, remove; ProblemsCheck.cpp: check, from-game, generate): the options and the JSON
// forms (README "Problems").
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "StorageCli.h"
#include "problems/GoalChecker.h"
#include "problems/Problem.h"
#include "storage/problems/ProblemStore.h"

namespace othello::cli {

struct ProblemsOptions {
    std::string db, user;
    bool json = false;
    // import / check --file
    std::vector<std::string> files;
    std::string set;          // import, generate, from-game: the set; list, check, export: which
    std::string format;       // obf | json (default: by the file's extension)
    std::string titlePrefix;  // obf: titles of problems without a comment
    int firstNumber = 1;
    std::string goal;  // from-game; import: the goal of every problem read
    // show / remove / check
    std::vector<std::int64_t> ids;
    // check budget
    problems::CheckBudget budget;
    bool store = false;  // check --store: the difficulty counted, written back
    // export
    std::string output;
    // from-game
    std::int64_t game = 0;
    int ply = -1;
    // generate
    FilterOptions filter;
    std::string kind = "only-win";
    int empties = 16;
    int count = 20;
    int minLoss = 8;
    int maxGoalMoves = 0;
};

// The problems of a file (its format from `format`, else from the extension: .obf, else JSON):
// the diagnostics printed on stderr as "FILE: line 3, column 66: ..."; InputError when the file
// cannot be read. `bad` counts the diagnostics.
problems::ProblemSet readProblemFile(const std::string& path, const ProblemsOptions& o, int& bad);
// Whether a file is Edax's .obf: `format` when given ("obf"/"json"), else the extension, in any
// case (.obf, .OBF).
bool isObf(const std::string& path, const std::string& format);

// {move, value, kind, reaches_goal, answer} for each move; the check's whole JSON form.
nlohmann::json checkJson(const problems::Problem& p, const problems::CheckResult& r);

int runProblemsCheck(const ProblemsOptions& o);
int runProblemsFromGame(const ProblemsOptions& o);
int runProblemsGenerate(const ProblemsOptions& o);
// Prints what an add stored and skipped (or its JSON); the shared tail of import, from-game
// and generate.
void reportAdded(const storage::ProblemAddResult& r, const std::string& set, bool json,
                 nlohmann::json extra = nlohmann::json::object());

}  // namespace othello::cli
