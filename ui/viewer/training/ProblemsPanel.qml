import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Othello.Viewer

// The Problems tab (training): a set chosen from the archive, its problem on the board
// (ProblemBoard), the verdict on the player's move, the solution, next / previous, the player's
// results (kept in their own data folder) and the set's summary; below, "make a problem from
// the game shown at its ply" into a set of a writable archive. It takes the window's whole
// width (ViewerPane: the game's board is not what is answered here).
Item {
    id: root
    required property ArchiveClient archive
    required property GameController game
    property Theme theme: Theme {}
    // Where results are kept ("" = the user's data folder; tests give a scratch file).
    property alias resultsPath: controller.resultsPath
    readonly property alias problems: controller

    ProblemsController {
        id: controller
        archive: root.archive
    }
    onVisibleChanged: if (visible && root.archive.ready) controller.refresh()
    // The first set opens by itself (once: an error must not retry for ever); the chooser
    // follows the set open.
    property bool autoOpened: false
    Connections {
        target: controller
        function onSetsChanged() {
            if (!root.autoOpened && !controller.loading && controller.setName === ""
                    && controller.sets.length > 0) {
                root.autoOpened = true
                controller.openSet(controller.sets[0].name)
            }
            root.syncChooser()
        }
        function onProblemChanged() { root.syncChooser() }
    }
    function syncChooser() {
        for (var i = 0; i < controller.sets.length; ++i)
            if (controller.sets[i].name === controller.setName) { setBox.currentIndex = i; return }
    }
    Connections {
        target: root.archive
        function onFirstGameShown() { if (root.visible) controller.refresh() }
    }

    RowLayout {
        anchors.fill: parent
        spacing: theme.unit
        ProblemBoard {
            objectName: "problemBoard"
            Layout.fillHeight: true
            Layout.preferredWidth: Math.min(root.height, root.width * 0.55)
            problems: controller
            theme: root.theme
        }
        ColumnLayout {
            Layout.fillWidth: true
            Layout.fillHeight: true
            spacing: theme.unit * 0.5
            RowLayout {
                Layout.fillWidth: true
                Label { text: qsTr("Set"); font.pixelSize: theme.unit }
                ComboBox {
                    id: setBox
                    objectName: "problemSetBox"
                    Layout.fillWidth: true
                    font.pixelSize: theme.unit
                    model: controller.sets
                    textRole: "name"
                    displayText: currentIndex < 0 ? qsTr("Choose a set…")
                                 : qsTr("%1 (%2 problems)").arg(currentText).arg(controller.sets[currentIndex].problems)
                    onActivated: (i) => controller.openSet(controller.sets[i].name)
                }
            }
            Label {
                objectName: "problemsEmpty"
                visible: controller.sets.length === 0 && !controller.loading
                Layout.fillWidth: true
                wrapMode: Text.Wrap
                font.pixelSize: theme.unit
                color: theme.mutedText
                text: qsTr("The archive has no problem sets. Import one with `othello-db problems import FILE` (the booklet's puzzles, FFO .obf files), generate one with `problems generate`, or make problems from games below.")
            }
            Label {
                objectName: "problemTitle"
                visible: controller.state !== "none"
                text: qsTr("%1 · %2 of %3").arg(controller.title).arg(controller.index + 1).arg(controller.count)
                font.pixelSize: theme.unit * 1.3
                font.bold: true
            }
            Label {
                objectName: "problemGoal"
                visible: controller.state !== "none"
                Layout.fillWidth: true
                wrapMode: Text.Wrap
                // A source's question says who moves; a goal's words do not.
                text: controller.goalText.indexOf(controller.sideToMove + " to move") === 0
                      ? controller.goalText : qsTr("%1 to move: %2").arg(controller.sideToMove).arg(controller.goalText)
                font.pixelSize: theme.unit * 1.1
            }
            Label {
                objectName: "problemDetails"
                visible: controller.state !== "none"
                Layout.fillWidth: true
                wrapMode: Text.Wrap
                text: controller.details
                color: theme.mutedText
                font.pixelSize: theme.unit * 0.9
            }
            Rectangle {
                Layout.fillWidth: true
                visible: controller.verdict !== ""
                implicitHeight: verdictLabel.implicitHeight + theme.unit
                radius: 4
                color: controller.state === "right" ? "#e6f4ea" : controller.state === "wrong" ? "#fdecea" : "#eef2fb"
                border.color: controller.state === "right" ? "#43a047" : controller.state === "wrong" ? theme.error : theme.accent
                Label {
                    id: verdictLabel
                    objectName: "problemVerdict"
                    anchors.fill: parent
                    anchors.margins: theme.unit * 0.5
                    wrapMode: Text.Wrap
                    text: controller.verdict
                    font.pixelSize: theme.unit * 1.1
                    font.bold: controller.state === "right" || controller.state === "wrong"
                }
            }
            Label {
                objectName: "problemValuesNote"
                Layout.fillWidth: true
                wrapMode: Text.Wrap
                visible: controller.state === "right" || controller.state === "wrong" || controller.state === "checking"
                text: controller.valuesNote
                color: theme.mutedText
                font.pixelSize: theme.unit * 0.9
            }
            Flow {
                Layout.fillWidth: true
                spacing: theme.unit * 0.4
                visible: controller.state !== "none"
                Button {
                    objectName: "problemPrevious"
                    text: qsTr("◀ Previous")
                    enabled: controller.index > 0
                    focusPolicy: Qt.NoFocus
                    onClicked: controller.previous()
                }
                Button {
                    objectName: "problemNext"
                    text: qsTr("Next ▶")
                    enabled: controller.index + 1 < controller.count
                    focusPolicy: Qt.NoFocus
                    onClicked: controller.next()
                }
                Button {
                    objectName: "problemTryAgain"
                    text: qsTr("Try again")
                    enabled: controller.state === "wrong" || controller.state === "right" || controller.state === "solution"
                    focusPolicy: Qt.NoFocus
                    onClicked: controller.tryAgain()
                }
                Button {
                    objectName: "problemSolution"
                    text: qsTr("Show solution")
                    focusPolicy: Qt.NoFocus
                    onClicked: controller.showSolution(600)
                }
                Button {
                    text: qsTr("Start of line")
                    visible: controller.state === "solution"
                    focusPolicy: Qt.NoFocus
                    onClicked: controller.stepSolution(-controller.solutionLength)
                }
                Button {
                    text: "◀"
                    implicitWidth: theme.unit * 3
                    visible: controller.state === "solution"
                    focusPolicy: Qt.NoFocus
                    onClicked: controller.stepSolution(-1)
                }
                Button {
                    text: "▶"
                    implicitWidth: theme.unit * 3
                    visible: controller.state === "solution"
                    focusPolicy: Qt.NoFocus
                    onClicked: controller.stepSolution(1)
                }
            }
            Label {
                objectName: "problemResult"
                visible: controller.state !== "none"
                text: qsTr("You: %1").arg(controller.resultText)
                font.pixelSize: theme.unit
            }
            Label {
                objectName: "problemSummary"
                Layout.fillWidth: true
                wrapMode: Text.Wrap
                text: controller.summaryText
                font.pixelSize: theme.unit
                font.bold: true
            }
            Item { Layout.fillHeight: true }
            // A problem from the game shown, at its ply (a writable archive only).
            GroupBox {
                Layout.fillWidth: true
                title: qsTr("Make a problem from the game shown (ply %1)").arg(root.game.ply)
                font.pixelSize: theme.unit * 0.9
                RowLayout {
                    anchors.fill: parent
                    TextField {
                        id: newSetName
                        objectName: "newProblemSet"
                        Layout.fillWidth: true
                        placeholderText: qsTr("Set name")
                        text: controller.setName
                    }
                    ComboBox {
                        id: newGoal
                        objectName: "newProblemGoal"
                        model: ["best", "win", "draw", "corner"]
                    }
                    Button {
                        objectName: "makeProblem"
                        text: qsTr("Add to set")
                        focusPolicy: Qt.NoFocus
                        enabled: root.archive.ready && root.archive.importer.blockedReason === ""
                                 && newSetName.text.trim() !== ""
                        ToolTip.visible: hovered && root.archive.importer.blockedReason !== ""
                        ToolTip.text: root.archive.importer.blockedReason
                        onClicked: {
                            var who = root.game.gameId > 0
                                ? qsTr("game %1, %2 – %3").arg(root.game.gameId).arg(root.game.blackName).arg(root.game.whiteName)
                                : qsTr("a game of the viewer")
                            controller.makeProblem(newSetName.text, root.game.positionString, newGoal.currentText,
                                                   qsTr("Game %1, ply %2").arg(root.game.gameId).arg(root.game.ply),
                                                   qsTr("%1, ply %2").arg(who).arg(root.game.ply))
                        }
                    }
                }
            }
            Label {
                objectName: "problemMessage"
                Layout.fillWidth: true
                wrapMode: Text.Wrap
                visible: controller.message !== ""
                text: controller.message
                color: controller.messageIsError ? theme.error : theme.text
                font.pixelSize: theme.unit * 0.9
            }
        }
    }
}
