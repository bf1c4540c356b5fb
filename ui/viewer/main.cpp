// othello-viewer [--db PATH] [--game ID] [--event ID [--wide]] [--ply N] [--analysis]
//                [--player NAME] [--pattern P] [--screenshot FILE] [--size WxH] [--tab NAME]
//                [--import PATH]...
//                [--bench]
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QGuiApplication>
#include <QQmlApplicationEngine>
#include <QQuickStyle>
#include <QQuickWindow>
#include <QTemporaryDir>
#include <QTimer>
#include <QtQml/QQmlExtensionPlugin>
#include <cstdio>
#include <memory>
#include <optional>

#include "AppOptions.h"
#include "ViewerBench.h"
#include "archive/ArchiveClient.h"
#include "core/Pattern.h"
#include "curation/FileView.h"

Q_IMPORT_QML_PLUGIN(Othello_ViewerPlugin)

using othello::viewer::AppOptions;

namespace {

// The command line's options (Qt's own --platform apart: QGuiApplication reads it).
struct Options {
    QCommandLineOption help;
    QCommandLineOption version;
    QCommandLineOption db;
    QCommandLineOption game;
    QCommandLineOption event;
    QCommandLineOption wide;
    QCommandLineOption ply;
    QCommandLineOption screenshot;
    QCommandLineOption size;
    QCommandLineOption bench;
    QCommandLineOption tab;
    QCommandLineOption import;
    QCommandLineOption analysis;
    QCommandLineOption analysisEmpties;
    QCommandLineOption user;
    QCommandLineOption player;
    QCommandLineOption pattern;
};

// How this run ends, beyond what AppOptions tells the QML: the window's size and the headless
// drivers (--screenshot, --bench).
struct Launch {
    int width = 0;
    int height = 0;
    bool screenshot = false;
    QString screenshotFile;
    bool bench = false;
    // The scratch archive of the files shown (showFiles): it lives as long as the window.
    std::unique_ptr<QTemporaryDir> viewFolder;
};

// Declares every option and the positional FILEs on `parser`, in --help's order.
Options declareOptions(QCommandLineParser& parser) {
    parser.setApplicationDescription(QStringLiteral("Othello game-record database viewer"));
    const QCommandLineOption help({QStringLiteral("h"), QStringLiteral("help")},
                                  QStringLiteral("Show this help and exit."));
    const QCommandLineOption version(QStringLiteral("version"),
                                     QStringLiteral("Show the version and exit."));
    // Qt's own GUI options, consumed by QGuiApplication later.
    QCommandLineOption platform(QStringLiteral("platform"), QStringLiteral("Qt platform plugin."),
                                QStringLiteral("NAME"));
    platform.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOptions({help, version, platform});
    const QCommandLineOption db(QStringLiteral("db"),
                                QStringLiteral("Archive to open (default: $OTHELLO_DB, else "
                                               "$XDG_DATA_HOME/othello-db/games.sqlite)."),
                                QStringLiteral("PATH"));
    const QCommandLineOption game(QStringLiteral("game"), QStringLiteral("Game id to show."),
                                  QStringLiteral("ID"));
    const QCommandLineOption event(
        QStringLiteral("event"),
        QStringLiteral("Event id (from `othello-db events`) to show in the Events tab."),
        QStringLiteral("ID"));
    const QCommandLineOption wide(
        QStringLiteral("wide"),
        QStringLiteral("With --event: show the event's table over the whole window (the board "
                       "hidden, as the Events tab's \"Wide\" button does)."));
    const QCommandLineOption player(
        QStringLiteral("player"),
        QStringLiteral("Show this player's page in the Players tab (a name, an old spelling or "
                       "#id; a name naming no one player lists the candidates)."),
        QStringLiteral("NAME"));
    const QCommandLineOption ply(QStringLiteral("ply"), QStringLiteral("Ply to show it at."),
                                 QStringLiteral("N"));
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                        QStringLiteral("Render after loading, save a PNG, exit."),
                                        QStringLiteral("FILE"));
    const QCommandLineOption size(QStringLiteral("size"),
                                  QStringLiteral("Window size (default 1280x800)."),
                                  QStringLiteral("WxH"), QStringLiteral("1280x800"));
    const QCommandLineOption bench(QStringLiteral("bench"),
                                   QStringLiteral("Scripted navigation and searches; prints "
                                                  "timings (medians) and exits."));
    const QCommandLineOption tab(
        QStringLiteral("tab"),
        QStringLiteral("Tab shown first: moves, tree, search, import, events, edit, trash, "
                       "history, duplicates, players, problems."),
        QStringLiteral("NAME"), QStringLiteral("moves"));
    const QCommandLineOption import(QStringLiteral("import"),
                                    QStringLiteral("Import a file or folder once the archive is "
                                                   "open (repeatable)."),
                                    QStringLiteral("PATH"));
    const QCommandLineOption analysis(QStringLiteral("analysis"),
                                      QStringLiteral("Start with the analysis on: exact values "
                                                     "from --analysis-empties on, midgame "
                                                     "estimates before (a screenshot waits for "
                                                     "the position's values)."));
    const QCommandLineOption analysisEmpties(
        QStringLiteral("analysis-empties"),
        QStringLiteral("Solve positions with at most N empty squares exactly (default 24); "
                       "earlier positions are estimated by the midgame search."),
        QStringLiteral("N"), QStringLiteral("24"));
    const QCommandLineOption user(
        QStringLiteral("user"),
        QStringLiteral("Name the archive's journal records for the changes made in this window "
                       "(default: the OS user name)."),
        QStringLiteral("NAME"));
    const QCommandLineOption pattern(
        QStringLiteral("pattern"),
        QStringLiteral("Open the Search tab's pattern editor with this pattern (the grammar of "
                       "`othello-db search --pattern`: 'a1=X b2=-' or a 64-square mask) and "
                       "search; with --screenshot, the PNG waits for the results."),
        QStringLiteral("P"));
    parser.addOptions({db, game, event, wide, player, ply, analysis, analysisEmpties, screenshot,
                       size, tab, import, user, pattern, bench});
    parser.addPositionalArgument(
        QStringLiteral("FILE"),
        QStringLiteral("Record files to show without importing them (WTHOR, GGF, PGN, "
                       "transcript, move list, CSV); \"Import into my archive\" stores them in "
                       "the --db archive."),
        QStringLiteral("[FILE...]"));
    return Options{help,  version, db,     game,     event,           wide, ply,   screenshot, size,
                   bench, tab,     import, analysis, analysisEmpties, user, player, pattern};
}

