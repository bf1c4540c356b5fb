#pragma once
// Imports files and folders into the archive on a thread and connection of its own, so the
// archive stays usable (searches, tree, games) while it runs. Progress is reported a few
// times a second; cancel stops after the current batch, keeping what was committed.
#include <QObject>
#include <QUrl>
#include <QtQml/qqmlregistration.h>
#include <atomic>
#include <memory>

#include "archive/ArchiveBackend.h"
#include "curation/RejectionModel.h"

namespace othello::viewer {

class DbThread;

class ImportController : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("ImportController belongs to an ArchiveClient")
    Q_PROPERTY(bool running READ running NOTIFY stateChanged)
    Q_PROPERTY(double progress READ progress NOTIFY stateChanged)  // 0..1; -1 unknown
    Q_PROPERTY(QString statusText READ statusText NOTIFY stateChanged)
    Q_PROPERTY(QString errorText READ errorText NOTIFY stateChanged)
    // Why imports cannot run ("" when they can): no archive open, or a read-only one.
    Q_PROPERTY(QString blockedReason READ blockedReason NOTIFY stateChanged)
    Q_PROPERTY(othello::viewer::RejectionModel* rejections READ rejections CONSTANT)

  public:
    explicit ImportController(QObject* parent = nullptr);
    ~ImportController() override;

    bool running() const { return running_; }
    double progress() const;
    QString statusText() const { return statusText_; }
    QString errorText() const { return errorText_; }
    RejectionModel* rejections() { return &rejections_; }

    void setDatabasePath(const QString& path) { databasePath_ = path; }
    QString blockedReason() const { return blockedReason_; }
    void setBlockedReason(const QString& reason);

    // Imports local files or folders (file: URLs or plain paths); false when one is running
    // or no path is local.
    Q_INVOKABLE bool start(const QList<QUrl>& urls);
    Q_INVOKABLE bool startPaths(const QStringList& paths);
    Q_INVOKABLE void cancel();

  signals:
    void stateChanged();
    void finished();  // the archive changed: views refresh

  private:
    void onProgress(const ImportStatus& status);
    void onFinished(const ImportOutcome& outcome, const QString& error);

    RejectionModel rejections_;
    QString databasePath_;
    QString blockedReason_;
    bool running_ = false;
    ImportStatus status_;
    QString statusText_;
    QString errorText_;
    std::shared_ptr<std::atomic<bool>> cancel_;
    std::unique_ptr<DbThread> worker_;  // last: stops before the members its replies use
};

}  // namespace othello::viewer
