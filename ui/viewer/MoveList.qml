import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Othello.Viewer

// The moves in two columns (Black, White), numbered, passes shown; the current move is
// highlighted and kept in view (at the start: the first rows); a click jumps there. "1–60"
// numbers them as an Othello score sheet does, one move a row by the disc it places (passes
// keep a row without a number). Analysis moves are in another colour.
// With the endgame analysis on, a move that lost discs against the best move says how many
// ("−4"; "≤−4" when only a bound is known).
Item {
    id: root
    required property GameController game
    property Theme theme: Theme {}
    readonly property real rowHeight: root.theme.unit * 1.9

    ColumnLayout {
        anchors.fill: parent
        spacing: 0
        RowLayout {
            Layout.fillWidth: true
            Layout.preferredHeight: root.rowHeight
            spacing: 0
            // The numbering switch sits in the number column's title.
            Button {
                objectName: "moveNumbering"
                Layout.preferredWidth: root.width * 0.2
                Layout.preferredHeight: root.rowHeight
                flat: true
                checkable: true
                checked: root.game.moveList.numbered
                onToggled: root.game.moveList.numbered = checked
                focusPolicy: Qt.NoFocus
                font.pixelSize: root.theme.unit * 0.85
                font.bold: true
                text: checked ? qsTr("1–60") : "#"
                ToolTip.visible: hovered
                ToolTip.delay: 500
                ToolTip.text: checked ? qsTr("Numbered by disc, as on a score sheet: click for move pairs")
                                      : qsTr("Move pairs: click to number the moves 1–60 as on a score sheet")
            }
            Label {
                Layout.fillWidth: true
                text: qsTr("Black")
                horizontalAlignment: Text.AlignHCenter
                font.pixelSize: root.theme.unit
                font.bold: true
            }
            Label {
                Layout.fillWidth: true
                text: qsTr("White")
                horizontalAlignment: Text.AlignHCenter
                font.pixelSize: root.theme.unit
                font.bold: true
            }
        }
        ListView {
            id: list
            objectName: "moveListView"
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            model: root.game.moveList
            boundsBehavior: Flickable.StopAtBounds
            ScrollBar.vertical: ScrollBar {}
            Label {
                anchors.fill: parent
                anchors.margins: root.theme.unit
                visible: list.count === 0
                wrapMode: Text.WordWrap
                horizontalAlignment: Text.AlignHCenter
                font.pixelSize: root.theme.unit
                color: root.theme.mutedText
                text: qsTr("No moves yet. Click a marked square to play, open a game from the Search tab, or set up a position.")
            }
            currentIndex: root.game.currentMoveRow
            onCurrentIndexChanged: {
                // The start (or a line with no move shown): the first rows.
                if (currentIndex < 0) {
                    positionViewAtBeginning()
                    return
                }
                positionViewAtIndex(currentIndex, ListView.Contain)
                // Whole rows at the top: no half-cut row under the column titles.
                var top = Math.ceil((contentY - originY) / root.rowHeight - 0.001) * root.rowHeight
                contentY = originY + Math.max(0, Math.min(top, contentHeight - height))
            }
            // A model reset moves the view's current index itself: bind it again.
            function rebind() {
                list.currentIndex = Qt.binding(function() { return root.game.currentMoveRow })
            }
            Connections {
                target: root.game
                function onLineChanged() { list.rebind() }
            }
            Connections {
                target: root.game.moveList
                function onNumberedChanged() { list.rebind() }
            }
            delegate: Rectangle {
                id: row
                required property int index
                required property int number
                required property string blackText
                required property string whiteText
                required property int blackPly
                required property int whitePly
                required property bool blackAnalysis
                required property bool whiteAnalysis
                required property string blackLoss
                required property string whiteLoss
                width: ListView.view.width
                height: root.rowHeight
                color: index % 2 ? "#f0f0ee" : "#fbfbfa"

                Label {
                    x: 0
                    width: root.width * 0.2
                    height: parent.height
                    objectName: "number_" + row.index
                    text: row.number > 0 ? row.number + "." : ""
                    horizontalAlignment: Text.AlignHCenter
                    verticalAlignment: Text.AlignVCenter
                    font.pixelSize: root.theme.unit
                    color: root.theme.mutedText
                }
                Repeater {
                    model: 2
                    delegate: Rectangle {
                        id: cell
                        required property int index
                        readonly property int ply: index === 0 ? row.blackPly : row.whitePly
                        readonly property string moveText: index === 0 ? row.blackText : row.whiteText
                        readonly property bool analysis: index === 0 ? row.blackAnalysis : row.whiteAnalysis
                        readonly property string loss: index === 0 ? row.blackLoss : row.whiteLoss
                        objectName: "move_" + ply
                        x: root.width * 0.2 + index * (row.width - root.width * 0.2) / 2
                        width: (row.width - root.width * 0.2) / 2
                        height: row.height
                        color: ply > 0 && ply === root.game.ply ? root.theme.accent : "transparent"
                        radius: 3
                        Label {
                            anchors.centerIn: parent
                            text: cell.moveText
                            font.pixelSize: root.theme.unit
                            font.italic: cell.analysis || cell.moveText === "pass"
                            font.bold: cell.ply === root.game.ply
                            color: cell.ply > 0 && cell.ply === root.game.ply ? "white"
                                 : cell.analysis ? root.theme.analysis
                                 : cell.moveText === "pass" ? root.theme.mutedText : root.theme.text
                        }
                        Label {
                            objectName: "loss_" + cell.ply
                            visible: cell.loss !== ""
                            anchors.right: parent.right
                            anchors.rightMargin: root.theme.unit * 0.3
                            anchors.verticalCenter: parent.verticalCenter
                            text: cell.loss
                            font.pixelSize: root.theme.unit * 0.8
                            font.bold: true
                            color: cell.ply === root.game.ply ? "white" : root.theme.loss
                        }
                        MouseArea {
                            anchors.fill: parent
                            enabled: cell.ply > 0
                            onClicked: root.game.jump(cell.ply)
                        }
                    }
                }
            }
        }
    }
}
