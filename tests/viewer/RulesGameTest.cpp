// Games under other rules in the viewer (issue 28): a new game of classic Reversi with its
// placements clicked on the centre and its one-line moves picked from the candidate lines (by
// number and by a click on a disc or the far end of the line), undo and stepping across a
// choice, a handicap game, the header's words for the rules, the move list's "c4>e6", and the
// record "Save" stores (its rules, its empty start, its disc-count result) and a stored game
// shown under its rules. Every position the controller shows is checked against core's own
// play of the same moves (core::playRuleMove), not against the controller's replay.
#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QtTest>
#include <random>
#include <string>

#include "archive/ArchiveBackend.h"
#include "archive/ArchiveClient.h"
#include "core/Notation.h"
#include "core/Replay.h"
#include "curation/CurationController.h"
#include "game/GameController.h"
#include "importers/GameResult.h"

using namespace othello;
using namespace othello::viewer;

namespace {

int role(GameController& g, int square, int r) {
    BoardModel* b = g.board();
    return b->data(b->index(square), r).toInt();
}

// What the move list writes for the move reaching `ply` of the main line.
QString listed(GameController& g, int ply) {
    MoveListModel* m = g.moveList();
    const int row = m->rowOfPly(ply);
    if (row < 0) return {};
    const QModelIndex i = m->index(row);
    if (m->data(i, MoveListModel::BlackPlyRole).toInt() == ply)
        return m->data(i, MoveListModel::BlackTextRole).toString();
    if (m->data(i, MoveListModel::WhitePlyRole).toInt() == ply)
        return m->data(i, MoveListModel::WhiteTextRole).toString();
    return {};
}

// The candidate lines of the side to move grouped by square: squares with several.
std::vector<int> choiceSquares(const core::Position& p, const core::Rules& rules) {
    std::vector<int> squares;
    int count[64] = {};
    for (const core::RuleMove& m : core::ruleMoves(p, rules))
        if (m.square != core::kPass && ++count[m.square] == 2) squares.push_back(m.square);
    return squares;
}

std::vector<core::RuleMove> movesOn(const core::Position& p, const core::Rules& rules, int sq) {
    std::vector<core::RuleMove> out;
    for (const core::RuleMove& m : core::ruleMoves(p, rules))
        if (m.square == sq) out.push_back(m);
    return out;
}

struct Played {
    int choices = 0;
    std::vector<int> choicePlies;  // plies (1-based) whose move was picked from several lines
    std::vector<int> tokens;       // every token played, passes included
};

// Clicks the game through to its end from the position shown (at the end of the main line):
// the placements on a random placement square, then a square with several lines whenever
// there is one (else a random move), the line picked in turn by its number, by a click on
// one of its discs and by a click on its far end. Each position shown must be core's play of
// the chosen move. Stops after `maxChoices` choices when given (-1: to the end).
Played playOut(GameController& g, std::mt19937& rng, int maxChoices = -1) {
    Played played;
    core::Position expected = g.current();
    const core::Rules rules = g.rules();
    while (!g.gameOver() && played.choices != maxChoices) {
        const std::vector<core::RuleMove> all = core::ruleMoves(expected, rules);
        if (all.size() == 1 && all.front().square == core::kPass) {
            g.step(1);  // the pass the line holds (inferred after the move before)
            expected.pass();
            played.tokens.push_back(core::kPass);
            if (g.current() != expected)
                QTest::qFail("the pass shows another position", __FILE__, __LINE__);
            continue;
        }
        const std::vector<int> several = choiceSquares(expected, rules);
        const bool placing = core::inPlacements(expected, rules);
        const int square =
            !several.empty() ? several[rng() % several.size()] : all[rng() % all.size()].square;
        const std::vector<core::RuleMove> lines = movesOn(expected, rules, square);
        if (placing != g.placing()) QTest::qFail("placing differs", __FILE__, __LINE__);
        if (!g.playMove(square)) {
            QTest::qFail(qPrintable(QStringLiteral("click on %1 refused")
                                        .arg(QString::fromStdString(core::squareName(square)))),
                         __FILE__, __LINE__);
            return played;
        }
        core::RuleMove chosen = lines.front();
        if (lines.size() > 1) {
            // The choice waits: nothing played, the lines numbered on the board.
            if (!g.choosingLine() || g.choiceSquare() != square ||
                g.choiceNames().size() != qsizetype(lines.size()))
                QTest::qFail("no line choice shown", __FILE__, __LINE__);
            for (std::size_t i = 0; i < lines.size(); ++i) {
                for (int sq = 0; sq < 64; ++sq)
                    if ((lines[i].flips & core::bit(sq)) &&
                        role(g, sq, BoardModel::ChoiceRole) != int(i) + 1)
                        QTest::qFail("a disc of a line is not numbered", __FILE__, __LINE__);
                if (role(g, core::lineEnd(lines[i].move), BoardModel::ChoiceEndRole) != int(i) + 1)
                    QTest::qFail("a far end is not marked", __FILE__, __LINE__);
            }
            const std::size_t k = rng() % lines.size();
            chosen = lines[k];
            bool ok = false;
            switch (played.choices % 3) {
                case 0:
                    ok = g.chooseLine(int(k) + 1);
                    break;
                case 1:  // a click on a disc of the line
                    ok = g.playMove(core::lowestSquare(chosen.flips));
                    break;
                default:  // a click on its far end
                    ok = g.playMove(core::lineEnd(chosen.move));
                    break;
            }
            if (!ok || g.choosingLine())
                QTest::qFail("the line was not played", __FILE__, __LINE__);
            ++played.choices;
            played.choicePlies.push_back(g.ply());
        }
        core::playRuleMove(expected, chosen);
        played.tokens.push_back(chosen.move);
        if (g.current() != expected)
            QTest::qFail("the board is not core's play of the move", __FILE__, __LINE__);
        if (g.lastMove() != square) QTest::qFail("last move", __FILE__, __LINE__);
    }
    return played;
}

}  // namespace