// Files named on the command line (a file manager's "Open with") are shown from a scratch
// archive in `folder` that lives as long as the window; the user's archive is only written on
// "Import". Returns the exit status when the files cannot be shown.
std::optional<int> showFiles(const QStringList& viewed, const QTemporaryDir& folder,
                             AppOptions* options) {
    if (!folder.isValid()) {
        std::fprintf(stderr, "othello-viewer: cannot make a temporary folder: %s\n",
                     qPrintable(folder.errorString()));
        return 1;
    }
    const othello::viewer::FileView view = othello::viewer::prepareFileView(viewed, folder.path());
    if (!view.error.isEmpty()) {
        std::fprintf(stderr, "othello-viewer: %s\n", qPrintable(view.error));
        return 1;
    }
    options->libraryPath = options->databasePath;
    options->databasePath = view.databasePath;
    options->viewedFiles = viewed;
    options->viewNote = view.note;
    options->viewGames = view.games;
    return std::nullopt;
}

// The options with a value to check, into AppOptions and `launch`; a usage error prints its
// message and returns 2.
std::optional<int> readValues(const QCommandLineParser& parser, const Options& o,
                              AppOptions* options, Launch& launch) {
    bool ok = true;
    options->analysisEmpties = parser.value(o.analysisEmpties).toInt(&ok);
    if (!ok || options->analysisEmpties < 0 || options->analysisEmpties > 60) {
        std::fprintf(stderr, "othello-viewer: --analysis-empties wants a number 0..60\n");
        return 2;
    }
    if (parser.isSet(o.game)) {
        options->gameId = parser.value(o.game).toLongLong(&ok);
        if (!ok || options->gameId <= 0) {
            std::fprintf(stderr, "othello-viewer: --game wants a positive game id\n");
            return 2;
        }
    }
    if (parser.isSet(o.event)) {
        options->eventId = parser.value(o.event).toLongLong(&ok);
        if (!ok || options->eventId <= 0) {
            std::fprintf(stderr, "othello-viewer: --event wants a positive event id\n");
            return 2;
        }
    }
    if (parser.isSet(o.wide)) {
        if (!parser.isSet(o.event)) {
            std::fprintf(stderr, "othello-viewer: --wide needs --event\n");
            return 2;
        }
        options->eventWide = true;
    }
    if (parser.isSet(o.player)) {
        options->player = parser.value(o.player).trimmed();
        if (options->player.isEmpty()) {
            std::fprintf(stderr, "othello-viewer: --player wants a name or #id\n");
            return 2;
        }
    }
    if (parser.isSet(o.ply)) {
        options->ply = parser.value(o.ply).toInt(&ok);
        if (!ok || options->ply < 0) {
            std::fprintf(stderr, "othello-viewer: --ply wants a number >= 0\n");
            return 2;
        }
    }
    const QStringList tabs = {
        QStringLiteral("moves"),   QStringLiteral("tree"),    QStringLiteral("search"),
        QStringLiteral("import"),  QStringLiteral("events"),  QStringLiteral("edit"),
        QStringLiteral("trash"),   QStringLiteral("history"), QStringLiteral("duplicates"),
        QStringLiteral("players"), QStringLiteral("problems")};
    options->tab = int(tabs.indexOf(parser.value(o.tab)));
    if (options->tab < 0) {
        std::fprintf(stderr,
                     "othello-viewer: --tab wants moves, tree, search, import, events, edit, "
                     "trash, history, duplicates, players or problems\n");
        return 2;
    }
    if (parser.isSet(o.pattern)) {
        options->pattern = parser.value(o.pattern);
        const othello::core::PatternParse parsed =
            othello::core::parsePattern(options->pattern.toStdString());
        if (!parsed.pattern) {
            std::fprintf(stderr, "othello-viewer: --pattern: %s\n", parsed.error.c_str());
            return 2;
        }
        options->tab = 2;  // the Search tab
    }
    othello::viewer::CurationController::setDefaultUser(parser.value(o.user));
    const QStringList wh = parser.value(o.size).split(QLatin1Char('x'));
    launch.width = wh.size() == 2 ? wh[0].toInt() : 0;
    launch.height = wh.size() == 2 ? wh[1].toInt() : 0;
    if (launch.width < 320 || launch.height < 240) {
        std::fprintf(stderr, "othello-viewer: --size wants WxH, at least 320x240\n");
        return 2;
    }
    return std::nullopt;
}

