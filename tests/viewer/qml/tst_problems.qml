import QtQuick
import QtTest
import Othello.Viewer
import ViewerTest

// The Problems tab (training): a set from the archive, a problem solved by clicking the right
// square (the booklet's puzzle #1, H2 forces a corner), another failed by clicking a wrong one
// (a 13-empty endgame, goal best: every move's value then on the board, checked against the
// solver), the solution played, the set's summary read, the results kept across a restart in
// their own file and the archive's bytes untouched. Saves problem_question.png,
// problem_wrong.png and problem_solution.png (the run's folder) to be looked at.
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
        name: "Problems"
        when: windowShown

        function child(pane, name) {
            var item = findChild(pane, name)
            verify(item !== null, "no item " + name)
            return item
        }
        function openPane(archivePath, resultsPath) {
            var pane = createTemporaryObject(paneComponent, testRoot, { databasePath: archivePath })
            verify(pane !== null)
            pane.problemsPanel.resultsPath = resultsPath
            tryVerify(function() { return pane.archive.ready }, 10000)
            pane.tabs.currentIndex = pane.problemsTab
            var problems = pane.problemsPanel.problems
            tryVerify(function() { return problems.sets.length === 1 && !problems.loading }, 10000)
            compare(problems.sets[0].name, TestData.problemSet)
            compare(problems.sets[0].problems, 5)
            // The only set opens by itself.
            tryCompare(problems, "state", "question", 10000)
            compare(problems.setName, TestData.problemSet)
            compare(child(pane, "problemSetBox").currentIndex, 0)
            compare(problems.count, 5)
            return pane
        }

        function test_train_on_a_set() {
            var archivePath = TestData.problemsArchive()
            var before = TestData.fileHash(archivePath)
            verify(before !== "")
            var resultsPath = TestData.newResultsPath()
            var pane = openPane(archivePath, resultsPath)
            var problems = pane.problemsPanel.problems
            compare(problems.title, "Puzzle #1")
            compare(problems.sideToMove, "Black")
            waitForRendering(pane, 1000)
            grabImage(pane).save(TestData.outputDir + "/problem_question.png")

            // Right: H2 forces a corner (the booklet's answer).
            mouseClick(child(pane, "problemSquare_h2"))
            compare(problems.state, "right")
            verify(child(pane, "problemVerdict").text.indexOf("Right: h2 forces a corner") === 0,
                   child(pane, "problemVerdict").text)
            verify(problems.goalSquares[15], "h2 framed as the goal's move")
            compare(problems.resultText.indexOf("1 attempt"), 0)
            verify(problems.resultText.indexOf("solved first time") > 0, problems.resultText)

            // The solution: the booklet's 24-move line, numbered on the board.
            problems.showSolution(0)
            compare(problems.state, "solution")
            compare(problems.solutionLength, 24)
            compare(problems.solutionStep, 24)
            compare(problems.marks[0], "24")   // a1, Black's last move
            compare(problems.marks[15], "1")   // h2
            var discs = problems.discs
            var black = 0, white = 0
            for (var i = 0; i < 64; ++i) { if (discs[i] === 1) ++black; else if (discs[i] === 2) ++white }
            compare(black, 54)  // "Black wins 54 to 10"
            compare(white, 10)
            waitForRendering(pane, 1000)
            grabImage(pane).save(TestData.outputDir + "/problem_solution.png")

            // Wrong: the endgame (goal best) answered by a move below the best value.
            problems.show(4)
            compare(problems.title, "Endgame 13")
            var truth = TestData.solveMoves("XXXXXXXXXOOOOOXXXOXXOOXXXOXOXOXXXOOXXOXXXO--XO-XX--O-O-O--X---O- O")
            var wrong = ""
            var best = ""
            for (var name in truth) {
                if (name === "best") continue
                if (truth[name] < truth.best && wrong === "") wrong = name
                if (truth[name] === truth.best) best = name
            }
            verify(wrong !== "" && best !== "", JSON.stringify(truth))
            mouseClick(child(pane, "problemSquare_" + wrong))
            tryCompare(problems, "state", "wrong", 60000)
            verify(child(pane, "problemVerdict").text.indexOf("Wrong: " + wrong) === 0,
                   child(pane, "problemVerdict").text)
            // Every move's value on the board, the solver's.
            for (name in truth) {
                if (name === "best") continue
                var label = child(pane, "problemValue_" + name)
                var v = truth[name]
                compare(label.text, v > 0 ? "+" + v : String(v), name)
                verify(label.visible, name)
            }
            waitForRendering(pane, 1000)
            grabImage(pane).save(TestData.outputDir + "/problem_wrong.png")
            // Trying again and playing a best move counts a second attempt, not first time.
            problems.tryAgain()
            mouseClick(child(pane, "problemSquare_" + best))
            compare(problems.state, "right")
            verify(problems.resultText.indexOf("2 attempts, solved in") === 0, problems.resultText)

            // The set's summary: 1 solved first time, 2 attempted, 5 problems, 2 solved.
            var s = problems.summary
            compare(s.solvedFirstTime, 1)
            compare(s.attempted, 2)
            compare(s.total, 5)
            compare(s.solved, 2)
            verify(child(pane, "problemSummary").text.indexOf(
                       TestData.problemSet + ": 1 solved first time · 2 attempted · 5 problems · 2 solved") === 0,
                   child(pane, "problemSummary").text)

            // Kept in the results file, never in the archive; read again after a restart.
            verify(TestData.exists(resultsPath))
            compare(TestData.fileHash(archivePath), before)
            pane.destroy()
            var again = openPane(archivePath, resultsPath)
            var s2 = again.problemsPanel.problems.summary
            compare(s2.solvedFirstTime, 1)
            compare(s2.attempted, 2)
            compare(again.problemsPanel.problems.resultText.indexOf("1 attempt, solved first time"), 0)
        }

        function test_make_a_problem_from_the_game() {
            var archivePath = TestData.problemsArchive()
            var pane = openPane(archivePath, TestData.newResultsPath())
            var problems = pane.problemsPanel.problems
            tryVerify(function() { return pane.game.gameId > 0 }, 10000)
            // 14 empties: the answers are found by an exact solve (the checker thread), quick even
            // on a loaded machine (at 20 empties it took over 10 s under a full parallel ctest).
            pane.game.jump(46)
            child(pane, "newProblemSet").text = "From my games"
            mouseClick(child(pane, "makeProblem"))
            tryVerify(function() { return problems.message !== "" }, 30000)
            verify(!problems.messageIsError, problems.message)
            tryVerify(function() { return problems.sets.length === 2 }, 10000)
            problems.openSet("From my games")
            tryCompare(problems, "count", 1, 10000)
            compare(problems.title, "Game " + pane.game.gameId + ", ply 46")
            // The same position again is refused (a set never asks one question twice).
            mouseClick(child(pane, "makeProblem"))
            tryVerify(function() { return problems.messageIsError }, 30000)
            verify(problems.message.indexOf("Not added") === 0, problems.message)
        }
    }
}
