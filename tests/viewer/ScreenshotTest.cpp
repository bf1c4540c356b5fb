// othello-viewer --screenshot on a known game at a known ply, at 1280x800 and 1920x1080: the
// PNG must have the window's size, a green board of sensible size and the right disc on every
// square (the expected board comes from the engine), so a broken layout fails here.
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "ViewerFixture.h"
#include "analysis/Solver.h"
#include "core/Notation.h"
#include "core/Replay.h"
#include "storage/Archive.h"
#include "storage/tournaments/Tournament.h"

using namespace othello;

class ScreenshotTest : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase();
    void screenshot_data();
    void screenshot();
    void analysisScreenshot();
    void eventScreenshot();
    void missingDatabaseScreenshotFails();
    void helpAndUsageWithoutDisplay();

  private:
    QTemporaryDir dir_;
    QString db_;
    core::Position expected_;
    std::int64_t gameId_ = 0;
    int endgamePly_ = -1;  // a ply with 12 empties and a choice of moves
    core::Position endgame_;
    static constexpr int kPly = 23;
};

void ScreenshotTest::initTestCase() {
    db_ = viewer::test::makeFixtureArchive(dir_.path());
    storage::Archive archive(db_.toStdString(), storage::Archive::Mode::ReadOnly);
    storage::SearchFilter filter;
    filter.player = "Kovacs";
    filter.limit = 1;
    const auto found = archive.search(filter);
    QVERIFY(!found.games.empty());
    gameId_ = found.games.front().id;
    const auto game = archive.game(gameId_);
    QVERIFY(game.has_value());
    const core::ReplayResult r = core::replay(game->record.start, game->record.moves);
    QVERIFY(int(r.positions.size()) > kPly);
    expected_ = r.positions[kPly];
    for (int p = int(r.positions.size()) - 1; p >= 0 && endgamePly_ < 0; --p) {
        const core::Position& pos = r.positions[std::size_t(p)];
        if (pos.emptyCount() == 12 && core::popcount(pos.legalMoves()) >= 3) endgamePly_ = p;
    }
    QVERIFY(endgamePly_ > 0);
    endgame_ = r.positions[std::size_t(endgamePly_)];
}

void ScreenshotTest::screenshot_data() {
    QTest::addColumn<int>("width");
    QTest::addColumn<int>("height");
    QTest::newRow("1280x800") << 1280 << 800;
    QTest::newRow("1920x1080") << 1920 << 1080;
}

namespace {

bool isBoardGreen(QRgb c) {  // Theme.boardGreen #1b7f3b
    return std::abs(qRed(c) - 0x1b) < 12 && std::abs(qGreen(c) - 0x7f) < 12 &&
           std::abs(qBlue(c) - 0x3b) < 12;
}

}  // namespace

void ScreenshotTest::screenshot() {
    QFETCH(int, width);
    QFETCH(int, height);
    const QString png = dir_.filePath(QStringLiteral("shot-%1x%2.png").arg(width).arg(height));
    QProcess viewer;
    viewer.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    viewer.start(
        QStringLiteral(OTHELLO_VIEWER),
        {QStringLiteral("--db"), db_, QStringLiteral("--game"), QString::number(gameId_),
         QStringLiteral("--ply"), QString::number(kPly), QStringLiteral("--size"),
         QStringLiteral("%1x%2").arg(width).arg(height), QStringLiteral("--screenshot"), png});
    QVERIFY(viewer.waitForFinished(60000));
    QCOMPARE(viewer.exitCode(), 0);

    QImage image(png);
    QVERIFY2(!image.isNull(), qPrintable(png));
    QCOMPARE(image.size(), QSize(width, height));

    // The board: the bounding box of its green squares.
    int left = width, right = -1, topY = height, bottom = -1;
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x)
            if (isBoardGreen(image.pixel(x, y))) {
                left = std::min(left, x);
                right = std::max(right, x);
                topY = std::min(topY, y);
                bottom = std::max(bottom, y);
            }
    QVERIFY2(right > left && bottom > topY, "no board green in the screenshot");
    const int w = right - left + 1, h = bottom - topY + 1;
    QVERIFY2(std::abs(w - h) <= 3,
             qPrintable(QStringLiteral("board %1x%2 is not square").arg(w).arg(h)));
    QVERIFY2(h >= height * 6 / 10, qPrintable(QStringLiteral("board only %1 px high").arg(h)));
    QVERIFY(left < width / 2);  // the board is on the left half

    // Every square: sample a disc-covered point beside the centre (away from the marks).
    const double cell = w / 8.0;
    int checked = 0;
    for (int sq = 0; sq < 64; ++sq) {
        const int x = left + int((core::columnOf(sq) + 0.5 - 0.28) * cell);
        const int y = topY + int((core::rowOf(sq) + 0.5) * cell);
        const QRgb c = image.pixel(x, y);
        const int grey = qGray(c);
        const QString where = QString::fromStdString(core::squareName(sq));
        if (expected_.black() & core::bit(sq))
            QVERIFY2(grey < 60, qPrintable(where + QStringLiteral(" should be black")));
        else if (expected_.white() & core::bit(sq))
            QVERIFY2(grey > 200, qPrintable(where + QStringLiteral(" should be white")));
        else
            QVERIFY2(isBoardGreen(c), qPrintable(where + QStringLiteral(" should be empty")));
        ++checked;
    }
    QCOMPARE(checked, 64);
}

