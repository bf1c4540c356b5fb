import QtQuick
import QtQuick.Controls
import QtQuick.Dialogs
import QtQuick.Layouts
import Othello.Viewer

// Import: pick files or a folder (or drop them on the window); a progress bar with Cancel;
// afterwards the rejected records with their diagnoses. The archive stays usable meanwhile.
Item {
    id: root
    required property ArchiveClient archive
    property Theme theme: Theme {}
    readonly property ImportController importer: archive.importer

    // Opens the file picker (the empty-archive banner's action).
    function chooseFiles() {
        if (importer.blockedReason === "" && !importer.running) fileDialog.open()
    }

    FileDialog {
        id: fileDialog
        title: qsTr("Import game files")
        fileMode: FileDialog.OpenFiles
        nameFilters: [qsTr("Game records (*.wtb *.WTB *.pgn *.ggf *.txt *.csv *.moves)"), qsTr("All files (*)")]
        onAccepted: root.importer.start(selectedFiles)
    }
    FolderDialog {
        id: folderDialog
        title: qsTr("Import a folder of game files")
        onAccepted: root.importer.start([selectedFolder])
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: root.theme.unit * 0.4

        RowLayout {
            Layout.fillWidth: true
            Button {
                objectName: "importFiles"
                text: qsTr("Import files…")
                font.pixelSize: root.theme.unit
                enabled: !root.importer.running && root.importer.blockedReason === ""
                onClicked: fileDialog.open()
            }
            Button {
                objectName: "importFolder"
                text: qsTr("Import a folder…")
                font.pixelSize: root.theme.unit
                enabled: !root.importer.running && root.importer.blockedReason === ""
                onClicked: folderDialog.open()
            }
            Label {
                objectName: "importBlocked"
                Layout.fillWidth: true
                text: root.importer.blockedReason !== ""
                      ? qsTr("Import unavailable: %1").arg(root.importer.blockedReason)
                      : qsTr("or drop files and folders on the window")
                color: root.importer.blockedReason !== "" ? root.theme.error : root.theme.mutedText
                font.pixelSize: root.theme.unit * 0.9
                wrapMode: Text.WordWrap
            }
        }
        Label {
            Layout.fillWidth: true
            wrapMode: Text.WordWrap
            font.pixelSize: root.theme.unit * 0.9
            color: root.theme.mutedText
            text: qsTr("Reads WTHOR (.wtb with WTHOR.JOU / WTHOR.TRN beside it), PGN, GGF, transcripts, "
                       + "move lists and CSV, also compressed (.gz, .bz2, .xz) or in .zip archives; "
                       + "folders are read recursively. Games already in the archive "
                       + "are skipped; a bad record is listed below with the reason and the rest still imports; "
                       + "files that hold no game record are named and skipped. "
                       + "The archive stays usable while the import runs.")
        }
        RowLayout {
            Layout.fillWidth: true
            visible: root.importer.running
            ProgressBar {
                objectName: "importProgress"
                Layout.fillWidth: true
                from: 0
                to: 1
                value: Math.max(0, root.importer.progress)
                indeterminate: root.importer.progress < 0
            }
            Button {
                objectName: "importCancel"
                text: qsTr("Cancel")
                font.pixelSize: root.theme.unit
                onClicked: root.importer.cancel()
            }
        }
        Label {
            objectName: "importStatus"
            Layout.fillWidth: true
            wrapMode: Text.WordWrap
            font.pixelSize: root.theme.unit
            text: root.importer.errorText !== "" ? root.importer.errorText : root.importer.statusText
            color: root.importer.errorText !== "" ? root.theme.error : root.theme.text
        }
        Label {
            Layout.fillWidth: true
            visible: rejected.count > 0
            text: qsTr("Rejected records (%1):").arg(rejected.count)
            font.pixelSize: root.theme.unit
            font.bold: true
        }
        ListView {
            id: rejected
            objectName: "rejectedView"
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            model: root.importer.rejections
            ScrollBar.vertical: ScrollBar {}
            delegate: Rectangle {
                id: row
                required property int index
                required property string message
                objectName: "rejected_" + index
                width: ListView.view.width
                height: text.implicitHeight + root.theme.unit * 0.5
                color: index % 2 ? "#fbeeee" : "#fff7f7"
                Label {
                    id: text
                    anchors.fill: parent
                    anchors.margins: root.theme.unit * 0.25
                    text: row.message
                    wrapMode: Text.Wrap  // at word boundaries; anywhere only for one over-long word
                    font.family: "DejaVu Sans Mono"
                    font.pixelSize: root.theme.unit * 0.85
                    color: root.theme.error
                }
            }
        }
    }
}
