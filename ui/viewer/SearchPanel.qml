import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Othello.Viewer

// Search form and results. The list has every result row at once (pages load around what is
// visible, placeholders meanwhile), so the scroll bar spans the whole result; a header click
// sorts by that column (again: reverse). Clicking a result opens it at the ply where it
// reaches the searched position.
Item {
    id: root
    required property ArchiveClient archive
    required property GameController game
    property Theme theme: Theme {}
    readonly property SearchModel results: archive.results
    readonly property real rowHeight: root.theme.unit * 1.9
    property string formError: ""
    // Column widths in pixels: Year, Score and Ply get what their header (with the sort arrow)
    // and values need at any window size; names and event share the rest. Ply only for
    // position searches.
    readonly property var columnNames: [qsTr("Black"), qsTr("White"), qsTr("Event"), qsTr("Year"), qsTr("Score"), qsTr("Ply")]
    readonly property var columnSort: [SearchModel.BlackColumn, SearchModel.WhiteColumn, SearchModel.EventColumn,
                                       SearchModel.YearColumn, SearchModel.ScoreColumn, SearchModel.PlyColumn]
    readonly property var columnWidths: {
        var u = root.theme.unit
        // The score column holds "20-44 (unfinished)" (importers/GameResult.h) unelided.
        var year = u * 4.2, score = u * 8.5, ply = results.positionSearch ? u * 3.4 : 0
        var rest = Math.max(0, tableWidth - year - score - ply)
        return [rest * 0.3, rest * 0.3, rest * 0.4, year, score, ply]
    }
    // The rows' width: the list less its scroll bar.
    readonly property real tableWidth: list.width - root.theme.unit
    function colX(i) {
        var x = 0
        for (var k = 0; k < i; ++k) x += columnWidths[k]
        return x
    }

    // The first time the panel shows, list the whole archive rather than an empty table.
    function searchOnce() {
        if (visible && archive.ready && !results.searched) runSearch()
    }
    onVisibleChanged: searchOnce()
    Connections {
        target: root.archive
        function onStateChanged() { root.searchOnce() }
    }

    function runSearch() {
        formError = archive.search(playerField.text, eventField.text,
                                   parseInt(yearFrom.text) || 0, parseInt(yearTo.text) || 0,
                                   resultBox.currentIndex, openingField.text, atBoard.checked)
    }
    // The games of an event in a year (from the Events tab); year 0: any year.
    function searchEvent(name, year) {
        playerField.text = ""
        eventField.text = name
        yearFrom.text = year > 0 ? year : ""
        yearTo.text = year > 0 ? year : ""
        resultBox.currentIndex = 0
        openingField.text = ""
        atBoard.checked = false
        runSearch()
    }
    // Games reaching the board's position (from the editor's "Done and search").
    function searchBoardPosition() {
        openingField.text = ""
        atBoard.checked = true
        runSearch()
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: root.theme.unit * 0.3

        GridLayout {
            Layout.fillWidth: true
            columns: 4
            columnSpacing: root.theme.unit * 0.5
            rowSpacing: root.theme.unit * 0.25
            Label { text: qsTr("Player"); font.pixelSize: root.theme.unit }
            TextField {
                id: playerField
                objectName: "searchPlayer"
                Layout.fillWidth: true
                font.pixelSize: root.theme.unit
                placeholderText: qsTr("either colour")
                onAccepted: root.runSearch()
            }
            Label { text: qsTr("Event"); font.pixelSize: root.theme.unit }
            TextField {
                id: eventField
                objectName: "searchEvent"
                Layout.fillWidth: true
                font.pixelSize: root.theme.unit
                onAccepted: root.runSearch()
            }
            Label { text: qsTr("Years"); font.pixelSize: root.theme.unit }
            RowLayout {
                Layout.fillWidth: true
                TextField {
                    id: yearFrom
                    objectName: "searchYearFrom"
                    Layout.fillWidth: true
                    font.pixelSize: root.theme.unit
                    placeholderText: qsTr("from")
                    validator: IntValidator { bottom: 1900; top: 2100 }
                    onAccepted: root.runSearch()
                }
                Label { text: "–"; font.pixelSize: root.theme.unit }
                TextField {
                    id: yearTo
                    objectName: "searchYearTo"
                    Layout.fillWidth: true
                    font.pixelSize: root.theme.unit
                    placeholderText: qsTr("to")
                    validator: IntValidator { bottom: 1900; top: 2100 }
                    onAccepted: root.runSearch()
                }
            }
            Label { text: qsTr("Result"); font.pixelSize: root.theme.unit }
            ComboBox {
                id: resultBox
                objectName: "searchResult"
                Layout.fillWidth: true
                font.pixelSize: root.theme.unit
                model: [qsTr("Any result"), qsTr("Black wins"), qsTr("White wins"), qsTr("Draw")]
            }
            Label { text: qsTr("Opening"); font.pixelSize: root.theme.unit }
            TextField {
                id: openingField
                objectName: "searchOpening"
                Layout.fillWidth: true
                Layout.columnSpan: 3
                font.pixelSize: root.theme.unit
                placeholderText: qsTr("moves, e.g. f5 d6 c3 (any symmetry, any order)")
                onAccepted: root.runSearch()
            }
        }
        RowLayout {
            Layout.fillWidth: true
            CheckBox {
                id: atBoard
                objectName: "searchAtBoard"
                Layout.fillWidth: true
                text: qsTr("Only games reaching the board's position (all symmetries)")
                font.pixelSize: root.theme.unit
            }
            Button {
                objectName: "searchButton"
                text: qsTr("Search")
                highlighted: true
                font.pixelSize: root.theme.unit
                enabled: root.archive.ready
                onClicked: root.runSearch()
            }
        }
        Label {
            objectName: "searchStatus"
            Layout.fillWidth: true
            font.pixelSize: root.theme.unit * 0.9
            elide: Text.ElideRight
            color: root.formError !== "" || root.results.errorText !== "" ? root.theme.error : root.theme.mutedText
            text: root.formError !== "" ? root.formError
                : root.results.errorText !== "" ? qsTr("Search failed: %1").arg(root.results.errorText)
                : root.results.loading && root.results.total === 0 ? qsTr("Searching…")
                : root.results.searched ? (root.results.total === 1 ? qsTr("1 game")
                                           : qsTr("%1 games").arg(Number(root.results.total).toLocaleString(Qt.locale("en_US"), "f", 0)))
                : qsTr("Fill in any fields and press Search (empty: all games)")
        }

        Item {
            Layout.fillWidth: true
            Layout.preferredHeight: root.rowHeight
            Repeater {
                model: root.columnNames.length
                delegate: Button {
                    required property int index
                    objectName: "sort_" + index
                    visible: root.columnWidths[index] > 0
                    x: root.colX(index)
                    width: root.columnWidths[index]
                    height: root.rowHeight
                    flat: true
                    focusPolicy: Qt.NoFocus
                    font.pixelSize: root.theme.unit * 0.9
                    font.bold: true
                    text: root.columnNames[index]
                          + (root.results.sortColumn === root.columnSort[index] ? (root.results.descending ? " ▼" : " ▲") : "")
                    // Aligned like the cells below: names left, numbers right.
                    contentItem: Label {
                        text: parent.text
                        font: parent.font
                        horizontalAlignment: parent.index >= 3 ? Text.AlignRight : Text.AlignLeft
                        verticalAlignment: Text.AlignVCenter
                        elide: Text.ElideRight
                    }
                    leftPadding: root.theme.unit * 0.4
                    rightPadding: root.theme.unit * 0.4
                    onClicked: root.results.sortBy(root.columnSort[index])
                }
            }
        }
        ListView {
            id: list
            objectName: "resultsView"
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            model: root.results
            reuseItems: true
            boundsBehavior: Flickable.StopAtBounds
            ScrollBar.vertical: ScrollBar { policy: ScrollBar.AlwaysOn }
            delegate: Rectangle {
                id: row
                required property int index
                required property string black
                required property string white
                required property string event
                required property int year
                required property string score
                required property int ply
                required property bool loaded  // false: a placeholder while its page loads
                objectName: "result_" + index
                width: ListView.view.width
                height: root.rowHeight
                color: hover.hovered ? "#dde8fb" : index % 2 ? "#f0f0ee" : "#fbfbfa"
                HoverHandler { id: hover }
                Repeater {
                    model: 6
                    delegate: Label {
                        required property int index
                        visible: root.columnWidths[index] > 0
                        x: root.colX(index)
                        width: root.columnWidths[index]
                        height: row.height
                        leftPadding: root.theme.unit * 0.4
                        rightPadding: root.theme.unit * 0.4
                        verticalAlignment: Text.AlignVCenter
                        horizontalAlignment: index >= 3 ? Text.AlignRight : Text.AlignLeft
                        elide: Text.ElideRight
                        font.pixelSize: root.theme.unit * 0.9
                        color: row.loaded ? root.theme.text : root.theme.mutedText
                        text: !row.loaded ? (index === 0 ? qsTr("loading…") : "")
                              : [row.black, row.white, row.event, row.year > 0 ? row.year : "—", row.score,
                                 row.ply >= 0 ? row.ply : ""][index]
                    }
                }
                MouseArea {
                    anchors.fill: parent
                    cursorShape: Qt.PointingHandCursor
                    enabled: row.loaded
                    onClicked: root.archive.openResult(row.index)
                }
            }
        }
    }
}
