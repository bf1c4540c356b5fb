// The viewer's analysis without QML: what LineValues keeps of each position; the values the
// AnalysisController puts on the board and move list models (watched by QAbstractItemModelTester)
// against the solver's own, bounds shown as bounds, cancellation when the position changes, and the
// archive's cache; before the solver's reach, the midgame search's estimates (marked as estimates,
// against the search's own), the whole game's values and loss marks (against a review of the same
// game), and the best line played as a variation.
#include <unistd.h>

#include <QAbstractItemModelTester>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>
#include <random>

#include "ViewerFixture.h"
#include "analysis/AnalysisController.h"
#include "analysis/AnalysisStatus.h"
#include "analysis/GameReviewer.h"
#include "analysis/LineValues.h"
#include "analysis/MidgameSearch.h"
#include "analysis/RulesSolver.h"
#include "analysis/Solver.h"
#include "analysis/ValueRange.h"
#include "archive/ArchiveClient.h"
#include "core/Notation.h"
#include "core/Rules.h"
#include "game/GameController.h"

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

// Every legal move's estimate as the viewer's search finds it on a fresh table (no budget).
analysis::MidgameResult searchAll(const core::Position& p, int depth) {
    analysis::MidgameSearch search(analysis::Evaluation::standard(), 32);
    analysis::MidgameOptions options;
    options.depth = depth;
    options.exactEmpties = -1;
    options.minDepth = 1;
    options.allMoves = true;
    return search.search(p, options);
}

QString estimateText(const analysis::MoveValue& m) {
    return m.kind == analysis::ValueKind::Exact
               ? ValueRange::exactly(m.value).text()
               : QStringLiteral("~") + ValueRange::signedText(m.value);
}

QString squareText(const BoardModel& board, int square) {
    return board.index(square).data(BoardModel::ValueTextRole).toString();
}

}  // namespace

class AnalysisTest : public QObject {
    Q_OBJECT

