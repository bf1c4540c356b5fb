import QtQuick
import QtTest
import Othello.Viewer
import ViewerTest

// The viewer driven like a user: keys, buttons, the move list, the graph, a search opened at
// the right ply, a tree click, the board editor, an import with a bad record, a bad database.
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
        name: "Viewer"
        when: windowShown

        function openPane(path) {
            var pane = createTemporaryObject(paneComponent, testRoot, { databasePath: path })
            verify(pane !== null)
            tryVerify(function() { return !pane.archive.loadingGame }, 10000)
            return pane
        }
        function openArchive() {
            var pane = openPane(TestData.archivePath)
            compare(pane.archive.errorText, "")
            verify(pane.archive.ready)
            verify(pane.game.gameId > 0)
            return pane
        }
        // Lets the layouts settle (polish and a frame) after a mode or tab switch.
        function settle(pane) {
            waitForRendering(pane, 1000)
            wait(20)
        }
        function child(pane, name) {
            var item = findChild(pane, name)
            verify(item !== null, "no item " + name)
            return item
        }

        function test_keys() {
            var pane = openArchive()
            var game = pane.game
            compare(game.ply, 0)
            keyClick(Qt.Key_Right)
            compare(game.ply, 1)
            keyClick(Qt.Key_Right)
            keyClick(Qt.Key_Left)
            compare(game.ply, 1)
            keyClick(Qt.Key_Down)
            compare(game.ply, 11)
            keyClick(Qt.Key_PageDown)
            compare(game.ply, 21)
            keyClick(Qt.Key_Up)
            compare(game.ply, 11)
            keyClick(Qt.Key_PageUp)
            compare(game.ply, 1)
            keyClick(Qt.Key_End)
            compare(game.ply, game.plyCount)
            verify(game.plyCount > 20)
            keyClick(Qt.Key_Home)
            compare(game.ply, 0)
            // Keys typed into a search field edit the field, not the game.
            pane.tabs.currentIndex = 2
            settle(pane)
            var field = child(pane, "searchPlayer")
            mouseClick(field)
            verify(field.activeFocus)
            keyClick(Qt.Key_A)
            keyClick(Qt.Key_B)
            keyClick(Qt.Key_Left)
            compare(field.cursorPosition, 1)
            keyClick(Qt.Key_Home)
            compare(field.cursorPosition, 0)
            compare(field.text, "ab")
            compare(game.ply, 0)
            // A click on the board leaves the field: the keys step again.
            mouseClick(child(pane, "square_a1"))
            verify(!field.activeFocus)
            keyClick(Qt.Key_Right)
            compare(game.ply, 1)
        }

        function test_buttons() {
            var pane = openArchive()
            var game = pane.game
            mouseClick(child(pane, "nav_forward"))
            compare(game.ply, 1)
            mouseClick(child(pane, "nav_forward10"))
            compare(game.ply, 11)
            mouseClick(child(pane, "nav_back"))
            compare(game.ply, 10)
            mouseClick(child(pane, "nav_back10"))
            compare(game.ply, 0)
            mouseClick(child(pane, "nav_last"))
            compare(game.ply, game.plyCount)
            mouseClick(child(pane, "nav_first"))
            compare(game.ply, 0)
            // The board shows the position: after f5, f5 and e5 are black.
            mouseClick(child(pane, "nav_forward"))
            compare(game.board.discAt(37), 1)  // f5
            compare(game.board.discAt(36), 1)  // e5
            verify(child(pane, "statusText").text.indexOf("White to move") >= 0)
        }

        function test_moveList_click() {
            var pane = openArchive()
            var game = pane.game
            var cell = child(pane, "move_7")  // Black's 4th move
            mouseClick(cell)
            compare(game.ply, 7)
            cell = child(pane, "move_4")
            mouseClick(cell)
            compare(game.ply, 4)
            // The current cell is highlighted.
            verify(Qt.colorEqual(child(pane, "move_4").color, "#2e6fd8"))
        }

        function test_graph_click() {
            var pane = openArchive()
            var game = pane.game
            var graph = child(pane, "discGraph")
            var x = graph.plotX + 30.5 * graph.step
            mouseClick(graph, x, graph.height / 2)
            compare(game.ply, 30)
            var marker = child(pane, "graphMarker")
            verify(Math.abs(marker.x + marker.width / 2 - x) < 1.5)
            mouseClick(graph, graph.plotX + 2.5 * graph.step, graph.height / 2)
            compare(game.ply, 2)
        }

        function test_search_opens_result_at_ply() {
            var pane = openArchive()
            var game = pane.game
            pane.tabs.currentIndex = 2
            settle(pane)
            var opening = child(pane, "searchOpening")
            opening.text = "f5 d6 c3 d3 c4"
            mouseClick(child(pane, "searchButton"))
            var results = pane.archive.results
            tryVerify(function() { return results.searched && !results.loading }, 10000)
            verify(results.total >= 4, "tiger games: " + results.total)
            tryVerify(function() { return findChild(pane, "result_1") !== null }, 5000)
            var id = results.gameIdAt(1)
            mouseClick(child(pane, "result_1"))
            tryCompare(game, "gameId", id, 10000)
            compare(game.ply, 5)
            compare(game.movesText, "f5 d6 c3 d3 c4")
            // Games reaching the board's position (after f5 d6 c3 d3 c4) under all symmetries.
            opening.text = ""
            child(pane, "searchAtBoard").checked = true
            mouseClick(child(pane, "searchButton"))
            tryVerify(function() { return results.positionSearch && !results.loading && results.total > 0 }, 10000)
            verify(results.total >= 4)
            compare(results.plyAt(0), 5)
            // A sort click changes the order indicator.
            mouseClick(child(pane, "sort_4"))
            tryVerify(function() { return !results.loading && results.sortColumn === SearchModel.YearColumn }, 10000)
        }

        function test_tree_click() {
            var pane = openArchive()
            var game = pane.game
            pane.tabs.currentIndex = 1
            settle(pane)
            var tree = pane.archive.tree
            tryVerify(function() { return !tree.loading && tree.games === 12 }, 10000)
            var summary = child(pane, "treeSummary")
            tryVerify(function() { return summary.text.indexOf("12 games reach this position") === 0 }, 5000)
            tryVerify(function() { return findChild(pane, "tree_f5") !== null }, 5000)
            // The board marks the next move with its games.
            tryCompare(child(pane, "board").hints, "37", 12, 5000)
            mouseClick(child(pane, "tree_f5"))
            compare(game.ply, 1)
            verify(!game.inAnalysis)
            tryVerify(function() { return !tree.loading && tree.games === 12 && tree.rowCount() >= 2 }, 10000)
            // The game opened is the first (tiger: f5 d6); f6 leaves it as analysis.
            tryVerify(function() { return findChild(pane, "tree_f6") !== null }, 5000)
            mouseClick(child(pane, "tree_f6"))
            // Asked (issue 11): kept as a variation beside the game.
            tryVerify(function() { return child(pane, "branchPrompt").opened }, 2000)
            mouseClick(child(child(pane, "branchPrompt").contentItem, "branchVariation"))
            compare(game.ply, 2)
            verify(game.inAnalysis)
            compare(game.movesText, "f5 f6")
            keyClick(Qt.Key_Left)
            verify(!game.inAnalysis)
            compare(game.ply, 1)
            keyClick(Qt.Key_Right)
            compare(game.movesText, "f5 d6")
            // The game's final position: one game, said in the singular with the right figures.
            game.last()
            tryVerify(function() { return !tree.loading && tree.games === 1 }, 10000)
            tryVerify(function() { return summary.text.indexOf("1 game reaches this position: Black wins ") === 0 }, 5000)
            verify(summary.text.indexOf(" " + tree.draws + " draws") > 0, summary.text)
        }

        function test_editor() {
            var pane = openArchive()
            var game = pane.game
            mouseClick(child(pane, "editBoard"))
            verify(game.editing)
            settle(pane)
            mouseClick(child(pane, "editClear"))
            var a1 = child(pane, "square_a1")
            mouseClick(a1)
            compare(game.board.discAt(0), 1)
            mouseClick(a1)
            compare(game.board.discAt(0), 2)
            mouseClick(a1)
            compare(game.board.discAt(0), 0)
            mouseClick(child(pane, "editDone"))
            verify(game.editing)
            verify(game.editError !== "")
            // A handicap game: the standard start plus a black disc on a1.
            mouseClick(child(pane, "editStandard"))
            mouseClick(a1)
            mouseClick(child(pane, "editWhite"))
            compare(game.editSide, 2)
            mouseClick(child(pane, "editDone"))
            verify(!game.editing)
            settle(pane)
            compare(game.sideToMove, 2)
            compare(game.blackCount, 3)
            compare(game.board.discAt(0), 1)
            // Moves can be played from it by clicking legal squares (White: f4 takes e4).
            mouseClick(child(pane, "square_f4"))
            compare(game.ply, 1)
            compare(game.whiteCount, 4)
        }

        function test_import_shows_diagnosis() {
            var pane = openPane(TestData.importArchivePath)
            verify(pane.archive.ready)
            compare(pane.archive.gameCount, 0)
            pane.tabs.currentIndex = 3
            settle(pane)
            var importer = pane.archive.importer
            verify(importer.startPaths([TestData.badImportPath]))
            verify(importer.running)
            tryCompare(importer, "running", false, 20000)
            compare(importer.errorText, "")
            tryVerify(function() { return findChild(pane, "rejected_0") !== null }, 5000)
            var message = child(pane, "rejected_0").message
            verify(message.indexOf("import_bad.pgn") >= 0, message)
            verify(message.indexOf("occupied") >= 0, message)
            verify(child(pane, "importStatus").text.indexOf("2 imported") >= 0)
            tryCompare(pane.archive, "gameCount", 2, 10000)
        }

        // No tab's content may squeeze the board (long texts once did).
        function test_layout_every_tab() {
            var pane = openArchive()
            var board = child(pane, "board")
            var header = child(pane, "gameHeader")
            for (var i = 0; i < 5; ++i) {
                pane.tabs.currentIndex = i
                settle(pane)
                verify(Math.min(board.width, board.height) > pane.height * 0.75,
                       "tab " + i + ": board " + board.width + "x" + board.height)
                var p = header.mapToItem(pane, 0, 0)
                verify(p.x >= board.width && p.x + header.width <= pane.width + 0.5,
                       "tab " + i + ": header at " + p.x + " width " + header.width)
            }
        }

        function test_bad_database_shows_error() {
            var pane = openPane(TestData.notADatabasePath)
            verify(!pane.archive.ready)
            var banner = child(pane, "errorBanner")
            verify(banner.visible)
            verify(child(pane, "errorText").text.indexOf("Cannot open the archive") >= 0)
            // The board still works without an archive.
            keyClick(Qt.Key_Right)
            compare(pane.game.ply, 0)
            mouseClick(child(pane, "square_f5"))
            compare(pane.game.ply, 1)
        }

        // An explicit --db that does not exist: the reason in the window, nothing created.
        function test_missing_database_is_not_created() {
            var pane = openPane(TestData.missingDatabasePath)
            verify(!pane.archive.ready)
            verify(child(pane, "errorBanner").visible)
            var text = child(pane, "errorText").text
            verify(text.indexOf("does not exist") >= 0, text)
            verify(text.indexOf(TestData.missingDatabasePath) >= 0, text)
            verify(!TestData.exists(TestData.missingDatabasePath))
            verify(!child(pane, "emptyBanner").visible)  // not an "empty archive"
            // Nothing can be imported into it, and the Import tab says why.
            verify(pane.archive.importer.blockedReason !== "")
            verify(!pane.archive.importer.startPaths([TestData.badImportPath]))
            pane.tabs.currentIndex = 3
            settle(pane)
            verify(!child(pane, "importFiles").enabled)
            verify(child(pane, "importBlocked").text.indexOf("could not be opened") >= 0)
        }

        // An empty archive says so and offers the import (which leads to the Import tab).
        function test_empty_archive_offers_import() {
            var pane = openPane(TestData.emptyArchivePath)
            verify(pane.archive.ready)
            compare(pane.archive.gameCount, 0)
            verify(!child(pane, "errorBanner").visible)
            verify(child(pane, "emptyBanner").visible)
            verify(child(pane, "emptyText").text.indexOf("The archive is empty") >= 0)
            var button = child(pane, "emptyImport")
            verify(button.enabled)
            compare(pane.tabs.currentIndex, 0)
        }

        // `othello-viewer FILE` (a file manager's "Open with"): the file is shown from a scratch
        // archive, the user's archive untouched; "Import into my archive" stores it there.
        function test_view_file_then_import() {
            var view = TestData.viewFiles([TestData.badImportPath])  // 2 good records, 1 bad
            compare(view.error, "")
            compare(view.games, 2)
            var library = TestData.newArchive()
            var pane = createTemporaryObject(paneComponent, testRoot, {
                databasePath: view.databasePath, viewedFiles: [TestData.badImportPath],
                viewNote: view.note, viewGames: view.games, libraryPath: library })
            tryVerify(function() { return pane.archive.ready && !pane.archive.loadingGame }, 10000)
            compare(pane.archive.gameCount, 2)
            verify(pane.game.gameId > 0)
            verify(child(pane, "viewBanner").visible)
            var note = child(pane, "viewNote").text
            verify(note.indexOf("2 games read from import_bad.pgn, not in your archive") === 0, note)
            verify(note.indexOf("1 record refused") > 0, note)
            verify(child(pane, "archiveSummary").text.indexOf("Viewing ") === 0)
            settle(pane)
            mouseClick(child(pane, "importViewed"))
            tryVerify(function() { return pane.archive.databasePath === library }, 10000)
            tryVerify(function() {
                return pane.archive.ready && !pane.archive.importer.running
                    && pane.archive.gameCount === 2 }, 20000)
            verify(!child(pane, "viewBanner").visible)
            compare(pane.tabs.currentIndex, 3)
        }

        // A file with no game: the banner says why, and nothing offers to import into the
        // scratch archive.
        function test_view_file_without_games() {
            var view = TestData.viewFiles([TestData.notADatabasePath + ".missing-games.txt"])
            verify(view.games === 0)
            var pane = createTemporaryObject(paneComponent, testRoot, {
                databasePath: view.databasePath, viewedFiles: ["nothing.txt"],
                viewNote: view.note, viewGames: 0, libraryPath: TestData.newArchive() })
            tryVerify(function() { return pane.archive.ready && !pane.archive.loadingGame }, 10000)
            verify(child(pane, "viewBanner").visible)
            verify(child(pane, "viewNote").text.indexOf("No game could be read") === 0)
            verify(!child(pane, "importViewed").enabled)
            verify(!child(pane, "emptyBanner").visible)
        }

        // A chess PGN says what it is; an Othello game in the same file is still shown.
        function test_view_chess_pgn() {
            var view = TestData.viewFiles([TestData.chessPgnPath])
            compare(view.games, 1)
            verify(view.note.indexOf("'Nf3' is a chess move: not an Othello game") > 0, view.note)
            // The archive's summary counts in words that agree with the numbers (the events
            // are counted after the first game is shown: wait for them).
            var pane = openPane(view.databasePath)
            var summary = child(pane, "archiveSummary")
            tryVerify(function() {
                return summary.text.indexOf("1 game, 2 players, 1 event  ·") === 0 }, 10000,
                summary.text)
        }
    }
}
