#include "SearchModel.h"

#include <QElapsedTimer>

#include "DbThread.h"

namespace othello::viewer {

SearchModel::SearchModel(DbThread* worker, QObject* parent)
    : QAbstractListModel(parent), worker_(worker) {}

int SearchModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(rows_.size());
}

QVariant SearchModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const SearchRow& r = rows_[std::size_t(index.row())];
    switch (role) {
        case GameIdRole:
            return r.id;
        case Qt::DisplayRole:
        case BlackRole:
            return r.black;
        case WhiteRole:
            return r.white;
        case EventRole:
            return r.event;
        case YearRole:
            return r.year;
        case ScoreRole:
            return QStringLiteral("%1–%2").arg(r.blackScore).arg(r.whiteScore);
        case BlackScoreRole:
            return r.blackScore;
        case PlyRole:
            return r.ply;
        default:
            return {};
    }
}

QHash<int, QByteArray> SearchModel::roleNames() const {
    return {{GameIdRole, "gameId"},         {BlackRole, "black"}, {WhiteRole, "white"},
            {EventRole, "event"},           {YearRole, "year"},   {ScoreRole, "score"},
            {BlackScoreRole, "blackScore"}, {PlyRole, "ply"}};
}

bool SearchModel::canFetchMore(const QModelIndex& parent) const {
    return !parent.isValid() && !loading_ && qint64(rows_.size()) < total_;
}

void SearchModel::fetchMore(const QModelIndex& parent) {
    if (canFetchMore(parent)) requestPage(qint64(rows_.size()));
}

qint64 SearchModel::gameIdAt(int row) const {
    return row >= 0 && row < int(rows_.size()) ? rows_[std::size_t(row)].id : 0;
}

int SearchModel::plyAt(int row) const {
    return row >= 0 && row < int(rows_.size()) ? rows_[std::size_t(row)].ply : -1;
}

void SearchModel::setQuery(const SearchQuery& query) {
    const SearchQuery::Sort sort = query_.sort;
    const bool descending = query_.descending;
    query_ = query;
    query_.sort = sort;
    query_.descending = descending;
    if (query_.sort == SearchQuery::ByPly && !query_.position) query_.sort = SearchQuery::ById;
    refresh();
}

void SearchModel::sortBy(int column) {
    if (column < IdColumn || column > PlyColumn) return;
    if (column == PlyColumn && !query_.position) return;
    if (int(query_.sort) == column)
        query_.descending = !query_.descending;
    else
        query_.descending = false;
    query_.sort = SearchQuery::Sort(column);
    refresh();
}

void SearchModel::refresh() {
    ++generation_;
    *latest_ = generation_;
    searched_ = true;
    beginResetModel();
    rows_.clear();
    total_ = 0;
    endResetModel();
    requestPage(0);
}

void SearchModel::requestPage(qint64 offset) {
    loading_ = true;
    emit stateChanged();
    const int generation = generation_;
    auto latest = latest_;
    const SearchQuery query = query_;
    worker_->post([this, generation, latest, query, offset](ArchiveBackend* archive,
                                                            const QString& openError) {
        if (*latest != generation) return;  // superseded while waiting: skip the work
        SearchPage page;
        QString error = openError;
        QElapsedTimer timer;
        timer.start();
        if (archive) {
            try {
                page = archive->search(query, offset, kPageSize);
            } catch (const std::exception& e) {
                error = QString::fromStdString(e.what());
            }
        }
        const double ms = double(timer.nsecsElapsed()) / 1e6;
        DbThread::reply(this,
                        [this, generation, offset, page = std::move(page), error, ms]() mutable {
                            receivePage(generation, offset, std::move(page), error, ms);
                        });
    });
}

void SearchModel::receivePage(int generation, qint64 offset, SearchPage page, QString error,
                              double ms) {
    if (generation != generation_) return;
    lastQueryMs_ = ms;
    // One request of a query is in flight at a time (canFetchMore checks `loading_`), so
    // `loading_` stays set while rows go in: a view asking for more meanwhile waits.
    if (offset == qint64(rows_.size()) && error.isEmpty()) {
        total_ = page.total;
        if (!page.rows.empty()) {
            beginInsertRows({}, int(rows_.size()), int(rows_.size() + page.rows.size()) - 1);
            rows_.insert(rows_.end(), std::make_move_iterator(page.rows.begin()),
                         std::make_move_iterator(page.rows.end()));
            endInsertRows();
        }
        // A page shorter than asked means the end, whatever the total said before.
        if (qint64(page.rows.size()) < kPageSize) total_ = qint64(rows_.size());
    }
    errorText_ = error;
    loading_ = false;
    emit stateChanged();
    if (offset == 0) emit resultsReady();
}

}  // namespace othello::viewer
