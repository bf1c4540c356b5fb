import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Othello.Viewer

// Stepping buttons (the keys are window shortcuts in ViewerPane) and the position status.
ColumnLayout {
    id: root
    required property GameController game
    property Theme theme: Theme {}
    signal editRequested()
    // The board's orientation (Board.qml: turns and mirror).
    signal rotateRequested()
    signal flipRequested()
    spacing: root.theme.unit * 0.3

    RowLayout {
        Layout.fillWidth: true
        spacing: root.theme.unit * 0.3
        Repeater {
            model: [
                { name: "first", label: "|◀", tip: qsTr("Start (Home)"), delta: -1000 },
                { name: "back10", label: "◀◀", tip: qsTr("Ten moves back (Up, PgUp)"), delta: -10 },
                { name: "back", label: "◀", tip: qsTr("One move back (Left)"), delta: -1 },
                { name: "forward", label: "▶", tip: qsTr("One move forward (Right)"), delta: 1 },
                { name: "forward10", label: "▶▶", tip: qsTr("Ten moves forward (Down, PgDn)"), delta: 10 },
                { name: "last", label: "▶|", tip: qsTr("End (End)"), delta: 1000 }
            ]
            delegate: Button {
                required property var modelData
                objectName: "nav_" + modelData.name
                Layout.fillWidth: true
                Layout.preferredHeight: root.theme.unit * 2.4
                text: modelData.label
                font.pixelSize: root.theme.unit * 1.1
                focusPolicy: Qt.NoFocus
                enabled: !root.game.editing && (modelData.delta < 0 ? root.game.ply > 0
                                                                      : root.game.ply < root.game.plyCount)
                ToolTip.visible: hovered
                ToolTip.text: modelData.tip
                onClicked: root.game.step(modelData.delta)
            }
        }
        Button {
            objectName: "boardRotate"
            Layout.preferredHeight: root.theme.unit * 2.4
            text: "⟳"
            font.pixelSize: root.theme.unit * 1.1
            focusPolicy: Qt.NoFocus
            ToolTip.visible: hovered
            ToolTip.text: qsTr("Turn the board a quarter clockwise (coordinates follow)")
            onClicked: root.rotateRequested()
        }
        Button {
            objectName: "boardFlip"
            Layout.preferredHeight: root.theme.unit * 2.4
            text: "⇆"
            font.pixelSize: root.theme.unit * 1.1
            focusPolicy: Qt.NoFocus
            ToolTip.visible: hovered
            ToolTip.text: qsTr("Mirror the board left to right (coordinates follow)")
            onClicked: root.flipRequested()
        }
    }

    RowLayout {
        Layout.fillWidth: true
        spacing: root.theme.unit * 0.6
        Rectangle {
            Layout.preferredWidth: root.theme.unit * 1.2
            Layout.preferredHeight: root.theme.unit * 1.2
            radius: width / 2
            color: root.game.sideToMove === 1 ? root.theme.blackDisc : root.theme.whiteDisc
            border.color: "#777777"
        }
        Label {
            objectName: "statusText"
            Layout.fillWidth: true
            text: root.game.editing ? qsTr("Editing: click squares to cycle empty, black, white")
                  : root.game.choosingLine ? root.game.choiceText
                  : root.game.statusText
            font.pixelSize: root.theme.unit
            elide: Text.ElideRight
        }
        Label {
            objectName: "discCounts"
            text: qsTr("● %1   ○ %2").arg(root.game.blackCount).arg(root.game.whiteCount)
            font.pixelSize: root.theme.unit
            font.bold: true
        }
        Label {
            objectName: "plyLabel"
            // With the archive's id of the game shown (the Search tab's "#", `othello-db show ID`).
            text: (root.game.gameId > 0 ? qsTr("game #%1  ·  ").arg(root.game.gameId) : "")
                  + qsTr("ply %1/%2").arg(root.game.ply).arg(root.game.plyCount)
            font.pixelSize: root.theme.unit * 0.9
            color: root.theme.mutedText
        }
    }

    // The analysis note keeps its room when hidden: the board above must not change size
    // (and jump) as a line starts or ends.
    RowLayout {
        objectName: "analysisNote"
        Layout.fillWidth: true
        opacity: root.game.inAnalysis ? 1 : 0
        enabled: root.game.inAnalysis
        Label {
            Layout.fillWidth: true
            text: qsTr("Variation from ply %1 — step back to return to the main line").arg(root.game.analysisFrom)
            color: root.theme.analysis
            font.pixelSize: root.theme.unit * 0.9
            elide: Text.ElideRight
        }
        Button {
            objectName: "leaveAnalysis"
            text: qsTr("Back to the main line")
            focusPolicy: Qt.NoFocus
            font.pixelSize: root.theme.unit * 0.9
            onClicked: root.game.leaveAnalysis()
        }
    }
}
