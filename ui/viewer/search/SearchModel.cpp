#include "search/SearchModel.h"

#include <QElapsedTimer>
#include <cstdlib>
#include <limits>

#include "archive/DbThread.h"
#include "importers/GameResult.h"

namespace othello::viewer {

SearchModel::SearchModel(DbThread* worker, QObject* parent)
    : QAbstractListModel(parent), worker_(worker) {}

int SearchModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : rowCount_;
}

const SearchRow* SearchModel::rowAt(int row) const {
    if (row < 0 || row >= rowCount_) return nullptr;
    const auto it = pages_.find(row / kPageSize);
    if (it == pages_.end()) return nullptr;
    const std::size_t i = std::size_t(row % kPageSize);
    return i < it->second.size() ? &it->second[i] : nullptr;
}

QVariant SearchModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const SearchRow* r = rowAt(index.row());
    if (!r) {
        // A placeholder (typed like a real row, so delegates bind cleanly) while its page loads.
        if (!pages_.count(index.row() / kPageSize)) ensurePage(index.row() / kPageSize);
        switch (role) {
            case GameIdRole:
            case YearRole:
            case BlackScoreRole:
                return 0;
            case PlyRole:
                return -1;
            case LoadedRole:
                return false;
            case CompleteRole:
                return true;
            case Qt::DisplayRole:
            case BlackRole:
            case WhiteRole:
            case EventRole:
            case ScoreRole:
                return QString();
            default:
                return {};
        }
    }
    switch (role) {
        case GameIdRole:
            return r->id;
        case Qt::DisplayRole:
        case BlackRole:
            return r->black;
        case WhiteRole:
            return r->white;
        case EventRole:
            return r->event;
        case YearRole:
            return r->year;
        case ScoreRole:
            // The text othello-db search shows (importers/GameResult.h): "33-31",
            // "33-31 (unfinished)", or "*" for an unfinished game that states no result.
            return QString::fromStdString(importers::GameResult::ofRow(r->complete, r->resultKnown,
                                                                       r->blackScore, r->whiteScore,
                                                                       r->variant)
                                              .text());
        case BlackScoreRole:
            return r->blackScore;
        case PlyRole:
            return r->ply;
        case LoadedRole:
            return true;
        case CompleteRole:
            return r->complete;
        default:
            return {};
    }
}

QHash<int, QByteArray> SearchModel::roleNames() const {
    return {{GameIdRole, "gameId"}, {BlackRole, "black"},
            {WhiteRole, "white"},   {EventRole, "event"},
            {YearRole, "year"},     {ScoreRole, "score"},
            {PlyRole, "ply"},       {BlackScoreRole, "blackScore"},
            {LoadedRole, "loaded"}, {CompleteRole, "complete"}};
}

qint64 SearchModel::gameIdAt(int row) const {
    const SearchRow* r = rowAt(row);
    return r ? r->id : 0;
}

int SearchModel::plyAt(int row) const {
    const SearchRow* r = rowAt(row);
    return r ? r->ply : -1;
}

bool SearchModel::isLoaded(int row) const {
    return rowAt(row) != nullptr;
}

void SearchModel::setQuery(const SearchQuery& query) {
    const SearchQuery::Sort sort = query_.sort;
    const bool descending = query_.descending;
    query_ = query;
    query_.sort = sort;
    query_.descending = descending;
    if (query_.sort == SearchQuery::ByPly && !plyShown()) query_.sort = SearchQuery::ById;
    refresh();
}

void SearchModel::sortBy(int column) {
    if (column < IdColumn || column > PlyColumn) return;
    if (column == PlyColumn && !plyShown()) return;
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
    pages_.clear();
    pending_.clear();
    rowCount_ = 0;
    total_ = 0;
    endResetModel();
    requestPage(0);
    updateLoading(true);
}

void SearchModel::clear() {
    ++generation_;
    *latest_ = generation_;
    searched_ = true;
    errorText_.clear();
    beginResetModel();
    pages_.clear();
    pending_.clear();
    rowCount_ = 0;
    total_ = 0;
    endResetModel();
    loading_ = false;
    emit stateChanged();
}

