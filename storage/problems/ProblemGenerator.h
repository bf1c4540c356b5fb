#pragma once
// Problems made from the archive's own games: one from a game at a ply (problemFromGame), or a
// whole set (generateProblems) for a club's training from its own tournaments.
//
// Generation. The games matching the filter (as `search` takes it; Othello games only), in
// id order, each give at most one candidate: the position before the first move played at
// exactly `empties` empties (the side to move able to move). Its every move is solved
// exactly (GoalChecker, within the budget: positions the budget leaves inexact are skipped),
// and it is kept when
//  - only-win: exactly one move has a value > 0 (goal win; that move is the answer, the
//    solver's line from it the line);
//  - blunder: the move played in the game lost at least `minLoss` discs against the best
//    (goal best; the best moves are the answer, at most `maxGoalMoves` of them when set; the
//    comment names the move played).
// A candidate that is the same position as one kept under the 8 symmetries (side to move
// included) is skipped; generation stops at `count` problems. The order, and so the set, is
// deterministic: the same archive and options give the same set.
// Every problem keeps the values of every move (Problem::values, exact), its source (the
// game, its players, event, year and ply) and tags ("generated", the kind, "N-empties").
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "problems/GoalChecker.h"
#include "problems/Problem.h"
#include "storage/Archive.h"

namespace othello::storage {

// "game 12 (Black vs White, Event 2001), ply 44"
std::string gameSourceText(const StoredGame& game, int ply);

// The problem of `game` at `ply` (0 = its start; plies count passes as the game records them):
// the position, `goal`, the source. With `checker`: the answer is every move reaching the goal
// (exact within `budget`, else estimated: the comment says so), the difficulty's goalMoves set,
// the values stated (problems::takeAnswers). The comment names the move played there. Throws
// StorageError for a ply past the end, a finished position, a game not played as Othello, or
// (with `checker`) a position where no move reaches the goal: a problem without an answer.
problems::Problem problemFromGame(const StoredGame& game, int ply, problems::Goal goal,
                                  problems::GoalChecker* checker,
                                  const problems::CheckBudget& budget = {});

enum class GeneratorKind { OnlyWin, Blunder };
const char* generatorKindName(GeneratorKind kind);  // "only-win", "blunder"

struct GeneratorOptions {
    SearchFilter filter;  // which games (limit and offset ignored: every matching game)
    GeneratorKind kind = GeneratorKind::OnlyWin;
    int empties = 16;
    int count = 20;
    int minLoss = 8;       // blunder: discs lost by the move played, at least
    int maxGoalMoves = 0;  // blunder: at most this many best moves (the difficulty; 0: any)
    problems::CheckBudget budget;
    // Called after each game read: games read, problems kept so far.
    std::function<void(std::int64_t, int)> onProgress;
};

struct GeneratorResult {
    problems::ProblemSet set;  // name/description left to the caller (description filled)
    std::int64_t gamesRead = 0;
    std::int64_t candidates = 0;  // positions solved
    std::int64_t symmetricRepeats = 0;
    std::int64_t inexact = 0;  // skipped: the budget left them inexact
};

GeneratorResult generateProblems(Archive& archive, const GeneratorOptions& options,
                                 problems::GoalChecker& checker);

}  // namespace othello::storage
