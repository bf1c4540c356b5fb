// The viewer's editing of the archive: ArchiveBackend's write calls (through the lazily opened
// read-write connection beside the read-only one) and CurationController's save, delete,
// restore, purge and revert with their undo commands on the game's undo stack.
#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include "ViewerFixture.h"
#include "archive/ArchiveClient.h"
#include "archive/DbThread.h"
#include "core/Notation.h"
#include "curation/CurationController.h"
#include "curation/DuplicatesModel.h"
#include "game/GameController.h"

using namespace othello;
using namespace othello::viewer;

namespace {

// A finished game (30-34, tests/fixtures/viewer/archive.pgn's first).
constexpr const char* kFullGame =
    "f5 d6 c3 d3 c4 b3 c6 g6 e6 f7 d2 e2 e7 b7 g5 d7 g8 g7 f2 d1 c7 g2 b2 c5 e8 c2 b5 a1 h7 d8 "
    "c8 a6 e3 b8 a2 h5 h2 f3 f6 b6 f1 h8 h4 c1 a7 h6 f4 h3 a5 a3 a8 e1 b1 g3 b4 g4 g1 h1 f8 a4";

std::vector<int> moves(const char* text) {
    return core::parseMoves(text).moves;
}

GameEdit newGame(const char* text, const QString& black, const QString& white) {
    GameEdit e;
    e.moves = moves(text);
    e.headers.black = black;
    e.headers.white = white;
    e.headers.event = QStringLiteral("Club Night");
    return e;
}

}  // namespace

class CurationTest : public QObject {
    Q_OBJECT

  private slots:
    void backendEditsThroughAWriterConnection();
    void backendRefusesInPlainWords();
    void backendKeepsAnnotations();
    void controllerSaveDeleteUndoRedo();
    void duplicatesModelListsResolvesAndUndoes();

  private:
    QTemporaryDir dir_;
    int made_ = 0;
    QString newArchive() {
        return test::makeEmptyArchive(dir_.path(), QStringLiteral("c%1.sqlite").arg(++made_));
    }
};

void CurationTest::backendEditsThroughAWriterConnection() {
    // The viewer's query connection is read-only: writes open their own.
    ArchiveBackend archive(newArchive(), ArchiveBackend::Access::Query);
    archive.setUser(QStringLiteral("archivist"));
    QCOMPARE(archive.user(), QStringLiteral("archivist"));
    const EditOutcome added = archive.addGame(newGame(kFullGame, "Tamenori", "Murakami"));
    QVERIFY(added.game > 0);
    QVERIFY(added.change > 0);
    // The read connection sees the write at once.
    std::optional<GameInfo> g = archive.game(added.game);
    QVERIFY(g);
    QCOMPARE(g->black, QStringLiteral("Tamenori"));
    QCOMPARE(g->result, QStringLiteral("30-34"));
    QCOMPARE(archive.gameCount(), 1);

    GameEdit rename;
    rename.headers.black = QStringLiteral("Tamenori Hideshi");
    const EditOutcome edited = archive.editGame(added.game, rename);
    QCOMPARE(edited.fields, QStringList{QStringLiteral("black")});
    std::optional<StoredHeaders> h = archive.headers(added.game);
    QVERIFY(h);
    QCOMPARE(h->black, QStringLiteral("Tamenori Hideshi"));
    QCOMPARE(h->result, QStringLiteral("30-34"));
    QVERIFY(h->complete);
    // An edit that changes nothing journals nothing.
    QCOMPARE(archive.editGame(added.game, rename).change, 0);

    // Completion from the archive's names.
    QCOMPARE(archive.names(false, QStringLiteral("TAM"), 10),
             QStringList{QStringLiteral("Tamenori Hideshi")});
    QCOMPARE(archive.names(true, QStringLiteral("club"), 10),
             QStringList{QStringLiteral("Club Night")});

    // Delete, trash, restore, and the journal under the user's name.
    const qint64 deleted = archive.deleteGames({added.game});
    QVERIFY(!archive.game(added.game));
    QVERIFY(!archive.headers(added.game));
    QCOMPARE(archive.gameCount(), 0);
    std::vector<TrashRow> trash = archive.trash();
    QCOMPARE(trash.size(), std::size_t(1));
    QCOMPARE(trash[0].row.id, added.game);
    QCOMPARE(trash[0].change, deleted);
    QCOMPARE(trash[0].user, QStringLiteral("archivist"));
    QCOMPARE(trash[0].score, QStringLiteral("30-34"));
    archive.restoreGame(added.game);
    QVERIFY(archive.game(added.game));
    QVERIFY(archive.trash().empty());
    std::vector<ChangeRow> history = archive.history(added.game, 50);
    QCOMPARE(history.size(), std::size_t(4));
    QCOMPARE(history[0].kind, QStringLiteral("restore"));
    QCOMPARE(history[3].kind, QStringLiteral("add"));
    for (const ChangeRow& c : history) QCOMPARE(c.user, QStringLiteral("archivist"));

    // Revert of the rename: the old name; reverting the revert: the new one again.
    const qint64 undo = archive.revert(edited.change);
    QCOMPARE(archive.headers(added.game)->black, QStringLiteral("Tamenori"));
    std::optional<ChangeRow> c = archive.change(edited.change);
    QVERIFY(c);
    QCOMPARE(c->revertedBy, undo);
    archive.revert(undo);
    QCOMPARE(archive.headers(added.game)->black, QStringLiteral("Tamenori Hideshi"));

    // Purge: gone for good, and its deletion can no longer be reverted.
    const qint64 second = archive.deleteGames({added.game});
    QVERIFY(archive.purgeGames({}) > 0);
    QVERIFY(archive.trash().empty());
    QVERIFY_THROWS_EXCEPTION(RevertRefused, archive.revert(second));
}

