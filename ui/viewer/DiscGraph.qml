import QtQuick
import QtQuick.Controls
import Othello.Viewer

// Black's disc lead after every ply of the line (bars above the middle: Black ahead, below:
// White ahead). The current ply is marked; a click jumps to the ply under the pointer.
Rectangle {
    id: root
    required property GameController game
    property Theme theme: Theme {}
    color: root.theme.panel
    radius: 4

    readonly property int count: game.plyCount + 1
    readonly property real plotX: root.theme.unit * 2.2
    readonly property real plotWidth: width - plotX - root.theme.unit * 0.5
    readonly property real plotTop: root.theme.unit * 0.4
    readonly property real plotHeight: height - plotTop * 2
    // A whole game's worth of slots (the start, 60 moves, passes) even for a short line: a new
    // or short game is drawn from the left at the usual width, not stretched.
    readonly property real step: plotWidth / Math.max(61, count)
    // The scale: the largest lead of the line, at least 8 discs, rounded up to 4.
    readonly property int scale: {
        var m = 8
        for (var i = 0; i < count; ++i)
            m = Math.max(m, Math.abs(game.blackCounts[i] - game.whiteCounts[i]))
        return Math.ceil(m / 4) * 4
    }

    function plyAt(x) {
        return Math.max(0, Math.min(game.plyCount, Math.floor((x - plotX) / step)))
    }

    Label {
        x: root.theme.unit * 0.3
        y: root.plotTop
        text: "+" + root.scale
        font.pixelSize: root.theme.unit * 0.7
        color: root.theme.mutedText
    }
    Label {
        x: root.theme.unit * 0.3
        y: root.plotTop + root.plotHeight - height
        text: "−" + root.scale
        font.pixelSize: root.theme.unit * 0.7
        color: root.theme.mutedText
    }
    Rectangle {
        x: root.plotX
        y: root.plotTop + root.plotHeight / 2
        width: root.plotWidth
        height: 1
        color: "#9a9a9a"
    }
    Repeater {
        model: root.count
        delegate: Rectangle {
            required property int index
            readonly property int lead: root.game.blackCounts[index] - root.game.whiteCounts[index]
            readonly property real half: root.plotHeight / 2
            x: root.plotX + index * root.step + root.step * 0.1
            width: Math.max(1, root.step * 0.8)
            height: Math.max(1, Math.abs(lead) / root.scale * half)
            y: lead >= 0 ? root.plotTop + half - height : root.plotTop + half
            color: lead >= 0 ? "#303030" : "#c8c8c8"
            border.color: lead >= 0 ? "transparent" : "#8a8a8a"
            border.width: lead >= 0 ? 0 : 1
        }
    }
    Rectangle {
        objectName: "graphMarker"
        x: root.plotX + root.game.ply * root.step + root.step / 2 - width / 2
        y: root.plotTop - 2
        width: 2
        height: root.plotHeight + 4
        color: root.theme.lastMoveMark
    }
    MouseArea {
        objectName: "graphArea"
        anchors.fill: parent
        cursorShape: Qt.PointingHandCursor
        onClicked: (mouse) => root.game.jump(root.plyAt(mouse.x))
        onPositionChanged: (mouse) => { if (pressed) root.game.jump(root.plyAt(mouse.x)) }
    }
}
