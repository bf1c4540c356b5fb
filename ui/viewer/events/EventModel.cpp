#include "events/EventModel.h"

#include <algorithm>

#include "archive/DbThread.h"

namespace othello::viewer {

namespace {

QString pointsText(int points2) {
    if (points2 % 2 == 0) return QString::number(points2 / 2);
    return points2 == 1 ? QStringLiteral("½") : QString::number(points2 / 2) + QStringLiteral("½");
}

// "withdrew after round 2 (stored)", as `othello-db event` says it; empty when not withdrawn.
QString withdrawalText(const EventStanding& s, bool sayStored = true) {
    if (!s.withdrawn) return {};
    QString t = s.withdrewAfterRound
                    ? EventModel::tr("withdrew after round %1").arg(s.withdrewAfterRound)
                    : EventModel::tr("withdrew");
    if (sayStored && s.withdrawalStored) t += EventModel::tr(" (stored)");
    return t;
}

// "1 game", "3 games" (no translator loaded: %n alone would give "game(s)").
QString plural(qint64 n, const QString& one, const QString& many) {
    return QString::number(n) + QLatin1Char(' ') + (n == 1 ? one : many);
}

}  // namespace

EventModel::EventModel(DbThread* worker, QObject* parent)
    : QAbstractTableModel(parent), worker_(worker) {}

int EventModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || !data_ ? 0 : int(data_->standings.size());
}

int EventModel::crossColumns() const {
    if (!data_ || data_->standings.empty()) return 0;
    if (crossMode_ == ByOpponent) return int(data_->standings.size());
    if (data_->roundsFrom != EventData::Rounds::Estimated) return data_->rounds;
    // Rounds unknown: one column per game of the player, in file order.
    std::size_t most = 0;
    for (const EventStanding& s : data_->standings) most = std::max(most, s.results.size());
    return int(most);
}

int EventModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() || rowCount() == 0 ? 0 : FirstCrossColumn + crossColumns();
}

std::vector<const EventResult*> EventModel::cellResults(int row, int column) const {
    std::vector<const EventResult*> out;
    if (!data_ || row < 0 || row >= rowCount() || column < FirstCrossColumn ||
        column >= columnCount())
        return out;
    const EventStanding& s = data_->standings[std::size_t(row)];
    const int k = column - FirstCrossColumn;
    if (crossMode_ == ByOpponent) {
        for (const EventResult& r : s.results)
            if (r.opponent == k) out.push_back(&r);
    } else if (data_->roundsFrom != EventData::Rounds::Estimated) {
        for (const EventResult& r : s.results)
            if (r.round == k + 1) out.push_back(&r);
    } else if (std::size_t(k) < s.results.size()) {
        out.push_back(&s.results[std::size_t(k)]);
    }
    return out;
}

QString EventModel::resultText(const EventResult& r) const {
    if (crossMode_ == ByOpponent) return r.scored ? pointsText(r.points2) : QStringLiteral("*");
    // As `othello-db event` prints a round: opponent's rank, colour, sign, discs.
    const QChar sign = !r.scored        ? QLatin1Char('*')
                       : r.points2 == 2 ? QLatin1Char('+')
                       : r.points2 == 1 ? QLatin1Char('=')
                                        : QChar(0x2212);  // minus sign
    if (r.opponent < 0) return tr("bye");
    const QString head = QString::number(data_->standings[std::size_t(r.opponent)].rank) +
                         (r.black ? QLatin1Char('b') : QLatin1Char('w'));
    return r.scored ? head + sign + QString::number(r.discs) : head + sign;
}

QString EventModel::resultDetail(const EventResult& r) const {
    const QString round = r.round ? tr("Round %1: ").arg(r.round) : QString();
    if (r.opponent < 0) return round + tr("a bye (a win, %1 discs)").arg(r.discs);
    const EventStanding& other = data_->standings[std::size_t(r.opponent)];
    const QString opponent = other.withdrawn ? other.player + QStringLiteral(" (") +
                                                   withdrawalText(other, false) + QLatin1Char(')')
                                             : other.player;
    const QString colour = r.black ? tr("Black") : tr("White");
    if (!r.scored)
        return round + tr("unfinished against %1 with %2 (not scored)").arg(opponent, colour);
    const QString verb = r.points2 == 2 ? tr("won") : r.points2 == 1 ? tr("drew") : tr("lost");
    return round + tr("%1 %2–%3 against %4 with %5")
                       .arg(verb)
                       .arg(r.discs)
                       .arg(r.opponentDiscs)
                       .arg(opponent, colour);
}

