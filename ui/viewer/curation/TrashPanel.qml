import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Othello.Viewer

// The trash (the Trash tab): games deleted from the archive, most recent first, with who
// deleted them and when (read on the archive worker whenever the tab shows or the archive
// changes). "Restore" brings a game back under its id (undoable); "Purge" deletes
// it for good after a confirmation that says it cannot be undone; "Empty trash" purges them
// all.
Item {
    id: root
    required property ArchiveClient archive
    property Theme theme: Theme {}
    readonly property CurationController curation: archive.curation
    readonly property real rowHeight: theme.unit * 2.6
    // What the confirmation purges: a game id, or 0 for the whole trash.
    property double purgeTarget: 0
    readonly property alias purgeDialog: confirm

    onVisibleChanged: if (visible && archive.ready) curation.loadTrash()
    Connections {
        target: root.archive
        function onStateChanged() { if (root.visible && root.archive.ready) root.curation.loadTrash() }
    }

    function askPurge(id) {
        purgeTarget = id
        confirm.open()
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: root.theme.unit * 0.3

        RowLayout {
            Layout.fillWidth: true
            Label {
                objectName: "trashCount"
                Layout.fillWidth: true
                font.pixelSize: root.theme.unit
                text: root.curation.trash.length === 0 ? qsTr("The trash is empty")
                    : root.curation.trash.length === 1 ? qsTr("1 game in the trash")
                    : qsTr("%1 games in the trash").arg(root.curation.trash.length)
            }
            Button {
                objectName: "emptyTrash"
                text: qsTr("Empty trash…")
                font.pixelSize: root.theme.unit * 0.9
                enabled: root.curation.trash.length > 0 && !root.curation.busy
                         && root.archive.importer.blockedReason === ""
                onClicked: root.askPurge(0)
            }
        }
        Label {
            objectName: "trashStatus"
            Layout.fillWidth: true
            wrapMode: Text.Wrap
            font.pixelSize: root.theme.unit * 0.9
            visible: text !== ""
            color: root.curation.errorText !== "" ? root.theme.error : root.theme.mutedText
            text: root.curation.errorText !== "" ? root.curation.errorText : root.curation.message
        }
        ListView {
            id: list
            objectName: "trashList"
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            model: root.curation.trash
            boundsBehavior: Flickable.StopAtBounds
            ScrollBar.vertical: ScrollBar {}
            delegate: Rectangle {
                id: row
                required property int index
                required property var modelData
                objectName: "trash_" + index
                width: ListView.view.width
                height: root.rowHeight
                color: index % 2 ? "#f0f0ee" : "#fbfbfa"
                RowLayout {
                    anchors.fill: parent
                    anchors.leftMargin: root.theme.unit * 0.4
                    anchors.rightMargin: root.theme.unit * 0.4
                    spacing: root.theme.unit * 0.5
                    Label {
                        text: "#" + row.modelData.id
                        color: root.theme.mutedText
                        font.pixelSize: root.theme.unit * 0.9
                        Layout.preferredWidth: root.theme.unit * 3.5
                    }
                    ColumnLayout {
                        Layout.fillWidth: true
                        spacing: 0
                        Label {
                            Layout.fillWidth: true
                            elide: Text.ElideRight
                            font.pixelSize: root.theme.unit * 0.9
                            font.bold: true
                            text: qsTr("%1 – %2   %3").arg(row.modelData.black).arg(row.modelData.white).arg(row.modelData.score)
                        }
                        Label {
                            Layout.fillWidth: true
                            elide: Text.ElideRight
                            font.pixelSize: root.theme.unit * 0.8
                            color: root.theme.mutedText
                            text: qsTr("%1%2 · deleted %3 by %4 (change %5)")
                                  .arg(row.modelData.event !== "" ? row.modelData.event : qsTr("no event"))
                                  .arg(row.modelData.year > 0 ? " " + row.modelData.year : "")
                                  .arg(row.modelData.time).arg(row.modelData.user).arg(row.modelData.change)
                        }
                    }
                    Button {
                        objectName: "restore_" + row.index
                        text: qsTr("Restore")
                        font.pixelSize: root.theme.unit * 0.85
                        enabled: !root.curation.busy && root.archive.importer.blockedReason === ""
                        onClicked: root.curation.restore(row.modelData.id)
                    }
                    Button {
                        objectName: "purge_" + row.index
                        text: qsTr("Purge…")
                        font.pixelSize: root.theme.unit * 0.85
                        enabled: !root.curation.busy && root.archive.importer.blockedReason === ""
                        onClicked: root.askPurge(row.modelData.id)
                    }
                }
            }
        }
    }

    Dialog {
        id: confirm
        objectName: "purgeDialog"
        anchors.centerIn: parent
        modal: true
        title: root.purgeTarget > 0 ? qsTr("Purge game %1?").arg(root.purgeTarget) : qsTr("Empty the trash?")
        // A fixed width (see ViewerPane's leaveDialog: contentWidth is a binding loop).
        width: root.theme.unit * 30 + leftPadding + rightPadding
        Label {
            width: confirm.availableWidth
            wrapMode: Text.Wrap
            font.pixelSize: root.theme.unit * 0.95
            text: (root.purgeTarget > 0 ? qsTr("Game %1 will be deleted for good.").arg(root.purgeTarget)
                                        : qsTr("The %1 games in the trash will be deleted for good.").arg(root.curation.trash.length))
                  + " " + qsTr("A purge cannot be undone: neither Ctrl+Z nor the history can bring them back.")
        }
        footer: DialogButtonBox {
            Button {
                objectName: "confirmPurge"
                text: qsTr("Purge for good")
                DialogButtonBox.buttonRole: DialogButtonBox.DestructiveRole
                onClicked: {
                    root.curation.purge(root.purgeTarget > 0 ? [root.purgeTarget] : [])
                    confirm.close()
                }
            }
            Button {
                objectName: "cancelPurge"
                text: qsTr("Cancel")
                DialogButtonBox.buttonRole: DialogButtonBox.RejectRole
                onClicked: confirm.close()
            }
        }
    }
}
