#pragma once
// Search results, loaded lazily: the first page arrives with the total and the model then has
// `total` rows at once, so a view's scrollbar spans the whole result and jumping to row 130,000
// is immediate. A row whose page is not loaded yet is a placeholder (LoadedRole false); asking
// for it queues its page on the archive worker, and the row changes (dataChanged) when the page
// is in. Requests for pages the view has meanwhile left far behind are skipped on the worker,
// answers to a superseded query dropped, and only a bounded number of pages is kept.
#include <QAbstractListModel>
#include <QtQml/qqmlregistration.h>
#include <atomic>
#include <memory>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "archive/ArchiveBackend.h"

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
    // Games showing a board pattern (PatternEditor): each row's ply is its first matching ply.
    Q_PROPERTY(bool patternSearch READ patternSearch NOTIFY stateChanged)
    // The rows have a ply (a position or a pattern search): the Ply column and its sort.
    Q_PROPERTY(bool plyShown READ plyShown NOTIFY stateChanged)

  public:
    enum Role {
        GameIdRole = Qt::UserRole + 1,
        BlackRole,
        WhiteRole,
        EventRole,
        YearRole,
        ScoreRole,  // "33–31"; "14–50*" unfinished, "14–50?" result unknown (as the CLI)
        BlackScoreRole,
        PlyRole,       // -1 unless a position or pattern search
        LoadedRole,    // false: a placeholder while its page loads
        CompleteRole,  // false: an unfinished game
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
    // Pages kept in memory (the farthest from the latest request go first).
    static constexpr int kMaxPages = 40;
    // A queued page request farther than this (in pages) from the latest one is skipped.
    static constexpr int kStalePages = 3;

    explicit SearchModel(DbThread* worker, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

    qint64 total() const { return total_; }
    bool loading() const { return loading_; }
    bool searched() const { return searched_; }
    QString errorText() const { return errorText_; }
    int sortColumn() const { return int(query_.sort); }
    bool descending() const { return query_.descending; }
    bool positionSearch() const { return query_.position.has_value(); }
    bool patternSearch() const { return query_.pattern.has_value(); }
    bool plyShown() const { return positionSearch() || patternSearch(); }

    // Runs `query` (its sort replaced by the current one) from the first page.
    void setQuery(const SearchQuery& query);
    // Sorts by `column`; the same column again flips the order.
    Q_INVOKABLE void sortBy(int column);
    // Runs the current query again (after an import).
    Q_INVOKABLE void refresh();
    // Drops the rows shown (a form that no longer parses must not leave an older answer on
    // screen); answers still on their way are dropped too. `searched` stays true.
    Q_INVOKABLE void clear();
    const SearchQuery& query() const { return query_; }
    Q_INVOKABLE qint64 gameIdAt(int row) const;
    Q_INVOKABLE int plyAt(int row) const;
    // Whether `row` holds data (not a placeholder).
    Q_INVOKABLE bool isLoaded(int row) const;
    // Page requests the worker skipped because the view had moved on (tests, bench).
    int skippedRequests() const { return skipped_; }
    // Milliseconds the archive took for the last page (bench figures).
    double lastQueryMs() const { return lastQueryMs_; }

  signals:
    void stateChanged();
    // The first page of a query is in (bench mode times this).
    void resultsReady();
    // Rows [first, last] were filled in.
    void rowsLoaded(int first, int last);

  private:
    const SearchRow* rowAt(int row) const;
    // Queues page `page` unless it is loaded or already asked for (callable from data()).
    void ensurePage(qint64 page) const;
    void requestPage(qint64 page) const;
    void receivePage(int generation, qint64 page, SearchPage rows, QString error, double ms,
                     bool skipped);
    void evictFarPages(qint64 near);
    // Emits stateChanged when `loading` changes, or always when `changed`.
    void updateLoading(bool changed = false);

    DbThread* worker_;
    SearchQuery query_;
    std::unordered_map<qint64, std::vector<SearchRow>> pages_;
    mutable std::unordered_set<qint64> pending_;
    int rowCount_ = 0;  // 0 until the first page gives the total
    int skipped_ = 0;
    qint64 total_ = 0;
    bool loading_ = false;
    bool searched_ = false;
    QString errorText_;
    int generation_ = 0;
    double lastQueryMs_ = 0;
    std::shared_ptr<std::atomic<int>> latest_ = std::make_shared<std::atomic<int>>(0);
    // The page the view asked for last: queued requests far from it are stale.
    std::shared_ptr<std::atomic<qint64>> wanted_ = std::make_shared<std::atomic<qint64>>(0);
};

}  // namespace othello::viewer