QVariant EventModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const int row = index.row(), column = index.column();
    const EventStanding& s = data_->standings[std::size_t(row)];
    if (column < FirstCrossColumn) {
        switch (role) {
            case Qt::DisplayRole:
            case TextRole:
                switch (column) {
                    case RankColumn:
                        return (s.tied ? QStringLiteral("=") : QString()) + QString::number(s.rank);
                    case PlayerColumn:
                        // "(w)" as `othello-db event` and the published pages mark it; the
                        // round in the cell's detail.
                        return s.withdrawn ? tr("%1 (w)").arg(s.player) : s.player;
                    case PointsColumn:
                        return pointsText(s.points2);
                    case BrightwellColumn:
                        return s.brightwell2 % 2
                                   ? QString::number(double(s.brightwell2) / 2, 'f', 1)
                                   : QString::number(s.brightwell2 / 2);
                    case DiscsColumn:
                        return s.discs;
                    case GamesColumn:
                        return s.games;
                    case WinsColumn:
                        return s.wins;
                    case DrawsColumn:
                        return s.draws;
                    case LossesColumn:
                        return s.losses;
                    default:
                        return {};
                }
            case GameIdRole:
                return qint64(0);
            case KindRole:
                return int(StandingCell);
            case OutcomeRole:
                return int(NoOutcome);
            case DetailRole: {
                QString d = withdrawalText(s);
                if (!d.isEmpty()) d = s.player + QLatin1Char(' ') + d;
                if (s.unscored)
                    d += (d.isEmpty() ? QString() : QStringLiteral("; ")) +
                         plural(s.unscored, tr("unfinished game without a result"),
                                tr("unfinished games without a result"));
                if (s.byes)
                    d += (d.isEmpty() ? QString() : QStringLiteral("; ")) +
                         plural(s.byes, tr("bye"), tr("byes"));
                return d;
            }
            default:
                return {};
        }
    }
    const bool self = crossMode_ == ByOpponent && column - FirstCrossColumn == row;
    const std::vector<const EventResult*> results = cellResults(row, column);
    switch (role) {
        case Qt::DisplayRole:
        case TextRole: {
            if (self) return QString();
            QString text;
            for (const EventResult* r : results)
                text +=
                    (text.isEmpty() || crossMode_ == ByOpponent ? QString() : QStringLiteral("/")) +
                    resultText(*r);
            return text;
        }
        case GameIdRole:
            return results.empty() ? qint64(0) : results.front()->game;
        case KindRole:
            return int(self ? SelfCell : ResultCell);
        case OutcomeRole: {
            if (results.empty()) return int(NoOutcome);
            int points2 = 0, scored = 0;
            for (const EventResult* r : results)
                if (r->scored) {
                    points2 += r->points2;
                    ++scored;
                }
            if (scored == 0) return int(Unscored);
            return int(points2 > scored ? Win : points2 == scored ? Draw : Loss);
        }
        case DetailRole: {
            QStringList lines;
            for (const EventResult* r : results) lines.append(resultDetail(*r));
            return lines.join(QLatin1Char('\n'));
        }
        default:
            return {};
    }
}

QString EventModel::headerText(int column) const {
    static const char* const names[] = {QT_TR_NOOP("#"),  QT_TR_NOOP("Player"), QT_TR_NOOP("Pts"),
                                        QT_TR_NOOP("BQ"), QT_TR_NOOP("Discs"),  QT_TR_NOOP("G"),
                                        QT_TR_NOOP("W"),  QT_TR_NOOP("D"),      QT_TR_NOOP("L")};
    if (column < 0 || column >= columnCount()) return {};
    if (column < FirstCrossColumn) return tr(names[column]);
    const int k = column - FirstCrossColumn;
    if (crossMode_ == ByOpponent) {
        // A withdrawn opponent's column: its rank marked ʷ (the player cell says "(w)").
        const EventStanding& s = data_->standings[std::size_t(k)];
        return QString::number(s.rank) + (s.withdrawn ? QStringLiteral("ʷ") : QString());
    }
    return data_->roundsFrom != EventData::Rounds::Estimated ? tr("R%1").arg(k + 1)
                                                             : tr("G%1").arg(k + 1);
}

QVariant EventModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (role != Qt::DisplayRole) return {};
    if (orientation == Qt::Horizontal) return headerText(section);
    if (section >= 0 && section < rowCount()) return QString::number(section + 1);
    return {};
}

