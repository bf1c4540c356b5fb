#pragma once
// The 64 squares of the board shown, a1..h8 row by row, for the Board view's Repeater.
// Updating it emits dataChanged only for the squares whose roles changed, so a step redraws
// only the discs that flipped.
#include <QAbstractListModel>
#include <QtQml/qqmlregistration.h>
#include <array>
#include <vector>

#include "core/Position.h"

namespace othello::viewer {

class BoardModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("BoardModel belongs to a GameController")

  public:
    enum Role {
        SquareRole = Qt::UserRole + 1,  // 0..63
        NameRole,                       // "a1"
        DiscRole,                       // 0 empty, 1 black, 2 white
        LegalRole,                      // a legal move of the side to move
        LastMoveRole,                   // the square of the last move
        FlippedRole,                    // flipped by the last move (animated)
        ValueTextRole,  // the move's exact value ("+4") or bound ("≥+4"); "" when unknown
        BestRole,       // a move proven best (ties: all of them)
        BoundRole,      // the value shown is a bound, not exact
        // A one-line move waiting for its line (GameController::choosingLine): the number
        // (1-based) of the candidate line that would flip this disc, 0 none; the number of the
        // line this disc closes (its far end), 0 none; the square being played.
        ChoiceRole,
        ChoiceEndRole,
        ChoiceSquareRole,
    };
    Q_ENUM(Role)

    explicit BoardModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

    // Shows `position` with the squares playable there (`legal`: its legal moves under the
    // game's rules, the placement squares during placements), none when `showLegal` is false
    // (the editor), the last move (kNoSquare for none) and the discs it flipped. Another
    // position, or the editor, drops the move values.
    void setState(const core::Position& position, bool showLegal, core::Bitboard legal,
                  int lastMove, core::Bitboard flipped);
    // The candidate lines of a move on `square` (numbered from 1 in their order); an empty
    // list clears the choice.
    void setChoice(int square, const std::vector<core::LineFlip>& lines);
    // The analysis of `position` (ignored unless it is the one shown): a text per square
    // ("" none), the squares of the best moves and those whose text is a bound.
    void setMoveValues(const core::Position& position, const std::array<QString, 64>& texts,
                       core::Bitboard best, core::Bitboard bounds);
    core::Bitboard bestMoves() const { return best_; }
    const core::Position& position() const { return position_; }

    Q_INVOKABLE int discAt(int square) const;

  private:
    core::Position position_;
    core::Bitboard legal_ = 0;
    core::Bitboard flipped_ = 0;
    int lastMove_ = core::kNoSquare;
    std::array<QString, 64> valueTexts_;
    core::Bitboard best_ = 0;
    core::Bitboard bounds_ = 0;
    int choiceSquare_ = core::kNoSquare;
    std::vector<core::LineFlip> choice_;
};

}  // namespace othello::viewer
