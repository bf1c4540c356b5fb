import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Othello.Viewer

// The game editor's form (the Edit tab): the headers of the game on the board, its moves
// typed or pasted (a new game), and Save / Delete. A stored game's form holds its headers as
// stored; Save sends the fields the user changed plus the board's main line, comments and
// variations when they differ from the archive's (CurationController.save). A new game (New
// game, typed moves, a set-up position) is added with every field filled. Names complete
// from the archive's players and events. Errors say what is wrong in plain words; nothing is
// stored then.
Item {
    id: root
    required property ArchiveClient archive
    required property GameController game
    property Theme theme: Theme {}
    readonly property CurationController curation: archive.curation
    readonly property var stored: curation.storedHeaders
    readonly property bool storedGame: game.gameId > 0
    readonly property var fields: [blackField, whiteField, eventField, dateField, roundField, placeField, resultField]
    readonly property var keys: ["black", "white", "event", "date", "round", "place", "result"]
    readonly property bool dirty: {
        for (var i = 0; i < fields.length; ++i)
            if (fields[i].dirty && fields[i].text !== (stored[keys[i]] || "")) return true
        return false
    }
    readonly property bool canSave: archive.ready && !curation.busy && !curation.shownTrashed
                                    && !game.editing && archive.importer.blockedReason === ""
                                    && (!storedGame || game.modified || dirty)
    property string movesError: ""
    signal deleteRequested()

    // The headers to save: every field of a new game that has text; the changed ones of a
    // stored game.
    function headers() {
        var h = {}
        for (var i = 0; i < fields.length; ++i) {
            var t = fields[i].text.trim()
            if (storedGame ? (fields[i].dirty && t !== (stored[keys[i]] || "")) : t !== "")
                h[keys[i]] = t
        }
        return h
    }
    function save() {
        if (!canSave) return
        // The keys go back to the window (Ctrl+Z undoes the save, arrows step), not the field.
        root.forceActiveFocus()
        curation.save(headers())
    }
    // Fills the fields from the stored headers; `all`: also the fields the user changed.
    function fill(all) {
        for (var i = 0; i < fields.length; ++i) {
            if (!all && fields[i].dirty) continue
            fields[i].text = storedGame && stored.id === game.gameId ? (stored[keys[i]] || "") : ""
            fields[i].dirty = false
        }
    }
    function clear() {
        for (var i = 0; i < fields.length; ++i) {
            fields[i].text = ""
            fields[i].dirty = false
        }
        movesField.text = ""
        movesError = ""
    }
    // Typed or pasted moves, or a transcript (its headers fill the empty fields).
    function applyMoves() {
        var text = movesField.text
        if (text.trim() === "") return
        var r = curation.enterText(text)
        if (!r.ok) {
            movesError = r.error
            return
        }
        movesError = ""
        var filled = r.headers || {}
        for (var i = 0; i < fields.length; ++i)
            if (fields[i].text === "" && filled[keys[i]]) {
                fields[i].text = filled[keys[i]]
                fields[i].dirty = true
            }
    }

    property double lastId: -1
    Connections {
        target: root.game
        function onHeaderChanged() {
            if (root.game.gameId === root.lastId) return
            // A new game after a stored one starts with empty fields; typed moves or a set-up
            // position keep what was typed for the new game.
            if (root.game.gameId === 0 && root.lastId > 0) root.clear()
            root.lastId = root.game.gameId
        }
    }
    Connections {
        target: root.curation
        function onStoredHeadersChanged() { root.fill(false) }
        function onSaved(id) { root.fill(true) }
    }
    Component.onCompleted: { lastId = game.gameId; fill(true) }

    ScrollView {
        anchors.fill: parent
        contentWidth: availableWidth
        clip: true

        ColumnLayout {
            width: parent.width
            spacing: root.theme.unit * 0.4

            Label {
                objectName: "formTitle"
                Layout.fillWidth: true
                font.pixelSize: root.theme.unit * 1.1
                font.bold: true
                elide: Text.ElideRight
                text: (root.curation.shownTrashed ? qsTr("Game %1 — in the trash (Ctrl+Z or the Trash tab restores it)").arg(root.game.gameId)
                       : root.storedGame ? qsTr("Game %1").arg(root.game.gameId)
                       : qsTr("New game (not in the archive yet)"))
                      + (root.game.modified || root.dirty ? qsTr("  · modified") : "")
                color: root.curation.shownTrashed ? root.theme.error : root.theme.text
            }

            GridLayout {
                Layout.fillWidth: true
                columns: 4
                columnSpacing: root.theme.unit * 0.5
                rowSpacing: root.theme.unit * 0.3
                Label { text: qsTr("Black"); font.pixelSize: root.theme.unit * 0.95 }
                NameField {
                    id: blackField
                    objectName: "formBlack"
                    Layout.fillWidth: true
                    curation: root.curation
                    theme: root.theme
                    placeholderText: qsTr("player (unknown: ?)")
                }
                Label { text: qsTr("White"); font.pixelSize: root.theme.unit * 0.95 }
                NameField {
                    id: whiteField
                    objectName: "formWhite"
                    Layout.fillWidth: true
                    curation: root.curation
                    theme: root.theme
                    placeholderText: qsTr("player (unknown: ?)")
                }
                Label { text: qsTr("Event"); font.pixelSize: root.theme.unit * 0.95 }
                NameField {
                    id: eventField
                    objectName: "formEvent"
                    Layout.fillWidth: true
                    Layout.columnSpan: 3
                    events: true
                    curation: root.curation
                    theme: root.theme
                }
                Label { text: qsTr("Date"); font.pixelSize: root.theme.unit * 0.95 }
                FormField {
                    id: dateField
                    objectName: "formDate"
                    Layout.fillWidth: true
                    theme: root.theme
                    placeholderText: qsTr("YYYY, YYYY-MM or YYYY-MM-DD")
                }
                Label { text: qsTr("Round"); font.pixelSize: root.theme.unit * 0.95 }
                FormField {
                    id: roundField
                    objectName: "formRound"
                    Layout.fillWidth: true
                    theme: root.theme
                }
                Label { text: qsTr("Place"); font.pixelSize: root.theme.unit * 0.95 }
                FormField {
                    id: placeField
                    objectName: "formPlace"
                    Layout.fillWidth: true
                    theme: root.theme
                }
                Label { text: qsTr("Result"); font.pixelSize: root.theme.unit * 0.95 }
                FormField {
                    id: resultField
                    objectName: "formResult"
                    Layout.fillWidth: true
                    theme: root.theme
                    placeholderText: qsTr("33-31, 1-0, 0-1, 1/2-1/2 or *")
                }
            }
            Label {
                objectName: "formResultHint"
                Layout.fillWidth: true
                wrapMode: Text.Wrap
                font.pixelSize: root.theme.unit * 0.85
                color: root.theme.mutedText
                text: {
                    root.game.plyCount; root.game.modified; root.game.gameId
                    var stated = root.storedGame && root.stored.id === root.game.gameId && !root.stored.complete
                                 && root.stored.result !== "*" && root.stored.result !== undefined
                    return root.curation.resultHint()
                           + (root.storedGame && root.stored.resultText !== undefined
                              ? qsTr(". Stored: %1%2").arg(root.stored.resultText).arg(stated ? qsTr(" (stated)") : "")
                              : "")
                }
            }

            // Moves of a new game: typed or pasted (a move list or a transcript diagram);
            // a stored game's moves are changed on the board.
            ColumnLayout {
                Layout.fillWidth: true
                visible: !root.storedGame
                spacing: root.theme.unit * 0.2
                Label {
                    text: qsTr("Moves: play them on the board, or type or paste a move list or a transcript")
                    font.pixelSize: root.theme.unit * 0.9
                    color: root.theme.mutedText
                    Layout.fillWidth: true
                    wrapMode: Text.Wrap
                }
                RowLayout {
                    Layout.fillWidth: true
                    ScrollView {
                        Layout.fillWidth: true
                        Layout.preferredHeight: root.theme.unit * 4.5
                        TextArea {
                            id: movesField
                            objectName: "formMoves"
                            font.pixelSize: root.theme.unit * 0.9
                            font.family: "monospace"
                            placeholderText: "f5 d6 c3 d3 c4 …"
                            wrapMode: TextEdit.Wrap
                            selectByMouse: true
                        }
                    }
                    Button {
                        objectName: "formApplyMoves"
                        text: qsTr("Use these moves")
                        font.pixelSize: root.theme.unit * 0.9
                        enabled: movesField.text.trim() !== "" && !root.game.editing
                        onClicked: root.applyMoves()
                    }
                }
                Label {
                    objectName: "formMovesError"
                    visible: root.movesError !== ""
                    Layout.fillWidth: true
                    wrapMode: Text.Wrap
                    text: root.movesError
                    color: root.theme.error
                    font.pixelSize: root.theme.unit * 0.9
                }
            }

            RowLayout {
                Layout.fillWidth: true
                spacing: root.theme.unit * 0.4
                Button {
                    objectName: "formSave"
                    text: root.storedGame ? qsTr("Save changes") : qsTr("Save to the archive")
                    highlighted: true
                    font.pixelSize: root.theme.unit * 0.95
                    enabled: root.canSave
                    onClicked: root.save()
                    focusPolicy: Qt.NoFocus
                }
                Button {
                    objectName: "formReset"
                    text: qsTr("Reset fields")
                    font.pixelSize: root.theme.unit * 0.95
                    enabled: root.dirty
                    onClicked: root.fill(true)
                }
                Item { Layout.fillWidth: true }
                Button {
                    objectName: "formDelete"
                    text: qsTr("Delete game…")
                    font.pixelSize: root.theme.unit * 0.95
                    visible: root.storedGame
                    enabled: !root.curation.shownTrashed && !root.curation.busy
                             && archive.importer.blockedReason === ""
                    onClicked: root.deleteRequested()
                }
            }
            Label {
                objectName: "formStatus"
                Layout.fillWidth: true
                wrapMode: Text.Wrap
                font.pixelSize: root.theme.unit * 0.95
                color: root.curation.errorText !== "" ? root.theme.error : root.theme.mutedText
                text: root.curation.errorText !== "" ? root.curation.errorText
                    : root.curation.busy ? qsTr("Working…")
                    : root.archive.importer.blockedReason !== "" ? qsTr("Saving is off: %1").arg(root.archive.importer.blockedReason)
                    : root.curation.message !== "" ? root.curation.message
                    : root.curation.user !== "" ? qsTr("Changes are journalled as “%1”; Ctrl+Z undoes them.").arg(root.curation.user)
                    : ""
            }
        }
    }
}
