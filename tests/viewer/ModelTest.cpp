// The viewer's C++ models and controllers, each model watched by QAbstractItemModelTester.
#include <QAbstractItemModelTester>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include "ArchiveClient.h"
#include "GameController.h"
#include "ViewerFixture.h"
#include "core/Notation.h"
#include "storage/Archive.h"

using namespace othello;
using namespace othello::viewer;

namespace {

// Penloup - Juhem 1992 (samples/game.moves): two passes the record omits.
const char* kSample =
    "f5d6c3d3c4f4c5b3c2e3d2c6b4b5f2e2a3d1c1a4a5f3g4f1e7d7d8e6f6b6e1b1c7a6a7b2f7g3g5h4h5g2h1g1a1a2"
    "b7c8b8a8h3h6g6e8h7h2h8g8g7f8";

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
    void pagingOnRealData();
    void importUsableMeanwhileAndCancel();

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
    QVERIFY(game.playMove(core::lowestSquare(legal)));
    QVERIFY(game.inAnalysis());
    QCOMPARE(game.analysisFrom(), 4);
    QCOMPARE(game.plyCount(), 5);
    QVERIFY(game.moveList()->index(2).data(MoveListModel::BlackAnalysisRole).toBool());
    QVERIFY(!game.playMove(core::parseSquare("a1")));  // illegal
    // Stepping back to the branch returns to the game.
    game.step(-1);
    QVERIFY(!game.inAnalysis());
    QCOMPARE(game.ply(), 4);
    QCOMPARE(game.plyCount(), 62);
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
    QVERIFY(!client.search({}, {}, 0, 0, 0, QStringLiteral("f5 zz"), false).isEmpty());
    QCOMPARE(client.search(QStringLiteral("chen"), {}, 0, 0, 0, {}, false), QString());
    QVERIFY(results.wait(10000));
    QCOMPARE(client.results()->total(), 4);  // Chen Wei plays games 2, 3, 9 and 11

    // The tree at the start: every game opens f5.
    QSignalSpy tree(client.tree(), &TreeModel::updated);
    game.first();
    QVERIFY(tree.wait(10000));
    while (client.tree()->games() != 12 && tree.wait(10000)) {
    }
    QCOMPARE(client.tree()->games(), 12);
    QCOMPARE(client.tree()->rowCount(), 1);
    QCOMPARE(client.tree()->index(0).data(TreeModel::MoveRole).toString(), QStringLiteral("f5"));
    QVERIFY(client.playTreeMove(0));
    QCOMPARE(game.ply(), 1);

    // Import with a bad record: the rest goes in, the rejection keeps its diagnosis.
    QSignalSpy imported(client.importer(), &ImportController::finished);
    QVERIFY(
        client.importer()->startPaths({test::fixtureDir() + QStringLiteral("/import_bad.pgn")}));
    QVERIFY(client.importer()->running());
    QVERIFY(imported.wait(20000));
    QCOMPARE(client.importer()->rejections()->rowCount(), 1);
    QVERIFY(client.importer()->rejections()->messageAt(0).contains(QStringLiteral("occupied")));
    QVERIFY(client.importer()->statusText().contains(QStringLiteral("2 imported")));
    QTRY_COMPARE_WITH_TIMEOUT(client.gameCount(), 14, 10000);
}

void ModelTest::pagingOnRealData() {
    const QString wthor = QStringLiteral(OTHELLO_SHARED_DATA "/wthor/WTH_1990.wtb");
    if (!QFile::exists(wthor)) QSKIP("shared WTHOR data absent: paging test skipped");
    const QString db = dir_.path() + QStringLiteral("/wthor.sqlite");
    {
        storage::Archive archive(db.toStdString());
        archive.importFiles({wthor.toStdString()});
    }
    ArchiveClient client;
    QAbstractItemModelTester tester(client.results(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy shown(&client, &ArchiveClient::firstGameShown);
    client.open(db);
    QVERIFY(shown.wait(10000));
    QVERIFY(client.gameCount() > 2 * SearchModel::kPageSize);
    QSignalSpy results(client.results(), &SearchModel::resultsReady);
    client.search({}, {}, 0, 0, 0, {}, false);
    QVERIFY(results.wait(10000));
    SearchModel* m = client.results();
    QCOMPARE(m->total(), client.gameCount());
    // The model tester may already have asked for the next page: wait for quiet.
    QTRY_VERIFY_WITH_TIMEOUT(!m->loading(), 10000);
    const int rows = m->rowCount();
    QCOMPARE(rows % SearchModel::kPageSize, 0);  // whole pages only: loaded lazily
    QVERIFY(rows < m->total());
    QVERIFY(m->canFetchMore({}));
    m->fetchMore({});
    QTRY_COMPARE_WITH_TIMEOUT(m->rowCount(), rows + SearchModel::kPageSize, 10000);
    QVERIFY(m->gameIdAt(rows) > m->gameIdAt(rows - 1));
    m->sortBy(SearchModel::BlackColumn);
    QVERIFY(results.wait(10000));
    QVERIFY(m->rowCount() >= SearchModel::kPageSize);
    QVERIFY(QString::localeAwareCompare(
                m->index(0).data(SearchModel::BlackRole).toString().toLower(),
                m->index(50).data(SearchModel::BlackRole).toString().toLower()) <= 0);
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

QTEST_GUILESS_MAIN(ModelTest)
#include "ModelTest.moc"
