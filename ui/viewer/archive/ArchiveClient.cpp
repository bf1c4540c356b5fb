#include "archive/ArchiveClient.h"

#include "AppOptions.h"
#include "archive/DbThread.h"
#include "core/Notation.h"
#include "core/Symmetry.h"

namespace othello::viewer {

ArchiveClient::ArchiveClient(QObject* parent)
    : QObject(parent), worker_(std::make_unique<DbThread>(QStringLiteral("othello-archive"))) {
    results_ = std::make_unique<SearchModel>(worker_.get());
    tree_ = std::make_unique<TreeModel>(worker_.get());
    events_ = std::make_unique<EventListModel>(worker_.get());
    eventTable_ = std::make_unique<EventModel>(worker_.get());
    players_ = std::make_unique<PlayerModel>(worker_.get());
    importer_ = std::make_unique<ImportController>();
    analysis_ = std::make_unique<AnalysisController>();
    curation_ = std::make_unique<CurationController>(this, worker_.get());
    connect(importer_.get(), &ImportController::finished, this, [this] {
        archiveChanged();
        // An archive that was empty: show its first game instead of the bare board.
        if (game_ && game_->gameId() == 0 && game_->plyCount() == 0 && !game_->editing())
            openFirstGame();
    });
}

ArchiveClient::~ArchiveClient() {
    // The solver and import threads first (they cancel), then the query worker; all before
    // the models.
    analysis_.reset();
    importer_.reset();
    worker_.reset();
}

void ArchiveClient::setGame(GameController* game) {
    if (game == game_) return;
    if (game_) disconnect(game_, nullptr, this, nullptr);
    game_ = game;
    analysis_->setGame(game_);
    if (game_) {
        connect(game_, &GameController::positionChanged, this, &ArchiveClient::refreshTree);
        connect(game_, &GameController::positionChanged, this, &ArchiveClient::followBoard);
        // A game not from the archive (new, typed, set up) has no stored headers.
        connect(game_, &GameController::headerChanged, this, [this] {
            if (game_->gameId() == 0) curation_->gameShown(0);
        });
    }
    emit gameChanged();
    refreshTree();
}

void ArchiveClient::clearError() {
    if (errorText_.isEmpty()) return;
    errorText_.clear();
    emit stateChanged();
}

void ArchiveClient::refreshTree() {
    if (!game_ || !ready_) return;
    tree_->request(game_->current(), game_->fromStandardStart() && !game_->editing()
                                         ? std::optional(game_->movesToCurrent())
                                         : std::nullopt);
}

void ArchiveClient::archiveChanged() {
    // Before the searches below: a kept pattern corpus holds the archive as it was.
    worker_->post([](ArchiveBackend* archive, const QString&) {
        if (archive) archive->archiveChanged();
    });
    refreshSummary();
    if (results_->searched()) results_->refresh();
    refreshTree();
    // New games may join events: read them again once they have been shown.
    if (events_->loaded()) events_->load();
    eventTable_->reload();
    players_->reload();
}

void ArchiveClient::refreshSummary() {
    worker_->post([this](ArchiveBackend* archive, const QString& openError) {
        QString summary, error = openError;
        qint64 count = 0;
        if (archive) {
            try {
                summary = archive->summary();
                count = archive->gameCount();
            } catch (const std::exception& e) {
                error = QString::fromStdString(e.what());
            }
        }
        DbThread::reply(this, [this, summary, count, error] {
            summary_ = summary;
            gameCount_ = count;
            if (!error.isEmpty()) errorText_ = error;
            emit stateChanged();
        });
    });
}

void ArchiveClient::open(const QString& path, qint64 gameId, int ply) {
    path_ = path.isEmpty() ? ArchiveBackend::defaultPath() : path;
    ready_ = false;
    errorText_.clear();
    loadingGame_ = true;
    importer_->setDatabasePath(path_);
    importer_->setBlockedReason(tr("the archive is not open yet"));
    emit stateChanged();
    // Only the default database is created on first use; a path the user names must exist.
    worker_->open(path_, path.isEmpty() ? ArchiveBackend::Access::QueryOrCreate
                                        : ArchiveBackend::Access::Query);
    curation_->archiveOpened();
    // Another archive: its own events (read again if they were shown), none selected.
    if (events_->loaded() || events_->loading()) events_->load();
    eventTable_->load(0);
    players_->load(QString());
    const int generation = ++loadGeneration_;
    const QString dbPath = path_;
    worker_->post(
        [this, gameId, ply, generation, dbPath](ArchiveBackend* archive, const QString& openError) {
            QString error = openError, summary, writeProblem;
            qint64 count = 0, id = gameId;
            std::optional<GameInfo> game;
            if (archive) {
                writeProblem = ArchiveBackend::writeProblem(dbPath);
                try {
                    // The events are counted after the first game is shown (refreshSummary).
                    summary = archive->summary(false);
                    count = archive->gameCount();
                    if (id == 0 && count > 0) {
                        const SearchPage first = archive->search(SearchQuery{}, 0, 1);
                        if (!first.rows.empty()) id = first.rows.front().id;
                    }
                    if (id != 0) {
                        game = archive->game(id);
                        if (!game) error = tr("There is no game %1 in the archive.").arg(id);
                    }
                } catch (const std::exception& e) {
                    error = QString::fromStdString(e.what());
                }
            }
            const bool opened = archive != nullptr;
            DbThread::reply(this, [=, this] {
                ready_ = opened;
                summary_ = summary;
                gameCount_ = count;
                if (!opened) errorText_ = tr("Cannot open the archive %1: %2").arg(path_, error);
                importer_->setBlockedReason(opened ? writeProblem
                                                   : tr("the archive could not be opened"));
                // The solver's cache lives in the archive file, which exists by now.
                analysis_->setArchivePath(opened ? path_ : QString());
                emit stateChanged();
                if (generation == loadGeneration_)
                    finishGameLoad(id, ply, game, opened ? error : QString(), true);
                if (opened) refreshSummary();
            });
        });
}

void ArchiveClient::openGame(qint64 id, int ply, bool discard) {
    if (!discard && game_ && game_->modified() && id != game_->gameId()) {
        emit leaveRequested(id, ply);
        return;
    }
    const int generation = ++loadGeneration_;
    loadingGame_ = true;
    emit stateChanged();
    worker_->post([this, id, ply, generation](ArchiveBackend* archive, const QString& openError) {
        QString error = openError;
        std::optional<GameInfo> game;
        if (archive) {
            try {
                game = archive->game(id);
                if (!game) error = tr("There is no game %1 in the archive.").arg(id);
            } catch (const std::exception& e) {
                error = QString::fromStdString(e.what());
            }
        }
        DbThread::reply(this, [=, this] {
            if (generation == loadGeneration_) finishGameLoad(id, ply, game, error, false);
        });
    });
}

void ArchiveClient::openFirstGame() {
    const int generation = ++loadGeneration_;
    worker_->post([this, generation](ArchiveBackend* archive, const QString&) {
        std::optional<GameInfo> game;
        qint64 id = 0;
        if (archive) {
            try {
                const SearchPage first = archive->search(SearchQuery{}, 0, 1);
                if (!first.rows.empty()) {
                    id = first.rows.front().id;
                    game = archive->game(id);
                }
            } catch (const std::exception&) {
                // Nothing to show is not an error here: the board stays as it is.
            }
        }
        if (!game) return;
        DbThread::reply(this, [=, this] {
            if (generation == loadGeneration_ && game_ && game_->gameId() == 0 &&
                game_->plyCount() == 0 && !game_->editing())
                finishGameLoad(id, 0, game, QString(), false);
        });
    });
}

void ArchiveClient::showGame(const GameInfo& game, int ply) {
    ++loadGeneration_;  // a load queued before is older than this game
    finishGameLoad(game.id, ply, game, QString(), false);
}

void ArchiveClient::finishGameLoad(qint64 id, int ply, std::optional<GameInfo> game, QString error,
                                   bool first) {
    loadingGame_ = false;
    if (!error.isEmpty()) errorText_ = error;
    if (game && game_) {
        game_->setGame(*game, ply < 0 ? 0 : ply);
        curation_->gameShown(id);
        emit gameShown(id);
    }
    emit stateChanged();
    refreshTree();
    if (first) {
        emit firstGameShown();
        AppOptions::instance()->markLoaded();
    }
}

void ArchiveClient::openResult(int row) {
    const qint64 id = results_->gameIdAt(row);
    if (id == 0) return;
    openGame(id, std::max(0, results_->plyAt(row)));
}

QString ArchiveClient::search(const QString& player, const QString& event, int yearFrom, int yearTo,
                              int result, const QString& openingMoves, bool atBoard,
                              PatternEditor* pattern) {
    SearchQuery q;
    q.player = player;
    q.event = event;
    q.yearFrom = yearFrom;
    q.yearTo = yearTo;
    if (yearFrom > 0 && yearTo > 0 && yearFrom > yearTo) std::swap(q.yearFrom, q.yearTo);
    q.result = SearchQuery::Result(std::clamp(result, 0, 3));
    boardSearch_ = false;
    // A query that does not parse leaves no older answer on screen.
    const auto refuse = [this](const QString& why) {
        results_->clear();
        return why;
    };
    if (pattern && !pattern->errorText().isEmpty())
        return refuse(tr("Pattern: %1").arg(pattern->errorText()));
    if (pattern) q.pattern = pattern->spec();
    if (!openingMoves.trimmed().isEmpty()) {
        const core::MovesParse parsed = core::parseMoves(openingMoves.toStdString());
        if (parsed.error)
            return refuse(tr("Opening moves, column %1: %2")
                              .arg(parsed.error->column + 1)
                              .arg(QString::fromStdString(parsed.error->message)));
        const core::ReplayResult r = core::replay(core::Position::start(), parsed.moves);
        if (r.error)
            return refuse(tr("Opening moves: %1").arg(QString::fromStdString(r.error->describe())));
        q.position = r.final();
    } else if (atBoard && game_) {
        q.position = game_->current();
        boardSearch_ = true;
    }
    results_->setQuery(q);
    return {};
}

void ArchiveClient::setResultsShown(bool shown) {
    if (shown == resultsShown_) return;
    resultsShown_ = shown;
    emit stateChanged();
    followBoard();
}

void ArchiveClient::followBoard() {
    if (!boardSearch_ || !resultsShown_ || !game_ || game_->editing() || !ready_) return;
    const std::optional<core::Position>& searched = results_->query().position;
    const core::Position& now = game_->current();
    if (searched && core::canonical(*searched).position == core::canonical(now).position) return;
    SearchQuery q = results_->query();
    q.position = now;
    results_->setQuery(q);
}

void ArchiveClient::openEventGame(int row, int column) {
    const qint64 id = eventTable_->gameIdAt(row, column);
    if (id != 0) openGame(id, 0);
}

bool ArchiveClient::playTreeMove(int row) {
    const int square = tree_->squareAt(row);
    return game_ && square >= 0 && game_->playMove(square);
}

}  // namespace othello::viewer
