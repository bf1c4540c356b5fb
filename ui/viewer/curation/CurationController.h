#pragma once
// The archivist's side of the viewer: saving the game on the board (a new game, or the
// changes to a stored one), deleting games to the trash, the trash (restore, purge) and the
// journal (history, revert). Every write runs on the archive worker (DbThread, through a
// read-write connection of ArchiveBackend), never on the UI thread; what the user sees
// (search results, tree, events, the game shown) is refreshed after each change.
//
// Undo. Each change to the archive made here is a command on the game's undo stack
// (GameController::undoStack(), shared with the move and comment edits): undoing it reverts
// the change in the archive (a new game goes to the trash, an edit gets its old values back, a
// deletion is restored), redoing it reverts that revert (storage's chain of reverts). The
// commands' storage work is queued on the worker like every other job, so the UI never waits;
// a command whose revert is refused (a later change depends on it: RevertRefused) reports why
// in `errorText` and keeps its state, so undoing or redoing it again later is harmless.
// Purging is the one change without undo (the dialog says so).
#include <QObject>
#include <QPointer>
#include <QVariantList>
#include <QVariantMap>
#include <QtQml/qqmlregistration.h>
#include <functional>
#include <memory>

#include "archive/ArchiveBackend.h"

namespace othello::viewer {

class ArchiveClient;
class DbThread;
class GameController;

// What Save hands to the archive for the game on the board: the headers given (keys black,
// white, event, date, round, place, result), its rules, start, main line and annotations.
// CurationController::save leaves out the moves and annotations of a stored game that did not
// change.
GameEdit gameEditOf(const GameController& game, const QVariantMap& headers);

class CurationController : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("CurationController belongs to an ArchiveClient")
    // A save, delete, restore, purge or revert is queued or running.
    Q_PROPERTY(bool busy READ busy NOTIFY stateChanged)
    // The last failure, in plain words ("" after a success); `message` the last success.
    Q_PROPERTY(QString errorText READ errorText NOTIFY stateChanged)
    Q_PROPERTY(QString message READ message NOTIFY stateChanged)
    // The headers of the game shown as stored (keys black, white, event, date, round, place,
    // result, resultText, complete, id); empty for a game not in the archive. Read again after
    // every load and change.
    Q_PROPERTY(QVariantMap storedHeaders READ storedHeaders NOTIFY storedHeadersChanged)
    // The game shown was deleted (it is in the trash): Ctrl+Z or the Trash tab restores it.
    Q_PROPERTY(bool shownTrashed READ shownTrashed NOTIFY storedHeadersChanged)
    // Rows of the trash (loadTrash) and the journal (loadHistory): lists of maps, newest first.
    Q_PROPERTY(QVariantList trash READ trash NOTIFY trashChanged)
    Q_PROPERTY(QVariantList history READ history NOTIFY historyChanged)
    Q_PROPERTY(qint64 historyGame READ historyGame NOTIFY historyChanged)
    // The name the journal records for this window's changes.
    Q_PROPERTY(QString user READ user NOTIFY stateChanged)
    // Completion lists (requestNames), for the form's fields.
    Q_PROPERTY(QStringList playerNames READ playerNames NOTIFY namesChanged)
    Q_PROPERTY(QStringList eventNames READ eventNames NOTIFY namesChanged)

  public:
    CurationController(ArchiveClient* client, DbThread* worker, QObject* parent = nullptr);
    ~CurationController() override;

    // The user name new controllers journal under ("" = the OS user; main sets --user).
    static void setDefaultUser(const QString& name);

    bool busy() const { return pending_ > 0; }
    QString errorText() const { return errorText_; }
    QString message() const { return message_; }
    QVariantMap storedHeaders() const { return storedHeaders_; }
    bool shownTrashed() const { return shownTrashed_; }
    QVariantList trash() const { return trash_; }
    QVariantList history() const { return history_; }
    qint64 historyGame() const { return historyGame_; }
    QString user() const { return user_; }
    QStringList playerNames() const { return playerNames_; }
    QStringList eventNames() const { return eventNames_; }