// Reads the command line into AppOptions and `launch`. It runs before the GUI application
// exists: --help, --version and usage errors must work without a display. Returns the exit
// status when the program ends here (0 for --help and --version, 2 for a usage error, 1 for
// files that cannot be shown).
std::optional<int> parseCommandLine(int argc, char* argv[], Launch& launch) {
    QStringList arguments;
    for (int i = 0; i < argc; ++i) arguments << QString::fromLocal8Bit(argv[i]);
    QCommandLineParser parser;
    const Options o = declareOptions(parser);
    if (!parser.parse(arguments)) {
        std::fprintf(stderr, "othello-viewer: %s\nTry 'othello-viewer --help'.\n",
                     qPrintable(parser.errorText()));
        return 2;
    }
    if (parser.isSet(o.help)) {
        // Without an application object Qt cannot name the program: do it here.
        QString text = parser.helpText();
        text.replace(QStringLiteral("<executable_name>"), QStringLiteral("othello-viewer"));
        std::printf("%s", qPrintable(text));
        return 0;
    }
    if (parser.isSet(o.version)) {
        std::printf("othello-viewer %s\n", OTHELLO_VIEWER_VERSION);
        return 0;
    }
    const QStringList viewed = parser.positionalArguments();
    for (const QString& f : viewed) {
        if (!QFileInfo(f).isFile()) {
            std::fprintf(stderr, "othello-viewer: no such file: %s\n", qPrintable(f));
            return 2;
        }
    }
    if (!viewed.isEmpty() && parser.isSet(o.import)) {
        std::fprintf(stderr, "othello-viewer: give files to show, or --import, not both\n");
        return 2;
    }

    AppOptions* options = AppOptions::instance();
    options->databasePath = parser.value(o.db);
    launch.viewFolder = std::make_unique<QTemporaryDir>();
    if (!viewed.isEmpty()) {
        if (const std::optional<int> status = showFiles(viewed, *launch.viewFolder, options))
            return status;
    }
    options->importPaths = parser.values(o.import);
    options->analysis = parser.isSet(o.analysis);
    if (const std::optional<int> status = readValues(parser, o, options, launch)) return status;
    launch.screenshot = parser.isSet(o.screenshot);
    launch.screenshotFile = parser.value(o.screenshot);
    launch.bench = parser.isSet(o.bench);
    return std::nullopt;
}

