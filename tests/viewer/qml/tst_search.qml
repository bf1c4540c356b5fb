import QtQuick
import QtTest
import Othello.Viewer
import ViewerTest

// The Search tab driven like a user (issue 11, "everyday viewer behaviour"): the keys after a
// result is opened, results that never answer other filters than those on screen, the open
// game's row, resizable columns and tooltips on names cut short.
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
        name: "Search"
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
        function waitResults(pane) {
            var results = pane.archive.results
            tryVerify(function() { return results.searched && !results.loading }, 10000)
            return results
        }
        // The archive open on the Search tab, listing all 12 fixture games.
        function openSearch() {
            var pane = createTemporaryObject(paneComponent, testRoot, { databasePath: TestData.archivePath })
            verify(pane !== null)
            tryVerify(function() { return pane.archive.ready && !pane.archive.loadingGame }, 10000)
            pane.tabs.currentIndex = 2
            settle(pane)
            compare(waitResults(pane).total, 12)
            tryVerify(function() { return findChild(pane, "result_0") !== null }, 5000)
            return pane
        }
        function status(pane) { return child(pane, "searchStatus").text }

        // Typed a name, pressed Enter, clicked a result: the arrow keys step through that game
        // (the field kept the focus, so Right and End moved its cursor instead).
        function test_keys_step_after_opening_result() {
            var pane = openSearch()
            var game = pane.game
            var field = child(pane, "searchPlayer")
            mouseClick(field)
            typeText("Chen")
            keyClick(Qt.Key_Return)
            var results = waitResults(pane)
            compare(results.total, 4)
            verify(field.activeFocus)
            tryVerify(function() { return findChild(pane, "result_2") !== null }, 5000)
            var id = results.gameIdAt(2)
            mouseClick(child(pane, "result_2"))
            tryCompare(game, "gameId", id, 10000)
            compare(game.ply, 0)
            verify(!field.activeFocus)
            keyClick(Qt.Key_Right)
            compare(game.ply, 1)
            keyClick(Qt.Key_Right)
            compare(game.ply, 2)
            keyClick(Qt.Key_Left)
            compare(game.ply, 1)
            keyClick(Qt.Key_End)
            compare(game.ply, game.plyCount)
            keyClick(Qt.Key_Home)
            compare(game.ply, 0)
            compare(field.text, "Chen")
        }

        // A changed result filter searches again; edited text marks the list outdated until
        // Enter; a form that does not parse clears the list.
        function test_results_never_stale() {
            var pane = openSearch()
            var results = pane.archive.results
            // The result filter: chosen from the list, searched at once.
            var box = child(pane, "searchResult")
            mouseClick(box)
            tryVerify(function() { return box.popup.opened }, 2000)
            var blackWins = box.popup.contentItem.itemAtIndex(1)
            verify(blackWins !== null)
            mouseClick(blackWins)
            compare(box.currentIndex, 1)
            tryVerify(function() { return !results.loading && results.total < 12 && results.total > 0 }, 10000)
            var blackWinsTotal = results.total
            verify(status(pane).indexOf("Filters changed") < 0, status(pane))
            // Typing in a field: the list says it answers the previous filters, and is dimmed.
            var field = child(pane, "searchPlayer")
            mouseClick(field)
            typeText("Chen")
            verify(status(pane).indexOf("Filters changed") === 0, status(pane))
            verify(child(pane, "resultsView").opacity < 1)
            settle(pane)
            grabImage(pane).save(TestData.outputDir + "/search_outdated.png")
            compare(results.total, blackWinsTotal)
            keyClick(Qt.Key_Return)
            waitResults(pane)
            verify(results.total < blackWinsTotal, "" + results.total)
            verify(status(pane).indexOf("Filters changed") < 0, status(pane))
            compare(child(pane, "resultsView").opacity, 1)
            // Opening moves that do not parse: the reason, and no rows of the last search.
            var opening = child(pane, "searchOpening")
            mouseClick(opening)
            typeText("f5 z9")
            keyClick(Qt.Key_Return)
            verify(status(pane).indexOf("Opening moves") === 0, status(pane))
            compare(results.total, 0)
            compare(child(pane, "resultsView").count, 0)
            // A half-typed year says so (Enter used to do nothing at all).
            keyClick(Qt.Key_A, Qt.ControlModifier)
            keyClick(Qt.Key_Delete)
            keyClick(Qt.Key_Return)
            waitResults(pane)
            verify(results.total > 0)
            var year = child(pane, "searchYearFrom")
            mouseClick(year)
            typeText("19")
            keyClick(Qt.Key_Return)
            verify(status(pane).indexOf("Years") === 0, status(pane))
            compare(results.total, 0)
        }

        // "Only games reaching the board's position" follows the board as it moves.
        function test_board_position_search_follows_board() {
            var pane = openSearch()
            var game = pane.game
            var results = pane.archive.results
            compare(game.ply, 0)
            mouseClick(child(pane, "searchAtBoard"))
            tryVerify(function() { return results.positionSearch && !results.loading && results.total === 12 }, 10000)
            // The keys step the game (a click on the board hands them back), the list follows.
            mouseClick(child(pane, "square_a1"))
            for (var i = 0; i < 5; ++i) keyClick(Qt.Key_Right)
            compare(game.movesText, "f5 d6 c3 d3 c4")
            tryVerify(function() { return !results.loading && results.total > 0 && results.total < 12 }, 10000)
            var tiger = results.total
            compare(results.plyAt(0), 5)
            // Opening a result at the position it reaches (maybe in another symmetry) keeps
            // the list as it is; the row opened is highlighted.
            tryVerify(function() { return findChild(pane, "result_1") !== null }, 5000)
            var id = results.gameIdAt(1)
            mouseClick(child(pane, "result_1"))
            tryCompare(game, "gameId", id, 10000)
            compare(results.total, tiger)
            compare(results.gameIdAt(1), id)
            tryVerify(function() { return child(pane, "result_1").current })
            // Back to the start: all games again.
            keyClick(Qt.Key_Home)
            tryVerify(function() { return !results.loading && results.total === 12 }, 10000)
            // With the list out of sight nothing is searched; it catches up when shown again.
            pane.tabs.currentIndex = 0
            settle(pane)
            for (i = 0; i < 5; ++i) keyClick(Qt.Key_Right)
            wait(200)
            compare(results.total, 12)
            pane.tabs.currentIndex = 2
            tryVerify(function() { return !results.loading && results.total === tiger }, 10000)
            keyClick(Qt.Key_Home)
            tryVerify(function() { return !results.loading && results.total === 12 }, 10000)
            // Unticked: the board no longer matters.
            mouseClick(child(pane, "searchAtBoard"))
            tryVerify(function() { return !results.positionSearch && !results.loading }, 10000)
            keyClick(Qt.Key_End)
            wait(100)
            verify(!results.positionSearch)
            compare(results.total, 12)
        }

        // The open game's row is highlighted and shows its id.
        function test_open_game_highlighted_with_id() {
            var pane = openSearch()
            var results = pane.archive.results
            var id = results.gameIdAt(3)
            mouseClick(child(pane, "result_3"))
            tryCompare(pane.game, "gameId", id, 10000)
            var row = child(pane, "result_3")
            tryVerify(function() { return row.current })
            verify(!child(pane, "result_2").current)
            verify(!Qt.colorEqual(row.color, child(pane, "result_1").color))
            compare(findChild(row, "cell_0").text, "" + id)
            verify(child(pane, "plyLabel").text.indexOf("game #" + id + " ") === 0, child(pane, "plyLabel").text)
            settle(pane)
            grabImage(pane).save(TestData.outputDir + "/search_open_game.png")
            // The id column sorts too.
            mouseClick(child(pane, "sort_0"))
            tryVerify(function() { return !results.loading && results.descending
                                   && results.sortColumn === SearchModel.IdColumn }, 10000)
            verify(results.gameIdAt(0) > results.gameIdAt(1))
        }

        // Dragging a column border resizes the column and does not sort; a name cut short
        // shows in full in a tooltip.
        function test_resize_columns_and_tooltips() {
            var pane = openSearch()
            var results = pane.archive.results
            var sortBefore = results.sortColumn
            var descendingBefore = results.descending
            var black = child(pane, "sort_1")
            var white = child(pane, "sort_2")
            var widthBefore = black.width
            var border = child(pane, "columnBorder_1")
            var p = border.mapToItem(pane, border.width / 2, border.height / 2)
            mousePress(pane, p.x, p.y)
            for (var dx = 10; dx <= 80; dx += 10) mouseMove(pane, p.x + dx, p.y)
            mouseRelease(pane, p.x + 80, p.y)
            verify(Math.abs(black.width - (widthBefore + 80)) < 1.5, black.width + " vs " + widthBefore)
            compare(white.x, black.x + black.width)
            compare(results.sortColumn, sortBefore)
            compare(results.descending, descendingBefore)
            // The rows follow the header.
            var cell = findChild(child(pane, "result_0"), "cell_1")
            compare(cell.width, black.width)
            // Narrower still: names are cut short, and hovering one shows it whole.
            p = border.mapToItem(pane, border.width / 2, border.height / 2)
            mousePress(pane, p.x, p.y)
            for (dx = 10; dx <= 150; dx += 10) mouseMove(pane, p.x - dx, p.y)
            mouseRelease(pane, p.x - 150, p.y)
            compare(black.width, pane.searchPanel.minColumnWidth)
            settle(pane)
            tryVerify(function() { return cell.truncated }, 2000)
            compare(results.sortColumn, sortBefore)
            mouseMove(cell, cell.width / 2, cell.height / 2)
            tryVerify(function() { return cell.toolTipShown }, 3000)
            settle(pane)
            grabImage(pane).save(TestData.outputDir + "/search_resized_tooltip.png")
            compare(cell.toolTipText, results.data(results.index(0, 0), SearchModel.BlackRole))
            // A full-width name has no tooltip.
            var event = findChild(child(pane, "result_0"), "cell_3")
            verify(!event.truncated)
            mouseMove(event, 5, event.height / 2)
            wait(600)
            verify(!event.toolTipShown)
        }
    }
}
