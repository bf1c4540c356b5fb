// The training results store (ui/viewer/training/TrainingResults.h) and the Problems tab's
// controller around it: results survive a restart, are keyed by the set, the position under
// its symmetries and the goal, a file that is not ours is never overwritten, the default place
// is the user's data folder, and answering problems never writes into the archive.
#include <QCryptographicHash>
#include <QFile>
#include <QLockFile>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include "ViewerFixture.h"
#include "archive/ArchiveClient.h"
#include "core/Notation.h"
#include "core/Symmetry.h"
#include "storage/Archive.h"
#include "storage/problems/ProblemStore.h"
#include "training/ProblemsController.h"
#include "training/TrainingResults.h"

using namespace othello;
using namespace othello::viewer;

namespace {

QByteArray fileHash(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha1).toHex();
}

core::Position endgame() {
    return core::parseBoard(test::kEndgameProblem).position;
}

}  // namespace

class TrainingResultsTest : public QObject {
    Q_OBJECT

  private slots:
    void resultsSurviveARestart() {
        QTemporaryDir dir;
        const QString path = dir.path() + QStringLiteral("/sub/training-results.json");
        const QString a = TrainingResults::problemKey("Set", endgame(), problems::Goal::Best);
        const QString b = TrainingResults::problemKey("Set", core::Position::start(),
                                                      problems::Goal::Best);
        {
            TrainingResults r(path);
            QCOMPARE(r.error(), QString());
            QCOMPARE(r.result(a).attempts, 0);
            QVERIFY(r.record(a, false, 4.0));  // wrong first: not first time
            QVERIFY(r.record(a, true, 9.5));
            QVERIFY(r.record(b, true, 3.0));
            QVERIFY(r.record(b, false, 7.0));  // a later wrong answer keeps the solve
        }
        TrainingResults again(path);
        QCOMPARE(again.error(), QString());
        const ProblemResult ra = again.result(a);
        QCOMPARE(ra.attempts, 2);
        QVERIFY(ra.solved);
        QVERIFY(!ra.solvedFirstTime);
        QCOMPARE(ra.seconds, 9.5);
        const ProblemResult rb = again.result(b);
        QCOMPARE(rb.attempts, 2);
        QVERIFY(rb.solvedFirstTime);
        QCOMPARE(rb.seconds, 3.0);
        const SetSummary s = again.summary({a, b, QStringLiteral("Set|never tried|best")});
        QCOMPARE(s.total, 3);
        QCOMPARE(s.attempted, 2);
        QCOMPARE(s.solved, 2);
        QCOMPARE(s.solvedFirstTime, 1);
        QCOMPARE(s.seconds, 12.5);
    }

    void keysFollowSetSymmetryAndGoal() {
        const core::Position p = endgame();
        const QString key = TrainingResults::problemKey("Set", p, problems::Goal::Best);
        for (int s = 0; s < 8; ++s)
            QCOMPARE(TrainingResults::problemKey(
                         "Set", core::transformPosition(p, static_cast<core::Symmetry>(s)),
                         problems::Goal::Best),
                     key);
        QVERIFY(TrainingResults::problemKey("Other", p, problems::Goal::Best) != key);
        QVERIFY(TrainingResults::problemKey("Set", p, problems::Goal::Win) != key);
    }

