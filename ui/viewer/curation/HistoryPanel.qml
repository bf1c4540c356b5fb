import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Othello.Viewer

// The archive's journal (the History tab): every change, newest first — adds, edits, deletions,
// restores, purges, imports, renames and reverts — with when, by whom and what (old and new
// values in the summary), for the game on the board or the whole archive. "Revert" undoes a
// change in effect (itself a change, so Ctrl+Z redoes it); a revert that later changes depend
// on is refused and the reason shown in plain words; a purge cannot be reverted.
Item {
    id: root
    required property ArchiveClient archive
    required property GameController game
    property Theme theme: Theme {}
    readonly property CurationController curation: archive.curation
    readonly property double shownFor: onlyGame.checked && game.gameId > 0 ? game.gameId : 0

    function reload() { if (visible && archive.ready) curation.loadHistory(shownFor) }
    onVisibleChanged: reload()
    onShownForChanged: reload()
    Connections {
        target: root.archive
        function onStateChanged() { root.reload() }
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: root.theme.unit * 0.3

        RowLayout {
            Layout.fillWidth: true
            CheckBox {
                id: onlyGame
                objectName: "historyOnlyGame"
                Layout.fillWidth: true
                checked: true
                enabled: root.game.gameId > 0
                font.pixelSize: root.theme.unit * 0.95
                text: root.game.gameId > 0 ? qsTr("Only game %1 (else the whole archive)").arg(root.game.gameId)
                                           : qsTr("The whole archive (no stored game on the board)")
            }
            Label {
                objectName: "historyCount"
                font.pixelSize: root.theme.unit * 0.9
                color: root.theme.mutedText
                text: root.curation.history.length === 1 ? qsTr("1 change") : qsTr("%1 changes").arg(root.curation.history.length)
            }
        }
        Label {
            objectName: "historyStatus"
            Layout.fillWidth: true
            wrapMode: Text.Wrap
            font.pixelSize: root.theme.unit * 0.9
            visible: text !== ""
            color: root.curation.errorText !== "" ? root.theme.error : root.theme.mutedText
            text: root.curation.errorText !== "" ? root.curation.errorText : root.curation.message
        }
        ListView {
            objectName: "historyList"
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            model: root.curation.history
            boundsBehavior: Flickable.StopAtBounds
            ScrollBar.vertical: ScrollBar {}
            delegate: Rectangle {
                id: row
                required property int index
                required property var modelData
                readonly property bool undone: modelData.revertedBy > 0
                objectName: "change_" + index
                width: ListView.view.width
                height: body.implicitHeight + root.theme.unit * 0.6
                color: index % 2 ? "#f0f0ee" : "#fbfbfa"
                RowLayout {
                    id: body
                    anchors.left: parent.left
                    anchors.right: parent.right
                    anchors.verticalCenter: parent.verticalCenter
                    anchors.leftMargin: root.theme.unit * 0.4
                    anchors.rightMargin: root.theme.unit * 0.4
                    spacing: root.theme.unit * 0.5
                    ColumnLayout {
                        Layout.fillWidth: true
                        spacing: 0
                        Label {
                            objectName: "changeSummary"
                            Layout.fillWidth: true
                            wrapMode: Text.Wrap
                            font.pixelSize: root.theme.unit * 0.9
                            font.strikeout: row.undone
                            color: row.undone ? root.theme.mutedText : root.theme.text
                            text: row.modelData.summary
                        }
                        Label {
                            Layout.fillWidth: true
                            elide: Text.ElideRight
                            font.pixelSize: root.theme.unit * 0.8
                            color: root.theme.mutedText
                            text: qsTr("change %1 · %2 · %3 · %4").arg(row.modelData.id).arg(row.modelData.kind)
                                  .arg(row.modelData.time).arg(row.modelData.user)
                                  + (row.modelData.range !== "" ? " · " + row.modelData.range : "")
                                  + (row.undone ? qsTr(" · reverted by change %1").arg(row.modelData.revertedBy) : "")
                                  + (row.modelData.reverts > 0 ? qsTr(" · undoes change %1").arg(row.modelData.reverts) : "")
                        }
                    }
                    Button {
                        objectName: "revert_" + row.index
                        text: qsTr("Revert")
                        font.pixelSize: root.theme.unit * 0.85
                        visible: row.modelData.revertible
                        enabled: !root.curation.busy && root.archive.importer.blockedReason === ""
                        onClicked: root.curation.revert(row.modelData.id)
                    }
                }
            }
        }
    }
}
