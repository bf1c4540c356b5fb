#pragma once
// The worker thread the endgame solver runs on, with its own SolverBackend (solver and cache
// connection). Jobs run in order; a long solve is stopped through the cancel flag given in
// its SolveOptions, and a job that is no longer needed checks its own flag and returns at
// once. Answers go back with DbThread::reply.
#include <QObject>
#include <QString>
#include <QThread>
#include <functional>
#include <memory>

#include "analysis/SolverBackend.h"

namespace othello::viewer {

class SolverThread {
  public:
    SolverThread();
    ~SolverThread();  // runs the jobs already queued (cancel them first), then stops
    SolverThread(const SolverThread&) = delete;
    SolverThread& operator=(const SolverThread&) = delete;

    using Job = std::function<void(SolverBackend& backend)>;
    void post(Job job);
    // Opens the cache of the archive at `path` for later jobs ("" closes it).
    void openCache(const QString& path);

  private:
    QThread thread_;
    QObject* context_;  // lives in thread_: posting to it runs code there
    std::shared_ptr<std::unique_ptr<SolverBackend>> backend_;
};

}  // namespace othello::viewer
