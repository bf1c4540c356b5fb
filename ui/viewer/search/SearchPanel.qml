import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Othello.Viewer

// Search form and results. The list has every result row at once (pages load around what is
// visible, placeholders meanwhile), so the scroll bar spans the whole result; a header click
// sorts by that column (again: reverse), dragging a header border resizes the column. Clicking
// a result opens it at the ply where it reaches the searched position and hands the keys back
// to the game; the open game's row is highlighted. The list never shows an answer to other
// filters than those on screen: a changed result or board filter searches again, edited text
// marks the list outdated until Search (or Enter), and a form that does not parse clears it.
Item {
    id: root
    required property ArchiveClient archive
    required property GameController game
    property Theme theme: Theme {}
    readonly property SearchModel results: archive.results
    readonly property real rowHeight: root.theme.unit * 1.9
    property string formError: ""
    // The text filters were edited since the list was searched.
    property bool outdated: false
    // Column widths in pixels: Id, Year, Score and Ply get what their header (with the sort
    // arrow) and values need at any window size; names and event share the rest. Ply only for
    // position searches. A width the user dragged (`customWidths`, by column) wins; the event
    // column always takes what is left.
    readonly property var columnNames: [qsTr("#"), qsTr("Black"), qsTr("White"), qsTr("Event"), qsTr("Year"), qsTr("Score"), qsTr("Ply")]
    readonly property var columnSort: [SearchModel.IdColumn, SearchModel.BlackColumn, SearchModel.WhiteColumn, SearchModel.EventColumn,
                                       SearchModel.YearColumn, SearchModel.ScoreColumn, SearchModel.PlyColumn]
    readonly property int eventColumn: 3
    property var customWidths: ({})
    readonly property real minColumnWidth: root.theme.unit * 2.5
    readonly property var columnWidths: {
        var u = root.theme.unit
        // The score column holds "20-44 (unfinished)" (importers/GameResult.h) unelided.
        var w = [u * 3.8, 0, 0, 0, u * 4.2, u * 8.5, results.plyShown ? u * 4.2 : 0]
        var rest = Math.max(0, tableWidth - w[0] - w[4] - w[5] - w[6])
        w[1] = rest * 0.3
        w[2] = rest * 0.3
        for (var k in customWidths)
            if (w[k] > 0) w[k] = customWidths[k]
        var used = 0
        for (var i = 0; i < w.length; ++i)
            if (i !== eventColumn) used += w[i]
        w[eventColumn] = Math.max(minColumnWidth, tableWidth - used)
        return w
    }
    // The rows' width: the list less its scroll bar.
    readonly property real tableWidth: list.width - root.theme.unit
    function colX(i) {
        var x = 0
        for (var k = 0; k < i; ++k) x += columnWidths[k]
        return x
    }
    function setColumnWidth(i, width) {
        var widths = Object.assign({}, customWidths)
        // The event column keeps at least its minimum: a dragged column takes at most the rest.
        var others = 0
        for (var k = 0; k < columnWidths.length; ++k)
            if (k !== i && k !== eventColumn) others += columnWidths[k]
        widths[i] = Math.max(minColumnWidth, Math.min(width, tableWidth - others - minColumnWidth))
        customWidths = widths
    }

    // The first time the panel shows, list the whole archive rather than an empty table.
    function searchOnce() {
        if (visible && archive.ready && !results.searched) runSearch()
    }
    onVisibleChanged: searchOnce()
    // A board-position search follows the board while the list is on screen.
    Binding {
        target: root.archive
        property: "resultsShown"
        value: root.visible
    }
    Connections {
        target: root.archive
        function onStateChanged() { root.searchOnce() }
    }

    function runSearch() {
        outdated = false
        // A year the validator does not accept (e.g. "19") would otherwise be dropped silently.
        for (var field of [yearFrom, yearTo]) {
            if (field.text !== "" && !field.acceptableInput) {
                formError = qsTr("Years: \"%1\" is not a year from 1900 to 2100").arg(field.text)
                results.clear()
                return
            }
        }
        formError = archive.search(playerField.text, eventField.text,
                                   parseInt(yearFrom.text) || 0, parseInt(yearTo.text) || 0,
                                   resultBox.currentIndex, openingField.text, atBoard.checked,
                                   patternToggle.checked ? patternEditor : null)
    }
    function markOutdated() {
        if (results.searched) outdated = true
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
        patternToggle.checked = false
        runSearch()
    }
    // The pattern editor open with `text` (--pattern); searched when the panel first shows.
    function showPattern(text) {
        patternToggle.checked = true
        patternEditor.text = text
        if (results.searched) runSearch()
    }
    // Games reaching the board's position (from the editor's "Done and search").
    function searchBoardPosition() {
        openingField.text = ""
        patternToggle.checked = false
        atBoard.checked = true
        runSearch()
    }

    // The board pattern (PatternPanel.qml); searched while "Board pattern" is ticked.
    PatternEditor {
        id: patternEditor
        objectName: "searchPattern"
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
                onTextEdited: root.markOutdated()
            }
            Label { text: qsTr("Event"); font.pixelSize: root.theme.unit }
            TextField {
                id: eventField
                objectName: "searchEvent"
                Layout.fillWidth: true
                font.pixelSize: root.theme.unit
                onAccepted: root.runSearch()
                onTextEdited: root.markOutdated()
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
                    // Enter also with a half-typed year: runSearch says what is wrong.
                    Keys.onReturnPressed: root.runSearch()
                    Keys.onEnterPressed: root.runSearch()
                    onTextEdited: root.markOutdated()
                }
                Label { text: "–"; font.pixelSize: root.theme.unit }
                TextField {
                    id: yearTo
                    objectName: "searchYearTo"
                    Layout.fillWidth: true
                    font.pixelSize: root.theme.unit
                    placeholderText: qsTr("to")
                    validator: IntValidator { bottom: 1900; top: 2100 }
                    // Enter also with a half-typed year: runSearch says what is wrong.
                    Keys.onReturnPressed: root.runSearch()
                    Keys.onEnterPressed: root.runSearch()
                    onTextEdited: root.markOutdated()
                }
            }
            Label { text: qsTr("Result"); font.pixelSize: root.theme.unit }
            ComboBox {
                id: resultBox
                objectName: "searchResult"
                Layout.fillWidth: true
                font.pixelSize: root.theme.unit
                model: [qsTr("Any result"), qsTr("Black wins"), qsTr("White wins"), qsTr("Draw")]
                onActivated: if (root.results.searched) root.runSearch()
            }
            Label { text: qsTr("Opening"); font.pixelSize: root.theme.unit }
            TextField {
                id: openingField
                objectName: "searchOpening"
                Layout.fillWidth: true
                Layout.columnSpan: 2
                font.pixelSize: root.theme.unit
                placeholderText: qsTr("moves, e.g. f5 d6 c3 (any symmetry, any order)")
                onAccepted: root.runSearch()
                onTextEdited: root.markOutdated()
            }
            // The pattern editor (PatternPanel below) opens, and its pattern is searched, while
            // this is ticked.
            CheckBox {
                id: patternToggle
                objectName: "searchPatternToggle"
                text: qsTr("Board pattern")
                font.pixelSize: root.theme.unit
                ToolTip.visible: hovered
                ToolTip.delay: 500
                ToolTip.text: qsTr("Games with a shape on the board, each at the first ply it shows")
                onToggled: if (root.results.searched && !patternEditor.blank) root.runSearch()
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
                ToolTip.visible: hovered
                ToolTip.delay: 500
                ToolTip.text: qsTr("The list follows the board: stepping to another position searches again")
                onToggled: if (root.results.searched) root.runSearch()
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
        PatternPanel {
            objectName: "patternPanel"
            visible: patternToggle.checked
            Layout.fillWidth: true
            Layout.preferredHeight: implicitHeight
            pattern: patternEditor
            game: root.game
            theme: root.theme
            onSearchNow: if (root.results.searched) root.runSearch()
            onEdited: root.markOutdated()
            onAccepted: root.runSearch()
        }
        Label {
            objectName: "searchStatus"
            Layout.fillWidth: true
            font.pixelSize: root.theme.unit * 0.9
            elide: Text.ElideRight
            color: root.formError !== "" || root.results.errorText !== "" ? root.theme.error
                 : root.outdated ? root.theme.analysis : root.theme.mutedText
            readonly property string countText: root.results.total === 1 ? qsTr("1 game")
                : qsTr("%1 games").arg(Number(root.results.total).toLocaleString(Qt.locale("en_US"), "f", 0))
            text: root.formError !== "" ? root.formError
                : root.results.errorText !== "" ? qsTr("Search failed: %1").arg(root.results.errorText)
                : root.results.loading && root.results.total === 0 ? qsTr("Searching…")
                : root.outdated ? qsTr("Filters changed: press Search or Enter to update (%1 for the previous filters)").arg(countText)
                : root.results.searched && root.results.patternSearch
                    ? qsTr("%1 showing the pattern (Ply: the first ply it holds)").arg(countText)
                : root.results.searched ? countText
                : qsTr("Fill in any fields and press Search (empty: all games)")
        }

        Item {
            id: header
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
                        horizontalAlignment: parent.index === 0 || parent.index >= 4 ? Text.AlignRight : Text.AlignLeft
                        verticalAlignment: Text.AlignVCenter
                        elide: Text.ElideRight
                    }
                    leftPadding: root.theme.unit * 0.4
                    rightPadding: root.theme.unit * 0.4
                    onClicked: root.results.sortBy(root.columnSort[index])
                }
            }
            // Column borders: dragging one resizes the column on its left (the event column
            // takes what is left). Above the sort buttons, so a drag never sorts.
            Repeater {
                model: root.columnNames.length - 1
                delegate: MouseArea {
                    id: grip
                    required property int index
                    objectName: "columnBorder_" + index
                    visible: index !== root.eventColumn && root.columnWidths[index] > 0
                    z: 1
                    x: root.colX(index + 1) - width / 2
                    width: root.theme.unit * 0.8
                    height: root.rowHeight
                    cursorShape: Qt.SplitHCursor
                    preventStealing: true
                    property real pressX: 0
                    property real startWidth: 0
                    onPressed: (mouse) => {
                        pressX = mapToItem(header, mouse.x, 0).x
                        startWidth = root.columnWidths[index]
                    }
                    onPositionChanged: (mouse) => {
                        if (pressed)
                            root.setColumnWidth(index, startWidth + mapToItem(header, mouse.x, 0).x - pressX)
                    }
                    Rectangle {
                        anchors.horizontalCenter: parent.horizontalCenter
                        width: 1
                        height: parent.height * 0.6
                        anchors.verticalCenter: parent.verticalCenter
                        color: grip.containsMouse || grip.pressed ? root.theme.accent : "#c8c8c4"
                    }
                    hoverEnabled: true
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
            opacity: root.outdated ? 0.45 : 1
            ScrollBar.vertical: ScrollBar { policy: ScrollBar.AlwaysOn }
            delegate: Rectangle {
                id: row
                required property int index
                required property double gameId
                required property string black
                required property string white
                required property string event
                required property int year
                required property string score
                required property int ply
                required property bool loaded  // false: a placeholder while its page loads
                // The game on the board.
                readonly property bool current: loaded && gameId === root.game.gameId
                objectName: "result_" + index
                width: ListView.view.width
                height: root.rowHeight
                color: current ? "#c4d8fa" : hover.hovered ? "#dde8fb" : index % 2 ? "#f0f0ee" : "#fbfbfa"
                HoverHandler { id: hover }
                Rectangle {
                    visible: row.current
                    width: root.theme.unit * 0.25
                    height: parent.height
                    color: root.theme.accent
                }
                Repeater {
                    model: root.columnNames.length
                    delegate: Label {
                        id: cellLabel
                        required property int index
                        objectName: "cell_" + index
                        visible: root.columnWidths[index] > 0
                        x: root.colX(index)
                        width: root.columnWidths[index]
                        height: row.height
                        leftPadding: root.theme.unit * 0.4
                        rightPadding: root.theme.unit * 0.4
                        verticalAlignment: Text.AlignVCenter
                        horizontalAlignment: index === 0 || index >= 4 ? Text.AlignRight : Text.AlignLeft
                        elide: Text.ElideRight
                        font.pixelSize: root.theme.unit * 0.9
                        font.bold: row.current
                        color: !row.loaded ? root.theme.mutedText : index === 0 ? root.theme.mutedText : root.theme.text
                        text: !row.loaded ? (index === 1 ? qsTr("loading…") : "")
                              : [row.gameId, row.black, row.white, row.event, row.year > 0 ? row.year : "—", row.score,
                                 row.ply >= 0 ? row.ply : ""][index]
                        // A name cut short shows in full on hover.
                        HoverHandler { id: cellHover }
                        ToolTip.visible: cellHover.hovered && cellLabel.truncated
                        ToolTip.text: cellLabel.text
                        ToolTip.delay: 400
                        readonly property bool toolTipShown: ToolTip.visible
                        readonly property string toolTipText: ToolTip.text
                    }
                }
                MouseArea {
                    anchors.fill: parent
                    cursorShape: Qt.PointingHandCursor
                    enabled: row.loaded
                    onClicked: {
                        // The keys step through the game opened, not the field last typed in.
                        root.forceActiveFocus()
                        root.archive.openResult(row.index)
                    }
                }
            }
        }
    }
}
