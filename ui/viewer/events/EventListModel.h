#pragma once
// The archive's events (storage/tournaments/Tournament.h: an event name in a year, a tournament or a
// collection of games), newest year first, then by name. Loaded on the archive worker when
// asked (the Events tab's first showing, and again after an import); the filter is applied
// here, on the loaded list: every word must occur in the name, a spelling or the year (case
// and accents ignored).
#include <QAbstractListModel>
#include <QtQml/qqmlregistration.h>
#include <atomic>
#include <memory>
#include <vector>

#include "archive/ArchiveBackend.h"

namespace othello::viewer {

class DbThread;

class EventListModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("EventListModel belongs to an ArchiveClient")
    Q_PROPERTY(QString filter READ filter WRITE setFilter NOTIFY filterChanged)
    Q_PROPERTY(
        bool tournamentsOnly READ tournamentsOnly WRITE setTournamentsOnly NOTIFY filterChanged)
    Q_PROPERTY(bool loading READ loading NOTIFY stateChanged)
    Q_PROPERTY(bool loaded READ loaded NOTIFY stateChanged)
    Q_PROPERTY(int total READ total NOTIFY stateChanged)
    Q_PROPERTY(QString errorText READ errorText NOTIFY stateChanged)

  public:
    enum Role {
        EventIdRole = Qt::UserRole + 1,
        NameRole,      // without its year; "(no event)" for games without one
        YearRole,      // 0: unknown
        YearTextRole,  // "2021", "year unknown": the list's sections
        GamesRole,
        PlayersRole,
        IsTournamentRole,
        ReasonRole,  // why a collection is no tournament
    };
    Q_ENUM(Role)

    explicit EventListModel(DbThread* worker, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

    QString filter() const { return filter_; }
    void setFilter(const QString& filter);
    bool tournamentsOnly() const { return tournamentsOnly_; }
    void setTournamentsOnly(bool only);
    bool loading() const { return loading_; }
    bool loaded() const { return loaded_; }
    int total() const { return int(all_.size()); }
    QString errorText() const { return errorText_; }

    // Reads the events from the archive (again); the answer arrives later.
    Q_INVOKABLE void load();
    Q_INVOKABLE qint64 eventIdAt(int row) const;
    // The row of event `id` under the current filter, -1 if hidden or unknown.
    Q_INVOKABLE int rowOf(qint64 id) const;

    // Case and accents folded (the filter's comparison).
    static QString fold(const QString& text);

  signals:
    void filterChanged();
    void stateChanged();
    void updated();  // a load's answer is in

  private:
    void receive(int generation, std::vector<EventSummary> events, QString error);
    void applyFilter();

    DbThread* worker_;
    std::vector<EventSummary> all_;
    std::vector<QString> folded_;  // per event: name, spellings and year, folded
    std::vector<int> shown_;       // indexes into all_
    QString filter_;
    bool tournamentsOnly_ = false;
    bool loading_ = false;
    bool loaded_ = false;
    QString errorText_;
    int generation_ = 0;
    std::shared_ptr<std::atomic<int>> latest_ = std::make_shared<std::atomic<int>>(0);
};

}  // namespace othello::viewer
