#include "Problem.h"

#include <algorithm>
#include <cctype>

#include "core/Notation.h"

namespace othello::problems {

const char* goalName(Goal goal) {
    switch (goal) {
        case Goal::Best:
            return "best";
        case Goal::Win:
            return "win";
        case Goal::DrawOrBetter:
            return "draw";
        case Goal::Corner:
            return "corner";
        case Goal::Text:
            return "text";
    }
    return "best";
}

std::optional<Goal> parseGoal(std::string_view text) {
    std::string t(text);
    std::transform(t.begin(), t.end(), t.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    for (const Goal g : {Goal::Best, Goal::Win, Goal::DrawOrBetter, Goal::Corner, Goal::Text})
        if (t == goalName(g)) return g;
    if (t == "draw-or-better") return Goal::DrawOrBetter;
    return std::nullopt;
}

std::string goalDescription(Goal goal) {
    switch (goal) {
        case Goal::Best:
            return "find the best move (exact value; ties accepted)";
        case Goal::Win:
            return "find a move that keeps the win";
        case Goal::DrawOrBetter:
            return "find a move that keeps at least a draw";
        case Goal::Corner:
            return "find the move that forces the opponent to give you a corner";
        case Goal::Text:
            return "a question in words (not checked)";
    }
    return "";
}

bool goalIsChecked(Goal goal) {
    return goal != Goal::Text;
}

std::string describe(const Diagnostic& d) {
    std::string where;
    if (!d.path.empty())
        where = d.path;
    else if (d.line > 0)
        where = "line " + std::to_string(d.line) +
                (d.column > 0 ? ", column " + std::to_string(d.column) : "");
    return where.empty() ? d.message : where + ": " + d.message;
}

namespace {

// Whether `move` may be played in `p` (a pass only when the side to move must pass).
bool playable(const core::Position& p, int move) {
    if (move == core::kPass) return p.mustPass();
    return move >= 0 && move < 64 && p.isLegal(move);
}

}  // namespace

std::string validate(const Problem& p) {
    if (!p.position.isValid()) return "the board puts two discs on one square";
    if (p.position.isGameOver()) return "the game is over in this position: there is no move";
    for (const int a : p.answers)
        if (!playable(p.position, a))
            return "answer " + core::squareName(a) + " is not a legal move for " +
                   core::colorName(p.position.toMove());
    for (const StatedValue& v : p.values) {
        if (!playable(p.position, v.move))
            return "a value is stated for " + core::squareName(v.move) +
                   ", which is not a legal move";
        if (v.value < -64 || v.value > 64)
            return "the value stated for " + core::squareName(v.move) + " is outside -64..64";
    }
    core::Position q = p.position;
    for (std::size_t i = 0; i < p.line.size(); ++i) {
        const int m = p.line[i];
        if (!playable(q, m))
            return "the line's move " + std::to_string(i + 1) + " (" + core::squareName(m) +
                   ") is not legal there";
        if (m == core::kPass)
            q.pass();
        else
            q.play(m);
    }
    if (p.goal == Goal::Text && p.question.empty())
        return "a problem of goal text needs its question";
    return "";
}

void fillDifficulty(Problem& p) {
    p.difficulty.empties = p.position.emptyCount();
    const int n = core::popcount(p.position.legalMoves());
    p.difficulty.legalMoves = n > 0 ? n : (p.position.mustPass() ? 1 : 0);
}

std::string movesText(const std::vector<int>& moves, std::string_view separator) {
    std::string s;
    for (const int m : moves) {
        if (!s.empty()) s += separator;
        s += core::squareName(m);
    }
    return s;
}

}  // namespace othello::problems
