#include "curation/DuplicatesModel.h"

#include <QVariantList>
#include <QVariantMap>

#include "archive/ArchiveClient.h"
#include "archive/DbThread.h"

namespace othello::viewer {

namespace {

QString idsText(const std::vector<qint64>& ids) {
    QStringList s;
    for (const qint64 id : ids) s.append(QString::number(id));
    return s.join(QStringLiteral(", "));
}

QString gameDetails(const DuplicateGameRow& g) {
    QStringList parts;
    parts.append(g.event.isEmpty() ? QObject::tr("no event") : g.event);
    if (!g.date.isEmpty()) parts.append(g.date);
    if (!g.round.isEmpty()) parts.append(QObject::tr("round %1").arg(g.round));
    if (!g.place.isEmpty()) parts.append(g.place);
    parts.append(g.result);
    if (!g.source.isEmpty()) parts.append(g.source);
    if (g.comments + g.variations > 0)
        parts.append(QObject::tr("%1 comments, %2 variations").arg(g.comments).arg(g.variations));
    return parts.join(QStringLiteral(" · "));
}

}  // namespace

DuplicatesModel::DuplicatesModel(QObject* parent) : QAbstractListModel(parent) {}

void DuplicatesModel::setArchive(ArchiveClient* archive) {
    if (archive_ == archive) return;
    archive_ = archive;
    emit archiveChanged();
}

void DuplicatesModel::setMinMoves(int moves) {
    if (moves == minMoves_) return;
    minMoves_ = moves;
    emit optionsChanged();
    if (loaded_) refresh();
}

void DuplicatesModel::setShowMarked(bool shown) {
    if (shown == showMarked_) return;
    showMarked_ = shown;
    emit optionsChanged();
    if (loaded_) refresh();
}

QHash<int, QByteArray> DuplicatesModel::roleNames() const {
    return {{TitleRole, "title"},   {KindRole, "kind"},      {WhyRole, "why"},
            {DifferRole, "differ"}, {GamesRole, "games"},    {MarksRole, "marks"},
            {ShortRole, "isShort"}, {GameIdsRole, "gameIds"}};
}

QVariant DuplicatesModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() < 0 || index.row() >= count()) return {};
    const DuplicateGroupRow& g = groups_[std::size_t(index.row())];
    switch (role) {
        case TitleRole: {
            QString kind = g.kind;
            if (!kind.isEmpty()) kind[0] = kind[0].toUpper();
            return tr("%1 · %2 games · %3 moves").arg(kind).arg(g.games.size()).arg(g.moves);
        }
        case KindRole:
            return g.kind;
        case WhyRole:
            return g.why.join(QStringLiteral("; "));
        case DifferRole:
            return g.differ.join(QStringLiteral(", "));
        case ShortRole:
            return g.isShort;
        case GamesRole: {
            QVariantList games;
            for (const DuplicateGameRow& d : g.games)
                games.append(
                    QVariantMap{{QStringLiteral("id"), d.id},
                                {QStringLiteral("players"), tr("%1 – %2").arg(d.black, d.white)},
                                {QStringLiteral("details"), gameDetails(d)},
                                {QStringLiteral("black"), d.black},
                                {QStringLiteral("white"), d.white},
                                {QStringLiteral("event"), d.event},
                                {QStringLiteral("date"), d.date},
                                {QStringLiteral("result"), d.result},
                                {QStringLiteral("source"), d.source}});
            return games;
        }
        case GameIdsRole: {
            QVariantList ids;
            for (const DuplicateGameRow& d : g.games) ids.append(d.id);
            return ids;
        }
        case MarksRole: {
            QStringList marks;
            for (const auto& [change, ids] : g.marks)
                marks.append(
                    tr("Games %1 marked not duplicates (change %2)").arg(idsText(ids)).arg(change));
            return marks.join(QStringLiteral("; "));
        }
        default:
            return {};
    }
}

void DuplicatesModel::refresh() {
    if (!archive_) return;
    const quint64 asked = ++asked_;
    ++loading_;
    emit listChanged();
    const int minMoves = minMoves_;
    const bool marked = showMarked_;
    archive_->worker().post(
        [this, asked, minMoves, marked](ArchiveBackend* backend, const QString& openError) {
            DuplicateListing list;
            QString error = openError;
            if (backend) {
                try {
                    list = backend->duplicates(minMoves, marked);
                } catch (const std::exception& e) {
                    error = QString::fromStdString(e.what());
                }
            }
            DbThread::reply(this, [this, asked, list = std::move(list), error]() mutable {
                loading_ = std::max(0, loading_ - 1);
                if (asked != asked_) {
                    emit listChanged();
                    return;
                }
                beginResetModel();
                groups_ = std::move(list.groups);
                endResetModel();
                loaded_ = true;
                errorText_ = error.isEmpty()
                                 ? QString()
                                 : tr("The possible duplicates cannot be read: %1").arg(error);
                QString s = groups_.empty() ? tr("No possible duplicates")
                            : groups_.size() == 1
                                ? tr("1 group of possible duplicates (%1 games)").arg(list.games)
                                : tr("%1 groups of possible duplicates (%2 games)")
                                      .arg(groups_.size())
                                      .arg(list.games);
                if (list.marked > 0)
                    s += tr("; marked not duplicates, not shown: %1").arg(list.marked);
                if (list.tooShort > 0) s += tr("; short groups hidden: %1").arg(list.tooShort);
                summary_ = s;
                emit listChanged();
            });
        });
}

void DuplicatesModel::keep(qint64 id, bool merge, qint64 prefer) {
    if (!archive_ || id <= 0) return;
    std::vector<qint64> games;
    for (const DuplicateGroupRow& g : groups_)
        for (const DuplicateGameRow& d : g.games)
            if (d.id == id)
                for (const DuplicateGameRow& other : g.games) games.push_back(other.id);
    archive_->curation()->journalledChange(
        [id, merge, prefer](ArchiveBackend& backend, std::vector<qint64>&) {
            return backend.resolveDuplicates(id, merge, prefer);
        },
        tr("Not resolved: %1"),
        merge ? tr("Kept game %1 with the headers it lacked; the others went to the trash "
                   "(Ctrl+Z undoes it)")
                    .arg(id)
              : tr("Kept game %1; the others went to the trash (Ctrl+Z undoes it)").arg(id),
        tr("Keep game %1 of its duplicates").arg(id), games);
}

void DuplicatesModel::markNotDuplicates(int row) {
    if (!archive_ || row < 0 || row >= count()) return;
    std::vector<qint64> ids;
    for (const DuplicateGameRow& d : groups_[std::size_t(row)].games) ids.push_back(d.id);
    archive_->curation()->journalledChange(
        [ids](ArchiveBackend& backend, std::vector<qint64>&) {
            return backend.markNotDuplicates(ids);
        },
        tr("Not marked: %1"),
        tr("Games %1 marked not duplicates (Ctrl+Z undoes it)").arg(idsText(ids)),
        tr("Mark games %1 not duplicates").arg(idsText(ids)), ids);
}

}  // namespace othello::viewer
