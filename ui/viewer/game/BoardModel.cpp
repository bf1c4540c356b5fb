#include "game/BoardModel.h"

#include "core/Notation.h"

namespace othello::viewer {

using core::bit;
using core::Bitboard;

BoardModel::BoardModel(QObject* parent) : QAbstractListModel(parent) {}

int BoardModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : 64;
}

int BoardModel::discAt(int square) const {
    if (square < 0 || square >= 64) return 0;
    if (position_.black() & bit(square)) return 1;
    if (position_.white() & bit(square)) return 2;
    return 0;
}

QVariant BoardModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const int sq = index.row();
    switch (role) {
        case SquareRole:
            return sq;
        case Qt::DisplayRole:
        case NameRole:
            return QString::fromStdString(core::squareName(sq));
        case DiscRole:
            return discAt(sq);
        case LegalRole:
            return bool(legal_ & bit(sq));
        case LastMoveRole:
            return sq == lastMove_;
        case FlippedRole:
            return bool(flipped_ & bit(sq));
        case ValueTextRole:
            return valueTexts_[std::size_t(sq)];
        case BestRole:
            return bool(best_ & bit(sq));
        case BoundRole:
            return bool(bounds_ & bit(sq));
        case ChoiceRole:
        case ChoiceEndRole:
            for (std::size_t i = 0; i < choice_.size(); ++i)
                if (role == ChoiceRole ? bool(choice_[i].discs & bit(sq)) : choice_[i].end == sq)
                    return int(i) + 1;
            return 0;
        case ChoiceSquareRole:
            return sq == choiceSquare_;
        default:
            return {};
    }
}

QHash<int, QByteArray> BoardModel::roleNames() const {
    return {{SquareRole, "square"},       {NameRole, "name"},
            {DiscRole, "disc"},           {LegalRole, "legal"},
            {LastMoveRole, "lastMove"},   {FlippedRole, "flipped"},
            {ValueTextRole, "valueText"}, {BestRole, "best"},
            {BoundRole, "bound"},         {ChoiceRole, "choice"},
            {ChoiceEndRole, "choiceEnd"}, {ChoiceSquareRole, "choiceSquare"}};
}

void BoardModel::setState(const core::Position& position, bool showLegal, Bitboard legal,
                          int lastMove, Bitboard flipped) {
    if (!showLegal) legal = 0;
    // Squares whose roles change: disc colour, legal mark, flip flag or last-move mark.
    Bitboard changed = (position.black() ^ position_.black()) |
                       (position.white() ^ position_.white()) | (legal ^ legal_) |
                       (flipped ^ flipped_);
    if (lastMove != lastMove_) {
        if (lastMove_ >= 0 && lastMove_ < 64) changed |= bit(lastMove_);
        if (lastMove >= 0 && lastMove < 64) changed |= bit(lastMove);
    }
    // Values belong to one position: another one (or the editor) drops them.
    if (position != position_ || !showLegal) {
        for (int sq = 0; sq < 64; ++sq)
            if (!valueTexts_[std::size_t(sq)].isEmpty()) changed |= bit(sq);
        valueTexts_ = {};
        best_ = bounds_ = 0;
    }
    position_ = position;
    legal_ = legal;
    flipped_ = flipped;
    lastMove_ = lastMove;
    // One signal over the span of changed rows: views re-read only those delegates' roles.
    if (changed) {
        const int lo = core::lowestSquare(changed);
        const int hi = 63 - std::countl_zero(changed);
        emit dataChanged(index(lo), index(hi));
    }
}

void BoardModel::setMoveValues(const core::Position& position, const std::array<QString, 64>& texts,
                               Bitboard best, Bitboard bounds) {
    if (position != position_) return;
    Bitboard changed = (best ^ best_) | (bounds ^ bounds_);
    for (int sq = 0; sq < 64; ++sq)
        if (texts[std::size_t(sq)] != valueTexts_[std::size_t(sq)]) changed |= bit(sq);
    valueTexts_ = texts;
    best_ = best;
    bounds_ = bounds;
    if (changed) {
        const int lo = core::lowestSquare(changed);
        const int hi = 63 - std::countl_zero(changed);
        emit dataChanged(index(lo), index(hi));
    }
}

void BoardModel::setChoice(int square, const std::vector<core::LineFlip>& lines) {
    const auto marked = [](int sq, const std::vector<core::LineFlip>& ls) {
        Bitboard b = sq >= 0 && sq < 64 ? bit(sq) : 0;
        for (const core::LineFlip& l : ls) b |= l.discs | bit(l.end);
        return b;
    };
    const int next = lines.empty() ? core::kNoSquare : square;
    const Bitboard changed = marked(choiceSquare_, choice_) | marked(next, lines);
    choiceSquare_ = next;
    choice_ = lines;
    if (changed) {
        const int lo = core::lowestSquare(changed);
        const int hi = 63 - std::countl_zero(changed);
        emit dataChanged(index(lo), index(hi), {ChoiceRole, ChoiceEndRole, ChoiceSquareRole});
    }
}

}  // namespace othello::viewer
