import QtQuick
import QtTest
import Othello.Viewer
import ViewerTest

// A classic Reversi game played like a user (issue 28): started from the new-game dialog, its
// four placements clicked on the centre, and a move that outflanks two lines picked by its
// number key, by a click on a disc of the line, by a click on the line's far end, or dropped
// with Escape; the header says the rules, the move list writes "c3>e5". Screenshots of the
// choice and of the header are saved to look at (rules_line_choice.png, rules_header.png).
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
        name: "Rules"
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
        // An item of the dialog (its content and buttons live in the popup's own items).
        function inDialog(dialog, name) {
            var item = findChild(dialog.contentItem, name)
            if (item === null) item = findChild(dialog.footer, name)
            verify(item !== null, "no item " + name + " in the dialog")
            return item
        }
        // Saves `item` alone as a PNG in the run's folder (grabImage(item) crops the window
        // at the item's size from its top left in Qt 6.4).
        function saveItem(item, name) {
            var saved = false
            item.grabToImage(function(result) {
                saved = result.saveToFile(TestData.outputDir + "/" + name)
            })
            tryVerify(function() { return saved }, 3000)
        }
        function click(pane, square) {
            mouseClick(child(pane, "square_" + square))
        }
        function openEmpty() {
            var pane = createTemporaryObject(paneComponent, testRoot, { databasePath: TestData.newArchive() })
            verify(pane !== null)
            tryVerify(function() { return pane.archive.ready && !pane.archive.loadingGame }, 10000)
            settle(pane)
            return pane
        }
        // New game from the dialog under the rules of radio button `key`.
        function startGame(pane, key) {
            mouseClick(child(pane, "newGameRules"))
            var dialog = child(pane, "newGameDialog")
            tryVerify(function() { return dialog.opened }, 3000)
            mouseClick(inDialog(dialog, "rules_" + key))
            mouseClick(inDialog(dialog, "startNewGame"))
            tryVerify(function() { return !dialog.visible }, 3000)
            settle(pane)
        }
        // The placements (Black d4, White e4, Black e5, White d5: the mirrored cross), then
        // e3 d3: Black's c3 now outflanks two lines, c3>e3 (over d3) and c3>e5 (over d4).
        function playToChoice(pane) {
            var game = pane.game
            compare(game.statusText, "Black places a disc on the centre")
            // Off the centre nothing can be placed; only the centre squares are marked.
            click(pane, "c4")
            compare(game.ply, 0)
            for (const sq of ["d4", "e4", "e5", "d5"]) {
                verify(game.placing)
                click(pane, sq)
            }
            compare(game.ply, 4)
            verify(!game.placing)
            click(pane, "e3")
            click(pane, "d3")
            compare(game.ply, 6)
        }

        function test_reversi_placements_and_line_choice() {
            var pane = openEmpty()
            var game = pane.game
            startGame(pane, "reversi")
            compare(game.rulesCode, "reversi")
            var header = child(pane, "headerRules")
            verify(header.visible)
            verify(header.text.indexOf("classic Reversi") === 0, header.text)
            playToChoice(pane)

            // The choice: nothing played yet, the lines' discs numbered, the far ends ringed.
            click(pane, "c3")
            verify(game.choosingLine)
            compare(game.ply, 6)
            verify(child(pane, "statusText").text.indexOf("c3: 2 lines.") === 0,
                   child(pane, "statusText").text)
            compare(game.choiceNames, ["c3>e3", "c3>e5"])
            verify(child(pane, "choice_d3").visible)
            verify(child(pane, "choice_d4").visible)
            verify(child(pane, "choiceEnd_e3").visible)
            verify(child(pane, "choiceEnd_e5").visible)
            verify(child(pane, "choiceSquare_c3").visible)
            verify(!child(pane, "choice_e4").visible)
            settle(pane)
            grabImage(pane).save(TestData.outputDir + "/rules_line_choice.png")
            saveItem(child(pane, "gameHeader"), "rules_header.png")
            // Othello's opening names are not given to a Reversi line (this one reaches the
            // position of Othello's "Parallel").
            compare(child(pane, "headerOpening").text, "—")

            // By key: 2 plays the second line; the move list writes it.
            keyClick(Qt.Key_2)
            verify(!game.choosingLine)
            compare(game.ply, 7)
            compare(game.lineText().split(" ")[6], "c3>e5")
            compare(child(pane, "moveText_7").text, "c3>e5")
            pane.tabs.currentIndex = 0
            settle(pane)
            grabImage(pane).save(TestData.outputDir + "/rules_move_list.png")
            compare(game.board.discAt(27), 1)  // d4 flipped to Black
            compare(game.board.discAt(19), 2)  // d3 still White
            verify(!child(pane, "choice_d3").visible)

            // Undo goes back over it; by a click on a disc of the first line.
            game.undo()
            compare(game.ply, 6)
            click(pane, "c3")
            verify(game.choosingLine)
            click(pane, "d3")
            verify(!game.choosingLine)
            compare(game.lineText().split(" ")[6], "c3>e3")
            compare(game.board.discAt(19), 1)

            // By a click on the far end of the second line.
            game.undo()
            click(pane, "c3")
            click(pane, "e5")
            compare(game.lineText().split(" ")[6], "c3>e5")

            // Escape drops the choice: nothing played.
            game.undo()
            compare(game.ply, 6)
            click(pane, "c3")
            verify(game.choosingLine)
            keyClick(Qt.Key_Escape)
            verify(!game.choosingLine)
            compare(game.ply, 6)
            compare(game.plyCount, 6)
            verify(!child(pane, "choice_d3").visible)
            // A number with no line does nothing.
            click(pane, "c3")
            keyClick(Qt.Key_3)
            verify(game.choosingLine)
            keyClick(Qt.Key_1)
            compare(game.lineText().split(" ")[6], "c3>e3")
        }

        function test_handicap_from_dialog() {
            var pane = openEmpty()
            var game = pane.game
            mouseClick(child(pane, "newGameRules"))
            var dialog = child(pane, "newGameDialog")
            tryVerify(function() { return dialog.opened }, 3000)
            mouseClick(inDialog(dialog, "rules_handicap"))
            verify(inDialog(dialog, "handicapOptions").visible)
            // No corner: not a handicap, the dialog says so and cannot start.
            mouseClick(inDialog(dialog, "corner_a8"))
            mouseClick(inDialog(dialog, "corner_h8"))
            verify(!inDialog(dialog, "startNewGame").enabled)
            mouseClick(inDialog(dialog, "corner_a1"))
            mouseClick(inDialog(dialog, "corner_h8"))
            inDialog(dialog, "handicapTo").activated(1)   // White gets them
            inDialog(dialog, "handicapFirst").activated(1)  // and moves first
            compare(dialog.code, "othello+handicap-a1h8-white+white-first")
            verify(inDialog(dialog, "rulesPreview").text.indexOf("handicap") >= 0)
            mouseClick(inDialog(dialog, "startNewGame"))
            tryVerify(function() { return !dialog.visible }, 3000)
            compare(game.rulesCode, "othello+handicap-a1h8-white+white-first")
            compare(game.sideToMove, 2)
            compare(game.board.discAt(0), 2)
            compare(game.board.discAt(63), 2)
            verify(child(pane, "headerRules").text.indexOf("handicap corners a1h8 to white") > 0,
                   child(pane, "headerRules").text)
            settle(pane)
            saveItem(child(pane, "gameHeader"), "rules_header_handicap.png")
            // Othello again: the header says nothing of rules.
            mouseClick(child(pane, "newGame"))
            compare(game.rulesCode, "othello")
            verify(!child(pane, "headerRules").visible)
        }
    }
}
