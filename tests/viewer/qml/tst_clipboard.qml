import QtQuick
import QtTest
import Othello.Viewer
import ViewerTest

// The clipboard driven like a user (issue 11): Ctrl+C copies the moves, Ctrl+Shift+C the board
// string, the Copy menu a PNG of the board; Ctrl+V goes to a pasted move list or board string.
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
    Clipboard { id: clipboard }

    TestCase {
        id: tc
        name: "Clipboard"
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

        function test_copy_moves_and_board() {
            var pane = openArchive()
            var game = pane.game
            keyClick(Qt.Key_Down)  // ply 10
            clipboard.setText("")
            keyClick(Qt.Key_C, Qt.ControlModifier)
            // The whole game, wherever the board is.
            var moves = clipboard.text()
            compare(moves.split(" ").length, game.plyCount)
            verify(moves.indexOf(game.movesText) === 0)
            verify(child(pane, "clipboardNote").visible)
            keyClick(Qt.Key_C, Qt.ControlModifier | Qt.ShiftModifier)
            compare(clipboard.text(), game.positionString)
            compare(game.ply, 10)
        }

        function test_copy_board_image() {
            var pane = openArchive()
            var before = clipboard.imageInfo()
            clipboard.setText("")
            mouseClick(child(pane, "copyMenuButton"))
            var item = findChild(pane, "copyImage")
            tryVerify(function() { return item !== null && item.visible }, 2000)
            mouseClick(item)
            tryVerify(function() { return clipboard.imageInfo().pngBytes > 0 }, 5000)
            var info = clipboard.imageInfo()
            var frame = child(pane, "boardFrame")
            verify(Math.abs(info.width - frame.width) <= 1 && Math.abs(info.height - frame.height) <= 1,
                   info.width + "x" + info.height + " vs " + frame.width)
        }

        function test_paste_goes_there() {
            var pane = openArchive()
            var game = pane.game
            var id = game.gameId
            // A prefix of the game: that ply of the game itself.
            clipboard.setText("f5 d6 c3")
            keyClick(Qt.Key_V, Qt.ControlModifier)
            compare(game.gameId, id)
            compare(game.ply, 3)
            compare(game.movesText, "f5 d6 c3")
            // A position of the game, as a board string: there too.
            game.jump(12)
            var board12 = game.positionString
            game.jump(0)
            clipboard.setText(board12)
            keyClick(Qt.Key_V, Qt.ControlModifier)
            compare(game.ply, 12)
            compare(game.gameId, id)
            // Other moves: a new line, at its end.
            clipboard.setText("f5f4e3")
            keyClick(Qt.Key_V, Qt.ControlModifier)
            compare(game.movesText, "f5 f4 e3")
            compare(game.ply, 3)
            // Another position (the start and a black disc on a1): the board shows it.
            var position = "X" + "-".repeat(26) + "OX" + "-".repeat(6) + "XO" + "-".repeat(27) + " O"
            compare(position.length, 66)
            clipboard.setText(position)
            keyClick(Qt.Key_V, Qt.ControlModifier)
            compare(game.positionString, position)
            compare(game.ply, 0)
            compare(game.sideToMove, 2)
            // Nonsense: said, nothing moves.
            clipboard.setText("hello there")
            keyClick(Qt.Key_V, Qt.ControlModifier)
            compare(game.positionString, position)
            var note = child(pane, "clipboardNote")
            verify(note.visible && note.error)
            verify(pane.noteText.indexOf("Cannot paste") === 0, pane.noteText)
            // In a text field, Ctrl+V pastes into the field.
            pane.tabs.currentIndex = 2
            settle(pane)
            clipboard.setText("f5 d6")
            var field = child(pane, "searchPlayer")
            mouseClick(field)
            keyClick(Qt.Key_V, Qt.ControlModifier)
            compare(field.text, "f5 d6")
            compare(game.positionString, position)
        }

        // The note floats over the window: nothing else moves when it shows.
        function test_note_does_not_move_layout() {
            var pane = openArchive()
            var board = child(pane, "board")
            var header = child(pane, "gameHeader")
            var b = board.mapToItem(pane, 0, 0), h = header.mapToItem(pane, 0, 0)
            var size = [board.width, board.height, header.height]
            keyClick(Qt.Key_C, Qt.ControlModifier)
            verify(child(pane, "clipboardNote").visible)
            settle(pane)
            var b2 = board.mapToItem(pane, 0, 0), h2 = header.mapToItem(pane, 0, 0)
            compare([b2.x, b2.y, h2.x, h2.y], [b.x, b.y, h.x, h.y])
            compare([board.width, board.height, header.height], size)
        }
    }
}
