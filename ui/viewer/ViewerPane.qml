import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Othello.Viewer

// The whole viewer inside a window: top bar, the board with stepping or editor controls on
// the left; the game header, disc graph and the Moves / Tree / Search / Import / Events tabs
// on the right. Everything scales with the window (`theme.unit`).
Item {
    id: root
    property string databasePath: ""
    property double gameId: 0
    property int ply: -1
    property bool animations: true
    property var importPaths: []  // imported once the archive is open
    property double eventId: 0     // shown in the Events tab once the archive is open
    property bool eventWide: false  // ...with its table over the whole window
    property string playerName: ""  // a player's page shown once the archive is open
    // Files shown without importing them (FileView.h): databasePath is their scratch archive;
    // "Import into my archive" opens libraryPath ("" = the default archive) and imports them.
    property var viewedFiles: []
    property string viewNote: ""
    property double viewGames: 0
    property string libraryPath: ""
    readonly property bool viewing: viewedFiles.length > 0 && !viewImported
    property bool viewImported: false
    function importViewed() {
        if (!viewing) return
        viewImported = true
        importPaths = viewedFiles
        tabs.currentIndex = 3
        archive.open(libraryPath, 0, -1)
    }
    readonly property alias game: game
    readonly property alias archive: archive
    readonly property alias tabs: tabs
    readonly property alias searchPanel: searchPanel
    readonly property alias eventsPanel: eventsPanel
    readonly property AnalysisController analysis: archive.analysis
    // The archivist's tabs (GameForm, TrashPanel, HistoryPanel, DuplicatesPanel) after the
    // five others.
    readonly property int editTab: 5
    readonly property int trashTab: 6
    readonly property int historyTab: 7
    readonly property int duplicatesTab: 8
    // A player's page (PlayersPanel), after the archivist's tabs.
    readonly property int playersTab: 9
    readonly property alias playersPanel: playersPanel
    function openPlayer(name) {
        tabs.currentIndex = root.playersTab
        playersPanel.openPlayer(name)
    }
    // Training on the archive's problem sets (ProblemsPanel), over the whole width.
    readonly property int problemsTab: 10
    readonly property alias problemsPanel: problemsPanel
    readonly property CurationController curation: archive.curation
    // Leaving a game with unsaved edits asks first (leaveDialog); `action` runs once agreed.
    property var pendingLeave: null
    function leaveGame(action) {
        if (!game.modified) { action(); return }
        pendingLeave = action
        leaveDialog.open()
    }
    // The window's close request (ApplicationWindow.closing): with unsaved edits it is refused
    // and asked about; `closeAgain` closes for good once the user agrees to lose them.
    function handleClose(close, closeAgain) {
        if (!game.modified) return
        close.accepted = false
        leaveGame(closeAgain)
    }
    // A new game: Othello's, or under the rules of `code` (NewGameDialog).
    function startNewGame(code) {
        leaveGame(function() {
            if (code === undefined || code === "othello") game.newGame()
            else if (!game.newGameUnder(code)) { showNote(game.lastError(), true); return }
            curation.clearMessages()  // "Saved as game N" was about the game left
            tabs.currentIndex = root.editTab
        })
    }

    Theme {
        id: theme
        unit: Math.max(11, Math.min(root.width / 1280, root.height / 800) * 14)
    }
    GameController { id: game }
    ArchiveClient {
        id: archive
        game: game
    }
    Component.onCompleted: archive.open(root.databasePath, root.gameId, root.ply)
    Connections {
        target: archive
        function onLeaveRequested(id, ply) {
            root.leaveGame(function() { archive.openGame(id, ply, true) })
        }
        function onFirstGameShown() {
            if (archive.ready && root.eventId > 0) {
                tabs.currentIndex = 4
                eventsPanel.openEvent(root.eventId)
                eventsPanel.wide = root.eventWide
            }
            if (archive.ready && root.playerName !== "") root.openPlayer(root.playerName)
            if (archive.ready && root.importPaths.length > 0) {
                archive.importer.startPaths(root.importPaths)
                root.importPaths = []  // once: reopening the archive must not import again
            }
        }
    }

    // Keys: one move, ten moves, start and end.
    Shortcut { sequences: ["Left"]; enabled: !game.editing; onActivated: game.step(-1) }
    Shortcut { sequences: ["Right"]; enabled: !game.editing; onActivated: game.step(1) }
    Shortcut { sequences: ["Up", "PgUp"]; enabled: !game.editing; onActivated: game.step(-10) }
    Shortcut { sequences: ["Down", "PgDown"]; enabled: !game.editing; onActivated: game.step(10) }
    Shortcut { sequences: ["Home"]; enabled: !game.editing; onActivated: game.first() }
    Shortcut { sequences: ["End"]; enabled: !game.editing; onActivated: game.last() }
    // The mouse wheel over the board or the graph steps moves: down (towards you) forward, up
    // back; a touchpad's small deltas add up to a step per notch (120).
    property real wheelRest: 0
    function wheelStep(event) {
        if (game.editing) return
        var delta = event.angleDelta.y !== 0 ? event.angleDelta.y : event.angleDelta.x
        wheelRest += delta
        var steps = wheelRest > 0 ? Math.floor(wheelRest / 120) : Math.ceil(wheelRest / 120)
        if (steps === 0) return
        wheelRest -= steps * 120
        game.step(-steps)
    }
    // The clipboard: the moves (Ctrl+C), the board string (Ctrl+Shift+C), the board as a PNG
    // (the Copy menu); Ctrl+V goes to a pasted move list or board string. Text fields keep
    // their own copy and paste. What happened shows in a note over the window, which never
    // moves the layout.
    Clipboard { id: clipboard }
    function copyMoves() {
        clipboard.setText(game.lineText())
        showNote(qsTr("Copied %1 moves").arg(game.plyCount), false)
    }
    function copyBoard() {
        clipboard.setText(game.positionString)
        showNote(qsTr("Copied the board: %1").arg(game.positionString), false)
    }
    function copyBoardImage() {
        board.grabBoard(function(result) {
            if (clipboard.setImage(result.image))
                showNote(qsTr("Copied the board as an image (%1×%2)").arg(result.image.width).arg(result.image.height), false)
            else
                showNote(qsTr("The board could not be copied as an image"), true)
        })
    }
    function paste() {
        var text = clipboard.text()
        if (game.pasteText(text))
            showNote(qsTr("Pasted: %1").arg(text.trim().substring(0, 80)), false)
        else
            showNote(qsTr("Cannot paste: %1").arg(game.lastError()), true)
    }
    function showNote(text, error) {
        note.text = text
        note.error = error
        note.shown = true
        noteTimer.restart()
    }
    readonly property alias noteText: note.text
    Shortcut { sequences: [StandardKey.Copy]; enabled: !game.editing; onActivated: root.copyMoves() }
    Shortcut { sequences: ["Ctrl+Shift+C"]; enabled: !game.editing; onActivated: root.copyBoard() }
    Shortcut { sequences: [StandardKey.Paste]; enabled: !game.editing; onActivated: root.paste() }
    // The endgame analysis on and off.
    Shortcut { sequences: ["A"]; onActivated: archive.analysis.toggle() }
    // Undo and redo every edit: moves, variations, comments, and the archive's changes.
    Shortcut { sequences: ["Ctrl+Z"]; enabled: !game.editing; onActivated: game.undo() }
    Shortcut { sequences: ["Ctrl+Shift+Z", "Ctrl+Y"]; enabled: !game.editing; onActivated: game.redo() }
    // What to do with a move that differs from the line: asked here (GameController::branchMode).
    BranchPrompt {
        objectName: "branchPrompt"
        game: game
        theme: theme
    }
    NewGameDialog {
        id: newGameDialog
        objectName: "newGameDialog"
        game: game
        theme: theme
        onChosen: (code) => root.startNewGame(code)
    }

    Rectangle {
        anchors.fill: parent
        color: "#e9e9e6"
    }

    DropArea {
        id: drop
        anchors.fill: parent
        keys: ["text/uri-list"]
        onDropped: (event) => {
            if (event.hasUrls && archive.importer.start(event.urls)) {
                tabs.currentIndex = 3
                event.acceptProposedAction()
            }
        }
    }

    ColumnLayout {
        anchors.fill: parent
        anchors.margins: theme.unit * 0.6
        spacing: theme.unit * 0.5

        // Top bar: what is open, and the main actions.
        RowLayout {
            Layout.fillWidth: true
            spacing: theme.unit * 0.5
            Label {
                text: qsTr("Othello archive")
                font.pixelSize: theme.unit * 1.3
                font.bold: true
            }
            Label {
                objectName: "archiveSummary"
                Layout.fillWidth: true
                elide: Text.ElideMiddle
                font.pixelSize: theme.unit * 0.9
                color: theme.mutedText
                text: root.viewing ? qsTr("Viewing %1").arg(root.viewedFiles.join(", "))
                    : archive.ready ? (archive.gameCount > 0 ? archive.summary : qsTr("Empty archive"))
                                      + "  ·  " + archive.databasePath
                                    : archive.loadingGame ? qsTr("Opening %1…").arg(archive.databasePath) : ""
            }
            Button {
                id: copyButton
                objectName: "copyMenuButton"
                text: qsTr("Copy / paste ▾")
                font.pixelSize: theme.unit * 0.9
                focusPolicy: Qt.NoFocus
                onClicked: copyMenu.open()
                Menu {
                    id: copyMenu
                    y: copyButton.height
                    font.pixelSize: theme.unit * 0.9
                    MenuItem { objectName: "copyMoves"; text: qsTr("Copy moves (Ctrl+C)"); onTriggered: root.copyMoves() }
                    MenuItem { objectName: "copyBoard"; text: qsTr("Copy board string (Ctrl+Shift+C)"); onTriggered: root.copyBoard() }
                    MenuItem { objectName: "copyImage"; text: qsTr("Copy board image (PNG)"); onTriggered: root.copyBoardImage() }
                    MenuItem { objectName: "pasteText"; text: qsTr("Paste moves or board (Ctrl+V)"); enabled: !game.editing; onTriggered: root.paste() }
                }
            }
            Button {
                objectName: "newGame"
                text: qsTr("New game")
                font.pixelSize: theme.unit * 0.9
                focusPolicy: Qt.NoFocus
                onClicked: root.startNewGame()
            }
            Button {
                objectName: "newGameRules"
                text: qsTr("Other rules…")
                font.pixelSize: theme.unit * 0.9
                focusPolicy: Qt.NoFocus
                ToolTip.visible: hovered
                ToolTip.delay: 500
                ToolTip.text: qsTr("A new game of classic Reversi, Reversi with every line, or Othello with a handicap")
                onClicked: newGameDialog.open()
            }
            Button {
                objectName: "deleteGame"
                text: qsTr("Delete game")
                font.pixelSize: theme.unit * 0.9
                focusPolicy: Qt.NoFocus
                visible: game.gameId > 0
                enabled: !curation.shownTrashed && !curation.busy && archive.importer.blockedReason === ""
                ToolTip.visible: hovered
                ToolTip.delay: 500
                ToolTip.text: qsTr("Moves the game to the trash; Ctrl+Z restores it")
                onClicked: curation.deleteShown()
            }
            Button {
                objectName: "editBoard"
                text: qsTr("Set up position")
                font.pixelSize: theme.unit * 0.9
                focusPolicy: Qt.NoFocus
                enabled: !game.editing
                onClicked: game.startEditing()
            }
        }

        // Files shown without importing them: say so, and offer to store them.
        Rectangle {
            objectName: "viewBanner"
            Layout.fillWidth: true
            visible: root.viewing
            implicitHeight: viewRow.implicitHeight + theme.unit * 0.6
            color: "#fff6d5"
            border.color: "#d9b800"
            radius: 3
            RowLayout {
                id: viewRow
                anchors.fill: parent
                anchors.margins: theme.unit * 0.3
                Label {
                    objectName: "viewNote"
                    Layout.fillWidth: true
                    wrapMode: Text.Wrap
                    text: root.viewNote
                    font.pixelSize: theme.unit * 0.9
                }
                Button {
                    objectName: "importViewed"
                    text: qsTr("Import into my archive")
                    font.pixelSize: theme.unit * 0.9
                    focusPolicy: Qt.NoFocus
                    enabled: root.viewGames > 0
                    onClicked: root.importViewed()
                }
            }
        }

        // Errors stay visible, with their reason, until dismissed.
        Rectangle {
            objectName: "errorBanner"
            Layout.fillWidth: true
            visible: archive.errorText !== ""
            implicitHeight: errorLabel.implicitHeight + theme.unit
            color: "#fdecea"
            border.color: theme.error
            radius: 4
            RowLayout {
                anchors.fill: parent
                anchors.margins: theme.unit * 0.4
                Label {
                    id: errorLabel
                    objectName: "errorText"
                    Layout.fillWidth: true
                    text: archive.errorText
                    color: theme.error
                    wrapMode: Text.WordWrap
                    font.pixelSize: theme.unit
                }
                Button {
                    text: qsTr("Dismiss")
                    font.pixelSize: theme.unit * 0.9
                    onClicked: archive.clearError()
                }
            }
        }

        // An empty archive (the default one, created on first use) says so and offers the import.
        Rectangle {
            objectName: "emptyBanner"
            Layout.fillWidth: true
            // Not while viewing files: the scratch archive is not where imports belong (viewBanner).
            visible: archive.ready && archive.gameCount === 0 && !archive.importer.running && !root.viewing
            implicitHeight: emptyRow.implicitHeight + theme.unit
            color: "#e8f0fc"
            border.color: theme.accent
            radius: 4
            RowLayout {
                id: emptyRow
                anchors.fill: parent
                anchors.margins: theme.unit * 0.4
                Label {
                    objectName: "emptyText"
                    Layout.fillWidth: true
                    text: archive.importer.blockedReason !== ""
                          ? qsTr("The archive is empty, and %1.").arg(archive.importer.blockedReason)
                          : qsTr("The archive is empty: import game files (WTHOR, GGF, PGN, transcripts, move lists, CSV) or drop them on the window.")
                    wrapMode: Text.WordWrap
                    font.pixelSize: theme.unit
                }
                Button {
                    objectName: "emptyImport"
                    text: qsTr("Import files…")
                    highlighted: true
                    font.pixelSize: theme.unit * 0.9
                    enabled: archive.importer.blockedReason === ""
                    onClicked: {
                        tabs.currentIndex = 3
                        importPanel.chooseFiles()
                    }
                }
            }
        }

        // The board column takes a square's worth of the height (at most 55 % of the width);
        // the right column the rest. Set by hand: a RowLayout would let long texts on the
        // right squeeze the board.
        Item {
            id: split
            Layout.fillWidth: true
            Layout.fillHeight: true
            // The Events tab's wide table takes the whole width (EventsPanel.wide).
            readonly property bool wideTable: (tabs.currentIndex === 4 && eventsPanel.showingEvent
                                               && eventsPanel.wide)
                                              || (tabs.currentIndex === root.playersTab
                                                  && playersPanel.showingPlayer)
                                              || tabs.currentIndex === root.problemsTab
            readonly property real leftWidth: wideTable ? -theme.unit
                                                        : Math.min(height - controls.implicitHeight - theme.unit * 0.5,
                                                                   width * 0.55)

            ColumnLayout {
                id: left
                objectName: "leftColumn"
                visible: !split.wideTable
                width: Math.max(0, split.leftWidth)
                height: split.height
                spacing: theme.unit * 0.5
                Board {
                    id: board
                    objectName: "board"
                    Layout.fillWidth: true
                    Layout.fillHeight: true
                    game: game
                    theme: theme
                    animate: root.animations
                    // With the Tree tab open, each next move shows its games.
                    hints: tabs.currentIndex === 1 ? treeHints : []
                    property var treeHints: []
                    Connections {
                        target: archive.tree
                        function onStateChanged() { board.treeHints = archive.tree.gamesBySquare() }
                    }
                    WheelHandler {
                        objectName: "boardWheel"
                        target: null
                        onWheel: (event) => root.wheelStep(event)
                    }
                }
                Item {
                    id: controls
                    Layout.fillWidth: true
                    implicitHeight: game.editing ? editor.implicitHeight : nav.implicitHeight
                    NavigationBar {
                        id: nav
                        anchors.fill: parent
                        visible: !game.editing
                        game: game
                        theme: theme
                        onRotateRequested: board.rotate()
                        onFlipRequested: board.flip()
                    }
                    EditorBar {
                        id: editor
                        anchors.fill: parent
                        visible: game.editing
                        game: game
                        theme: theme
                        onSearchRequested: {
                            tabs.currentIndex = 2
                            searchPanel.searchBoardPosition()
                        }
                    }
                }
            }

            // Right: header, graph and the tabs; takes the width the board leaves.
            ColumnLayout {
                x: split.leftWidth + theme.unit
                width: split.width - x
                height: split.height
                spacing: theme.unit * 0.5
                GameHeader {
                    objectName: "gameHeader"
                    visible: !split.wideTable
                    Layout.fillWidth: true
                    game: game
                    lineOpening: archive.tree.opening
                    trashed: curation.shownTrashed
                    theme: theme
                    onPlayerRequested: (name) => root.openPlayer(name)
                }
                DiscGraph {
                    objectName: "discGraph"
                    visible: !split.wideTable
                    Layout.fillWidth: true
                    Layout.preferredHeight: Math.max(84, root.height * 0.14)
                    game: game
                    analysis: archive.analysis
                    theme: theme
                    WheelHandler {
                        target: null
                        onWheel: (event) => root.wheelStep(event)
                    }
                }
                AnalysisBar {
                    objectName: "analysisBar"
                    visible: !split.wideTable
                    Layout.fillWidth: true
                    analysis: archive.analysis
                    theme: theme
                }
                TabBar {
                    id: tabs
                    objectName: "tabs"
                    Layout.fillWidth: true
                    font.pixelSize: theme.unit
                    TabButton { text: qsTr("Moves"); focusPolicy: Qt.NoFocus }
                    TabButton { text: qsTr("Tree"); focusPolicy: Qt.NoFocus }
                    TabButton { text: qsTr("Search"); focusPolicy: Qt.NoFocus }
                    TabButton {
                        text: archive.importer.running ? qsTr("Import (running)") : qsTr("Import")
                        focusPolicy: Qt.NoFocus
                    }
                    TabButton { text: qsTr("Events"); focusPolicy: Qt.NoFocus }
                    TabButton {
                        objectName: "editTabButton"
                        text: game.modified ? qsTr("Edit •") : qsTr("Edit")
                        focusPolicy: Qt.NoFocus
                    }
                    TabButton { objectName: "trashTabButton"; text: qsTr("Trash"); focusPolicy: Qt.NoFocus }
                    TabButton { objectName: "historyTabButton"; text: qsTr("History"); focusPolicy: Qt.NoFocus }
                    TabButton { objectName: "duplicatesTabButton"; text: qsTr("Duplicates"); width: implicitWidth; focusPolicy: Qt.NoFocus }
                    TabButton { objectName: "playersTabButton"; text: qsTr("Players"); width: implicitWidth; focusPolicy: Qt.NoFocus }
                    TabButton { objectName: "problemsTabButton"; text: qsTr("Problems"); width: implicitWidth; focusPolicy: Qt.NoFocus }
                }
                // The tab pages fill one area; only the current one is visible.
                Item {
                    Layout.fillWidth: true
                    Layout.fillHeight: true
                    MoveList {
                        objectName: "moveList"
                        anchors.fill: parent
                        visible: tabs.currentIndex === 0
                        game: game
                        theme: theme
                    }
                    TreePanel {
                        objectName: "treePanel"
                        anchors.fill: parent
                        visible: tabs.currentIndex === 1
                        archive: archive
                        game: game
                        theme: theme
                    }
                    SearchPanel {
                        id: searchPanel
                        objectName: "searchPanel"
                        anchors.fill: parent
                        visible: tabs.currentIndex === 2
                        archive: archive
                        game: game
                        theme: theme
                    }
                    ImportPanel {
                        id: importPanel
                        objectName: "importPanel"
                        anchors.fill: parent
                        visible: tabs.currentIndex === 3
                        archive: archive
                        theme: theme
                    }
                    EventsPanel {
                        id: eventsPanel
                        objectName: "eventsPanel"
                        anchors.fill: parent
                        visible: tabs.currentIndex === 4
                        archive: archive
                        game: game
                        theme: theme
                        onSearchRequested: (name, year) => {
                            tabs.currentIndex = 2
                            searchPanel.searchEvent(name, year)
                        }
                    }
                    GameForm {
                        id: gameForm
                        objectName: "gameForm"
                        anchors.fill: parent
                        visible: tabs.currentIndex === root.editTab
                        archive: archive
                        game: game
                        theme: theme
                        onDeleteRequested: curation.deleteShown()
                    }
                    TrashPanel {
                        objectName: "trashPanel"
                        anchors.fill: parent
                        visible: tabs.currentIndex === root.trashTab
                        archive: archive
                        theme: theme
                    }
                    HistoryPanel {
                        objectName: "historyPanel"
                        anchors.fill: parent
                        visible: tabs.currentIndex === root.historyTab
                        archive: archive
                        game: game
                        theme: theme
                    }
                    DuplicatesPanel {
                        objectName: "duplicatesPanel"
                        anchors.fill: parent
                        visible: tabs.currentIndex === root.duplicatesTab
                        archive: archive
                        game: game
                        theme: theme
                    }
                    PlayersPanel {
                        id: playersPanel
                        objectName: "playersPanel"
                        anchors.fill: parent
                        visible: tabs.currentIndex === root.playersTab
                        archive: archive
                        theme: theme
                        onGameRequested: (id) => {
                            tabs.currentIndex = 0
                            archive.openGame(id, 0)
                        }
                    }
                    ProblemsPanel {
                        id: problemsPanel
                        objectName: "problemsPanel"
                        anchors.fill: parent
                        visible: tabs.currentIndex === root.problemsTab
                        archive: archive
                        game: game
                        theme: theme
                    }
                }
            }
        }
    }

    // A short note over the bottom of the window (copy and paste): an overlay, never in a
    // layout, so nothing moves when it comes and goes.
    Rectangle {
        id: note
        objectName: "clipboardNote"
        property string text: ""
        property bool error: false
        property bool shown: false
        visible: shown
        anchors.horizontalCenter: parent.horizontalCenter
        anchors.bottom: parent.bottom
        anchors.bottomMargin: theme.unit * 1.5
        width: Math.min(parent.width * 0.8, noteLabel.implicitWidth + theme.unit * 2)
        height: noteLabel.implicitHeight + theme.unit
        radius: 4
        color: error ? "#fdecea" : "#303030"
        border.color: error ? theme.error : "transparent"
        opacity: 0.95
        Label {
            id: noteLabel
            anchors.centerIn: parent
            width: Math.min(implicitWidth, note.parent.width * 0.8 - theme.unit * 2)
            text: note.text
            elide: Text.ElideRight
            color: note.error ? theme.error : "white"
            font.pixelSize: theme.unit * 0.9
        }
        Timer {
            id: noteTimer
            interval: 3500
            onTriggered: note.shown = false
        }
    }

    // Leaving a game whose moves, comments or variations were changed and not saved.
    Dialog {
        id: leaveDialog
        objectName: "leaveDialog"
        anchors.centerIn: parent
        modal: true
        // A fixed width and a header of our own: a wrapped label sized by its own implicit
        // width, and the style's title header, made binding loops (Qt warned at every start).
        width: Math.min(root.width * 0.6, theme.unit * 28) + leftPadding + rightPadding
        header: Label {
            text: qsTr("Unsaved changes")
            font.bold: true
            font.pixelSize: theme.unit
            padding: theme.unit * 0.6
            elide: Text.ElideRight
            height: implicitHeight
        }
        Label {
            width: leaveDialog.availableWidth
            wrapMode: Text.Wrap
            font.pixelSize: theme.unit
            text: game.gameId > 0 ? qsTr("Game %1 has changes that are not saved. Leave it and lose them?").arg(game.gameId)
                                  : qsTr("The new game is not saved. Leave it and lose it?")
        }
        footer: DialogButtonBox {
            Button {
                objectName: "leaveDiscard"
                text: qsTr("Discard changes")
                DialogButtonBox.buttonRole: DialogButtonBox.DestructiveRole
                onClicked: {
                    leaveDialog.close()
                    var action = root.pendingLeave
                    root.pendingLeave = null
                    if (action) action()
                }
            }
            Button {
                objectName: "leaveEdit"
                text: qsTr("Keep editing")
                DialogButtonBox.buttonRole: DialogButtonBox.RejectRole
                onClicked: {
                    leaveDialog.close()
                    root.pendingLeave = null
                    tabs.currentIndex = root.editTab
                }
            }
        }
    }

    // Drop feedback over everything.
    Rectangle {
        anchors.fill: parent
        visible: drop.containsDrag
        color: "#402e6fd8"
        border.color: theme.accent
        border.width: 3
        Label {
            anchors.centerIn: parent
            text: qsTr("Drop to import")
            font.pixelSize: theme.unit * 2
            color: "white"
        }
    }
}