void SearchModel::ensurePage(qint64 page) const {
    if (pending_.count(page)) {
        *wanted_ = page;
        return;
    }
    requestPage(page);
    // data() must not emit: the `loading` property changes once control is back in the loop.
    auto* self = const_cast<SearchModel*>(this);
    QMetaObject::invokeMethod(
        self, [self] { self->updateLoading(); }, Qt::QueuedConnection);
}

void SearchModel::requestPage(qint64 page) const {
    pending_.insert(page);
    *wanted_ = page;
    const int generation = generation_;
    auto latest = latest_;
    auto wanted = wanted_;
    const SearchQuery query = query_;
    auto* self = const_cast<SearchModel*>(this);
    worker_->post([self, generation, latest, wanted, query, page](ArchiveBackend* archive,
                                                                  const QString& openError) {
        if (*latest != generation) return;  // superseded while waiting: the reply would be dropped
        // The view has moved far away since (a dragged scrollbar asks for every page it
        // passes): skip the query; the model forgets the request, so a view back here asks again.
        const bool skipped = page != 0 && std::abs(*wanted - page) > kStalePages;
        SearchPage rows;
        QString error = openError;
        QElapsedTimer timer;
        timer.start();
        if (archive && !skipped) {
            try {
                rows = archive->search(query, page * kPageSize, kPageSize);
            } catch (const std::exception& e) {
                error = QString::fromStdString(e.what());
            }
        }
        const double ms = double(timer.nsecsElapsed()) / 1e6;
        DbThread::reply(
            self, [self, generation, page, rows = std::move(rows), error, ms, skipped]() mutable {
                self->receivePage(generation, page, std::move(rows), error, ms, skipped);
            });
    });
}

void SearchModel::receivePage(int generation, qint64 page, SearchPage rows, QString error,
                              double ms, bool skipped) {
    if (generation != generation_) return;
    pending_.erase(page);
    if (skipped) {
        ++skipped_;
        // Rows of it a view still shows ask again when they are read.
        const int first = int(page * kPageSize);
        if (first < rowCount_)
            emit dataChanged(index(first), index(std::min(rowCount_, first + kPageSize) - 1));
        updateLoading();
        return;
    }
    errorText_ = error;
    if (!error.isEmpty()) {
        updateLoading(true);
        if (page == 0) emit resultsReady();
        return;
    }
    lastQueryMs_ = ms;
    const int count = int(rows.rows.size());
    pages_[page] = std::move(rows.rows);
    const int first = int(page * kPageSize);
    if (page == 0 && rowCount_ == 0) {
        // The total arrives with the first page: every row exists from now on.
        total_ = rows.total;
        const int n = int(std::min<qint64>(total_, std::numeric_limits<int>::max()));
        if (n > 0) {
            beginInsertRows({}, 0, n - 1);
            rowCount_ = n;
            endInsertRows();
        }
    } else if (count > 0 && first < rowCount_) {
        emit dataChanged(index(first), index(std::min(rowCount_, first + count) - 1),
                         {Qt::DisplayRole, GameIdRole, BlackRole, WhiteRole, EventRole, YearRole,
                          ScoreRole, BlackScoreRole, PlyRole, LoadedRole});
    }
    evictFarPages(page);
    updateLoading(page == 0);
    if (count > 0 && first < rowCount_)
        emit rowsLoaded(first, std::min(rowCount_, first + count) - 1);
    if (page == 0) emit resultsReady();
}

void SearchModel::evictFarPages(qint64 near) {
    while (int(pages_.size()) > kMaxPages) {
        auto far = pages_.begin();
        for (auto it = pages_.begin(); it != pages_.end(); ++it)
            if (std::abs(it->first - near) > std::abs(far->first - near)) far = it;
        const int first = int(far->first * kPageSize);
        const int count = int(far->second.size());
        pages_.erase(far);
        if (count > 0 && first < rowCount_)
            emit dataChanged(index(first), index(std::min(rowCount_, first + count) - 1));
    }
}

void SearchModel::updateLoading(bool changed) {
    const bool loading = !pending_.empty();
    if (loading == loading_ && !changed) return;
    loading_ = loading;
    emit stateChanged();
}

}  // namespace othello::viewer
