#pragma once
// A worker thread with its own archive connection. Jobs run in order on that thread; a job's
// answer goes back to the UI thread through `reply`, which drops it if the receiver is gone.
// Opening happens on the worker too, so the UI thread never touches SQLite.
#include <QObject>
#include <QPointer>
#include <QString>
#include <QThread>
#include <functional>
#include <memory>

#include "archive/ArchiveBackend.h"

namespace othello::viewer {

class DbThread {
  public:
    explicit DbThread(const QString& name);
    ~DbThread();  // runs the jobs already queued, closes the connection, stops the thread
    DbThread(const DbThread&) = delete;
    DbThread& operator=(const DbThread&) = delete;

    // Runs `job` on the worker. `archive` is null when the database could not be opened; the
    // reason is in `openError`.
    using Job = std::function<void(ArchiveBackend* archive, const QString& openError)>;
    void post(Job job);

    // Closes the connection (if any) and opens `path` for later jobs.
    void open(const QString& path, ArchiveBackend::Access access);

    // Runs `fn` on `receiver`'s thread unless the receiver has been deleted meanwhile.
    template <class Fn>
    static void reply(QObject* receiver, Fn&& fn) {
        QMetaObject::invokeMethod(receiver, std::forward<Fn>(fn), Qt::QueuedConnection);
    }

  private:
    QThread thread_;
    QObject* context_;  // lives in thread_: posting to it runs code there
    std::shared_ptr<std::unique_ptr<ArchiveBackend>> archive_;
    std::shared_ptr<QString> openError_;
};

}  // namespace othello::viewer
