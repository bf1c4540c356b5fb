#include "game/TreeModel.h"

#include <QStringList>
#include <algorithm>

#include "archive/DbThread.h"
#include "core/Notation.h"
#include "core/Symmetry.h"

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
        case WhiteWinPercentRole:
            return percent(m.whiteWins, m.games);
        case SymmetricOfRole:
            return std::size_t(index.row()) < symmetricOf_.size()
                       ? symmetricOf_[std::size_t(index.row())]
                       : QString();
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
            {ShareRole, "share"},
            {WhiteWinPercentRole, "whiteWinPercent"},
            {SymmetricOfRole, "symmetricOf"}};
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
        DbThread::reply(this,
                        [this, generation, position, data = std::move(data), error]() mutable {
                            receive(generation, position, std::move(data), error);
                        });
    });
}

void TreeModel::receive(int generation, const core::Position& position, TreeData data,
                        QString error) {
    if (generation != generation_) return;
    loading_ = false;
    errorText_ = error;
    beginResetModel();
    data_ = error.isEmpty() ? std::move(data) : TreeData{};
    addSymmetricMoves(position);
    endResetModel();
    emit stateChanged();
    emit updated();
}

QString TreeModel::symmetryNote() const {
    // Per counted move, its symmetric squares, in row order.
    QStringList parts;
    for (std::size_t r = 0; r < data_.moves.size(); ++r) {
        if (r < symmetricOf_.size() && !symmetricOf_[r].isEmpty()) continue;
        const QString move = QString::fromStdString(core::squareName(data_.moves[r].square));
        QStringList copies;
        for (std::size_t k = 0; k < symmetricOf_.size(); ++k)
            if (symmetricOf_[k] == move)
                copies << QString::fromStdString(core::squareName(data_.moves[k].square));
        if (!copies.isEmpty()) parts << tr("%1 = %2").arg(move, copies.join(QStringLiteral(" = ")));
    }
    if (parts.isEmpty()) return {};
    return tr("This position is its own mirror image, so symmetric moves are one move: %1. "
              "Each shows the same games.")
        .arg(parts.join(QStringLiteral("; ")));
}

void TreeModel::addSymmetricMoves(const core::Position& position) {
    symmetricOf_.assign(data_.moves.size(), QString());
    std::vector<core::Symmetry> keeping;
    for (int s = 1; s < core::kSymmetryCount; ++s)
        if (core::transformPosition(position, core::Symmetry(s)) == position)
            keeping.push_back(core::Symmetry(s));
    if (keeping.empty()) return;
    std::vector<TreeMove> moves;
    std::vector<QString> of;
    const auto has = [&moves](int square) {
        return std::any_of(moves.begin(), moves.end(),
                           [square](const TreeMove& m) { return m.square == square; });
    };
    // The archive's own rows first, so a square it counted itself is never shadowed.
    for (const TreeMove& m : data_.moves) {
        moves.push_back(m);
        of.emplace_back();
    }
    for (const TreeMove& m : data_.moves) {
        for (const core::Symmetry s : keeping) {
            const int square = core::transformSquare(m.square, s);
            if (square < 0 || square >= 64 || has(square)) continue;
            TreeMove copy = m;
            copy.square = square;
            // Right after the move it mirrors (the rows keep the archive's order).
            auto at = std::find_if(moves.begin(), moves.end(),
                                   [&m](const TreeMove& x) { return x.square == m.square; });
            std::ptrdiff_t pos = at - moves.begin() + 1;
            while (std::size_t(pos) < moves.size() && !of[std::size_t(pos)].isEmpty()) ++pos;
            moves.insert(moves.begin() + pos, copy);
            of.insert(of.begin() + pos, QString::fromStdString(core::squareName(m.square)));
        }
    }
    data_.moves = std::move(moves);
    symmetricOf_ = std::move(of);
}

}  // namespace othello::viewer