class RulesGameTest : public QObject {
    Q_OBJECT

  private slots:
    void reversiGameWithPlacementsAndLineChoices();
    void undoAndStepAcrossAChoice();
    void handicapAndHeader();
    void savedRecordKeepsItsRules();
    void storedGameShownUnderItsRules();
    void typedAndPastedMovesUnderTheRules();
};

void RulesGameTest::reversiGameWithPlacementsAndLineChoices() {
    GameController g;
    QAbstractItemModelTester boardTester(g.board());
    QAbstractItemModelTester listTester(g.moveList());
    QVERIFY(g.newGameUnder(QStringLiteral("reversi")));
    QCOMPARE(g.rules(), core::reversiRules());
    QCOMPARE(g.current(), core::Position(0, 0, core::Color::Black));
    // The placements: only the free centre squares can be clicked, and only they are marked.
    QVERIFY(g.placing());
    QVERIFY(!g.gameOver());
    QCOMPARE(g.statusText(), QStringLiteral("Black places a disc on the centre"));
    for (int sq = 0; sq < 64; ++sq)
        QCOMPARE(role(g, sq, BoardModel::LegalRole) != 0, bool(core::kCentre & core::bit(sq)));
    QVERIFY(!g.playMove(core::parseSquare("c4")));
    QVERIFY(!g.canUndo());

    std::mt19937 rng(28);
    const Played played = playOut(g, rng);
    QVERIFY2(played.choices >= 5, qPrintable(QString::number(played.choices)));
    QVERIFY(g.gameOver());
    QVERIFY(!g.placing());
    // The main line is the tokens clicked, and core replays it under the rules to the end.
    QCOMPARE(g.mainLine(), played.tokens);
    const core::ReplayResult r =
        core::replay(core::Position(0, 0, core::Color::Black), g.mainLine(), core::reversiRules());
    QVERIFY(!r.error);
    QVERIFY(r.over);
    QCOMPARE(r.final(), g.current());
    // Scored by the discs on the board (the Reversi sheet's rule), not Othello's empties.
    const core::Score s = g.current().discCount();
    QVERIFY2(g.statusText().endsWith(QStringLiteral("%1–%2").arg(s.black).arg(s.white)),
             qPrintable(g.statusText()));
    // The move list: the placements as squares, each choice as its line ("c4>e6").
    QCOMPARE(listed(g, 1), QString::fromStdString(core::squareName(g.mainLine()[0])));
    for (const int ply : played.choicePlies) {
        const int token = g.mainLine()[std::size_t(ply - 1)];
        QVERIFY(core::isLineMove(token));
        QCOMPARE(listed(g, ply), QString::fromStdString(core::moveName(token)));
        QVERIFY(listed(g, ply).contains(QLatin1Char('>')));
    }
    QVERIFY(g.lineText().contains(QLatin1Char('>')));
    // The same moves are not a game under every line's rules: the line tokens say so.
    QVERIFY(core::replay(core::Position(0, 0, core::Color::Black), g.mainLine(),
                         core::reversiAllLinesRules())
                .error);
}

