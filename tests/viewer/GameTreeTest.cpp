// The viewer's game tree (issue 11): variations that keep the game, stepping in and out of
// them, the three answers to a move that differs, overwrite, promote, comments, delete, and
// every edit undone and redone through GameController's one undo stack. The tree's
// annotations are checked against importers::annotationsValid after every edit: they are
// what "Save" stores.
#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QtTest>
#include <string>

#include "ViewerFixture.h"
#include "core/Notation.h"
#include "core/Replay.h"
#include "game/GameController.h"
#include "importers/Annotations.h"
#include "importers/ReadLimits.h"

using namespace othello;
using namespace othello::viewer;
using othello::viewer::test::kSample;

namespace {

GameInfo sampleGame(qint64 id = 7) {
    GameInfo info;
    info.id = id;
    info.black = QStringLiteral("Penloup");
    info.white = QStringLiteral("Juhem");
    info.moves = core::parseMoves(kSample).moves;
    return info;
}

// A legal move of the position shown other than the line's next move.
int otherMove(const GameController& game) {
    core::Bitboard legal = game.current().legalMoves();
    if (game.nextMove() >= 0 && game.nextMove() < 64) legal &= ~core::bit(game.nextMove());
    return legal ? core::lowestSquare(legal) : -1;
}

std::string invalid(const GameController& game) {
    std::string why;
    const storage::GameAnnotations a = game.annotations();
    if (importers::annotationsValid(game.game().start, game.mainLine(), a.comments, a.variations,
                                    &why))
        return {};
    return why.empty() ? "invalid" : why;
}

#define CHECK_VALID(game) QCOMPARE(invalid(game), std::string())

}  // namespace

class GameTreeTest : public QObject {
    Q_OBJECT

  private slots:
    void variationKeepsTheGame();
    void askOverwriteCancel();
    void nestedVariationsAndClicks();
    void promoteKeepsCommentsAndVariations();
    void commentsAddEditDelete();
    void deleteVariation();
    void passesAtTheEndOfLines();
    void undoBringsBackALeftGame();
    void mistakeMarks();
    void nestingIsBounded();
};

