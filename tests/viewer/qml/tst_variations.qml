import QtQuick
import QtTest
import Othello.Viewer
import ViewerTest

// The game tree driven like a user (issue 11, "Comments and variations"): exploring keeps the
// game as a variation, stepping goes in and out of it, the question asked when a move differs
// (variation / overwrite / cancel, and the setting), promote, delete, comments added, edited
// and deleted, and every edit undone and redone with Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y.
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
        name: "Variations"
        when: windowShown

        function settle(pane) {
            waitForRendering(pane, 1000)
            wait(20)
        }
        function child(parent, name) {
            var item = findChild(parent, name)
            verify(item !== null, "no item " + name)
            return item
        }
        // The archive's first game (f5 d6 c3 ...) at its start.
        function openArchive() {
            var pane = createTemporaryObject(paneComponent, testRoot, { databasePath: TestData.archivePath })
            verify(pane !== null)
            tryVerify(function() { return pane.archive.ready && !pane.archive.loadingGame }, 10000)
            verify(pane.game.gameId > 0)
            compare(pane.game.movesText, "")
            pane.game.last()
            compare(pane.game.lineText().indexOf("f5 d6 c3"), 0)
            pane.game.first()
            settle(pane)
            return pane
        }
        function prompt(pane) { return child(pane, "branchPrompt") }
        function promptButton(pane, name) { return child(prompt(pane).contentItem, name) }
        function typeText(text) {
            for (var i = 0; i < text.length; ++i) {
                var c = text[i]
                if (c === " ") keyClick(Qt.Key_Space)
                else keyClick(c)
            }
        }
        function undoKey() { keyClick(Qt.Key_Z, Qt.ControlModifier) }
        function redoKey() { keyClick(Qt.Key_Z, Qt.ControlModifier | Qt.ShiftModifier) }
        // The texts of a variation row's tokens, joined by spaces.
        function rowText(pane, row) {
            var tokens = pane.game.moveList.data(pane.game.moveList.index(row, 0), MoveListModel.TokensRole)
            var texts = []
            for (var i = 0; i < tokens.length; ++i) texts.push(tokens[i].text)
            return texts.join(" ")
        }
        // A legal square of the position shown other than the line's next move ("d3").
        function otherLegal(pane) {
            for (var sq = 0; sq < 64; ++sq) {
                var name = "abcdefgh"[sq % 8] + (Math.floor(sq / 8) + 1)
                if (sq !== pane.game.nextMove && child(pane, "square_" + name).legal) return name
            }
            fail("no other legal move")
        }
        // Clicks a board square, answering the question (if asked) with `answer`.
        function play(pane, square, answer) {
            mouseClick(child(pane, "square_" + square))
            if (answer === undefined) return
            tryVerify(function() { return prompt(pane).opened }, 2000)
            mouseClick(promptButton(pane, answer))
            tryVerify(function() { return !prompt(pane).visible }, 2000)
        }

        function test_explore_keeps_the_game() {
            var pane = openArchive()
            var game = pane.game
            var full = game.lineText()
            // d3 where the game went f5: asked, and kept as a variation.
            mouseClick(child(pane, "square_d3"))
            tryVerify(function() { return prompt(pane).opened }, 2000)
            compare(game.pendingMove, 19)
            verify(child(prompt(pane).contentItem, "branchQuestion").text.indexOf("f5") >= 0)
            compare(game.ply, 0)
            mouseClick(promptButton(pane, "branchVariation"))
            verify(game.inAnalysis)
            compare(game.movesText, "d3")
            verify(game.modified)
            // The variation goes on without asking (its end is extended).
            play(pane, "c5")
            compare(game.movesText, "d3 c5")
            verify(!prompt(pane).opened)
            settle(pane)
            // The move list keeps the whole game and shows the variation after f5.
            var row = game.moveList.rowOfPly(1)
            compare(game.moveList.data(game.moveList.index(row + 1, 0), MoveListModel.KindRole), MoveListModel.KindVariation)
            compare(rowText(pane, row + 1), "1. d3 c5")
            verify(child(pane, "var_0:2").current)
            verify(!child(pane, "move_2").current)
            grabImage(pane).save(TestData.outputDir + "/variation_explored.png")
            // Back out: at the branch the game's own moves are shown again, all of them.
            keyClick(Qt.Key_Left)
            verify(game.inAnalysis)
            keyClick(Qt.Key_Left)
            verify(!game.inAnalysis)
            compare(game.ply, 0)
            compare(game.lineText(), full)
            keyClick(Qt.Key_Right)
            compare(game.movesText, "f5")
            // A click on the variation's move goes there; Right walks it.
            mouseClick(child(pane, "var_0:1"))
            verify(game.inAnalysis)
            compare(game.movesText, "d3")
            keyClick(Qt.Key_Right)
            compare(game.movesText, "d3 c5")
            keyClick(Qt.Key_Right)
            compare(game.movesText, "d3 c5")  // its end
            // Playing d3 again at the start enters the variation, no question.
            keyClick(Qt.Key_Home)
            verify(!game.inAnalysis)
            play(pane, "d3")
            verify(!prompt(pane).opened)
            verify(game.inAnalysis)
            compare(game.locationKey, "0:1")
            // Undo the two edits, redo them (Ctrl+Shift+Z and Ctrl+Y).
            undoKey()
            compare(game.movesText, "d3")
            undoKey()
            verify(!game.inAnalysis)
            verify(!game.modified)
            compare(game.lineText(), full)
            redoKey()
            compare(game.movesText, "d3")
            keyClick(Qt.Key_Y, Qt.ControlModifier)
            compare(game.movesText, "d3 c5")
            verify(game.modified)
        }

        function test_prompt_choices_and_setting() {
            var pane = openArchive()
            var game = pane.game
            var full = game.lineText()
            keyClick(Qt.Key_Right)  // after f5; the game goes d6
            // The question, looked at (the window's content: the prompt is in its overlay).
            mouseClick(child(pane, "square_f6"))
            tryVerify(function() { return prompt(pane).opened }, 2000)
            settle(pane)
            grabImage(pane.Window.contentItem).save(TestData.outputDir + "/variation_prompt.png")
            mouseClick(promptButton(pane, "branchCancel"))
            tryVerify(function() { return !prompt(pane).visible }, 2000)
            // Cancel: nothing happens.
            play(pane, "f6", "branchCancel")
            compare(game.movesText, "f5")
            verify(!game.canUndo)
            // Escape: the same.
            mouseClick(child(pane, "square_f6"))
            tryVerify(function() { return prompt(pane).opened }, 2000)
            keyClick(Qt.Key_Escape)
            tryVerify(function() { return !prompt(pane).visible }, 2000)
            compare(game.pendingMove, -1)
            verify(!game.canUndo)
            // The keyboard answers too: V keeps a variation.
            mouseClick(child(pane, "square_f6"))
            tryVerify(function() { return prompt(pane).opened }, 2000)
            keyClick(Qt.Key_V)
            tryVerify(function() { return !prompt(pane).visible }, 2000)
            verify(game.inAnalysis)
            compare(game.movesText, "f5 f6")
            undoKey()
            verify(!game.inAnalysis)
            verify(!game.canUndo)
            // Overwrite: the game now ends f5 f6; Ctrl+Z gives it back whole.
            play(pane, "f6", "branchOverwrite")
            compare(game.lineText(), "f5 f6")
            verify(!game.inAnalysis)
            verify(game.modified)
            verify(child(pane, "undoButton").enabled)
            compare(game.undoText, "Overwrite with f6")
            undoKey()
            compare(game.lineText(), full)
            compare(game.ply, 1)
            verify(!game.modified)
            verify(child(pane, "redoButton").enabled)
            redoKey()
            compare(game.lineText(), "f5 f6")
            mouseClick(child(pane, "undoButton"))
            compare(game.lineText(), full)
            // "Do this from now on": the setting changes, and the next move is not asked.
            mouseClick(child(pane, "square_f6"))
            tryVerify(function() { return prompt(pane).opened }, 2000)
            mouseClick(promptButton(pane, "branchRemember"))
            mouseClick(promptButton(pane, "branchVariation"))
            compare(game.branchMode, GameController.BranchVariation)
            verify(game.inAnalysis)
            keyClick(Qt.Key_Left)
            play(pane, "f4")
            verify(!prompt(pane).opened)
            compare(game.movesText, "f5 f4")
            // The menu sets it back to asking.
            mouseClick(child(pane, "moveEditMenuButton"))
            var menu = child(pane, "moveEditMenu")
            tryVerify(function() { return menu.opened }, 2000)
            mouseClick(child(menu.contentItem, "branchMode_0"))
            compare(game.branchMode, GameController.BranchAsk)
        }

        function test_promote_and_delete() {
            var pane = openArchive()
            var game = pane.game
            var full = game.lineText()
            keyClick(Qt.Key_Right)
            play(pane, "f6", "branchVariation")
            play(pane, "e6")
            compare(game.movesText, "f5 f6 e6")
            // Promote from the menu: the variation is the main line, the game's d6... a
            // variation at ply 1.
            mouseClick(child(pane, "moveEditMenuButton"))
            var menu = child(pane, "moveEditMenu")
            tryVerify(function() { return menu.opened }, 2000)
            mouseClick(child(menu.contentItem, "menuPromote"))
            verify(!game.inAnalysis)
            compare(game.lineText(), "f5 f6 e6")
            compare(game.ply, 3)
            settle(pane)
            var row = game.moveList.rowOfPly(2)
            compare(rowText(pane, row + 1).indexOf("1\u2026 d6 2. c3"), 0)
            compare(game.undoText, "Promote variation")
            undoKey()
            compare(game.lineText(), "f5 f6 e6")
            verify(game.inAnalysis)
            keyClick(Qt.Key_Home)
            compare(game.lineText(), full)
            redoKey()
            verify(!game.inAnalysis)
            undoKey()
            // Delete the variation from its second move: f6 stays.
            mouseClick(child(pane, "var_0:3"))
            mouseClick(child(pane, "moveEditMenuButton"))
            tryVerify(function() { return menu.opened }, 2000)
            mouseClick(child(menu.contentItem, "menuDeleteVariation"))
            compare(game.movesText, "f5 f6")
            compare(game.plyCount, 2)
            // From its first move: it is gone, the game shown at the branch.
            mouseClick(child(pane, "moveEditMenuButton"))
            tryVerify(function() { return menu.opened }, 2000)
            mouseClick(child(menu.contentItem, "menuDeleteVariation"))
            verify(!game.inAnalysis)
            compare(game.ply, 1)
            compare(game.lineText(), full)
            verify(!game.modified)  // as loaded: f6 made and deleted
            undoKey()
            compare(game.movesText, "f5 f6")
            undoKey()
            compare(game.movesText, "f5 f6 e6")
        }

        function test_comments_add_edit_delete() {
            var pane = openArchive()
            var game = pane.game
            keyClick(Qt.Key_Right)
            keyClick(Qt.Key_Right)
            keyClick(Qt.Key_Right)  // after c3, Black's 2nd move
            var editButton = child(pane, "commentEditButton")
            compare(editButton.text, "Comment…")
            mouseClick(editButton)
            var area = child(pane, "commentArea")
            tryVerify(function() { return area.activeFocus }, 2000)
            typeText("sharp line")
            mouseClick(child(pane, "commentSave"))
            compare(game.comment, "sharp line")
            compare(game.undoText, "Add comment")
            settle(pane)
            // Shown in italics right after the move, the main line resuming below.
            var row = game.moveList.rowOfPly(3)
            var label = child(pane, "comment_" + (row + 1))
            compare(label.text, "sharp line")
            verify(label.font.italic)
            verify(game.moveList.data(game.moveList.index(row + 2, 0), MoveListModel.ContinuedRole))
            compare(child(pane, "commentShown").text, "sharp line")
            // Edit it.
            mouseClick(child(pane, "commentEditButton"))
            tryVerify(function() { return area.activeFocus }, 2000)
            compare(area.text, "sharp line")
            keyClick(Qt.Key_End, Qt.ControlModifier)
            typeText(" indeed")
            mouseClick(child(pane, "commentSave"))
            compare(game.comment, "sharp line indeed")
            compare(game.undoText, "Edit comment")
            // Cancel keeps it.
            mouseClick(child(pane, "commentEditButton"))
            typeText("x")
            mouseClick(child(pane, "commentCancel"))
            compare(game.comment, "sharp line indeed")
            // Delete it.
            mouseClick(child(pane, "commentEditButton"))
            mouseClick(child(pane, "commentDelete"))
            compare(game.comment, "")
            compare(game.undoText, "Delete comment")
            // Each edit undone with Ctrl+Z, redone with Ctrl+Shift+Z, wherever the board is.
            keyClick(Qt.Key_Home)
            undoKey()
            compare(game.ply, 3)
            compare(game.comment, "sharp line indeed")
            undoKey()
            compare(game.comment, "sharp line")
            undoKey()
            compare(game.comment, "")
            verify(!game.modified)
            redoKey()
            redoKey()
            compare(game.comment, "sharp line indeed")
            verify(game.modified)
        }

        // A game with variations (one nested) and comments, looked at in a screenshot.
        function test_screenshot_variations_and_comments() {
            var pane = openArchive()
            var game = pane.game
            game.branchMode = GameController.BranchVariation
            game.setComment("The tiger, the most played opening of the archive.")
            keyClick(Qt.Key_Right)
            play(pane, "f6")
            play(pane, "e6")
            play(pane, "f4")
            keyClick(Qt.Key_Left)
            var nested = otherLegal(pane)
            play(pane, nested)  // nested
            game.setComment("Rare, and good for Black.")
            keyClick(Qt.Key_Home)
            keyClick(Qt.Key_Right)
            play(pane, "f4")
            play(pane, "e3")
            game.setComment("The parallel opening.")
            keyClick(Qt.Key_Home)
            for (var i = 0; i < 6; ++i) keyClick(Qt.Key_Right)
            game.setComment("Both sides follow theory so far.")
            mouseClick(child(pane, "var_0.0:4"))
            compare(game.variationDepth, 2)
            settle(pane)
            var view = child(pane, "moveListView")
            var rows = []
            for (var r = 0; r < game.moveList.rowCount(); ++r)
                rows.push(game.moveList.data(game.moveList.index(r, 0), MoveListModel.KindRole))
            compare(rows.slice(0, 6), [MoveListModel.KindComment, MoveListModel.KindMoves,
                                       MoveListModel.KindVariation, MoveListModel.KindVariation,
                                       MoveListModel.KindMoves, MoveListModel.KindMoves])
            compare(rowText(pane, 2), "1\u2026 f6 2. e6 f4 ( 2\u2026 " + nested + " Rare, and good for Black. )")
            compare(rowText(pane, 3), "1\u2026 f4 2. e3 The parallel opening.")
            verify(child(pane, "var_0.0:4").current)
            grabImage(pane).save(TestData.outputDir + "/variations_and_comments.png")
        }
    }
}
