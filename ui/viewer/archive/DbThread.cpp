#include "archive/DbThread.h"

namespace othello::viewer {

DbThread::DbThread(const QString& name)
    : context_(new QObject),
      archive_(std::make_shared<std::unique_ptr<ArchiveBackend>>()),
      openError_(std::make_shared<QString>(QObject::tr("no database opened"))) {
    thread_.setObjectName(name);
    context_->moveToThread(&thread_);
    // The context object dies on its own thread once the event loop ends.
    QObject::connect(&thread_, &QThread::finished, context_, &QObject::deleteLater);
    thread_.start();
}

DbThread::~DbThread() {
    // Close the connection on the thread that opened it, after the jobs already queued.
    auto archive = archive_;
    QMetaObject::invokeMethod(
        context_,
        [archive] {
            archive->reset();
            QThread::currentThread()->quit();
        },
        Qt::QueuedConnection);
    thread_.wait();
}

void DbThread::post(Job job) {
    auto archive = archive_;
    auto error = openError_;
    QMetaObject::invokeMethod(
        context_, [archive, error, job = std::move(job)] { job(archive->get(), *error); },
        Qt::QueuedConnection);
}

void DbThread::open(const QString& path, ArchiveBackend::Access access) {
    auto archive = archive_;
    auto error = openError_;
    QMetaObject::invokeMethod(
        context_,
        [archive, error, path, access] {
            archive->reset();
            try {
                *archive = std::make_unique<ArchiveBackend>(path, access);
                error->clear();
            } catch (const std::exception& e) {
                *error = QString::fromStdString(e.what());
            }
        },
        Qt::QueuedConnection);
}

}  // namespace othello::viewer