void GameTreeTest::variationKeepsTheGame() {
    GameController game;
    QAbstractItemModelTester tester(game.moveList(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    game.setBranchMode(GameController::BranchVariation);
    game.setGame(sampleGame(), 4);
    QVERIFY(!game.modified());
    const int branchMove = otherMove(game);
    QVERIFY(game.playMove(branchMove));
    QVERIFY(game.inAnalysis());
    QCOMPARE(game.ply(), 5);
    QCOMPARE(game.locationKey(), QStringLiteral("0:5"));
    // Two more moves continue the variation (they extend it, never the game).
    QVERIFY(game.playMove(otherMove(game)));
    QVERIFY(game.playMove(otherMove(game)));
    QCOMPARE(game.ply(), 7);
    QCOMPARE(game.plyCount(), 7);
    QCOMPARE(game.mainLine().size(), std::size_t(62));
    QCOMPARE(game.tree().variations().size(), std::size_t(1));
    QCOMPARE(game.tree().variations()[0].moves.size(), std::size_t(3));
    QVERIFY(game.modified());
    CHECK_VALID(game);
    QCOMPARE(game.undoStack()->count(), 3);
    // Back out of it: at the branch the main line is shown again, whole.
    game.step(-2);
    QVERIFY(game.inAnalysis());
    game.step(-1);
    QVERIFY(!game.inAnalysis());
    QCOMPARE(game.ply(), 4);
    QCOMPARE(game.plyCount(), 62);
    // Forward follows the main line; playing the variation's move again enters it.
    game.step(1);
    QVERIFY(!game.inAnalysis());
    QCOMPARE(game.ply(), 5);
    game.step(-1);
    QVERIFY(game.playMove(branchMove));
    QVERIFY(game.inAnalysis());
    QCOMPARE(game.plyCount(), 7);
    QCOMPARE(game.undoStack()->count(), 3);  // entering is not an edit
    game.leaveAnalysis();
    QVERIFY(!game.inAnalysis());
    QCOMPARE(game.ply(), 4);
    // Undo walks the three edits back, redo forward again.
    game.undo();
    game.undo();
    QCOMPARE(game.tree().variations()[0].moves.size(), std::size_t(1));
    game.undo();
    QVERIFY(game.tree().variations().empty());
    QVERIFY(!game.modified());
    QVERIFY(!game.inAnalysis());
    QVERIFY(!game.canUndo());
    game.redo();
    QCOMPARE(game.tree().variations().size(), std::size_t(1));
    QVERIFY(game.inAnalysis());
    QVERIFY(game.modified());
    game.markSaved();
    QVERIFY(!game.modified());
    QVERIFY(game.canRedo());
}

void GameTreeTest::askOverwriteCancel() {
    GameController game;
    QSignalSpy pending(&game, &GameController::pendingMoveChanged);
    game.setGame(sampleGame(), 10);
    QCOMPARE(game.branchMode(), int(GameController::BranchAsk));
    const int move = otherMove(game);
    QVERIFY(game.playMove(move));
    QCOMPARE(game.pendingMove(), move);
    QCOMPARE(pending.count(), 1);
    QCOMPARE(game.ply(), 10);
    // Cancel: nothing changed.
    QVERIFY(!game.resolveBranch(GameController::BranchAsk));
    QCOMPARE(game.pendingMove(), -1);
    QCOMPARE(game.undoStack()->count(), 0);
    QVERIFY(!game.modified());
    // Stepping drops a question too.
    QVERIFY(game.playMove(move));
    game.step(1);
    QCOMPARE(game.pendingMove(), -1);
    game.step(-1);
    // Overwrite: the game ends with the new move, undoably.
    QVERIFY(game.setComment(QStringLiteral("kept: about ply 10")));
    game.step(5);
    QVERIFY(game.setComment(QStringLiteral("dropped with ply 15")));
    game.jump(10);
    QVERIFY(game.playMove(move));
    QVERIFY(game.resolveBranch(GameController::BranchOverwrite));
    QVERIFY(!game.inAnalysis());
    QCOMPARE(game.ply(), 11);
    QCOMPARE(game.plyCount(), 11);
    QCOMPARE(game.mainLine().size(), std::size_t(11));
    QCOMPARE(game.mainLine().back(), move);
    QCOMPARE(game.annotations().comments.size(), std::size_t(1));
    QCOMPARE(
        game.undoText(),
        QStringLiteral("Overwrite with %1").arg(QString::fromStdString(core::squareName(move))));
    CHECK_VALID(game);
    game.undo();
    QCOMPARE(game.mainLine().size(), std::size_t(62));
    QCOMPARE(game.ply(), 10);
    QCOMPARE(game.annotations().comments.size(), std::size_t(2));
    game.redo();
    QCOMPARE(game.mainLine().size(), std::size_t(11));
    // The setting: overwrite without asking.
    game.undo();
    game.setBranchMode(GameController::BranchOverwrite);
    QVERIFY(game.playMove(move));
    QCOMPARE(game.pendingMove(), -1);
    QCOMPARE(game.mainLine().size(), std::size_t(11));
}

void GameTreeTest::nestedVariationsAndClicks() {
    GameController game;
    QAbstractItemModelTester tester(game.moveList(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    game.setBranchMode(GameController::BranchVariation);
    game.setGame(sampleGame(), 6);
    const int rowsBefore = game.moveList()->rowCount();
    QVERIFY(game.playMove(otherMove(game)));  // variation 0 at ply 6
    QVERIFY(game.playMove(otherMove(game)));
    QVERIFY(game.playMove(otherMove(game)));  // ply 9 in it
    game.step(-1);
    QVERIFY(game.playMove(otherMove(game)));  // a variation of the variation
    QCOMPARE(game.variationDepth(), 2);
    QCOMPARE(game.locationKey(), QStringLiteral("0.0:9"));
    QCOMPARE(game.analysisFrom(), 6);
    CHECK_VALID(game);
    // Two alternatives at one ply keep the order they were made in.
    game.jump(6);
    QVERIFY(!game.inAnalysis());
    const core::Bitboard left = game.current().legalMoves() & ~core::bit(game.nextMove()) &
                                ~core::bit(game.tree().variations()[0].moves[0]);
    QVERIFY(left);
    const int second = core::lowestSquare(left);
    QVERIFY(game.playMove(second));
    QCOMPARE(game.locationKey(), QStringLiteral("1:7"));
    CHECK_VALID(game);

    // The move list: the main line's rows, with one row per top-level variation after the
    // move they replace (ply 7: Black's 4th move), the nested one inline in parentheses, then
    // the main line resumes with White's 4th move on a continued row.
    MoveListModel* list = game.moveList();
    QCOMPARE(list->rowCount(), rowsBefore + 3);  // two variation rows and a continued row
    const int row = list->rowOfPly(7);
    QCOMPARE(list->index(row).data(MoveListModel::KindRole).toInt(), int(MoveListModel::KindMoves));
    const QModelIndex v0 = list->index(row + 1);
    QCOMPARE(v0.data(MoveListModel::KindRole).toInt(), int(MoveListModel::KindVariation));
    QStringList texts;
    QStringList keys;
    for (const QVariant& t : v0.data(MoveListModel::TokensRole).toList()) {
        texts << t.toMap().value("text").toString();
        keys << t.toMap().value("key").toString();
    }
    QCOMPARE(texts.first(), QStringLiteral("4."));
    QVERIFY(texts.contains(QStringLiteral("(")) && texts.contains(QStringLiteral(")")));
    QVERIFY(keys.contains(QStringLiteral("0.0:9")));
    QCOMPARE(list->index(row + 2).data(MoveListModel::KindRole).toInt(),
             int(MoveListModel::KindVariation));
    const QModelIndex resumed = list->index(row + 3);
    QVERIFY(resumed.data(MoveListModel::ContinuedRole).toBool());
    QCOMPARE(resumed.data(MoveListModel::NumberRole).toInt(), 4);
    QCOMPARE(resumed.data(MoveListModel::WhitePlyRole).toInt(), 8);
    // Numbered 1-60, variations number their moves by disc too.
    list->setNumbered(true);
    const QModelIndex numberedRow = list->index(list->rowOfLocation({0}, 7));
    QCOMPARE(numberedRow.data(MoveListModel::TokensRole).toList().first().toMap().value("text"),
             QVariant(QStringLiteral("7.")));
    list->setNumbered(false);
    // The current move's row is found wherever it is; a click (goTo) goes anywhere.
    QCOMPARE(game.currentMoveRow(), row + 2);
    QVERIFY(game.goTo(QStringLiteral("0.0:9")));
    QCOMPARE(game.variationDepth(), 2);
    QCOMPARE(game.currentMoveRow(), row + 1);
    QVERIFY(game.goTo(QStringLiteral(":40")));
    QVERIFY(!game.inAnalysis());
    QCOMPARE(game.ply(), 40);
    QVERIFY(!game.goTo(QStringLiteral("5:9")));  // no such variation
    QVERIFY(!game.goTo(QStringLiteral("nonsense")));
}

void GameTreeTest::promoteKeepsCommentsAndVariations() {
    GameController game;
    game.setBranchMode(GameController::BranchVariation);
    game.setGame(sampleGame(), 0);
    game.jump(12);
    QVERIFY(game.setComment(QStringLiteral("main line, ply 12")));
    game.jump(20);
    QVERIFY(game.setComment(QStringLiteral("main line, ply 20")));
    game.jump(10);
    const int v = otherMove(game);
    QVERIFY(game.playMove(v));
    QVERIFY(game.setComment(QStringLiteral("variation's first move")));
    QVERIFY(game.playMove(otherMove(game)));
    QVERIFY(game.playMove(otherMove(game)));
    game.step(-1);
    QVERIFY(game.playMove(otherMove(game)));  // nested at the variation's ply 2
    const std::vector<int> nested = game.tree().variations()[0].variations[0].moves;
    game.step(-1);
    game.step(1);  // the variation's own third move
    QCOMPARE(game.variationDepth(), 1);
    const std::vector<int> variationLine = game.tree().lineMoves({0});
    const GameTree before = game.tree();
    QVERIFY(game.promoteVariation());
    QVERIFY(!game.inAnalysis());
    QCOMPARE(game.ply(), 13);
    CHECK_VALID(game);
    // The main line now plays the variation; the old main line is a variation at ply 10 with
    // its comments (12 and 20 counted from the branch); the promoted line keeps its comment
    // and its nested variation.
    QCOMPARE(core::replay(game.game().start, variationLine).moves(), game.mainLine());
    const GameTree& t = game.tree();
    QCOMPARE(t.variations().size(), std::size_t(2));
    const importers::Variation& old = t.variations()[0];
    QCOMPARE(old.ply, 10);
    QCOMPARE(old.moves.size(), std::size_t(52));  // the game's 62 plies less the first 10
    QCOMPARE(old.comments.size(), std::size_t(2));
    QCOMPARE(old.comments[0].ply, 2);
    QCOMPARE(old.comments[1].ply, 10);
    QCOMPARE(t.variations()[1].ply, 12);
    QCOMPARE(t.variations()[1].moves, nested);
    QCOMPARE(t.comments().size(), std::size_t(1));
    QCOMPARE(t.comments()[0].ply, 11);
    QCOMPARE(t.comments()[0].text, std::string("variation's first move"));
    QVERIFY(game.modified());
    // Undo gives the tree back exactly; redo promotes again.
    game.undo();
    QVERIFY(game.tree() == before);
    QCOMPARE(game.variationDepth(), 1);
    game.redo();
    QVERIFY(!game.inAnalysis());
    // Promoting the old main line back restores the first tree's moves.
    QVERIFY(game.goTo(QStringLiteral("0:12")));
    QVERIFY(game.promoteVariation());
    QCOMPARE(game.mainLine().size(), std::size_t(62));
    CHECK_VALID(game);
}

void GameTreeTest::commentsAddEditDelete() {
    GameController game;
    QSignalSpy modified(&game, &GameController::modifiedChanged);
    game.setGame(sampleGame(), 0);
    QVERIFY(game.canComment());
    QVERIFY(game.setComment(QStringLiteral("  before\n the  first move ")));
    QCOMPARE(game.comment(), QStringLiteral("before the first move"));  // one paragraph
    QCOMPARE(game.undoText(), QStringLiteral("Add comment"));
    QVERIFY(game.modified());
    QCOMPARE(modified.count(), 1);
    game.jump(3);
    QVERIFY(game.setComment(QStringLiteral("good")));
    QVERIFY(!game.setComment(QStringLiteral("good")));  // unchanged: nothing pushed
    QVERIFY(game.setComment(QStringLiteral("better")));
    QCOMPARE(game.undoText(), QStringLiteral("Edit comment"));
    CHECK_VALID(game);
    // The move list shows a comment row after ply 3 and one before the first move.
    MoveListModel* list = game.moveList();
    QCOMPARE(list->index(0).data(MoveListModel::KindRole).toInt(), int(MoveListModel::KindComment));
    QCOMPARE(list->index(0).data(MoveListModel::TextRole).toString(),
             QStringLiteral("before the first move"));
    const int row = list->rowOfPly(3);
    QCOMPARE(list->index(row + 1).data(MoveListModel::TextRole).toString(),
             QStringLiteral("better"));
    QVERIFY(list->index(row + 2).data(MoveListModel::ContinuedRole).toBool());
    QCOMPARE(list->index(row + 2).data(MoveListModel::NumberRole).toInt(), 2);
    QCOMPARE(list->index(row + 2).data(MoveListModel::WhitePlyRole).toInt(), 4);
    QVERIFY(game.deleteComment());
    QCOMPARE(game.comment(), QString());
    QVERIFY(!game.deleteComment());
    QCOMPARE(game.undoText(), QStringLiteral("Delete comment"));
    game.undo();
    QCOMPARE(game.comment(), QStringLiteral("better"));
    game.undo();
    QCOMPARE(game.comment(), QStringLiteral("good"));
    game.undo();
    game.undo();
    QVERIFY(!game.modified());
    QCOMPARE(game.annotations().comments.size(), std::size_t(0));
    game.redo();
    QVERIFY(game.modified());
    // A saved state is the new reference; loading a game is never modified.
    game.markSaved();
    QVERIFY(!game.modified());
    game.undo();
    QVERIFY(game.modified());
    game.redo();
    game.setGame(sampleGame(8), 0);
    QVERIFY(!game.modified());
    QCOMPARE(game.comment(), QString());
}

void GameTreeTest::deleteVariation() {
    GameController game;
    game.setBranchMode(GameController::BranchVariation);
    game.setGame(sampleGame(), 20);
    QVERIFY(!game.deleteVariation());  // on the main line: nothing
    QVERIFY(game.playMove(otherMove(game)));
    for (int i = 0; i < 4; ++i) QVERIFY(game.playMove(otherMove(game)));
    QCOMPARE(game.ply(), 25);
    game.step(-2);
    QVERIFY(game.setComment(QStringLiteral("kept")));
    game.step(1);
    // From the variation's 4th move on: three moves are left.
    QVERIFY(game.deleteVariation());
    QCOMPARE(game.tree().variations()[0].moves.size(), std::size_t(3));
    QCOMPARE(game.ply(), 23);
    QCOMPARE(game.comment(), QStringLiteral("kept"));
    CHECK_VALID(game);
    // From its first move: the whole variation goes; the game is shown at the branch.
    game.jump(21);
    QVERIFY(game.inAnalysis());
    QVERIFY(game.deleteVariation());
    QVERIFY(game.tree().variations().empty());
    QVERIFY(!game.inAnalysis());
    QCOMPARE(game.ply(), 20);
    QCOMPARE(game.mainLine().size(), std::size_t(62));
    game.undo();
    QCOMPARE(game.tree().variations().size(), std::size_t(1));
    QCOMPARE(game.ply(), 21);
    QVERIFY(game.inAnalysis());
}

void GameTreeTest::passesAtTheEndOfLines() {
    // The sample's first pass: a game cut right after the move that forces it.
    const std::vector<int> full =
        core::replay(core::Position::start(), core::parseMoves(kSample).moves).moves();
    std::size_t pass = 0;
    while (full[pass] != core::kPass) ++pass;
    GameInfo info = sampleGame();
    info.moves.assign(full.begin(), full.begin() + std::ptrdiff_t(pass));
    GameController game;
    game.setBranchMode(GameController::BranchVariation);
    game.setGame(info, int(pass) - 1);
    QCOMPARE(game.mainLine().size(), pass + 1);  // the forced pass is explicit
    const int other = otherMove(game);
    QVERIFY(other >= 0);
    QVERIFY(game.playMove(other));
    QVERIFY(game.promoteVariation());
    CHECK_VALID(game);
    // The old main line became a variation of one move: its pass is implied.
    QCOMPARE(game.tree().variations()[0].moves, std::vector<int>{full[pass - 1]});
    // In it, past the implied pass, a move makes the pass explicit.
    QVERIFY(game.goTo(QStringLiteral("0:%1").arg(pass)));
    game.last();
    QCOMPARE(game.ply(), int(pass) + 1);
    QVERIFY(!game.canComment());  // no stored position to hold it
    QVERIFY(game.playMove(otherMove(game)));
    QCOMPARE(game.tree().variations()[0].moves.size(), std::size_t(3));
    QCOMPARE(game.tree().variations()[0].moves[1], core::kPass);
    CHECK_VALID(game);
}

void GameTreeTest::undoBringsBackALeftGame() {
    GameController game;
    game.setBranchMode(GameController::BranchVariation);
    game.setGame(sampleGame(7), 4);
    QVERIFY(game.playMove(otherMove(game)));
    QVERIFY(game.modified());
    GameInfo other = sampleGame(9);
    other.black = QStringLiteral("Someone else");
    game.setGame(other, 0);
    QCOMPARE(game.gameId(), 9);
    QVERIFY(!game.modified());
    // Undo brings the edited game back as it was left, then undoes its edit.
    QVERIFY(game.canUndo());
    game.undo();
    QCOMPARE(game.gameId(), 7);
    QCOMPARE(game.blackName(), QStringLiteral("Penloup"));
    QVERIFY(game.modified());
    QCOMPARE(game.tree().variations().size(), std::size_t(1));
    QVERIFY(game.inAnalysis());
    game.undo();
    QCOMPARE(game.gameId(), 7);
    QVERIFY(game.tree().variations().empty());
    QVERIFY(!game.modified());
    game.redo();
    game.redo();
    QCOMPARE(game.gameId(), 9);
    // Reloading the same game (after a save) is no switch.
    const int count = game.undoStack()->count();
    game.setGame(other, 3);
    QCOMPARE(game.undoStack()->count(), count);
}

void GameTreeTest::mistakeMarks() {
    QCOMPARE(MoveListModel::markOf(QStringLiteral("\u22121")), QString());
    QCOMPARE(MoveListModel::markOf(QStringLiteral("\u22122")), QStringLiteral("?"));
    QCOMPARE(MoveListModel::markOf(QStringLiteral("\u22125")), QStringLiteral("?"));
    QCOMPARE(MoveListModel::markOf(QStringLiteral("\u22126")), QStringLiteral("??"));
    QCOMPARE(MoveListModel::markOf(QStringLiteral("\u2264\u22127")), QStringLiteral("??"));
    QCOMPARE(MoveListModel::markOf(QStringLiteral("\u22128\u2026\u22121")), QString());
    QCOMPARE(MoveListModel::markOf(QString()), QString());
    GameController game;
    QAbstractItemModelTester tester(game.moveList(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    game.setBranchMode(GameController::BranchVariation);
    game.setGame(sampleGame(), 2);
    QVERIFY(game.playMove(otherMove(game)));  // the line shown: 2 game moves, then ply 3
    MoveListModel* list = game.moveList();
    QSignalSpy changed(list, &MoveListModel::dataChanged);
    game.moveList()->setLosses({QStringLiteral("\u22126"), QString(), QStringLiteral("\u22123")});
    QVERIFY(changed.count() >= 1);
    QCOMPARE(list->index(0).data(MoveListModel::BlackMarkRole).toString(), QStringLiteral("??"));
    QCOMPARE(list->index(0).data(MoveListModel::BlackLossRole).toString(),
             QStringLiteral("\u22126"));
    QCOMPARE(list->index(0).data(MoveListModel::WhiteMarkRole).toString(), QString());
    // Ply 3 of the line shown is the variation's move, not the game's c3.
    QCOMPARE(list->index(1).data(MoveListModel::BlackLossRole).toString(), QString());
    const QVariantList tokens =
        list->index(list->rowOfLocation({0}, 3)).data(MoveListModel::TokensRole).toList();
    bool marked = false;
    for (const QVariant& t : tokens)
        marked |= t.toMap().value("key").toString() == QStringLiteral("0:3") &&
                  t.toMap().value("mark").toString() == QStringLiteral("?");
    QVERIFY(marked);
}

void GameTreeTest::nestingIsBounded() {
    // Variations inside variations, one level more each ply, up to the model's bound.
    GameController game;
    game.setBranchMode(GameController::BranchVariation);
    QVERIFY(game.playMove(otherMove(game)));
    int depth = 0;
    bool refused = false;
    while (!refused && game.ply() < 50) {
        QVERIFY(game.playMove(otherMove(game)));  // extends the line shown
        game.step(-1);
        const int other = otherMove(game);
        QVERIFY2(other >= 0, "a position with one move: pick another line");
        if (!game.playMove(other)) {
            refused = true;
            break;
        }
        QCOMPARE(game.variationDepth(), ++depth);
    }
    QVERIFY(refused);
    QCOMPARE(depth, int(importers::kMaxVariationDepth));
    QVERIFY(game.lastError().contains(QStringLiteral("32")));
    CHECK_VALID(game);
}

QTEST_GUILESS_MAIN(GameTreeTest)
#include "GameTreeTest.moc"
