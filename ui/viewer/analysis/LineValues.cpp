// What the analysis knows about positions, and its writing into the board, the move list and the
// graph (see LineValues.h).
#include "analysis/LineValues.h"

#include <QVariantMap>
#include <algorithm>

#include "core/Notation.h"
#include "game/GameController.h"

namespace othello::viewer {

using analysis::SolveResult;
using core::Position;

namespace {

// Beyond this many positions the table of known values starts again (a few MB).
constexpr std::size_t kMaxKnown = 200000;

ValueRange rangeOf(const analysis::MoveValue& m) {
    return m.kind == analysis::ValueKind::Exact ? ValueRange::exactly(m.value)
                                                : ValueRange{m.lower, m.upper};
}

}  // namespace

const LineValues::Known* LineValues::find(const Position& position) const {
    const auto it = known_.find(position);
    return it == known_.end() ? nullptr : &it->second;
}

const LineValues::Estimate* LineValues::findEstimate(const Position& p) const {
    const auto it = estimates_.find(p);
    return it == estimates_.end() ? nullptr : &it->second;
}

std::optional<int> LineValues::estimateOf(const core::ReplayResult& line, std::size_t ply) const {
    const std::vector<Position>& positions = line.positions;
    if (ply >= positions.size()) return std::nullopt;
    if (const Estimate* e = findEstimate(positions[ply])) return e->value;
    // A pass: minus the value of the position after it (the same board, the other side).
    if (positions[ply].mustPass() && ply + 1 < positions.size()) {
        const Position& next = positions[ply + 1];
        if (const Estimate* e = findEstimate(next)) return -e->value;
        if (const Known* k = find(next); k && k->value.exact()) return -k->value.lower;
    }
    return std::nullopt;
}

void LineValues::setRules(const core::Rules& rules) {
    if (rules == rules_) return;
    rules_ = rules;
    known_.clear();
    estimates_.clear();
}

bool LineValues::othelloMoves(const Position& p) const {
    return rules_.flipping == core::Flipping::AllLines && !core::inPlacements(p, rules_);
}

bool LineValues::play(Position& p, int token) const {
    if (token == core::kPass) {
        if (!p.mustPass() || core::inPlacements(p, rules_)) return false;
        p.pass();
        return true;
    }
    if (othelloMoves(p)) {
        if (token < 0 || token >= 64 || !p.isLegal(token)) return false;
        p.play(token);
        return true;
    }
    for (const core::RuleMove& m : core::ruleMoves(p, rules_))
        if (m.move == token) {
            core::playRuleMove(p, m);
            return true;
        }
    return false;
}

int LineValues::playedToken(const core::ReplayResult& line, std::size_t ply) const {
    const core::Ply& played = line.plies[ply];
    if (played.square == core::kPass || othelloMoves(line.positions[ply])) return played.square;
    // The record may name a line its square did not need: the move is its square and flips.
    for (const core::RuleMove& m : core::ruleMoves(line.positions[ply], rules_))
        if (m.square == played.square && m.flips == played.flips) return m.move;
    return played.token();
}

void LineValues::prepare(const std::vector<Position>& positions) {
    if (known_.size() > kMaxKnown) known_.clear();
    if (estimates_.size() > kMaxKnown / 10) estimates_.clear();
    // Finished games need no solver.
    for (const Position& p : positions)
        if (core::isGameOver(p, rules_) && !find(p)) {
            Known& k = known_[p];
            // The side to move's final difference, scored by the rules (Othello's: empties to
            // the winner, the solver's rule).
            const core::Score score = core::finalScore(p, rules_.scoring);
            const int black = score.black - score.white;
            k.value = ValueRange::exactly(p.toMove() == core::Color::Black ? black : -black);
            k.final = k.movesFinal = true;
        }
}

void LineValues::learn(const Position& position, bool allMoves, const SolveResult& result,
                       bool fromCache) {
    Known& k = known_[position];
    const ValueRange value = result.complete && result.kind == analysis::ValueKind::Exact
                                 ? ValueRange::exactly(result.value)
                                 : ValueRange{result.lower, result.upper};
    k.value = k.value.intersect(value);
    k.final = true;
    k.fromCache = k.fromCache || fromCache;
    if (allMoves) {  // no moves at all: a pass the cache kept without its move
        k.moves = result.moves;
        k.pv = result.pv;
        k.movesFinal = true;
    }
    // Each move's value is minus the value of the position it leads to.
    for (const analysis::MoveValue& m : result.moves) {
        Position child = position;
        if (!play(child, m.square)) continue;  // not a move here (cannot happen for a solve)
        Known& c = known_[child];
        c.value = c.value.intersect(rangeOf(m).flipped());
        if (c.value.exact()) c.final = true;
    }
}

void LineValues::addEstimate(const Position& position, bool allMoves, int played,
                             Estimate estimate) {
    Estimate& e = estimates_[position];
    // A search of every move replaces anything; a review's values add to what is known.
    if (estimate.allMoves || !e.allMoves || e.moves.empty()) {
        if (!estimate.allMoves && !e.moves.empty() && e.depth == estimate.depth) {
            for (const analysis::MoveValue& m : e.moves)
                if (std::none_of(
                        estimate.moves.begin(), estimate.moves.end(),
                        [&m](const analysis::MoveValue& n) { return n.square == m.square; }))
                    estimate.moves.push_back(m);
            std::stable_sort(estimate.moves.begin(), estimate.moves.end(),
                             [](const auto& a, const auto& b) { return a.value > b.value; });
        }
        e = estimate;
    } else if (std::none_of(e.moves.begin(), e.moves.end(), [played](const analysis::MoveValue& m) {
                   return m.square == played;
               })) {
        for (const analysis::MoveValue& m : estimate.moves)
            if (m.square == played) e.moves.push_back(m);
    }
    // Asked once: never again, even if the answer somehow lacks the move.
    if (!allMoves && played != core::kNoSquare) e.asked.push_back(played);
}

void LineValues::dropEstimatesBelow(int depth) {
    std::erase_if(estimates_, [depth](const auto& e) { return e.second.depth < depth; });
}

ValueRange LineValues::playedValue(const core::ReplayResult& line, std::size_t ply) const {
    ValueRange r;
    const int token = playedToken(line, ply);
    if (const Known* k = find(line.positions[ply]); k && k->movesFinal)
        for (const analysis::MoveValue& m : k->moves)
            if (m.square == token) r = r.intersect(rangeOf(m));
    if (const Known* next = find(line.positions[ply + 1])) r = r.intersect(next->value.flipped());
    return r;
}

LineValues::Curves LineValues::curves(const core::ReplayResult& line) const {
    Curves curves;
    curves.lower.reserve(qsizetype(line.positions.size()));
    curves.upper.reserve(qsizetype(line.positions.size()));
    curves.estimate.reserve(qsizetype(line.positions.size()));
    for (std::size_t i = 0; i < line.positions.size(); ++i) {
        const Position& p = line.positions[i];
        const Known* k = find(p);
        ValueRange r = k ? k->value : ValueRange{};
        const int sign = p.toMove() == core::Color::White ? -1 : 1;
        if (sign < 0) r = r.flipped();
        curves.lower.push_back(r.lower);
        curves.upper.push_back(r.upper);
        const std::optional<int> e = r.exact() ? std::nullopt : estimateOf(line, i);
        curves.estimate.push_back(e ? sign * *e : kNoEstimate);
    }
    return curves;
}

void LineValues::showLosses(GameController& game, int maxEmpties) const {
    const core::ReplayResult& line = game.line();
    // Discs lost by each move played: the best value minus the played move's value.
    std::vector<QString> losses(line.plies.size());
    for (std::size_t i = 0; i < line.plies.size(); ++i) {
        if (line.plies[i].square == core::kPass) continue;
        if (line.positions[i].emptyCount() > maxEmpties) {
            const Estimate* e = findEstimate(line.positions[i]);
            if (!e) continue;
            // An estimate: the search's value minus the move played's, at the same depth.
            for (const analysis::MoveValue& m : e->moves)
                if (m.square == line.plies[i].square && e->value > m.value)
                    losses[i] = QStringLiteral("~") + ValueRange::signedText(m.value - e->value);
            continue;
        }
        const Known* k = find(line.positions[i]);
        const ValueRange played = playedValue(line, i);
        if (!k || !k->value.known() || !played.known()) continue;
        const int lossLower = std::max(0, k->value.lower - played.upper);
        const int lossUpper = k->value.upper - played.lower;
        if (lossLower > 0) losses[i] = ValueRange{-lossUpper, -lossLower}.text();
    }
    game.moveList()->setLosses(losses);
}

void LineValues::showBoard(GameController& game) const {
    const Position& current = game.current();
    std::array<QString, 64> texts;
    core::Bitboard best = 0, bounds = 0;
    const Known* k = find(current);
    if (k && k->movesFinal) {
        // A square's value: its best move (under the one-line rule a square may have several,
        // one per line; Othello's have one).
        std::array<std::optional<ValueRange>, 64> squares;
        for (const analysis::MoveValue& m : k->moves) {
            const int sq = core::moveSquare(m.square);
            if (sq < 0 || sq >= 64) continue;
            const ValueRange r = rangeOf(m);
            auto& v = squares[std::size_t(sq)];
            v = v ? ValueRange{std::max(v->lower, r.lower), std::max(v->upper, r.upper)} : r;
        }
        for (int sq = 0; sq < 64; ++sq) {
            const auto& r = squares[std::size_t(sq)];
            if (!r) continue;
            texts[std::size_t(sq)] = r->text();
            if (!r->exact()) bounds |= core::bit(sq);
            // Best only when proven: at least as good as every other square's move can be.
            int othersUpper = -65;
            for (int o = 0; o < 64; ++o)
                if (o != sq && squares[std::size_t(o)])
                    othersUpper = std::max(othersUpper, squares[std::size_t(o)]->upper);
            if (r->lower >= othersUpper) best |= core::bit(sq);
        }
    } else if (const Estimate* e = findEstimate(current); e && e->allMoves && !e->moves.empty()) {
        // Estimates: "~+4"; a value the search proved is exact. Best: the highest estimate.
        const int top = e->moves.front().value;
        for (const analysis::MoveValue& m : e->moves) {
            if (m.square < 0 || m.square >= 64) continue;
            const QString text = ValueRange::exactly(m.value).text();
            texts[std::size_t(m.square)] =
                m.kind == analysis::ValueKind::Exact ? text : QStringLiteral("~") + text;
            if (m.value == top) best |= core::bit(m.square);
        }
    }
    game.board()->setMoveValues(current, texts, best, bounds);
}

void LineValues::clear(GameController& game) {
    game.board()->setMoveValues(game.current(), {}, 0, 0);
    game.moveList()->setLosses({});
}

QVariantList LineValues::moveValues(const Position& current, int maxEmpties,
                                    core::Bitboard best) const {
    QVariantList list;
    const Known* k = find(current);
    if (!k || !k->movesFinal) {
        const Estimate* e = findEstimate(current);
        if (!e || !e->allMoves || current.emptyCount() <= maxEmpties) return list;
        for (const analysis::MoveValue& m : e->moves) {
            const bool exact = m.kind == analysis::ValueKind::Exact;
            QVariantMap item;
            item[QStringLiteral("square")] = m.square;
            item[QStringLiteral("move")] = m.square;
            item[QStringLiteral("name")] = QString::fromStdString(core::squareName(m.square));
            item[QStringLiteral("lower")] = m.value;
            item[QStringLiteral("upper")] = m.value;
            item[QStringLiteral("estimate")] = !exact;
            item[QStringLiteral("depth")] = e->depth;
            item[QStringLiteral("text")] =
                (exact ? QString() : QStringLiteral("~")) + ValueRange::signedText(m.value);
            item[QStringLiteral("best")] = m.square < 64 && (best & core::bit(m.square)) != 0;
            list.push_back(item);
        }
        return list;
    }
    for (const analysis::MoveValue& m : k->moves) {
        const ValueRange r = rangeOf(m);
        const int sq = core::moveSquare(m.square);
        QVariantMap item;
        item[QStringLiteral("square")] = sq;
        item[QStringLiteral("move")] = m.square;  // the token: a line move names its line
        item[QStringLiteral("name")] = QString::fromStdString(core::moveName(m.square));
        item[QStringLiteral("lower")] = r.lower;
        item[QStringLiteral("upper")] = r.upper;
        item[QStringLiteral("text")] = r.text();
        item[QStringLiteral("estimate")] = false;
        item[QStringLiteral("depth")] = current.emptyCount();
        // Several lines of one square: only the best of them is best.
        item[QStringLiteral("best")] =
            sq < 64 && (best & core::bit(sq)) != 0 &&
            (othelloMoves(current) || r.lower >= k->moves.front().value);
        list.push_back(item);
    }
    return list;
}

QList<int> LineValues::bestLine(const Position& current, int maxEmpties) const {
    QList<int> line;
    const std::vector<int>* pv = nullptr;
    if (const Known* k = find(current); k && k->movesFinal && current.emptyCount() <= maxEmpties)
        pv = &k->pv;
    else if (const Estimate* e = findEstimate(current); e && e->allMoves)
        pv = &e->pv;
    if (!pv) return line;
    // Only what replays from here (a table's PV could end in a stale move).
    Position p = current;
    for (int move : *pv) {
        if (!play(p, move)) break;
        line.push_back(move);
    }
    return line;
}

QString LineValues::currentKind(const Position& current) const {
    const Known* k = find(current);
    if (!k || !k->movesFinal) return QStringLiteral("estimate");
    return k->value.exact() ? QStringLiteral("exact") : QStringLiteral("bound");
}

}  // namespace othello::viewer
