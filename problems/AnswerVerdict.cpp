#include "AnswerVerdict.h"

#include <algorithm>

#include "core/Notation.h"
#include "core/Words.h"

namespace othello::problems {

namespace {

using core::signedValue;

std::string moveName(int move) {
    return core::squareName(move);
}

// "h2 (+18)" for the goal's moves, best first, at most four.
std::string goalMovesText(const CheckResult& c) {
    std::string out;
    int shown = 0;
    for (const MoveCheck& m : c.moves) {
        if (!m.reachesGoal) continue;
        if (shown == 4) return out + ", …";
        out += (shown++ ? ", " : "") + moveName(m.move) + " (" + signedValue(m.value) + ")";
    }
    return out;
}

Verdict cornerVerdict(const Problem& p, int move) {
    const std::vector<CornerReply> replies = cornerReplies(p.position, move);
    if (replies.empty())
        return {false, "Wrong: " + moveName(move) + " ends the game; no corner follows."};
    for (const CornerReply& r : replies)
        if (r.corners == 0)
            return {false, "Wrong: after " + moveName(move) + " the opponent answers " +
                               moveName(r.reply) + " and you have no corner move."};
    std::string list;
    for (const CornerReply& r : replies) list += (list.empty() ? "" : ", ") + moveName(r.reply);
    return {true, "Right: " + moveName(move) + " forces a corner (every reply — " + list +
                      " — leaves you one)."};
}

}  // namespace

std::optional<CheckResult> statedCheck(const Problem& p) {
    if (judgedWithoutValues(p)) return std::nullopt;
    core::Bitboard legal = p.position.legalMoves();
    std::vector<MoveCheck> moves;
    for (int sq = 0; sq < 64; ++sq) {
        if (!(legal >> sq & 1)) continue;
        const auto it = std::find_if(p.values.begin(), p.values.end(),
                                     [sq](const StatedValue& v) { return v.move == sq; });
        if (it == p.values.end()) return std::nullopt;
        MoveCheck m;
        m.move = sq;
        m.value = it->value;
        m.kind = analysis::ValueKind::Estimate;  // the source's word, not the engine's proof
        moves.push_back(m);
    }
    if (moves.empty()) return std::nullopt;  // a pass: the checker handles it
    std::stable_sort(moves.begin(), moves.end(),
                     [](const MoveCheck& a, const MoveCheck& b) { return a.value > b.value; });
    CheckResult r;
    r.checked = true;
    r.exact = false;  // a source may be wrong (FFO #31 states G1:-30; exact: -32)
    r.method = kStatedMethod;
    r.bestValue = moves.front().value;
    for (MoveCheck& m : moves) {
        m.reachesGoal = valueReachesGoal(p.goal, m.value, r.bestValue);
        m.answer = std::find(p.answers.begin(), p.answers.end(), m.move) != p.answers.end();
        if (m.reachesGoal) r.goalMoves.push_back(m.move);
    }
    r.moves = std::move(moves);
    return r;
}

bool judgedWithoutValues(const Problem& p) {
    return p.goal == Goal::Corner || p.goal == Goal::Text;
}

Verdict judgeAnswer(const Problem& p, int move, const std::optional<CheckResult>& check) {
    if (p.goal == Goal::Corner) return cornerVerdict(p, move);
    if (p.goal == Goal::Text) {
        const bool stated = std::find(p.answers.begin(), p.answers.end(), move) != p.answers.end();
        const std::string answers = movesText(p.answers, ", ");
        return {stated, std::string(stated ? "As stated: " : "Not the stated answer: ") +
                            moveName(move) + (answers.empty() ? "" : " (the source: " + answers + ")") +
                            ". The engine does not check this goal."};
    }
    if (!check) return {false, "The values are not known yet."};
    const MoveCheck* m = check->find(move);
    if (!m) return {false, moveName(move) + " is no legal move here."};
    const std::string estimate = check->exact ? "" : " (" + check->method + ")";
    const std::string value = signedValue(m->value);
    if (m->reachesGoal) {
        const std::string why = p.goal == Goal::Best ? "the best value, " + value
                                : p.goal == Goal::Win ? "a win, " + value
                                                          : "at least a draw, " + value;
        return {true, "Right: " + moveName(move) + " keeps " + why + "." + estimate};
    }
    const std::string goalMoves = goalMovesText(*check);
    const std::string need = p.goal == Goal::Best ? "the best is " + goalMoves
                             : goalMoves.empty()
                                 ? "no move reaches the goal"
                                 : "the moves that reach it: " + goalMoves;
    return {false, "Wrong: " + moveName(move) + " gives " + value + "; " + need + "." + estimate};
}

std::string valueLabel(const MoveCheck& m) {
    std::string out = m.kind == analysis::ValueKind::Exact ? "" : "~";
    out += signedValue(m.value);
    return out;
}

}  // namespace othello::problems
