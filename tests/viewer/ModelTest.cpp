// The viewer's C++ models and controllers, each model watched by QAbstractItemModelTester.
#include <QAbstractItemModelTester>
#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>
#include <future>
#include <random>
#include <unistd.h>

#include "ViewerFixture.h"
#include "archive/ArchiveClient.h"
#include "archive/DbThread.h"
#include "core/Notation.h"
#include "core/Position.h"
#include "game/GameController.h"
#include "storage/Archive.h"
#include "storage/tournaments/EventStructure.h"
#include "storage/tournaments/Standings.h"
#include "storage/tournaments/Tournament.h"

using namespace othello;
using namespace othello::viewer;
using othello::viewer::test::kSample;

namespace {

int disc(const BoardModel& board, const char* square) {
    return board.index(core::parseSquare(square)).data(BoardModel::DiscRole).toInt();
}

}  // namespace

class ModelTest : public QObject {
    Q_OBJECT

  private slots:
    void boardAndMoveList();
    void analysisLine();
    void editor();
    void archiveSearchTreeAndImport();
    void pagingOnDemand();
    void missingDatabaseIsNotCreated();
    void defaultDatabaseCreatedOnFirstUse();
    void readOnlyArchive();
    void treeShowsDeepestOpeningOfTheLine();
    void importUsableMeanwhileAndCancel();
    void eventsStandingsAndCrosstable();
    void eventsShowStoredWithdrawals();
    void eventsShowStructure();

  private:
    QTemporaryDir dir_;
};

