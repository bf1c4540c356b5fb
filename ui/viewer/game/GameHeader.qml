import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Othello.Viewer

// Players, event, year, round, result, the file's theoretical score (shown only where the
// game reached its depth), the named opening, and the rules when they are not Othello's.
Rectangle {
    id: root
    required property GameController game
    property Theme theme: Theme {}
    // The deepest opening named along the line on the board (the Tree's): shown when the game
    // has none of its own (typed games, analysis from a new game).
    property string lineOpening: ""
    // The game shown was moved to the trash (CurationController.shownTrashed).
    property bool trashed: false
    color: root.theme.panel
    radius: 4
    implicitHeight: layout.implicitHeight + root.theme.unit

    function orDash(s) { return s !== "" ? s : "—" }
    // A click on a player's name opens that player's page (the Players tab).
    signal playerRequested(string name)

    ColumnLayout {
        id: layout
        anchors.fill: parent
        anchors.margins: root.theme.unit * 0.5
        spacing: root.theme.unit * 0.2

        RowLayout {
            Layout.fillWidth: true
            spacing: root.theme.unit * 0.4
            Rectangle {
                Layout.preferredWidth: root.theme.unit * 1.1
                Layout.preferredHeight: root.theme.unit * 1.1
                radius: width / 2
                color: root.theme.blackDisc
            }
            Label {
                objectName: "headerBlack"
                Layout.fillWidth: true
                Layout.preferredWidth: 1
                text: root.orDash(root.game.blackName)
                font.pixelSize: root.theme.unit * 1.2
                font.bold: true
                elide: Text.ElideRight
                MouseArea {
                    objectName: "headerBlackLink"
                    anchors.fill: parent
                    enabled: root.game.blackName !== "" && root.game.gameId > 0
                    cursorShape: enabled ? Qt.PointingHandCursor : Qt.ArrowCursor
                    onClicked: root.playerRequested(root.game.blackName)
                }
            }
            Label {
                objectName: "headerResult"
                text: root.game.result !== "" ? root.game.result : "vs"
                font.pixelSize: root.theme.unit * 1.2
                font.bold: true
            }
            Label {
                objectName: "headerWhite"
                Layout.fillWidth: true
                Layout.preferredWidth: 1
                horizontalAlignment: Text.AlignRight
                text: root.orDash(root.game.whiteName)
                font.pixelSize: root.theme.unit * 1.2
                font.bold: true
                elide: Text.ElideRight
                MouseArea {
                    objectName: "headerWhiteLink"
                    anchors.fill: parent
                    enabled: root.game.whiteName !== "" && root.game.gameId > 0
                    cursorShape: enabled ? Qt.PointingHandCursor : Qt.ArrowCursor
                    onClicked: root.playerRequested(root.game.whiteName)
                }
            }
            Rectangle {
                Layout.preferredWidth: root.theme.unit * 1.1
                Layout.preferredHeight: root.theme.unit * 1.1
                radius: width / 2
                color: root.theme.whiteDisc
                border.color: "#777777"
            }
        }
        GridLayout {
            Layout.fillWidth: true
            columns: 4
            columnSpacing: root.theme.unit * 0.6
            rowSpacing: root.theme.unit * 0.1
            Label { text: qsTr("Event"); color: root.theme.mutedText; font.pixelSize: root.theme.unit * 0.9 }
            Label {
                objectName: "headerEvent"
                Layout.fillWidth: true
                Layout.preferredWidth: 1
                text: root.orDash(root.game.event) + (root.game.round !== "" ? qsTr(", round %1").arg(root.game.round) : "")
                font.pixelSize: root.theme.unit * 0.9
                elide: Text.ElideRight
            }
            Label { text: qsTr("Year"); color: root.theme.mutedText; font.pixelSize: root.theme.unit * 0.9 }
            Label {
                objectName: "headerYear"
                text: root.game.year > 0 ? root.game.year : "—"
                font.pixelSize: root.theme.unit * 0.9
            }
            Label { text: qsTr("Opening"); color: root.theme.mutedText; font.pixelSize: root.theme.unit * 0.9 }
            Label {
                objectName: "headerOpening"
                Layout.fillWidth: true
                Layout.preferredWidth: 1
                // The archive's opening names are Othello's: a game under other rules reaching
                // one of their positions by other flips is not that opening.
                text: root.orDash(root.game.opening !== "" ? root.game.opening
                                  : root.game.rulesText === "" ? root.lineOpening : "")
                font.pixelSize: root.theme.unit * 0.9
                elide: Text.ElideRight
            }
            Label { text: qsTr("File's value"); color: root.theme.mutedText; font.pixelSize: root.theme.unit * 0.9 }
            Label {
                objectName: "headerTheoretical"
                text: root.orDash(root.game.theoretical)
                font.pixelSize: root.theme.unit * 0.9
                Layout.maximumWidth: root.width * 0.35
                elide: Text.ElideRight
            }
            Label { text: qsTr("Game"); color: root.theme.mutedText; font.pixelSize: root.theme.unit * 0.9 }
            Label {
                objectName: "headerGame"
                Layout.fillWidth: true
                // As the other filling labels: its text never widens the grid past the pane (a
                // label spanning the last columns pushed the Year column out of the panel).
                Layout.preferredWidth: 1
                elide: Text.ElideRight
                font.pixelSize: root.theme.unit * 0.9
                // The archive's id; a game with unsaved edits (or not stored at all) says so.
                text: (root.game.gameId > 0 ? "#" + root.game.gameId : qsTr("not in the archive"))
                      + (root.trashed ? qsTr(" · in the trash") : "")
                      + (root.game.modified ? qsTr(" · modified, not saved") : "")
                color: root.trashed || root.game.modified ? root.theme.analysis : root.theme.text
            }
            Item { Layout.columnSpan: 2 }
            // The rules, when they are not Othello's from the cross (GameController::rulesText):
            // classic Reversi, Reversi with every line, a handicap and who it is given to.
            Label {
                visible: root.game.rulesText !== ""
                text: qsTr("Rules")
                color: root.theme.mutedText
                font.pixelSize: root.theme.unit * 0.9
                Layout.alignment: Qt.AlignTop
            }
            Label {
                objectName: "headerRules"
                visible: root.game.rulesText !== ""
                Layout.columnSpan: 3
                Layout.fillWidth: true
                Layout.preferredWidth: 1
                text: root.game.rulesText
                font.pixelSize: root.theme.unit * 0.9
                font.bold: true
                wrapMode: Text.WordWrap
                maximumLineCount: 2
                elide: Text.ElideRight
            }
        }
    }
}
