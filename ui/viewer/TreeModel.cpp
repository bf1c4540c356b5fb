#include "TreeModel.h"

#include "DbThread.h"
#include "core/Notation.h"

namespace othello::viewer {

TreeModel::TreeModel(DbThread* worker, QObject* parent)
    : QAbstractListModel(parent), worker_(worker) {}

int TreeModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(data_.moves.size());
}

QVariant TreeModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const TreeMove& m = data_.moves[std::size_t(index.row())];
    switch (role) {
        case SquareRole:
            return m.square;
        case Qt::DisplayRole:
        case MoveRole:
            return QString::fromStdString(core::squareName(m.square));
        case GamesRole:
            return m.games;
        case BlackWinPercentRole:
            return percent(m.blackWins, m.games);
        case DrawsRole:
            return m.draws;
        case WhiteWinsRole:
            return m.whiteWins;
        case AverageScoreRole:
            return m.avgBlackScore;
        case ShareRole:
            return data_.games ? double(m.games) / double(data_.games) : 0.0;
        default:
            return {};
    }
}

QHash<int, QByteArray> TreeModel::roleNames() const {
    return {{SquareRole, "square"},
            {MoveRole, "move"},
            {GamesRole, "games"},
            {BlackWinPercentRole, "blackWinPercent"},
            {DrawsRole, "draws"},
            {WhiteWinsRole, "whiteWins"},
            {AverageScoreRole, "averageScore"},
            {ShareRole, "share"}};
}

int TreeModel::squareAt(int row) const {
    return row >= 0 && row < rowCount() ? data_.moves[std::size_t(row)].square : -1;
}

QList<qint64> TreeModel::gamesBySquare() const {
    QList<qint64> games(64, 0);
    for (const TreeMove& m : data_.moves)
        if (m.square >= 0 && m.square < 64) games[m.square] = m.games;
    return games;
}

void TreeModel::request(const core::Position& position, std::optional<std::vector<int>> line) {
    const int generation = ++generation_;
    *latest_ = generation;
    loading_ = true;
    emit stateChanged();
    auto latest = latest_;
    worker_->post([this, generation, latest, position, line = std::move(line)](
                      ArchiveBackend* archive, const QString& openError) {
        if (*latest != generation) return;  // a newer position is queued behind this one
        TreeData data;
        QString error = openError;
        if (archive) {
            try {
                data = archive->stats(position);
                // The line's deepest opening (a position may be named for a shorter one).
                if (line) {
                    const QString deepest = ArchiveBackend::deepestOpening(*line);
                    if (!deepest.isEmpty()) data.opening = deepest;
                }
            } catch (const std::exception& e) {
                error = QString::fromStdString(e.what());
            }
        }
        DbThread::reply(this, [this, generation, data = std::move(data), error]() mutable {
            receive(generation, std::move(data), error);
        });
    });
}

void TreeModel::receive(int generation, TreeData data, QString error) {
    if (generation != generation_) return;
    loading_ = false;
    errorText_ = error;
    beginResetModel();
    data_ = error.isEmpty() ? std::move(data) : TreeData{};
    endResetModel();
    emit stateChanged();
    emit updated();
}

}  // namespace othello::viewer
