#include "curation/CurationController.h"

#include <QDateTime>
#include <QUndoCommand>
#include <algorithm>

#include "archive/ArchiveClient.h"
#include "archive/DbThread.h"
#include "core/Notation.h"
#include "core/Replay.h"
#include "game/GameController.h"
#include "importers/GameResult.h"
#include "importers/TranscriptReader.h"

namespace othello::viewer {

namespace {

QString defaultUser;

QVariantMap trashMap(const TrashRow& t) {
    return {{QStringLiteral("id"), t.row.id},
            {QStringLiteral("black"), t.row.black},
            {QStringLiteral("white"), t.row.white},
            {QStringLiteral("event"), t.row.event},
            {QStringLiteral("year"), t.row.year},
            {QStringLiteral("score"), t.score},
            {QStringLiteral("change"), t.change},
            {QStringLiteral("time"),
             QDateTime::fromSecsSinceEpoch(t.time).toString(QStringLiteral("yyyy-MM-dd hh:mm"))},
            {QStringLiteral("user"), t.user}};
}

QVariantMap changeMap(const ChangeRow& c) {
    QVariantList games;
    for (qint64 g : c.games) games.append(g);
    QString range;
    if (c.kind == QLatin1String("import") && c.firstGame > 0)
        range = QObject::tr("games %1–%2").arg(c.firstGame).arg(c.lastGame);
    return {{QStringLiteral("id"), c.id},
            {QStringLiteral("time"),
             QDateTime::fromSecsSinceEpoch(c.time).toString(QStringLiteral("yyyy-MM-dd hh:mm"))},
            {QStringLiteral("user"), c.user},
            {QStringLiteral("kind"), c.kind},
            {QStringLiteral("summary"), c.summary},
            {QStringLiteral("games"), games},
            {QStringLiteral("range"), range},
            {QStringLiteral("revertedBy"), c.revertedBy},
            {QStringLiteral("reverts"), c.reverts},
            // A purge never comes back; a change already undone is redone by reverting its
            // revert (the journal's chain), so only changes in effect offer "Revert".
            {QStringLiteral("revertible"), c.kind != QLatin1String("purge") && c.revertedBy == 0}};
}

QVariantMap headersMap(const StoredHeaders& h) {
    return {{QStringLiteral("id"), h.id},
            {QStringLiteral("black"), h.black},
            {QStringLiteral("white"), h.white},
            {QStringLiteral("event"), h.event},
            {QStringLiteral("date"), h.date},
            {QStringLiteral("round"), h.round},
            {QStringLiteral("place"), h.place},
            {QStringLiteral("result"), h.result},
            {QStringLiteral("resultText"), h.resultText},
            {QStringLiteral("complete"), h.complete}};
}

QString listText(const std::vector<qint64>& ids) {
    QStringList s;
    for (qint64 id : ids) s.append(QString::number(id));
    return s.join(QStringLiteral(", "));
}

}  // namespace

// One change to the archive as an undo command: the chain of reverts it walks. `latest` is the
// last change of the chain (the one to revert next) and `applied` whether the change is in
// effect; after creation both are read and written on the worker only, in job order.
struct CurationController::ChainState {
    qint64 latest = 0;
    bool applied = true;
    std::vector<qint64> games;
    QString text;
};

namespace {

class ArchiveCommand : public QUndoCommand {
  public:
    ArchiveCommand(CurationController* owner, std::shared_ptr<CurationController::ChainState> s)
        : QUndoCommand(s->text), owner_(owner), state_(std::move(s)) {}
    void undo() override {
        if (owner_) owner_->runChain(state_, false);
    }
    void redo() override {
        // Pushed once the change is made: the stack's first redo has nothing to do.
        if (first_) {
            first_ = false;
            return;
        }
        if (owner_) owner_->runChain(state_, true);
    }