// The style and the scene graph, before the window exists.
void setUpGraphics(const Launch& launch) {
    const bool headless = launch.screenshot || launch.bench;
    // Renders and screenshots must not catch a flip half-way.
    AppOptions::instance()->animations = !launch.screenshot;
    // Without a GPU (offscreen, CI), the software scene graph renders reliably.
    if (QGuiApplication::platformName() == QLatin1String("offscreen") || headless)
        QQuickWindow::setGraphicsApi(QSGRendererInterface::Software);

    // One look everywhere (the tests use the same style), unless the user picks another.
    if (qEnvironmentVariableIsEmpty("QT_QUICK_CONTROLS_STYLE"))
        QQuickStyle::setStyle(QStringLiteral("Fusion"));
}

// Loads Main.qml into `engine`; null when it failed (the reason is on stderr).
QQuickWindow* loadWindow(QQmlApplicationEngine& engine, QGuiApplication& app) {
    engine.addImportPath(QStringLiteral("qrc:/qt/qml"));
    QObject::connect(
        &engine, &QQmlApplicationEngine::objectCreationFailed, &app,
        [] { QCoreApplication::exit(1); }, Qt::QueuedConnection);
    engine.load(QUrl(QStringLiteral("qrc:/qt/qml/Othello/Viewer/Main.qml")));
    if (engine.rootObjects().isEmpty()) return nullptr;
    return qobject_cast<QQuickWindow*>(engine.rootObjects().constFirst());
}

