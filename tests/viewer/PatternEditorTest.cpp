// The Search tab's pattern editor (PatternEditor: clicks, text and squares in step) and the
// pattern search through ArchiveClient: rows and first plies against a square-by-square replay
// of the fixture archive, the corpus kept between searches and loaded again when the filters
// or the archive change.
#include <QAbstractItemModelTester>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>
#include <future>
#include <map>

#include "ViewerFixture.h"
#include "archive/ArchiveClient.h"
#include "archive/DbThread.h"
#include "core/Notation.h"
#include "core/Pattern.h"
#include "core/Replay.h"
#include "game/GameController.h"
#include "search/PatternEditor.h"
#include "storage/Archive.h"

using namespace othello;
using namespace othello::viewer;

namespace {

int state(const PatternEditor& e, const char* square) {
    return e.index(core::parseSquare(square)).data(PatternEditor::StateRole).toInt();
}

// game id -> first ply in [from, to] where `pattern` holds, over every game of `db`, replayed
// square by square (the reference the viewer's rows must equal).
std::map<qint64, int> bruteForce(const QString& db, const QString& pattern, bool symmetry,
                                 int from, int to) {
    storage::Archive archive(db.toStdString(), storage::Archive::Mode::ReadOnly);
    storage::SearchFilter all;
    all.limit = -1;
    const auto variants = core::parsePattern(pattern.toStdString()).pattern->variants(symmetry);
    std::map<qint64, int> out;
    for (const storage::GameRow& row : archive.search(all).games) {
        const core::ReplayResult r = core::replay(core::Position::start(), row.moves);
        for (int ply = from; ply <= to && ply < int(r.positions.size()); ++ply) {
            const core::Position& p = r.positions[std::size_t(ply)];
            if (core::matchesAny(variants, p.black(), p.white())) {
                out[row.id] = ply;
                break;
            }
        }
    }
    return out;
}

// Every row of the results (all on the first page here): game id -> ply.
std::map<qint64, int> rowsOf(SearchModel& m) {
    std::map<qint64, int> out;
    for (int i = 0; i < m.rowCount(); ++i) out[m.gameIdAt(i)] = m.plyAt(i);
    return out;
}

int corpusLoads(ArchiveClient& client) {
    std::promise<int> loads;
    client.worker().post([&loads](ArchiveBackend* archive, const QString&) {
        loads.set_value(archive ? archive->patternCorpusLoads() : -1);
    });
    return loads.get_future().get();
}

}  // namespace

class PatternEditorTest : public QObject {
    Q_OBJECT

  private slots:
    void clicksCycleAndWriteTheText();
    void textSetsTheSquares();
    void sameConstraintsAndMask();
    void specForTheSearch();
    void searchMatchesReplayAndKeepsCorpus();

  private:
    QTemporaryDir dir_;
};

