import QtQuick
import QtTest
import Othello.Viewer
import ViewerTest

// The archivist's workbench driven like a user (issue 11, "Enter and save games", "Correct and
// delete, with history"): a game entered and saved shows up in search; its black name and a
// move are corrected; it is deleted, restored from the trash and purged; every change is
// undone and redone with Ctrl+Z / Ctrl+Shift+Z; a result the moves contradict is refused in
// plain words; leaving unsaved edits asks. Each test works on a new, empty archive of its own.
Item {
    id: testRoot
    width: 1280
    height: 800

    // A finished game (30-34) of the fixture archive, and an opening of it.
    readonly property string fullGame: "f5 d6 c3 d3 c4 b3 c6 g6 e6 f7 d2 e2 e7 b7 g5 d7 g8 g7 f2 d1 c7 g2 b2 c5 e8 c2 b5 a1 h7 d8 c8 a6 e3 b8 a2 h5 h2 f3 f6 b6 f1 h8 h4 c1 a7 h6 f4 h3 a5 a3 a8 e1 b1 g3 b4 g4 g1 h1 f8 a4"
    readonly property string opening: "f5 d6 c3 d3 c4"

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
        name: "Curation"
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
        // Replaces a field's text by typing, as a user does.
        function typeInto(pane, name, text) {
            var field = child(pane, name)
            mouseClick(field)
            field.selectAll()
            keyClick(Qt.Key_Delete)
            typeText(text)
            keyClick(Qt.Key_Escape)  // closes the completion list
            return field
        }
        function idle(pane) {
            tryVerify(function() { return !pane.curation.busy }, 10000)
        }
        // The keys go to the window's shortcuts, not to the field last typed in.
        function undo(pane) {
            pane.forceActiveFocus()
            keyClick(Qt.Key_Z, Qt.ControlModifier)
            idle(pane)
        }
        function redo(pane) {
            pane.forceActiveFocus()
            keyClick(Qt.Key_Z, Qt.ControlModifier | Qt.ShiftModifier)
            idle(pane)
        }
        // The first result row's black name, once the row is there.
        function firstBlack(pane) {
            tryVerify(function() { return findChild(pane, "result_0") !== null }, 5000)
            return findChild(findChild(pane, "result_0"), "cell_1")
        }
        function searchTotal(pane) {
            var results = pane.archive.results
            pane.tabs.currentIndex = 2
            settle(pane)
            child(pane, "searchButton").clicked()
            tryVerify(function() { return results.searched && !results.loading }, 10000)
            return results.total
        }
        // A new empty archive on the Edit tab.
        function openEditor() {
            var pane = createTemporaryObject(paneComponent, testRoot, { databasePath: TestData.newArchive() })
            verify(pane !== null)
            tryVerify(function() { return pane.archive.ready && !pane.archive.loadingGame }, 10000)
            tryVerify(function() { return pane.archive.importer.blockedReason === "" }, 5000)
            pane.tabs.currentIndex = pane.editTab
            settle(pane)
            return pane
        }
        // New game, its moves pasted, headers typed, saved: the id it got.
        function enterGame(pane, moves, black, white, result) {
            mouseClick(child(pane, "newGame"))
            compare(pane.tabs.currentIndex, pane.editTab)
            compare(pane.game.gameId, 0)
            child(pane, "formMoves").text = moves
            mouseClick(child(pane, "formApplyMoves"))
            compare(child(pane, "formMovesError").text, "")
            // The board's line writes the passes the replay inferred; the typed moves leave them out.
            compare(pane.game.lineText().replace(/ pa\b/g, ""), moves)
            typeInto(pane, "formBlack", black)
            typeInto(pane, "formWhite", white)
            typeInto(pane, "formEvent", "Club Night")
            typeInto(pane, "formDate", "2001-05-03")
            if (result !== "") typeInto(pane, "formResult", result)
            mouseClick(child(pane, "formSave"))
            idle(pane)
            return pane.game.gameId
        }

        function test_enter_save_and_search() {
            var pane = openEditor()
            var id = enterGame(pane, testRoot.fullGame, "Tamenori Hideshi", "Murakami Takeshi", "30-34")
            compare(pane.curation.errorText, "")
            verify(id > 0, "the game got an id")
            compare(child(pane, "headerBlack").text, "Tamenori Hideshi")
            compare(child(pane, "headerEvent").text.indexOf("Club Night"), 0)
            verify(child(pane, "headerGame").text.indexOf("#" + id) === 0)
            verify(!pane.game.modified)
            compare(pane.curation.storedHeaders.result, "30-34")
            // In the search results at once.
            compare(searchTotal(pane), 1)
            compare(pane.archive.results.gameIdAt(0), id)
            tryVerify(function() { return findChild(pane, "result_0") !== null }, 5000)
            compare(findChild(findChild(pane, "result_0"), "cell_1").text, "Tamenori Hideshi")
            // The journal has it, under this window's user.
            pane.tabs.currentIndex = pane.historyTab
            tryVerify(function() { return pane.curation.history.length === 1 }, 5000)
            compare(pane.curation.history[0].kind, "add")
            compare(pane.curation.history[0].user, pane.curation.user)
            verify(pane.curation.user !== "")
            // Undo the save: the game goes to the trash and leaves the search; redo brings it.
            undo(pane)
            compare(pane.curation.errorText, "")
            tryVerify(function() { return pane.curation.shownTrashed }, 5000)
            compare(searchTotal(pane), 0)
            redo(pane)
            tryVerify(function() { return !pane.curation.shownTrashed }, 5000)
            compare(searchTotal(pane), 1)
            compare(pane.game.gameId, id)
        }

        function test_names_complete_from_archive() {
            var pane = openEditor()
            enterGame(pane, testRoot.opening, "Tamenori Hideshi", "Murakami Takeshi", "")
            mouseClick(child(pane, "newGame"))
            var field = child(pane, "formWhite")
            mouseClick(field)
            typeText("tam")
            tryVerify(function() { return field.suggestionsShown }, 5000)
            compare(pane.curation.playerNames[0], "Tamenori Hideshi")
            keyClick(Qt.Key_Down)
            keyClick(Qt.Key_Return)
            compare(field.text, "Tamenori Hideshi")
            var event = child(pane, "formEvent")
            mouseClick(event)
            typeText("CLUB")
            tryVerify(function() { return pane.curation.eventNames.length === 1 }, 5000)
            compare(pane.curation.eventNames[0], "Club Night")
        }

        function test_bad_result_refused_in_plain_words() {
            var pane = openEditor()
            var id = enterGame(pane, testRoot.fullGame, "A", "B", "40-24")
            compare(id, 0, "nothing stored")
            var status = child(pane, "formStatus").text
            verify(status.indexOf("Not saved") === 0, status)
            verify(status.indexOf("disagrees with the moves") >= 0, status)
            verify(status.indexOf("30-34") >= 0, status)
            compare(pane.archive.gameCount, 0)
            // A result that is no result.
            typeInto(pane, "formResult", "black won")
            mouseClick(child(pane, "formSave"))
            idle(pane)
            verify(pane.curation.errorText.indexOf("not a result") >= 0, pane.curation.errorText)
            // A bad date.
            typeInto(pane, "formResult", "30-34")
            typeInto(pane, "formDate", "3 May 2001")
            mouseClick(child(pane, "formSave"))
            idle(pane)
            verify(pane.curation.errorText.indexOf("date") >= 0, pane.curation.errorText)
            compare(pane.game.gameId, 0)
            // Corrected: saved.
            typeInto(pane, "formDate", "2001")
            mouseClick(child(pane, "formSave"))
            idle(pane)
            compare(pane.curation.errorText, "")
            verify(pane.game.gameId > 0)
        }

        function test_unfinished_game_keeps_stated_result() {
            var pane = openEditor()
            var id = enterGame(pane, testRoot.opening, "A", "B", "1-0")
            verify(id > 0, pane.curation.errorText)
            compare(pane.curation.storedHeaders.complete, false)
            compare(pane.curation.storedHeaders.resultText, "1-0 (unfinished)")
            verify(child(pane, "formResultHint").text.indexOf("(stated)") >= 0, child(pane, "formResultHint").text)
            compare(child(pane, "headerResult").text, "1-0 (unfinished)")
        }

        function test_edit_black_name_and_undo() {
            var pane = openEditor()
            var id = enterGame(pane, testRoot.fullGame, "Tamenori", "Murakami", "")
            verify(id > 0)
            typeInto(pane, "formBlack", "Tamenori Hideshi")
            verify(child(pane, "formTitle").text.indexOf("modified") > 0)
            mouseClick(child(pane, "formSave"))
            idle(pane)
            compare(pane.curation.errorText, "")
            tryCompare(child(pane, "headerBlack"), "text", "Tamenori Hideshi", 5000)
            compare(pane.game.gameId, id)
            compare(searchTotal(pane), 1)
            tryCompare(firstBlack(pane), "text", "Tamenori Hideshi", 5000)
            // Undo: the old name is back in the archive, on the board and in the form.
            undo(pane)
            compare(pane.curation.errorText, "")
            tryCompare(child(pane, "headerBlack"), "text", "Tamenori", 5000)
            tryCompare(child(pane, "formBlack"), "text", "Tamenori", 5000)
            compare(searchTotal(pane), 1)
            tryCompare(firstBlack(pane), "text", "Tamenori", 5000)
            redo(pane)
            tryCompare(child(pane, "headerBlack"), "text", "Tamenori Hideshi", 5000)
            // The history shows the edit with old and new values, and its revert chain.
            pane.tabs.currentIndex = pane.historyTab
            tryVerify(function() { return pane.curation.history.length === 4 }, 5000)
            verify(pane.curation.history[3].summary.indexOf("Tamenori") >= 0)
        }

        function test_edit_a_move() {
            var pane = openEditor()
            var id = enterGame(pane, testRoot.opening, "A", "B", "")
            verify(id > 0)
            // The game goes on: b3 played at its end makes the main line longer.
            pane.game.last()
            verify(pane.game.playMove(17))  // b3
            verify(pane.game.modified, "a move played at the end of the game changes it")
            verify(child(pane, "formSave").enabled)
            mouseClick(child(pane, "formSave"))
            idle(pane)
            compare(pane.curation.errorText, "")
            compare(pane.game.gameId, id)
            compare(pane.game.plyCount, 6)
            verify(!pane.game.modified)
            compare(pane.game.lineText(), testRoot.opening + " b3")
            // Stored: a position search for the new position finds it.
            pane.tabs.currentIndex = 2
            settle(pane)
            var opening = child(pane, "searchOpening")
            opening.text = testRoot.opening + " b3"
            child(pane, "searchButton").clicked()
            tryVerify(function() { return pane.archive.results.searched && !pane.archive.results.loading }, 10000)
            compare(pane.archive.results.total, 1)
            // Undone: the five moves again.
            undo(pane)
            tryCompare(pane.game, "plyCount", 5, 5000)
            redo(pane)
            tryCompare(pane.game, "plyCount", 6, 5000)
        }

        function test_delete_restore_purge() {
            var pane = openEditor()
            var first = enterGame(pane, testRoot.opening, "First", "Game", "")
            var id = enterGame(pane, testRoot.fullGame, "Second", "Game", "")
            verify(first > 0 && id > first)
            // Delete the game shown: it leaves search at once; Ctrl+Z restores it.
            mouseClick(child(pane, "deleteGame"))
            idle(pane)
            compare(pane.curation.errorText, "")
            tryVerify(function() { return pane.curation.shownTrashed }, 5000)
            verify(child(pane, "headerGame").text.indexOf("in the trash") > 0)
            compare(searchTotal(pane), 1)
            undo(pane)
            tryVerify(function() { return !pane.curation.shownTrashed }, 5000)
            compare(searchTotal(pane), 2)
            redo(pane)
            tryVerify(function() { return pane.curation.shownTrashed }, 5000)
            // The Trash tab lists it; Restore brings it back (and is undoable too).
            pane.tabs.currentIndex = pane.trashTab
            tryVerify(function() { return pane.curation.trash.length === 1 }, 5000)
            compare(pane.curation.trash[0].id, id)
            compare(pane.curation.trash[0].black, "Second")
            settle(pane)
            grabImage(pane).save(TestData.outputDir + "/curation_trash.png")
            mouseClick(child(pane, "restore_0"))
            idle(pane)
            tryVerify(function() { return pane.curation.trash.length === 0 }, 5000)
            tryVerify(function() { return !pane.curation.shownTrashed }, 5000)
            compare(searchTotal(pane), 2)
            undo(pane)
            pane.tabs.currentIndex = pane.trashTab
            tryVerify(function() { return pane.curation.trash.length === 1 }, 5000)
            // Purge asks, says it cannot be undone, and deletes for good.
            mouseClick(child(pane, "purge_0"))
            var dialog = child(pane, "purgeDialog")
            tryVerify(function() { return dialog.opened }, 5000)
            verify(findChild(dialog, "confirmPurge") !== null)
            mouseClick(findChild(dialog, "confirmPurge"))
            idle(pane)
            tryVerify(function() { return pane.curation.trash.length === 0 }, 5000)
            compare(pane.curation.errorText, "")
            compare(searchTotal(pane), 1)
            // Undoing the deletion of a purged game is refused, in words.
            undo(pane)
            verify(pane.curation.errorText.indexOf("Cannot undo") === 0, pane.curation.errorText)
            verify(pane.curation.errorText.indexOf("purged") > 0, pane.curation.errorText)
            compare(searchTotal(pane), 1)
        }

        function test_history_revert_and_blocked() {
            var pane = openEditor()
            var id = enterGame(pane, testRoot.fullGame, "Name1", "W", "")
            typeInto(pane, "formBlack", "Name2")
            mouseClick(child(pane, "formSave"))
            idle(pane)
            typeInto(pane, "formBlack", "Name3")
            mouseClick(child(pane, "formSave"))
            idle(pane)
            tryCompare(child(pane, "headerBlack"), "text", "Name3", 5000)
            pane.tabs.currentIndex = pane.historyTab
            tryVerify(function() { return pane.curation.history.length === 3 }, 5000)
            settle(pane)
            // Reverting the first rename is blocked by the second, and says so.
            var older = findChild(pane, "revert_1")
            verify(older !== null)
            mouseClick(older)
            idle(pane)
            verify(pane.curation.errorText.indexOf("Not reverted") === 0, pane.curation.errorText)
            verify(pane.curation.errorText.indexOf("revert that one first") > 0, pane.curation.errorText)
            verify(child(pane, "historyStatus").visible)
            compare(child(pane, "headerBlack").text, "Name3")
            // The latest reverts: Name2 again; Ctrl+Z undoes the revert.
            mouseClick(child(pane, "revert_0"))
            idle(pane)
            compare(pane.curation.errorText, "")
            tryCompare(child(pane, "headerBlack"), "text", "Name2", 5000)
            undo(pane)
            tryCompare(child(pane, "headerBlack"), "text", "Name3", 5000)
            verify(id > 0)
        }

        function test_leaving_unsaved_edits_asks() {
            var pane = openEditor()
            var first = enterGame(pane, testRoot.opening, "First", "Game", "")
            var second = enterGame(pane, testRoot.opening, "Second", "Game", "")
            pane.game.last()
            verify(pane.game.playMove(17))
            verify(pane.game.modified)
            pane.archive.openGame(first, 0)
            var dialog = child(pane, "leaveDialog")
            tryVerify(function() { return dialog.opened }, 5000)
            compare(pane.game.gameId, second)
            mouseClick(findChild(dialog, "leaveEdit"))
            tryVerify(function() { return !dialog.opened }, 5000)
            compare(pane.game.gameId, second)
            verify(pane.game.modified)
            pane.archive.openGame(first, 0)
            tryVerify(function() { return dialog.opened }, 5000)
            mouseClick(findChild(dialog, "leaveDiscard"))
            tryCompare(pane.game, "gameId", first, 5000)
            verify(!pane.game.modified)
            // Closing the window: nothing unsaved closes at once; unsaved edits ask, and
            // "Keep editing" keeps the window.
            var close = { accepted: true }
            var closed = 0
            pane.handleClose(close, function() { ++closed })
            verify(close.accepted)
            pane.game.last()
            verify(pane.game.playMove(17))
            close = { accepted: true }
            pane.handleClose(close, function() { ++closed })
            verify(!close.accepted)
            tryVerify(function() { return dialog.opened }, 5000)
            mouseClick(findChild(dialog, "leaveEdit"))
            tryVerify(function() { return !dialog.opened }, 5000)
            compare(closed, 0)
            pane.handleClose(close, function() { ++closed })
            tryVerify(function() { return dialog.opened }, 5000)
            mouseClick(findChild(dialog, "leaveDiscard"))
            compare(closed, 1)
        }

        // The editor form of a stored game, looked at (the run's folder).
        function test_editor_screenshot() {
            var pane = openEditor()
            var id = enterGame(pane, testRoot.fullGame, "Tamenori Hideshi", "Murakami Takeshi", "30-34")
            verify(id > 0)
            typeInto(pane, "formRound", "3")
            typeInto(pane, "formPlace", "Paris")
            pane.game.jump(20)
            settle(pane)
            grabImage(pane).save(TestData.outputDir + "/curation_editor.png")
            mouseClick(child(pane, "newGame"))
            verify(child(pane, "formStatus").text.indexOf("Saved") < 0, "the last save's message goes with its game: " + child(pane, "formStatus").text)
            child(pane, "formMoves").text = testRoot.opening
            mouseClick(child(pane, "formApplyMoves"))
            typeInto(pane, "formBlack", "Tam")
            settle(pane)
            grabImage(pane).save(TestData.outputDir + "/curation_new_game.png")
        }
    }
}
