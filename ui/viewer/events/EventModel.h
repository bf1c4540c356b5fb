#pragma once
// One event: its title and, for a tournament, standings and crosstable in one table (rows:
// players in rank order). The first columns are the standings (rank, player, points,
// Brightwell quotient, discs, games, wins, draws, losses: storage/tournaments/Standings.h computes them);
// the rest the crosstable, either one column per opponent (in rank order: the player's
// points against that opponent, one figure per game) or one per round (opponent's rank,
// colour, + win = draw - loss, the discs credited, as `othello-db event` prints). Each result
// cell carries the id of its game (the first one when a pair met more than once), so a click
// opens it. A collection that is no tournament has a title and a reason, and no rows.
// Withdrawals (found in the source's rounds, or stored with `othello-db event --withdraw`)
// count as `event` counts them: the player shows "(w)", their crosstable column's rank "ʷ", and
// the details, the player cell's detail and the games against them say after which round.
// Loaded on the archive worker; answers to a superseded request are dropped.
#include <QAbstractTableModel>
#include <QtQml/qqmlregistration.h>
#include <atomic>
#include <memory>
#include <optional>

#include "archive/ArchiveBackend.h"

namespace othello::viewer {

class DbThread;

class EventModel : public QAbstractTableModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("EventModel belongs to an ArchiveClient")
    Q_PROPERTY(qint64 eventId READ eventId NOTIFY stateChanged)
    Q_PROPERTY(bool hasEvent READ hasEvent NOTIFY stateChanged)
    Q_PROPERTY(bool loading READ loading NOTIFY stateChanged)
    Q_PROPERTY(QString errorText READ errorText NOTIFY stateChanged)
    Q_PROPERTY(QString title READ title NOTIFY stateChanged)
    Q_PROPERTY(QString name READ name NOTIFY stateChanged)
    Q_PROPERTY(int year READ year NOTIFY stateChanged)
    Q_PROPERTY(QString details READ details NOTIFY stateChanged)
    Q_PROPERTY(bool isTournament READ isTournament NOTIFY stateChanged)
    Q_PROPERTY(QString reason READ reason NOTIFY stateChanged)
    Q_PROPERTY(int crossMode READ crossMode WRITE setCrossMode NOTIFY stateChanged)
    Q_PROPERTY(int columns READ columns NOTIFY stateChanged)
    // What is stated, the source's or guessed about the structure, one sentence a line.
    Q_PROPERTY(QStringList notes READ notes NOTIFY stateChanged)
    // The games apart from the Swiss: [{game, stage: "final"|"play-off", round, black, white,
    // result, marked}], in file order.
    Q_PROPERTY(QVariantList stageGames READ stageGames NOTIFY stateChanged)
    // The players in rank order (the panel sizes the name column to the longest).
    Q_PROPERTY(QStringList playerNames READ playerNames NOTIFY stateChanged)

  public:
    enum Role {
        TextRole = Qt::UserRole + 1,  // what the cell shows
        GameIdRole,                   // the game a click opens; 0: none
        KindRole,                     // CellKind
        OutcomeRole,                  // Outcome, for the colour of a result cell
        DetailRole,                   // the cell's games in words (a tooltip)
    };
    Q_ENUM(Role)
    enum Column {
        RankColumn,
        PlayerColumn,
        PointsColumn,
        BrightwellColumn,
        DiscsColumn,
        GamesColumn,
        WinsColumn,
        DrawsColumn,
        LossesColumn,
        FirstCrossColumn,
    };
    Q_ENUM(Column)
    enum CellKind { StandingCell, ResultCell, SelfCell };
    Q_ENUM(CellKind)
    enum Outcome { NoOutcome, Loss, Draw, Win, Unscored };
    Q_ENUM(Outcome)
    enum CrossMode { ByOpponent, ByRound };
    Q_ENUM(CrossMode)
    // A tournament of at most this many players starts with the table by opponent.
    static constexpr int kMaxPlayersByOpponent = 16;

    explicit EventModel(DbThread* worker, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

    qint64 eventId() const { return data_ ? data_->summary.id : 0; }
    bool hasEvent() const { return data_.has_value(); }
    bool loading() const { return loading_; }
    QString errorText() const { return errorText_; }
    QString title() const;  // name and year
    QString name() const { return data_ ? data_->summary.name : QString(); }
    int year() const { return data_ ? data_->summary.year : 0; }
    QString details() const;
    bool isTournament() const { return data_ && data_->summary.isTournament; }
    QString reason() const { return data_ ? data_->summary.reason : QString(); }
    int crossMode() const { return crossMode_; }
    void setCrossMode(int mode);
    int columns() const { return columnCount(); }
    QStringList notes() const { return data_ ? data_->notes : QStringList(); }
    QVariantList stageGames() const;
    QStringList playerNames() const;

    // Loads event `id` (0: none); the answer arrives later.
    Q_INVOKABLE void load(qint64 id);
    // Loads the shown event again (after an import).
    Q_INVOKABLE void reload();
    Q_INVOKABLE qint64 gameIdAt(int row, int column) const;
    Q_INVOKABLE QString headerText(int column) const;
    // The data, as loaded (tests).
    const std::optional<EventData>& event() const { return data_; }

  signals:
    void stateChanged();
    void updated();  // a load's answer is in

  private:
    void receive(int generation, std::optional<EventData> data, QString error);
    // The player's results in crosstable column `column` (by opponent or by round).
    std::vector<const EventResult*> cellResults(int row, int column) const;
    QString resultText(const EventResult& r) const;
    QString resultDetail(const EventResult& r) const;
    int crossColumns() const;

    DbThread* worker_;
    std::optional<EventData> data_;
    int crossMode_ = ByOpponent;
    bool loading_ = false;
    QString errorText_;
    qint64 requested_ = 0;
    int generation_ = 0;
    std::shared_ptr<std::atomic<int>> latest_ = std::make_shared<std::atomic<int>>(0);
};

}  // namespace othello::viewer
