import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Othello.Viewer

// The game's moves as lichess and SCID show them: the main line in two columns (Black, White),
// numbered, passes shown; a comment (in italics) and the variations that replace a move
// interrupt the columns right after it, each variation an indented run of moves with nested
// ones inline in parentheses. The move shown is highlighted wherever it is and kept in view
// (at the start: the first rows); a click on any move goes there. "1–60" numbers the moves as
// an Othello score sheet does, one move a row by the disc it places (passes keep a row without
// a number). With the endgame analysis on, a move that lost discs against the best move says
// how many ("−4"; "≤−4" when only a bound is known) and is marked "?" (2 or more) or "??"
// (6 or more). The header holds undo/redo and the edit menu (comments, variations, what a move
// that differs from the game does); the comment on the position shown is under the list.
Item {
    id: root
    required property GameController game
    property Theme theme: Theme {}
    readonly property real rowHeight: root.theme.unit * 1.9
    readonly property real numberWidth: root.width * 0.2
    readonly property alias commentEditor: commentEditor

    ColumnLayout {
        anchors.fill: parent
        spacing: 0
        RowLayout {
            Layout.fillWidth: true
            Layout.preferredHeight: root.rowHeight
            spacing: 0
            // The numbering switch sits in the number column's title.
            Button {
                objectName: "moveNumbering"
                Layout.preferredWidth: root.numberWidth
                Layout.preferredHeight: root.rowHeight
                flat: true
                checkable: true
                checked: root.game.moveList.numbered
                onToggled: root.game.moveList.numbered = checked
                focusPolicy: Qt.NoFocus
                font.pixelSize: root.theme.unit * 0.85
                font.bold: true
                text: checked ? qsTr("1–60") : "#"
                ToolTip.visible: hovered
                ToolTip.delay: 500
                ToolTip.text: checked ? qsTr("Numbered by disc, as on a score sheet: click for move pairs")
                                      : qsTr("Move pairs: click to number the moves 1–60 as on a score sheet")
            }
            Label {
                Layout.fillWidth: true
                text: qsTr("Black")
                horizontalAlignment: Text.AlignHCenter
                font.pixelSize: root.theme.unit
                font.bold: true
            }
            Label {
                Layout.fillWidth: true
                text: qsTr("White")
                horizontalAlignment: Text.AlignHCenter
                font.pixelSize: root.theme.unit
                font.bold: true
            }
            ToolButton {
                objectName: "undoButton"
                Layout.preferredHeight: root.rowHeight
                text: "\u21B6"
                font.pixelSize: root.theme.unit * 1.1
                enabled: root.game.canUndo && !root.game.editing
                focusPolicy: Qt.NoFocus
                onClicked: root.game.undo()
                ToolTip.visible: hovered
                ToolTip.delay: 300
                ToolTip.text: root.game.canUndo ? qsTr("Undo %1 (Ctrl+Z)").arg(root.game.undoText) : qsTr("Nothing to undo")
            }
            ToolButton {
                objectName: "redoButton"
                Layout.preferredHeight: root.rowHeight
                text: "\u21B7"
                font.pixelSize: root.theme.unit * 1.1
                enabled: root.game.canRedo && !root.game.editing
                focusPolicy: Qt.NoFocus
                onClicked: root.game.redo()
                ToolTip.visible: hovered
                ToolTip.delay: 300
                ToolTip.text: root.game.canRedo ? qsTr("Redo %1 (Ctrl+Shift+Z)").arg(root.game.redoText) : qsTr("Nothing to redo")
            }
            ToolButton {
                id: menuButton
                objectName: "moveEditMenuButton"
                Layout.preferredHeight: root.rowHeight
                text: "\u22EF"
                font.pixelSize: root.theme.unit * 1.1
                focusPolicy: Qt.NoFocus
                onClicked: editMenu.open()
                Menu {
                    id: editMenu
                    objectName: "moveEditMenu"
                    y: menuButton.height
                    MenuItem {
                        objectName: "menuComment"
                        text: root.game.comment !== "" ? qsTr("Edit the comment…") : qsTr("Add a comment…")
                        enabled: root.game.canComment
                        onTriggered: commentEditor.start()
                    }
                    MenuItem {
                        objectName: "menuDeleteComment"
                        text: qsTr("Delete the comment")
                        enabled: root.game.comment !== "" && !root.game.editing
                        onTriggered: root.game.deleteComment()
                    }
                    MenuSeparator {}
                    MenuItem {
                        objectName: "menuPromote"
                        text: qsTr("Promote the variation to main line")
                        enabled: root.game.inAnalysis && !root.game.editing
                        onTriggered: root.game.promoteVariation()
                    }
                    MenuItem {
                        objectName: "menuDeleteVariation"
                        text: qsTr("Delete the variation from this move")
                        enabled: root.game.inAnalysis && !root.game.editing
                        onTriggered: root.game.deleteVariation()
                    }
                    MenuSeparator {}
                    MenuItem {
                        text: root.game.canUndo ? qsTr("Undo %1").arg(root.game.undoText) : qsTr("Undo")
                        enabled: root.game.canUndo && !root.game.editing
                        onTriggered: root.game.undo()
                    }
                    MenuItem {
                        text: root.game.canRedo ? qsTr("Redo %1").arg(root.game.redoText) : qsTr("Redo")
                        enabled: root.game.canRedo && !root.game.editing
                        onTriggered: root.game.redo()
                    }
                    MenuSeparator {}
                    MenuItem { text: qsTr("When a move differs from the game:"); enabled: false }
                    Repeater {
                        model: [qsTr("Ask"), qsTr("Always make a variation"), qsTr("Overwrite the game")]
                        MenuItem {
                            required property int index
                            required property string modelData
                            objectName: "branchMode_" + index
                            text: modelData
                            checkable: true
                            checked: root.game.branchMode === index
                            onTriggered: root.game.branchMode = index
                        }
                    }
                }
            }
        }
        ListView {
            id: list
            objectName: "moveListView"
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            model: root.game.moveList
            boundsBehavior: Flickable.StopAtBounds
            ScrollBar.vertical: ScrollBar {
                onPressedChanged: if (pressed) list.following = false
            }
            Label {
                anchors.fill: parent
                anchors.margins: root.theme.unit
                visible: list.count === 0
                wrapMode: Text.WordWrap
                horizontalAlignment: Text.AlignHCenter
                font.pixelSize: root.theme.unit
                color: root.theme.mutedText
                text: qsTr("No moves yet. Click a marked square to play, open a game from the Search tab, or set up a position.")
            }
            currentIndex: root.game.currentMoveRow
            onCurrentIndexChanged: keepCurrentInView()
            function keepCurrentInView() {
                following = true
                // The start (or a line with no move shown): the first rows.
                if (currentIndex < 0) {
                    positionViewAtBeginning()
                    return
                }
                positionViewAtIndex(currentIndex, ListView.Contain)
                // Whole rows at the top: no half-cut row under the column titles (when all
                // rows are move rows: comments and variations make rows of other heights).
                if (!root.game.moveList.plain) return
                var top = Math.ceil((contentY - originY) / root.rowHeight - 0.001) * root.rowHeight
                contentY = originY + Math.max(0, Math.min(top, contentHeight - height))
            }
            // The list's height changes under it: the window's layout settling, the analysis
            // bar's status (one or two lines, shown with the analysis) and the comment under the
            // list take their room from it. The current row was placed for the old height: it
            // is placed again, whole in view, unless the user has scrolled the list since.
            property bool following: true
            onMovementStarted: following = false
            onHeightChanged: if (following) keepCurrentInView()
            // A model reset moves the view's current index itself: bind it again.
            function rebind() {
                list.currentIndex = Qt.binding(function() { return root.game.currentMoveRow })
            }
            Connections {
                target: root.game
                function onLineChanged() { list.rebind() }
            }
            Connections {
                target: root.game.moveList
                function onNumberedChanged() { list.rebind() }
            }
            delegate: Rectangle {
                id: row
                required property int index
                required property int kind
                required property int number
                required property bool continued
                required property string blackText
                required property string whiteText
                required property int blackPly
                required property int whitePly
                required property string blackKey
                required property string whiteKey
                required property bool blackOffLine
                required property bool whiteOffLine
                required property string blackLoss
                required property string whiteLoss
                required property string blackMark
                required property string whiteMark
                required property string commentText
                required property int depth
                required property var tokens
                width: ListView.view.width
                height: kind === MoveListModel.KindMoves ? root.rowHeight
                        : (kind === MoveListModel.KindComment ? commentLabel.implicitHeight
                                                             : flow.implicitHeight) + root.theme.unit * 0.5
                color: kind === MoveListModel.KindMoves ? (index % 2 ? "#f0f0ee" : "#fbfbfa") : "#f7f5ef"

                Label {
                    x: 0
                    width: root.numberWidth
                    height: parent.height
                    visible: row.kind === MoveListModel.KindMoves
                    objectName: "number_" + row.index
                    text: row.number > 0 ? row.number + "." : ""
                    horizontalAlignment: Text.AlignHCenter
                    verticalAlignment: Text.AlignVCenter
                    font.pixelSize: root.theme.unit
                    color: root.theme.mutedText
                }
                Repeater {
                    model: row.kind === MoveListModel.KindMoves ? 2 : 0
                    delegate: Rectangle {
                        id: cell
                        required property int index
                        readonly property int ply: index === 0 ? row.blackPly : row.whitePly
                        readonly property string key: index === 0 ? row.blackKey : row.whiteKey
                        readonly property string moveText: index === 0 ? row.blackText : row.whiteText
                        readonly property bool offLine: index === 0 ? row.blackOffLine : row.whiteOffLine
                        readonly property string loss: index === 0 ? row.blackLoss : row.whiteLoss
                        readonly property string mark: index === 0 ? row.blackMark : row.whiteMark
                        readonly property bool current: ply > 0 && key === root.game.locationKey
                        objectName: "move_" + ply
                        x: root.numberWidth + index * (row.width - root.numberWidth) / 2
                        width: (row.width - root.numberWidth) / 2
                        height: row.height
                        color: current ? root.theme.accent : "transparent"
                        radius: 3
                        Label {
                            objectName: "moveText_" + cell.ply
                            anchors.centerIn: parent
                            // A row resuming after a comment or variations: "12. … d3".
                            text: cell.moveText !== "" ? cell.moveText + cell.mark
                                  : (cell.index === 0 && row.continued ? "\u2026" : "")
                            font.pixelSize: root.theme.unit
                            font.italic: cell.moveText === "pass"
                            font.bold: cell.current
                            color: cell.current ? "white"
                                 : cell.mark !== "" ? root.theme.loss
                                 : cell.moveText === "pass" || cell.offLine || cell.moveText === "" ? root.theme.mutedText
                                 : root.theme.text
                        }
                        Label {
                            objectName: "loss_" + cell.ply
                            visible: cell.loss !== ""
                            anchors.right: parent.right
                            anchors.rightMargin: root.theme.unit * 0.3
                            anchors.verticalCenter: parent.verticalCenter
                            text: cell.loss
                            font.pixelSize: root.theme.unit * 0.8
                            font.bold: true
                            color: cell.current ? "white" : root.theme.loss
                        }
                        MouseArea {
                            anchors.fill: parent
                            enabled: cell.ply > 0
                            onClicked: root.game.goTo(cell.key)
                        }
                    }
                }
                Label {
                    id: commentLabel
                    objectName: "comment_" + row.index
                    visible: row.kind === MoveListModel.KindComment
                    x: root.numberWidth * 0.5
                    y: root.theme.unit * 0.25
                    width: row.width - x - root.theme.unit * 0.5
                    text: row.commentText
                    wrapMode: Text.Wrap
                    font.pixelSize: root.theme.unit * 0.9
                    font.italic: true
                    color: "#4a5a2a"
                }
                // A variation: indented, its moves in a run that wraps; nested ones inline.
                Rectangle {
                    visible: row.kind === MoveListModel.KindVariation
                    x: root.numberWidth * 0.5 - 4
                    width: 2
                    height: row.height
                    color: root.theme.analysis
                    opacity: 0.5
                }
                Flow {
                    id: flow
                    objectName: "variation_" + row.index
                    visible: row.kind === MoveListModel.KindVariation
                    x: root.numberWidth * 0.5
                    y: root.theme.unit * 0.25
                    width: row.width - x - root.theme.unit * 0.5
                    spacing: root.theme.unit * 0.3
                    Repeater {
                        model: row.kind === MoveListModel.KindVariation ? row.tokens : []
                        delegate: Label {
                            id: tok
                            required property var modelData
                            readonly property bool isMove: modelData.type === "move"
                            readonly property bool current: isMove && modelData.key === root.game.locationKey
                            objectName: isMove ? "var_" + modelData.key : ""
                            text: modelData.text + (isMove ? modelData.mark : "")
                            width: modelData.type === "comment" ? Math.min(implicitWidth, flow.width) : implicitWidth
                            wrapMode: modelData.type === "comment" ? Text.Wrap : Text.NoWrap
                            leftPadding: isMove ? 3 : 0
                            rightPadding: isMove ? 3 : 0
                            font.pixelSize: root.theme.unit * 0.9
                            font.italic: modelData.type === "comment"
                            font.bold: current
                            color: current ? "white"
                                 : modelData.type === "comment" ? "#4a5a2a"
                                 : modelData.type === "number" || modelData.type === "open" || modelData.type === "close" ? root.theme.mutedText
                                 : modelData.mark !== "" ? root.theme.loss
                                 : root.theme.analysis
                            background: Rectangle {
                                visible: tok.current
                                color: root.theme.accent
                                radius: 3
                            }
                            MouseArea {
                                anchors.fill: parent
                                enabled: tok.isMove
                                cursorShape: tok.isMove ? Qt.PointingHandCursor : Qt.ArrowCursor
                                onClicked: root.game.goTo(tok.modelData.key)
                            }
                        }
                    }
                }
            }
        }
        CommentEditor {
            id: commentEditor
            objectName: "commentEditor"
            Layout.fillWidth: true
            game: root.game
            theme: root.theme
        }
    }
}
