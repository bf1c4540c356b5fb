import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Othello.Viewer

// The question asked when a move played differs from the move the line continues with
// (GameController::pendingMove, branchMode "ask"): keep it as a variation (the game stays as
// it is), overwrite the line from there (undoable), or cancel. "Remember" makes the choice the
// setting (the Moves tab's menu changes it back). V, O and Esc answer from the keyboard.
Popup {
    id: root
    required property GameController game
    property Theme theme: Theme {}
    readonly property bool asking: game.pendingMove >= 0
    modal: true
    focus: true
    closePolicy: Popup.CloseOnEscape
    anchors.centerIn: Overlay.overlay
    padding: theme.unit
    onAskingChanged: asking ? open() : close()
    // Closed by Escape or a click of Cancel: the move is dropped.
    onClosed: if (game.pendingMove >= 0) game.resolveBranch(GameController.BranchAsk)

    function answer(choice) {
        if (remember.checked) game.branchMode = choice
        game.resolveBranch(choice)
    }

    contentItem: ColumnLayout {
        spacing: root.theme.unit * 0.6
        Keys.onPressed: (event) => {
            if (event.key === Qt.Key_V) { root.answer(GameController.BranchVariation); event.accepted = true }
            else if (event.key === Qt.Key_O) { root.answer(GameController.BranchOverwrite); event.accepted = true }
        }
        focus: true
        Label {
            objectName: "branchQuestion"
            Layout.maximumWidth: root.theme.unit * 28
            wrapMode: Text.WordWrap
            font.pixelSize: root.theme.unit
            text: qsTr("The line continues with %1 here. Play %2 as:")
                  .arg(root.game.nextMoveText).arg(root.game.pendingMoveText)
        }
        RowLayout {
            spacing: root.theme.unit * 0.5
            Button {
                objectName: "branchVariation"
                text: qsTr("&Variation")
                highlighted: true
                font.pixelSize: root.theme.unit * 0.9
                onClicked: root.answer(GameController.BranchVariation)
                ToolTip.visible: hovered
                ToolTip.text: qsTr("Keep the line; the move starts a variation beside it")
            }
            Button {
                objectName: "branchOverwrite"
                text: qsTr("&Overwrite")
                font.pixelSize: root.theme.unit * 0.9
                onClicked: root.answer(GameController.BranchOverwrite)
                ToolTip.visible: hovered
                ToolTip.text: qsTr("Replace the line's moves from here by this move (Ctrl+Z undoes it)")
            }
            Button {
                objectName: "branchCancel"
                text: qsTr("Cancel")
                font.pixelSize: root.theme.unit * 0.9
                onClicked: root.close()
            }
        }
        CheckBox {
            id: remember
            objectName: "branchRemember"
            text: qsTr("Do this from now on (the Moves tab's ⋯ menu changes it)")
            font.pixelSize: root.theme.unit * 0.8
            focusPolicy: Qt.NoFocus
        }
    }
    onOpened: remember.checked = false
}
