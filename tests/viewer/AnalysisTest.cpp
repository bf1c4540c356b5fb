// The viewer's endgame analysis without QML: the values the AnalysisController puts on the
// board and move list models (watched by QAbstractItemModelTester) against the solver's own,
// bounds shown as bounds, cancellation when the position changes, and the archive's cache.
#include <unistd.h>
#include <QAbstractItemModelTester>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include "AnalysisController.h"
#include "ArchiveClient.h"
#include "GameController.h"
#include "ValueRange.h"
#include "ViewerFixture.h"
#include "analysis/Solver.h"
#include "core/Notation.h"

using namespace othello;
using namespace othello::viewer;
using othello::viewer::test::kSample;

namespace {

// The last ply of the line with exactly `empties` empty squares and at least two moves.
int plyWithEmpties(const GameController& game, int empties) {
    const auto& positions = game.line().positions;
    for (int p = int(positions.size()) - 1; p >= 0; --p) {
        const core::Position& pos = positions[std::size_t(p)];
        if (pos.emptyCount() == empties && core::popcount(pos.legalMoves()) >= 2) return p;
    }
    return -1;
}

analysis::SolveResult solveAll(const core::Position& p) {
    analysis::Solver solver(16);
    analysis::SolveOptions options;
    options.allMoves = true;
    return solver.solve(p, options);
}

// Whether the solver under test stops on its flags (the provisional one ignored them).
bool solverStops() {
    analysis::Solver solver(16);
    std::atomic<bool> cancel{true};
    analysis::SolveOptions options;
    options.cancel = &cancel;
    const core::Position p =
        core::parseBoard(
            "XXXXXXXX XOOOOOXX XOXXOOXX XOXOXOXX XOOXXOXX XO--XO-X X--O-O-O --X---O- O")
            .position;
    return !solver.solve(p, options).complete;
}

QString squareText(const BoardModel& board, int square) {
    return board.index(square).data(BoardModel::ValueTextRole).toString();
}

}  // namespace

class AnalysisTest : public QObject {
    Q_OBJECT

  private slots:
    void valueRangeText();
    void valuesOnSquaresLossesAndGraph();
    void steppingCancelsOldWork();
    void boundsShownAsBounds();
    void archiveCacheAnswersAgain();
    void readOnlyArchiveIsOnlyRead();

  private:
    QTemporaryDir dir_;
};

void AnalysisTest::valueRangeText() {
    QCOMPARE(ValueRange::exactly(4).text(), QStringLiteral("+4"));
    QCOMPARE(ValueRange::exactly(-4).text(), QStringLiteral("\u22124"));
    QCOMPARE(ValueRange::exactly(0).text(), QStringLiteral("0"));
    QCOMPARE((ValueRange{4, 64}).text(), QStringLiteral("\u2265+4"));
    QCOMPARE((ValueRange{-64, -2}).text(), QStringLiteral("\u2264\u22122"));
    QCOMPARE((ValueRange{2, 6}).text(), QStringLiteral("+2\u2026+6"));
    QCOMPARE(ValueRange{}.text(), QStringLiteral("?"));
    QVERIFY(!ValueRange{}.known());
    QCOMPARE((ValueRange{-10, 6}).flipped(), (ValueRange{-6, 10}));
    QCOMPARE((ValueRange{-10, 6}).intersect(ValueRange{0, 64}), (ValueRange{0, 6}));
}