void PatternEditorTest::clicksCycleAndWriteTheText() {
    PatternEditor e;
    QAbstractItemModelTester tester(&e, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(e.rowCount(), 64);
    QVERIFY(e.blank());
    QCOMPARE(e.text(), QString());
    const int a1 = core::parseSquare("a1");
    // Black, white, empty, any disc, anything, and round again; backwards the other way.
    const char* texts[] = {"a1=X", "a1=O", "a1=-", "a1=*", ""};
    for (const char* t : texts) {
        e.cycle(a1);
        QCOMPARE(e.text(), QString::fromLatin1(t));
    }
    QVERIFY(e.blank());
    e.cycle(a1, true);
    QCOMPARE(e.text(), QStringLiteral("a1=*"));
    QCOMPARE(state(e, "a1"), int(PatternEditor::AnyDisc));
    e.cycle(a1, true);
    QCOMPARE(e.text(), QStringLiteral("a1=-"));
    e.cycle(core::parseSquare("b2"));
    e.cycle(core::parseSquare("h8"));
    e.cycle(core::parseSquare("h8"));
    QCOMPARE(e.text(), QStringLiteral("a1=- b2=X h8=O"));
    QCOMPARE(e.index(core::parseSquare("h8")).data(PatternEditor::NameRole).toString(),
             QStringLiteral("h8"));
    e.clear();
    QVERIFY(e.blank());
    QCOMPARE(e.text(), QString());
}

void PatternEditorTest::textSetsTheSquares() {
    PatternEditor e;
    QAbstractItemModelTester tester(&e, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy changed(&e, &PatternEditor::patternChanged);
    e.setText(QStringLiteral("a1=x  b2=- c1=*"));
    QCOMPARE(changed.count(), 1);
    QCOMPARE(e.text(), QStringLiteral("a1=x  b2=- c1=*"));  // kept as typed
    QCOMPARE(e.errorText(), QString());
    QCOMPARE(state(e, "a1"), int(PatternEditor::Black));
    QCOMPARE(state(e, "b2"), int(PatternEditor::Empty));
    QCOMPARE(state(e, "c1"), int(PatternEditor::AnyDisc));
    QCOMPARE(state(e, "d1"), int(PatternEditor::Anything));
    // Text that does not parse: the parser's message with its column; the squares stay.
    e.setText(QStringLiteral("a1=X b9=-"));
    QVERIFY2(e.errorText().contains(QStringLiteral("column 6")), qPrintable(e.errorText()));
    QCOMPARE(state(e, "a1"), int(PatternEditor::Black));
    QCOMPARE(state(e, "b2"), int(PatternEditor::Empty));
    QVERIFY(!e.spec());
    // A click after it: the text is the squares' again, the error gone.
    e.cycle(core::parseSquare("h1"));
    QCOMPARE(e.text(), QStringLiteral("a1=X c1=* h1=X b2=-"));
    QCOMPARE(e.errorText(), QString());
    // No text: no pattern, and no error (the parser would call it empty).
    e.setText(QString());
    QVERIFY(e.blank());
    QCOMPARE(e.errorText(), QString());
    QCOMPARE(state(e, "a1"), int(PatternEditor::Anything));
}

void PatternEditorTest::sameConstraintsAndMask() {
    PatternEditor e;
    e.setText(QStringLiteral("a1=X same(a8,h8)"));
    QCOMPARE(e.errorText(), QString());
    QVERIFY(e.index(core::parseSquare("a8")).data(PatternEditor::SameRole).toBool());
    QVERIFY(e.index(core::parseSquare("h8")).data(PatternEditor::SameRole).toBool());
    QVERIFY(!e.index(core::parseSquare("a1")).data(PatternEditor::SameRole).toBool());
    QVERIFY(!e.blank());
    // A click on a square of the pair drops the pair (it would contradict the square's value).
    e.cycle(core::parseSquare("h8"));
    QCOMPARE(e.text(), QStringLiteral("a1=X h8=X"));
    QVERIFY(!e.index(core::parseSquare("a8")).data(PatternEditor::SameRole).toBool());

    // The position shown, as its full mask (rows apart), which parses back to the same squares.
    GameController game;
    e.takePosition(&game);
    QCOMPARE(e.text(), QStringLiteral("-------- -------- -------- ---OX--- ---XO--- -------- "
                                      "-------- --------"));
    QCOMPARE(state(e, "d4"), int(PatternEditor::White));
    QCOMPARE(state(e, "e4"), int(PatternEditor::Black));
    QCOMPARE(state(e, "a1"), int(PatternEditor::Empty));
    const auto parsed = core::parsePattern(e.text().toStdString());
    QVERIFY(parsed.pattern);
    QVERIFY(parsed.pattern->base().matches(core::Position::start()));
    // Freeing squares keeps the mask while more than 16 are fixed, then the list.
    for (int sq = 0; sq < 64 - PatternEditor::kListLimit; ++sq)
        e.setState(sq, PatternEditor::Anything);
    QCOMPARE(e.text(), QStringLiteral("a7=- b7=- c7=- d7=- e7=- f7=- g7=- h7=- a8=- b8=- c8=- "
                                      "d8=- e8=- f8=- g8=- h8=-"));
}

void PatternEditorTest::specForTheSearch() {
    PatternEditor e;
    QVERIFY(!e.spec());  // blank
    e.setText(QStringLiteral("a1=X b2=-"));
    e.setPlyFrom(40);
    e.setPlyTo(20);
    e.setUnderSymmetry(false);
    const std::optional<PatternSpec> s = e.spec();
    QVERIFY(s);
    QCOMPARE(s->text, QStringLiteral("a1=X b2=-"));
    QCOMPARE(s->plyFrom, 20);  // the range the right way round
    QCOMPARE(s->plyTo, 40);
    QVERIFY(!s->underSymmetry);
    e.setPlyTo(-1);
    QCOMPARE(e.spec()->plyTo, 10000);  // to the end
    e.clear();
    QCOMPARE(e.plyFrom(), 0);
    QCOMPARE(e.plyTo(), -1);
    QVERIFY(!e.underSymmetry() && !e.spec());  // the symmetry choice stays
}

void PatternEditorTest::searchMatchesReplayAndKeepsCorpus() {
    const QString db = test::makeFixtureArchive(dir_.path());
    GameController game;
    ArchiveClient client;
    client.setGame(&game);
    QSignalSpy shown(&client, &ArchiveClient::firstGameShown);
    client.open(db);
    QVERIFY(shown.wait(10000));
    QVERIFY2(client.ready(), qPrintable(client.errorText()));
    SearchModel& results = *client.results();
    QSignalSpy ready(&results, &SearchModel::resultsReady);
    const auto run = [&](const QString& player, PatternEditor* pattern) {
        ready.clear();
        const QString error = client.search(player, {}, 0, 0, 0, {}, false, pattern);
        if (!error.isEmpty()) return error;
        return ready.wait(10000) ? results.errorText() : QStringLiteral("no answer");
    };

    PatternEditor pattern;
    struct Case {
        const char* text;
        bool symmetry;
        int from, to;
    };
    const Case cases[] = {{"a1=X b2=*", true, 0, 10000},
                          {"a1=X b2=*", false, 0, 10000},
                          {"b2=X a1=-", true, 10, 30},
                          {"b1=- c1=X d1=X e1=X f1=X g1=-", true, 0, 10000},
                          {"c4=X d3=* same(e3,f4)", true, 10, 30}};
    for (const Case& c : cases) {
        pattern.setText(QString::fromLatin1(c.text));
        pattern.setUnderSymmetry(c.symmetry);
        pattern.setPlyFrom(c.from);
        pattern.setPlyTo(c.to == 10000 ? -1 : c.to);
        QCOMPARE(run({}, &pattern), QString());
        QVERIFY(results.patternSearch() && results.plyShown());
        const auto expected = bruteForce(db, pattern.text(), c.symmetry, c.from, c.to);
        QVERIFY2(!expected.empty() && expected.size() < 12, c.text);  // a case that tells
        QCOMPARE(results.total(), qint64(expected.size()));
        QCOMPARE(rowsOf(results), expected);
    }
    // Five searches, one corpus.
    QCOMPARE(corpusLoads(client), 1);

    // Sorted by ply: the first plies in order.
    pattern.setText(QStringLiteral("b2=X a1=-"));
    pattern.setPlyFrom(0);
    pattern.setPlyTo(-1);
    QCOMPARE(run({}, &pattern), QString());
    ready.clear();
    results.sortBy(SearchModel::PlyColumn);
    QVERIFY(ready.wait(10000));
    QVERIFY(results.rowCount() > 1);
    for (int i = 1; i < results.rowCount(); ++i) QVERIFY(results.plyAt(i - 1) <= results.plyAt(i));
    QCOMPARE(corpusLoads(client), 1);

    // Another player filter: another corpus; the rows those of that player.
    QCOMPARE(run(QStringLiteral("Chen"), &pattern), QString());
    QVERIFY(results.total() < qint64(bruteForce(db, pattern.text(), true, 0, 10000).size()));
    QCOMPARE(corpusLoads(client), 2);
    // The archive changed (an edit, an import): the next search loads the games again, so a
    // game stored meanwhile is found (a kept corpus would miss it).
    QCOMPARE(run({}, &pattern), QString());
    const qint64 before = results.total();
    QCOMPARE(corpusLoads(client), 3);
    {
        // Game 9 of the fixture (a match) again, under other names.
        const std::string moves =
            "f5d6c5f4d3d2c4b4b5a6f3f6e6g4g7f2f1g3d7c6c3c7e3g2c1d8c8f7g8c2e2b6g5e7a5b3a2h4h3h8h7d1"
            "b7a7e8a4b2h6e1a1a3h2a8g1h1b1h5f8g6b8";
        std::string pgn = "[Event \"Late entry\"]\n[Date \"2010\"]\n[Black \"Nova Ida\"]\n"
                          "[White \"Quinn Jo\"]\n[Result \"32-32\"]\n";
        for (std::size_t i = 0; i < moves.size(); i += 2)
            pgn += (i % 4 == 0 ? std::to_string(i / 4 + 1) + ". " : std::string()) +
                   moves.substr(i, 2) + ' ';
        const QString file = dir_.filePath(QStringLiteral("late.pgn"));
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(QByteArray::fromStdString(pgn + "\n"));
        out.close();
        storage::Archive writer(db.toStdString());
        QCOMPARE(writer.importFiles({file.toStdString()}).imported, 1);
    }
    ready.clear();
    client.archiveChanged();
    QVERIFY(ready.wait(10000));
    QCOMPARE(results.total(), before + 1);
    QCOMPARE(corpusLoads(client), 4);

    // A pattern that does not parse: the parser's message, no rows.
    pattern.setText(QStringLiteral("a1=Q"));
    const QString error = client.search({}, {}, 0, 0, 0, {}, false, &pattern);
    QVERIFY2(error.startsWith(QStringLiteral("Pattern: column 4")), qPrintable(error));
    QCOMPARE(results.rowCount(), 0);
    // No pattern (blank): the plain search.
    pattern.clear();
    QCOMPARE(run({}, &pattern), QString());
    QVERIFY(!results.patternSearch());
    QCOMPARE(results.total(), 13);
}

QTEST_GUILESS_MAIN(PatternEditorTest)
#include "PatternEditorTest.moc"
