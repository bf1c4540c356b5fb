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
            return row.number;
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
    plies_ = plies;
    analysisFrom_ = analysisFrom;
    rebuild();
}

void MoveListModel::setNumbered(bool numbered) {
    if (numbered == numbered_) return;
    numbered_ = numbered;
    // The loss marks live in the rows: keep them across the new layout.
    std::vector<QString> losses(plies_.size());
    for (const Row& row : rows_)
        for (const Cell* c : {&row.black, &row.white})
            if (c->ply >= 1 && std::size_t(c->ply) <= losses.size())
                losses[std::size_t(c->ply - 1)] = c->loss;
    rebuild();
    setLosses(losses);
    emit numberedChanged();
}

void MoveListModel::rebuild() {
    std::vector<Row> rows;
    rows.reserve(numbered_ ? plies_.size() : plies_.size() / 2 + 1);
    int discs = 0;
    for (std::size_t i = 0; i < plies_.size(); ++i) {
        const core::Ply& p = plies_[i];
        Cell cell{QString::fromStdString(core::squareName(p.square)), static_cast<int>(i) + 1,
                  analysisFrom_ >= 0 && static_cast<int>(i) >= analysisFrom_, QString()};
        if (numbered_) {
            Row row;
            row.number = p.square == core::kPass ? 0 : ++discs;
            (p.side == core::Color::Black ? row.black : row.white) = cell;
            rows.push_back(std::move(row));
            continue;
        }
        if (p.side == core::Color::Black || rows.empty() || !rows.back().white.text.isEmpty()) {
            if (p.side == core::Color::Black) {
                rows.push_back(Row{cell, {}, int(rows.size()) + 1});
                continue;
            }
            rows.push_back(Row{{}, {}, int(rows.size()) + 1});
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
