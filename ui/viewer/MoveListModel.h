#pragma once
// The move list: one row per move number with Black's and White's move side by side.
// Passes are shown ("pass"); a line that starts with White to move leaves Black's first cell
// empty. Each cell carries the ply reached after it so a click can jump there.
// `numbered`: as an Othello score sheet, one row per move numbered by the disc it places
// (1-60 from the standard start); a pass has its row, in its player's column, but no number
// (NumberRole 0), so the discs after it keep their numbers.
#include <QtQml/qqmlregistration.h>
#include <QAbstractListModel>
#include <vector>

#include "core/Replay.h"

namespace othello::viewer {

class MoveListModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("MoveListModel belongs to a GameController")
    Q_PROPERTY(bool numbered READ numbered WRITE setNumbered NOTIFY numberedChanged)

  public:
    enum Role {
        NumberRole = Qt::UserRole + 1,  // 1-based move number (numbered: disc number, 0 a pass)
        BlackTextRole,                  // "f5", "pass" or "" (no cell)
        WhiteTextRole,
        BlackPlyRole,  // ply reached after Black's move; -1 when no cell
        WhitePlyRole,
        BlackAnalysisRole,  // the move belongs to the analysis line
        WhiteAnalysisRole,
        BlackLossRole,  // discs the move lost against the best move ("−4", "≤−4"); "" none
        WhiteLossRole,
    };
    Q_ENUM(Role)

    explicit MoveListModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

    bool numbered() const { return numbered_; }
    void setNumbered(bool numbered);

    // Shows `plies`; plies from index `analysisFrom` on (when >= 0) are the analysis line.
    void setLine(const std::vector<core::Ply>& plies, int analysisFrom);

    // The loss marks, one per ply of the line (index: ply - 1; "" none; missing: none).
    // setLine drops them.
    void setLosses(const std::vector<QString>& losses);

    // The row showing the move that leads to `ply` (ply >= 1); -1 when none.
    Q_INVOKABLE int rowOfPly(int ply) const;

  signals:
    void numberedChanged();

  private:
    void rebuild();

    struct Cell {
        QString text;
        int ply = -1;
        bool analysis = false;
        QString loss;
    };
    struct Row {
        Cell black;
        Cell white;
        int number = 0;
    };
    std::vector<Row> rows_;
    std::vector<core::Ply> plies_;
    int analysisFrom_ = -1;
    bool numbered_ = false;
};

}  // namespace othello::viewer
