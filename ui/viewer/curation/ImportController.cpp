#include "curation/ImportController.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QLocale>

#include "archive/DbThread.h"

namespace othello::viewer {

ImportController::ImportController(QObject* parent)
    : QObject(parent), worker_(std::make_unique<DbThread>(QStringLiteral("othello-import"))) {}

ImportController::~ImportController() {
    if (cancel_) *cancel_ = true;  // stop after the current batch, committing it
}

double ImportController::progress() const {
    if (!running_) return 1.0;
    if (status_.filesTotal <= 0) return -1.0;
    return double(status_.filesDone) / double(status_.filesTotal);
}

bool ImportController::start(const QList<QUrl>& urls) {
    QStringList paths;
    for (const QUrl& url : urls)
        if (url.isLocalFile()) paths << url.toLocalFile();
    if (paths.isEmpty()) {
        errorText_ = tr("Nothing to import: drop local files or folders.");
        emit stateChanged();
        return false;
    }
    return startPaths(paths);
}

void ImportController::setBlockedReason(const QString& reason) {
    if (reason == blockedReason_) return;
    blockedReason_ = reason;
    emit stateChanged();
}

bool ImportController::startPaths(const QStringList& paths) {
    if (paths.isEmpty()) return false;
    if (!blockedReason_.isEmpty()) {
        errorText_ = tr("Cannot import: %1.").arg(blockedReason_);
        emit stateChanged();
        return false;
    }
    if (running_) {
        // Stay on the running import; say why the new one did not start.
        statusText_ = tr("An import is already running: wait for it or cancel it first.");
        emit stateChanged();
        return false;
    }
    running_ = true;
    status_ = ImportStatus{};
    status_.filesTotal = int(paths.size());
    errorText_.clear();
    statusText_ = tr("Reading %1…").arg(QFileInfo(paths.front()).fileName());
    rejections_.setRows({});
    cancel_ = std::make_shared<std::atomic<bool>>(false);
    emit stateChanged();

    worker_->open(databasePath_, ArchiveBackend::Access::Import);
    auto cancel = cancel_;
    worker_->post([this, paths, cancel](ArchiveBackend* archive, const QString& openError) {
        ImportOutcome outcome;
        QString error = openError;
        if (archive) {
            QElapsedTimer sinceReport;
            sinceReport.start();
            auto progress = [&](const ImportStatus& s) {
                // A few reports a second are enough for a progress bar.
                if (sinceReport.elapsed() < 100) return;
                sinceReport.restart();
                DbThread::reply(this, [this, s] { onProgress(s); });
            };
            try {
                outcome = archive->importFiles(paths, progress, cancel.get());
            } catch (const std::exception& e) {
                error = QString::fromStdString(e.what());
            }
        }
        DbThread::reply(
            this, [this, outcome = std::move(outcome), error] { onFinished(outcome, error); });
    });
    return true;
}

void ImportController::cancel() {
    if (!running_ || !cancel_) return;
    *cancel_ = true;
    statusText_ = tr("Cancelling after the current batch…");
    emit stateChanged();
}

void ImportController::onProgress(const ImportStatus& status) {
    if (!running_) return;
    status_ = status;
    QLocale locale(QLocale::English);
    statusText_ = tr("%1 — %2 games read, %3 imported, %4 duplicates, %5 rejected")
                      .arg(QFileInfo(status.currentFile).fileName(),
                           locale.toString(status.gamesRead), locale.toString(status.imported),
                           locale.toString(status.duplicates), locale.toString(status.rejected));
    emit stateChanged();
}

void ImportController::onFinished(const ImportOutcome& outcome, const QString& error) {
    running_ = false;
    status_ = outcome.status;
    QLocale locale(QLocale::English);
    if (!error.isEmpty()) {
        errorText_ = tr("Import failed: %1").arg(error);
        statusText_.clear();
    } else {
        statusText_ = tr("%1: %2 imported, %3 duplicates, %4 rejected")
                          .arg(outcome.cancelled ? tr("Cancelled") : tr("Done"),
                               locale.toString(outcome.status.imported),
                               locale.toString(outcome.status.duplicates),
                               locale.toString(outcome.status.rejected));
        // Files that hold no game record are named, as the command line names them.
        if (!outcome.notGameRecords.isEmpty()) {
            QStringList names;
            for (const QString& p : outcome.notGameRecords) names << QFileInfo(p).fileName();
            const int n = int(outcome.notGameRecords.size());
            statusText_ += (n == 1 ? tr("; 1 file skipped, not a game record: %1")
                                   : tr("; %1 files skipped, not a game record: %2").arg(n))
                               .arg(names.join(QStringLiteral(", ")));
        }
    }
    rejections_.setRows(outcome.rejections);
    cancel_.reset();
    emit stateChanged();
    emit finished();
}

}  // namespace othello::viewer