  private slots:
    void valueRangeText();
    void statusWords();
    void lineValuesLearnAndMerge();
    void valuesOnSquaresLossesAndGraph();
    void steppingCancelsOldWork();
    void boundsShownAsBounds();
    void archiveCacheAnswersAgain();
    void readOnlyArchiveIsOnlyRead();
    void midgameEstimatesOnSquares();
    void wholeGameValuesAndLossMarks();
    void bestLinePlaysThePrincipalVariation();
    void steppingCancelsTheMidgameSearch();
    void otherRulesStatusWords();
    void otherRulesSolvedByTheGenericSolver();
    void oneLineMovesOnTheirSquares();
    void analysisFollowsTheGamesRules();

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

// What LineValues keeps (LineValues.h): proofs narrowed and passed on to the positions one move
// away, estimates merged as the contract says, the best line cut where it stops replaying.
void AnalysisTest::lineValuesLearnAndMerge() {
    const auto moveValue = [](int square, int value, analysis::ValueKind kind, int lower = 0,
                              int upper = 0) {
        analysis::MoveValue m;
        m.square = square;
        m.value = value;
        m.kind = kind;
        m.lower = kind == analysis::ValueKind::Exact ? value : lower;
        m.upper = kind == analysis::ValueKind::Exact ? value : upper;
        return m;
    };
    core::Position p = core::Position::start();
    p.play(37);  // f5: White to move, three legal moves
    std::vector<int> legal;
    for (core::Bitboard b = p.legalMoves(); b; b &= b - 1) legal.push_back(core::lowestSquare(b));
    QVERIFY(legal.size() >= 3);
    LineValues values;
    QVERIFY(!values.find(p));
    // A bound for the position and one exact move, one bounded move.
    analysis::SolveResult bound;
    bound.complete = false;
    bound.lower = -10;
    bound.upper = 20;
    bound.moves = {moveValue(legal[0], 4, analysis::ValueKind::Exact),
                   moveValue(legal[1], 0, analysis::ValueKind::Bound, -64, 2)};
    values.learn(p, false, bound, false);
    const LineValues::Known* k = values.find(p);
    QVERIFY(k);
    QCOMPARE(k->value, (ValueRange{-10, 20}));
    QVERIFY(k->final);
    QVERIFY(!k->movesFinal);  // every move's value was not asked
    // The child of the exact move: minus its value, exact and so final; the bounded one: flipped.
    core::Position child0 = p, child1 = p;
    child0.play(legal[0]);
    child1.play(legal[1]);
    QCOMPARE(values.find(child0)->value, ValueRange::exactly(-4));
    QVERIFY(values.find(child0)->final);
    QCOMPARE(values.find(child1)->value, (ValueRange{-2, 64}));
    QVERIFY(!values.find(child1)->final);
    // A later proof narrows what is known, never widens it.
    analysis::SolveResult exact;
    exact.complete = true;
    exact.kind = analysis::ValueKind::Exact;
    exact.value = exact.lower = exact.upper = 4;
    exact.bestMove = legal[0];
    exact.pv = {legal[0], 64, 99};  // a stale tail: cut where it stops replaying
    exact.moves = {moveValue(legal[0], 4, analysis::ValueKind::Exact),
                   moveValue(legal[1], 1, analysis::ValueKind::Exact)};
    values.learn(p, true, exact, true);
    k = values.find(p);
    QCOMPARE(k->value, ValueRange::exactly(4));
    QVERIFY(k->movesFinal);
    QVERIFY(k->fromCache);
    QCOMPARE(values.find(child1)->value, ValueRange::exactly(-1));
    QCOMPARE(values.currentKind(p), QStringLiteral("exact"));
    QCOMPARE(values.bestLine(p, 60), QList<int>{legal[0]});  // 64 (a pass) is not legal there
    QCOMPARE(values.moveValues(p, 60, core::bit(legal[0])).size(), qsizetype(2));

    // Estimates: a review's value adds the move played; an every-move search replaces it; a
    // later review never replaces the every-move search, only adds its move.
    core::Position q = core::Position::start();
    LineValues::Estimate review;
    review.value = 3;
    review.depth = 6;
    review.moves = {moveValue(19, 3, analysis::ValueKind::Estimate)};
    values.addEstimate(q, false, 19, review);
    QCOMPARE(values.findEstimate(q)->asked, std::vector<int>{19});
    review.moves = {moveValue(26, 1, analysis::ValueKind::Estimate)};
    review.value = 2;
    values.addEstimate(q, false, 26, review);  // same depth: the two moves merged, best first
    QCOMPARE(values.findEstimate(q)->moves.size(), std::size_t(2));
    QCOMPARE(values.findEstimate(q)->moves.front().square, 19);
    // The merged estimate is the new answer: its moves hold 19, its asked list the new move.
    QCOMPARE(values.findEstimate(q)->asked, std::vector<int>{26});
    LineValues::Estimate all;
    all.value = 0;
    all.depth = 8;
    all.allMoves = true;
    for (int sq : {19, 26, 37, 44})
        all.moves.push_back(moveValue(sq, 0, analysis::ValueKind::Estimate));
    values.addEstimate(q, true, core::kNoSquare, all);
    QCOMPARE(values.findEstimate(q)->moves.size(), std::size_t(4));
    QVERIFY(values.findEstimate(q)->asked.empty());
    review.depth = 10;
    values.addEstimate(q, false, 26, review);  // known already: nothing added, asked noted
    QCOMPARE(values.findEstimate(q)->depth, 8);
    QCOMPARE(values.findEstimate(q)->moves.size(), std::size_t(4));
    QCOMPARE(values.currentKind(q), QStringLiteral("estimate"));
    values.dropEstimatesBelow(9);
    QVERIFY(!values.findEstimate(q));
}

// The status words, exactly, for each state the panel can be in (AnalysisStatus.h).
void AnalysisTest::statusWords() {
    // The start position (60 empties), exact values from `maxEmpties`.
    const auto start = [](int maxEmpties) {
        ShownFacts f;
        f.position = core::Position::start();
        f.maxEmpties = maxEmpties;
        f.midgameDepth = 10;
        return f;
    };
    ShownFacts f = start(24);
    QCOMPARE(AnalysisStatus::shown(f),
             QStringLiteral("Waiting to search this position (60 empties)…"));
    f.running = true;
    f.midgame.depth = 5;
    f.midgame.completedDepth = 4;
    f.midgame.value = -2;
    f.midgame.nodes = 1'500'000;
    f.midgame.seconds = 2.5;
    QCOMPARE(AnalysisStatus::shown(f),
             QStringLiteral("Searching this position: depth 5 of 10 (depth 4: ~−2), 1.5 M nodes, "
                            "2.5 s…"));
    f.estimate = ShownFacts::Estimate{4, 8, false};
    QCOMPARE(AnalysisStatus::shown(f),
             QStringLiteral("Black to move: ~+4 (estimate, depth 8 search, time budget; 60 "
                            "empties, exact from 24)."));
    f.evaluationError = QStringLiteral("no weights");
    QCOMPARE(AnalysisStatus::shown(f),
             QStringLiteral("No estimate: the evaluation is unavailable (no weights). Exact "
                            "values from 24 empties."));

    ShownFacts s = start(60);
    QCOMPARE(AnalysisStatus::shown(s),
             QStringLiteral("Waiting to solve this position (60 empties)…"));
    s.solve =
        analysis::SolveProgress{.empties = 60, .nodes = 12'345, .movesDone = 3, .movesTotal = 4};
    s.running = true;
    QCOMPARE(AnalysisStatus::shown(s),
             QStringLiteral("Solving this position: 60 empties, 3/4 moves, 12 k nodes…"));
    s.solved = ShownFacts::Solved{ValueRange::exactly(6), true};
    QCOMPARE(AnalysisStatus::shown(s),
             QStringLiteral("Black to move: +6 with perfect play (exact, 60 empties, from the "
                            "archive's cache)."));
    s.solved = ShownFacts::Solved{ValueRange{4, 64}, false};
    QCOMPARE(AnalysisStatus::shown(s),
             QStringLiteral("Black to move: ≥+4 (a bound: the time budget ran out, 60 empties)."));
    s.solved = ShownFacts::Solved{ValueRange{-64, 64}, false};
    QCOMPARE(
        AnalysisStatus::shown(s),
        QStringLiteral("Black to move: nothing proven, the time budget ran out (60 empties)."));
    s.position = core::Position();  // nobody can move: the game is over
    QCOMPARE(AnalysisStatus::shown(s), QStringLiteral("Game over: nothing to solve."));

    BackgroundFacts b;
    b.maxEmpties = 24;
    b.midgameDepth = 10;
    QCOMPARE(AnalysisStatus::background(b), QString());
    b.solved = 12;
    b.estimated = 3;
    QCOMPARE(AnalysisStatus::background(b),
             QStringLiteral("Rest of the line: 12 positions solved (up to 24 empties), 3 estimated "
                            "(depth 10)."));
    b.left = 5;
    b.toSolve = 2;
    b.running = BackgroundFacts::Running{40, 20, 3'000'000};
    QCOMPARE(AnalysisStatus::background(b),
             QStringLiteral("Rest of the line: 2 positions to solve, 3 to estimate, now ply 40 (20 "
                            "empties, 3.0 M nodes)…"));
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
// (and the rest of the line up to 10 empties, the positions before estimated at depth 4);
// returns the solves and searches run, the estimates the cache gave, and the status text.
bool analyseInArchive(const QString& path, int* solved, QString* status, int* searched = nullptr,
                      int* cachedEstimates = nullptr) {
    GameController game;
    ArchiveClient client;
    client.setGame(&game);
    QSignalSpy shown(&client, &ArchiveClient::firstGameShown);
    client.open(path, 0, 0);
    if (!shown.wait(10000) || !client.ready()) return false;
    AnalysisController& analysis = *client.analysis();
    analysis.setMaxEmpties(10);
    analysis.setMidgameDepth(4);
    game.jump(plyWithEmpties(game, 10));
    analysis.setEnabled(true);
    if (!QTest::qWaitFor([&] { return analysis.currentDone() && !analysis.busy(); }, 60000))
        return false;
    *solved = analysis.solvedCount();
    if (searched) *searched = analysis.searchedCount();
    if (cachedEstimates) *cachedEstimates = analysis.cachedEstimateCount();
    *status = analysis.statusText();
    return !analysis.moveValues().isEmpty();
}

}  // namespace

void AnalysisTest::archiveCacheAnswersAgain() {
    const QString db = test::makeFixtureArchive(dir_.path(), QStringLiteral("cache.sqlite"));
    int solved = 0, searched = 0, cachedEstimates = 0;
    QString status;
    QVERIFY(analyseInArchive(db, &solved, &status, &searched, &cachedEstimates));
    QVERIFY(solved > 0);
    QVERIFY(searched > 30);  // the midgame positions of the line, estimated
    QCOMPARE(cachedEstimates, 0);
    QVERIFY(!status.contains(QStringLiteral("cache")));
    // A second session finds every value in the archive: nothing solved or searched again.
    QVERIFY(analyseInArchive(db, &solved, &status, &searched, &cachedEstimates));
    QCOMPARE(solved, 0);
    QCOMPARE(searched, 0);
    QVERIFY(cachedEstimates > 30);
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

void AnalysisTest::midgameEstimatesOnSquares() {
    GameController game;
    AnalysisController analysis;
    analysis.setGame(&game);
    QAbstractItemModelTester boardTester(game.board(),
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(game.setMovesText(QString::fromLatin1(kSample)));
    analysis.setMaxEmpties(14);
    analysis.setMidgameDepth(6);
    analysis.setMidgameSeconds(0);  // depth 6 whatever the machine: as the reference search
    game.jump(20);
    QVERIFY(game.current().emptyCount() == 40);
    QVERIFY(core::popcount(game.current().legalMoves()) >= 3);
    analysis.setEnabled(true);
    QTRY_VERIFY_WITH_TIMEOUT(analysis.currentDone(), 60000);

    // Before the solver's reach: every legal move's estimate, marked "~", as the search finds.
    const analysis::MidgameResult expected = searchAll(game.current(), 6);
    QCOMPARE(expected.depth, 6);
    QCOMPARE(int(expected.moves.size()), core::popcount(game.current().legalMoves()));
    BoardModel& board = *game.board();
    core::Bitboard valued = 0;
    int estimates = 0;
    for (const analysis::MidgameMoveValue& m : expected.moves) {
        const QString where = QString::fromStdString(core::squareName(m.square));
        analysis::MoveValue v;
        v.square = m.square;
        v.value = m.value;
        v.kind = m.kind;
        const QString text = squareText(board, m.square);
        QCOMPARE(text, estimateText(v));
        if (m.kind != analysis::ValueKind::Exact) {
            QVERIFY2(text.startsWith(QLatin1Char('~')), qPrintable(where));
            ++estimates;
        }
        QCOMPARE(board.index(m.square).data(BoardModel::BestRole).toBool(),
                 m.value == expected.moves.front().value);
        QVERIFY(!board.index(m.square).data(BoardModel::BoundRole).toBool());
        valued |= core::bit(m.square);
    }
    QVERIFY(estimates > 0);
    for (int sq = 0; sq < 64; ++sq)
        if (!(valued & core::bit(sq))) QVERIFY(squareText(board, sq).isEmpty());
    const QVariantList values = analysis.moveValues();
    QCOMPARE(values.size(), qsizetype(expected.moves.size()));
    QVERIFY(values.front().toMap().value(QStringLiteral("estimate")).toBool());
    QCOMPARE(values.front().toMap().value(QStringLiteral("depth")).toInt(), 6);
    QCOMPARE(analysis.currentKind(), QStringLiteral("estimate"));
    QVERIFY2(analysis.statusText().contains(QStringLiteral("estimate, depth 6")),
             qPrintable(analysis.statusText()));
    QCOMPARE(analysis.bestLine(), QList<int>(expected.pv.begin(), expected.pv.end()));

    // In the solver's reach: exact values, marked as exact (no "~").
    game.jump(plyWithEmpties(game, 14));
    QTRY_VERIFY_WITH_TIMEOUT(analysis.currentDone(), 60000);
    const analysis::SolveResult exact = solveAll(game.current());
    QVERIFY(exact.complete);
    for (const analysis::MoveValue& m : exact.moves) {
        QCOMPARE(squareText(board, m.square), ValueRange::exactly(m.value).text());
        QVERIFY(!squareText(board, m.square).startsWith(QLatin1Char('~')));
    }
    QCOMPARE(analysis.currentKind(), QStringLiteral("exact"));
    QVERIFY(!analysis.bestLine().isEmpty());
    QCOMPARE(analysis.bestLine().front(), exact.bestMove);
    QVERIFY(analysis.statusText().contains(QStringLiteral("exact")));
    QVERIFY(!analysis.moveValues().front().toMap().value(QStringLiteral("estimate")).toBool());
}

void AnalysisTest::wholeGameValuesAndLossMarks() {
    GameController game;
    AnalysisController analysis;
    analysis.setGame(&game);
    QAbstractItemModelTester listTester(game.moveList(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(game.setMovesText(QString::fromLatin1(kSample)));
    constexpr int kExact = 12, kDepth = 4;
    analysis.setMaxEmpties(kExact);
    analysis.setMidgameDepth(kDepth);
    analysis.setMidgameSeconds(0);
    game.jump(0);
    analysis.setEnabled(true);
    QTRY_VERIFY_WITH_TIMEOUT(analysis.currentDone() && !analysis.busy(), 180000);
    QVERIFY(analysis.searchedCount() > 30);

    // The reference: the same searches in the controller's order (the shown position on its
    // own table, then the rest of the line from the end backwards on the reviewer's).
    const core::ReplayResult& line = game.line();
    const std::size_t n = line.positions.size();
    std::vector<std::optional<int>> value(n);  // side to move's point of view
    std::vector<std::optional<int>> played(n);
    {
        const analysis::MidgameResult first = searchAll(line.positions[0], kDepth);
        value[0] = first.value;
        for (const analysis::MidgameMoveValue& m : first.moves)
            if (m.square == line.plies[0].square) played[0] = m.value;
    }
    analysis::GameReviewer reviewer(analysis::Evaluation::standard(), 32, 16);
    for (std::size_t i = n - 1; i >= 1; --i) {
        const core::Position& p = line.positions[i];
        if (p.isGameOver() || p.emptyCount() <= kExact || p.mustPass()) continue;
        const int move = i < line.plies.size() ? line.plies[i].square : core::kNoSquare;
        analysis::ReviewOptions options;
        options.exactEmpties = -1;
        options.depth = kDepth;
        analysis::ReviewStats stats;
        const analysis::PositionValues v = reviewer.valuePosition(p, move, options, stats);
        QVERIFY(v.ok);
        value[i] = v.value;
        for (const analysis::MoveValue& m : v.moves)
            if (m.square == move) played[i] = m.value;
    }

    // The graph has a value at every ply: exact in the solver's reach, an estimate before.
    QCOMPARE(analysis.lineEstimate().size(), qsizetype(n));
    int marks = 0;
    MoveListModel& list = *game.moveList();
    for (std::size_t i = 0; i < n; ++i) {
        const core::Position& p = line.positions[i];
        const int lower = analysis.lineLower()[qsizetype(i)];
        const int upper = analysis.lineUpper()[qsizetype(i)];
        const int estimate = analysis.lineEstimate()[qsizetype(i)];
        const QString at = QStringLiteral("ply %1").arg(i);
        QVERIFY2(lower == upper || estimate != AnalysisController::kNoEstimate, qPrintable(at));
        if (p.emptyCount() <= kExact || p.isGameOver()) {
            QVERIFY2(lower == upper && estimate == AnalysisController::kNoEstimate, qPrintable(at));
            continue;
        }
        const int sign = p.toMove() == core::Color::Black ? 1 : -1;
        if (p.mustPass()) {  // the estimate of the position after the pass, seen from here
            if (value[i + 1]) QCOMPARE(estimate, -sign * *value[i + 1]);
            continue;
        }
        QVERIFY2(value[i].has_value(), qPrintable(at));
        QCOMPARE(estimate, sign * *value[i]);
        // The move list: the estimated loss of the move played, "~−N", and its mark.
        if (i == line.plies.size()) continue;
        QVERIFY2(played[i].has_value(), qPrintable(at));
        const int loss = *value[i] - *played[i];
        const int row = list.rowOfPly(int(i) + 1);
        const bool black = p.toMove() == core::Color::Black;
        const QString text =
            list.index(row)
                .data(black ? MoveListModel::BlackLossRole : MoveListModel::WhiteLossRole)
                .toString();
        const QString mark =
            list.index(row)
                .data(black ? MoveListModel::BlackMarkRole : MoveListModel::WhiteMarkRole)
                .toString();
        QCOMPARE(text, loss > 0 ? QStringLiteral("~") + ValueRange::signedText(-loss) : QString());
        QCOMPARE(mark, loss >= 6   ? QStringLiteral("??")
                       : loss >= 2 ? QStringLiteral("?")
                                   : QString());
        if (!mark.isEmpty()) ++marks;
    }
    QVERIFY2(marks > 0, "the sample game should have a midgame mistake at depth 4");
}

void AnalysisTest::bestLinePlaysThePrincipalVariation() {
    GameController game;
    AnalysisController analysis;
    analysis.setGame(&game);
    QVERIFY(game.setMovesText(QString::fromLatin1(kSample)));
    game.markSaved();
    analysis.setMaxEmpties(14);
    analysis.setMidgameDepth(6);
    analysis.setMidgameSeconds(0);
    const int from = 20;
    game.jump(from);
    QVERIFY(!analysis.playBestLine());  // analysis off: no line
    analysis.setEnabled(true);
    QTRY_VERIFY_WITH_TIMEOUT(analysis.currentDone(), 60000);
    const analysis::MidgameResult expected = searchAll(game.current(), 6);
    const QList<int> pv = analysis.bestLine();
    QCOMPARE(pv, QList<int>(expected.pv.begin(), expected.pv.end()));
    QVERIFY(pv.size() >= 4);
    const std::vector<int> mainLine = game.mainLine();
    const core::Position start = game.current();

    QVERIFY(analysis.playBestLine());
    // Shown at the line's first move; the line shown from `from` on is the PV, every move
    // legal (the replay of the line shown), the game's own moves untouched.
    QCOMPARE(game.ply(), from + 1);
    QCOMPARE(game.line().positions[std::size_t(from)], start);
    std::vector<int> shown;
    for (std::size_t i = std::size_t(from); i < game.line().plies.size(); ++i)
        shown.push_back(game.line().plies[i].square);
    QVERIFY(shown.size() >= std::size_t(pv.size()));
    for (qsizetype i = 0; i < pv.size(); ++i) QCOMPARE(shown[std::size_t(i)], pv[i]);
    QCOMPARE(game.mainLine(), mainLine);
    bool differs = false;
    for (qsizetype i = 0; i < pv.size() && !differs; ++i)
        differs = std::size_t(from) + std::size_t(i) >= mainLine.size() ||
                  pv[i] != mainLine[std::size_t(from) + std::size_t(i)];
    QVERIFY(differs);  // the sample's players did not play the engine's line
    QCOMPARE(game.annotations().variations.size(), std::size_t(1));
    QVERIFY(game.modified());  // in memory only: stored when the user saves
    // One undo takes the whole line back.
    game.undo();
    QVERIFY(game.annotations().variations.empty());
    QCOMPARE(game.mainLine(), mainLine);
}

void AnalysisTest::steppingCancelsTheMidgameSearch() {
    GameController game;
    AnalysisController analysis;
    analysis.setGame(&game);
    QVERIFY(game.setMovesText(QString::fromLatin1(kSample)));
    analysis.setMaxEmpties(14);
    analysis.setMidgameDepth(30);   // far beyond what finishes: the search runs until stopped
    analysis.setMidgameSeconds(0);  // no budget
    game.jump(10);
    analysis.setEnabled(true);
    QTRY_VERIFY_WITH_TIMEOUT(analysis.statusText().startsWith(QStringLiteral("Searching")), 20000);
    // The status says how deep it got.
    QTRY_VERIFY_WITH_TIMEOUT(analysis.statusText().contains(QStringLiteral("(depth ")), 20000);
    QVERIFY(!analysis.currentDone());
    const int interrupted = analysis.interruptedCount();
    game.jump(11);  // moving on stops the old search and starts the new position's
    QTRY_VERIFY_WITH_TIMEOUT(analysis.interruptedCount() > interrupted, 20000);
    QTRY_VERIFY_WITH_TIMEOUT(analysis.statusText().startsWith(QStringLiteral("Searching")), 20000);
    QVERIFY(analysis.moveValues().isEmpty());  // nothing of the old position shown here
    analysis.setMidgameSeconds(0.3);
    analysis.setMidgameDepth(29);  // restarts with a budget: a value from the depth reached
    QTRY_VERIFY_WITH_TIMEOUT(analysis.currentDone(), 20000);
    QVERIFY2(analysis.statusText().contains(QStringLiteral("time budget")),
             qPrintable(analysis.statusText()));
    QCOMPARE(analysis.currentKind(), QStringLiteral("estimate"));
}

// Under other rules: no estimate ever, "estimates unavailable for these rules" before the
// generic solver's reach and where it stopped at the budget; placements are no finished game.
void AnalysisTest::otherRulesStatusWords() {
    ShownFacts f;
    f.rules = core::reversiRules();
    f.position = core::Position::start();
    f.maxEmpties = 14;
    f.midgameDepth = 10;
    f.estimate = ShownFacts::Estimate{4, 8, true};  // never shown under these rules
    QCOMPARE(AnalysisStatus::shown(f),
             QStringLiteral("Black to move: estimates unavailable for these rules (60 empties; "
                            "exact values from 14 empties on)."));
    f.position = core::Position();  // the empty board: the placements, not a finished game
    QCOMPARE(AnalysisStatus::shown(f),
             QStringLiteral("Black to move: estimates unavailable for these rules (64 empties; "
                            "exact values from 14 empties on)."));
    f.position = core::Position::start();
    f.maxEmpties = 60;
    f.solved = ShownFacts::Solved{ValueRange{-64, 64}, false};
    QCOMPARE(AnalysisStatus::shown(f),
             QStringLiteral("Black to move: nothing proven, the time budget ran out (60 "
                            "empties). Estimates unavailable for these rules."));
    f.solved = ShownFacts::Solved{ValueRange::exactly(-2), false};
    QCOMPARE(AnalysisStatus::shown(f),
             QStringLiteral("Black to move: −2 with perfect play (exact, 60 empties)."));
}

// A game under disc scoring (an Othello line: every line flips, but the empties count for
// nobody; this game fills the board, so its values are Othello's too): the generic solver's
// values on the squares and in the graph, its reach (14 empties, not maxEmpties' 24), no
// midgame search; estimates unavailable before its reach (Othello's rules would estimate).
void AnalysisTest::otherRulesSolvedByTheGenericSolver() {
    GameController game;
    AnalysisController analysis;
    analysis.setGame(&game);
    QVERIFY(game.setMovesText(QString::fromLatin1(kSample)));
    const core::Rules rules = core::parseRules("othello+discs").rules;
    analysis.setRules(rules);
    QCOMPARE(analysis.rulesCode(), QStringLiteral("othello+discs"));
    QVERIFY(!analysis.estimatesAvailable());
    QCOMPARE(analysis.exactEmpties(), analysis::kRulesSolverReach);  // maxEmpties 24 capped
    const int ply = plyWithEmpties(game, 10);
    QVERIFY(ply > 0);
    game.jump(ply);
    analysis.setEnabled(true);
    QTRY_VERIFY_WITH_TIMEOUT(analysis.currentDone() && !analysis.busy(), 120000);

    analysis::RulesSolver solver(16);
    analysis::SolveOptions every;
    every.allMoves = true;
    const analysis::SolveResult expected = solver.solve(game.current(), rules, every);
    QVERIFY(expected.complete);
    const analysis::SolveResult othello = solveAll(game.current());
    BoardModel& board = *game.board();
    for (const analysis::MoveValue& m : expected.moves) {
        QCOMPARE(squareText(board, m.square), ValueRange::exactly(m.value).text());
        QCOMPARE(board.index(m.square).data(BoardModel::BestRole).toBool(),
                 m.value == expected.value);
    }
    QVERIFY(analysis.statusText().contains(QStringLiteral("exact")));
    QCOMPARE(analysis.searchedCount(), 0);
    QCOMPARE(analysis.cachedEstimateCount(), 0);

    // The graph: the rules' values, Black's view, up to the reach; no estimate anywhere.
    const auto& line = game.line();
    for (std::size_t i = 0; i < line.positions.size(); ++i) {
        const core::Position& p = line.positions[i];
        QCOMPARE(analysis.lineEstimate()[qsizetype(i)], analysis.noEstimate());
        if (p.emptyCount() > analysis::kRulesSolverReach) {
            QCOMPARE(analysis.lineLower()[qsizetype(i)], -64);
            QCOMPARE(analysis.lineUpper()[qsizetype(i)], 64);
            continue;
        }
        const analysis::SolveResult r = solver.solve(p, rules);
        const int black = p.toMove() == core::Color::Black ? r.value : -r.value;
        QCOMPARE(analysis.lineLower()[qsizetype(i)], black);
        QCOMPARE(analysis.lineUpper()[qsizetype(i)], black);
    }

    // Before the reach: nothing on the board, no search, the words say why.
    game.jump(plyWithEmpties(game, 30));
    QTRY_VERIFY_WITH_TIMEOUT(analysis.currentDone() && !analysis.busy(), 120000);
    for (int sq = 0; sq < 64; ++sq) QVERIFY(squareText(board, sq).isEmpty());
    QVERIFY(analysis.moveValues().isEmpty());
    QVERIFY2(
        analysis.statusText().contains(QStringLiteral("estimates unavailable for these rules")),
        qPrintable(analysis.statusText()));
    QCOMPARE(analysis.searchedCount(), 0);

    // Back to Othello's rules: Othello's values again (nothing of the other rules kept).
    analysis.setRules(core::othelloRules());
    game.jump(ply);
    QTRY_VERIFY_WITH_TIMEOUT(analysis.currentDone() && !analysis.busy(), 120000);
    for (const analysis::MoveValue& m : othello.moves)
        QCOMPARE(squareText(board, m.square), ValueRange::exactly(m.value).text());
}

// Classic Reversi's one-line moves: every line a move of its own in moveValues (named
// "c4>e6"), a square's best line on the board, a move's value known of the position it leads
// to (played by its line, not by Othello's flips).
void AnalysisTest::oneLineMovesOnTheirSquares() {
    const core::Rules rules = core::reversiRules();
    // 14 empties, Black to move; a3 outflanks two lines (a3>a5 +14; the other less).
    const core::Position p =
        core::parseBoard("O-XO-X--XOXXXXOO-XXOXOOXOXOOOOXXXOXXXXXXOOOOOOOO-OXOXO---X--O--- X")
            .position;
    analysis::RulesSolver solver(16);
    analysis::SolveOptions every;
    every.allMoves = true;
    const analysis::SolveResult r = solver.solve(p, rules, every);
    QVERIFY(r.complete);
    LineValues values;
    values.setRules(rules);
    values.learn(p, true, r, false);
    const QVariantList list = values.moveValues(p, 14, 0);
    QCOMPARE(list.size(), qsizetype(r.moves.size()));
    int lineMoves = 0;
    for (const QVariant& v : list) {
        const QVariantMap item = v.toMap();
        const int move = item.value(QStringLiteral("move")).toInt();
        QCOMPARE(item.value(QStringLiteral("square")).toInt(), core::moveSquare(move));
        QCOMPARE(item.value(QStringLiteral("name")).toString(),
                 QString::fromStdString(core::moveName(move)));
        lineMoves += core::isLineMove(move) ? 1 : 0;
    }
    QVERIFY(lineMoves >= 2);
    // Each child, reached by its own line, knows its value.
    for (const analysis::MoveValue& m : r.moves) {
        core::Position child = p;
        for (const core::RuleMove& rm : core::ruleMoves(p, rules))
            if (rm.move == m.square) core::playRuleMove(child, rm);
        const LineValues::Known* k = values.find(child);
        QVERIFY(k);
        QVERIFY(k->value.exact());
        QCOMPARE(k->value.lower, -m.value);
    }
    // The best line replays under the rules.
    QCOMPARE(values.bestLine(p, 14).size(), qsizetype(r.pv.size()));
}

QTEST_MAIN(AnalysisTest)

// setGame follows the game's rules: a new Reversi game is analysed under Reversi's, a new
// Othello game under Othello's again; and the best line's line moves (c4>e6 tokens) play as
// they are, without a choice waiting (playBestLine hands them to playMove).
void AnalysisTest::analysisFollowsTheGamesRules() {
    GameController game;
    AnalysisController analysis;
    analysis.setGame(&game);
    QCOMPARE(analysis.rulesCode(), QStringLiteral("othello"));
    QVERIFY(game.newGameUnder(QStringLiteral("reversi")));
    QCOMPARE(analysis.rulesCode(), QStringLiteral("reversi"));
    QVERIFY(!analysis.estimatesAvailable());
    std::mt19937 rng(28);
    bool playedLine = false;
    for (int ply = 0; ply < 60 && !playedLine; ++ply) {
        const std::vector<core::RuleMove> moves =
            core::ruleMoves(game.current(), core::reversiRules());
        if (moves.empty()) break;
        const auto line = std::find_if(moves.begin(), moves.end(), [](const core::RuleMove& m) {
            return core::isLineMove(m.move);
        });
        const core::RuleMove m = line != moves.end() ? *line : moves[rng() % moves.size()];
        if (m.move == core::kPass) break;
        const int before = game.ply();
        QVERIFY(game.playMove(m.move));
        QVERIFY(!game.choosingLine());
        QCOMPARE(game.ply(), before + 1);
        playedLine = core::isLineMove(m.move);
    }
    QVERIFY(playedLine);
    game.newGame();
    QCOMPARE(analysis.rulesCode(), QStringLiteral("othello"));
}

#include "AnalysisTest.moc"