namespace {

bool isGold(QRgb c) {  // Theme.bestMove #ffd54f
    return std::abs(qRed(c) - 0xff) < 20 && std::abs(qGreen(c) - 0xd5) < 20 &&
           std::abs(qBlue(c) - 0x4f) < 30;
}
bool isExactBlue(QRgb c) {  // Theme.exactValue #1e6fd9
    return std::abs(qRed(c) - 0x1e) < 16 && std::abs(qGreen(c) - 0x6f) < 16 &&
           std::abs(qBlue(c) - 0xd9) < 16;
}

}  // namespace

// --analysis on a position with 12 empties: every legal move's square carries a value (light
// text or gold on the green), only the best ones are framed in gold, and the graph draws exact
// values (its blue) beside its legend.
void ScreenshotTest::analysisScreenshot() {
    const QString png = dir_.filePath(QStringLiteral("analysis.png"));
    QProcess viewer;
    viewer.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    viewer.start(QStringLiteral(OTHELLO_VIEWER),
                 {QStringLiteral("--db"), db_, QStringLiteral("--game"), QString::number(gameId_),
                  QStringLiteral("--ply"), QString::number(endgamePly_),
                  QStringLiteral("--analysis"), QStringLiteral("--analysis-empties"),
                  QStringLiteral("12"), QStringLiteral("--screenshot"), png});
    QVERIFY(viewer.waitForFinished(120000));
    QCOMPARE(viewer.exitCode(), 0);
    QImage image(png);
    QVERIFY2(!image.isNull(), qPrintable(png));
    QCOMPARE(image.size(), QSize(1280, 800));

    int left = 1280, right = -1, topY = 800, bottom = -1;
    for (int y = 0; y < 800; ++y)
        for (int x = 0; x < 1280; ++x)
            if (isBoardGreen(image.pixel(x, y))) {
                left = std::min(left, x);
                right = std::max(right, x);
                topY = std::min(topY, y);
                bottom = std::max(bottom, y);
            }
    QVERIFY(right > left && bottom > topY);
    const double cell = (right - left + 1) / 8.0;

    analysis::Solver solver(16);
    analysis::SolveOptions options;
    options.allMoves = true;
    const analysis::SolveResult expected = solver.solve(endgame_, options);
    QVERIFY(expected.complete);
    for (int sq = 0; sq < 64; ++sq) {
        const int x0 = left + int(core::columnOf(sq) * cell),
                  y0 = topY + int(core::rowOf(sq) * cell);
        // The middle of the square: text pixels (light or gold) on a legal move only.
        int text = 0, gold = 0;
        for (int y = y0 + int(cell * 0.3); y < y0 + int(cell * 0.7); ++y)
            for (int x = x0 + int(cell * 0.15); x < x0 + int(cell * 0.85); ++x)
                if (qGray(image.pixel(x, y)) > 200 || isGold(image.pixel(x, y))) ++text;
        // The frame: gold along the square's inner border.
        for (int i = int(cell * 0.2); i < int(cell * 0.8); ++i)
            gold += isGold(image.pixel(x0 + i, y0 + int(cell * 0.06))) +
                    isGold(image.pixel(x0 + int(cell * 0.06), y0 + i));
        const QString where = QString::fromStdString(core::squareName(sq));
        const auto move =
            std::find_if(expected.moves.begin(), expected.moves.end(),
                         [sq](const analysis::MoveValue& m) { return m.square == sq; });
        if (move == expected.moves.end()) {
            QVERIFY2(gold == 0, qPrintable(where + QStringLiteral(" framed but not a move")));
            continue;
        }
        QVERIFY2(text > 20, qPrintable(where + QStringLiteral(": no value written")));
        if (move->value == expected.value)
            QVERIFY2(gold > cell * 0.5, qPrintable(where + QStringLiteral(" best, not framed")));
        else
            QVERIFY2(gold == 0, qPrintable(where + QStringLiteral(" framed, not best")));
    }
    // The graph (right of the board, above the tabs) draws exact values in their blue.
    int blue = 0;
    for (int y = 0; y < 400; ++y)
        for (int x = right + 10; x < 1280; ++x) blue += isExactBlue(image.pixel(x, y));
    QVERIFY2(blue > 50, "no exact value drawn in the graph");
}

