#pragma once
// A player's page in the viewer (the Players tab): what `othello-db player` shows
// (storage/players/PlayerProfile.h), as the JSON of `player --json` turned into QML values, so
// the page reads the same fields as the CLI's and the API's (storage/players/PlayerJson.h):
// `page` is that object (player, results, years, events, best, openings, replies, departures,
// analysis, rating, vs). A query naming no one player leaves `page` empty and lists the
// `candidates` ({id, name, games}): the tool never guesses. Loaded on the archive worker
// (DbThread), never on the UI thread; answers to a superseded request are dropped.
#include <QObject>
#include <QVariantList>
#include <QVariantMap>
#include <QtQml/qqmlregistration.h>
#include <atomic>
#include <memory>

namespace othello::viewer {

class DbThread;

class PlayerModel : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("PlayerModel belongs to an ArchiveClient")
    Q_PROPERTY(bool loading READ loading NOTIFY stateChanged)
    Q_PROPERTY(QString errorText READ errorText NOTIFY stateChanged)
    Q_PROPERTY(QString query READ query NOTIFY stateChanged)
    Q_PROPERTY(QString vs READ vs NOTIFY stateChanged)
    Q_PROPERTY(bool hasPlayer READ hasPlayer NOTIFY stateChanged)
    Q_PROPERTY(QVariantMap page READ page NOTIFY stateChanged)
    Q_PROPERTY(QVariantList candidates READ candidates NOTIFY stateChanged)

  public:
    explicit PlayerModel(DbThread* worker, QObject* parent = nullptr);

    bool loading() const { return loading_; }
    QString errorText() const { return errorText_; }
    QString query() const { return query_; }
    QString vs() const { return vs_; }
    bool hasPlayer() const { return !page_.isEmpty(); }
    QVariantMap page() const { return page_; }
    QVariantList candidates() const { return candidates_; }

    // Loads the page of the player `query` names (a name, an old spelling, "#id"), with the
    // head-to-head against `vs` when given; "" clears it. The answer arrives later (updated).
    Q_INVOKABLE void load(const QString& query, const QString& vs = QString());
    Q_INVOKABLE void loadId(qint64 id);
    // Loads the shown page again (after an import or an edit).
    Q_INVOKABLE void reload();

  signals:
    void stateChanged();
    void updated();  // a load's answer is in

  private:
    void receive(int generation, QVariantMap answer, QString error);

    DbThread* worker_;
    QVariantMap page_;
    QVariantList candidates_;
    bool loading_ = false;
    QString errorText_, query_, vs_;
    int generation_ = 0;
    std::shared_ptr<std::atomic<int>> latest_ = std::make_shared<std::atomic<int>>(0);
};

}  // namespace othello::viewer
