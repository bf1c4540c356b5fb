#include "analysis/SolverThread.h"

namespace othello::viewer {

SolverThread::SolverThread()
    : context_(new QObject), backend_(std::make_shared<std::unique_ptr<SolverBackend>>()) {
    thread_.setObjectName(QStringLiteral("othello-solver"));
    context_->moveToThread(&thread_);
    QObject::connect(&thread_, &QThread::finished, context_, &QObject::deleteLater);
    thread_.start();
}

SolverThread::~SolverThread() {
    // The backend (its cache connection) dies on the thread that made it.
    auto backend = backend_;
    QMetaObject::invokeMethod(
        context_,
        [backend] {
            backend->reset();
            QThread::currentThread()->quit();
        },
        Qt::QueuedConnection);
    thread_.wait();
}

void SolverThread::post(Job job) {
    auto backend = backend_;
    QMetaObject::invokeMethod(
        context_,
        [backend, job = std::move(job)] {
            // Created on first use, on this thread: the solver's table is allocated here.
            if (!*backend) *backend = std::make_unique<SolverBackend>();
            job(**backend);
        },
        Qt::QueuedConnection);
}

void SolverThread::openCache(const QString& path) {
    post([path](SolverBackend& backend) {
        if (path.isEmpty())
            backend.closeCache();
        else
            backend.openCache(path);
    });
}

}  // namespace othello::viewer
