import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Othello.Viewer

// The Search tab's pattern editor (issue 31): the pattern on an 8x8 board and as text
// (PatternEditor.h keeps both in step). A click on a square cycles black, white, empty, any
// disc, anything; a right click or Shift+click goes back. The text field takes a list
// (`a1=X b2=-`) or a 64-square mask with same(a1,h1) constraints; text that does not parse
// shows the parser's message (with its column) and searches nothing. "From board" starts from
// the full mask of the position shown. A click, the symmetry box, "From board" and "Clear"
// search again at once (`searchNow`); typed text and plies wait for Enter or Search (`edited`).
Item {
    id: root
    required property PatternEditor pattern
    required property GameController game
    property Theme theme: Theme {}
    // The pattern changed in a way that searches again at once.
    signal searchNow()
    // Text was typed: the list is outdated until Enter.
    signal edited()
    // Enter in a field.
    signal accepted()
    readonly property real square: root.theme.unit * 1.45
    readonly property real coordinate: root.theme.unit * 0.9
    implicitHeight: Math.max(boardFrame.implicitHeight, fields.implicitHeight)
    readonly property var stateNames: [qsTr("anything"), qsTr("black"), qsTr("white"),
                                       qsTr("empty"), qsTr("any disc")]

    // A square of the editor: a free square is pale; a black or white
    // square shows its disc, "any disc" a disc half black and half white, an empty square a dash.
    // A square in a same() constraint carries "=". A click asks for the next state (`cycled`), a
    // right click or Shift+click for the one before.
    component PatternSquare: Rectangle {
        id: sq
        required property int index
        required property int squareState
        required property string name
        required property bool same
        property Theme theme: Theme {}
        property var stateNames: []
        signal cycled(bool backwards)
        objectName: "patternSquare_" + name
        color: sq.squareState === PatternEditor.Anything ? "#a9c7b1" : sq.theme.boardGreen
        border.color: sq.theme.boardLine
        border.width: 1

        Rectangle {
            visible: sq.squareState === PatternEditor.Black || sq.squareState === PatternEditor.White
            anchors.centerIn: parent
            width: parent.width * 0.74
            height: width
            radius: width / 2
            color: sq.squareState === PatternEditor.Black ? sq.theme.blackDisc : sq.theme.whiteDisc
            border.color: "#333333"
            border.width: sq.squareState === PatternEditor.White ? 1 : 0
        }
        // Any disc: a disc half black, half white.
        Rectangle {
            visible: sq.squareState === PatternEditor.AnyDisc
            anchors.centerIn: parent
            width: parent.width * 0.74
            height: width
            radius: width / 2
            border.color: "#333333"
            border.width: 1
            gradient: Gradient {
                orientation: Gradient.Horizontal
                GradientStop { position: 0.0; color: sq.theme.blackDisc }
                GradientStop { position: 0.5; color: sq.theme.blackDisc }
                GradientStop { position: 0.501; color: sq.theme.whiteDisc }
                GradientStop { position: 1.0; color: sq.theme.whiteDisc }
            }
        }
        Rectangle {
            visible: sq.squareState === PatternEditor.Empty
            anchors.centerIn: parent
            width: parent.width * 0.4
            height: Math.max(2, parent.height * 0.1)
            color: "#e8f5e9"
        }
        Label {
            visible: sq.same
            anchors.right: parent.right
            anchors.top: parent.top
            anchors.rightMargin: 2
            font.pixelSize: parent.height * 0.45
            font.bold: true
            color: "#ffd54f"
            text: "="
        }
        MouseArea {
            anchors.fill: parent
            acceptedButtons: Qt.LeftButton | Qt.RightButton
            hoverEnabled: true
            cursorShape: Qt.PointingHandCursor
            onClicked: (mouse) => sq.cycled(mouse.button === Qt.RightButton
                                              || (mouse.modifiers & Qt.ShiftModifier))
            ToolTip.visible: containsMouse
            ToolTip.delay: 600
            ToolTip.text: sq.name + ": " + (sq.stateNames[sq.squareState] || "")
                          + (sq.same ? qsTr(" (same colour as its pair)") : "")
        }
    }

    RowLayout {
        anchors.fill: parent
        spacing: root.theme.unit * 0.8

        // The board: row 1 at the top, as the game board (a1 top left).
        Item {
            id: boardFrame
            Layout.alignment: Qt.AlignTop
            // Implicit sizes: the row layout sizes its items by them.
            implicitWidth: root.coordinate + 8 * root.square + 2
            implicitHeight: root.coordinate + 8 * root.square + 2
            Repeater {
                model: 8
                delegate: Label {
                    required property int index
                    x: root.coordinate + 1 + index * root.square
                    width: root.square
                    height: root.coordinate
                    horizontalAlignment: Text.AlignHCenter
                    font.pixelSize: root.theme.unit * 0.75
                    color: root.theme.mutedText
                    text: String.fromCharCode(97 + index)
                }
            }
            Repeater {
                model: 8
                delegate: Label {
                    required property int index
                    y: root.coordinate + 1 + index * root.square
                    width: root.coordinate
                    height: root.square
                    verticalAlignment: Text.AlignVCenter
                    font.pixelSize: root.theme.unit * 0.75
                    color: root.theme.mutedText
                    text: index + 1
                }
            }
            Rectangle {
                x: root.coordinate
                y: root.coordinate
                width: 8 * root.square + 2
                height: width
                color: root.theme.boardLine
                Grid {
                    x: 1
                    y: 1
                    columns: 8
                    Repeater {
                        model: root.pattern
                        delegate: PatternSquare {
                            id: cell
                            width: root.square
                            height: root.square
                            theme: root.theme
                            stateNames: root.stateNames
                            onCycled: (backwards) => {
                                root.pattern.cycle(cell.index, backwards)
                                root.searchNow()
                            }
                        }
                    }
                }
            }
        }

        ColumnLayout {
            id: fields
            Layout.fillWidth: true
            // Fills what the board leaves; the texts wrap or scroll rather than widen it.
            Layout.preferredWidth: root.theme.unit * 8
            Layout.minimumWidth: root.theme.unit * 8
            Layout.alignment: Qt.AlignTop
            spacing: root.theme.unit * 0.25
            TextField {
                id: textField
                objectName: "patternText"
                Layout.fillWidth: true
                Layout.preferredWidth: root.theme.unit * 8
                font.pixelSize: root.theme.unit
                font.family: "monospace"
                placeholderText: qsTr("a1=X b2=-, or a 64-square mask")
                // The grammar, where the text is typed.
                ToolTip.visible: hovered || activeFocus
                ToolTip.delay: 600
                ToolTip.text: qsTr("X black, O white, - empty, * any disc, ? anything: a list a1=X b2=- "
                                   + "or a 64-square mask a1..h8 (rows may be spaced); same(a1,h1): both "
                                   + "squares one colour. Enter searches.")
                text: root.pattern.text
                onTextEdited: {
                    root.pattern.text = text
                    root.edited()
                }
                onAccepted: root.accepted()
            }
            Label {
                objectName: "patternMessage"
                Layout.fillWidth: true
                Layout.preferredWidth: root.theme.unit * 8
                wrapMode: Text.Wrap
                font.pixelSize: root.theme.unit * 0.8
                color: root.pattern.errorText !== "" ? root.theme.error : root.theme.mutedText
                text: root.pattern.errorText !== "" ? root.pattern.errorText
                    : qsTr("Click: black → white → empty → any disc → anything (right click or Shift: back)")
            }
            // The options wrap under each other when the tab is narrow.
            Flow {
                Layout.fillWidth: true
                spacing: root.theme.unit * 0.4
                CheckBox {
                    objectName: "patternSymmetry"
                    text: qsTr("Under the 8 symmetries")
                    font.pixelSize: root.theme.unit
                    checked: root.pattern.underSymmetry
                    onToggled: {
                        root.pattern.underSymmetry = checked
                        root.searchNow()
                    }
                }
                Row {
                    spacing: root.theme.unit * 0.3
                    Label {
                        anchors.verticalCenter: parent.verticalCenter
                        text: qsTr("Plies")
                        font.pixelSize: root.theme.unit
                    }
                    TextField {
                        objectName: "patternPlyFrom"
                        width: root.theme.unit * 3.5
                        font.pixelSize: root.theme.unit
                        placeholderText: "0"
                        validator: IntValidator { bottom: 0; top: 200 }
                        text: root.pattern.plyFrom > 0 ? root.pattern.plyFrom : ""
                        onTextEdited: {
                            root.pattern.plyFrom = text === "" ? 0 : parseInt(text)
                            root.edited()
                        }
                        onAccepted: root.accepted()
                    }
                    Label {
                        anchors.verticalCenter: parent.verticalCenter
                        text: "–"
                        font.pixelSize: root.theme.unit
                    }
                    TextField {
                        objectName: "patternPlyTo"
                        width: root.theme.unit * 3.5
                        font.pixelSize: root.theme.unit
                        placeholderText: qsTr("end")
                        validator: IntValidator { bottom: 0; top: 200 }
                        text: root.pattern.plyTo >= 0 ? root.pattern.plyTo : ""
                        onTextEdited: {
                            root.pattern.plyTo = text === "" ? -1 : parseInt(text)
                            root.edited()
                        }
                        onAccepted: root.accepted()
                    }
                }
                Row {
                    spacing: root.theme.unit * 0.3
                    Button {
                        objectName: "patternFromBoard"
                        text: qsTr("From board")
                        font.pixelSize: root.theme.unit * 0.9
                        ToolTip.visible: hovered
                        ToolTip.delay: 500
                        ToolTip.text: qsTr("Every square as on the board (then free the squares that do not matter)")
                        onClicked: {
                            root.pattern.takePosition(root.game)
                            root.searchNow()
                        }
                    }
                    Button {
                        objectName: "patternClear"
                        text: qsTr("Clear")
                        font.pixelSize: root.theme.unit * 0.9
                        enabled: !root.pattern.blank || root.pattern.text !== ""
                        onClicked: {
                            root.pattern.clear()
                            root.searchNow()
                        }
                    }
                }
            }
        }
    }
}