    void aFileNotOursIsNeverOverwritten() {
        QTemporaryDir dir;
        const QString path = dir.path() + QStringLiteral("/training-results.json");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"my\": \"notes\"}");
        f.close();
        const QByteArray before = fileHash(path);
        TrainingResults r(path);
        QVERIFY(r.error().contains(QStringLiteral("not a training results file")));
        QVERIFY(!r.record(QStringLiteral("k"), true, 1));
        QCOMPARE(r.result(QStringLiteral("k")).attempts, 1);  // kept for the session
        QCOMPARE(fileHash(path), before);
    }

    // Two viewers on one results file: each answer is merged into what the file holds (the
    // second viewer's save dropped the first's results), and an answer that could not be saved
    // while the lock was held is saved with the next.
    void twoViewersKeepEachOthersResults() {
        QTemporaryDir dir;
        const QString path = dir.path() + QStringLiteral("/training-results.json");
        const QString a = TrainingResults::problemKey("Set", endgame(), problems::Goal::Best);
        const QString b = TrainingResults::problemKey("Set", core::Position::start(),
                                                      problems::Goal::Best);
        TrainingResults first(path);
        TrainingResults second(path);  // both read the file before either answered
        QVERIFY(first.record(a, true, 5.0));
        QVERIFY(second.record(b, false, 2.0));
        QVERIFY(second.record(a, false, 3.0));  // the same problem, after the first's answer
        QCOMPARE(second.result(a).attempts, 2);
        QVERIFY(second.result(a).solvedFirstTime);
        {
            TrainingResults reader(path);
            QCOMPARE(reader.result(a).attempts, 2);
            QVERIFY(reader.result(a).solvedFirstTime);
            QCOMPARE(reader.result(b).attempts, 1);
        }
        {
            QLockFile held(path + QStringLiteral(".lock"));
            QVERIFY(held.tryLock(0));
            QVERIFY(!first.record(b, true, 4.0));  // waits, then keeps the answer
            QVERIFY(first.error().contains("lock"));
            QCOMPARE(first.result(b).attempts, 1);  // its own answer, kept (not saved yet)
        }
        QVERIFY(first.record(b, true, 6.0));
        TrainingResults reader(path);
        QCOMPARE(reader.result(b).attempts, 3);
        QVERIFY(reader.result(b).solved);
        QCOMPARE(reader.result(b).seconds, 4.0);
        QCOMPARE(reader.result(a).attempts, 2);
    }

    void theDefaultPlaceIsTheUsersDataFolder() {
        QStandardPaths::setTestModeEnabled(true);
        const QString folder = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
        QCOMPARE(TrainingResults::defaultPath(), folder + QStringLiteral("/training-results.json"));
        QStandardPaths::setTestModeEnabled(false);
    }

    // The controller answers problems of an archive: the results land in their file, the
    // archive's bytes stay as they were.
    void answeringNeverWritesTheArchive() {
        QTemporaryDir dir;
        const QString archivePath = test::makeProblemsArchive(dir.path(), "problems.sqlite");
        const QByteArray before = fileHash(archivePath);
        const QString results = dir.path() + QStringLiteral("/results/training-results.json");
        ArchiveClient archive;
        ProblemsController problems;
        problems.setArchive(&archive);
        problems.setResultsPath(results);
        archive.open(archivePath);
        QTRY_VERIFY_WITH_TIMEOUT(archive.ready(), 10000);
        problems.openSet(QString::fromLatin1(test::kProblemSet));
        QTRY_COMPARE_WITH_TIMEOUT(problems.state(), QStringLiteral("question"), 10000);
        QVERIFY(problems.answer(core::parseSquare("h2")));  // puzzle 1: right
        QCOMPARE(problems.state(), QStringLiteral("right"));
        problems.next();
        QVERIFY(!problems.answer(core::parseSquare("a1")));  // no legal move: not an answer
        QVERIFY(problems.answer(core::parseSquare("b6")));   // puzzle 2's answer
        QCOMPARE(problems.state(), QStringLiteral("right"));
        QVERIFY(QFile::exists(results));
        QCOMPARE(fileHash(archivePath), before);
        QCOMPARE(problems.summary().value("solvedFirstTime").toInt(), 2);
    }

    // "Add to set" finds the answer (every move reaching the goal) and refuses a position no
    // move solves (it stored such a problem with no answer).
    void makingAProblemFindsItsAnswerOrRefuses() {
        QTemporaryDir dir;
        const QString archivePath = test::makeProblemsArchive(dir.path(), "problems.sqlite");
        ArchiveClient archive;
        ProblemsController problems;
        problems.setArchive(&archive);
        problems.setResultsPath(dir.path() + QStringLiteral("/results.json"));
        archive.open(archivePath);
        QTRY_VERIFY_WITH_TIMEOUT(archive.ready(), 10000);
        const QString start =
            QString::fromStdString(core::boardStringWithSide(core::Position::start()));
        problems.makeProblem("Mine", start, "corner", "start", "test");
        QTRY_VERIFY_WITH_TIMEOUT(problems.messageIsError(), 20000);
        QVERIFY2(problems.message().contains("no move reaches the goal"),
                 qPrintable(problems.message()));
        const QString puzzle2 = QStringLiteral(
            "-XXXXX----XXXX--OOOOOOOOOOXXXOOOOXOXXOO-O-OOOO--O-OOO-----O----- X");
        problems.makeProblem("Mine", puzzle2, "corner", "puzzle 2", "test");
        QTRY_VERIFY_WITH_TIMEOUT(problems.message().startsWith("Added to set"), 20000);
        storage::Archive reader(archivePath.toStdString(), storage::Archive::Mode::ReadOnly);
        const problems::ProblemSet mine = storage::ProblemStore(reader).problems("Mine");
        QCOMPARE(mine.problems.size(), std::size_t(1));
        QCOMPARE(mine.problems[0].answers, std::vector<int>{core::parseSquare("b6")});
        QCOMPARE(mine.problems[0].difficulty.goalMoves, 1);
    }
};

QTEST_MAIN(TrainingResultsTest)
#include "TrainingResultsTest.moc"
