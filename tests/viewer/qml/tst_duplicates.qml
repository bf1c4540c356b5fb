import QtQuick
import QtTest
import Othello.Viewer
import ViewerTest

// The Duplicates tab driven like an archivist (issue 25): the groups of possible duplicates are
// listed likeliest first with why they match and what differs; a merge whose values conflict is
// refused in plain words until the archivist says whose values win; keeping one game trashes the
// other (Ctrl+Z brings it back, Ctrl+Shift+Z trashes it again); a short line two players happen
// to share is marked "not duplicates" and is no longer listed. Each test works on a new archive
// of its own (TestData.duplicatesArchive: games 1 and 2 the same game, 3 and 4 a short line).
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
        name: "Duplicates"
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
        function idle(pane) {
            tryVerify(function() { return !pane.curation.busy }, 10000)
        }
        function model(pane) {
            return child(pane, "duplicatesPanel").model
        }
        // The Duplicates tab of a new archive of duplicates, its list read.
        function openDuplicates() {
            var pane = createTemporaryObject(paneComponent, testRoot, { databasePath: TestData.duplicatesArchive() })
            verify(pane !== null)
            tryVerify(function() { return pane.archive.ready && !pane.archive.loadingGame }, 10000)
            tryVerify(function() { return pane.archive.importer.blockedReason === "" }, 5000)
            mouseClick(child(pane, "duplicatesTabButton"))
            compare(pane.tabs.currentIndex, pane.duplicatesTab)
            tryVerify(function() { return model(pane).loaded && !model(pane).loading }, 10000)
            settle(pane)
            return pane
        }
        function group(pane, row) {
            tryVerify(function() { return findChild(pane, "group_" + row) !== null }, 5000)
            return findChild(pane, "group_" + row)
        }
        // Button `name` of game line `line` of group `row`.
        function gameButton(pane, row, line, name) {
            return child(child(group(pane, row), "game_" + line), name)
        }
        function reloaded(pane, count) {
            tryVerify(function() { return !model(pane).loading && model(pane).count === count }, 10000)
            settle(pane)
        }
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

        function test_list_says_why_and_what_differs() {
            var pane = openDuplicates()
            var m = model(pane)
            compare(m.count, 2)
            compare(child(pane, "duplicatesSummary").text, "2 groups of possible duplicates (4 games)")
            var same = group(pane, 0)
            compare(child(same, "groupTitle").text, "Same game · 2 games · 60 moves")
            verify(child(same, "groupWhy").text.indexOf("same players") >= 0, child(same, "groupWhy").text)
            compare(child(same, "groupDiffer").text, "Differ: date, place")
            var short_ = group(pane, 1)
            compare(child(short_, "groupTitle").text, "Other players · 2 games · 9 moves")
            verify(child(short_, "groupWhy").text.indexOf("a short game (9 moves)") >= 0, child(short_, "groupWhy").text)
            grabImage(pane).save(TestData.outputDir + "/duplicates_tab.png")
            verify(TestData.exists(TestData.outputDir + "/duplicates_tab.png"))
            // Short games hidden on demand.
            mouseClick(child(pane, "duplicatesHideShort"))
            reloaded(pane, 1)
            verify(child(pane, "duplicatesSummary").text.indexOf("short groups hidden: 1") >= 0)
            // A game's number opens it on the board.
            mouseClick(child(child(group(pane, 0), "game_1"), "open"))
            tryVerify(function() { return pane.game.gameId === 2 }, 5000)
            compare(pane.tabs.currentIndex, pane.duplicatesTab)
        }

        function test_merge_conflict_refused_then_settled_and_undone() {
            var pane = openDuplicates()
            // Keep game 1 and merge: its date "2001" and game 2's "2001-05-03" conflict.
            mouseClick(gameButton(pane, 0, 0, "keepMerge"))
            idle(pane)
            var error = pane.curation.errorText
            verify(error.indexOf("Not resolved") === 0, error)
            verify(error.indexOf("2001-05-03") >= 0, error)
            compare(child(pane, "duplicatesStatus").text, error)
            reloaded(pane, 2)
            // Game 2's values win: game 1 keeps the precise date and gets the place; 2 goes.
            var prefer = child(group(pane, 0), "prefer")
            prefer.currentIndex = 2
            compare(group(pane, 0).prefer, 2)
            mouseClick(gameButton(pane, 0, 0, "keepMerge"))
            idle(pane)
            compare(pane.curation.errorText, "")
            reloaded(pane, 1)
            pane.archive.openGame(1, 0)
            tryVerify(function() { return pane.curation.storedHeaders.id === 1 }, 5000)
            compare(pane.curation.storedHeaders.date, "2001-05-03")
            compare(pane.curation.storedHeaders.place, "Paris")
            pane.curation.loadTrash()
            tryVerify(function() { return pane.curation.trash.length === 1 }, 5000)
            compare(pane.curation.trash[0].id, 2)
            pane.curation.loadHistory(0)
            tryVerify(function() { return pane.curation.history.length > 0 && pane.curation.history[0].kind === "duplicates" }, 5000)
            // Ctrl+Z: both games back as they were; Ctrl+Shift+Z: resolved again.
            undo(pane)
            compare(pane.curation.errorText, "")
            reloaded(pane, 2)
            tryVerify(function() { return pane.curation.storedHeaders.date === "2001" }, 5000)
            redo(pane)
            reloaded(pane, 1)
        }

        function test_keep_and_mark_not_duplicates() {
            var pane = openDuplicates()
            // Keep game 2 as it is: game 1 goes to the trash.
            mouseClick(gameButton(pane, 0, 1, "keep"))
            idle(pane)
            compare(pane.curation.errorText, "")
            verify(pane.curation.message.indexOf("Kept game 2") === 0, pane.curation.message)
            reloaded(pane, 1)
            // The short line of two other pairs of players: different games.
            compare(child(group(pane, 0), "groupTitle").text, "Other players · 2 games · 9 moves")
            mouseClick(child(group(pane, 0), "notDuplicates"))
            idle(pane)
            compare(pane.curation.errorText, "")
            reloaded(pane, 0)
            compare(child(pane, "duplicatesSummary").text, "No possible duplicates; marked not duplicates, not shown: 1")
            mouseClick(child(pane, "duplicatesShowMarked"))
            reloaded(pane, 1)
            verify(child(group(pane, 0), "groupMarks").text.indexOf("Games 3, 4 marked not duplicates") === 0)
            // Undone: listed again without the mark.
            undo(pane)
            tryVerify(function() { return !model(pane).loading && child(group(pane, 0), "groupMarks").text === "" }, 10000)
        }
    }
}
