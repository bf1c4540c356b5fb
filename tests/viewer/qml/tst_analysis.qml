import QtQuick
import QtTest
import Othello.Viewer
import ViewerTest

// The endgame analysis driven like a user: the A key and the switch, values on the squares
// checked against the solver, a step that cancels the old work, the move list's loss marks and
// the graph's exact values with their legend.
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

    TestCase {
        name: "Analysis"
        when: windowShown

        function openArchive() {
            var pane = createTemporaryObject(paneComponent, testRoot, { databasePath: TestData.archivePath })
            verify(pane !== null)
            tryVerify(function() { return !pane.archive.loadingGame }, 10000)
            verify(pane.archive.ready)
            verify(pane.game.gameId > 0)
            // Small endgames only: every solve here takes milliseconds.
            pane.analysis.maxEmpties = 12
            return pane
        }
        function child(pane, name) {
            var item = findChild(pane, name)
            verify(item !== null, "no item " + name)
            return item
        }
        function empties(game) { return 64 - game.blackCount - game.whiteCount }
        function signed(v) { return v > 0 ? "+" + v : v < 0 ? "\u2212" + (-v) : "0" }
        // The last ply of the game with `n` empties where the side to move has two moves or more.
        function plyWithEmpties(game, n) {
            for (var p = game.plyCount; p >= 0; --p) {
                game.jump(p)
                if (empties(game) === n && Object.keys(TestData.solveMoves(game.positionString)).length > 2)
                    return p
            }
            return -1
        }
        // The board shows the solver's values for the position on it, the best ones framed.
        function checkSquares(pane) {
            var game = pane.game
            var expected = TestData.solveMoves(game.positionString)
            var moves = Object.keys(expected).filter(function(k) { return k !== "best" })
            verify(moves.length >= 2)
            tryVerify(function() { return pane.analysis.currentDone && pane.analysis.moveValues().length === moves.length }, 30000)
            for (var i = 0; i < moves.length; ++i) {
                var name = moves[i]
                var label = child(pane, "value_" + name)
                tryVerify(function() { return label.visible }, 5000, name)
                compare(label.text, signed(expected[name]), name)
                compare(child(pane, "best_" + name).visible, expected[name] === expected.best, name)
            }
            var status = child(pane, "analysisStatus")
            verify(status.visible)
            verify(status.text.indexOf("exact") >= 0, status.text)
        }

        function test_values_on_squares() {
            var pane = openArchive()
            var game = pane.game
            var ply = plyWithEmpties(game, 12)
            verify(ply > 0)
            game.jump(ply)
            verify(!pane.analysis.enabled)
            verify(findChild(pane, "analysisStatus").visible === false)
            keyClick(Qt.Key_A)
            verify(pane.analysis.enabled)
            verify(child(pane, "analysisSwitch").checked)
            verify(child(pane, "analysisLegend").text.indexOf("side to move") >= 0)
            checkSquares(pane)
            // The switch turns it off: no value left on the board.
            mouseClick(child(pane, "analysisSwitch"))
            verify(!pane.analysis.enabled)
            var first = pane.analysis.moveValues()
            compare(first.length, 0)
            var anyShown = false
            for (var sq = 0; sq < 64; ++sq) {
                var name = String.fromCharCode(97 + sq % 8) + (Math.floor(sq / 8) + 1)
                var v = findChild(pane, "value_" + name)
                if (v && v.visible) anyShown = true
            }
            verify(!anyShown)
        }

        function test_step_cancels_and_solves_the_new_position() {
            var pane = openArchive()
            var game = pane.game
            var analysis = pane.analysis
            var second = plyWithEmpties(game, 10)
            var first = plyWithEmpties(game, 12)
            verify(first > 0 && second > first)
            var stops = TestData.solverHonoursCancel()
            if (stops) {
                // A position the solver cannot finish in a blink, solved for a long time.
                analysis.maxEmpties = 40
                analysis.secondsPerPosition = 120
                first = Math.max(0, first - 18)
            }
            game.jump(first)
            analysis.enabled = true
            if (stops)
                tryVerify(function() { return analysis.statusText.indexOf("Solving this position") === 0 }, 20000)
            var cancelled = analysis.cancelledCount
            var interrupted = analysis.interruptedCount
            game.jump(second)
            analysis.maxEmpties = 12
            tryVerify(function() { return analysis.cancelledCount > cancelled }, 20000)
            if (stops)
                tryVerify(function() { return analysis.interruptedCount > interrupted }, 20000)
            else
                console.log("the solver ignores its cancel flag: only skipped jobs are checked")
            checkSquares(pane)
        }

        function test_loss_marks_and_graph() {
            var pane = openArchive()
            var game = pane.game
            var analysis = pane.analysis
            game.last()
            analysis.enabled = true
            tryVerify(function() { return analysis.currentDone && !analysis.busy }, 60000)
            // The move list: every move played from <= 12 empties that lost discs says how many.
            var losses = TestData.losses(game.movesText, 12)
            verify(Object.keys(losses).length > 0, "the game should have losing moves")
            for (var p = 1; p <= game.plyCount; ++p) {
                var mark = findChild(pane, "loss_" + p)
                if (losses[p] !== undefined) {
                    verify(mark !== null && mark.visible, "no loss mark at ply " + p)
                    compare(mark.text, "\u2212" + losses[p], "ply " + p)
                } else if (mark !== null) {
                    verify(!mark.visible, "a loss mark at ply " + p + ": " + mark.text)
                }
            }
            // The graph: the legend names the exact value; the value at a ply is Black's view.
            verify(child(pane, "graphLegend").visible)
            var legend = child(pane, "legendExact")
            verify(legend.visible)
            verify(legend.text.indexOf("exact value") >= 0)
            var ply = game.plyCount - 6
            game.jump(ply)
            var best = TestData.solveMoves(game.positionString).best
            var black = game.sideToMove === 1 ? best : -best
            compare(analysis.lineLower[ply], black)
            compare(analysis.lineUpper[ply], black)
            verify(child(pane, "value_ply_" + ply).visible)
            // Positions with more empties than the limit stay unknown (nothing drawn).
            compare(analysis.lineLower[0], -64)
            compare(analysis.lineUpper[0], 64)
            verify(!child(pane, "value_ply_0").visible)
        }
    }
}