void CurationTest::backendRefusesInPlainWords() {
    ArchiveBackend archive(newArchive(), ArchiveBackend::Access::Query);
    GameEdit bad = newGame(kFullGame, "A", "B");
    bad.headers.result = QStringLiteral("40-24");
    try {
        archive.addGame(bad);
        QFAIL("a result the moves contradict was stored");
    } catch (const EditRejected& e) {
        const QString what = QString::fromStdString(e.what());
        QVERIFY2(what.contains(QStringLiteral("disagrees with the moves")), qPrintable(what));
        QVERIFY2(what.contains(QStringLiteral("30-34")), qPrintable(what));
    }
    GameEdit illegal = newGame("f5 d6 a1", "A", "B");
    try {
        archive.addGame(illegal);
        QFAIL("an illegal move was stored");
    } catch (const EditRejected& e) {
        QVERIFY2(QString::fromStdString(e.what()).contains(QStringLiteral("ply 3")), e.what());
    }
    QCOMPARE(archive.gameCount(), 0);
    // An unfinished game keeps the result stated (a resignation).
    GameEdit resigned = newGame("f5 d6 c3 d3 c4", "A", "B");
    resigned.headers.result = QStringLiteral("0-1");
    const EditOutcome out = archive.addGame(resigned);
    QCOMPARE(archive.headers(out.game)->resultText, QStringLiteral("0-1 (unfinished)"));
    QVERIFY(!archive.headers(out.game)->complete);
    // A revert blocked by a later change names it.
    GameEdit first, second;
    first.headers.black = QStringLiteral("B1");
    second.headers.black = QStringLiteral("B2");
    const qint64 c1 = archive.editGame(out.game, first).change;
    const qint64 c2 = archive.editGame(out.game, second).change;
    try {
        archive.revert(c1);
        QFAIL("a blocked revert went through");
    } catch (const RevertRefused& e) {
        QCOMPARE(e.blocker, c2);
        QVERIFY2(QString::fromStdString(e.what()).contains(QStringLiteral("revert that one first")),
                 e.what());
    }
    QCOMPARE(archive.headers(out.game)->black, QStringLiteral("B2"));
    // A game that is not there.
    QVERIFY_THROWS_EXCEPTION(BackendError, archive.deleteGames({9999}));
}

