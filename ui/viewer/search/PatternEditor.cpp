#include "search/PatternEditor.h"

#include <algorithm>

#include "core/Notation.h"
#include "core/Pattern.h"
#include "game/GameController.h"

namespace othello::viewer {

PatternEditor::PatternEditor(QObject* parent) : QAbstractListModel(parent) {
    states_.fill(Anything);
}

int PatternEditor::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : 64;
}

QVariant PatternEditor::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const int sq = index.row();
    switch (role) {
        case StateRole:
            return int(states_[std::size_t(sq)]);
        case Qt::DisplayRole:
        case NameRole:
            return QString::fromStdString(core::squareName(sq));
        case SameRole:
            return std::any_of(same_.begin(), same_.end(),
                               [sq](const auto& p) { return p.first == sq || p.second == sq; });
        default:
            return {};
    }
}

QHash<int, QByteArray> PatternEditor::roleNames() const {
    return {{StateRole, "squareState"}, {NameRole, "name"}, {SameRole, "same"}};
}

PatternEditor::State PatternEditor::nextState(State state, bool backwards) {
    // The click order: black, white, empty, any disc, anything, and round again.
    static constexpr State order[] = {Black, White, Empty, AnyDisc, Anything};
    const int at = int(std::find(std::begin(order), std::end(order), state) - std::begin(order));
    return order[(at + (backwards ? 4 : 1)) % 5];
}

int PatternEditor::stateAt(int square) const {
    return square >= 0 && square < 64 ? int(states_[std::size_t(square)]) : int(Anything);
}

bool PatternEditor::blank() const {
    return same_.empty() &&
           std::all_of(states_.begin(), states_.end(), [](State s) { return s == Anything; });
}

void PatternEditor::setText(const QString& text) {
    if (text == text_) return;
    text_ = text;
    if (text.trimmed().isEmpty()) {
        // No text, no pattern (the parser would call it an empty pattern).
        errorText_.clear();
        states_.fill(Anything);
        same_.clear();
        emit dataChanged(index(0), index(63));
        emit patternChanged();
        return;
    }
    const core::PatternParse parsed = core::parsePattern(text.toStdString());
    if (!parsed.pattern) {
        // The squares keep the last pattern that parsed; the message names the column.
        errorText_ = QString::fromStdString(parsed.error);
        emit patternChanged();
        return;
    }
    errorText_.clear();
    const core::PatternVariant& v = parsed.pattern->base();
    same_ = v.same;
    core::Bitboard sameSquares = 0;
    for (const auto& [a, b] : same_) sameSquares |= core::bit(a) | core::bit(b);
    for (int sq = 0; sq < 64; ++sq) {
        const core::Bitboard b = core::bit(sq);
        states_[std::size_t(sq)] = (v.black & b)                    ? Black
                                   : (v.white & b)                  ? White
                                   : (v.empty & b)                  ? Empty
                                   : (v.occupied & ~sameSquares & b) ? AnyDisc
                                                                    : Anything;
    }
    emit dataChanged(index(0), index(63));
    emit patternChanged();
}

QString PatternEditor::render() const {
    core::PatternVariant v;
    int fixed = 0;
    for (int sq = 0; sq < 64; ++sq) {
        const core::Bitboard b = core::bit(sq);
        switch (states_[std::size_t(sq)]) {
            case Black: v.black |= b; break;
            case White: v.white |= b; break;
            case Empty: v.empty |= b; break;
            case AnyDisc: v.occupied |= b; break;
            case Anything: continue;
        }
        ++fixed;
    }
    for (const auto& [a, b] : same_) v.occupied |= core::bit(a) | core::bit(b);
    v.same = same_;
    if (fixed <= kListLimit) return QString::fromStdString(core::Pattern(v).toString());
    // Many squares (a whole position): the mask reads better, a row a group.
    static constexpr char kChars[] = {'?', 'X', 'O', '-', '*'};
    QString mask;
    for (int sq = 0; sq < 64; ++sq) {
        if (sq > 0 && sq % 8 == 0) mask += QLatin1Char(' ');
        mask += QLatin1Char(kChars[states_[std::size_t(sq)]]);
    }
    for (const auto& [a, b] : same_)
        mask += QStringLiteral(" same(%1,%2)")
                    .arg(QString::fromStdString(core::squareName(a)),
                         QString::fromStdString(core::squareName(b)));
    return mask;
}

void PatternEditor::squaresEdited(int first, int last) {
    text_ = render();
    errorText_.clear();
    emit dataChanged(index(first), index(last));
    emit patternChanged();
}

void PatternEditor::cycle(int square, bool backwards) {
    if (square < 0 || square >= 64) return;
    setState(square, nextState(states_[std::size_t(square)], backwards));
}

void PatternEditor::setState(int square, int state) {
    if (square < 0 || square >= 64 || state < Anything || state > AnyDisc) return;
    // A square given its own value leaves its same() constraints (they would contradict it).
    const auto before = same_.size();
    std::erase_if(same_, [square](const auto& p) { return p.first == square || p.second == square; });
    states_[std::size_t(square)] = State(state);
    if (same_.size() != before)
        squaresEdited(0, 63);
    else
        squaresEdited(square, square);
}

void PatternEditor::clear() {
    states_.fill(Anything);
    same_.clear();
    plyFrom_ = 0;
    plyTo_ = -1;
    squaresEdited(0, 63);
    emit optionsChanged();
}

void PatternEditor::takePosition(GameController* game) {
    if (!game) return;
    const core::Position& p = game->current();
    for (int sq = 0; sq < 64; ++sq) {
        const core::Bitboard b = core::bit(sq);
        states_[std::size_t(sq)] = (p.black() & b) ? Black : (p.white() & b) ? White : Empty;
    }
    same_.clear();
    squaresEdited(0, 63);
}

void PatternEditor::setUnderSymmetry(bool on) {
    if (on == underSymmetry_) return;
    underSymmetry_ = on;
    emit optionsChanged();
}

void PatternEditor::setPlyFrom(int ply) {
    ply = std::max(0, ply);
    if (ply == plyFrom_) return;
    plyFrom_ = ply;
    emit optionsChanged();
}

void PatternEditor::setPlyTo(int ply) {
    ply = std::max(-1, ply);
    if (ply == plyTo_) return;
    plyTo_ = ply;
    emit optionsChanged();
}

std::optional<PatternSpec> PatternEditor::spec() const {
    if (blank() || !errorText_.isEmpty()) return std::nullopt;
    PatternSpec s;
    s.text = text_;
    s.underSymmetry = underSymmetry_;
    s.plyFrom = plyFrom_;
    s.plyTo = plyTo_ < 0 ? 10000 : plyTo_;
    if (s.plyFrom > s.plyTo) std::swap(s.plyFrom, s.plyTo);
    return s;
}

}  // namespace othello::viewer
