import QtQuick
import QtTest
import Othello.Viewer
import ViewerTest

// The move list driven like a user (issue 11): back at the start it shows its first rows, and
// it numbers the moves 1-60 as an Othello score sheet when asked, passes shown unnumbered.
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
        name: "Moves"
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
        // The row at the top of the list's visible area.
        function topRow(view) {
            return view.indexAt(view.width / 2, view.contentY + 2)
        }

        function test_start_shows_first_rows() {
            var pane = openArchive()
            var view = child(pane, "moveListView")
            compare(topRow(view), 0)
            keyClick(Qt.Key_End)
            settle(pane)
            verify(topRow(view) > 5, "top row at the end: " + topRow(view))
            keyClick(Qt.Key_Home)
            settle(pane)
            compare(pane.game.ply, 0)
            compare(topRow(view), 0)
            // The same from the graph's first point and from the first move back.
            keyClick(Qt.Key_End)
            settle(pane)
            keyClick(Qt.Key_Home)
            keyClick(Qt.Key_Right)
            settle(pane)
            compare(topRow(view), 0)
        }

        // A legal game with one pass: Black passes after the 58th disc, White plays on.
        readonly property string passLine:
            "c4 c5 f6 c3 b5 g7 e3 e6 c2 f3 g3 a5 h8 b3 f4 f2 b4 f5 f7 h3 a3 d2 e2 e1 a6 e7 d7 c1 c6 g8 "
            + "f1 g4 d1 b6 b1 d3 g6 b7 f8 a7 c7 h6 a8 b2 g5 g2 a1 d6 h2 h5 a4 d8 c8 h7 e8 a2 h4 b8 pass g1 h1"

        function test_numbered_like_a_score_sheet() {
            var pane = openArchive()
            var game = pane.game
            var list = game.moveList
            var pairsRows = list.rowCount()
            verify(!list.numbered)
            compare(child(pane, "number_1").text, "2.")
            mouseClick(child(pane, "moveNumbering"))
            verify(list.numbered)
            compare(list.rowCount(), game.plyCount)
            settle(pane)
            // One move a row, numbered by disc: row 1 is White's first move, disc 2.
            compare(child(pane, "number_0").text, "1.")
            compare(child(pane, "number_1").text, "2.")
            // Clicks and keys still follow the plies.
            mouseClick(child(pane, "move_7"))
            compare(game.ply, 7)
            compare(game.currentMoveRow, 6)
            keyClick(Qt.Key_Right)
            compare(game.currentMoveRow, 7)
            mouseClick(child(pane, "moveNumbering"))
            verify(!list.numbered)
            compare(list.rowCount(), pairsRows)
            compare(game.currentMoveRow, 3)
        }

        function test_numbered_pass_keeps_disc_numbers() {
            var pane = openArchive()
            var game = pane.game
            var list = game.moveList
            verify(game.setMovesText(passLine), game.lastError())
            mouseClick(child(pane, "moveNumbering"))
            var passRow = -1
            for (var r = 0; r < list.rowCount(); ++r) {
                var black = list.data(list.index(r, 0), MoveListModel.BlackTextRole)
                var white = list.data(list.index(r, 0), MoveListModel.WhiteTextRole)
                if (black === "pass" || white === "pass") passRow = r
            }
            verify(passRow > 0, "the line has a pass")
            compare(list.rowCount(), 61)
            compare(list.data(list.index(passRow, 0), MoveListModel.NumberRole), 0)
            compare(list.data(list.index(passRow - 1, 0), MoveListModel.NumberRole), passRow)
            compare(list.data(list.index(passRow + 1, 0), MoveListModel.NumberRole), passRow + 1)
            compare(list.data(list.index(60, 0), MoveListModel.NumberRole), 60)
            game.jump(passRow + 1)
            settle(pane)
            grabImage(pane).save(TestData.outputDir + "/moves_numbered_pass.png")
            var label = child(pane, "number_" + passRow)
            compare(label.text, "")
        }

        // The current move's cell lies whole inside the list's visible area.
        function verifyCurrentShown(pane, why) {
            var view = child(pane, "moveListView")
            var cell = child(pane, "move_" + pane.game.ply)
            var at = cell.mapToItem(view, 0, 0)
            verify(at.y >= -0.5 && at.y + cell.height <= view.height + 0.5,
                   why + ": ply " + pane.game.ply + " at " + at.y + ".." + (at.y + cell.height)
                   + " in a list " + view.height + " high")
        }

        // Issue 26: with the analysis on, its status line takes room from the move list, which
        // left the current move's row half hidden under the comment bar (at the end: hidden).
        function test_current_row_stays_in_view_when_the_list_shrinks() {
            var pane = openArchive()
            var view = child(pane, "moveListView")
            keyClick(Qt.Key_End)
            settle(pane)
            verifyCurrentShown(pane, "at the end")
            var before = view.height
            pane.analysis.maxEmpties = 12
            pane.analysis.enabled = true
            var status = child(pane, "analysisStatus")
            tryVerify(function() { return status.visible && status.text !== "" }, 10000)
            settle(pane)
            verify(view.height < before, "the status line takes room from the list")
            verifyCurrentShown(pane, "analysis on, at the end")
            // Stepping back a row and the comment editor opening (taller than its read line).
            keyClick(Qt.Key_Left)
            keyClick(Qt.Key_Left)
            settle(pane)
            verifyCurrentShown(pane, "two plies back")
            var editor = child(pane, "commentEditor")
            editor.start()
            settle(pane)
            verifyCurrentShown(pane, "comment editor open")
            editor.cancel()
            pane.analysis.enabled = false
            settle(pane)
        }
    }
}