// --screenshot: once the first game is shown (and the import, the event's table and the
// analysis, when asked for, are in), saves `file` and exits: 0, or 1 when it could not be
// saved, the archive did not open or nothing answered in time.
void screenshotWhenShown(QQuickWindow* window, const QString& file) {
    AppOptions* options = AppOptions::instance();
    auto* archive = window->findChild<othello::viewer::ArchiveClient*>();
    auto save = [window, file, archive] {
        // Let bindings settle and the layout run once more before grabbing.
        QTimer::singleShot(200, window, [window, file, archive] {
            const QImage image = window->grabWindow();
            if (image.isNull() || !image.save(file)) {
                std::fprintf(stderr, "othello-viewer: cannot save %s\n", qPrintable(file));
                QCoreApplication::exit(1);
                return;
            }
            std::printf("%s\n", qPrintable(file));
            // The PNG shows the error; the exit status tells a script.
            if (!archive || !archive->ready()) {
                std::fprintf(stderr, "othello-viewer: %s\n",
                             archive ? qPrintable(archive->errorText()) : "no archive");
                QCoreApplication::exit(1);
                return;
            }
            QCoreApplication::exit(0);
        });
    };
    // With --pattern: once the pattern search's first page is in (it starts after the game).
    auto patternShown = [window, archive, options, save] {
        auto* results = archive ? archive->results() : nullptr;
        if (options->pattern.isEmpty() || !results || !archive->ready()) return save();
        auto* poll = new QTimer(window);
        QObject::connect(poll, &QTimer::timeout, window, [poll, results, save] {
            if (!results->patternSearch() || results->loading() ||
                (results->total() > 0 && !results->isLoaded(0)))
                return;
            poll->deleteLater();
            poll->stop();
            save();
        });
        poll->start(100);
    };
    // With --player: once the player's page is in.
    auto playerShown = [window, archive, options, save = patternShown] {
        auto* players = archive ? archive->players() : nullptr;
        if (options->player.isEmpty() || !players || !players->loading()) return save();
        QObject::connect(players, &othello::viewer::PlayerModel::updated, window, save,
                         Qt::SingleShotConnection);
    };
    // With --event: once the event's table is in.
    auto eventShown = [window, archive, options, save = playerShown] {
        auto* table = archive ? archive->eventTable() : nullptr;
        if (options->eventId <= 0 || !table || !table->loading()) return save();
        QObject::connect(table, &othello::viewer::EventModel::updated, window, save,
                         Qt::SingleShotConnection);
    };
    // With --analysis: the shown position's values first, then (for at most 20 s) the rest
    // of the line, so the board, the move list and the graph show what was solved.
    auto solved = [window, archive, save, eventShown] {
        auto* analysis = archive ? archive->analysis() : nullptr;
        if (!analysis || !analysis->enabled()) return eventShown();
        auto* poll = new QTimer(window);
        auto waited = std::make_shared<QElapsedTimer>();
        waited->start();
        QObject::connect(poll, &QTimer::timeout, window, [poll, analysis, waited, save] {
            if (!analysis->currentDone()) return;
            if (analysis->busy() && waited->elapsed() < 20000) return;
            poll->deleteLater();
            poll->stop();
            save();
        });
        poll->start(100);
    };
    auto shown = [archive, options, solved] {
        // Show the import's outcome: wait for it rather than for the first game (an
        // archive that failed to open, or a refused import, shows its reason at once).
        if (archive && archive->ready() && archive->importer()->running())
            QObject::connect(archive->importer(), &othello::viewer::ImportController::finished,
                             archive, solved, Qt::SingleShotConnection);
        else
            solved();
    };
    if (options->loaded())
        shown();
    else
        QObject::connect(options, &AppOptions::firstGameShown, window, shown,
                         Qt::SingleShotConnection);
    // A database (or a solve) that never answers must not hang a script.
    QTimer::singleShot(options->analysis ? 90000 : 30000, window, [] {
        std::fprintf(stderr, "othello-viewer: timed out waiting for the archive\n");
        QCoreApplication::exit(1);
    });
}

}  // namespace

int main(int argc, char* argv[]) {
    QElapsedTimer sinceStart;
    sinceStart.start();
    QCoreApplication::setApplicationName(QStringLiteral("othello-viewer"));
    QCoreApplication::setOrganizationName(QStringLiteral("othello-db"));
    QCoreApplication::setApplicationVersion(QStringLiteral(OTHELLO_VIEWER_VERSION));

    Launch launch;
    if (const std::optional<int> status = parseCommandLine(argc, argv, launch)) return *status;

    QGuiApplication app(argc, argv);
    setUpGraphics(launch);
    QQmlApplicationEngine engine;
    QQuickWindow* window = loadWindow(engine, app);
    if (!window) return 1;
    window->resize(launch.width, launch.height);

    std::unique_ptr<othello::viewer::ViewerBench> benchRun;
    if (launch.bench) {
        benchRun = std::make_unique<othello::viewer::ViewerBench>(window, sinceStart);
        benchRun->start();
    } else if (launch.screenshot) {
        screenshotWhenShown(window, launch.screenshotFile);
    }
    return app.exec();
}
