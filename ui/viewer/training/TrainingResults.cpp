#include "TrainingResults.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLockFile>
#include <QSaveFile>
#include <QStandardPaths>

#include "core/Notation.h"
#include "core/Symmetry.h"

namespace othello::viewer {

namespace {

constexpr const char* kFormat = "othello-viewer training";

QJsonObject toJson(const ProblemResult& r) {
    return {{QStringLiteral("attempts"), r.attempts},
            {QStringLiteral("solved"), r.solved},
            {QStringLiteral("solved_first_time"), r.solvedFirstTime},
            {QStringLiteral("seconds"), r.seconds},
            {QStringLiteral("last"), r.last.toString(Qt::ISODate)}};
}

ProblemResult fromJson(const QJsonObject& o) {
    ProblemResult r;
    r.attempts = o.value(QStringLiteral("attempts")).toInt();
    r.solved = o.value(QStringLiteral("solved")).toBool();
    r.solvedFirstTime = o.value(QStringLiteral("solved_first_time")).toBool();
    r.seconds = o.value(QStringLiteral("seconds")).toDouble();
    r.last = QDateTime::fromString(o.value(QStringLiteral("last")).toString(), Qt::ISODate);
    return r;
}

}  // namespace

QString TrainingResults::defaultPath() {
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
           QStringLiteral("/training-results.json");
}

QString TrainingResults::problemKey(const QString& set, const core::Position& position,
                                    problems::Goal goal) {
    const core::Position c = core::canonical(position).position;
    return set + QLatin1Char('|') + QString::fromStdString(core::boardStringWithSide(c)) +
           QLatin1Char('|') + QLatin1String(problems::goalName(goal));
}

TrainingResults::TrainingResults(const QString& path) : path_(path) {
    read();
}

bool TrainingResults::read() {
    QFile file(path_);
    if (!file.exists()) {
        results_.clear();
        return true;
    }
    if (!file.open(QIODevice::ReadOnly)) {
        writable_ = false;
        error_ = QStringLiteral("cannot read %1: %2").arg(path_, file.errorString());
        return false;
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parseError);
    const QJsonObject root = doc.object();
    if (parseError.error != QJsonParseError::NoError || !doc.isObject() ||
        root.value(QStringLiteral("format")).toString() != QLatin1String(kFormat)) {
        writable_ = false;
        error_ = QStringLiteral("%1 is not a training results file (%2); it is left as it is "
                                "and nothing is saved until it is moved away")
                     .arg(path_, parseError.error != QJsonParseError::NoError
                                     ? parseError.errorString()
                                     : QStringLiteral("no \"format\": \"%1\"").arg(kFormat));
        return false;
    }
    results_.clear();
    const QJsonObject problems = root.value(QStringLiteral("problems")).toObject();
    for (auto it = problems.begin(); it != problems.end(); ++it)
        results_.insert(it.key(), fromJson(it.value().toObject()));
    return true;
}

void TrainingResults::apply(ProblemResult& r, const Answer& a) {
    if (r.attempts == 0) r.solvedFirstTime = a.right;
    ++r.attempts;
    if (a.right && !r.solved) {
        r.solved = true;
        r.seconds = a.seconds;
    }
    r.last = a.when;
}

bool TrainingResults::record(const QString& key, bool right, double seconds) {
    const Answer a{key, right, seconds, QDateTime::currentDateTimeUtc()};
    pending_.push_back(a);
    apply(results_[key], a);  // shown at once, saved or not
    return save();
}

SetSummary TrainingResults::summary(const QStringList& keys) const {
    SetSummary s;
    s.total = static_cast<int>(keys.size());
    for (const QString& key : keys) {
        const auto it = results_.constFind(key);
        if (it == results_.constEnd() || it->attempts == 0) continue;
        ++s.attempted;
        if (it->solvedFirstTime) ++s.solvedFirstTime;
        if (it->solved) {
            ++s.solved;
            s.seconds += it->seconds;
        }
    }
    return s;
}

bool TrainingResults::save() {
    if (!writable_) return false;
    QDir().mkpath(QFileInfo(path_).absolutePath());
    QLockFile lock(path_ + QStringLiteral(".lock"));
    if (!lock.tryLock(5000)) {
        error_ = QStringLiteral("cannot save %1: another viewer holds %1.lock; the answer is "
                                "kept and saved with the next")
                     .arg(path_);
        return false;
    }
    // What another viewer saved since is in the file: our answers go on top of it.
    const QHash<QString, ProblemResult> mine = results_;
    if (!read()) {
        results_ = mine;
        return false;
    }
    for (const Answer& a : pending_) apply(results_[a.key], a);
    QJsonObject problems;
    for (auto it = results_.constBegin(); it != results_.constEnd(); ++it)
        problems.insert(it.key(), toJson(it.value()));
    const QJsonObject root{{QStringLiteral("format"), QLatin1String(kFormat)},
                           {QStringLiteral("version"), 1},
                           {QStringLiteral("problems"), problems}};
    QSaveFile file(path_);
    if (!file.open(QIODevice::WriteOnly) ||
        file.write(QJsonDocument(root).toJson(QJsonDocument::Indented)) < 0 || !file.commit()) {
        error_ = QStringLiteral("cannot save %1: %2").arg(path_, file.errorString());
        return false;
    }
    pending_.clear();
    error_.clear();
    return true;
}

}  // namespace othello::viewer