void RulesGameTest::undoAndStepAcrossAChoice() {
    GameController g;
    QVERIFY(g.newGameUnder(QStringLiteral("reversi")));
    std::mt19937 rng(5);
    // Up to the first choice, then back one ply: the choice is played again below.
    playOut(g, rng, 1);
    g.undo();
    QVERIFY(!g.choosingLine());
    const int before = g.ply();
    const core::Position position = g.current();
    const std::vector<int> several = choiceSquares(position, g.rules());
    QVERIFY(!several.empty());
    const int square = several.front();
    const std::vector<core::RuleMove> lines = movesOn(position, g.rules(), square);
    const int undoCount = g.undoStack()->count();

    // Escape (cancel) leaves everything as it was: no move, no undo entry, no numbers.
    QSignalSpy choice(&g, &GameController::lineChoiceChanged);
    QVERIFY(g.playMove(square));
    QVERIFY(g.choosingLine());
    QVERIFY(g.choiceText().contains(QString::fromStdString(core::squareName(square))));
    QCOMPARE(g.choiceNames().front(), QString::fromStdString(core::moveName(lines.front().move)));
    QCOMPARE(g.undoStack()->count(), undoCount);
    g.cancelLineChoice();
    QVERIFY(!g.choosingLine());
    QCOMPARE(choice.count(), 2);
    QCOMPARE(g.ply(), before);
    QCOMPARE(g.current(), position);
    for (int sq = 0; sq < 64; ++sq) {
        QCOMPARE(role(g, sq, BoardModel::ChoiceRole), 0);
        QCOMPARE(role(g, sq, BoardModel::ChoiceEndRole), 0);
    }
    // A click on an empty square outside the lines drops the choice (and plays nothing).
    QVERIFY(g.playMove(square));
    core::Bitboard lineSquares = core::bit(square);
    for (const core::RuleMove& m : lines) lineSquares |= m.flips | core::bit(core::lineEnd(m.move));
    const core::Bitboard elsewhere =
        ~(position.black() | position.white() | lineSquares | position.legalMoves());
    QVERIFY(!g.playMove(core::lowestSquare(elsewhere)));
    QVERIFY(!g.choosingLine());
    // Stepping away drops it too.
    QVERIFY(g.playMove(square));
    g.step(-1);
    QVERIFY(!g.choosingLine());
    g.step(1);
    QCOMPARE(g.ply(), before);

    // The second line, then undo, redo and the steps over it.
    QVERIFY(g.playMove(square));
    QVERIFY(g.chooseLine(2));
    QVERIFY(!g.chooseLine(2));  // no choice waits any more
    core::Position after = position;
    core::playRuleMove(after, lines[1]);
    QCOMPARE(g.ply(), before + 1);
    QCOMPARE(g.current(), after);
    QCOMPARE(g.mainLine()[std::size_t(before)], lines[1].move);
    QCOMPARE(g.undoText(),
             QStringLiteral("Play %1").arg(QString::fromStdString(core::moveName(lines[1].move))));
    g.undo();
    QCOMPARE(g.ply(), before);
    QCOMPARE(g.plyCount(), before);
    QCOMPARE(g.current(), position);
    g.redo();
    QCOMPARE(g.ply(), before + 1);
    QCOMPARE(g.current(), after);
    g.step(-1);
    QCOMPARE(g.current(), position);
    g.step(1);
    QCOMPARE(g.current(), after);
    // Back at the choice, another line differs from the game: a variation (the question's
    // words name the lines).
    g.step(-1);
    QVERIFY(g.playMove(square));
    QVERIFY(g.chooseLine(1));
    QCOMPARE(g.pendingMove(), lines[0].move);
    QCOMPARE(g.pendingMoveText(), QString::fromStdString(core::moveName(lines[0].move)));
    QCOMPARE(g.nextMoveText(), QString::fromStdString(core::moveName(lines[1].move)));
    QVERIFY(g.resolveBranch(GameController::BranchVariation));
    QVERIFY(g.inAnalysis());
    core::Position other = position;
    core::playRuleMove(other, lines[0]);
    QCOMPARE(g.current(), other);
    g.undo();
    QVERIFY(!g.inAnalysis());
    QCOMPARE(g.current(), position);
}

