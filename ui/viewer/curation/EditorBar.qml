import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Othello.Viewer

// The board editor's controls: side to move, clear / standard start, done or cancel. Done
// takes the board as the start of a new line (a set-up position or a handicap game).
ColumnLayout {
    id: root
    required property GameController game
    property Theme theme: Theme {}
    signal searchRequested()
    spacing: root.theme.unit * 0.3

    RowLayout {
        Layout.fillWidth: true
        Label { text: qsTr("Side to move:"); font.pixelSize: root.theme.unit }
        RadioButton {
            objectName: "editBlack"
            text: qsTr("Black")
            font.pixelSize: root.theme.unit
            checked: root.game.editSide === 1
            onClicked: root.game.editSide = 1
        }
        RadioButton {
            objectName: "editWhite"
            text: qsTr("White")
            font.pixelSize: root.theme.unit
            checked: root.game.editSide === 2
            onClicked: root.game.editSide = 2
        }
        Item { Layout.fillWidth: true }
        Button {
            objectName: "editClear"
            text: qsTr("Empty board")
            font.pixelSize: root.theme.unit * 0.9
            onClicked: root.game.clearEditBoard()
        }
        Button {
            objectName: "editStandard"
            text: qsTr("Standard start")
            font.pixelSize: root.theme.unit * 0.9
            onClicked: root.game.standardEditBoard()
        }
    }
    RowLayout {
        Layout.fillWidth: true
        Label {
            Layout.fillWidth: true
            text: root.game.editError !== "" ? root.game.editError
                                             : qsTr("Click a square: empty → black → white → empty")
            color: root.game.editError !== "" ? root.theme.error : root.theme.mutedText
            font.pixelSize: root.theme.unit * 0.9
            elide: Text.ElideRight
        }
        Button {
            objectName: "editCancel"
            text: qsTr("Cancel")
            font.pixelSize: root.theme.unit * 0.9
            onClicked: root.game.cancelEditing()
        }
        Button {
            objectName: "editSearch"
            text: qsTr("Done and search")
            font.pixelSize: root.theme.unit * 0.9
            onClicked: if (root.game.finishEditing()) root.searchRequested()
        }
        Button {
            objectName: "editDone"
            text: qsTr("Done")
            highlighted: true
            font.pixelSize: root.theme.unit * 0.9
            onClicked: root.game.finishEditing()
        }
    }
}
