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
            text: qsTr("ply %1/%2").arg(root.game.ply).arg(root.game.plyCount)
            font.pixelSize: root.theme.unit * 0.9
            color: root.theme.mutedText
        }
    }

    RowLayout {
        Layout.fillWidth: true
        visible: root.game.inAnalysis
        Label {
            Layout.fillWidth: true
            text: qsTr("Analysis line from ply %1 — step back to return to the game").arg(root.game.analysisFrom)
            color: root.theme.analysis
            font.pixelSize: root.theme.unit * 0.9
            elide: Text.ElideRight
        }
        Button {
            objectName: "leaveAnalysis"
            text: qsTr("Back to the game")
            focusPolicy: Qt.NoFocus
            font.pixelSize: root.theme.unit * 0.9
            onClicked: root.game.leaveAnalysis()
        }
    }
}