void AnalysisTest::valuesOnSquaresLossesAndGraph() {
    GameController game;
    AnalysisController analysis;
    analysis.setGame(&game);
    QAbstractItemModelTester boardTester(game.board(),
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester listTester(game.moveList(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(game.setMovesText(QString::fromLatin1(kSample)));
    analysis.setMaxEmpties(11);
    const int ply = plyWithEmpties(game, 11);
    QVERIFY(ply > 0);
    game.jump(ply);
    analysis.setEnabled(true);
    QTRY_VERIFY_WITH_TIMEOUT(analysis.currentDone() && !analysis.busy(), 120000);

    // Every legal move's value on its square, the best ones marked, nothing elsewhere.
    const analysis::SolveResult expected = solveAll(game.current());
    QVERIFY(expected.complete);
    BoardModel& board = *game.board();
    core::Bitboard valued = 0;
    for (const analysis::MoveValue& m : expected.moves) {
        const QString where = QString::fromStdString(core::squareName(m.square));
        QCOMPARE(squareText(board, m.square), ValueRange::exactly(m.value).text());
        QCOMPARE(board.index(m.square).data(BoardModel::BestRole).toBool(),
                 m.value == expected.value);
        QVERIFY2(!board.index(m.square).data(BoardModel::BoundRole).toBool(), qPrintable(where));
        valued |= core::bit(m.square);
    }
    for (int sq = 0; sq < 64; ++sq)
        if (!(valued & core::bit(sq))) QVERIFY(squareText(board, sq).isEmpty());
    QVERIFY(analysis.statusText().contains(QStringLiteral("exact")));

    // The graph: Black's view of every position with <= 11 empties; unknown before.
    const auto& line = game.line();
    QCOMPARE(analysis.lineLower().size(), qsizetype(line.positions.size()));
    for (std::size_t i = 0; i < line.positions.size(); ++i) {
        const core::Position& p = line.positions[i];
        if (p.emptyCount() > 11) {
            QCOMPARE(analysis.lineLower()[qsizetype(i)], -64);
            QCOMPARE(analysis.lineUpper()[qsizetype(i)], 64);
            continue;
        }
        const analysis::SolveResult r = solveAll(p);
        const int black = p.toMove() == core::Color::Black ? r.value : -r.value;
        QCOMPARE(analysis.lineLower()[qsizetype(i)], black);
        QCOMPARE(analysis.lineUpper()[qsizetype(i)], black);
        // The move list: discs lost by the move played from here, against the best.
        if (i == line.plies.size() || line.plies[i].square == core::kPass) continue;
        int loss = 0;
        for (const analysis::MoveValue& m : r.moves)
            if (m.square == line.plies[i].square) loss = r.value - m.value;
        MoveListModel& list = *game.moveList();
        const int row = list.rowOfPly(int(i) + 1);
        const int role = p.toMove() == core::Color::Black ? MoveListModel::BlackLossRole
                                                          : MoveListModel::WhiteLossRole;
        QCOMPARE(list.index(row).data(role).toString(),
                 loss > 0 ? ValueRange::exactly(-loss).text() : QString());
    }

    // Off: the board, the list and the graph drop the analysis.
    analysis.setEnabled(false);
    for (int sq = 0; sq < 64; ++sq) QVERIFY(squareText(board, sq).isEmpty());
    QVERIFY(analysis.lineLower().isEmpty());
}

void AnalysisTest::steppingCancelsOldWork() {
    GameController game;
    AnalysisController analysis;
    analysis.setGame(&game);
    QVERIFY(game.setMovesText(QString::fromLatin1(kSample)));
    const bool stops = solverStops();
    // With a solver that stops on its flag, start on a position it cannot solve in a blink.
    analysis.setMaxEmpties(stops ? 40 : 12);
    analysis.setSecondsPerPosition(120);
    const int first = plyWithEmpties(game, stops ? 30 : 12);
    const int second = plyWithEmpties(game, 10);
    QVERIFY(first > 0 && second > first);
    game.jump(first);
    analysis.setEnabled(true);
    if (stops)  // the big solve is under way
        QTRY_VERIFY_WITH_TIMEOUT(analysis.statusText().startsWith(QStringLiteral("Solving")),
                                 20000);
    const int cancelledBefore = analysis.cancelledCount();
    game.jump(second);
    analysis.setMaxEmpties(10);  // and no big background work after it
    QTRY_VERIFY_WITH_TIMEOUT(analysis.currentDone(), 60000);
    QTRY_VERIFY_WITH_TIMEOUT(analysis.cancelledCount() > cancelledBefore, 20000);
    if (stops)
        QTRY_VERIFY_WITH_TIMEOUT(analysis.interruptedCount() >= 1, 20000);
    else
        qInfo("the solver ignores its cancel flag: only skipped jobs are checked");
    // The new position's values, not the old ones.
    const analysis::SolveResult expected = solveAll(game.current());
    for (const analysis::MoveValue& m : expected.moves)
        QCOMPARE(squareText(*game.board(), m.square), ValueRange::exactly(m.value).text());
    QCOMPARE(analysis.moveValues().size(), qsizetype(expected.moves.size()));
}

void AnalysisTest::boundsShownAsBounds() {
    if (!solverStops()) QSKIP("the solver ignores its budgets: no bound to show");
    GameController game;
    AnalysisController analysis;
    analysis.setGame(&game);
    QVERIFY(game.setMovesText(QString::fromLatin1(kSample)));
    analysis.setMaxEmpties(30);
    analysis.setSecondsPerPosition(0.02);  // far too little for 28 empties
    game.jump(plyWithEmpties(game, 28));
    analysis.setEnabled(true);
    QTRY_VERIFY_WITH_TIMEOUT(analysis.currentDone(), 30000);
    const QVariantList values = analysis.moveValues();
    QVERIFY(!values.isEmpty());
    int bounds = 0;
    for (const QVariant& v : values) {
        const QVariantMap m = v.toMap();
        const int sq = m.value(QStringLiteral("square")).toInt();
        const bool exact = m.value(QStringLiteral("lower")) == m.value(QStringLiteral("upper"));
        const QString text = squareText(*game.board(), sq);
        QCOMPARE(game.board()->index(sq).data(BoardModel::BoundRole).toBool(), !exact);
        // A bound never reads as an exact value.
        if (!exact) {
            ++bounds;
            QVERIFY2(text.contains(QChar(0x2265)) || text.contains(QChar(0x2264)) ||
                         text.contains(QChar(0x2026)) || text == QStringLiteral("?"),
                     qPrintable(text));
        }
    }
    if (bounds == 0) QSKIP("the solver finished 28 empties in 20 ms: no bound to show");
    QVERIFY2(analysis.statusText().contains(QStringLiteral("the time budget ran out")),
             qPrintable(analysis.statusText()));
}

namespace {

// Opens `path` in an ArchiveClient, solves the first game's last position with 10 empties
// (and the rest of the line up to 10 empties); returns the solves run and the status text.
bool analyseInArchive(const QString& path, int* solved, QString* status) {
    GameController game;
    ArchiveClient client;
    client.setGame(&game);
    QSignalSpy shown(&client, &ArchiveClient::firstGameShown);
    client.open(path, 0, 0);
    if (!shown.wait(10000) || !client.ready()) return false;
    AnalysisController& analysis = *client.analysis();
    analysis.setMaxEmpties(10);
    game.jump(plyWithEmpties(game, 10));
    analysis.setEnabled(true);
    if (!QTest::qWaitFor([&] { return analysis.currentDone() && !analysis.busy(); }, 60000))
        return false;
    *solved = analysis.solvedCount();
    *status = analysis.statusText();
    return !analysis.moveValues().isEmpty();
}

}  // namespace

void AnalysisTest::archiveCacheAnswersAgain() {
    const QString db = test::makeFixtureArchive(dir_.path(), QStringLiteral("cache.sqlite"));
    int solved = 0;
    QString status;
    QVERIFY(analyseInArchive(db, &solved, &status));
    QVERIFY(solved > 0);
    QVERIFY(!status.contains(QStringLiteral("cache")));
    // A second session finds every value in the archive: nothing solved again.
    QVERIFY(analyseInArchive(db, &solved, &status));
    QCOMPARE(solved, 0);
    QVERIFY2(status.contains(QStringLiteral("cache")), qPrintable(status));
}

void AnalysisTest::readOnlyArchiveIsOnlyRead() {
    if (::geteuid() == 0) QSKIP("running as root: file permissions do not stop writes");
    const QString ro = test::makeFixtureArchive(dir_.path(), QStringLiteral("cache-ro.sqlite"));
    QVERIFY(QFile::setPermissions(ro, QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther));
    int solved = 0;
    QString status;
    QVERIFY(analyseInArchive(ro, &solved, &status));
    QVERIFY(solved > 0);
    // Nothing was kept: the next session solves again.
    QVERIFY(analyseInArchive(ro, &solved, &status));
    QVERIFY(solved > 0);
    QVERIFY(!status.contains(QStringLiteral("cache")));
}

QTEST_MAIN(AnalysisTest)
#include "AnalysisTest.moc"