void RulesGameTest::handicapAndHeader() {
    GameController g;
    QSignalSpy rules(&g, &GameController::rulesChanged);
    QCOMPARE(g.rulesText(), QString());  // Othello says nothing
    QVERIFY(g.newGameUnder(QStringLiteral("othello+handicap-a1h8-white+white-first")));
    QCOMPARE(rules.count(), 1);
    QCOMPARE(g.rules().start, core::Start::Handicap);
    QCOMPARE(g.rulesCode(), QStringLiteral("othello+handicap-a1h8-white+white-first"));
    QCOMPARE(g.rulesText(), QString::fromStdString(core::rulesDescription(g.rules())));
    QVERIFY(g.rulesText().contains(QStringLiteral("handicap")));
    const core::Bitboard corners = core::bit(0) | core::bit(63);
    QCOMPARE(g.current().white() & core::kCorners, corners);
    QCOMPARE(g.sideToMove(), 2);  // the weaker player moves first
    QCOMPARE(g.current().legalMoves(),
             core::Position(core::Position::start().black(),
                            core::Position::start().white() | corners, core::Color::White)
                 .legalMoves());
    for (int sq = 0; sq < 64; ++sq)
        QCOMPARE(role(g, sq, BoardModel::LegalRole) != 0,
                 bool(g.current().legalMoves() & core::bit(sq)));
    QVERIFY(
        g.playMove(g.current().legalMoves() ? core::lowestSquare(g.current().legalMoves()) : -1));
    QCOMPARE(g.ply(), 1);
    // The same rules again: no signal; Othello again: one, and nothing to say.
    QVERIFY(g.newGameUnder(QStringLiteral("othello+handicap-a1h8-white+white-first")));
    QCOMPARE(rules.count(), 1);
    g.newGame();
    QCOMPARE(rules.count(), 2);
    QCOMPARE(g.rulesText(), QString());
    QCOMPARE(g.rules(), core::othelloRules());
    QVERIFY(g.newGameUnder(QStringLiteral("reversi-all-lines")));
    QCOMPARE(g.rulesText(),
             QString::fromStdString(core::rulesDescription(core::reversiAllLinesRules())));
    // Codes that are not rules, and rules without a start of their own.
    QVERIFY(!g.newGameUnder(QStringLiteral("chess")));
    QVERIFY(g.lastError().contains(QStringLiteral("chess")));
    QVERIFY(!g.newGameUnder(QStringLiteral("othello+position")));
    QCOMPARE(g.rules(), core::reversiAllLinesRules());  // unchanged
    QVERIFY(g.describeRules(QStringLiteral("reversi")).value(QStringLiteral("ok")).toBool());
    QVERIFY(!g.describeRules(QStringLiteral("othello+handicap--white"))
                 .value(QStringLiteral("ok"))
                 .toBool());
    // A set-up board that is the cross plus one colour's corners is a handicap.
    g.newGame();
    g.startEditing();
    g.cycleSquare(0);  // a1 black
    g.cycleSquare(7);  // h1 black
    QVERIFY(g.finishEditing());
    QCOMPARE(g.rules().start, core::Start::Handicap);
    QCOMPARE(g.rules().handicapTo, core::Color::Black);
    QVERIFY(g.rulesText().contains(QStringLiteral("handicap")));
    // Any other set-up board is still Othello, whoever is to move: nothing to say.
    g.newGame();
    g.startEditing();
    g.cycleSquare(core::parseSquare("e3"));
    g.setEditSide(2);
    QVERIFY(g.finishEditing());
    QCOMPARE(g.rules().start, core::Start::AnyPosition);
    QCOMPARE(g.sideToMove(), 2);
    QCOMPARE(g.rulesText(), QString());
}

void RulesGameTest::savedRecordKeepsItsRules() {
    GameController g;
    QVERIFY(g.newGameUnder(QStringLiteral("reversi")));
    std::mt19937 rng(28);
    playOut(g, rng);
    QVERIFY(g.gameOver());
    // What CurationController::save hands to ArchiveBackend::addGame for a new game, and the
    // record addGame stores.
    GameEdit edit = gameEditOf(g, {{QStringLiteral("black"), QStringLiteral("Pointed")},
                                   {QStringLiteral("white"), QStringLiteral("Plain")}});
    QCOMPARE(edit.rules, core::reversiRules());
    const importers::GameRecord record = enteredRecord(edit);
    QCOMPARE(record.black, std::string("Pointed"));
    QCOMPARE(record.rules, core::reversiRules());
    QCOMPARE(record.start, *core::rulesStart(core::reversiRules()));
    QCOMPARE(record.moves, g.mainLine());
    QVERIFY(record.status == importers::GameStatus::Complete);
    // Its result is the discs on the board.
    const core::Score s = g.current().discCount();
    QCOMPARE(importers::GameResult::of(record).text(),
             std::to_string(s.black) + "-" + std::to_string(s.white));
    // A result stated by the empties-to-the-winner count disagrees (when there are empties).
    if (s.black + s.white < 64 && s.black != s.white) {
        const core::Score othello = core::finalScore(g.current(), core::Scoring::EmptiesToWinner);
        edit.headers.result = QStringLiteral("%1-%2").arg(othello.black).arg(othello.white);
        QVERIFY_THROWS_EXCEPTION(std::exception, enteredRecord(edit));
    }
    // The Othello game is stored as Othello's, as before.
    GameController o;
    QVERIFY(o.playMove(core::parseSquare("f5")));
    QCOMPARE(enteredRecord(gameEditOf(o, {})).rules, core::othelloRules());
}

