import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Othello.Viewer

// The comment on the position shown, under the move list: read it, add, edit or delete it.
// Editing keeps the place it started on: clicking another move meanwhile does not move the
// text typed; "Save" stores it on the position it was written for (one undoable edit; an
// empty text deletes the comment).
Rectangle {
    id: root
    required property GameController game
    property Theme theme: Theme {}
    property bool editing: false
    property string targetKey: ""
    property string targetName: ""
    readonly property alias text: area.text
    color: "#f7f5ef"
    border.color: "#dedbd0"
    implicitHeight: (editing ? editColumn.implicitHeight : readRow.implicitHeight) + theme.unit * 0.6

    function squareName(square) {
        if (square === 64) return qsTr("pass")
        return "abcdefgh"[square % 8] + (Math.floor(square / 8) + 1)
    }
    function start() {
        if (!game.canComment) return
        targetKey = game.locationKey
        targetName = game.ply > 0 ? qsTr("after ply %1 (%2)").arg(game.ply).arg(squareName(game.lastMove))
                                  : qsTr("before the first move")
        area.text = game.comment
        editing = true
        area.forceActiveFocus()
    }
    function save() {
        if (!editing) return
        if (game.locationKey !== targetKey) game.goTo(targetKey)
        game.setComment(area.text)
        editing = false
    }
    function remove() {
        area.text = ""
        save()
    }
    function cancel() { editing = false }

    RowLayout {
        id: readRow
        visible: !root.editing
        anchors.left: parent.left
        anchors.right: parent.right
        anchors.verticalCenter: parent.verticalCenter
        anchors.margins: root.theme.unit * 0.3
        Label {
            objectName: "commentShown"
            Layout.fillWidth: true
            text: root.game.comment !== "" ? root.game.comment : qsTr("No comment on this position")
            font.italic: true
            font.pixelSize: root.theme.unit * 0.9
            color: root.game.comment !== "" ? "#4a5a2a" : root.theme.mutedText
            wrapMode: Text.Wrap
            maximumLineCount: 3
            elide: Text.ElideRight
        }
        Button {
            objectName: "commentEditButton"
            text: root.game.comment !== "" ? qsTr("Edit…") : qsTr("Comment…")
            enabled: root.game.canComment
            focusPolicy: Qt.NoFocus
            font.pixelSize: root.theme.unit * 0.85
            onClicked: root.start()
        }
    }
    ColumnLayout {
        id: editColumn
        visible: root.editing
        anchors.left: parent.left
        anchors.right: parent.right
        anchors.top: parent.top
        anchors.margins: root.theme.unit * 0.3
        Label {
            text: qsTr("Comment %1").arg(root.targetName)
            font.pixelSize: root.theme.unit * 0.85
            color: root.theme.mutedText
        }
        ScrollView {
            Layout.fillWidth: true
            Layout.preferredHeight: root.theme.unit * 4.5
            TextArea {
                id: area
                objectName: "commentArea"
                wrapMode: TextEdit.Wrap
                font.pixelSize: root.theme.unit * 0.9
                placeholderText: qsTr("One paragraph; empty deletes the comment")
                Keys.onEscapePressed: root.cancel()
                // Ctrl+Enter saves, as in most editors' comment boxes.
                Keys.onReturnPressed: (event) => {
                    if (event.modifiers & Qt.ControlModifier) root.save()
                    else event.accepted = false
                }
            }
        }
        RowLayout {
            Item { Layout.fillWidth: true }
            Button {
                objectName: "commentSave"
                text: qsTr("Save")
                font.pixelSize: root.theme.unit * 0.85
                onClicked: root.save()
            }
            Button {
                objectName: "commentDelete"
                text: qsTr("Delete")
                font.pixelSize: root.theme.unit * 0.85
                onClicked: root.remove()
            }
            Button {
                objectName: "commentCancel"
                text: qsTr("Cancel")
                font.pixelSize: root.theme.unit * 0.85
                onClicked: root.cancel()
            }
        }
    }
}