QHash<int, QByteArray> EventModel::roleNames() const {
    return {{Qt::DisplayRole, "display"}, {TextRole, "text"},       {GameIdRole, "gameId"},
            {KindRole, "kind"},           {OutcomeRole, "outcome"}, {DetailRole, "detail"}};
}

QString EventModel::title() const {
    if (!data_) return {};
    const EventSummary& e = data_->summary;
    return (e.name.isEmpty() ? tr("(no event)") : e.name) +
           (e.year ? QLatin1Char(' ') + QString::number(e.year) : QString());
}

QString EventModel::details() const {
    if (!data_) return {};
    const EventSummary& e = data_->summary;
    QString d = plural(e.games, tr("game"), tr("games")) + QStringLiteral(", ") +
                plural(e.players, tr("player"), tr("players"));
    if (e.spellings.size() > 1) d += tr(" · spelt %1").arg(e.spellings.join(QStringLiteral(", ")));
    if (!e.isTournament) return d;
    // Where the rounds come from is the first of the notes (notes()).
    // Who withdrew, and how the quotient counts their games (as `othello-db event` says).
    QStringList withdrawn;
    for (const EventStanding& s : data_->standings)
        if (s.withdrawn) withdrawn.append(s.player + QLatin1Char(' ') + withdrawalText(s));
    if (!withdrawn.isEmpty())
        d += tr(" · (w) %1; games against them count 32 + %2 × own points in the BQ")
                 .arg(withdrawn.join(QStringLiteral(", ")))
                 .arg(data_->brightwellConstant);
    return d;
}

QVariantList EventModel::stageGames() const {
    QVariantList out;
    if (!data_) return out;
    for (const EventStageGame& g : data_->stageGames)
        out.append(QVariantMap{{QStringLiteral("game"), g.game},
                               {QStringLiteral("stage"), g.final ? tr("final") : tr("play-off")},
                               {QStringLiteral("round"), g.round},
                               {QStringLiteral("black"), g.black},
                               {QStringLiteral("white"), g.white},
                               {QStringLiteral("result"), g.result},
                               {QStringLiteral("marked"), g.marked}});
    return out;
}

QStringList EventModel::playerNames() const {
    QStringList out;
    // As the player column shows them ("(w)" included).
    for (int r = 0; data_ && r < static_cast<int>(data_->standings.size()); ++r)
        out.append(data(index(r, PlayerColumn), TextRole).toString());
    return out;
}

void EventModel::setCrossMode(int mode) {
    mode = mode == ByRound ? ByRound : ByOpponent;
    if (mode == crossMode_) return;
    beginResetModel();
    crossMode_ = mode;
    endResetModel();
    emit stateChanged();
}

qint64 EventModel::gameIdAt(int row, int column) const {
    const std::vector<const EventResult*> results = cellResults(row, column);
    return results.empty() ? 0 : results.front()->game;
}

void EventModel::reload() {
    if (requested_ != 0) load(requested_);
}

void EventModel::load(qint64 id) {
    const int generation = ++generation_;
    *latest_ = generation;
    requested_ = id;
    if (id == 0) {
        receive(generation, std::nullopt, QString());
        return;
    }
    loading_ = true;
    emit stateChanged();
    auto latest = latest_;
    worker_->post(
        [this, generation, latest, id](ArchiveBackend* archive, const QString& openError) {
            if (*latest != generation) return;  // another event was asked for meanwhile
            std::optional<EventData> data;
            QString error = openError;
            if (archive) {
                try {
                    data = archive->event(id);
                    if (!data) error = tr("There is no event %1 in the archive.").arg(id);
                } catch (const std::exception& e) {
                    error = QString::fromStdString(e.what());
                }
            }
            DbThread::reply(this, [this, generation, data = std::move(data), error]() mutable {
                receive(generation, std::move(data), error);
            });
        });
}

void EventModel::receive(int generation, std::optional<EventData> data, QString error) {
    if (generation != generation_) return;
    loading_ = false;
    errorText_ = error;
    const bool sameEvent = data && data_ && data->summary.id == data_->summary.id;
    beginResetModel();
    data_ = std::move(data);
    // A new event starts with the table that suits its size; a reload keeps the user's choice.
    if (data_ && !sameEvent)
        crossMode_ = int(data_->standings.size()) <= kMaxPlayersByOpponent ? ByOpponent : ByRound;
    endResetModel();
    emit stateChanged();
    emit updated();
}

}  // namespace othello::viewer
