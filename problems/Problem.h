#pragma once
// A problem (an exercise): a position with the side to move, what the solver is asked to find
// (the goal), the stated answer and where the problem comes from. Value types only; the
// formats are in ObfFormat.h and JsonFormat.h, the checking in GoalChecker.h, the archive's
// storage in storage/problems/ProblemStore.h.
//
// Goals (README "Problems"):
//  - best:   the move (or moves) of the best exact value; any move of that value is accepted
//            (ties are answers too). The FFO endgame positions are of this kind.
//  - win:    a move that keeps a win (exact value > 0).
//  - draw:   a move that keeps at least a draw (value >= 0): "draw or better".
//  - corner: after the move, every reply of the opponent (a pass when the opponent cannot
//            move) leaves the mover a legal corner move (the Mattel booklet's puzzles). A move
//            that ends the game, or after which a reply leaves the mover without a corner
//            move, does not reach it.
//  - text:   a question in words (`question`); shown, never checked.
// There is no "loss" goal: a position lost whatever is played asks for the best move (the
// smallest loss), which `best` checks.
//
// Moves are core move tokens: squares 0..63 and core::kPass (a side that must pass answers
// "pass"). Values are disc differences from the side to move's point of view, as the solver's.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/Position.h"

namespace othello::problems {

enum class Goal : std::uint8_t { Best, Win, DrawOrBetter, Corner, Text };

// "best", "win", "draw", "corner", "text".
const char* goalName(Goal goal);
// The names above (any case); "draw-or-better" for draw; nullopt for anything else.
std::optional<Goal> parseGoal(std::string_view text);
// Words for people: "find the best move (exact value)", "force a corner", ...
std::string goalDescription(Goal goal);
// Whether the engine checks the goal (every goal but text).
bool goalIsChecked(Goal goal);

// A value the source states for one move (an OBF "G8:+18" field).
struct StatedValue {
    int move = core::kNoSquare;  // a square or core::kPass
    int value = 0;
    bool operator==(const StatedValue&) const = default;
};

// How hard a problem is: its empties and how many legal moves reach the goal (fewer: harder).
// goalMoves is -1 until a check has counted them (GoalChecker fills it; the archive keeps it).
struct Difficulty {
    int empties = 0;
    int goalMoves = -1;
    int legalMoves = 0;
    bool operator==(const Difficulty&) const = default;
};

struct Problem {
    std::int64_t id = 0;  // in the archive (0: not stored)
    std::string set;      // the name of its set ("" when none)
    std::string title;    // its name in the set ("FFO #1", "Puzzle 2")
    core::Position position;
    Goal goal = Goal::Best;
    std::string question;             // the goal in the source's words (required for text)
    std::vector<int> answers;         // the stated answer: any of these moves reaches the goal
    std::vector<int> line;            // a line of play from the position (may be empty)
    std::vector<StatedValue> values;  // values stated by the source, as listed
    std::string source;               // where it comes from (a book, a file, a game)
    std::vector<std::string> tags;
    std::string comment;
    Difficulty difficulty;  // empties always; goalMoves once checked

    bool operator==(const Problem&) const = default;
};

struct ProblemSet {
    std::string name;
    std::string description;
    std::string source;
    std::vector<Problem> problems;
};

// A diagnostic of a reader: where (line and column for .obf, 1-based; for JSON the line is
// the problem's index + 1 and `path` names the member) and what is wrong. Readers keep going:
// a bad line or member costs that problem only.
struct Diagnostic {
    int line = 0;
    int column = 0;
    std::string path;
    std::string message;
};
// "line 3, column 66: bad value '+1x' ..." or "problems[2].answers[0]: ..."
std::string describe(const Diagnostic& d);

struct ReadResult {
    ProblemSet set;
    std::vector<Diagnostic> diagnostics;
};

// The checks every reader and the archive apply to a problem (the board valid, the answers
// and the line legal from the position, stated values on legal moves, a question for text):
// what is wrong, or "" when nothing. Fills nothing.
std::string validate(const Problem& p);

// The difficulty's empties and legal moves from the position (goalMoves left as it is).
void fillDifficulty(Problem& p);

// Moves written for people and files: "h2", "pass".
std::string movesText(const std::vector<int>& moves, std::string_view separator = " ");

}  // namespace othello::problems