void RulesGameTest::storedGameShownUnderItsRules() {
    // A record as storage loads it (its rules set), shown by the viewer.
    GameController played;
    QVERIFY(played.newGameUnder(QStringLiteral("reversi")));
    std::mt19937 rng(11);
    const Played p = playOut(played, rng);
    const importers::GameRecord record = enteredRecord(gameEditOf(played, {}));
    const GameInfo info = gameInfoOf(42, record, "");
    QCOMPARE(info.rules, core::reversiRules());

    GameController g;
    QSignalSpy rules(&g, &GameController::rulesChanged);
    g.setGame(info, 0);
    QCOMPARE(rules.count(), 1);
    QCOMPARE(g.rules(), core::reversiRules());
    QCOMPARE(g.rulesText(), QString::fromStdString(core::rulesDescription(core::reversiRules())));
    QCOMPARE(g.plyCount(), int(record.moves.size()));
    QCOMPARE(g.mainLine(), record.moves);
    QVERIFY(g.placing());
    QVERIFY(!g.modified());
    g.last();
    QVERIFY(g.gameOver());
    QCOMPARE(g.current(), played.current());
    for (const int ply : p.choicePlies)
        QCOMPARE(listed(g, ply),
                 QString::fromStdString(core::moveName(record.moves[std::size_t(ply - 1)])));
    // A stored Othello game (rules as before): Othello, nothing said.
    importers::GameRecord othello;
    othello.moves = core::parseMoves("f5d6c3").moves;
    g.setGame(gameInfoOf(43, othello, ""), 3);
    QCOMPARE(rules.count(), 2);
    QCOMPARE(g.rulesText(), QString());
    QCOMPARE(g.plyCount(), 3);
}

void RulesGameTest::typedAndPastedMovesUnderTheRules() {
    // The placements, e3 d3, then Black's c3 outflanks two lines: it must say which.
    const QString moves = QStringLiteral("d4 e4 e5 d5 e3 d3 c3>e5");
    const int c3e5 = core::lineMove(core::parseSquare("c3"), core::parseSquare("e5"));
    GameController g;
    ArchiveClient client;  // never opened: the Edit tab's typed moves need no archive
    client.setGame(&g);
    CurationController* curation = client.curation();
    QVERIFY(g.newGameUnder(QStringLiteral("reversi")));
    QVERIFY(curation->enterText(moves).value(QStringLiteral("ok")).toBool());
    QCOMPARE(g.rules(), core::reversiRules());
    QCOMPARE(g.plyCount(), 7);
    QCOMPARE(g.mainLine().back(), c3e5);
    const QVariantMap bare = curation->enterText(QStringLiteral("d4 e4 e5 d5 e3 d3 c3"));
    QVERIFY(!bare.value(QStringLiteral("ok")).toBool());
    QVERIFY2(
        bare.value(QStringLiteral("error")).toString().contains(QStringLiteral("c3>e3 or c3>e5")),
        qPrintable(bare.value(QStringLiteral("error")).toString()));
    // A stored Reversi game: typed moves still play under its rules, from its empty board.
    g.setGame(gameInfoOf(9, enteredRecord(gameEditOf(g, {})), ""), 0);
    QVERIFY(curation->enterText(QStringLiteral("d4 e4 e5")).value(QStringLiteral("ok")).toBool());
    QCOMPARE(g.rules(), core::reversiRules());
    QCOMPARE(g.plyCount(), 3);
    // Typed on the board (setMovesText) and pasted: the same, copied back as written.
    QVERIFY(g.setMovesText(moves));
    QCOMPARE(g.lineText(), moves);
    g.jump(3);
    QVERIFY(g.pasteText(moves));  // a prefix of the line shown: that ply of it
    QCOMPARE(g.ply(), 7);
    QCOMPARE(g.movesText(), moves);
    // Othello's game takes Othello's moves as before, and refuses a line move.
    g.newGame();
    QVERIFY(curation->enterText(QStringLiteral("f5 d6 c3")).value(QStringLiteral("ok")).toBool());
    QCOMPARE(g.rules(), core::othelloRules());
    QVERIFY(!g.setMovesText(QStringLiteral("f5 d6 c3>e5")));
}

QTEST_GUILESS_MAIN(RulesGameTest)
#include "RulesGameTest.moc"
