// The viewer's player page (players/PlayerModel.h, PlayersPanel.qml): the page loaded on the
// archive worker with the figures of `othello-db player`, candidates for a name that names no
// one player, and othello-viewer --player --screenshot drawing the rating graph.
#include <QDir>
#include <QFile>
#include <QImage>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include "ViewerFixture.h"
#include "archive/ArchiveClient.h"
#include "game/GameController.h"

using namespace othello;
using namespace othello::viewer;

class PlayerPageTest : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase();
    void pageOfTheTournamentWinner();
    void candidatesInsteadOfAGuess();
    void screenshotDrawsTheRatingGraph();

  private:
    QTemporaryDir dir_;
    QString db_;
};

void PlayerPageTest::initTestCase() {
    db_ = test::makeTournamentArchive(dir_.path(), QStringLiteral("players.sqlite"));
}

void PlayerPageTest::pageOfTheTournamentWinner() {
    GameController game;
    ArchiveClient client;
    client.setGame(&game);
    QSignalSpy shown(&client, &ArchiveClient::firstGameShown);
    client.open(db_);
    QVERIFY(shown.wait(10000));
    QVERIFY2(client.ready(), qPrintable(client.errorText()));
    PlayerModel* players = client.players();
    QSignalSpy loaded(players, &PlayerModel::updated);
    players->load(QStringLiteral("anna alder"), QString::fromLatin1(test::kTournamentPlayers[3]));
    QVERIFY(players->loading());
    QVERIFY(loaded.wait(10000));
    QVERIFY2(players->errorText().isEmpty(), qPrintable(players->errorText()));
    QVERIFY(players->hasPlayer());
    const QVariantMap page = players->page();
    QCOMPARE(page.value("player").toMap().value("name").toString(),
             QString::fromLatin1(test::kTournamentPlayers[0]));
    // Three round-robin games (all won) and one casual game against Dmitri.
    const QVariantMap total = page.value("results").toMap().value("total").toMap();
    QCOMPARE(total.value("games").toInt(), 4);
    bool ranked = false;
    for (const QVariant& e : page.value("events").toList()) {
        const QVariantMap m = e.toMap();
        if (m.value("name").toString() != QString::fromLatin1(test::kTournamentEvent)) continue;
        ranked = true;
        QCOMPARE(m.value("rank").toInt(), 1);
        QCOMPARE(m.value("wins").toInt(), 3);
    }
    QVERIFY(ranked);
    const QVariantMap rating = page.value("rating").toMap();
    QCOMPARE(rating.value("label").toString(), QStringLiteral("archive rating"));
    QCOMPARE(rating.value("points").toList().size(), 1);  // the round robin, rated
    QVERIFY(rating.value("points").toList().front().toMap().value("after").toDouble() > 1500);
    const QVariantMap vs = page.value("vs").toMap();
    QCOMPARE(vs.value("total").toMap().value("games").toInt(), 2);  // round 3 and a casual game
    QCOMPARE(page.value("analysis").toMap().value("coverage").toString(),
             QStringLiteral("0 of 4 games analysed"));
}

void PlayerPageTest::candidatesInsteadOfAGuess() {
    GameController game;
    ArchiveClient client;
    client.setGame(&game);
    QSignalSpy shown(&client, &ArchiveClient::firstGameShown);
    client.open(db_);
    QVERIFY(shown.wait(10000));
    PlayerModel* players = client.players();
    QSignalSpy loaded(players, &PlayerModel::updated);
    players->load(QStringLiteral("ra"));  // in "Boris Brandt" and "Clara Chen"
    QVERIFY(loaded.wait(10000));
    QVERIFY(!players->hasPlayer());
    QCOMPARE(players->candidates().size(), 2);
    QVERIFY(!players->errorText().isEmpty());
}

void PlayerPageTest::screenshotDrawsTheRatingGraph() {
    const QString png = QDir::current().filePath(QStringLiteral("player_screenshot.png"));
    QFile::remove(png);
    QProcess viewer;
    viewer.start(QStringLiteral(OTHELLO_VIEWER),
                 {QStringLiteral("--db"), db_, QStringLiteral("--player"),
                  QString::fromLatin1(test::kTournamentPlayers[0]), QStringLiteral("--screenshot"),
                  png});
    QVERIFY(viewer.waitForFinished(60000));
    QCOMPARE(viewer.exitStatus(), QProcess::NormalExit);
    const QByteArray err = viewer.readAllStandardError();
    QVERIFY2(viewer.exitCode() == 0, err.constData());
    QVERIFY2(!err.contains("TypeError") && !err.contains("ReferenceError"), err.constData());
    QImage image(png);
    QVERIFY2(!image.isNull(), "the player screenshot was not saved");
    QCOMPARE(image.size(), QSize(1280, 800));
    // The page takes the whole window (no green board), and the rating graph's line and
    // points (Theme.accent #2e6fd8) are drawn in its upper half.
    int green = 0, accent = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QRgb p = image.pixel(x, y);
            if (p == qRgb(0x1b, 0x7f, 0x3b)) ++green;
            if (y < image.height() / 2 && x > image.width() / 4 &&
                std::abs(qRed(p) - 0x2e) < 16 && std::abs(qGreen(p) - 0x6f) < 16 &&
                std::abs(qBlue(p) - 0xd8) < 16)
                ++accent;
        }
    QVERIFY2(green < 100, qPrintable(QStringLiteral("board pixels: %1").arg(green)));
    QVERIFY2(accent > 20, qPrintable(QStringLiteral("rating graph pixels: %1").arg(accent)));
}

QTEST_MAIN(PlayerPageTest)
#include "PlayerPageTest.moc"
