#pragma once
// Judging one answer to a problem: whether it reaches the goal and the sentence that says so,
// with the values that show why. One home for the viewer's Problems tab
// (ui/viewer/training/ProblemsController) and the published problem pages (web/ProblemPages),
// which precompute it for every legal move.
#include <optional>
#include <string>

#include "GoalChecker.h"
#include "Problem.h"

namespace othello::problems {

// Every move's value from the values the source states, when they cover every legal move
// (and only then: a partial list cannot say which move is best), judged by the goal as the
// goal checker would (best: the best value; win: > 0; draw: >= 0). Null otherwise, and for
// corner and text goals. The source's values are not the engine's: `exact` is false, each
// move's kind Estimate (a "~" label), `method` kStatedMethod, so the viewer and the site say
// whose values they judge by; `problems check` solves and names the values a source gets wrong.
// (Verifying them with the solver would cost an exact solve per problem shown: the FFO
// positions take seconds to minutes each.)
std::optional<CheckResult> statedCheck(const Problem& p);
inline constexpr const char* kStatedMethod = "the source's values, not checked by the engine";

// Whether the goal is decided without values (corner, text).
bool judgedWithoutValues(const Problem& p);

struct Verdict {
    bool right = false;
    std::string text;  // "Right: h2 forces a corner." / "Wrong: g1 gives −4; the best is ..."
};
// The verdict on `move`. `check` is required for best, win and draw (the caller waits for it).
Verdict judgeAnswer(const Problem& p, int move,
                    const std::optional<CheckResult>& check);

// A value for a board square: "+4", "0", "-2"; "~+4" for an estimate.
std::string valueLabel(const MoveCheck& m);

}  // namespace othello::problems
