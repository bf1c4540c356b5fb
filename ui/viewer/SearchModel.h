#pragma once
// Search results, loaded lazily: the first page arrives with the total, further pages as the
// view scrolls (canFetchMore/fetchMore), so 130,000 hits cost no more than the rows seen.
// Every query runs on the archive worker; an answer to a superseded query is dropped.
#include <QtQml/qqmlregistration.h>
#include <QAbstractListModel>
#include <atomic>
#include <memory>
#include <vector>

#include "ArchiveBackend.h"

namespace othello::viewer {

class DbThread;

class SearchModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("SearchModel belongs to an ArchiveClient")
    Q_PROPERTY(qint64 total READ total NOTIFY stateChanged)
    Q_PROPERTY(bool loading READ loading NOTIFY stateChanged)
    Q_PROPERTY(bool searched READ searched NOTIFY stateChanged)
    Q_PROPERTY(QString errorText READ errorText NOTIFY stateChanged)
    Q_PROPERTY(int sortColumn READ sortColumn NOTIFY stateChanged)
    Q_PROPERTY(bool descending READ descending NOTIFY stateChanged)
    Q_PROPERTY(bool positionSearch READ positionSearch NOTIFY stateChanged)

  public:
    enum Role {
        GameIdRole = Qt::UserRole + 1,
        BlackRole,
        WhiteRole,
        EventRole,
        YearRole,
        ScoreRole,  // "33–31"
        BlackScoreRole,
        PlyRole,  // -1 unless a position search
    };
    Q_ENUM(Role)
    // Sort columns, as SearchQuery::Sort.
    enum Column {
        IdColumn,
        YearColumn,
        BlackColumn,
        WhiteColumn,
        EventColumn,
        ScoreColumn,
        PlyColumn
    };
    Q_ENUM(Column)

    static constexpr int kPageSize = 200;

    explicit SearchModel(DbThread* worker, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;
    bool canFetchMore(const QModelIndex& parent) const override;
    void fetchMore(const QModelIndex& parent) override;

    qint64 total() const { return total_; }
    bool loading() const { return loading_; }
    bool searched() const { return searched_; }
    QString errorText() const { return errorText_; }
    int sortColumn() const { return int(query_.sort); }
    bool descending() const { return query_.descending; }
    bool positionSearch() const { return query_.position.has_value(); }

    // Runs `query` (its sort replaced by the current one) from the first page.
    void setQuery(const SearchQuery& query);
    // Sorts by `column`; the same column again flips the order.
    Q_INVOKABLE void sortBy(int column);
    // Runs the current query again (after an import).
    Q_INVOKABLE void refresh();
    Q_INVOKABLE qint64 gameIdAt(int row) const;
    Q_INVOKABLE int plyAt(int row) const;
    // Milliseconds the archive took for the last page (bench figures).
    double lastQueryMs() const { return lastQueryMs_; }

  signals:
    void stateChanged();
    // The first page of a query is in (bench mode times this).
    void resultsReady();

  private:
    void requestPage(qint64 offset);
    void receivePage(int generation, qint64 offset, SearchPage page, QString error, double ms);

    DbThread* worker_;
    SearchQuery query_;
    std::vector<SearchRow> rows_;
    qint64 total_ = 0;
    bool loading_ = false;
    bool searched_ = false;
    QString errorText_;
    int generation_ = 0;
    double lastQueryMs_ = 0;
    std::shared_ptr<std::atomic<int>> latest_ = std::make_shared<std::atomic<int>>(0);
};

}  // namespace othello::viewer
