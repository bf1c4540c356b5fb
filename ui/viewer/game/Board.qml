import QtQuick
import Othello.Viewer

// The board: 8x8 green squares with a-h / 1-8 coordinates, discs, the last move marked, the
// legal moves of the side to move. A click plays a legal move, or cycles a square in the
// editor. Flips fade briefly when `animate` is on (off in tests and screenshots). With the
// analysis on, each legal move shows its exact value (or a bound) for the side to move, the
// best ones framed in gold; before the solver's reach, the midgame search's estimate ("~+4",
// light blue and not bold: an estimate, not a proof).
// Reversi's placements: the placement squares are the playable ones (the same small marks).
// A one-line move waiting for its line (GameController::choosingLine): the square played shows
// a faint disc, each candidate line's discs carry its number in its colour and its far end a
// ring of that colour; a click on one of them, or its number key, picks that line; Escape
// drops the choice.
// The board can be turned (`turns` quarter turns clockwise) and mirrored (`mirrored`: left and
// right swapped, before turning): the 8 symmetries. Squares and the coordinates around the
// board move together, so every square keeps its name; the position itself never changes.
Item {
    id: root
    required property GameController game
    property bool animate: true
    // Games per square (64 numbers) shown on the next moves; empty: no hints.
    property var hints: []
    property Theme theme: Theme {}
    property int turns: 0
    property bool mirrored: false
    function rotate() { turns = (turns + 1) % 4 }
    // The board with its coordinates as an image (the clipboard's PNG): `done(result)`.
    function grabBoard(done) { return frame.grabToImage(done) }
    function flip() { mirrored = !mirrored }
    // One colour per candidate line (at most 8 lines meet at a square).
    readonly property var lineColors: ["#ff8f00", "#1e88e5", "#d81b60", "#43a047",
                                       "#8e24aa", "#00acc1", "#f4511e", "#6d4c41"]
    function lineColor(number) { return lineColors[(number - 1) % lineColors.length] }

    // The line choice by key: its number picks a line, Escape drops the choice. The board has
    // the focus after the click that started it.
    Keys.onPressed: (event) => {
        if (!root.game.choosingLine) return
        if (event.key >= Qt.Key_1 && event.key <= Qt.Key_9) {
            root.game.chooseLine(event.key - Qt.Key_0)
            event.accepted = true
        } else if (event.key === Qt.Key_Escape) {
            root.game.cancelLineChoice()
            event.accepted = true
        }
    }

    // Where square `sq` is drawn: [row, column] from the top left.
    function displayed(sq) {
        var r = Math.floor(sq / 8), c = sq % 8
        if (mirrored) c = 7 - c
        for (var k = 0; k < turns; ++k) {
            var t = r
            r = c
            c = 7 - t
        }
        return [r, c]
    }
    // The square drawn at [row, column].
    function squareAt(row, column) {
        for (var sq = 0; sq < 64; ++sq) {
            var d = displayed(sq)
            if (d[0] === row && d[1] === column) return sq
        }
        return -1
    }
    // The coordinate written beside display column `column` (above and below) or display row
    // `row` (left and right): a file letter or a rank digit, whichever runs along that edge.
    function columnLabel(column) {
        var sq = squareAt(0, column)
        return turns % 2 === 0 ? String.fromCharCode(97 + sq % 8) : String(Math.floor(sq / 8) + 1)
    }
    function rowLabel(row) {
        var sq = squareAt(row, 0)
        return turns % 2 === 0 ? String(Math.floor(sq / 8) + 1) : String.fromCharCode(97 + sq % 8)
    }

    // Room for the coordinates around a square board.
    readonly property real margin: Math.max(14, side * 0.045)
    readonly property real side: Math.min(width, height)
    readonly property real cell: (side - 2 * margin) / 8

    implicitWidth: 480
    implicitHeight: 480

    Rectangle {
        id: frame
        objectName: "boardFrame"
        width: root.side
        height: root.side
        anchors.centerIn: parent
        color: root.theme.boardFrame
        radius: 4

        // Coordinates on all four sides: the frame is as wide everywhere.
        Repeater {
            model: 16
            delegate: Text {
                required property int index
                x: root.margin + (index % 8 + 0.5) * root.cell - width / 2
                y: index < 8 ? (root.margin - height) / 2 : root.side - (root.margin + height) / 2
                objectName: "colLabel_" + index
                text: { root.turns; root.mirrored; return root.columnLabel(index % 8) }
                color: "#f0e6d2"
                font.pixelSize: root.margin * 0.62
                font.bold: true
            }
        }
        Repeater {
            model: 16
            delegate: Text {
                required property int index
                x: index < 8 ? (root.margin - width) / 2 : root.side - (root.margin + width) / 2
                y: root.margin + (index % 8 + 0.5) * root.cell - height / 2
                objectName: "rowLabel_" + index
                text: { root.turns; root.mirrored; return root.rowLabel(index % 8) }
                color: "#f0e6d2"
                font.pixelSize: root.margin * 0.62
                font.bold: true
            }
        }
        Rectangle {
            id: grid
            objectName: "boardGrid"
            x: root.margin
            y: root.margin
            width: Math.round(root.cell * 8) + 1
            height: Math.round(root.cell * 8) + 1
            color: root.theme.boardLine

            Repeater {
                model: root.game.board
                delegate: Rectangle {
                    id: squareItem
                    required property int square
                    required property string name
                    required property int disc
                    required property bool legal
                    required property bool lastMove
                    required property bool flipped
                    required property string valueText
                    required property bool best
                    required property bool bound
                    required property int choice
                    required property int choiceEnd
                    required property bool choiceSquare
                    objectName: "square_" + name
                    // Whole pixels, one-pixel grid lines between the squares.
                    readonly property var at: { root.turns; root.mirrored; return root.displayed(square) }
                    readonly property int col: at[1]
                    readonly property int row: at[0]
                    x: Math.round(col * root.cell) + 1
                    y: Math.round(row * root.cell) + 1
                    width: Math.round((col + 1) * root.cell) - Math.round(col * root.cell) - 1
                    height: Math.round((row + 1) * root.cell) - Math.round(row * root.cell) - 1
                    color: root.theme.boardGreen

                    Rectangle {
                        id: discItem
                        anchors.centerIn: parent
                        width: parent.width * 0.84
                        height: width
                        radius: width / 2
                        visible: squareItem.disc !== 0 || opacity > 0
                        opacity: squareItem.disc !== 0 ? 1 : 0
                        color: squareItem.disc === 2 ? root.theme.whiteDisc : root.theme.blackDisc
                        border.color: squareItem.disc === 2 ? "#9a9a9a" : "#000000"
                        border.width: 1
                        Behavior on color {
                            enabled: root.animate
                            ColorAnimation { duration: 160 }
                        }
                        Behavior on opacity {
                            enabled: root.animate
                            NumberAnimation { duration: 120 }
                        }
                    }
                    // The last move: a small red dot on its disc.
                    Rectangle {
                        visible: squareItem.lastMove && squareItem.disc !== 0
                        anchors.centerIn: parent
                        width: parent.width * 0.2
                        height: width
                        radius: width / 2
                        color: root.theme.lastMoveMark
                    }
                    // The square of a move waiting for its line: a faint disc of the mover.
                    Rectangle {
                        objectName: "choiceSquare_" + squareItem.name
                        visible: squareItem.choiceSquare
                        anchors.centerIn: parent
                        width: parent.width * 0.84
                        height: width
                        radius: width / 2
                        color: root.game.sideToMove === 1 ? "#80000000" : "#b0ffffff"
                        border.color: "#ffd54f"
                        border.width: Math.max(2, parent.width * 0.05)
                    }
                    // The far end of a candidate line (the mover's disc closing it): a ring.
                    Rectangle {
                        objectName: "choiceEnd_" + squareItem.name
                        visible: squareItem.choiceEnd > 0
                        anchors.centerIn: parent
                        width: parent.width * 0.92
                        height: width
                        radius: width / 2
                        color: "transparent"
                        border.color: visible ? root.lineColor(squareItem.choiceEnd) : "transparent"
                        border.width: Math.max(3, parent.width * 0.08)
                    }
                    // A disc a candidate line would flip: the line's number in its colour.
                    Rectangle {
                        objectName: "choice_" + squareItem.name
                        visible: squareItem.choice > 0
                        anchors.centerIn: parent
                        width: parent.width * 0.5
                        height: width
                        radius: width / 2
                        color: visible ? root.lineColor(squareItem.choice) : "transparent"
                        border.color: "#ffffff"
                        border.width: Math.max(1, parent.width * 0.03)
                        Text {
                            anchors.centerIn: parent
                            text: squareItem.choice
                            color: "#ffffff"
                            font.bold: true
                            font.pixelSize: Math.max(10, parent.height * 0.7)
                        }
                    }
                    // A legal move of the side to move (a placement square during placements):
                    // a small translucent disc of its colour.
                    Rectangle {
                        visible: squareItem.legal && !root.game.editing && !root.game.choosingLine
                                 && squareItem.valueText === ""
                        anchors.centerIn: parent
                        width: parent.width * 0.24
                        height: width
                        radius: width / 2
                        color: root.game.sideToMove === 1 ? "#80000000" : "#a0ffffff"
                    }
                    // The best moves: a gold frame inside the square.
                    Rectangle {
                        objectName: "best_" + squareItem.name
                        visible: squareItem.best && squareItem.valueText !== ""
                        anchors.fill: parent
                        anchors.margins: Math.max(1, parent.width * 0.03)
                        color: "transparent"
                        border.color: root.theme.bestMove
                        border.width: Math.max(2, parent.width * 0.05)
                        radius: 3
                    }
                    // The move's value for the side to move (final disc difference).
                    Text {
                        // "~+4": the midgame search's estimate.
                        readonly property bool estimate: squareItem.valueText.charAt(0) === "~"
                        objectName: "value_" + squareItem.name
                        visible: squareItem.valueText !== "" && squareItem.disc === 0
                        anchors.centerIn: parent
                        text: squareItem.valueText
                        color: squareItem.best ? root.theme.bestMove : estimate ? "#b3e5fc" : "#f4f4ee"
                        font.pixelSize: Math.max(10, parent.height * (text.length > 4 ? 0.22 : 0.32))
                        font.bold: !estimate
                        font.italic: squareItem.bound
                        style: Text.Outline
                        styleColor: "#0b3d1a"
                    }
                    // The archive's games for this next move (Tree tab).
                    Text {
                        readonly property var games: root.hints.length === 64 ? root.hints[squareItem.square] : 0
                        visible: games > 0 && squareItem.disc === 0 && !root.game.editing
                        anchors.horizontalCenter: parent.horizontalCenter
                        anchors.bottom: parent.bottom
                        anchors.bottomMargin: parent.height * 0.06
                        text: Number(games).toLocaleString(Qt.locale("en_US"), "f", 0)
                        color: "#f0e6d2"
                        font.pixelSize: Math.max(9, parent.height * 0.2)
                    }
                    MouseArea {
                        anchors.fill: parent
                        cursorShape: (squareItem.legal || root.game.editing || squareItem.choice > 0
                                      || squareItem.choiceEnd > 0) ? Qt.PointingHandCursor
                                                                   : Qt.ArrowCursor
                        onClicked: {
                            root.forceActiveFocus()  // leave any text field: keys step again
                            if (root.game.editing)
                                root.game.cycleSquare(squareItem.square)
                            else
                                root.game.playMove(squareItem.square)
                        }
                    }
                }
            }
        }
    }
}
