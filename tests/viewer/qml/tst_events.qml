import QtQuick
import QtTest
import Othello.Viewer
import ViewerTest

// The Events tab: the list, a filter, a tournament's standings and crosstable, a click on a
// result opening its game, the table by round, the wide table, a collection with its reason.
// Saves event_view.png, event_view_rounds.png, event_view_wide.png and event_list.png (the
// run's folder) to be looked at.
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
        name: "Events"
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

        function test_event_view() {
            var pane = createTemporaryObject(paneComponent, testRoot,
                                             { databasePath: TestData.tournamentArchivePath })
            verify(pane !== null)
            tryVerify(function() { return !pane.archive.loadingGame }, 10000)
            verify(pane.archive.ready, pane.archive.errorText)
            var events = pane.archive.events
            var table = pane.archive.eventTable
            pane.tabs.currentIndex = 4
            tryVerify(function() { return events.loaded }, 10000)
            compare(events.total, 2)
            settle(pane)
            verify(child(pane, "eventsStatus").text.indexOf("2 of 2 events") === 0,
                   child(pane, "eventsStatus").text)

            // The filter keeps the tournament; a click shows it.
            child(pane, "eventsFilter").text = "robin"
            tryVerify(function() { return events.rowCount() === 1 }, 5000)
            tryVerify(function() { return findChild(pane, "event_0") !== null }, 5000)
            mouseClick(child(pane, "event_0"))
            tryVerify(function() { return table.hasEvent && !table.loading }, 10000)
            compare(table.title, "Spring Round Robin 2024")
            verify(table.isTournament)
            compare(table.crossMode, EventModel.ByOpponent)
            settle(pane)
            compare(child(pane, "eventTitle").text, "Spring Round Robin 2024")
            verify(!child(pane, "eventReason").visible)

            // Anna (rank 1) against Boris (rank 2): a win, that game opens on the board.
            var column = EventModel.FirstCrossColumn + 1
            var cellName = "eventCell_0_" + column
            tryVerify(function() { return findChild(pane, cellName) !== null }, 5000)
            var cell = child(pane, cellName)
            compare(cell.text, "1")
            verify(cell.width > 10 && cell.height > 10, "cell " + cell.width + "x" + cell.height)
            var id = table.gameIdAt(0, column)
            verify(id > 0)
            mouseClick(cell)
            tryCompare(pane.game, "gameId", id, 10000)
            compare(pane.game.ply, 0)
            var names = [pane.game.blackName, pane.game.whiteName].sort()
            compare(names, ["Anna Alder", "Boris Brandt"])
            // The frozen columns show the ranking.
            compare(child(pane, "eventCell_0_" + EventModel.PlayerColumn).text, "Anna Alder")
            compare(child(pane, "eventCell_3_" + EventModel.PlayerColumn).text, "Dmitri Dorn")
            // A small tournament fits the panel: no column scrolled out of view.
            var mainTable = child(pane, "eventTable")
            verify(mainTable.contentWidth <= mainTable.width + 1,
                   "table " + mainTable.contentWidth + " in " + mainTable.width)
            settle(pane)
            grabImage(pane).save(TestData.outputDir + "/event_view.png")
            verify(TestData.exists(TestData.outputDir + "/event_view.png"))

            // By round.
            mouseClick(child(pane, "crossByRound"))
            compare(table.crossMode, EventModel.ByRound)
            settle(pane)
            var round3 = "eventCell_3_" + (EventModel.FirstCrossColumn + 2)
            tryVerify(function() { return findChild(pane, round3) !== null }, 5000)
            verify(child(pane, round3).text.indexOf("1") === 0, child(pane, round3).text)
            grabImage(pane).save(TestData.outputDir + "/event_view_rounds.png")
            verify(TestData.exists(TestData.outputDir + "/event_view_rounds.png"))

            // Names whole: the player column is as wide as the longest name shown.
            var nameCell = child(pane, "eventCell_0_" + EventModel.PlayerColumn)
            var panel = child(pane, "eventsPanel")
            verify(panel.playerWidth >= panel.longestName, panel.playerWidth + " < " + panel.longestName)
            verify(panel.longestName > 0)
            // Both crosstable choices look like buttons, the chosen one highlighted.
            verify(!child(pane, "crossByOpponent").flat && !child(pane, "crossByRound").flat)
            verify(child(pane, "crossByRound").highlighted && !child(pane, "crossByOpponent").highlighted)
            // The notes say where the rounds come from, as `othello-db event` does.
            verify(child(pane, "eventNotes").visible)
            verify(child(pane, "eventNotes").text.indexOf("3 rounds (from the source)") >= 0,
                   child(pane, "eventNotes").text)
            // Wide: the table over the whole window, the board hidden; a click on a result
            // shows the board with that game again.
            var narrowWidth = child(pane, "eventTable").width
            verify(child(pane, "leftColumn").visible)
            mouseClick(child(pane, "eventWide"))
            verify(panel.wide)
            settle(pane)
            verify(!child(pane, "leftColumn").visible)
            verify(child(pane, "eventTable").width > narrowWidth + 200,
                   child(pane, "eventTable").width + " vs " + narrowWidth)
            grabImage(pane).save(TestData.outputDir + "/event_view_wide.png")
            var resultCell = child(pane, "eventCell_1_" + EventModel.FirstCrossColumn)
            var resultId = table.gameIdAt(1, EventModel.FirstCrossColumn)
            verify(resultId > 0)
            mouseClick(resultCell)
            tryCompare(pane.game, "gameId", resultId, 10000)
            verify(!panel.wide)
            settle(pane)
            verify(child(pane, "leftColumn").visible)

            // Back to the list; the collection shows why it has no table.
            mouseClick(child(pane, "eventsBack"))
            child(pane, "eventsFilter").text = ""
            tryVerify(function() { return events.rowCount() === 2 }, 5000)
            settle(pane)
            verify(child(pane, "eventsView").visible)
            grabImage(pane).save(TestData.outputDir + "/event_list.png")
            child(pane, "eventsFilter").text = "casual"
            tryVerify(function() { return events.rowCount() === 1 }, 5000)
            settle(pane)
            mouseClick(child(pane, "event_0"))
            tryVerify(function() { return table.hasEvent && !table.loading && !table.isTournament }, 10000)
            settle(pane)
            verify(child(pane, "eventReason").visible)
            verify(child(pane, "eventReason").text.indexOf("Not a tournament") === 0)
            compare(table.rowCount(), 0)

            // "Games" lists the event's games in the Search tab.
            mouseClick(child(pane, "eventGames"))
            compare(pane.tabs.currentIndex, 2)
            var results = pane.archive.results
            tryVerify(function() { return results.searched && !results.loading && results.total === 3 }, 10000)
        }
    }
}
