import QtQuick
import QtTest
import Othello.Viewer
import ViewerTest

// The analysis driven like a user: the A key and the switch, values on the squares checked
// against the solver, a step that cancels the old work, the move list's loss marks and the
// graph's exact values with their legend; before the solver's reach, estimates marked "~" on
// the squares, in the graph (every ply valued after the background run) and in the loss
// marks, and the "Best line" button playing the engine's line as a variation.
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

        function test_midgame_estimates_graph_and_best_line() {
            var pane = openArchive()
            var game = pane.game
            var analysis = pane.analysis
            analysis.midgameDepth = 6
            game.jump(20)
            verify(empties(game) > analysis.maxEmpties)
            keyClick(Qt.Key_A)
            verify(analysis.enabled)
            tryVerify(function() { return analysis.currentDone && analysis.moveValues().length >= 2 }, 60000)
            // Every legal move's estimate on its square, marked "~"; the best framed.
            var values = analysis.moveValues()
            var top = values[0].lower
            for (var i = 0; i < values.length; ++i) {
                var v = values[i]
                verify(v.estimate, v.name)
                var label = child(pane, "value_" + v.name)
                tryVerify(function() { return label.visible }, 5000, v.name)
                compare(label.text, v.text, v.name)
                compare(label.text.charAt(0), "~", v.name)
                verify(!label.font.bold, v.name)
                compare(child(pane, "best_" + v.name).visible, v.lower === top, v.name)
            }
            compare(analysis.currentKind, "estimate")
            var status = child(pane, "analysisStatus")
            verify(status.text.indexOf("estimate, depth 6") >= 0, status.text)
            verify(child(pane, "analysisLegend").text.indexOf("estimate") >= 0)
            // The graph: after the background run, a value at every ply (exact dots from 12
            // empties, estimate marks before), with both in the legend.
            tryVerify(function() { return !analysis.busy }, 180000)
            for (var p = 0; p <= game.plyCount; ++p) {
                var exact = findChild(pane, "value_ply_" + p)
                var estimate = findChild(pane, "estimate_ply_" + p)
                verify((exact !== null && exact.visible && exact.exact) || (estimate !== null && estimate.visible),
                       "no value drawn at ply " + p)
            }
            verify(child(pane, "legendEstimate").visible)
            verify(child(pane, "legendExact").visible)
            // The move list marks estimated losses "~−N", with "?" / "??" from 2 / 6 discs.
            var estimatedMarks = 0
            for (p = 1; p <= game.plyCount; ++p) {
                var mark = findChild(pane, "loss_" + p)
                if (mark !== null && mark.visible && mark.text.charAt(0) === "~") ++estimatedMarks
            }
            verify(estimatedMarks > 0, "no estimated loss in the move list")
            waitForRendering(pane, 1000)
            grabImage(pane).save(TestData.outputDir + "/analysis_midgame.png")
            // Best line: the engine's line from here becomes a variation, shown at its first move.
            var line = []  // a copy: the property follows the position shown
            for (i = 0; i < analysis.bestLine.length; ++i) line.push(analysis.bestLine[i])
            verify(line.length >= 2)
            var button = child(pane, "bestLineButton")
            verify(button.visible && button.enabled)
            mouseClick(button)
            compare(game.ply, 21)
            verify(game.inAnalysis)
            verify(game.modified)
            compare(game.lastMove, line[0])
            keyClick(Qt.Key_Right)
            compare(game.lastMove, line[1])
            waitForRendering(pane, 1000)
            grabImage(pane).save(TestData.outputDir + "/analysis_best_line.png")
        }

        function test_loss_marks_and_graph() {
            var pane = openArchive()
            var game = pane.game
            var analysis = pane.analysis
            game.last()
            analysis.enabled = true
            tryVerify(function() { return analysis.currentDone && !analysis.busy }, 60000)
            // The move list: every move played from <= 12 empties that lost discs says how many
            // (exactly; the moves before are estimated, "~").
            var losses = TestData.losses(game.movesText, 12)
            verify(Object.keys(losses).length > 0, "the game should have losing moves")
            for (var p = 1; p <= game.plyCount; ++p) {
                var mark = findChild(pane, "loss_" + p)
                if (losses[p] !== undefined) {
                    verify(mark !== null && mark.visible, "no loss mark at ply " + p)
                    compare(mark.text, "\u2212" + losses[p], "ply " + p)
                } else if (mark !== null) {
                    // Before the solver's reach only estimates ("~−N").
                    verify(!mark.visible || mark.text.charAt(0) === "~", "a loss mark at ply " + p + ": " + mark.text)
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
            // Positions with more empties than the limit have no exact value (no dot; an
            // estimate mark, if the background search got there).
            compare(analysis.lineLower[0], -64)
            compare(analysis.lineUpper[0], 64)
            verify(!child(pane, "value_ply_0").visible)
        }
    }
}