  private:
    QPointer<CurationController> owner_;
    std::shared_ptr<CurationController::ChainState> state_;
    bool first_ = true;
};

}  // namespace

CurationController::CurationController(ArchiveClient* client, DbThread* worker, QObject* parent)
    : QObject(parent), client_(client), worker_(worker) {}

CurationController::~CurationController() = default;

void CurationController::setDefaultUser(const QString& name) {
    defaultUser = name;
}

GameController* CurationController::game() const {
    return client_->game();
}

void CurationController::begin() {
    ++pending_;
    errorText_.clear();
    message_.clear();
    emit stateChanged();
}

void CurationController::finish(const QString& error, const QString& message) {
    pending_ = std::max(0, pending_ - 1);
    errorText_ = error;
    message_ = error.isEmpty() ? message : QString();
    emit stateChanged();
}

void CurationController::clearMessages() {
    errorText_.clear();
    message_.clear();
    emit stateChanged();
}

void CurationController::archiveOpened() {
    trash_.clear();
    history_.clear();
    trashLoaded_ = historyLoaded_ = false;
    emit trashChanged();
    emit historyChanged();
    const QString name = defaultUser;
    worker_->post([this, name](ArchiveBackend* archive, const QString&) {
        if (!archive) return;
        archive->setUser(name);
        const QString user = archive->user();
        DbThread::reply(this, [this, user] {
            user_ = user;
            emit stateChanged();
        });
    });
}

void CurationController::gameShown(qint64 id) {
    if (GameController* g = game(); g && g->gameId() == id) {
        storedId_ = id;
        storedMoves_ = g->game().moves;
        storedComments_ = g->game().comments;
        storedVariations_ = g->game().variations;
    }
    headersFor_ = id;
    if (id <= 0) {
        if (!storedHeaders_.isEmpty() || shownTrashed_) {
            storedHeaders_.clear();
            shownTrashed_ = false;
            emit storedHeadersChanged();
        }
        return;
    }
    // Busy until the stored headers are here: a form or a test that waits for `busy` to fall
    // then reads them as stored, not the previous game's (or none).
    ++pending_;
    emit stateChanged();
    worker_->post([this, id](ArchiveBackend* archive, const QString&) {
        std::optional<StoredHeaders> h;
        if (archive) {
            try {
                h = archive->headers(id);
            } catch (const std::exception&) {
                // The load that showed the game reported any database error already.
            }
        }
        DbThread::reply(this, [this, id, h] {
            pending_ = std::max(0, pending_ - 1);
            emit stateChanged();
            if (id != headersFor_) return;
            storedHeaders_ = h ? headersMap(*h) : QVariantMap();
            shownTrashed_ = !h;
            emit storedHeadersChanged();
        });
    });
}

GameEdit gameEditOf(const GameController& g, const QVariantMap& headers) {
    GameEdit edit;
    const auto field = [&headers](const char* key, std::optional<QString>& out) {
        const QString k = QLatin1String(key);
        if (headers.contains(k)) out = headers.value(k).toString();
    };
    field("black", edit.headers.black);
    field("white", edit.headers.white);
    field("event", edit.headers.event);
    field("date", edit.headers.date);
    field("round", edit.headers.round);
    field("place", edit.headers.place);
    field("result", edit.headers.result);
    edit.rules = g.rules();
    edit.start = g.game().start;
    edit.moves = g.mainLine();
    const storage::GameAnnotations annotations = g.annotations();
    edit.setAnnotations = true;
    edit.comments = annotations.comments;
    edit.variations = annotations.variations;
    return edit;
}

void CurationController::save(const QVariantMap& headers) {
    GameController* g = game();
    if (!g || g->editing()) return;
    GameEdit edit = gameEditOf(*g, headers);
    const qint64 id = g->gameId();
    const std::vector<int> moves = g->mainLine();
    const storage::GameAnnotations annotations = g->annotations();
    // A stored game's unchanged moves and annotations are not sent (no edit of them).
    if (id != 0 && id == storedId_ && moves == storedMoves_) edit.moves.reset();
    if (id != 0 && !edit.moves && annotations.comments == storedComments_ &&
        annotations.variations == storedVariations_) {
        edit.setAnnotations = false;
        edit.comments.clear();
        edit.variations.clear();
    }
    const int ply = g->ply();
    begin();
    worker_->post([this, id, edit, ply, moves, annotations](ArchiveBackend* archive,
                                                            const QString& openError) {
        QString error = openError, message;
        EditOutcome out;
        std::optional<GameInfo> stored;
        if (archive) {
            try {
                out = id == 0 ? archive->addGame(edit) : archive->editGame(id, edit);
                if (id == 0)
                    message = tr("Saved as game %1").arg(out.game);
                else if (out.change == 0)
                    message = tr("Nothing to save: game %1 is stored as it is").arg(id);
                else
                    message =
                        tr("Saved game %1 (%2)").arg(id).arg(out.fields.join(QStringLiteral(", ")));
                stored = archive->game(out.game);
            } catch (const EditRejected& e) {
                error = tr("Not saved: %1").arg(QString::fromStdString(e.what()));
            } catch (const std::exception& e) {
                error = tr("Not saved: %1").arg(QString::fromStdString(e.what()));
            }
        }
        DbThread::reply(this, [=, this] {
            finish(error, message);
            if (!error.isEmpty()) return;
            GameController* g = game();
            // Show the game as stored (its id, the headers as the archive keeps them), unless
            // the board was changed meanwhile: then it stays, still marked modified.
            if (g && stored && g->gameId() == id && g->mainLine() == moves &&
                g->annotations() == annotations)
                client_->showGame(*stored, ply);
            if (out.change != 0)
                pushCommand(id == 0 ? tr("Save new game %1").arg(out.game)
                                    : tr("Edit game %1").arg(out.game),
                            out.change, {out.game});
            emit saved(out.game);
            afterChange({out.game});
        });
    });
}

void CurationController::deleteShown() {
    if (GameController* g = game(); g && g->gameId() > 0 && !shownTrashed_)
        deleteGames({g->gameId()});
}

void CurationController::deleteGames(const QVariantList& list) {
    std::vector<qint64> ids;
    for (const QVariant& v : list)
        if (const qint64 id = v.toLongLong(); id > 0) ids.push_back(id);
    if (ids.empty()) return;
    const QString what =
        ids.size() == 1 ? tr("game %1").arg(ids.front()) : tr("games %1").arg(listText(ids));
    journalledChange(
        [ids](ArchiveBackend& archive, std::vector<qint64>&) { return archive.deleteGames(ids); },
        tr("Not deleted: %1"), tr("Moved %1 to the trash (Ctrl+Z restores)").arg(what),
        tr("Delete %1").arg(what), ids);
}

void CurationController::restore(qint64 id) {
    journalledChange(
        [id](ArchiveBackend& archive, std::vector<qint64>&) { return archive.restoreGame(id); },
        tr("Not restored: %1"), tr("Restored game %1").arg(id), tr("Restore game %1").arg(id),
        {id});
}

void CurationController::journalledChange(
    std::function<qint64(ArchiveBackend&, std::vector<qint64>&)> op, const QString& failed,
    const QString& done, const QString& undoText, std::vector<qint64> games) {
    begin();
    worker_->post([this, op = std::move(op), failed, done, undoText, games](
                      ArchiveBackend* archive, const QString& openError) mutable {
        QString error = openError;
        qint64 change = 0;
        if (archive) {
            try {
                change = op(*archive, games);
            } catch (const std::exception& e) {
                error = failed.arg(QString::fromStdString(e.what()));
            }
        }
        DbThread::reply(this, [=, this] {
            finish(error, done);
            if (!error.isEmpty()) return;
            pushCommand(undoText, change, games);
            afterChange(games);
        });
    });
}

void CurationController::purge(const QVariantList& list) {
    std::vector<qint64> ids;
    for (const QVariant& v : list)
        if (const qint64 id = v.toLongLong(); id > 0) ids.push_back(id);
    begin();
    worker_->post([this, ids](ArchiveBackend* archive, const QString& openError) {
        QString error = openError;
        qint64 change = 0;
        if (archive) {
            try {
                change = archive->purgeGames(ids);
            } catch (const std::exception& e) {
                error = tr("Not purged: %1").arg(QString::fromStdString(e.what()));
            }
        }
        DbThread::reply(this, [=, this] {
            finish(error, change == 0   ? tr("The trash was empty")
                          : ids.empty() ? tr("Emptied the trash for good")
                                        : tr("Purged game %1 for good").arg(listText(ids)));
            if (error.isEmpty()) afterChange(ids);
        });
    });
}

void CurationController::revert(qint64 changeId) {
    journalledChange(
        [changeId](ArchiveBackend& archive, std::vector<qint64>& games) {
            if (const std::optional<ChangeRow> c = archive.change(changeId)) games = c->games;
            return archive.revert(changeId);
        },
        tr("Not reverted: %1"), tr("Reverted change %1 (Ctrl+Z undoes the revert)").arg(changeId),
        tr("Revert change %1").arg(changeId), {});
}

void CurationController::pushCommand(const QString& text, qint64 change,
                                     std::vector<qint64> games) {
    GameController* g = game();
    if (!g || change == 0) return;
    auto state = std::make_shared<ChainState>();
    state->latest = change;
    state->games = std::move(games);
    state->text = text;
    g->undoStack()->push(new ArchiveCommand(this, std::move(state)));
}

void CurationController::runChain(const std::shared_ptr<ChainState>& state, bool applied) {
    begin();
    worker_->post([this, state, applied](ArchiveBackend* archive, const QString& openError) {
        QString error = openError;
        if (archive && state->applied != applied) {
            try {
                state->latest = archive->revert(state->latest);
                state->applied = applied;
            } catch (const std::exception& e) {
                error = QString::fromStdString(e.what());
            }
        }
        const std::vector<qint64> games = state->games;
        const QString text = state->text;
        DbThread::reply(this, [=, this] {
            finish(error.isEmpty()
                       ? QString()
                       : (applied ? tr("Cannot redo “%1”: %2") : tr("Cannot undo “%1”: %2"))
                             .arg(text, error),
                   (applied ? tr("Redone: %1") : tr("Undone: %1")).arg(text));
            afterChange(games);
        });
    });
}

void CurationController::afterChange(const std::vector<qint64>& games) {
    emit archiveChanged();
    client_->archiveChanged();
    if (trashLoaded_) loadTrash();
    if (historyLoaded_) loadHistory(historyGame_);
    GameController* g = game();
    if (!g || g->gameId() == 0) return;
    const qint64 id = g->gameId();
    // The game shown: is it still stored, and as shown? A change to it (an undone edit, a
    // restore) shows it again as stored, unless the board holds unsaved edits of it.
    const bool affected = games.empty() || std::find(games.begin(), games.end(), id) != games.end();
    const bool reload = affected && !g->modified();
    const int ply = g->ply();
    headersFor_ = id;
    ++pending_;
    emit stateChanged();
    worker_->post([this, id, reload, ply](ArchiveBackend* archive, const QString&) {
        std::optional<StoredHeaders> h;
        std::optional<GameInfo> stored;
        if (archive) {
            try {
                h = archive->headers(id);
                if (h && reload) stored = archive->game(id);
            } catch (const std::exception&) {
                // A database error here shows on the next query; the board keeps its game.
            }
        }
        DbThread::reply(this, [=, this] {
            pending_ = std::max(0, pending_ - 1);
            emit stateChanged();
            GameController* g = game();
            if (!g || g->gameId() != id || id != headersFor_) return;
            if (stored && !g->modified()) client_->showGame(*stored, ply);
            storedHeaders_ = h ? headersMap(*h) : QVariantMap();
            shownTrashed_ = !h;
            emit storedHeadersChanged();
        });
    });
}

void CurationController::loadTrash() {
    trashLoaded_ = true;
    worker_->post([this](ArchiveBackend* archive, const QString& openError) {
        QVariantList rows;
        QString error = openError;
        if (archive) {
            try {
                for (const TrashRow& t : archive->trash()) rows.append(trashMap(t));
            } catch (const std::exception& e) {
                error = QString::fromStdString(e.what());
            }
        }
        DbThread::reply(this, [=, this] {
            trash_ = rows;
            if (!error.isEmpty() && errorText_.isEmpty()) {
                errorText_ = tr("The trash cannot be read: %1").arg(error);
                emit stateChanged();
            }
            emit trashChanged();
        });
    });
}

void CurationController::loadHistory(qint64 gameId) {
    historyLoaded_ = true;
    historyGame_ = gameId;
    worker_->post([this, gameId](ArchiveBackend* archive, const QString& openError) {
        QVariantList rows;
        QString error = openError;
        if (archive) {
            try {
                for (const ChangeRow& c : archive->history(gameId, 200)) rows.append(changeMap(c));
            } catch (const std::exception& e) {
                error = QString::fromStdString(e.what());
            }
        }
        DbThread::reply(this, [=, this] {
            if (gameId != historyGame_) return;
            history_ = rows;
            if (!error.isEmpty() && errorText_.isEmpty()) {
                errorText_ = tr("The history cannot be read: %1").arg(error);
                emit stateChanged();
            }
            emit historyChanged();
        });
    });
}

void CurationController::requestNames(bool events, const QString& prefix) {
    // Typing asks once per key; only the answer to the last question is shown, or a slow
    // answer for "t" could replace the list for "tam" (and the entry chosen in it).
    const quint64 asked = ++namesAsked_[events ? 1 : 0];
    worker_->post([this, events, prefix, asked](ArchiveBackend* archive, const QString&) {
        QStringList names;
        if (archive) {
            try {
                names = archive->names(events, prefix, 12);
            } catch (const std::exception&) {
                // No completion is no failure: the field still takes any name.
            }
        }
        DbThread::reply(this, [=, this] {
            if (asked != namesAsked_[events ? 1 : 0]) return;
            (events ? eventNames_ : playerNames_) = names;
            emit namesChanged();
        });
    });
}

QVariantMap CurationController::enterText(const QString& input) {
    GameController* g = game();
    const auto failed = [](const QString& why) {
        return QVariantMap{{QStringLiteral("ok"), false}, {QStringLiteral("error"), why}};
    };
    if (!g) return failed(tr("no board"));
    const std::string text = input.trimmed().toStdString();
    GameInfo info;
    QVariantMap headers;
    // Moves typed are played under the rules of the game shown. A new game keeps its start (a
    // set-up position, a Reversi game's empty board); a stored one starts from its rules'
    // start, or from the standard cross when it was set up.
    info.rules = g->rules();
    if (g->gameId() == 0) {
        info.start = g->game().start;
    } else if (const std::optional<core::Position> start = core::rulesStart(info.rules)) {
        info.start = *start;
    } else {
        info.rules.start = core::Start::Cross;
        info.rules.firstToMove = core::Color::Black;
    }
    const core::MovesParse parsed = core::parseMoves(text);
    if (!parsed.error) {
        const core::ReplayResult r = core::replay(info.start, parsed.moves, info.rules);
        if (r.error) return failed(QString::fromStdString(r.error->describe()));
        info.moves = r.moves();
    } else if (importers::looksLikeTranscript(text)) {
        importers::FileResult file;
        importers::readTranscript("pasted", text, importers::ReadOptions{}, file);
        const importers::GameRecord* record = nullptr;
        for (const importers::GameRecord& r : file.records)
            if (r.ok()) {
                record = &r;
                break;
            }
        if (!record) {
            for (const importers::GameRecord& r : file.records)
                for (const importers::Diagnostic& d : r.diagnostics)
                    if (d.severity == importers::Severity::Error)
                        return failed(tr("Transcript: %1").arg(QString::fromStdString(d.message)));
            return failed(tr("Transcript: no game could be read from it"));
        }
        info.rules = record->rules;
        info.start = record->start;
        info.moves = record->moves;
        const auto put = [&headers](const char* key, const std::string& value) {
            if (!value.empty() && value != "?")
                headers.insert(QLatin1String(key), QString::fromStdString(value));
        };
        put("black", record->black);
        put("white", record->white);
        put("event", record->event);
        put("date", record->date);
        put("round", record->round);
        put("place", record->place);
        if (const importers::GameResult result = importers::GameResult::of(*record); result.known())
            put("result", result.scoreText());
    } else {
        return failed(tr("Neither moves (column %1: %2) nor a transcript")
                          .arg(parsed.error->column + 1)
                          .arg(QString::fromStdString(parsed.error->message)));
    }
    g->setGame(info, int(info.moves.size()));
    return {{QStringLiteral("ok"), true}, {QStringLiteral("headers"), headers}};
}

QString CurationController::resultHint() const {
    const GameController* g = game();
    if (!g) return {};
    const core::ReplayResult line = g->tree().replay(g->mainLine());
    if (!line.over)
        return tr(
            "Unfinished game: a result given is kept as stated (resignation, time, "
            "forfeit); none: *");
    // Scored by the game's rules: the empties to the winner (Othello's), or the discs as they
    // stand (classic Reversi).
    const core::Score s = line.score();
    return tr("Finished game, %1-%2: a result given must agree").arg(s.black).arg(s.white);
}

}  // namespace othello::viewer
