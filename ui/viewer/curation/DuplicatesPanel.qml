import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Othello.Viewer

// Possible duplicates (the Duplicates tab): groups of games with the same moves from the same
// start, likeliest first and short games last (DuplicatesModel), each saying why its games match
// and what differs. A group is resolved by keeping one game — "Keep" moves the others to the
// trash as they are, "Keep + merge" first gives the kept game the headers it lacks (a value it
// has is never overwritten unless "On conflicts" names the game whose values win) — or marked
// "Not duplicates" so that it is not listed again. Every resolution is journalled: the History
// tab lists it and Ctrl+Z undoes it. Clicking a game's number opens it on the board.
Item {
    id: root
    required property ArchiveClient archive
    required property GameController game
    property Theme theme: Theme {}
    readonly property CurationController curation: archive.curation
    readonly property alias model: duplicates

    function reload() { if (visible && archive.ready) duplicates.refresh() }
    onVisibleChanged: reload()
    Connections {
        target: root.archive
        function onStateChanged() { root.reload() }
    }

    DuplicatesModel {
        id: duplicates
        archive: root.archive
        minMoves: hideShort.checked ? 20 : 0
        showMarked: showMarkedBox.checked
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: root.theme.unit * 0.3

        RowLayout {
            Layout.fillWidth: true
            Label {
                objectName: "duplicatesSummary"
                Layout.fillWidth: true
                wrapMode: Text.Wrap
                font.pixelSize: root.theme.unit
                text: !duplicates.loaded ? qsTr("Reading…") : duplicates.summary
            }
            CheckBox {
                id: hideShort
                objectName: "duplicatesHideShort"
                font.pixelSize: root.theme.unit * 0.9
                text: qsTr("Hide short games")
            }
            CheckBox {
                id: showMarkedBox
                objectName: "duplicatesShowMarked"
                font.pixelSize: root.theme.unit * 0.9
                text: qsTr("Show marked")
            }
        }
        Label {
            objectName: "duplicatesStatus"
            Layout.fillWidth: true
            wrapMode: Text.Wrap
            font.pixelSize: root.theme.unit * 0.9
            visible: text !== ""
            color: root.curation.errorText !== "" || duplicates.errorText !== "" ? root.theme.error : root.theme.mutedText
            text: duplicates.errorText !== "" ? duplicates.errorText
                : root.curation.errorText !== "" ? root.curation.errorText : root.curation.message
        }
        ListView {
            id: list
            objectName: "duplicatesList"
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            spacing: root.theme.unit * 0.4
            model: duplicates
            boundsBehavior: Flickable.StopAtBounds
            ScrollBar.vertical: ScrollBar {}
            delegate: Rectangle {
                id: group
                required property int index
                required property string title
                required property string why
                required property string differ
                required property var games
                required property string marks
                required property bool isShort
                objectName: "group_" + index
                width: ListView.view.width - root.theme.unit * 0.6
                height: body.implicitHeight + root.theme.unit * 0.8
                color: isShort ? "#f3f1ea" : "#fbfbfa"
                border.color: "#d8d8d4"
                radius: 3
                // The game whose values win a merge's conflicts (0: conflicts are refused).
                property double prefer: 0

                ColumnLayout {
                    id: body
                    x: root.theme.unit * 0.4
                    y: root.theme.unit * 0.4
                    width: parent.width - root.theme.unit * 0.8
                    spacing: root.theme.unit * 0.15
                    Label {
                        objectName: "groupTitle"
                        Layout.fillWidth: true
                        elide: Text.ElideRight
                        font.pixelSize: root.theme.unit * 0.95
                        font.bold: true
                        text: group.title
                    }
                    Label {
                        objectName: "groupWhy"
                        Layout.fillWidth: true
                        wrapMode: Text.Wrap
                        font.pixelSize: root.theme.unit * 0.8
                        color: root.theme.mutedText
                        text: group.why
                    }
                    Label {
                        objectName: "groupDiffer"
                        Layout.fillWidth: true
                        wrapMode: Text.Wrap
                        font.pixelSize: root.theme.unit * 0.8
                        color: group.differ !== "" ? root.theme.analysis : root.theme.mutedText
                        text: group.differ !== "" ? qsTr("Differ: %1").arg(group.differ) : qsTr("Nothing differs but where they were read")
                    }
                    Repeater {
                        model: group.games
                        delegate: RowLayout {
                            id: line
                            required property int index
                            required property var modelData
                            objectName: "game_" + index
                            Layout.fillWidth: true
                            spacing: root.theme.unit * 0.4
                            Label {
                                objectName: "open"
                                text: "#" + line.modelData.id
                                color: root.theme.accent
                                font.pixelSize: root.theme.unit * 0.85
                                font.underline: openArea.containsMouse
                                Layout.preferredWidth: root.theme.unit * 3.6
                                MouseArea {
                                    id: openArea
                                    anchors.fill: parent
                                    hoverEnabled: true
                                    cursorShape: Qt.PointingHandCursor
                                    onClicked: root.archive.openGame(line.modelData.id, 0)
                                }
                            }
                            ColumnLayout {
                                Layout.fillWidth: true
                                spacing: 0
                                Label {
                                    Layout.fillWidth: true
                                    elide: Text.ElideRight
                                    font.pixelSize: root.theme.unit * 0.85
                                    text: line.modelData.players
                                }
                                Label {
                                    Layout.fillWidth: true
                                    elide: Text.ElideRight
                                    font.pixelSize: root.theme.unit * 0.75
                                    color: root.theme.mutedText
                                    text: line.modelData.details
                                }
                            }
                            Button {
                                objectName: "keep"
                                text: qsTr("Keep")
                                font.pixelSize: root.theme.unit * 0.8
                                enabled: !root.curation.busy && root.archive.importer.blockedReason === ""
                                ToolTip.visible: hovered
                                ToolTip.text: qsTr("Keep game %1 as it is; the others go to the trash").arg(line.modelData.id)
                                onClicked: duplicates.keep(line.modelData.id, false, 0)
                            }
                            Button {
                                objectName: "keepMerge"
                                text: qsTr("Keep + merge")
                                font.pixelSize: root.theme.unit * 0.8
                                enabled: !root.curation.busy && root.archive.importer.blockedReason === ""
                                ToolTip.visible: hovered
                                ToolTip.text: qsTr("Keep game %1 with the headers it lacks taken from the others; they go to the trash").arg(line.modelData.id)
                                onClicked: duplicates.keep(line.modelData.id, true, group.prefer)
                            }
                        }
                    }
                    Label {
                        objectName: "groupMarks"
                        Layout.fillWidth: true
                        visible: group.marks !== ""
                        wrapMode: Text.Wrap
                        font.pixelSize: root.theme.unit * 0.8
                        color: root.theme.mutedText
                        text: group.marks
                    }
                    RowLayout {
                        Layout.fillWidth: true
                        Label {
                            font.pixelSize: root.theme.unit * 0.8
                            text: qsTr("On conflicts:")
                        }
                        ComboBox {
                            id: preferBox
                            objectName: "prefer"
                            font.pixelSize: root.theme.unit * 0.8
                            Layout.preferredWidth: root.theme.unit * 13
                            model: {
                                var m = [qsTr("refuse (say which wins)")]
                                for (var i = 0; i < group.games.length; ++i)
                                    m.push(qsTr("values of #%1 win").arg(group.games[i].id))
                                return m
                            }
                            onCurrentIndexChanged: group.prefer = currentIndex > 0 ? group.games[currentIndex - 1].id : 0
                        }
                        Item { Layout.fillWidth: true }
                        Button {
                            objectName: "notDuplicates"
                            text: qsTr("Not duplicates")
                            font.pixelSize: root.theme.unit * 0.8
                            enabled: !root.curation.busy && root.archive.importer.blockedReason === ""
                            ToolTip.visible: hovered
                            ToolTip.text: qsTr("These are different games: do not list them together again")
                            onClicked: duplicates.markNotDuplicates(group.index)
                        }
                    }
                }
            }
        }
    }
    Connections {
        target: root.curation
        function onArchiveChanged() { root.reload() }
    }
}