// An explicit --db that does not exist: the PNG shows the error, the exit status is 1 and
// nothing is created.
// --event ID: the Events tab shows the tournament's standings and crosstable by opponent: the
// four players' rows, six cells of wins (#d5ecd5) and six of losses (#f5dada) right of the
// board. Saved as event_screenshot.png in the run's folder, to be looked at.
void ScreenshotTest::eventScreenshot() {
    const QString db =
        viewer::test::makeTournamentArchive(dir_.path(), QStringLiteral("tournament.sqlite"));
    std::int64_t id = 0;
    {
        storage::Archive archive(db.toStdString(), storage::Archive::Mode::ReadOnly);
        for (const auto& t : archive.tournaments())
            if (t.isTournament) id = t.id;
    }
    QVERIFY(id > 0);
    const QString png = QDir::current().filePath(QStringLiteral("event_screenshot.png"));
    QFile::remove(png);
    QProcess viewer;
    viewer.start(QStringLiteral(OTHELLO_VIEWER),
                 {QStringLiteral("--db"), db, QStringLiteral("--event"), QString::number(id),
                  QStringLiteral("--screenshot"), png});
    QVERIFY(viewer.waitForFinished(60000));
    QCOMPARE(viewer.exitStatus(), QProcess::NormalExit);
    QVERIFY2(viewer.exitCode() == 0, viewer.readAllStandardError().constData());
    QImage image(png);
    QVERIFY2(!image.isNull(), "the event screenshot was not saved");
    QCOMPARE(image.size(), QSize(1280, 800));
    // Count the result cells by their colour: each is a block of one colour; count its
    // pixels and divide by the smallest cell's area found.
    int win = 0, loss = 0;
    for (int y = image.height() / 3; y < image.height(); ++y)
        for (int x = image.width() / 2; x < image.width(); ++x) {
            const QRgb p = image.pixel(x, y);
            if (p == qRgb(0xd5, 0xec, 0xd5)) ++win;
            if (p == qRgb(0xf5, 0xda, 0xda)) ++loss;
        }
    // Six wins and six losses, cells of at least 20x20 pixels each; equal areas.
    QVERIFY2(win > 6 * 400 && loss > 6 * 400,
             qPrintable(QStringLiteral("win %1 loss %2").arg(win).arg(loss)));
    QVERIFY2(std::abs(win - loss) < win / 10,
             qPrintable(QStringLiteral("win %1 loss %2").arg(win).arg(loss)));
}

void ScreenshotTest::missingDatabaseScreenshotFails() {
    const QString missing = dir_.filePath(QStringLiteral("no_such_dir/none.sqlite"));
    const QString png = dir_.filePath(QStringLiteral("missing.png"));
    QProcess viewer;
    viewer.start(QStringLiteral(OTHELLO_VIEWER),
                 {QStringLiteral("--db"), missing, QStringLiteral("--screenshot"), png});
    QVERIFY(viewer.waitForFinished(60000));
    QCOMPARE(viewer.exitStatus(), QProcess::NormalExit);
    QCOMPARE(viewer.exitCode(), 1);
    const QString err = QString::fromLocal8Bit(viewer.readAllStandardError());
    QVERIFY2(err.contains(QStringLiteral("does not exist")), qPrintable(err));
    QVERIFY(!QFileInfo::exists(dir_.filePath(QStringLiteral("no_such_dir"))));
    QImage image(png);
    QVERIFY2(!image.isNull(), "the error screenshot was not saved");
    // The error banner (#fdecea) is in the picture.
    int banner = 0;
    for (int y = 0; y < image.height() / 4; ++y)
        for (int x = 0; x < image.width(); x += 4)
            if (image.pixel(x, y) == qRgb(0xfd, 0xec, 0xea)) ++banner;
    QVERIFY2(banner > 1000, "no error banner in the screenshot");
}

// --help, --version and usage errors are answered before any window system is touched.
void ScreenshotTest::helpAndUsageWithoutDisplay() {
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("DISPLAY"));
    env.remove(QStringLiteral("WAYLAND_DISPLAY"));
    env.remove(QStringLiteral("QT_QPA_PLATFORM"));  // would make a GUI start work headless
    auto run = [&env](const QStringList& args, QString* out) {
        QProcess viewer;
        viewer.setProcessEnvironment(env);
        viewer.start(QStringLiteral(OTHELLO_VIEWER), args);
        if (!viewer.waitForFinished(30000)) return -1;
        *out =
            QString::fromLocal8Bit(viewer.readAllStandardOutput() + viewer.readAllStandardError());
        return viewer.exitStatus() == QProcess::NormalExit ? viewer.exitCode() : -2;
    };
    QString out;
    QCOMPARE(run({QStringLiteral("--help")}, &out), 0);
    QVERIFY2(out.contains(QStringLiteral("othello-viewer")) && out.contains(QStringLiteral("--db")),
             qPrintable(out));
    QCOMPARE(run({QStringLiteral("--version")}, &out), 0);
    QVERIFY2(out.startsWith(QStringLiteral("othello-viewer ")), qPrintable(out));
    QCOMPARE(run({QStringLiteral("--no-such-option")}, &out), 2);
    QVERIFY2(out.contains(QStringLiteral("no-such-option")), qPrintable(out));
    QCOMPARE(run({QStringLiteral("--ply"), QStringLiteral("x")}, &out), 2);
    QCOMPARE(run({QStringLiteral("--size"), QStringLiteral("10x10")}, &out), 2);
}

QTEST_GUILESS_MAIN(ScreenshotTest)
#include "ScreenshotTest.moc"
