import QtQuick
import QtQuick.Controls
import Othello.Viewer

// A small table of a player's page: a title, a header row and rows of texts; a row with a
// game id (`games[i]` > 0) opens that game on a click.
Column {
    id: root
    property string title: ""
    property var headers: []
    property var widths: []   // in theme units, one per column
    property var rows: []     // arrays of texts
    property var games: []    // a game id per row (0: none)
    property Theme theme: Theme {}
    signal gameClicked(double id)
    spacing: 1

    Label {
        text: root.title
        font.pixelSize: root.theme.unit * 0.95
        font.bold: true
        color: root.theme.text
        bottomPadding: root.theme.unit * 0.2
    }
    Row {
        visible: root.rows.length > 0
        Repeater {
            model: root.headers
            Label {
                width: root.widths[index] * root.theme.unit
                text: modelData
                font.pixelSize: root.theme.unit * 0.75
                color: root.theme.mutedText
                horizontalAlignment: index === 0 ? Text.AlignLeft : Text.AlignRight
                rightPadding: root.theme.unit * 0.3
                elide: Text.ElideRight
            }
        }
    }
    Repeater {
        model: root.rows
        Rectangle {
            readonly property double gameId: root.games.length > index ? root.games[index] : 0
            width: row.width
            height: row.height
            color: rowMouse.containsMouse && gameId > 0 ? "#e8eefb" : (index % 2 ? "#f4f4f4" : "transparent")
            Row {
                id: row
                Repeater {
                    model: modelData
                    Label {
                        width: root.widths[index] * root.theme.unit
                        text: modelData
                        font.pixelSize: root.theme.unit * 0.8
                        color: root.theme.text
                        horizontalAlignment: index === 0 ? Text.AlignLeft : Text.AlignRight
                        rightPadding: root.theme.unit * 0.3
                        elide: Text.ElideRight
                    }
                }
            }
            MouseArea {
                id: rowMouse
                anchors.fill: parent
                hoverEnabled: true
                enabled: parent.gameId > 0
                cursorShape: parent.gameId > 0 ? Qt.PointingHandCursor : Qt.ArrowCursor
                onClicked: root.gameClicked(parent.gameId)
            }
        }
    }
    Label {
        visible: root.rows.length === 0
        text: qsTr("none")
        font.pixelSize: root.theme.unit * 0.8
        color: root.theme.mutedText
    }
}