void ModelTest::boardAndMoveList() {
    GameController game;
    QAbstractItemModelTester boardTester(game.board(),
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester listTester(game.moveList(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(game.board()->rowCount(), 64);
    QCOMPARE(disc(*game.board(), "d4"), 2);
    QCOMPARE(disc(*game.board(), "e4"), 1);
    QVERIFY(game.board()->index(core::parseSquare("f5")).data(BoardModel::LegalRole).toBool());
    QVERIFY(!game.board()->index(core::parseSquare("f4")).data(BoardModel::LegalRole).toBool());

    QVERIFY(game.setMovesText(QString::fromLatin1(kSample)));
    QCOMPARE(game.plyCount(), 62);  // 60 moves and the two passes made explicit
    QCOMPARE(game.ply(), 62);
    QVERIFY(game.gameOver());
    QCOMPARE(game.blackCounts().size(), 63);
    game.first();
    QCOMPARE(game.ply(), 0);
    game.step(1);
    QCOMPARE(disc(*game.board(), "f5"), 1);
    QCOMPARE(disc(*game.board(), "e5"), 1);  // flipped
    QVERIFY(game.board()->index(core::parseSquare("f5")).data(BoardModel::LastMoveRole).toBool());
    QVERIFY(game.board()->index(core::parseSquare("e5")).data(BoardModel::FlippedRole).toBool());
    game.step(10);
    QCOMPARE(game.ply(), 11);
    game.step(-100);
    QCOMPARE(game.ply(), 0);

    // Move list: Black and White side by side, passes shown, plies to jump to.
    MoveListModel* list = game.moveList();
    QCOMPARE(list->index(0).data(MoveListModel::BlackTextRole).toString(), QStringLiteral("f5"));
    QCOMPARE(list->index(0).data(MoveListModel::WhiteTextRole).toString(), QStringLiteral("d6"));
    QCOMPARE(list->index(0).data(MoveListModel::WhitePlyRole).toInt(), 2);
    int passes = 0;
    for (int r = 0; r < list->rowCount(); ++r)
        for (int role : {int(MoveListModel::BlackTextRole), int(MoveListModel::WhiteTextRole)})
            passes += list->index(r).data(role).toString() == QStringLiteral("pass");
    QCOMPARE(passes, 2);
    QCOMPARE(list->rowCount(), 31);
    QCOMPARE(list->rowOfPly(3), 1);
    // Numbered as a score sheet: a move a row, discs 1-60, the passes unnumbered in between.
    QAbstractItemModelTester numberedTester(list);
    list->setNumbered(true);
    QCOMPARE(list->rowCount(), 62);
    int disc = 0, unnumbered = 0;
    for (int r = 0; r < list->rowCount(); ++r) {
        const QModelIndex i = list->index(r);
        const bool pass =
            i.data(MoveListModel::BlackTextRole).toString() == QStringLiteral("pass") ||
            i.data(MoveListModel::WhiteTextRole).toString() == QStringLiteral("pass");
        const int number = i.data(MoveListModel::NumberRole).toInt();
        if (pass) {
            ++unnumbered;
            QCOMPARE(number, 0);
        } else {
            QCOMPARE(number, ++disc);
        }
    }
    QCOMPARE(disc, 60);
    QCOMPARE(unnumbered, 2);
    QCOMPARE(list->rowOfPly(3), 2);
    list->setNumbered(false);
    QCOMPARE(list->rowCount(), 31);
    QVERIFY(!game.setMovesText(QStringLiteral("f5 f5")));
    QVERIFY(game.lastError().contains(QStringLiteral("occupied")));
}

void ModelTest::analysisLine() {
    GameController game;
    GameInfo info;
    info.id = 7;
    info.black = QStringLiteral("A");
    info.moves = core::parseMoves(kSample).moves;
    game.setGame(info, 3);
    QCOMPARE(game.ply(), 3);
    QVERIFY(!game.inAnalysis());
    // The game's own next move just steps.
    QVERIFY(game.playMove(core::parseSquare("d3")));
    QCOMPARE(game.ply(), 4);
    QVERIFY(!game.inAnalysis());
    // Another legal move branches off.
    const core::Bitboard legal = game.current().legalMoves() & ~core::bit(core::parseSquare("c4"));
    QVERIFY(legal);
    // Another legal move differs from the game: asked first (issue 11), nothing played yet.
    const int other = core::lowestSquare(legal);
    QVERIFY(game.playMove(other));
    QCOMPARE(game.pendingMove(), other);
    QCOMPARE(game.ply(), 4);
    QVERIFY(!game.inAnalysis());
    // As a variation it branches off, and the game keeps all its moves.
    QVERIFY(game.resolveBranch(GameController::BranchVariation));
    QCOMPARE(game.pendingMove(), -1);
    QVERIFY(game.inAnalysis());
    QCOMPARE(game.analysisFrom(), 4);
    QCOMPARE(game.plyCount(), 5);
    QCOMPARE(game.mainLine().size(), std::size_t(62));
    QVERIFY(game.modified());
    const int row = game.currentMoveRow();
    QCOMPARE(game.moveList()->index(row).data(MoveListModel::KindRole).toInt(),
             int(MoveListModel::KindVariation));
    // The main line's moves after the branch are off the line shown.
    QVERIFY(game.moveList()->index(2).data(MoveListModel::BlackOffLineRole).toBool());
    QVERIFY(!game.playMove(core::parseSquare("a1")));  // illegal
    // Stepping back to the branch returns to the game; the variation stays.
    game.step(-1);
    QVERIFY(!game.inAnalysis());
    QCOMPARE(game.ply(), 4);
    QCOMPARE(game.plyCount(), 62);
    QCOMPARE(game.tree().variations().size(), std::size_t(1));
}

void ModelTest::editor() {
    GameController game;
    QSignalSpy editing(&game, &GameController::editingChanged);
    game.startEditing();
    QVERIFY(game.editing());
    game.clearEditBoard();
    QVERIFY(!game.finishEditing());
    QVERIFY(!game.editError().isEmpty());
    game.standardEditBoard();
    // A handicap start: Black gets the four corners.
    for (const char* sq : {"a1", "h1", "a8", "h8"}) game.cycleSquare(core::parseSquare(sq));
    QCOMPARE(disc(*game.board(), "a1"), 1);
    game.cycleSquare(core::parseSquare("a1"));
    QCOMPARE(disc(*game.board(), "a1"), 2);
    game.cycleSquare(core::parseSquare("a1"));
    QCOMPARE(disc(*game.board(), "a1"), 0);
    game.cycleSquare(core::parseSquare("a1"));
    game.setEditSide(2);
    QVERIFY(game.finishEditing());
    QVERIFY(!game.editing());
    QCOMPARE(game.sideToMove(), 2);
    QCOMPARE(game.blackCount(), 6);
    QCOMPARE(game.ply(), 0);
    QVERIFY(game.playMove(core::lowestSquare(game.current().legalMoves())));
    QCOMPARE(game.ply(), 1);
    QVERIFY(!game.inAnalysis());  // a set-up game has no stored moves to branch from
    QVERIFY(editing.count() >= 3);
}

void ModelTest::archiveSearchTreeAndImport() {
    const QString db = test::makeFixtureArchive(dir_.path());
    GameController game;
    ArchiveClient client;
    client.setGame(&game);
    QAbstractItemModelTester searchTester(client.results(),
                                          QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester treeTester(client.tree(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester rejectTester(client.importer()->rejections(),
                                          QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy shown(&client, &ArchiveClient::firstGameShown);
    client.open(db, 0, 5);
    QVERIFY(shown.wait(10000));
    QVERIFY2(client.ready(), qPrintable(client.errorText()));
    QCOMPARE(client.gameCount(), 12);
    QVERIFY(game.gameId() > 0);
    QCOMPARE(game.ply(), 5);

    // Search by opening, sorted, opened at the ply reaching the position.
    QSignalSpy results(client.results(), &SearchModel::resultsReady);
    QCOMPARE(client.search({}, {}, 0, 0, 0, QStringLiteral("f5 d6 c3 d3 c4"), false), QString());
    QVERIFY(results.wait(10000));
    QVERIFY(client.results()->total() >= 4);
    QCOMPARE(client.results()->rowCount(), int(client.results()->total()));
    QCOMPARE(client.results()->plyAt(0), 5);
    client.results()->sortBy(SearchModel::YearColumn);
    QVERIFY(results.wait(10000));
    client.results()->sortBy(SearchModel::YearColumn);  // again: descending
    QVERIFY(results.wait(10000));
    QVERIFY(client.results()->descending());
    const int y0 = client.results()->index(0).data(SearchModel::YearRole).toInt();
    const int y1 = client.results()->index(1).data(SearchModel::YearRole).toInt();
    QVERIFY(y0 >= y1);
    QSignalSpy gameShown(&client, &ArchiveClient::gameShown);
    client.openResult(1);
    QVERIFY(gameShown.wait(10000));
    QCOMPARE(game.gameId(), client.results()->gameIdAt(1));
    QCOMPARE(game.ply(), 5);
    // Opening moves that cannot be played: the reason, and the old rows gone.
    QVERIFY(client.search({}, {}, 0, 0, 0, QStringLiteral("f5 f5"), false)
                .contains(QStringLiteral("Opening moves")));
    QCOMPARE(client.results()->rowCount(), 0);
    QCOMPARE(client.results()->total(), 0);
    QVERIFY(client.results()->searched());
    // A board-position search follows the board; the same position under a symmetry does not
    // search again.
    QCOMPARE(client.search({}, {}, 0, 0, 0, {}, true), QString());
    QVERIFY(results.wait(10000));
    const qint64 atFive = client.results()->total();
    QCOMPARE(client.results()->plyAt(0), 5);
    game.step(-1);
    QVERIFY(results.wait(10000));
    QCOMPARE(client.results()->plyAt(0), 4);
    QVERIFY(client.results()->total() >= atFive);
    game.step(1);
    QVERIFY(results.wait(10000));
    QCOMPARE(client.results()->total(), atFive);
    client.setResultsShown(false);
    game.step(1);
    QVERIFY(!results.wait(300));  // out of sight: nothing searched
    client.setResultsShown(true);
    QVERIFY(results.wait(10000));
    QCOMPARE(client.results()->plyAt(0), 6);
    QVERIFY(!client.search({}, {}, 0, 0, 0, QStringLiteral("f5 zz"), false).isEmpty());
    QCOMPARE(client.search(QStringLiteral("chen"), {}, 0, 0, 0, {}, false), QString());
    QVERIFY(results.wait(10000));
    QCOMPARE(client.results()->total(), 4);  // Chen Wei plays games 2, 3, 9 and 11

    // The tree at the start: every game opens f5; d3, c4 and e6 (the same move under the
    // start's symmetries) follow with its figures.
    QSignalSpy tree(client.tree(), &TreeModel::updated);
    game.first();
    QVERIFY(tree.wait(10000));
    while (client.tree()->games() != 12 && tree.wait(10000)) {
    }
    QCOMPARE(client.tree()->games(), 12);
    QCOMPARE(client.tree()->rowCount(), 4);
    QCOMPARE(client.tree()->index(0).data(TreeModel::MoveRole).toString(), QStringLiteral("f5"));
    QStringList symmetric;
    for (int r = 1; r < 4; ++r) {
        const QModelIndex i = client.tree()->index(r);
        QCOMPARE(i.data(TreeModel::SymmetricOfRole).toString(), QStringLiteral("f5"));
        QCOMPARE(i.data(TreeModel::GamesRole).toLongLong(), 12);
        symmetric << i.data(TreeModel::MoveRole).toString();
    }
    symmetric.sort();
    QCOMPARE(symmetric,
             (QStringList{QStringLiteral("c4"), QStringLiteral("d3"), QStringLiteral("e6")}));
    QCOMPARE(client.tree()->gamesBySquare()[19], 12);  // d3 on the board too
    QVERIFY(client.playTreeMove(0));
    QCOMPARE(game.ply(), 1);

    // Import with a bad record: the rest goes in, the rejection keeps its diagnosis.
    QSignalSpy imported(client.importer(), &ImportController::finished);
    QVERIFY(
        client.importer()->startPaths({test::fixtureDir() + QStringLiteral("/import_bad.pgn")}));
    QVERIFY(client.importer()->running());
    QVERIFY(imported.wait(20000));
    QVERIFY2(client.importer()->rejections()->rowCount() == 1,
             qPrintable(client.importer()->errorText() + QStringLiteral(" | ") +
                        client.importer()->statusText()));
    QVERIFY(client.importer()->rejections()->messageAt(0).contains(QStringLiteral("occupied")));
    QVERIFY(client.importer()->statusText().contains(QStringLiteral("2 imported")));
    QTRY_COMPARE_WITH_TIMEOUT(client.gameCount(), 14, 10000);

    // A folder with a file that holds no game record: skipped and named, never a rejection.
    const QString folder = dir_.path() + QStringLiteral("/with-readme");
    QVERIFY(QDir().mkpath(folder));
    QFile readme(folder + QStringLiteral("/README.txt"));
    QVERIFY(readme.open(QIODevice::WriteOnly | QIODevice::Text));
    readme.write("This folder holds the games of our club.\n");
    readme.close();
    QVERIFY(QFile::copy(test::fixtureDir() + QStringLiteral("/import_bad.pgn"),
                        folder + QStringLiteral("/games.pgn")));
    QVERIFY(client.importer()->startPaths({folder}));
    QVERIFY(imported.wait(20000));
    QVERIFY2(client.importer()->statusText().contains(
                 QStringLiteral("1 file skipped, not a game record: README.txt")),
             qPrintable(client.importer()->statusText()));
    QCOMPARE(client.importer()->rejections()->rowCount(), 1);  // the bad record only
}

// `count` distinct random games (fixed seed) as move lists, one a line.
static QString writeRandomGames(const QString& path, int count) {
    std::mt19937 rng(20261121);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Text)) return {};
    for (int g = 0; g < count; ++g) {
        core::Position p = core::Position::start();
        std::string line;
        while (!p.isGameOver()) {
            const int square = othello::viewer::test::playRandomMove(p, rng);
            if (square >= 0) line += core::squareName(square);
        }
        file.write(line.c_str());
        file.write("\n");
    }
    return path;
}

void ModelTest::pagingOnDemand() {
    const QString db = dir_.path() + QStringLiteral("/paging.sqlite");
    constexpr int kGames = 10 * SearchModel::kPageSize;
    {
        const QString moves = writeRandomGames(dir_.path() + QStringLiteral("/random.txt"), kGames);
        QVERIFY(!moves.isEmpty());
        storage::Archive archive(db.toStdString());
        const storage::ImportResult r = archive.importFiles({moves.toStdString()});
        QCOMPARE(int(r.imported), kGames);
    }
    ArchiveClient client;
    QAbstractItemModelTester tester(client.results(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy shown(&client, &ArchiveClient::firstGameShown);
    client.open(db);
    QVERIFY(shown.wait(10000));
    QVERIFY2(client.ready(), qPrintable(client.errorText()));
    QSignalSpy results(client.results(), &SearchModel::resultsReady);
    client.search({}, {}, 0, 0, 0, {}, false);
    QVERIFY(results.wait(10000));
    SearchModel* m = client.results();
    // Every row exists at once: a view's scrollbar spans the whole result.
    QCOMPARE(m->total(), qint64(kGames));
    QCOMPARE(m->rowCount(), kGames);
    QVERIFY(m->isLoaded(0));
    const int last = kGames - 1;
    QVERIFY(!m->isLoaded(last));
    // A row not loaded yet is a typed placeholder, and reading it asks for its page.
    QCOMPARE(m->index(last).data(SearchModel::LoadedRole).toBool(), false);
    QCOMPARE(m->index(last).data(SearchModel::BlackRole).toString(), QString());
    QCOMPARE(m->gameIdAt(last), 0);
    QSignalSpy loaded(m, &SearchModel::rowsLoaded);
    QSignalSpy changed(m, &QAbstractItemModel::dataChanged);
    QTRY_VERIFY_WITH_TIMEOUT(m->isLoaded(last), 10000);
    QCOMPARE(m->index(last).data(SearchModel::LoadedRole).toBool(), true);
    QVERIFY(!changed.isEmpty());                  // views learn that the placeholders were filled
    QVERIFY(m->gameIdAt(last) > m->gameIdAt(0));  // sorted by id, the last game
    QCOMPARE(loaded.constFirst().at(1).toInt(), last);

    // A dragged scrollbar reads rows on every page it passes: the requests the view has left
    // far behind are skipped, the page it stopped at is loaded.
    m->sortBy(SearchModel::BlackColumn);
    QVERIFY(results.wait(10000));
    QTRY_VERIFY_WITH_TIMEOUT(!m->loading(), 10000);
    const int skippedBefore = m->skippedRequests();
    {
        // The worker is held busy while the view passes every page, as it is when a scrollbar
        // is dragged faster than queries run; otherwise an idle worker would answer each request
        // before the next is made and the test would depend on the scheduler.
        std::promise<void> release;
        std::shared_future<void> gate = release.get_future().share();
        std::promise<void> holding;
        client.worker().post([gate, &holding](ArchiveBackend*, const QString&) {
            holding.set_value();
            gate.wait();
        });
        holding.get_future().wait();
        for (int page = 1; page < 10; ++page)
            m->index(page * SearchModel::kPageSize).data(SearchModel::BlackRole);
        release.set_value();
    }
    QTRY_VERIFY_WITH_TIMEOUT(m->isLoaded(last), 10000);
    QTRY_VERIFY_WITH_TIMEOUT(!m->loading(), 10000);
    QVERIFY2(m->skippedRequests() > skippedBefore, "no stale page request was skipped");
    QVERIFY(QString::localeAwareCompare(
                m->index(0).data(SearchModel::BlackRole).toString().toLower(),
                m->index(last).data(SearchModel::BlackRole).toString().toLower()) <= 0);
    // Openable like any row once it is in.
    QVERIFY(m->gameIdAt(last) > 0);
}

void ModelTest::missingDatabaseIsNotCreated() {
    const QString db = dir_.path() + QStringLiteral("/no_such_dir/none.sqlite");
    ArchiveClient client;
    QSignalSpy shown(&client, &ArchiveClient::firstGameShown);
    client.open(db);
    QVERIFY(shown.wait(10000));
    QVERIFY(!client.ready());
    QVERIFY2(client.errorText().contains(QStringLiteral("does not exist")),
             qPrintable(client.errorText()));
    QVERIFY(!QFileInfo::exists(db));
    QVERIFY(!QFileInfo::exists(dir_.path() + QStringLiteral("/no_such_dir")));
    QVERIFY(!client.importer()->blockedReason().isEmpty());
    QVERIFY(
        !client.importer()->startPaths({test::fixtureDir() + QStringLiteral("/import_bad.pgn")}));
    QVERIFY(!QFileInfo::exists(db));
}

void ModelTest::defaultDatabaseCreatedOnFirstUse() {
    const QString db = dir_.path() + QStringLiteral("/xdg/othello-db/games.sqlite");
    qputenv("OTHELLO_DB", db.toUtf8());
    ArchiveClient client;
    QSignalSpy shown(&client, &ArchiveClient::firstGameShown);
    client.open(QString());  // no --db: the default archive
    QVERIFY(shown.wait(10000));
    qunsetenv("OTHELLO_DB");
    QVERIFY2(client.ready(), qPrintable(client.errorText()));
    QCOMPARE(client.databasePath(), db);
    QVERIFY(QFileInfo::exists(db));
    QCOMPARE(client.gameCount(), 0);
    QVERIFY(client.errorText().isEmpty());
    QVERIFY(client.importer()->blockedReason().isEmpty());
}

void ModelTest::readOnlyArchive() {
    const QString db = test::makeFixtureArchive(dir_.path(), QStringLiteral("readonly.sqlite"));
    QVERIFY(QFile::setPermissions(db, QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther));
    GameController game;
    ArchiveClient client;
    client.setGame(&game);
    QSignalSpy shown(&client, &ArchiveClient::firstGameShown);
    client.open(db);
    QVERIFY(shown.wait(10000));
    QVERIFY2(client.ready(), qPrintable(client.errorText()));
    QCOMPARE(client.gameCount(), 12);
    QVERIFY(game.gameId() > 0);
    QSignalSpy results(client.results(), &SearchModel::resultsReady);
    client.search(QStringLiteral("chen"), {}, 0, 0, 0, {}, false);
    QVERIFY(results.wait(10000));
    QCOMPARE(client.results()->total(), 4);
    // A file nobody can write (and one that is missing) cannot take imports.
    QVERIFY(
        !ArchiveBackend::writeProblem(dir_.path() + QStringLiteral("/none/x.sqlite")).isEmpty());
    if (::geteuid() == 0) {
        qInfo("running as root: file permissions do not stop writes; import-blocking part skipped");
        return;
    }
    QVERIFY(client.importer()->blockedReason().contains(QStringLiteral("read-only")));
    QVERIFY(
        !client.importer()->startPaths({test::fixtureDir() + QStringLiteral("/import_bad.pgn")}));
    QVERIFY(client.importer()->errorText().contains(QStringLiteral("read-only")));
}

void ModelTest::importUsableMeanwhileAndCancel() {
    const QString wthor = QStringLiteral(OTHELLO_SHARED_DATA "/wthor");
    if (!QFile::exists(wthor + QStringLiteral("/WTH_2004.wtb")))
        QSKIP("shared WTHOR data absent: import cancel test skipped");
    const QString db = test::makeFixtureArchive(dir_.path(), QStringLiteral("cancel.sqlite"));
    GameController game;
    ArchiveClient client;
    client.setGame(&game);
    QSignalSpy shown(&client, &ArchiveClient::firstGameShown);
    client.open(db);
    QVERIFY(shown.wait(10000));
    ImportController* importer = client.importer();
    QSignalSpy progress(importer, &ImportController::stateChanged);
    QSignalSpy finished(importer, &ImportController::finished);
    QVERIFY(importer->startPaths({wthor}));
    QVERIFY(!importer->startPaths({wthor}));  // one at a time

    // While it runs, the archive answers on its own connection.
    QSignalSpy results(client.results(), &SearchModel::resultsReady);
    client.search(QStringLiteral("chen"), {}, 0, 0, 0, {}, false);
    QVERIFY(results.wait(10000));
    QVERIFY(client.results()->errorText().isEmpty());
    QVERIFY(client.results()->total() >= 4);
    QVERIFY2(importer->running(), "the import ended before the search: no concurrency shown");

    importer->cancel();
    QVERIFY(finished.wait(60000));
    QVERIFY2(importer->statusText().startsWith(QStringLiteral("Cancelled")),
             qPrintable(importer->statusText()));
    QTRY_VERIFY_WITH_TIMEOUT(client.gameCount() >= 12, 10000);
    QVERIFY(client.gameCount() < 12 + 129000);  // stopped early
}

void ModelTest::treeShowsDeepestOpeningOfTheLine() {
    // Penloup - Juhem passes through Nicolet (ply 10); ply 12 has no name of its own.
    const QString db = test::makeFixtureArchive(dir_.path(), QStringLiteral("openings.sqlite"));
    GameController game;
    ArchiveClient client;
    client.setGame(&game);
    QSignalSpy shown(&client, &ArchiveClient::firstGameShown);
    client.open(db);
    QVERIFY(shown.wait(10000));
    QVERIFY(game.setMovesText(QString::fromLatin1(kSample)));
    QSignalSpy tree(client.tree(), &TreeModel::updated);
    game.jump(12);
    QTRY_VERIFY_WITH_TIMEOUT(!client.tree()->loading() && tree.count() > 0, 10000);
    QCOMPARE(client.tree()->opening(), QStringLiteral("Nicolet (酉定石)"));
    core::Position p = core::Position::start();
    for (const int square : game.movesToCurrent()) p.play(square);
    QVERIFY(!storage::openingOfPosition(p));  // not an exact-position name
    game.jump(2);
    QTRY_COMPARE_WITH_TIMEOUT(client.tree()->opening(), QStringLiteral("Perpendicular (縦取り)"), 10000);
}

void ModelTest::eventsStandingsAndCrosstable() {
    const QString db = test::makeTournamentArchive(dir_.path(), QStringLiteral("events.sqlite"));
    GameController game;
    ArchiveClient client;
    client.setGame(&game);
    EventListModel* events = client.events();
    EventModel* table = client.eventTable();
    QAbstractItemModelTester listTester(events,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester tableTester(table,
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy shown(&client, &ArchiveClient::firstGameShown);
    client.open(db);
    QVERIFY(shown.wait(10000));
    QVERIFY2(client.ready(), qPrintable(client.errorText()));

    // The list: the tournament and the collection, one year.
    QSignalSpy listed(events, &EventListModel::updated);
    events->load();
    QVERIFY(listed.wait(10000));
    QVERIFY2(events->errorText().isEmpty(), qPrintable(events->errorText()));
    QCOMPARE(events->total(), 2);
    QCOMPARE(events->rowCount(), 2);
    int tournamentRow = -1, collectionRow = -1;
    for (int r = 0; r < events->rowCount(); ++r) {
        const QModelIndex i = events->index(r);
        QCOMPARE(i.data(EventListModel::YearRole).toInt(), test::kTournamentYear);
        QCOMPARE(i.data(EventListModel::YearTextRole).toString(), QStringLiteral("2024"));
        if (i.data(EventListModel::IsTournamentRole).toBool()) {
            tournamentRow = r;
            QCOMPARE(i.data(EventListModel::NameRole).toString(),
                     QString::fromLatin1(test::kTournamentEvent));  // its year split off
            QCOMPARE(i.data(EventListModel::GamesRole).toLongLong(), 6);
            QCOMPARE(i.data(EventListModel::PlayersRole).toLongLong(), 4);
        } else {
            collectionRow = r;
            QCOMPARE(i.data(EventListModel::NameRole).toString(), QStringLiteral("Casual games"));
            QVERIFY(!i.data(EventListModel::ReasonRole).toString().isEmpty());
        }
    }
    QVERIFY(tournamentRow >= 0 && collectionRow >= 0);
    // The filter: words of the name or the year, case and accents ignored.
    events->setFilter(QStringLiteral("róund 2024"));
    QCOMPARE(events->rowCount(), 1);
    QCOMPARE(events->index(0).data(EventListModel::IsTournamentRole).toBool(), true);
    events->setFilter(QStringLiteral("1999"));
    QCOMPARE(events->rowCount(), 0);
    events->setFilter({});
    events->setTournamentsOnly(true);
    QCOMPARE(events->rowCount(), 1);
    events->setTournamentsOnly(false);
    QCOMPARE(events->rowCount(), 2);
    const qint64 tournamentId = events->eventIdAt(tournamentRow);
    const qint64 collectionId = events->eventIdAt(collectionRow);
    QCOMPARE(events->rowOf(tournamentId), tournamentRow);

    // The tournament: standings in order, the crosstable by opponent.
    QSignalSpy loaded(table, &EventModel::updated);
    table->load(tournamentId);
    QVERIFY(loaded.wait(10000));
    QVERIFY2(table->errorText().isEmpty(), qPrintable(table->errorText()));
    QVERIFY(table->isTournament());
    QCOMPARE(table->title(), QStringLiteral("Spring Round Robin 2024"));
    QVERIFY2(table->notes()
                 .join(QLatin1Char('\n'))
                 .contains(QStringLiteral("3 rounds (from the source)")),
             qPrintable(table->notes().join(QLatin1Char('\n'))));
    QCOMPARE(table->crossMode(), int(EventModel::ByOpponent));
    QCOMPARE(table->rowCount(), 4);
    QCOMPARE(table->columnCount(), int(EventModel::FirstCrossColumn) + 4);
    const auto text = [&](int row, int column) {
        return table->index(row, column).data(EventModel::TextRole).toString();
    };
    for (int r = 0; r < 4; ++r) {
        QCOMPARE(text(r, EventModel::RankColumn), QString::number(r + 1));
        QCOMPARE(text(r, EventModel::PlayerColumn),
                 QString::fromLatin1(test::kTournamentPlayers[r]));
        QCOMPARE(text(r, EventModel::PointsColumn), QString::number(3 - r));
        QCOMPARE(text(r, EventModel::GamesColumn), QStringLiteral("3"));
        QCOMPARE(text(r, EventModel::WinsColumn), QString::number(3 - r));
        QCOMPARE(text(r, EventModel::LossesColumn), QString::number(r));
        QCOMPARE(
            table->index(r, EventModel::FirstCrossColumn + r).data(EventModel::KindRole).toInt(),
            int(EventModel::SelfCell));
        QCOMPARE(table->gameIdAt(r, EventModel::FirstCrossColumn + r), 0);
        QCOMPARE(table->gameIdAt(r, EventModel::PointsColumn), 0);
    }
    QCOMPARE(table->headerText(EventModel::PlayerColumn), QStringLiteral("Player"));
    QCOMPARE(table->headerText(EventModel::FirstCrossColumn + 1), QStringLiteral("2"));
    // Anna against Boris (round 1, the first game of the file): a win, "1"; Boris's cell
    // against Anna: "0", the same game.
    const int annaBoris = EventModel::FirstCrossColumn + 1;
    QCOMPARE(text(0, annaBoris), QStringLiteral("1"));
    QCOMPARE(table->index(0, annaBoris).data(EventModel::OutcomeRole).toInt(),
             int(EventModel::Win));
    QCOMPARE(text(1, EventModel::FirstCrossColumn), QStringLiteral("0"));
    QCOMPARE(table->index(1, EventModel::FirstCrossColumn).data(EventModel::OutcomeRole).toInt(),
             int(EventModel::Loss));
    const qint64 firstGame = table->gameIdAt(0, annaBoris);
    QCOMPARE(table->gameIdAt(1, EventModel::FirstCrossColumn), firstGame);
    QCOMPARE(table->index(0, annaBoris).data(EventModel::GameIdRole).toLongLong(), firstGame);
    // Clara against Dmitri is round 1's second game, Dmitri against Anna round 3's first.
    const qint64 claraDmitri = table->gameIdAt(2, EventModel::FirstCrossColumn + 3);
    const qint64 dmitriAnna = table->gameIdAt(3, EventModel::FirstCrossColumn);
    {
        storage::Archive archive(db.toStdString(), storage::Archive::Mode::ReadOnly);
        const auto players = [&](qint64 id) {
            const auto g = archive.game(id);
            return g ? QSet<QString>{QString::fromStdString(g->record.black),
                                     QString::fromStdString(g->record.white)}
                     : QSet<QString>{};
        };
        const auto pair = [](int a, int b) {
            return QSet<QString>{QString::fromLatin1(test::kTournamentPlayers[a]),
                                 QString::fromLatin1(test::kTournamentPlayers[b])};
        };
        QCOMPARE(players(firstGame), pair(0, 1));
        QCOMPARE(players(claraDmitri), pair(2, 3));
        QCOMPARE(players(dmitriAnna), pair(0, 3));
        QCOMPARE(archive.game(firstGame)->record.round, std::string("1"));
        QCOMPARE(archive.game(dmitriAnna)->record.round, std::string("3"));
    }
    QVERIFY(firstGame < claraDmitri && claraDmitri < dmitriAnna);  // file order

    // By round: opponent's rank, colour, sign, discs; the same games.
    table->setCrossMode(EventModel::ByRound);
    QCOMPARE(table->columnCount(), int(EventModel::FirstCrossColumn) + 3);
    QCOMPARE(table->headerText(EventModel::FirstCrossColumn + 2), QStringLiteral("R3"));
    QCOMPARE(table->gameIdAt(0, EventModel::FirstCrossColumn), firstGame);
    QCOMPARE(table->gameIdAt(3, EventModel::FirstCrossColumn + 2), dmitriAnna);
    QVERIFY2(text(0, EventModel::FirstCrossColumn).startsWith(QStringLiteral("2")),
             qPrintable(text(0, EventModel::FirstCrossColumn)));
    QVERIFY(text(0, EventModel::FirstCrossColumn).contains(QLatin1Char('+')));
    QVERIFY(text(3, EventModel::FirstCrossColumn + 2).startsWith(QStringLiteral("1")));

    // A click on a cell opens that game on the board.
    QSignalSpy gameShown(&client, &ArchiveClient::gameShown);
    client.openEventGame(3, EventModel::FirstCrossColumn + 2);
    QVERIFY(gameShown.wait(10000));
    QCOMPARE(game.gameId(), dmitriAnna);
    QCOMPARE(game.ply(), 0);
    QCOMPARE(QSet<QString>({game.blackName(), game.whiteName()}),
             QSet<QString>({QStringLiteral("Anna Alder"), QStringLiteral("Dmitri Dorn")}));

    // The collection: its reason, no table.
    table->load(collectionId);
    QVERIFY(loaded.wait(10000));
    QVERIFY(!table->isTournament());
    QVERIFY(!table->reason().isEmpty());
    QCOMPARE(table->rowCount(), 0);
    QCOMPARE(table->columnCount(), 0);
    // An id naming nothing: the reason, no rows.
    table->load(tournamentId + 1);
    QVERIFY(loaded.wait(10000));
    QVERIFY(!table->hasEvent());
    QVERIFY(!table->errorText().isEmpty());
    QCOMPARE(table->rowCount(), 0);
}

// A withdrawal stored with the tournament (`othello-db event --withdraw PLAYER --after-round R`)
// counts in the viewer's standings as in `event`, publish and serve: the quotients, and the
// player marked "(w)" in the standings and crosstable, with the round.
// An archive client on `db` with event `id` loaded in its event table, a model tester
// watching it (the events tests' common set-up). False when the archive or the event did not
// come in time.
struct LoadedEvent {
    GameController game;
    ArchiveClient client;
    EventModel* table = client.eventTable();
    QAbstractItemModelTester tester{table, QAbstractItemModelTester::FailureReportingMode::QtTest};
    bool load(const QString& db, qint64 id) {
        client.setGame(&game);
        QSignalSpy shown(&client, &ArchiveClient::firstGameShown);
        client.open(db);
        if (!shown.wait(10000)) return false;
        QSignalSpy loaded(table, &EventModel::updated);
        table->load(id);
        return loaded.wait(10000);
    }
};

void ModelTest::eventsShowStoredWithdrawals() {
    const QString db = test::makeTournamentArchive(dir_.path(), QStringLiteral("withdrawn.sqlite"));
    qint64 tournamentId = 0;
    storage::Standings expected, without;
    {
        storage::Archive archive(db.toStdString());
        for (const auto& t : archive.tournaments())
            if (t.isTournament) tournamentId = t.id;
        QVERIFY(tournamentId != 0);
        QVERIFY(archive.withdraw(tournamentId, "Dmitri Dorn", 3) > 0);
        const auto t = archive.tournament(tournamentId);
        QVERIFY(t && t->withdrawals.size() == 1);
        expected = storage::computeStandings(*t);
        without = storage::computeStandings(t->games);
    }
    QCOMPARE(expected.players.size(), std::size_t(4));
    // The withdrawal changes some quotient: standings without it would show other figures.
    bool differs = false;
    for (std::size_t i = 0; i < 4; ++i)
        differs = differs || expected.players[i].brightwell2 != without.players[i].brightwell2 ||
                  expected.players[i].player != without.players[i].player;
    QVERIFY(differs);

    LoadedEvent loadedEvent;
    QVERIFY(loadedEvent.load(db, tournamentId));
    EventModel* table = loadedEvent.table;
    QVERIFY2(table->errorText().isEmpty(), qPrintable(table->errorText()));
    QCOMPARE(table->rowCount(), 4);
    QCOMPARE(table->crossMode(), int(EventModel::ByOpponent));
    const auto cell = [&](int row, int column, int role = EventModel::TextRole) {
        return table->index(row, column).data(role).toString();
    };
    int dmitri = -1;
    for (int r = 0; r < 4; ++r) {
        const storage::Standing& p = expected.players[std::size_t(r)];
        const QString name = QString::fromStdString(p.player);
        QCOMPARE(cell(r, EventModel::PlayerColumn),
                 p.withdrawn ? name + QStringLiteral(" (w)") : name);
        const QString bq = p.brightwell2 % 2 ? QString::number(double(p.brightwell2) / 2, 'f', 1)
                                             : QString::number(p.brightwell2 / 2);
        QCOMPARE(cell(r, EventModel::BrightwellColumn), bq);
        if (name == QStringLiteral("Dmitri Dorn")) dmitri = r;
    }
    QVERIFY(dmitri >= 0);
    QVERIFY(expected.players[std::size_t(dmitri)].withdrawn);
    // The round, in the player cell's detail and under the title.
    QCOMPARE(cell(dmitri, EventModel::PlayerColumn, EventModel::DetailRole),
             QStringLiteral("Dmitri Dorn withdrew after round 3 (stored)"));
    QVERIFY2(table->details().contains(QStringLiteral("(w) Dmitri Dorn withdrew after round 3 "
                                                      "(stored); games against them count 32 + ")),
             qPrintable(table->details()));
    // The crosstable: Dmitri's column marked, and a game against him says so.
    QCOMPARE(table->headerText(EventModel::FirstCrossColumn + dmitri),
             QString::number(expected.players[std::size_t(dmitri)].rank) + QStringLiteral("ʷ"));
    const int other = dmitri == 0 ? 1 : 0;
    QVERIFY(!table->headerText(EventModel::FirstCrossColumn + other).endsWith(QStringLiteral("ʷ")));
    QVERIFY2(
        cell(other, EventModel::FirstCrossColumn + dmitri, EventModel::DetailRole)
            .contains(QStringLiteral("against Dmitri Dorn (withdrew after round 3)")),
        qPrintable(cell(other, EventModel::FirstCrossColumn + dmitri, EventModel::DetailRole)));
}

QTEST_GUILESS_MAIN(ModelTest)

// The structure stated with the event (storage/tournaments/StructureStore.h): the notes `othello-db event`
// prints, the games apart from the Swiss in their own list, and standings without them.
void ModelTest::eventsShowStructure() {
    const QString db = test::makeTournamentArchive(dir_.path(), QStringLiteral("structure.sqlite"));
    qint64 tournamentId = 0;
    qint64 lastGame = 0;
    std::vector<std::string> expectedNotes;
    {
        storage::Archive archive(db.toStdString());
        for (const auto& t : archive.tournaments())
            if (t.isTournament) tournamentId = t.id;
        QVERIFY(tournamentId != 0);
        lastGame = archive.tournament(tournamentId)->games.back().id;
        QVERIFY(archive.setEventRounds(tournamentId, 2) > 0);
        QVERIFY(archive.setGameStages(tournamentId, {lastGame}, storage::Stage::Final) > 0);
        const auto t = archive.tournament(tournamentId);
        expectedNotes = storage::structureNotes(storage::computeStandings(*t), tournamentId);
    }
    LoadedEvent loadedEvent;
    QVERIFY(loadedEvent.load(db, tournamentId));
    EventModel* table = loadedEvent.table;
    QVERIFY2(table->errorText().isEmpty(), qPrintable(table->errorText()));
    // The same words as the CLI, in the same order.
    QStringList notes;
    for (const std::string& n : expectedNotes) notes.append(QString::fromStdString(n));
    QCOMPARE(table->notes(), notes);
    QVERIFY2(notes.first().startsWith(QStringLiteral("2 rounds (stated), Brightwell constant 1")),
             qPrintable(notes.first()));
    QVERIFY(notes.join(QLatin1Char(' ')).contains(QStringLiteral("1 game apart from the Swiss")));
    // The final in its own list, out of the standings: Dmitri and Anna played 2 games each.
    const QVariantList stages = table->stageGames();
    QCOMPARE(stages.size(), 1);
    QCOMPARE(stages[0].toMap()[QStringLiteral("game")].toLongLong(), lastGame);
    QCOMPARE(stages[0].toMap()[QStringLiteral("stage")].toString(), QStringLiteral("final"));
    QCOMPARE(stages[0].toMap()[QStringLiteral("round")].toString(), QStringLiteral("3"));
    int twoGames = 0;
    for (int r = 0; r < table->rowCount(); ++r)
        twoGames +=
            table->index(r, EventModel::GamesColumn).data(EventModel::TextRole).toString() ==
            QStringLiteral("2");
    QCOMPARE(twoGames, 2);
    QCOMPARE(table->playerNames().size(), 4);
}

#include "ModelTest.moc"
