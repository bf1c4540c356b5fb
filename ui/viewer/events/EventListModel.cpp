#include "events/EventListModel.h"

#include <algorithm>

#include "archive/DbThread.h"

namespace othello::viewer {

EventListModel::EventListModel(DbThread* worker, QObject* parent)
    : QAbstractListModel(parent), worker_(worker) {}

int EventListModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(shown_.size());
}

QVariant EventListModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const EventSummary& e = all_[std::size_t(shown_[std::size_t(index.row())])];
    switch (role) {
        case EventIdRole:
            return e.id;
        case Qt::DisplayRole:
        case NameRole:
            return e.name.isEmpty() ? tr("(no event)") : e.name;
        case YearRole:
            return e.year;
        case YearTextRole:
            return e.year ? QString::number(e.year) : tr("year unknown");
        case GamesRole:
            return e.games;
        case PlayersRole:
            return e.players;
        case IsTournamentRole:
            return e.isTournament;
        case ReasonRole:
            return e.reason;
        default:
            return {};
    }
}

QHash<int, QByteArray> EventListModel::roleNames() const {
    return {{EventIdRole, "eventId"},           {NameRole, "name"},    {YearRole, "year"},
            {YearTextRole, "yearText"},         {GamesRole, "games"},  {PlayersRole, "players"},
            {IsTournamentRole, "isTournament"}, {ReasonRole, "reason"}};
}

QString EventListModel::fold(const QString& text) {
    const QString d = text.normalized(QString::NormalizationForm_D);
    QString out;
    out.reserve(d.size());
    for (const QChar c : d)
        if (c.category() != QChar::Mark_NonSpacing) out.append(c);
    return out.toCaseFolded();
}

void EventListModel::setFilter(const QString& filter) {
    if (filter == filter_) return;
    filter_ = filter;
    emit filterChanged();
    applyFilter();
}

void EventListModel::setTournamentsOnly(bool only) {
    if (only == tournamentsOnly_) return;
    tournamentsOnly_ = only;
    emit filterChanged();
    applyFilter();
}

void EventListModel::applyFilter() {
    const QStringList words = fold(filter_).split(QLatin1Char(' '), Qt::SkipEmptyParts);
    beginResetModel();
    shown_.clear();
    for (std::size_t i = 0; i < all_.size(); ++i) {
        if (tournamentsOnly_ && !all_[i].isTournament) continue;
        const bool match = std::all_of(words.begin(), words.end(),
                                       [&](const QString& w) { return folded_[i].contains(w); });
        if (match) shown_.push_back(int(i));
    }
    endResetModel();
    emit stateChanged();
}

qint64 EventListModel::eventIdAt(int row) const {
    return row >= 0 && row < rowCount() ? all_[std::size_t(shown_[std::size_t(row)])].id : 0;
}

int EventListModel::rowOf(qint64 id) const {
    for (std::size_t r = 0; r < shown_.size(); ++r)
        if (all_[std::size_t(shown_[r])].id == id) return int(r);
    return -1;
}

void EventListModel::load() {
    const int generation = ++generation_;
    *latest_ = generation;
    loading_ = true;
    emit stateChanged();
    auto latest = latest_;
    worker_->post([this, generation, latest](ArchiveBackend* archive, const QString& openError) {
        if (*latest != generation) return;  // a newer load is queued behind this one
        std::vector<EventSummary> events;
        QString error = openError;
        if (archive) {
            try {
                events = archive->events();
            } catch (const std::exception& e) {
                error = QString::fromStdString(e.what());
            }
        }
        DbThread::reply(this, [this, generation, events = std::move(events), error]() mutable {
            receive(generation, std::move(events), error);
        });
    });
}

void EventListModel::receive(int generation, std::vector<EventSummary> events, QString error) {
    if (generation != generation_) return;
    loading_ = false;
    loaded_ = error.isEmpty();
    errorText_ = error;
    // Newest first; events of an unknown year last.
    std::stable_sort(events.begin(), events.end(),
                     [](const EventSummary& a, const EventSummary& b) {
                         const int ya = a.year ? a.year : -1, yb = b.year ? b.year : -1;
                         if (ya != yb) return ya > yb;
                         return QString::localeAwareCompare(a.name, b.name) < 0;
                     });
    all_ = std::move(events);
    folded_.clear();
    folded_.reserve(all_.size());
    for (const EventSummary& e : all_)
        folded_.push_back(fold(e.name + QLatin1Char(' ') + e.spellings.join(QLatin1Char(' ')) +
                               QLatin1Char(' ') + (e.year ? QString::number(e.year) : QString())));
    applyFilter();  // resets the rows, emits stateChanged
    emit updated();
}

}  // namespace othello::viewer
