import QtQuick
import Othello.Viewer

// The Problems tab's board (ProblemsController): the problem's position with a-h / 1-8
// coordinates; the squares a click answers marked; after the answer every move's value
// ("~" before an estimate), the moves reaching the goal framed in gold and the square answered
// ringed (green right, red wrong); in the solution, the line's moves numbered in order.
// Squares are named "problemSquare_<name>" for the tests.
Item {
    id: root
    required property ProblemsController problems
    property Theme theme: Theme {}
    readonly property real side: Math.min(width, height)
    readonly property real margin: Math.max(14, side * 0.045)
    readonly property real cell: (side - 2 * margin) / 8
    implicitWidth: 480
    implicitHeight: 480

    Rectangle {
        id: frame
        width: root.side
        height: root.side
        anchors.centerIn: parent
        color: root.theme.boardFrame
        radius: 4
        Repeater {
            model: 8
            delegate: Text {
                required property int index
                x: root.margin + (index + 0.5) * root.cell - width / 2
                y: (root.margin - height) / 2
                text: String.fromCharCode(97 + index)
                color: "#f0e6d2"
                font.pixelSize: root.margin * 0.62
                font.bold: true
            }
        }
        Repeater {
            model: 8
            delegate: Text {
                required property int index
                x: (root.margin - width) / 2
                y: root.margin + (index + 0.5) * root.cell - height / 2
                text: String(index + 1)
                color: "#f0e6d2"
                font.pixelSize: root.margin * 0.62
                font.bold: true
            }
        }
        Rectangle {
            x: root.margin
            y: root.margin
            width: Math.round(root.cell * 8) + 1
            height: Math.round(root.cell * 8) + 1
            color: root.theme.boardLine
            Repeater {
                model: 64
                delegate: Rectangle {
                    id: sq
                    required property int index
                    readonly property int col: index % 8
                    readonly property int row: Math.floor(index / 8)
                    readonly property string name: String.fromCharCode(97 + col) + (row + 1)
                    readonly property int disc: root.problems.discs[index] || 0
                    readonly property bool legal: root.problems.legal[index] === true
                    readonly property string value: root.problems.values[index] || ""
                    readonly property bool goal: root.problems.goalSquares[index] === true
                    readonly property string mark: root.problems.marks[index] || ""
                    objectName: "problemSquare_" + name
                    x: Math.round(col * root.cell) + 1
                    y: Math.round(row * root.cell) + 1
                    width: Math.round((col + 1) * root.cell) - Math.round(col * root.cell) - 1
                    height: Math.round((row + 1) * root.cell) - Math.round(row * root.cell) - 1
                    color: root.theme.boardGreen
                    Rectangle {
                        anchors.centerIn: parent
                        visible: sq.disc !== 0
                        width: parent.width * 0.84
                        height: width
                        radius: width / 2
                        color: sq.disc === 2 ? root.theme.whiteDisc : root.theme.blackDisc
                        border.color: sq.disc === 2 ? "#9a9a9a" : "#000000"
                    }
                    // An answerable square: a small dot of the mover's colour.
                    Rectangle {
                        anchors.centerIn: parent
                        visible: sq.legal
                        width: parent.width * 0.22
                        height: width
                        radius: width / 2
                        color: root.problems.sideToMove === "White" ? "#c0ffffff" : "#90000000"
                    }
                    // The moves reaching the goal, framed in gold once answered.
                    Rectangle {
                        anchors.fill: parent
                        anchors.margins: 1
                        visible: sq.goal
                        color: "transparent"
                        border.color: "#ffd54f"
                        border.width: Math.max(2, parent.width * 0.06)
                    }
                    // The square answered: ringed green when right, red when wrong.
                    Rectangle {
                        objectName: "answerRing_" + sq.name
                        anchors.centerIn: parent
                        visible: root.problems.answered === sq.index && sq.disc === 0
                                 && root.problems.state !== "solution"
                        width: parent.width * 0.8
                        height: width
                        radius: width / 2
                        color: "transparent"
                        border.color: root.problems.state === "wrong" ? "#e53935" : "#43a047"
                        border.width: Math.max(3, parent.width * 0.08)
                    }
                    Text {
                        objectName: "problemValue_" + sq.name
                        anchors.centerIn: parent
                        visible: sq.value !== "" && sq.disc === 0
                        text: sq.value
                        color: sq.goal ? "#fff59d" : "#ffffff"
                        font.bold: true
                        font.pixelSize: Math.max(10, parent.height * 0.34)
                    }
                    // The solution's move numbers, on the discs played.
                    Text {
                        anchors.centerIn: parent
                        visible: sq.mark !== ""
                        text: sq.mark
                        color: sq.disc === 2 ? "#000000" : "#ffffff"
                        font.bold: true
                        font.pixelSize: Math.max(10, parent.height * 0.36)
                    }
                    MouseArea {
                        anchors.fill: parent
                        enabled: sq.legal
                        cursorShape: sq.legal ? Qt.PointingHandCursor : Qt.ArrowCursor
                        onClicked: root.problems.answer(sq.index)
                    }
                }
            }
        }
    }
}
