#pragma once
// The records an import rejected, each with its diagnosis ("path:line: error: ... [code]").
#include <QAbstractListModel>
#include <QtQml/qqmlregistration.h>
#include <vector>

#include "archive/ArchiveBackend.h"

namespace othello::viewer {

class RejectionModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("RejectionModel belongs to an ImportController")

  public:
    enum Role { LocationRole = Qt::UserRole + 1, CodeRole, MessageRole };
    Q_ENUM(Role)

    explicit RejectionModel(QObject* parent = nullptr) : QAbstractListModel(parent) {}

    int rowCount(const QModelIndex& parent = QModelIndex()) const override {
        return parent.isValid() ? 0 : int(rows_.size());
    }
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override {
        return {{LocationRole, "location"}, {CodeRole, "code"}, {MessageRole, "message"}};
    }

    void setRows(std::vector<Rejection> rows);
    Q_INVOKABLE QString messageAt(int row) const;

  private:
    std::vector<Rejection> rows_;
};

}  // namespace othello::viewer
