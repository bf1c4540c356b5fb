// One result shown everywhere: the viewer's game list and game header give a game's result as
// othello-db does (importers/GameResult.h): "*" for an unfinished game that states none (never
// the discs it stopped on), a stated result flagged "(unfinished)", a finished game's score.
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include "archive/ArchiveBackend.h"
#include "archive/ArchiveClient.h"
#include "game/GameController.h"
#include "search/SearchModel.h"
#include "storage/Archive.h"

using namespace othello;
using namespace othello::viewer;

namespace {

// Game 1: unfinished, no result (3 moves: 4-1 on the board, "5-59?" once projected); game 2:
// a resignation 20-44 after 2 moves; game 3: finished, the 9-move wipe-out 64-0.
const char* kPgn =
    "[Event \"Open\"]\n[Black \"Nobody\"]\n[White \"Nothing\"]\n[Result \"*\"]\n"
    "1. F5 D6 2. C3 *\n\n"
    "[Event \"Open\"]\n[Black \"Resigner\"]\n[White \"Winner\"]\n[Result \"20-44\"]\n"
    "1. F5 F6 20-44\n\n"
    "[Event \"Open\"]\n[Black \"Wiper\"]\n[White \"Wiped\"]\n[Result \"64-0\"]\n"
    "1. D3 C3 2. B3 D2 3. E1 D6 4. D7 E3 5. F4 64-0\n";

// Game 4: the same wipe-out played as anti-Othello (GGF TY[8a]): White's win by that rule.
const char* kAntiGgf =
    "(;GM[Othello]PB[a]PW[b]TY[8a]RE[-64.00]B[d3]W[c3]B[b3]W[d2]B[e1]W[d6]B[d7]W[e3]B[f4];)\n";

const QString kExpected[] = {QStringLiteral("*"), QStringLiteral("20-44 (unfinished)"),
                             QStringLiteral("64-0"), QStringLiteral("64-0 (anti)")};
constexpr int kGames = 4;

}  // namespace

class ResultDisplayTest : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase();
    void listAndHeaderAgree();

  private:
    QTemporaryDir dir_;
    QString db_;
};

void ResultDisplayTest::initTestCase() {
    QVERIFY(dir_.isValid());
    const QString pgn = dir_.filePath(QStringLiteral("results.pgn"));
    QFile f(pgn);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(kPgn);
    f.close();
    const QString ggf = dir_.filePath(QStringLiteral("anti.ggf"));
    QFile g(ggf);
    QVERIFY(g.open(QIODevice::WriteOnly));
    g.write(kAntiGgf);
    g.close();
    db_ = dir_.filePath(QStringLiteral("results.sqlite"));
    storage::Archive archive(db_.toStdString());
    QCOMPARE(archive.importFiles({pgn.toStdString(), ggf.toStdString()}).imported, kGames);
}

void ResultDisplayTest::listAndHeaderAgree() {
    // The header: ArchiveBackend::game, which GameHeader.qml shows.
    ArchiveBackend backend(db_, ArchiveBackend::Access::Query);
    for (int id = 1; id <= kGames; ++id) {
        const std::optional<GameInfo> g = backend.game(id);
        QVERIFY(g);
        QCOMPARE(g->result, kExpected[id - 1]);
    }
    // The game list: SearchModel's score column, sorted by id.
    GameController game;
    ArchiveClient client;
    client.setGame(&game);
    QSignalSpy shown(&client, &ArchiveClient::firstGameShown);
    client.open(db_, 0, 0);
    QVERIFY(shown.wait(10000));
    QVERIFY2(client.ready(), qPrintable(client.errorText()));
    QSignalSpy results(client.results(), &SearchModel::resultsReady);
    QCOMPARE(client.search({}, {}, 0, 0, 0, {}, false), QString());
    QVERIFY(results.wait(10000));
    QCOMPARE(client.results()->rowCount(), kGames);
    for (int row = 0; row < kGames; ++row) {
        const qint64 id = client.results()->gameIdAt(row);
        QVERIFY(id >= 1 && id <= kGames);
        const QString score = client.results()->index(row).data(SearchModel::ScoreRole).toString();
        QCOMPARE(score, kExpected[id - 1]);
        QVERIFY(!score.contains(QLatin1Char('?')));
    }
}

QTEST_MAIN(ResultDisplayTest)
#include "ResultDisplayTest.moc"