void CurationTest::backendKeepsAnnotations() {
    ArchiveBackend archive(newArchive(), ArchiveBackend::Access::Query);
    GameEdit e = newGame("f5 d6 c3 d3 c4", "A", "B");
    e.setAnnotations = true;
    e.comments = {importers::Comment{1, "the usual start"}};
    importers::Variation v;
    v.ply = 1;
    v.moves = moves("f6 e6");
    e.variations = {v};
    const EditOutcome out = archive.addGame(e);
    std::optional<GameInfo> g = archive.game(out.game);
    QVERIFY(g);
    QCOMPARE(g->comments.size(), std::size_t(1));
    QCOMPARE(g->comments[0].text, std::string("the usual start"));
    QCOMPARE(g->variations.size(), std::size_t(1));
    QCOMPARE(g->variations[0].moves, moves("f6 e6"));
    // An edit replacing them, and its revert.
    GameEdit edit;
    edit.setAnnotations = true;
    edit.comments = {importers::Comment{2, "Tiger"}};
    const EditOutcome changed = archive.editGame(out.game, edit);
    QVERIFY(changed.fields.contains(QStringLiteral("annotations")));
    g = archive.game(out.game);
    QCOMPARE(g->comments.size(), std::size_t(1));
    QCOMPARE(g->comments[0].text, std::string("Tiger"));
    QVERIFY(g->variations.empty());
    archive.revert(changed.change);
    QCOMPARE(archive.game(out.game)->variations.size(), std::size_t(1));
}

void CurationTest::controllerSaveDeleteUndoRedo() {
    GameController game;
    ArchiveClient client;
    client.setGame(&game);
    CurationController* curation = client.curation();
    QSignalSpy shown(&client, &ArchiveClient::firstGameShown);
    client.open(newArchive());
    QVERIFY(shown.wait(10000));
    QTRY_VERIFY(!curation->user().isEmpty());

    // A new game typed in, saved: it gets an id and is shown as stored.
    QVERIFY(curation->enterText(QString::fromLatin1(kFullGame)).value("ok").toBool());
    QCOMPARE(game.gameId(), 0);
    QSignalSpy saved(curation, &CurationController::saved);
    curation->save({{"black", "Tamenori"}, {"white", "Murakami"}, {"result", "30-34"}});
    QVERIFY(saved.wait(10000));
    QCOMPARE(curation->errorText(), QString());
    const qint64 id = saved.takeFirst().at(0).toLongLong();
    QVERIFY(id > 0);
    QTRY_COMPARE(game.gameId(), id);
    QCOMPARE(game.blackName(), QStringLiteral("Tamenori"));
    QCOMPARE(game.undoStack()->count(), 1);
    QTRY_COMPARE(curation->storedHeaders().value("black").toString(), QStringLiteral("Tamenori"));

    // The black name corrected: only that field is sent.
    curation->save({{"black", "Tamenori Hideshi"}});
    QVERIFY(saved.wait(10000));
    QTRY_COMPARE(game.blackName(), QStringLiteral("Tamenori Hideshi"));
    QCOMPARE(game.undoStack()->count(), 2);
    game.undoStack()->undo();
    QTRY_COMPARE(game.blackName(), QStringLiteral("Tamenori"));
    QTRY_VERIFY(!curation->busy());
    game.undoStack()->redo();
    QTRY_COMPARE(game.blackName(), QStringLiteral("Tamenori Hideshi"));
    QTRY_VERIFY(!curation->busy());

    // Deleted: in the trash, out of the archive; undo restores it.
    curation->deleteShown();
    QTRY_VERIFY(curation->shownTrashed());
    QTRY_COMPARE(client.gameCount(), 0);
    curation->loadTrash();
    QTRY_COMPARE(curation->trash().size(), 1);
    QCOMPARE(curation->trash().front().toMap().value("id").toLongLong(), id);
    game.undoStack()->undo();
    QTRY_VERIFY(!curation->shownTrashed());
    QTRY_COMPARE(client.gameCount(), 1);
    QTRY_COMPARE(curation->trash().size(), 0);
    // Undoing the first save moves the game to the trash; redoing it brings it back.
    game.undoStack()->undo();  // the rename
    game.undoStack()->undo();  // the save
    QTRY_VERIFY(curation->shownTrashed());
    QTRY_VERIFY(!curation->busy());
    QCOMPARE(curation->errorText(), QString());
    game.undoStack()->redo();
    game.undoStack()->redo();
    QTRY_VERIFY(!curation->shownTrashed());
    QTRY_VERIFY(!curation->busy());
    QTRY_COMPARE(game.blackName(), QStringLiteral("Tamenori Hideshi"));

    // A result the moves contradict: refused, nothing pushed.
    const int commands = game.undoStack()->count();
    QSignalSpy state(curation, &CurationController::stateChanged);
    curation->save({{"result", "40-24"}});
    QTRY_VERIFY(!curation->busy());
    QVERIFY2(curation->errorText().startsWith(QStringLiteral("Not saved:")),
             qPrintable(curation->errorText()));
    QCOMPARE(game.undoStack()->count(), commands);

    // The journal: everything above, newest first.
    curation->loadHistory(id);
    QTRY_VERIFY(curation->history().size() >= 8);
    QCOMPARE(curation->history().front().toMap().value("kind").toString(),
             QStringLiteral("revert"));
}

