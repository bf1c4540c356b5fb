#include "players/PlayerModel.h"

#include "archive/DbThread.h"

namespace othello::viewer {

PlayerModel::PlayerModel(DbThread* worker, QObject* parent) : QObject(parent), worker_(worker) {}

void PlayerModel::loadId(qint64 id) {
    load(QStringLiteral("#") + QString::number(id));
}

void PlayerModel::reload() {
    if (!query_.isEmpty()) load(query_, vs_);
}

void PlayerModel::load(const QString& query, const QString& vs) {
    const int generation = ++generation_;
    *latest_ = generation;
    query_ = query.trimmed();
    vs_ = vs.trimmed();
    if (query_.isEmpty()) {
        receive(generation, {}, QString());
        return;
    }
    loading_ = true;
    emit stateChanged();
    auto latest = latest_;
    worker_->post([this, generation, latest, q = query_, v = vs_](ArchiveBackend* archive,
                                                                  const QString& openError) {
        if (*latest != generation) return;  // another player was asked for meanwhile
        QVariantMap answer;
        QString error = openError;
        if (archive) {
            try {
                answer = archive->player(q, v);
            } catch (const std::exception& e) {
                error = QString::fromStdString(e.what());
            }
        }
        DbThread::reply(this, [this, generation, answer = std::move(answer), error]() mutable {
            receive(generation, std::move(answer), error);
        });
    });
}

void PlayerModel::receive(int generation, QVariantMap answer, QString error) {
    if (generation != generation_) return;
    loading_ = false;
    errorText_ = error;
    page_.clear();
    candidates_.clear();
    if (answer.value(QStringLiteral("found")).toBool())
        page_ = std::move(answer);
    else if (!answer.isEmpty()) {
        candidates_ = answer.value(QStringLiteral("candidates")).toList();
        if (errorText_.isEmpty())
            errorText_ = candidates_.isEmpty()
                             ? tr("No player is named \"%1\", nor has a name containing it.").arg(query_)
                             : tr("No player is named exactly \"%1\": pick one.").arg(query_);
    }
    emit stateChanged();
    emit updated();
}

}  // namespace othello::viewer
