#include "MoveListModel.h"

#include "core/Notation.h"

namespace othello::viewer {

MoveListModel::MoveListModel(QObject* parent) : QAbstractListModel(parent) {}

int MoveListModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

QVariant MoveListModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row& row = rows_[static_cast<std::size_t>(index.row())];
    switch (role) {
        case NumberRole:
            return index.row() + 1;
        case Qt::DisplayRole:
        case BlackTextRole:
            return row.black.text;
        case WhiteTextRole:
            return row.white.text;
        case BlackPlyRole:
            return row.black.ply;
        case WhitePlyRole:
            return row.white.ply;
        case BlackAnalysisRole:
            return row.black.analysis;
        case WhiteAnalysisRole:
            return row.white.analysis;
        case BlackLossRole:
            return row.black.loss;
        case WhiteLossRole:
            return row.white.loss;
        default:
            return {};
    }
}

QHash<int, QByteArray> MoveListModel::roleNames() const {
    return {{NumberRole, "number"},
            {BlackTextRole, "blackText"},
            {WhiteTextRole, "whiteText"},
            {BlackPlyRole, "blackPly"},
            {WhitePlyRole, "whitePly"},
            {BlackAnalysisRole, "blackAnalysis"},
            {WhiteAnalysisRole, "whiteAnalysis"},
            {BlackLossRole, "blackLoss"},
            {WhiteLossRole, "whiteLoss"}};
}

void MoveListModel::setLine(const std::vector<core::Ply>& plies, int analysisFrom) {
    std::vector<Row> rows;
    rows.reserve(plies.size() / 2 + 1);
    for (std::size_t i = 0; i < plies.size(); ++i) {
        const core::Ply& p = plies[i];
        Cell cell{QString::fromStdString(core::squareName(p.square)), static_cast<int>(i) + 1,
                  analysisFrom >= 0 && static_cast<int>(i) >= analysisFrom, QString()};
        if (p.side == core::Color::Black || rows.empty() || !rows.back().white.text.isEmpty()) {
            if (p.side == core::Color::Black) {
                rows.push_back(Row{cell, {}});
                continue;
            }
            rows.push_back(Row{});
        }
        rows.back().white = cell;
    }
    beginResetModel();
    rows_ = std::move(rows);
    endResetModel();
}

void MoveListModel::setLosses(const std::vector<QString>& losses) {
    const auto lossOf = [&losses](const Cell& c) {
        return c.ply >= 1 && std::size_t(c.ply) <= losses.size() ? losses[std::size_t(c.ply - 1)]
                                                                 : QString();
    };
    int first = -1, last = -1;
    for (std::size_t r = 0; r < rows_.size(); ++r) {
        Row& row = rows_[r];
        const QString black = lossOf(row.black), white = lossOf(row.white);
        if (black == row.black.loss && white == row.white.loss) continue;
        row.black.loss = black;
        row.white.loss = white;
        if (first < 0) first = int(r);
        last = int(r);
    }
    if (first >= 0) emit dataChanged(index(first), index(last), {BlackLossRole, WhiteLossRole});
}

int MoveListModel::rowOfPly(int ply) const {
    for (std::size_t r = 0; r < rows_.size(); ++r)
        if (rows_[r].black.ply == ply || rows_[r].white.ply == ply) return static_cast<int>(r);
    return -1;
}

}  // namespace othello::viewer
