#pragma once
// The opening tree at the board's position: the moves played next in the archive with their
// games, Black's win rate, draws and average score. Requests are coalesced: while one runs,
// only the newest position waits.
// The archive counts positions under all 8 symmetries, so at a position that is its own
// mirror image (the start: f5, d3, c4 and e6) the symmetric moves are one move there: each
// symmetric square gets a row of its own with the shared figures, `symmetricOf` naming the
// move the archive counted them under.
#include <QAbstractListModel>
#include <QtQml/qqmlregistration.h>
#include <atomic>
#include <memory>
#include <optional>

#include "archive/ArchiveBackend.h"

namespace othello::viewer {

class DbThread;

class TreeModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("TreeModel belongs to an ArchiveClient")
    Q_PROPERTY(qint64 games READ games NOTIFY stateChanged)
    Q_PROPERTY(double blackWinPercent READ blackWinPercent NOTIFY stateChanged)
    Q_PROPERTY(qint64 draws READ draws NOTIFY stateChanged)
    Q_PROPERTY(double averageScore READ averageScore NOTIFY stateChanged)
    Q_PROPERTY(QString opening READ opening NOTIFY stateChanged)
    Q_PROPERTY(bool loading READ loading NOTIFY stateChanged)
    Q_PROPERTY(QString errorText READ errorText NOTIFY stateChanged)
    // Says which rows are symmetric copies ("" when none).
    Q_PROPERTY(QString symmetryNote READ symmetryNote NOTIFY stateChanged)

  public:
    enum Role {
        SquareRole = Qt::UserRole + 1,
        MoveRole,  // "f5"
        GamesRole,
        BlackWinPercentRole,  // wins only, 0..100
        DrawsRole,
        WhiteWinsRole,
        AverageScoreRole,     // Black's average final discs
        ShareRole,            // games / all games of the position, 0..1
        WhiteWinPercentRole,  // wins only, 0..100
        SymmetricOfRole,      // "" or the move whose figures this symmetric square shares
    };
    Q_ENUM(Role)

    explicit TreeModel(DbThread* worker, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

    qint64 games() const { return data_.games; }
    double blackWinPercent() const { return percent(data_.blackWins, data_.games); }
    qint64 draws() const { return data_.draws; }
    double averageScore() const { return data_.avgBlackScore; }
    QString opening() const { return data_.opening; }
    bool loading() const { return loading_; }
    QString errorText() const { return errorText_; }
    QString symmetryNote() const;

    // Asks for the statistics of `position` (answers arrive later; stale ones are dropped).
    // `line`: the moves from the standard start leading to `position` (null when the line
    // starts elsewhere); the opening shown is then the deepest one named along it.
    void request(const core::Position& position,
                 std::optional<std::vector<int>> line = std::nullopt);
    Q_INVOKABLE int squareAt(int row) const;
    // Games per next move, by square (64 entries, 0 where none): hints on the board.
    Q_INVOKABLE QList<qint64> gamesBySquare() const;

    static double percent(qint64 part, qint64 whole) {
        return whole ? 100.0 * double(part) / double(whole) : 0.0;
    }

  signals:
    void stateChanged();
    void updated();  // an answer for the newest position is shown

  private:
    void receive(int generation, const core::Position& position, TreeData data, QString error);
    // Adds the squares symmetric to each move under the symmetries that keep `position`.
    void addSymmetricMoves(const core::Position& position);

    DbThread* worker_;
    TreeData data_;
    std::vector<QString> symmetricOf_;  // per row of data_.moves
    bool loading_ = false;
    QString errorText_;
    int generation_ = 0;
    std::shared_ptr<std::atomic<int>> latest_ = std::make_shared<std::atomic<int>>(0);
};

}  // namespace othello::viewer
