import QtQuick
import QtTest
import Othello.Viewer
import ViewerTest

// The board and graph driven like a user (issue 11): the board turned and mirrored into any
// of its 8 orientations with coordinates that still name every square, and the mouse wheel
// stepping moves over the board and over the graph.
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
        id: tc
        name: "Board"
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
        function openArchive() {
            var pane = createTemporaryObject(paneComponent, testRoot, { databasePath: TestData.archivePath })
            verify(pane !== null)
            tryVerify(function() { return pane.archive.ready && !pane.archive.loadingGame }, 10000)
            verify(pane.game.gameId > 0)
            settle(pane)
            return pane
        }
        // The coordinate labels (prefix colLabel_ or rowLabel_) lined up with `square`: the
        // ones above and below share its centre x, the ones left and right its centre y.
        function labelsOf(pane, square) {
            var c = square.mapToItem(pane, square.width / 2, square.height / 2)
            var out = []
            for (var i = 0; i < 16; ++i) {
                var col = child(pane, "colLabel_" + i)
                var p = col.mapToItem(pane, col.width / 2, col.height / 2)
                if (Math.abs(p.x - c.x) < 2) out.push(col.text)
                var row = child(pane, "rowLabel_" + i)
                p = row.mapToItem(pane, row.width / 2, row.height / 2)
                if (Math.abs(p.y - c.y) < 2) out.push(row.text)
            }
            return out
        }
        function checkCoordinates(pane, what) {
            for (var name of ["a1", "f5", "c8", "h2", "d3"]) {
                var labels = labelsOf(pane, child(pane, "square_" + name))
                compare(labels.length, 4, what + ": " + name + " " + labels)
                for (var l of labels)
                    verify(l === name[0] || l === name[1], what + ": " + name + " labelled " + labels)
                verify(labels.indexOf(name[0]) >= 0 && labels.indexOf(name[1]) >= 0, what + ": " + name + " " + labels)
            }
        }

        function test_eight_orientations_keep_coordinates() {
            var pane = openArchive()
            var a1 = child(pane, "square_a1")
            var h1 = child(pane, "square_h1")
            var a8 = child(pane, "square_a8")
            checkCoordinates(pane, "as printed")
            // a1 top left, h1 to its right, a8 below.
            verify(h1.x > a1.x && Math.abs(h1.y - a1.y) < 1)
            verify(a8.y > a1.y && Math.abs(a8.x - a1.x) < 1)
            var corners = {}
            for (var f = 0; f < 2; ++f) {
                for (var t = 0; t < 4; ++t) {
                    settle(pane)
                    var what = "flip " + f + " turn " + t
                    checkCoordinates(pane, what)
                    // Where a1 and h1 are tells the orientation apart: 8 different ones.
                    corners[Math.round(a1.x) + "," + Math.round(a1.y) + "/" + Math.round(h1.x) + "," + Math.round(h1.y)] = what
                    mouseClick(child(pane, "boardRotate"))
                }
                mouseClick(child(pane, "boardFlip"))
            }
            compare(Object.keys(corners).length, 8)
            // One quarter turn clockwise: a1 at the top right, h1 below it.
            mouseClick(child(pane, "boardRotate"))
            settle(pane)
            verify(a1.x > h1.x - 1 && a1.y < h1.y && a1.x > a8.x)
            grabImage(pane).save(TestData.outputDir + "/board_turned.png")
            // A click still plays the square clicked: the game's f5.
            mouseClick(child(pane, "square_f5"))
            compare(pane.game.movesText, "f5")
            verify(!pane.game.inAnalysis)
        }

        function test_wheel_steps_over_board_and_graph() {
            var pane = openArchive()
            var game = pane.game
            var board = child(pane, "board")
            compare(game.ply, 0)
            mouseWheel(board, board.width / 2, board.height / 2, 0, -120)
            compare(game.ply, 1)
            mouseWheel(board, board.width / 2, board.height / 2, 0, -120)
            mouseWheel(board, board.width / 2, board.height / 2, 0, -120)
            compare(game.ply, 3)
            mouseWheel(board, board.width / 2, board.height / 2, 0, 120)
            compare(game.ply, 2)
            // A touchpad's small deltas add up to one step per notch.
            for (var i = 0; i < 3; ++i) mouseWheel(board, board.width / 2, board.height / 2, 0, -40)
            compare(game.ply, 3)
            var graph = child(pane, "discGraph")
            mouseWheel(graph, graph.width / 2, graph.height / 2, 0, -120)
            compare(game.ply, 4)
            mouseWheel(graph, graph.width / 2, graph.height / 2, 0, 240)
            compare(game.ply, 2)
            // The graph explains its bars: which colour is whose lead.
            verify(child(pane, "graphLegend").visible)
            verify(child(pane, "legendBlack").visible && child(pane, "legendBlack").text === "Black ahead")
            verify(child(pane, "legendWhite").visible && child(pane, "legendWhite").text.indexOf("White ahead") === 0)
        }

        // The note under the board when an analysis line starts does not resize the board.
        function test_analysis_note_does_not_move_board() {
            var pane = openArchive()
            var board = child(pane, "board")
            var frame = child(pane, "boardFrame")
            var before = [board.width, board.height, frame.width]
            var note = child(pane, "analysisNote")
            mouseClick(child(pane, "square_d3"))  // the game went f5: asked, kept as a variation
            tryVerify(function() { return child(pane, "branchPrompt").opened }, 2000)
            mouseClick(child(child(pane, "branchPrompt").contentItem, "branchVariation"))
            verify(pane.game.inAnalysis)
            settle(pane)
            verify(note.visible && note.opacity === 1)
            compare([board.width, board.height, frame.width], before)
            keyClick(Qt.Key_Left)
            verify(!pane.game.inAnalysis)
            settle(pane)
            verify(!note.visible || note.opacity === 0)
            compare([board.width, board.height, frame.width], before)
        }
    }
}
