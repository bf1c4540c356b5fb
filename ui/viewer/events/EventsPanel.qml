import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Othello.Viewer

// The archive's events (newest year first; a filter by name or year) and one event: a
// tournament's standings and crosstable in one table, the rank and player columns kept in
// view while the rest scrolls. A click on a result cell opens that game on the board. A
// collection of games that is no tournament shows why, and no table.
Item {
    id: root
    required property ArchiveClient archive
    required property GameController game
    property Theme theme: Theme {}
    readonly property EventListModel events: archive.events
    readonly property EventModel table: archive.eventTable
    readonly property real rowHeight: root.theme.unit * 1.9
    property bool showingEvent: false
    // The event's table over the whole window (ViewerPane hides the board and the game's
    // header): a World Championship's 13 rounds do not fit beside the board at 1280x800.
    // Opening a game from the table shows the board again.
    property bool wide: false
    onShowingEventChanged: if (!showingEvent) wide = false
    // "Games": list the shown event's games in the Search tab.
    signal searchRequested(string name, int year)

    // The first time the panel shows, read the events (the archive's whole list).
    function loadOnce() {
        if (visible && archive.ready && !events.loaded && !events.loading) events.load()
    }
    onVisibleChanged: loadOnce()
    Connections {
        target: root.archive
        function onStateChanged() { root.loadOnce() }
    }
    function openEvent(id) {
        table.load(id)
        showingEvent = true
    }

    // Column widths in pixels. The frozen part (rank, player) is the left table; the right
    // table hides those two and shows the rest. The player column takes what the others leave
    // (within limits), so a small tournament fits without scrolling.
    function fixedWidth(column) {
        var u = root.theme.unit
        if (column === EventModel.RankColumn) return u * 2.4
        if (column === EventModel.PointsColumn) return u * 3.2
        if (column === EventModel.BrightwellColumn) return u * 3.4
        if (column === EventModel.DiscsColumn) return u * 3.4
        if (column < EventModel.FirstCrossColumn) return u * 2
        return table.crossMode === EventModel.ByOpponent ? u * 2.2 : roundCellWidth
    }
    // The player column fits the longest name (up to 18 units), so that names are never cut
    // to look-alikes ("Takanashi Yus…", "Takahashi Aki…"); longer ones elide in the middle
    // and show whole in the tooltip.
    FontMetrics {
        id: nameMetrics
        font.pixelSize: root.theme.unit * 0.9
    }
    readonly property real longestName: {
        var w = 0
        var names = table.playerNames
        for (var i = 0; i < names.length; ++i) w = Math.max(w, nameMetrics.advanceWidth(names[i]))
        return w
    }
    // A round's cell holds "12b+40": as wide as the widest such text for this many players.
    readonly property real roundCellWidth: {
        var digits = String(Math.max(1, table.playerNames.length)).length
        return Math.max(root.theme.unit * 3.5,
                        nameMetrics.advanceWidth("0".repeat(digits) + "w+64") + root.theme.unit * 0.6)
    }
    readonly property real playerWidth: {
        var u = root.theme.unit
        return Math.max(u * 8.5, Math.min(u * 18, longestName + u * 1.2))
    }
    function columnWidth(column) {
        return column === EventModel.PlayerColumn ? playerWidth : fixedWidth(column)
    }
    function frozen(column) { return column <= EventModel.PlayerColumn }
    onPlayerWidthChanged: relayout()
    Connections {
        target: root.theme
        function onUnitChanged() { root.relayout() }
    }
    Connections {
        target: root.table
        function onStateChanged() {
            root.relayout()
            // Another archive opened: no event to show, back to the list.
            if (!root.table.hasEvent && !root.table.loading && root.table.errorText === "")
                root.showingEvent = false
        }
    }
    function relayout() {
        leftTable.forceLayout()
        mainTable.forceLayout()
    }

    // The list of events.
    ColumnLayout {
        anchors.fill: parent
        visible: !root.showingEvent
        spacing: root.theme.unit * 0.3

        RowLayout {
            Layout.fillWidth: true
            spacing: root.theme.unit * 0.5
            TextField {
                objectName: "eventsFilter"
                Layout.fillWidth: true
                font.pixelSize: root.theme.unit
                placeholderText: qsTr("Filter: name or year")
                onTextChanged: root.events.filter = text
            }
            CheckBox {
                objectName: "eventsTournamentsOnly"
                text: qsTr("Tournaments only")
                font.pixelSize: root.theme.unit
                onToggled: root.events.tournamentsOnly = checked
            }
        }
        Label {
            objectName: "eventsStatus"
            Layout.fillWidth: true
            font.pixelSize: root.theme.unit * 0.9
            elide: Text.ElideRight
            color: root.events.errorText !== "" ? root.theme.error : root.theme.mutedText
            text: root.events.errorText !== "" ? qsTr("Events unavailable: %1").arg(root.events.errorText)
                : !root.archive.ready ? qsTr("No archive open")
                : root.events.loading && !root.events.loaded ? qsTr("Reading the events…")
                : root.events.total === 0 ? qsTr("The archive has no events yet.")
                : qsTr("%1 of %2 events (an event is a name in a year); click one for its standings")
                    .arg(list.count).arg(root.events.total)
        }
        ListView {
            id: list
            objectName: "eventsView"
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            model: root.events
            boundsBehavior: Flickable.StopAtBounds
            ScrollBar.vertical: ScrollBar {}
            section.property: "yearText"
            section.criteria: ViewSection.FullString
            section.delegate: Rectangle {
                required property string section
                width: ListView.view.width
                height: root.rowHeight
                color: "#e2e2de"
                Label {
                    anchors.fill: parent
                    leftPadding: root.theme.unit * 0.4
                    verticalAlignment: Text.AlignVCenter
                    text: parent.section
                    font.bold: true
                    font.pixelSize: root.theme.unit
                }
            }
            delegate: Rectangle {
                id: eventRow
                required property int index
                required property var eventId
                required property string name
                required property var games
                required property var players
                required property bool isTournament
                required property string reason
                objectName: "event_" + index
                width: ListView.view.width
                height: root.rowHeight
                color: hover.hovered ? "#dde8fb" : index % 2 ? "#f0f0ee" : "#fbfbfa"
                HoverHandler { id: hover }
                RowLayout {
                    anchors.fill: parent
                    anchors.leftMargin: root.theme.unit * 0.8
                    anchors.rightMargin: root.theme.unit * 0.6
                    spacing: root.theme.unit * 0.5
                    Label {
                        Layout.fillWidth: true
                        text: eventRow.name
                        elide: Text.ElideRight
                        font.pixelSize: root.theme.unit
                        color: eventRow.isTournament ? root.theme.text : root.theme.mutedText
                    }
                    Label {
                        visible: !eventRow.isTournament
                        Layout.maximumWidth: root.width * 0.35
                        text: qsTr("collection: %1").arg(eventRow.reason)
                        elide: Text.ElideRight
                        font.pixelSize: root.theme.unit * 0.85
                        font.italic: true
                        color: root.theme.mutedText
                    }
                    Label {
                        text: qsTr("%1 games · %2 players").arg(Number(eventRow.games).toLocaleString(Qt.locale("en_US"), "f", 0))
                                                         .arg(Number(eventRow.players).toLocaleString(Qt.locale("en_US"), "f", 0))
                        font.pixelSize: root.theme.unit * 0.9
                        color: root.theme.mutedText
                    }
                }
                MouseArea {
                    anchors.fill: parent
                    cursorShape: Qt.PointingHandCursor
                    onClicked: root.openEvent(eventRow.eventId)
                }
            }
        }
    }

    // One event.
    ColumnLayout {
        anchors.fill: parent
        visible: root.showingEvent
        spacing: root.theme.unit * 0.3

        RowLayout {
            Layout.fillWidth: true
            spacing: root.theme.unit * 0.5
            Button {
                objectName: "eventsBack"
                text: qsTr("‹ Events")
                font.pixelSize: root.theme.unit * 0.9
                focusPolicy: Qt.NoFocus
                onClicked: root.showingEvent = false
            }
            Label {
                objectName: "eventTitle"
                Layout.fillWidth: true
                elide: Text.ElideRight
                font.pixelSize: root.theme.unit * 1.2
                font.bold: true
                text: root.table.loading && !root.table.hasEvent ? qsTr("Loading…") : root.table.title
            }
            Button {
                objectName: "eventWide"
                text: root.wide ? qsTr("⇤ Board") : qsTr("Wide ⇥")
                enabled: root.table.hasEvent && root.table.isTournament
                checkable: true
                checked: root.wide
                font.pixelSize: root.theme.unit * 0.9
                focusPolicy: Qt.NoFocus
                ToolTip.visible: hovered
                ToolTip.delay: 400
                ToolTip.text: root.wide ? qsTr("Show the board again")
                                        : qsTr("Show the table over the whole window (the board is hidden)")
                onClicked: root.wide = !root.wide
            }
            Button {
                objectName: "eventGames"
                text: qsTr("Games")
                enabled: root.table.hasEvent
                font.pixelSize: root.theme.unit * 0.9
                focusPolicy: Qt.NoFocus
                onClicked: root.searchRequested(root.table.name, root.table.year)
            }
        }
        Label {
            objectName: "eventDetails"
            Layout.fillWidth: true
            wrapMode: Text.WordWrap
            font.pixelSize: root.theme.unit * 0.9
            color: root.table.errorText !== "" ? root.theme.error : root.theme.mutedText
            text: root.table.errorText !== "" ? qsTr("Cannot show the event: %1").arg(root.table.errorText)
                                              : root.table.details
        }
        Label {
            objectName: "eventNotes"
            Layout.fillWidth: true
            visible: root.table.isTournament && root.table.notes.length > 0
            wrapMode: Text.WordWrap
            font.pixelSize: root.theme.unit * 0.85
            color: root.theme.mutedText
            // What is stated, what is the source's and what is guessed, as `othello-db event`
            // says it; the guesses name the command that makes them facts.
            text: root.table.notes.map(function(n) { return "• " + n }).join("\n")
        }
        Label {
            objectName: "eventReason"
            Layout.fillWidth: true
            visible: root.table.hasEvent && !root.table.isTournament
            wrapMode: Text.WordWrap
            font.pixelSize: root.theme.unit
            text: qsTr("Not a tournament (%1): a collection of games, so no standings or crosstable. \"Games\" lists them.")
                    .arg(root.table.reason)
        }
        RowLayout {
            Layout.fillWidth: true
            visible: root.table.isTournament
            spacing: root.theme.unit * 0.3
            Label {
                text: qsTr("Crosstable:")
                font.pixelSize: root.theme.unit * 0.9
            }
            // Two buttons that both look like buttons, the chosen one highlighted (a flat
            // button read as a label: "by opponent" was not seen as a choice).
            Button {
                objectName: "crossByOpponent"
                text: qsTr("by opponent")
                checkable: true
                checked: root.table.crossMode === EventModel.ByOpponent
                highlighted: checked
                font.pixelSize: root.theme.unit * 0.85
                focusPolicy: Qt.NoFocus
                onClicked: root.table.crossMode = EventModel.ByOpponent
            }
            Button {
                objectName: "crossByRound"
                text: qsTr("by round")
                checkable: true
                checked: root.table.crossMode === EventModel.ByRound
                highlighted: checked
                font.pixelSize: root.theme.unit * 0.85
                focusPolicy: Qt.NoFocus
                onClicked: root.table.crossMode = EventModel.ByRound
            }
            Item { Layout.fillWidth: true }
        }

        // Header row over both tables; the right part follows the horizontal scroll.
        Item {
            Layout.fillWidth: true
            Layout.preferredHeight: root.rowHeight
            visible: root.table.isTournament
            clip: true
            Row {
                x: leftTable.width - mainTable.contentX
                Repeater {
                    model: root.table.columns
                    delegate: Label {
                        required property int index
                        width: root.frozen(index) ? 0 : root.columnWidth(index)
                        visible: width > 0
                        height: root.rowHeight
                        horizontalAlignment: index >= EventModel.FirstCrossColumn ? Text.AlignHCenter : Text.AlignRight
                        verticalAlignment: Text.AlignVCenter
                        rightPadding: index >= EventModel.FirstCrossColumn ? 0 : root.theme.unit * 0.4
                        // Read again at each load (columns notifies with the model's state): another event
                        // of as many columns may mark other ranks (ʷ: withdrawn).
                        text: root.table.columns >= 0 ? root.table.headerText(index) : ""
                        font.bold: true
                        font.pixelSize: root.theme.unit * 0.9
                    }
                }
            }
            Rectangle {
                width: leftTable.width
                height: parent.height
                color: "#e9e9e6"
                Row {
                    Repeater {
                        model: root.table.columns > 0 ? 2 : 0
                        delegate: Label {
                            required property int index
                            width: root.columnWidth(index)
                            height: root.rowHeight
                            horizontalAlignment: index === 0 ? Text.AlignRight : Text.AlignLeft
                            verticalAlignment: Text.AlignVCenter
                            leftPadding: root.theme.unit * 0.4
                            rightPadding: root.theme.unit * 0.4
                            // As above: read again at each load.
                            text: root.table.columns >= 0 ? root.table.headerText(index) : ""
                            font.bold: true
                            font.pixelSize: root.theme.unit * 0.9
                        }
                    }
                }
            }
        }
        Item {
            Layout.fillWidth: true
            Layout.fillHeight: true
            visible: root.table.isTournament
            TableView {
                id: leftTable
                objectName: "eventFrozenTable"
                width: root.columnWidth(EventModel.RankColumn) + root.columnWidth(EventModel.PlayerColumn)
                height: parent.height
                clip: true
                interactive: false
                model: root.table
                syncView: mainTable
                syncDirection: Qt.Vertical
                columnWidthProvider: function(column) { return root.frozen(column) ? root.columnWidth(column) : 0 }
                rowHeightProvider: function(row) { return root.rowHeight }
                delegate: cellDelegate
            }
            TableView {
                id: mainTable
                objectName: "eventTable"
                x: leftTable.width
                width: parent.width - x
                height: parent.height
                clip: true
                model: root.table
                boundsBehavior: Flickable.StopAtBounds
                columnWidthProvider: function(column) { return root.frozen(column) ? 0 : root.columnWidth(column) }
                rowHeightProvider: function(row) { return root.rowHeight }
                // Shown whenever the table does not fit (Fusion hides idle bars otherwise), and
                // never when it fits.
                readonly property real tableWidth: {
                    var w = 0
                    for (var c = EventModel.PlayerColumn + 1; c < root.table.columns; ++c) w += root.columnWidth(c)
                    return w
                }
                // Room for the bars, so that they cover no cell.
                bottomMargin: tableWidth > width + 1 ? root.theme.unit * 0.9 : 0
                rightMargin: rows * root.rowHeight > height + 1 ? root.theme.unit * 0.9 : 0
                ScrollBar.horizontal: ScrollBar {
                    policy: mainTable.tableWidth > mainTable.width + 1 ? ScrollBar.AlwaysOn : ScrollBar.AlwaysOff
                }
                ScrollBar.vertical: ScrollBar {
                    policy: mainTable.rows * root.rowHeight > mainTable.height + 1 ? ScrollBar.AlwaysOn
                                                                                        : ScrollBar.AlwaysOff
                }
                delegate: cellDelegate
            }
        }
        // The games apart from the Swiss (play-offs, finals): never in the standings.
        Label {
            objectName: "eventStagesTitle"
            Layout.fillWidth: true
            visible: root.table.isTournament && root.table.stageGames.length > 0
            text: qsTr("Play-offs and finals (%1 games, not counted in the standings)")
                    .arg(root.table.stageGames.length)
            font.pixelSize: root.theme.unit * 0.95
            font.bold: true
        }
        ListView {
            id: stageList
            objectName: "eventStages"
            Layout.fillWidth: true
            Layout.preferredHeight: Math.min(count, 6) * root.rowHeight
            visible: root.table.isTournament && count > 0
            clip: true
            boundsBehavior: Flickable.StopAtBounds
            ScrollBar.vertical: ScrollBar { policy: stageList.count > 6 ? ScrollBar.AlwaysOn : ScrollBar.AlwaysOff }
            model: root.table.stageGames
            delegate: Rectangle {
                id: stageRow
                required property int index
                required property var modelData
                objectName: "eventStage_" + index
                width: ListView.view.width
                height: root.rowHeight
                readonly property bool current: root.game.gameId === modelData.game
                color: stageHover.hovered ? "#dde8fb" : index % 2 ? "#f0f0ee" : "#fbfbfa"
                border.width: current ? 2 : 0
                border.color: root.theme.accent
                HoverHandler { id: stageHover }
                RowLayout {
                    anchors.fill: parent
                    anchors.leftMargin: root.theme.unit * 0.4
                    anchors.rightMargin: root.theme.unit * 0.4
                    spacing: root.theme.unit * 0.5
                    Label {
                        Layout.preferredWidth: root.theme.unit * 4.5
                        text: stageRow.modelData.stage
                        font.pixelSize: root.theme.unit * 0.9
                        color: root.theme.mutedText
                    }
                    Label {
                        Layout.preferredWidth: root.theme.unit * 3
                        text: stageRow.modelData.round
                        elide: Text.ElideRight
                        font.pixelSize: root.theme.unit * 0.9
                    }
                    Label {
                        Layout.fillWidth: true
                        Layout.preferredWidth: 1
                        text: stageRow.modelData.black
                        elide: Text.ElideRight
                        font.pixelSize: root.theme.unit * 0.9
                    }
                    Label {
                        text: stageRow.modelData.result
                        font.pixelSize: root.theme.unit * 0.9
                        font.bold: true
                    }
                    Label {
                        Layout.fillWidth: true
                        Layout.preferredWidth: 1
                        text: stageRow.modelData.white
                        elide: Text.ElideRight
                        font.pixelSize: root.theme.unit * 0.9
                    }
                }
                MouseArea {
                    anchors.fill: parent
                    cursorShape: Qt.PointingHandCursor
                    onClicked: {
                        root.wide = false
                        root.archive.openGame(stageRow.modelData.game, 0)
                    }
                }
            }
        }
        Label {
            objectName: "eventLegend"
            Layout.fillWidth: true
            visible: root.table.isTournament
            wrapMode: Text.WordWrap
            font.pixelSize: root.theme.unit * 0.8
            color: root.theme.mutedText
            text: (root.table.crossMode === EventModel.ByOpponent
                   ? qsTr("Columns: opponents by rank; points against each (1 win, ½ draw, 0 loss, * unfinished), one per game.")
                   : qsTr("Each round: opponent's rank, b/w the colour played, + win = draw − loss, the discs credited."))
                  + " " + qsTr("Ranked by points, then Brightwell quotient (BQ), then discs. Click a result to open its game.")
        }
    }

    Component {
        id: cellDelegate
        Rectangle {
            id: cell
            required property int row
            required property int column
            required property string text
            required property var gameId
            required property int kind
            required property int outcome
            required property string detail
            objectName: "eventCell_" + row + "_" + column
            implicitWidth: root.columnWidth(column)
            implicitHeight: root.rowHeight
            readonly property bool current: gameId > 0 && root.game.gameId === gameId
            color: kind === EventModel.SelfCell ? "#cfcfca"
                 : outcome === EventModel.Win ? "#d5ecd5"
                 : outcome === EventModel.Loss ? "#f5dada"
                 : outcome === EventModel.Draw ? "#efe8c8"
                 : row % 2 ? "#f0f0ee" : "#fbfbfa"
            border.width: current ? 2 : 0
            border.color: root.theme.accent
            Rectangle {  // grid lines
                anchors.right: parent.right
                width: 1
                height: parent.height
                color: "#d8d8d4"
            }
            Label {
                anchors.fill: parent
                readonly property real padding: cell.column >= EventModel.FirstCrossColumn ? root.theme.unit * 0.15
                                                                                          : root.theme.unit * 0.4
                leftPadding: padding
                rightPadding: padding
                verticalAlignment: Text.AlignVCenter
                horizontalAlignment: cell.column === EventModel.PlayerColumn ? Text.AlignLeft
                                   : cell.column >= EventModel.FirstCrossColumn ? Text.AlignHCenter : Text.AlignRight
                elide: cell.column === EventModel.PlayerColumn ? Text.ElideMiddle : Text.ElideRight
                text: cell.text
                font.pixelSize: root.theme.unit * 0.9
                font.bold: cell.column === EventModel.PointsColumn
                color: root.theme.text
            }
            HoverHandler { id: cellHover }
            ToolTip.visible: cellHover.hovered && cell.detail !== ""
            ToolTip.text: cell.detail
            ToolTip.delay: 400
            MouseArea {
                anchors.fill: parent
                enabled: cell.gameId > 0
                cursorShape: Qt.PointingHandCursor
                onClicked: {
                    root.wide = false
                    root.archive.openEventGame(cell.row, cell.column)
                }
            }
        }
    }
}
