import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Othello.Viewer

// The moves played next from the board's position in the archive. A click plays the move
// (an analysis line when it leaves the game). The game's own next move is framed; symmetric
// squares of a move the archive counts once (the start's f5, d3, c4, e6) show its figures,
// greyed, and the note above says so. The win column is Black's, or the side to move's.
// The Eval column is the analysis's value of each move for the side to move (as on the board:
// "+4" exact, "~+4" the midgame search's estimate), filled in the background while the
// analysis is on (key A); "…" while it is being searched.
Item {
    id: root
    required property ArchiveClient archive
    required property GameController game
    property Theme theme: Theme {}
    readonly property TreeModel tree: archive.tree
    readonly property real rowHeight: root.theme.unit * 2
    readonly property var columns: [0.12, 0.19, 0.17, 0.13, 0.12, 0.12, 0.15]
    readonly property AnalysisController analysis: archive.analysis
    // The analysis's value text per square of the board's position ({} when none).
    readonly property var evalBySquare: {
        var map = {}
        if (analysis === null || !analysis.enabled || tree.loading) return map
        var values = analysis.currentMoveValues
        for (var i = 0; i < values.length; ++i) map[values[i].square] = values[i].text
        return map
    }
    // Win percentages for the side to move rather than for Black.
    property bool sideToMovePercent: false
    readonly property bool whitePercent: sideToMovePercent && game.sideToMove === 2

    function colX(i) {
        var x = 0
        for (var k = 0; k < i; ++k) x += columns[k] * width
        return x
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: root.theme.unit * 0.3

        Label {
            objectName: "treeSummary"
            Layout.fillWidth: true
            wrapMode: Text.WordWrap
            font.pixelSize: root.theme.unit
            text: root.tree.errorText !== "" ? qsTr("Tree unavailable: %1").arg(root.tree.errorText)
                : !root.archive.ready ? qsTr("No archive open")
                : root.tree.games === 0 ? qsTr("No game in the archive reaches this position.")
                : (root.tree.games === 1 ? qsTr("%1 game reaches this position: Black wins %2%, %3 draws, average %4 discs for Black")
                                         : qsTr("%1 games reach this position: Black wins %2%, %3 draws, average %4 discs for Black"))
                    .arg(Number(root.tree.games).toLocaleString(Qt.locale("en_US"), "f", 0)).arg(root.tree.blackWinPercent.toFixed(1))
                    .arg(Number(root.tree.draws).toLocaleString(Qt.locale("en_US"), "f", 0)).arg(root.tree.averageScore.toFixed(1))
            color: root.tree.errorText !== "" ? root.theme.error : root.theme.text
        }
        Label {
            Layout.fillWidth: true
            visible: root.tree.opening !== ""
            objectName: "treeOpening"
            text: qsTr("Opening (deepest along this line): %1").arg(root.tree.opening)
            font.pixelSize: root.theme.unit * 0.9
            color: root.theme.mutedText
            elide: Text.ElideRight
        }
        Label {
            objectName: "treeSymmetry"
            Layout.fillWidth: true
            visible: text !== ""
            text: root.tree.symmetryNote
            wrapMode: Text.WordWrap
            font.pixelSize: root.theme.unit * 0.9
            color: root.theme.mutedText
        }
        CheckBox {
            objectName: "treeSideToMove"
            checked: root.sideToMovePercent
            onToggled: root.sideToMovePercent = checked
            focusPolicy: Qt.NoFocus
            text: qsTr("Win % for the side to move")
            font.pixelSize: root.theme.unit * 0.9
            padding: 0
        }
        Item {
            Layout.fillWidth: true
            Layout.preferredHeight: root.rowHeight
            Repeater {
                model: [qsTr("Move"), qsTr("Games"), qsTr("Share"), root.whitePercent ? qsTr("White %") : qsTr("Black %"),
                        qsTr("Draws"), qsTr("Avg"),
                        root.analysis !== null && root.analysis.enabled ? qsTr("Eval") : qsTr("Eval (A)")]
                delegate: Label {
                    required property int index
                    required property string modelData
                    objectName: "treeTitle_" + index
                    x: root.colX(index)
                    width: root.columns[index] * root.width
                    height: root.rowHeight
                    verticalAlignment: Text.AlignVCenter
                    horizontalAlignment: index === 0 ? Text.AlignLeft : Text.AlignRight
                    leftPadding: root.theme.unit * 0.4
                    rightPadding: root.theme.unit * 0.4
                    text: modelData
                    font.bold: true
                    font.pixelSize: root.theme.unit * 0.9
                }
            }
        }
        ListView {
            id: list
            objectName: "treeView"
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            model: root.tree
            boundsBehavior: Flickable.StopAtBounds
            ScrollBar.vertical: ScrollBar {}
            delegate: Rectangle {
                id: row
                required property int index
                required property string move
                required property var games
                required property double share
                required property double blackWinPercent
                required property var draws
                required property double averageScore
                required property double whiteWinPercent
                required property int square
                required property string symmetricOf
                // The game's own move from here.
                readonly property bool gameMove: square === root.game.gameNextMove
                readonly property color figures: symmetricOf !== "" ? root.theme.mutedText : root.theme.text
                objectName: "tree_" + move
                width: ListView.view.width
                height: root.rowHeight
                color: gameMove ? "#c4d8fa" : hover.hovered ? "#dde8fb" : index % 2 ? "#f0f0ee" : "#fbfbfa"
                border.color: gameMove ? root.theme.accent : "transparent"
                border.width: gameMove ? 2 : 0
                HoverHandler { id: hover }

                Label {
                    x: root.colX(0); width: root.columns[0] * root.width; height: parent.height
                    leftPadding: root.theme.unit * 0.4
                    verticalAlignment: Text.AlignVCenter
                    text: row.symmetricOf !== "" ? row.move + "  (= " + row.symmetricOf + ")" : row.move
                    textFormat: Text.PlainText
                    font.bold: true
                    font.pixelSize: root.theme.unit
                    elide: Text.ElideRight
                }
                Label {
                    x: root.colX(1); width: root.columns[1] * root.width; height: parent.height
                    rightPadding: root.theme.unit * 0.4
                    verticalAlignment: Text.AlignVCenter
                    horizontalAlignment: Text.AlignRight
                    text: Number(row.games).toLocaleString(Qt.locale("en_US"), "f", 0)
                    color: row.figures
                    font.pixelSize: root.theme.unit
                }
                Rectangle {
                    x: root.colX(2) + root.theme.unit * 0.4
                    anchors.verticalCenter: parent.verticalCenter
                    width: Math.max(1, row.share * (root.columns[2] * root.width - root.theme.unit * 0.8))
                    height: parent.height * 0.45
                    color: root.theme.accent
                    opacity: 0.7
                }
                Label {
                    x: root.colX(3); width: root.columns[3] * root.width; height: parent.height
                    rightPadding: root.theme.unit * 0.4
                    verticalAlignment: Text.AlignVCenter
                    horizontalAlignment: Text.AlignRight
                    objectName: "treeWin_" + row.move
                    text: (root.whitePercent ? row.whiteWinPercent : row.blackWinPercent).toFixed(1)
                    color: row.figures
                    font.pixelSize: root.theme.unit
                }
                Label {
                    x: root.colX(4); width: root.columns[4] * root.width; height: parent.height
                    rightPadding: root.theme.unit * 0.4
                    verticalAlignment: Text.AlignVCenter
                    horizontalAlignment: Text.AlignRight
                    text: Number(row.draws).toLocaleString(Qt.locale("en_US"), "f", 0)
                    color: row.figures
                    font.pixelSize: root.theme.unit
                }
                Label {
                    x: root.colX(5); width: root.columns[5] * root.width; height: parent.height
                    rightPadding: root.theme.unit * 0.4
                    verticalAlignment: Text.AlignVCenter
                    horizontalAlignment: Text.AlignRight
                    text: row.averageScore.toFixed(1)
                    color: row.figures
                    font.pixelSize: root.theme.unit
                }
                Label {
                    readonly property string value: root.evalBySquare[row.square] !== undefined
                                                    ? root.evalBySquare[row.square] : ""
                    x: root.colX(6); width: root.columns[6] * root.width; height: parent.height
                    rightPadding: root.theme.unit * 0.4
                    verticalAlignment: Text.AlignVCenter
                    horizontalAlignment: Text.AlignRight
                    objectName: "treeEval_" + row.move
                    text: value !== "" ? value
                          : root.analysis !== null && root.analysis.enabled && !root.analysis.currentDone ? "…" : ""
                    // Estimates in the analysis colour, exact values in the text colour.
                    color: value.charAt(0) === "~" ? root.theme.analysis : root.theme.text
                    font.bold: value !== "" && value.charAt(0) !== "~"
                    font.pixelSize: root.theme.unit
                }
                MouseArea {
                    anchors.fill: parent
                    cursorShape: Qt.PointingHandCursor
                    onClicked: root.archive.playTreeMove(row.index)
                }
            }
        }
    }
}
