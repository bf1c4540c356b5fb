#include "ViewerBench.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QQuickWindow>
#include <QRandomGenerator>
#include <QTimer>
#include <algorithm>
#include <cstdio>

#include "AppOptions.h"
#include "archive/ArchiveClient.h"
#include "archive/DbThread.h"

namespace othello::viewer {

ViewerBench::ViewerBench(QQuickWindow* window, QElapsedTimer sinceStart)
    : window_(window), sinceStart_(sinceStart) {}

template <class Sender, class Signal>
bool ViewerBench::waitFor(Sender* sender, Signal signal, int timeoutMs) {
    QEventLoop loop;
    QTimer timer;
    timer.setSingleShot(true);
    connect(sender, signal, &loop, [&loop] { loop.exit(0); });
    connect(&timer, &QTimer::timeout, &loop, [&loop] { loop.exit(1); });
    timer.start(timeoutMs);
    return loop.exec() == 0;
}

bool ViewerBench::waitFrame() {
    window_->update();
    return waitFor(window_, &QQuickWindow::frameSwapped, 2000);
}

void ViewerBench::report(const char* what, std::vector<double> ms) {
    if (ms.empty()) {
        std::printf("%-42s no samples\n", what);
        failed_ = true;
        return;
    }
    std::sort(ms.begin(), ms.end());
    const double median = ms[ms.size() / 2];
    const double p95 = ms[std::min(ms.size() - 1, ms.size() * 95 / 100)];
    std::printf("%-42s median %8.2f ms   p95 %8.2f ms   max %8.2f ms   (n=%zu)\n", what, median,
                p95, ms.back(), ms.size());
    std::fflush(stdout);
}

void ViewerBench::start() {
    archive_ = window_->findChild<ArchiveClient*>();
    game_ = window_->findChild<GameController*>();
    if (!archive_ || !game_) {
        std::fprintf(stderr, "bench: the window has no ArchiveClient/GameController\n");
        QCoreApplication::exit(1);
        return;
    }
    auto begin = [this] {
        // The first game is in the models; time until a frame shows it.
        waitFrame();
        const double startup = double(sinceStart_.nsecsElapsed()) / 1e6;
        std::printf("%-42s %8.2f ms\n", "startup to first game shown", startup);
        QTimer::singleShot(0, this, &ViewerBench::run);
    };
    if (AppOptions::instance()->loaded())
        QTimer::singleShot(0, this, begin);
    else
        connect(AppOptions::instance(), &AppOptions::firstGameShown, this, begin,
                Qt::SingleShotConnection);
}

void ViewerBench::run() {
    QElapsedTimer t;
    auto elapsed = [&t] { return double(t.nsecsElapsed()) / 1e6; };
    std::printf("database: %s (%s)\n", qPrintable(archive_->databasePath()),
                qPrintable(archive_->summary()));
    if (!archive_->errorText().isEmpty())
        std::printf("error shown: %s\n", qPrintable(archive_->errorText()));
    const qint64 games = archive_->gameCount();

    // Opening games by id: the worker reads the game, the board and lists redraw.
    std::vector<double> open;
    QRandomGenerator rng(12345);
    for (int i = 0; i < 21 && games > 0; ++i) {
        const qint64 id = 1 + qint64(rng.bounded(quint32(games)));
        t.start();
        archive_->openGame(id, 30);
        if (waitFor(archive_, &ArchiveClient::gameShown) && waitFrame()) open.push_back(elapsed());
    }
    report("open a game (worker + first frame)", open);

    // Steps: the action to the frame that shows it (the target is one frame).
    std::vector<double> steps;
    game_->first();
    waitFrame();
    for (int i = 0; i < 120; ++i) {
        t.start();
        game_->step(i < 60 ? 1 : -1);
        if (waitFrame()) steps.push_back(elapsed());
    }
    report("step one move (to frame swapped)", steps);
    std::vector<double> jumps;
    for (int i = 0; i < 40; ++i) {
        t.start();
        game_->step(i % 2 ? -10 : 10);
        if (waitFrame()) jumps.push_back(elapsed());
    }
    report("step ten moves (to frame swapped)", jumps);

    // Tree updates: stepping, until the tree of the new position is on screen.
    std::vector<double> tree;
    game_->first();
    waitFor(archive_->tree(), &TreeModel::updated);
    for (int i = 0; i < 40; ++i) {
        t.start();
        game_->step(i < 20 ? 1 : -1);
        if (waitFor(archive_->tree(), &TreeModel::updated) && waitFrame())
            tree.push_back(elapsed());
    }
    report("tree update after a step (to frame)", tree);

    // Searches: the call to the frame showing the first page.
    struct Query {
        const char* name;
        QString player, event;
        int yearFrom, yearTo, result;
        QString moves;
        bool atBoard;
    };
    const std::vector<Query> queries = {
        {"search: all games, by id", {}, {}, 0, 0, 0, {}, false},
        {"search: player substring", QStringLiteral("tastet"), {}, 0, 0, 0, {}, false},
        {"search: event + years 1990-1999", {}, QStringLiteral("open"), 1990, 1999, 0, {}, false},
        {"search: Black wins, 2000-2010", {}, {}, 2000, 2010, 1, {}, false},
        {"search: opening f5d6c3d3c4", {}, {}, 0, 0, 0, QStringLiteral("f5d6c3d3c4"), false},
        {"search: position at the board (ply 20)", {}, {}, 0, 0, 0, {}, true},
    };
    game_->jump(20);
    waitFrame();
    std::vector<double> all, ready, storage;
    for (const Query& q : queries) {
        std::vector<double> ms;
        for (int i = 0; i < 7; ++i) {
            t.start();
            archive_->search(q.player, q.event, q.yearFrom, q.yearTo, q.result, q.moves, q.atBoard);
            if (!waitFor(archive_->results(), &SearchModel::resultsReady)) continue;
            ready.push_back(elapsed());
            storage.push_back(archive_->results()->lastQueryMs());
            if (waitFrame()) ms.push_back(elapsed());
        }
        all.insert(all.end(), ms.begin(), ms.end());
        std::printf("%s: %lld hits\n", q.name, qlonglong(archive_->results()->total()));
        report("  to the frame showing the first page", ms);
    }
    report("search, all queries: the archive's own time", storage);
    report("search, all queries: first page in the model", ready);
    report("search, all queries: to the frame", all);

    std::vector<double> sorts, sortStorage;
    archive_->search({}, {}, 0, 0, 0, {}, false);
    waitFor(archive_->results(), &SearchModel::resultsReady);
    for (int column : {SearchModel::YearColumn, SearchModel::BlackColumn, SearchModel::EventColumn,
                       SearchModel::ScoreColumn, SearchModel::IdColumn}) {
        t.start();
        archive_->results()->sortBy(column);
        if (!waitFor(archive_->results(), &SearchModel::resultsReady)) continue;
        sortStorage.push_back(archive_->results()->lastQueryMs());
        if (waitFrame()) sorts.push_back(elapsed());
    }
    report("sort all games by a column: the archive's time", sortStorage);
    report("sort all games by a column: to the frame", sorts);

    // The results list holds every row: dragging its scroll bar to the end (here: moving the
    // view there) shows the last rows once their page is in, without loading those between.
    // Each sample starts from a fresh query, so the page is never cached.
    QObject* tabs = window_->findChild<QObject*>(QStringLiteral("tabs"));
    QObject* list = window_->findChild<QObject*>(QStringLiteral("resultsView"));
    if (tabs && list) {
        tabs->setProperty("currentIndex", 2);
        std::vector<double> jumpsToEnd;
        SearchModel* m = archive_->results();
        for (int i = 0; i < 7; ++i) {
            archive_->search({}, {}, 0, 0, 0, {}, false);
            if (!waitFor(m, &SearchModel::resultsReady)) continue;
            QMetaObject::invokeMethod(list, "positionViewAtBeginning");
            waitFrame();
            const int last = m->rowCount() - 1;
            if (last < 0) break;
            t.start();
            QMetaObject::invokeMethod(list, "positionViewAtEnd");
            bool ok = true;
            while (ok && !m->isLoaded(last)) ok = waitFor(m, &SearchModel::rowsLoaded, 5000);
            if (ok && waitFrame()) jumpsToEnd.push_back(elapsed());
        }
        std::printf("results list: %d rows, pages of %d, %d page requests skipped as stale\n",
                    m->rowCount(), SearchModel::kPageSize, m->skippedRequests());
        report("results: jump to the last row, rows shown", jumpsToEnd);
    } else {
        std::printf("results list not found in the window\n");
        failed_ = true;
    }

    runPatterns();
    runAnalysis();
    QCoreApplication::exit(failed_ ? 1 : 0);
}

// Pattern searches (the Search tab's editor, issue 31's first three patterns): the first one
// loads the games into the worker's corpus (PatternCache), the others reuse it; each is timed
// from the call to the frame showing the first page.
void ViewerBench::runPatterns() {
    QElapsedTimer t;
    auto elapsed = [&t] { return double(t.nsecsElapsed()) / 1e6; };
    const char* patterns[] = {"a1=X b2=-", "a1=O b1=O c1=O d1=O e1=O f1=O g1=O h1=O",
                              "c1=- d1=X e1=X f1=- c2=* d2=* e2=* f2=*"};
    PatternEditor editor;
    SearchModel* m = archive_->results();
    std::vector<double> first, cached;
    for (int i = 0; i < 7; ++i) {
        for (std::size_t k = 0; k < std::size(patterns); ++k) {
            editor.setText(QString::fromLatin1(patterns[k]));
            // Each round starts with a corpus to load, as after a change to the archive.
            if (k == 0)
                archive_->worker().post([](ArchiveBackend* archive, const QString&) {
                    if (archive) archive->archiveChanged();
                });
            t.start();
            archive_->search({}, {}, 0, 0, 0, {}, false, &editor);
            if (!waitFor(m, &SearchModel::resultsReady, 30000) || !waitFrame()) continue;
            (k == 0 ? first : cached).push_back(elapsed());
            if (i == 0) std::printf("pattern %s: %lld games\n", patterns[k], qlonglong(m->total()));
        }
    }
    report("pattern search, loading the games first (to the frame)", first);
    report("pattern search, games kept (to the frame)", cached);
}

// The endgame analysis: from the switch to the frame showing every move's value, on the last
// position with N empties of a few games (solved here, or answered by the archive's cache: the
// line after says which), then steps while the solver works (the window must not wait).
void ViewerBench::runAnalysis() {
    AnalysisController* analysis = archive_->analysis();
    const qint64 games = archive_->gameCount();
    if (games == 0) return;
    QElapsedTimer t;
    auto elapsed = [&t] { return double(t.nsecsElapsed()) / 1e6; };
    auto lastPlyWith = [this](int empties) {
        const auto& positions = game_->line().positions;
        for (int p = int(positions.size()) - 1; p >= 0; --p)
            if (positions[std::size_t(p)].emptyCount() == empties &&
                positions[std::size_t(p)].canMove())
                return p;
        return -1;
    };
    auto untilCurrentDone = [this, analysis] {
        while (!analysis->currentDone())
            if (!waitFor(analysis, &AnalysisController::statusChanged, 120000)) return false;
        return true;
    };
    QRandomGenerator rng(777);
    for (int empties : {12, 16, 20}) {
        std::vector<double> ms;
        int solved = 0, known = 0;
        for (int i = 0; i < 7; ++i) {
            analysis->setEnabled(false);
            archive_->openGame(1 + qint64(rng.bounded(quint32(games))), 0);
            if (!waitFor(archive_, &ArchiveClient::gameShown)) continue;
            const int ply = lastPlyWith(empties);
            if (ply < 0) continue;
            game_->jump(ply);
            waitFrame();
            const int before = analysis->solvedCount();
            t.start();
            analysis->setEnabled(true);
            if (!untilCurrentDone() || !waitFrame()) continue;
            ms.push_back(elapsed());
            ++(analysis->solvedCount() > before ? solved : known);
        }
        const QByteArray what =
            QStringLiteral("analysis, %1 empties: switch to values shown").arg(empties).toUtf8();
        report(what.constData(), ms);
        std::printf("  (%d solved here, %d from the archive's cache or already known)\n", solved,
                    known);
    }
    // Steps while the rest of the line is being solved (both cores busy).
    std::vector<double> steps;
    analysis->setEnabled(true);
    game_->jump(std::max(0, lastPlyWith(24)));
    for (int i = 0; i < 40 && analysis->busy(); ++i) {
        t.start();
        game_->step(i % 2 ? -1 : 1);
        if (waitFrame()) steps.push_back(elapsed());
    }
    report("step one move while solving (to frame)", steps);
    analysis->setEnabled(false);
}

}  // namespace othello::viewer
