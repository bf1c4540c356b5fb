import QtQuick
import QtTest
import Othello.Viewer
import ViewerTest

// The Search tab's pattern editor (issue 31) driven like a user: a pattern built by clicking
// squares shows in the text field in the search grammar; a typed pattern moves the squares;
// the search over the fixture archive gives the games and first plies `othello-db search
// --pattern` gives (the figures below); a result opens at its ply; text that does not parse
// shows the parser's message. Saves pattern_editor.png in the run's folder.
Item {
    id: testRoot
    width: 1280
    height: 800

    Component {
        id: paneComponent
        ViewerPane {
            width: testRoot.width
            height: testRoot.height
            animations: false
        }
    }

    // othello-db search --pattern on the fixture archive: an edge of four black discs with
    // both ends empty; game id -> first ply, and the games as written (no symmetry).
    readonly property string edgePattern: "b1=- c1=X d1=X e1=X f1=X g1=-"
    readonly property var edgeRows: ({"9": 49, "12": 43})
    readonly property int edgeFirstPly: 43
    readonly property int edgeAsWritten: 1

    TestCase {
        id: tc
        name: "Pattern"
        when: windowShown

        function settle(pane) {
            waitForRendering(pane, 1000)
            wait(20)
        }
        function child(pane, name) {
            var item = findChild(pane, name)
            verify(item !== null, "no item " + name)
            return item
        }
        function typeText(text) {
            for (var i = 0; i < text.length; ++i) keyClick(text[i])
        }
        function status(pane) { return child(pane, "searchStatus").text }
        // The fixture archive on the Search tab with the pattern editor open.
        function openPattern() {
            var pane = createTemporaryObject(paneComponent, testRoot, { databasePath: TestData.archivePath })
            verify(pane !== null)
            tryVerify(function() { return pane.archive.ready && !pane.archive.loadingGame }, 10000)
            pane.tabs.currentIndex = 2
            var results = pane.archive.results
            tryVerify(function() { return results.searched && !results.loading && results.total === 12 }, 10000)
            verify(!child(pane, "patternPanel").visible)
            mouseClick(child(pane, "searchPatternToggle"))
            verify(child(pane, "patternPanel").visible)
            settle(pane)
            return pane
        }
        // Waits for a pattern search's rows: {game id: ply}.
        function patternRows(pane) {
            var results = pane.archive.results
            tryVerify(function() { return results.patternSearch && !results.loading
                                          && (results.total === 0 || results.isLoaded(0)) }, 10000)
            var rows = {}
            for (var i = 0; i < results.total; ++i) rows[results.gameIdAt(i)] = results.plyAt(i)
            return rows
        }

        // Clicks build the pattern; the text field writes it in the grammar, and each click
        // searches again at once.
        function test_clicks_write_the_grammar() {
            var pane = openPattern()
            var field = child(pane, "patternText")
            compare(field.text, "")
            var a1 = child(pane, "patternSquare_a1")
            mouseClick(a1)
            compare(field.text, "a1=X")
            mouseClick(a1)
            compare(field.text, "a1=O")
            mouseClick(a1, a1.width / 2, a1.height / 2, Qt.RightButton)  // back
            compare(field.text, "a1=X")
            var b2 = child(pane, "patternSquare_b2")
            mouseClick(b2, b2.width / 2, b2.height / 2, Qt.LeftButton, Qt.ShiftModifier)  // back
            compare(field.text, "a1=X b2=*")
            // othello-db search --pattern 'a1=X b2=*' on the fixture: game id -> first ply.
            compare(JSON.stringify(patternRows(pane)),
                    JSON.stringify({"1": 51, "2": 33, "3": 53, "5": 53, "6": 51, "7": 33, "9": 53, "10": 53, "11": 39}))
            mouseClick(b2, b2.width / 2, b2.height / 2, Qt.RightButton)
            compare(field.text, "a1=X b2=-")
            tryVerify(function() { var r = pane.archive.results
                                   return !r.loading && r.patternSearch && r.total === 0 }, 10000)
            mouseClick(b2)  // empty -> any disc
            compare(field.text, "a1=X b2=*")
            tryVerify(function() { return status(pane) === "9 games showing the pattern (Ply: the first ply it holds)" },
                      10000, status(pane))
            // The Ply column shows with the pattern.
            tryVerify(function() { return findChild(pane, "result_0") !== null }, 5000)
            verify(findChild(child(pane, "result_0"), "cell_6").visible)
            // Clear: no pattern, all games again.
            mouseClick(child(pane, "patternClear"))
            compare(field.text, "")
            tryVerify(function() { var r = pane.archive.results
                                   return !r.patternSearch && !r.loading && r.total === 12 }, 10000)
        }

        // A typed pattern moves the squares, Enter searches; the games and plies are those of
        // `othello-db search --pattern`; a click on a result opens the game at that ply.
        function test_typed_pattern_search_and_open() {
            var pane = openPattern()
            var field = child(pane, "patternText")
            mouseClick(field)
            typeText(testRoot.edgePattern)
            compare(child(pane, "patternSquare_d1").squareState, PatternEditor.Black)
            compare(child(pane, "patternSquare_b1").squareState, PatternEditor.Empty)
            compare(child(pane, "patternSquare_g1").squareState, PatternEditor.Empty)
            compare(child(pane, "patternSquare_a1").squareState, PatternEditor.Anything)
            // Typed text waits for Enter: the list says it is outdated.
            verify(status(pane).indexOf("Filters changed") === 0, status(pane))
            keyClick(Qt.Key_Return)
            var rows = patternRows(pane)
            compare(JSON.stringify(rows), JSON.stringify(testRoot.edgeRows))
            // Sorted by ply, the first row is the earliest match.
            mouseClick(child(pane, "sort_6"))
            tryVerify(function() { var r = pane.archive.results
                                   return !r.loading && r.isLoaded(0) && r.plyAt(0) === testRoot.edgeFirstPly }, 10000)
            var results = pane.archive.results
            var id = results.gameIdAt(0)
            tryVerify(function() { return findChild(pane, "result_0") !== null }, 5000)
            compare(findChild(child(pane, "result_0"), "cell_6").text, "" + testRoot.edgeFirstPly)
            mouseClick(child(pane, "result_0"))
            tryCompare(pane.game, "gameId", id, 10000)
            compare(pane.game.ply, testRoot.edgeFirstPly)
            settle(pane)
            grabImage(pane).save(TestData.outputDir + "/pattern_editor.png")
            // The symmetry box searches at once: as written only, fewer games.
            mouseClick(child(pane, "patternSymmetry"))
            tryVerify(function() { var r = pane.archive.results
                                   return !r.loading && r.total === testRoot.edgeAsWritten }, 10000)
            // A ply range.
            mouseClick(child(pane, "patternSymmetry"))
            mouseClick(child(pane, "patternPlyFrom"))
            typeText("" + (testRoot.edgeFirstPly + 1))
            keyClick(Qt.Key_Return)
            tryVerify(function() { var r = pane.archive.results
                                   return !r.loading && r.isLoaded(0) && r.plyAt(0) > testRoot.edgeFirstPly }, 10000)
        }

        // Text that does not parse: the parser's message (its column) under the field; Enter
        // lists nothing; the squares keep the last pattern that parsed.
        function test_error_names_the_column() {
            var pane = openPattern()
            var field = child(pane, "patternText")
            mouseClick(field)
            typeText("a1=X b9=-")
            var message = child(pane, "patternMessage")
            verify(message.text.indexOf("column 6") >= 0, message.text)
            compare(child(pane, "patternSquare_a1").squareState, PatternEditor.Black)
            keyClick(Qt.Key_Return)
            verify(status(pane).indexOf("Pattern: column 6") === 0, status(pane))
            compare(pane.archive.results.total, 0)
        }

        // "From board": the position shown as a full mask, found in the game it comes from.
        function test_from_board() {
            var pane = openPattern()
            var game = pane.game
            mouseClick(child(pane, "square_a1"))
            for (var i = 0; i < 12; ++i) keyClick(Qt.Key_Right)
            var id = game.gameId
            mouseClick(child(pane, "patternFromBoard"))
            var text = child(pane, "patternText").text
            compare(text.length, 71)  // 64 squares, 7 spaces between rows
            var rows = patternRows(pane)
            verify(rows[id] === 12, JSON.stringify(rows))
        }
    }
}
