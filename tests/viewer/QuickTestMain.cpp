// Qt Quick Test runner for the viewer: builds the fixture archives in a temporary folder and
// hands their paths to the QML tests through the TestData singleton.
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QQmlEngine>
#include <QTemporaryDir>
#include <QtQml/QQmlExtensionPlugin>
#include <QtQuickTest>

#include "ViewerFixture.h"
#include "analysis/Solver.h"
#include "core/Notation.h"
#include "core/Replay.h"
#include "curation/FileView.h"

Q_IMPORT_QML_PLUGIN(Othello_ViewerPlugin)

class TestData : public QObject {
    Q_OBJECT
    Q_PROPERTY(QString archivePath MEMBER archivePath CONSTANT)
    Q_PROPERTY(QString importArchivePath MEMBER importArchivePath CONSTANT)
    Q_PROPERTY(QString badImportPath MEMBER badImportPath CONSTANT)
    Q_PROPERTY(QString notADatabasePath MEMBER notADatabasePath CONSTANT)
    Q_PROPERTY(QString missingDatabasePath MEMBER missingDatabasePath CONSTANT)
    Q_PROPERTY(QString emptyArchivePath MEMBER emptyArchivePath CONSTANT)
    Q_PROPERTY(QString tournamentArchivePath MEMBER tournamentArchivePath CONSTANT)
    Q_PROPERTY(QString outputDir MEMBER outputDir CONSTANT)
    Q_PROPERTY(QString chessPgnPath MEMBER chessPgnPath CONSTANT)
    Q_PROPERTY(QString problemSet MEMBER problemSet CONSTANT)

  public:
    QString archivePath;            // the 12 fixture games
    QString importArchivePath;      // empty archive for the import test
    QString badImportPath;          // 2 good records, 1 bad
    QString notADatabasePath;       // a text file
    QString missingDatabasePath;    // in a folder that does not exist
    QString emptyArchivePath;       // an archive with no games
    QString tournamentArchivePath;  // a round robin and a collection (ViewerFixture.h)
    QString outputDir;              // where screenshots to look at are saved (the run's folder)
    QString chessPgnPath;           // a chess game in PGN (tests/fixtures/importers/pgn)
    QString scratchDir;             // for viewFiles and newArchive
    QString problemSet = QString::fromLatin1(othello::viewer::test::kProblemSet);

