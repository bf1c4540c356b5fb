#pragma once
// The move list of a game tree (GameTree.h), laid out as lichess and SCID show it. The main
// line is in rows of one move number with Black's and White's move side by side (passes shown:
// "pass"; a line that starts with White to move leaves Black's first cell empty). A comment
// on a main-line move, and the variations that replace it, interrupt the rows right after that
// move: a comment row (KindComment: TextRole, in italics in the view), then one row per
// variation (KindVariation: an indented run of tokens "12... c4 13. d3 {comment} ( ... )",
// nested variations inline in parentheses). The main line resumes on a "continued" row
// ("12. … d3").
// `numbered`: the main line as an Othello score sheet, one row per move numbered by the disc it
// places (1-60 from the standard start); a pass has its row, in its player's column, but no
// number (NumberRole 0), so the discs after it keep their numbers. Variations number their
// moves the same way.
//
// A move is written as core::moveName writes its token: "c4>e6" when a one-line move named
// its line (its square outflanked several, classic Reversi), the square otherwise; the
// placements of a Reversi game are plies like moves ("d4").
//
// Every move carries its key (GameController::locationKey form: "path:ply", ":12" on the main
// line) so a click can go there, and the view highlights the one equal to the place shown.
// Mistake marks: a move that lost discs against the best move (setLosses, the line shown only)
// gets "?" from 2 discs lost and "??" from 6.
#include <QAbstractListModel>
#include <QHash>
#include <QtQml/qqmlregistration.h>
#include <optional>
#include <vector>

#include "game/GameTree.h"

namespace othello::viewer {

class MoveListModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("MoveListModel belongs to a GameController")
    Q_PROPERTY(bool numbered READ numbered WRITE setNumbered NOTIFY numberedChanged)
    // Every row is a move row (no comment, no variation): all rows have one height.
    Q_PROPERTY(bool plain READ plain NOTIFY plainChanged)

  public:
    enum Role {
        NumberRole = Qt::UserRole + 1,  // 1-based move number (numbered: disc number, 0 a pass)
        BlackTextRole,                  // "f5", "pass" or "" (no cell)
        WhiteTextRole,
        BlackPlyRole,  // ply reached after Black's move; -1 when no cell
        WhitePlyRole,
        BlackOffLineRole,  // the move is not on the line shown (a variation is shown)
        WhiteOffLineRole,
        BlackLossRole,  // discs the move lost against the best move ("−4", "≤−4"); "" none
        WhiteLossRole,
        BlackMarkRole,  // "?" (lost 2 or more), "??" (6 or more), "" otherwise
        WhiteMarkRole,
        BlackKeyRole,  // the move's place (locationKey form); "" when no cell
        WhiteKeyRole,
        KindRole,       // KindMoves, KindComment, KindVariation
        ContinuedRole,  // a moves row resuming after a comment or variations ("12. …")
        TextRole,       // a comment row's text
        DepthRole,      // a variation row: 1 (nested ones are inline)
        TokensRole,     // a variation row: list of {type, text, key, mark, loss}; type is
                        // "number", "move", "comment", "open" or "close"
    };
    Q_ENUM(Role)
    enum Kind { KindMoves = 0, KindComment = 1, KindVariation = 2 };
    Q_ENUM(Kind)

    explicit MoveListModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

    bool numbered() const { return numbered_; }
    bool plain() const { return plain_; }
    void setNumbered(bool numbered);

    // Shows `tree`; `shown` is the path of the line shown (losses are about its plies).
    // Drops the loss marks.
    void setTree(const GameTree& tree, const std::vector<int>& shown);

    // The loss marks, one per ply of the line shown (index: ply - 1; "" none; missing: none).
    void setLosses(const std::vector<QString>& losses);

    // The row showing the main line's move that leads to `ply` (ply >= 1); -1 when none.
    Q_INVOKABLE int rowOfPly(int ply) const { return rowOfLocation({}, ply); }
    // The row showing the move of line `path` that leads to `ply`; -1 when none.
    int rowOfLocation(const std::vector<int>& path, int ply) const;

    // "0.1:15": variation 1 of variation 0 of the main line, ply 15 of the line it shows.
    static QString keyOf(const std::vector<int>& path, int ply);
    static std::optional<TreeLocation> parseKey(const QString& key);
    // "?" or "??" for a loss text ("−4", "≤−4", "−6…−2": the smallest loss it says counts).
    static QString markOf(const QString& loss);

  signals:
    void numberedChanged();
    void plainChanged();

  private:
    struct Cell {
        QString text;
        int ply = -1;
        QString key;
        bool offLine = false;
        QString loss;
        bool operator==(const Cell&) const = default;
    };
    struct Row {
        Kind kind = KindMoves;
        Cell black;
        Cell white;
        int number = 0;
        bool continued = false;
        QString text;
        int depth = 0;
        QVariantList tokens;
        bool operator==(const Row&) const = default;
    };

    std::vector<Row> buildRows(QHash<QString, int>& rowOfKey) const;
    void addVariation(const std::vector<int>& path, QVariantList& tokens) const;
    QString lossAt(const std::vector<int>& path, int ply) const;
    void rebuild();

    GameTree tree_;
    std::vector<int> shown_;
    std::vector<QString> losses_;
    std::vector<Row> rows_;
    QHash<QString, int> rowOfKey_;
    bool numbered_ = false;
    bool plain_ = true;
};

}  // namespace othello::viewer
