import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Othello.Viewer

// "New game": the rules to play under (GameController::newGameUnder): Othello, classic Reversi
// (placements on the centre, one line flips, chosen by the mover, discs on the board),
// Reversi with every line, or Othello with a handicap (one to four corners given to one
// colour, either colour moving first, as the Mattel booklet allows). The rules' words show
// under the choice as the header will say them. `chosen(code)` when accepted: the caller starts
// the game (after asking about unsaved edits).
Dialog {
    id: root
    required property GameController game
    property Theme theme: Theme {}
    signal chosen(string code)
    title: qsTr("New game")
    modal: true
    anchors.centerIn: Overlay.overlay
    footer: DialogButtonBox {
        Button {
            objectName: "startNewGame"
            text: qsTr("Start")
            enabled: root.described.ok
            DialogButtonBox.buttonRole: DialogButtonBox.AcceptRole
        }
        Button {
            text: qsTr("Cancel")
            DialogButtonBox.buttonRole: DialogButtonBox.RejectRole
        }
    }

    // "othello", "reversi", "reversi-all-lines" or "handicap".
    property string variant: "othello"
    property var corners: ({ a1: false, h1: false, a8: true, h8: true })
    property string givenTo: "black"
    property string firstToMove: "black"

    // The rules' code (core::rulesCode form) for what is chosen.
    readonly property string code: {
        if (variant !== "handicap") return variant
        var names = ""
        for (const c of ["a1", "h1", "a8", "h8"])
            if (corners[c]) names += c
        return "othello+handicap-" + names + "-" + givenTo
               + (firstToMove === "white" ? "+white-first" : "")
    }
    readonly property var described: game.describeRules(code)
    function setCorner(name, on) {
        var next = Object.assign({}, corners)
        next[name] = on
        corners = next
    }

    onAccepted: root.chosen(code)

    ColumnLayout {
        spacing: root.theme.unit * 0.4
        Label {
            text: qsTr("Rules of the new game:")
            font.pixelSize: root.theme.unit
        }
        ButtonGroup { id: variants }
        Repeater {
            model: [
                { key: "othello", text: qsTr("Othello") },
                { key: "reversi", text: qsTr("Classic Reversi (placements, one line flips: the mover picks it)") },
                { key: "reversi-all-lines", text: qsTr("Reversi with every line (placements, every line flips)") },
                { key: "handicap", text: qsTr("Othello with a handicap (corners given to one player)") }
            ]
            delegate: RadioButton {
                required property var modelData
                objectName: "rules_" + modelData.key
                ButtonGroup.group: variants
                text: modelData.text
                checked: root.variant === modelData.key
                onToggled: if (checked) root.variant = modelData.key
                font.pixelSize: root.theme.unit * 0.9
            }
        }
        GridLayout {
            objectName: "handicapOptions"
            visible: root.variant === "handicap"
            columns: 5
            Layout.leftMargin: root.theme.unit * 1.5
            columnSpacing: root.theme.unit * 0.4
            Label { text: qsTr("Corners"); font.pixelSize: root.theme.unit * 0.9 }
            Repeater {
                model: ["a1", "h1", "a8", "h8"]
                delegate: CheckBox {
                    required property string modelData
                    objectName: "corner_" + modelData
                    text: modelData
                    checked: root.corners[modelData]
                    onToggled: root.setCorner(modelData, checked)
                    font.pixelSize: root.theme.unit * 0.9
                }
            }
            Label { text: qsTr("Given to"); font.pixelSize: root.theme.unit * 0.9 }
            ComboBox {
                objectName: "handicapTo"
                Layout.columnSpan: 4
                model: [qsTr("Black"), qsTr("White")]
                currentIndex: root.givenTo === "white" ? 1 : 0
                onActivated: (index) => root.givenTo = index === 1 ? "white" : "black"
                font.pixelSize: root.theme.unit * 0.9
            }
            Label { text: qsTr("Moves first"); font.pixelSize: root.theme.unit * 0.9 }
            ComboBox {
                objectName: "handicapFirst"
                Layout.columnSpan: 4
                model: [qsTr("Black"), qsTr("White")]
                currentIndex: root.firstToMove === "white" ? 1 : 0
                onActivated: (index) => root.firstToMove = index === 1 ? "white" : "black"
                font.pixelSize: root.theme.unit * 0.9
            }
        }
        Label {
            objectName: "rulesPreview"
            Layout.maximumWidth: root.theme.unit * 32
            wrapMode: Text.WordWrap
            text: root.described.text
            color: root.described.ok ? root.theme.mutedText : root.theme.error
            font.pixelSize: root.theme.unit * 0.85
        }
    }
}
