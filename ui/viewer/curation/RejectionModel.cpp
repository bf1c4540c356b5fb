#include "curation/RejectionModel.h"

namespace othello::viewer {

QVariant RejectionModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Rejection& r = rows_[std::size_t(index.row())];
    switch (role) {
        case LocationRole:
            return r.location;
        case CodeRole:
            return r.code;
        case Qt::DisplayRole:
        case MessageRole:
            return r.message;
        default:
            return {};
    }
}

void RejectionModel::setRows(std::vector<Rejection> rows) {
    beginResetModel();
    rows_ = std::move(rows);
    endResetModel();
}

QString RejectionModel::messageAt(int row) const {
    return row >= 0 && row < rowCount() ? rows_[std::size_t(row)].message : QString();
}

}  // namespace othello::viewer