    // Called by the client when it opens an archive (the worker's connection changed).
    void archiveOpened();
    // Called by the client after a game was put on the board: reads its stored headers.
    void gameShown(qint64 id);

    // Saves the game on the board: a new game (gameId 0) is added with the moves played from
    // its start and `headers` (keys black, white, event, date, round, place, result; missing
    // keys are not given); a stored game gets the headers given (those the user changed) and
    // its main line and comments/variations when they differ from what is stored. On success
    // the game is shown again as stored (a new one with its id) and `saved(id)` is emitted;
    // on failure errorText says why and nothing changed.
    Q_INVOKABLE void save(const QVariantMap& headers);
    // Moves the game shown (or the games `ids`) to the trash; undoable.
    Q_INVOKABLE void deleteShown();
    Q_INVOKABLE void deleteGames(const QVariantList& ids);
    // Brings a trashed game back (undoable); purges trashed games for good (empty: all; not
    // undoable).
    Q_INVOKABLE void restore(qint64 id);
    Q_INVOKABLE void purge(const QVariantList& ids);
    // Reverts a journalled change (undoable: the revert is itself a change).
    Q_INVOKABLE void revert(qint64 change);
    Q_INVOKABLE void loadTrash();
    // The journal of game `game` (0: every change), newest first.
    Q_INVOKABLE void loadHistory(qint64 game);
    // Completion: the archive's players (events when `events`) starting with `prefix`.
    Q_INVOKABLE void requestNames(bool events, const QString& prefix);
    Q_INVOKABLE void clearMessages();
    // What the result field means for the game on the board: a finished game's final score
    // it must agree with, or that an unfinished game's result is kept as stated.
    Q_INVOKABLE QString resultHint() const;
    // Puts typed or pasted text on the board as a new game: a move list (from the start of the
    // new game shown, so a set-up position keeps its start) or a transcript diagram, whose
    // headers come back for the form. {ok, error, headers: {black, white, ...}}.
    Q_INVOKABLE QVariantMap enterText(const QString& text);

    // One journalled change made on the archive worker by `op` (its change id; it may add the
    // games it touched to `games`). A failure shows as `failed` (its %1: the reason); success
    // shows `done`, pushes an undo step named `undoText` and refreshes what shows the games.
    // Public for the models of other curation tabs (DuplicatesModel).
    void journalledChange(std::function<qint64(ArchiveBackend&, std::vector<qint64>&)> op,
                          const QString& failed, const QString& done, const QString& undoText,
                          std::vector<qint64> games);

    // Undo commands call these (see above); `applied` is the state wanted.
    struct ChainState;
    void runChain(const std::shared_ptr<ChainState>& state, bool applied);

  signals:
    void stateChanged();
    void storedHeadersChanged();
    void trashChanged();
    void historyChanged();
    void namesChanged();
    void saved(qint64 id);
    // After any change this controller made (or undid) in the archive.
    void archiveChanged();

  private:
    GameController* game() const;
    void begin();
    void finish(const QString& error, const QString& message);
    // Refreshes what readers see after a change to `games` (search, tree, events, summary,
    // trash and history lists, the game shown when it is one of them).
    void afterChange(const std::vector<qint64>& games);
    void pushCommand(const QString& text, qint64 change, std::vector<qint64> games);

    ArchiveClient* client_;
    DbThread* worker_;
    int pending_ = 0;
    QString errorText_;
    QString message_;
    QVariantMap storedHeaders_;
    bool shownTrashed_ = false;
    quint64 namesAsked_[2] = {0, 0};  // the last request per kind (players, events)
    qint64 headersFor_ = 0;           // the game storedHeaders_ belongs to
    QVariantList trash_;
    QVariantList history_;
    qint64 historyGame_ = 0;
    bool trashLoaded_ = false;
    bool historyLoaded_ = false;
    QString user_;
    QStringList playerNames_;
    QStringList eventNames_;
    // The game shown as last loaded or saved: what `save` compares the board's with.
    qint64 storedId_ = 0;
    std::vector<int> storedMoves_;
    std::vector<importers::Comment> storedComments_;
    std::vector<importers::Variation> storedVariations_;
};

}  // namespace othello::viewer