// The Duplicates tab's model: groups read on the worker; resolutions through the curation
// controller (journalled, on the undo stack); a refused merge leaves everything as it was.
void CurationTest::duplicatesModelListsResolvesAndUndoes() {
    GameController game;
    ArchiveClient client;
    client.setGame(&game);
    QSignalSpy shown(&client, &ArchiveClient::firstGameShown);
    client.open(test::makeDuplicatesArchive(dir_.path(), QStringLiteral("dups.sqlite")));
    QVERIFY(shown.wait(10000));
    DuplicatesModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.refresh();  // no archive: nothing happens
    QVERIFY(!model.loading());
    model.setArchive(&client);
    model.refresh();
    QTRY_VERIFY(model.loaded() && !model.loading());
    QCOMPARE(model.count(), 2);
    const QModelIndex first = model.index(0, 0);
    QCOMPARE(model.data(first, DuplicatesModel::KindRole).toString(), QStringLiteral("same game"));
    QCOMPARE(model.data(first, DuplicatesModel::DifferRole).toString(),
             QStringLiteral("date, place"));
    QCOMPARE(model.data(first, DuplicatesModel::GameIdsRole).toList(), QVariantList({1, 2}));
    QVERIFY(model.data(model.index(1, 0), DuplicatesModel::ShortRole).toBool());
    model.setMinMoves(20);
    QTRY_VERIFY(!model.loading() && model.count() == 1);
    model.setMinMoves(0);
    QTRY_VERIFY(!model.loading() && model.count() == 2);

    CurationController* curation = client.curation();
    model.keep(1, true, 0);  // conflicting dates: refused, nothing changed
    QTRY_VERIFY(!curation->busy());
    QVERIFY2(curation->errorText().contains(QStringLiteral("2001-05-03")),
             qPrintable(curation->errorText()));
    QCOMPARE(game.undoStack()->count(), 0);
    model.keep(1, true, 2);
    QTRY_VERIFY(!curation->busy());
    QCOMPARE(curation->errorText(), QString());
    QCOMPARE(game.undoStack()->count(), 1);
    model.refresh();
    QTRY_VERIFY(!model.loading() && model.count() == 1);
    game.undoStack()->undo();
    QTRY_VERIFY(!curation->busy());
    QCOMPARE(curation->errorText(), QString());
    model.refresh();
    QTRY_VERIFY(!model.loading() && model.count() == 2);
    model.markNotDuplicates(1);
    QTRY_VERIFY(!curation->busy());
    QCOMPARE(curation->errorText(), QString());
    model.refresh();
    QTRY_VERIFY(!model.loading() && model.count() == 1);
    QVERIFY(model.summary().contains(QStringLiteral("marked not duplicates, not shown: 1")));
    model.setShowMarked(true);
    QTRY_VERIFY(!model.loading() && model.count() == 2);
    QVERIFY(model.data(model.index(1, 0), DuplicatesModel::MarksRole)
                .toString()
                .startsWith(QStringLiteral("Games 3, 4 marked not duplicates")));
}

QTEST_MAIN(CurationTest)

#include "CurationTest.moc"