    // A new archive with the fixture games and the problem set (makeProblemsArchive).
    Q_INVOKABLE QString problemsArchive() {
        return othello::viewer::test::makeProblemsArchive(
            scratchDir, QStringLiteral("problems%1.sqlite").arg(++made_));
    }
    // A path for a new training results file (none there yet), in the scratch folder.
    Q_INVOKABLE QString newResultsPath() {
        return scratchDir + QStringLiteral("/results%1/training-results.json").arg(++made_);
    }
    // The file's bytes (an archive that must not change): its SHA-1 in hex, "" when missing.
    Q_INVOKABLE QString fileHash(const QString& path) const {
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly)) return {};
        return QString::fromLatin1(
            QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha1).toHex());
    }

    // What `othello-viewer FILE...` does before the window opens (FileView.h): the files read
    // into a scratch archive. {databasePath, games, note, error}.
    Q_INVOKABLE QVariantMap viewFiles(const QStringList& files) {
        const QString folder = scratchDir + QStringLiteral("/view") + QString::number(++made_);
        QDir().mkpath(folder);
        const othello::viewer::FileView v = othello::viewer::prepareFileView(files, folder);
        return {{QStringLiteral("databasePath"), v.databasePath},
                {QStringLiteral("games"), v.games},
                {QStringLiteral("note"), v.note},
                {QStringLiteral("error"), v.error}};
    }
    // A new archive of possible duplicates (ViewerFixture.h makeDuplicatesArchive).
    Q_INVOKABLE QString duplicatesArchive() {
        return othello::viewer::test::makeDuplicatesArchive(
            scratchDir, QStringLiteral("duplicates%1.sqlite").arg(++made_));
    }
    // A new empty archive (a user's archive for an import to land in).
    Q_INVOKABLE QString newArchive() {
        return othello::viewer::test::makeEmptyArchive(
            scratchDir, QStringLiteral("library%1.sqlite").arg(++made_));
    }

    Q_INVOKABLE bool exists(const QString& path) const { return QFileInfo::exists(path); }

    // The solver's own answer for a board string ("... X"): {square name: value} for every
    // legal move (side to move's view) and "best": the position's value. The viewer's values
    // are checked against it.
    Q_INVOKABLE QVariantMap solveMoves(const QString& board) {
        const othello::core::BoardParse parsed = othello::core::parseBoard(board.toStdString());
        QVariantMap values;
        if (parsed.error) return values;
        othello::analysis::SolveOptions options;
        options.allMoves = true;
        const othello::analysis::SolveResult r = solver_.solve(parsed.position, options);
        for (const othello::analysis::MoveValue& m : r.moves)
            values[QString::fromStdString(othello::core::squareName(m.square))] = m.value;
        values[QStringLiteral("best")] = r.value;
        return values;
    }
    // Discs lost by each move of `moves` (from the standard start) played from a position with
    // at most `maxEmpties` empties: {ply reached after the move (as a string): loss}, losses
    // > 0 only; solved here move by move, independently of the viewer.
    Q_INVOKABLE QVariantMap losses(const QString& moves, int maxEmpties) {
        namespace core = othello::core;
        const core::ReplayResult line =
            core::replay(core::Position::start(), core::parseMoves(moves.toStdString()).moves);
        QVariantMap out;
        othello::analysis::SolveOptions options;
        options.allMoves = true;
        for (std::size_t i = 0; i < line.plies.size(); ++i) {
            const core::Position& p = line.positions[i];
            if (line.plies[i].square == core::kPass || p.emptyCount() > maxEmpties) continue;
            const othello::analysis::SolveResult r = solver_.solve(p, options);
            for (const othello::analysis::MoveValue& m : r.moves)
                if (m.square == line.plies[i].square && r.value > m.value)
                    out[QString::number(i + 1)] = r.value - m.value;
        }
        return out;
    }
    // Whether the solver stops on its cancel flag (the provisional one did not): a 13-empty
    // position solved with the flag already set.
    Q_INVOKABLE bool solverHonoursCancel() {
        namespace core = othello::core;
        const core::Position p =
            core::parseBoard(
                "XXXXXXXX XOOOOOXX XOXXOOXX XOXOXOXX XOOXXOXX XO--XO-X X--O-O-O --X---O- O")
                .position;
        std::atomic<bool> cancel{true};
        othello::analysis::SolveOptions options;
        options.cancel = &cancel;
        const othello::analysis::SolveResult r = solver_.solve(p, options);
        return !r.complete && r.stop == othello::analysis::StopReason::Cancelled;
    }

  private:
    othello::analysis::Solver solver_{16};
    int made_ = 0;
};

class Setup : public QObject {
    Q_OBJECT

  public slots:
    void qmlEngineAvailable(QQmlEngine* engine) {
        engine->addImportPath(QStringLiteral("qrc:/qt/qml"));
        if (!data_.archivePath.isEmpty()) return;  // one fixture and type for every test file
        using namespace othello::viewer::test;
        data_.archivePath = makeFixtureArchive(dir_.path());
        data_.importArchivePath = makeEmptyArchive(dir_.path(), QStringLiteral("import.sqlite"));
        data_.emptyArchivePath = makeEmptyArchive(dir_.path(), QStringLiteral("empty.sqlite"));
        data_.tournamentArchivePath =
            makeTournamentArchive(dir_.path(), QStringLiteral("tournament.sqlite"));
        data_.outputDir = QDir::currentPath();
        data_.missingDatabasePath = dir_.path() + QStringLiteral("/missing/none.sqlite");
        data_.badImportPath = fixtureDir() + QStringLiteral("/import_bad.pgn");
        data_.notADatabasePath = fixtureDir() + QStringLiteral("/archive.pgn");
        data_.chessPgnPath =
            QStringLiteral(OTHELLO_SOURCE_DIR "/tests/fixtures/importers/pgn/chess.pgn");
        data_.scratchDir = dir_.path();
        qmlRegisterSingletonInstance("ViewerTest", 1, 0, "TestData", &data_);
    }

  private:
    QTemporaryDir dir_;
    TestData data_;
};

QUICK_TEST_MAIN_WITH_SETUP(viewer, Setup)

#include "QuickTestMain.moc"
