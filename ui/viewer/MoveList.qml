import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Othello.Viewer

// The moves in two columns (Black, White), numbered, passes shown; the current move is
// highlighted and kept in view; a click jumps there. Analysis moves are in another colour.
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
            Label {
                Layout.preferredWidth: root.width * 0.2
                text: "#"
                horizontalAlignment: Text.AlignHCenter
                font.pixelSize: root.theme.unit
                font.bold: true
                color: root.theme.mutedText
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
                if (currentIndex < 0) return
                positionViewAtIndex(currentIndex, ListView.Contain)
                // Whole rows at the top: no half-cut row under the column titles.
                var top = Math.ceil((contentY - originY) / root.rowHeight - 0.001) * root.rowHeight
                contentY = originY + Math.max(0, Math.min(top, contentHeight - height))
            }
            // A model reset moves the view's current index itself: bind it again.
            Connections {
                target: root.game
                function onLineChanged() {
                    list.currentIndex = Qt.binding(function() { return root.game.currentMoveRow })
                }
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
                    text: row.number + "."
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
