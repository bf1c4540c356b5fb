#pragma once
// The window's link to the archive: opens it on a worker thread, loads games, runs searches
// and keeps the tree in step with the board. Every database call runs on the worker (its own
// connection); the import runs on another. Failures land in `errorText`, never in silence.
#include <QObject>
#include <QtQml/qqmlregistration.h>
#include <memory>

#include "analysis/AnalysisController.h"
#include "curation/CurationController.h"
#include "curation/ImportController.h"
#include "events/EventListModel.h"
#include "events/EventModel.h"
#include "game/GameController.h"
#include "game/TreeModel.h"
#include "players/PlayerModel.h"
#include "search/PatternEditor.h"
#include "search/SearchModel.h"

namespace othello::viewer {

class DbThread;

class ArchiveClient : public QObject {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(othello::viewer::GameController* game READ game WRITE setGame NOTIFY gameChanged)
    Q_PROPERTY(QString databasePath READ databasePath NOTIFY stateChanged)
    Q_PROPERTY(bool ready READ ready NOTIFY stateChanged)
    Q_PROPERTY(bool loadingGame READ loadingGame NOTIFY stateChanged)
    Q_PROPERTY(QString errorText READ errorText NOTIFY stateChanged)
    Q_PROPERTY(QString summary READ summary NOTIFY stateChanged)
    Q_PROPERTY(qint64 gameCount READ gameCount NOTIFY stateChanged)
    Q_PROPERTY(othello::viewer::SearchModel* results READ results CONSTANT)
    Q_PROPERTY(othello::viewer::TreeModel* tree READ tree CONSTANT)
    Q_PROPERTY(othello::viewer::EventListModel* events READ events CONSTANT)
    Q_PROPERTY(othello::viewer::EventModel* eventTable READ eventTable CONSTANT)
    Q_PROPERTY(othello::viewer::PlayerModel* players READ players CONSTANT)
    Q_PROPERTY(othello::viewer::ImportController* importer READ importer CONSTANT)
    Q_PROPERTY(othello::viewer::AnalysisController* analysis READ analysis CONSTANT)
    // Saving, deleting, the trash and the journal (CurationController.h).
    Q_PROPERTY(othello::viewer::CurationController* curation READ curation CONSTANT)
    // Whether the results are on screen: a board-position search follows the board only then
    // (and catches up when they show again), so stepping elsewhere queries nothing.
    Q_PROPERTY(bool resultsShown READ resultsShown WRITE setResultsShown NOTIFY stateChanged)

  public:
    explicit ArchiveClient(QObject* parent = nullptr);
    ~ArchiveClient() override;

    GameController* game() const { return game_; }
    void setGame(GameController* game);
    QString databasePath() const { return path_; }
    bool ready() const { return ready_; }
    bool loadingGame() const { return loadingGame_; }
    QString errorText() const { return errorText_; }
    QString summary() const { return summary_; }
    qint64 gameCount() const { return gameCount_; }
    SearchModel* results() { return results_.get(); }
    TreeModel* tree() { return tree_.get(); }
    EventListModel* events() { return events_.get(); }
    EventModel* eventTable() { return eventTable_.get(); }
    PlayerModel* players() { return players_.get(); }
    ImportController* importer() { return importer_.get(); }
    AnalysisController* analysis() { return analysis_.get(); }
    CurationController* curation() { return curation_.get(); }
    bool resultsShown() const { return resultsShown_; }
    void setResultsShown(bool shown);
    // The worker every database call of this client runs on, in order. Tests queue a job on it
    // to hold it busy and make the order of later requests deterministic.
    DbThread& worker() { return *worker_; }

    // Opens `path` ("" = the default database) and shows game `gameId` at `ply` (gameId 0:
    // the first game; ply < 0: the start). Emits firstGameShown once done either way.
    Q_INVOKABLE void open(const QString& path, qint64 gameId = 0, int ply = -1);
    // Loads game `id` onto the board at `ply` (clamped). A board with unsaved edits
    // (GameController::modified) is not left: leaveRequested(id, ply) asks the window first,
    // which calls again with `discard` once the user agreed.
    Q_INVOKABLE void openGame(qint64 id, int ply = 0, bool discard = false);
    // Shows `game` (as just read from the archive) at `ply`, as a load does.
    void showGame(const GameInfo& game, int ply);
    // The archive changed (an import, an edit): the summary, search results, tree and events
    // are read again.
    Q_INVOKABLE void archiveChanged();
    // Opens search result `row` at the ply where it reaches the searched position.
    Q_INVOKABLE void openResult(int row);
    // Runs a search. `openingMoves` (typed moves) or, when `atBoard`, the board's position
    // restricts it to games reaching that position; a `pattern` editor that is not blank to
    // games showing its pattern (each row then at its first matching ply). Returns "" or why
    // the query is unusable (a pattern's text that does not parse: the parser's message).
    Q_INVOKABLE QString search(const QString& player, const QString& event, int yearFrom,
                               int yearTo, int result, const QString& openingMoves, bool atBoard,
                               othello::viewer::PatternEditor* pattern = nullptr);
    // Opens the game of event table cell (`row`, `column`) at its start (none: nothing).
    Q_INVOKABLE void openEventGame(int row, int column);
    // Plays tree row `row` on the board (as analysis when it leaves the game).
    Q_INVOKABLE bool playTreeMove(int row);
    Q_INVOKABLE void clearError();

  signals:
    void gameChanged();
    void stateChanged();
    void firstGameShown();
    void gameShown(qint64 id);
    // openGame was asked to leave a game with unsaved edits (see openGame).
    void leaveRequested(qint64 id, int ply);

  private:
    void refreshTree();
    // A search for the board's position follows the board: a position that is not the one
    // searched (under any symmetry) runs the search again for it.
    void followBoard();
    void refreshSummary();
    void openFirstGame();
    void finishGameLoad(qint64 id, int ply, std::optional<GameInfo> game, QString error,
                        bool first);

    GameController* game_ = nullptr;
    QString path_;
    bool ready_ = false;
    bool loadingGame_ = false;
    bool treeQueued_ = false;
    bool resultsShown_ = true;
    bool boardSearch_ = false;  // the results are "games reaching the board's position"
    QString errorText_;
    QString summary_;
    qint64 gameCount_ = 0;
    int loadGeneration_ = 0;
    std::unique_ptr<SearchModel> results_;
    std::unique_ptr<TreeModel> tree_;
    std::unique_ptr<EventListModel> events_;
    std::unique_ptr<EventModel> eventTable_;
    std::unique_ptr<PlayerModel> players_;
    std::unique_ptr<ImportController> importer_;
    std::unique_ptr<AnalysisController> analysis_;  // its own solver thread and cache connection
    std::unique_ptr<CurationController> curation_;  // its jobs run on worker_
    std::unique_ptr<DbThread> worker_;              // last: it stops (and its replies die) first
};

}  // namespace othello::viewer
