import QtQuick
import QtQuick.Controls
import Othello.Viewer

// Black's disc lead after every ply of the line (bars above the middle: Black ahead, below:
// White ahead). With the endgame analysis on, the exact value (final disc difference under
// perfect play, Black's point of view) is drawn over it as a line of dots, bounds (a solve
// that ran out of time) as pale ranges, and before the solver's reach the midgame search's
// estimate (Black's point of view too) as an orange dashed line of small squares; the legend
// says which is which. The current ply is marked; a click jumps to the ply under the pointer.
Rectangle {
    id: root
    required property GameController game
    property AnalysisController analysis: null
    property Theme theme: Theme {}
    color: root.theme.panel
    radius: 4

    readonly property int count: game.plyCount + 1
    readonly property bool showValues: root.analysis !== null && root.analysis.enabled
                                       && root.analysis.lineLower.length === root.count
    readonly property bool showEstimates: showValues && root.analysis.lineEstimate.length === root.count
    readonly property color estimateColor: "#e07b00"
    // What the line holds: the legend names only those (bounds are rare, estimates need the
    // background search).
    readonly property bool hasBounds: {
        if (!showValues) return false
        for (var i = 0; i < count; ++i) {
            var lo = root.analysis.lineLower[i], hi = root.analysis.lineUpper[i]
            if (lo !== hi && (lo > -64 || hi < 64)) return true
        }
        return false
    }
    readonly property bool hasEstimates: {
        if (!showEstimates) return false
        for (var i = 0; i < count; ++i)
            if (root.analysis.lineEstimate[i] !== root.analysis.noEstimate) return true
        return false
    }
    readonly property real plotX: root.theme.unit * 2.2
    readonly property real plotWidth: width - plotX - root.theme.unit * 0.5
    readonly property real plotTop: legend.y + legend.height + root.theme.unit * 0.2
    readonly property real plotHeight: height - plotTop - root.theme.unit * 0.4
    // A whole game's worth of slots (the start, 60 moves, passes) even for a short line: a new
    // or short game is drawn from the left at the usual width, not stretched.
    readonly property real step: plotWidth / Math.max(61, count)
    // The scale: the largest lead or value of the line, at least 8 discs, rounded up to 4.
    readonly property int scale: {
        var m = 8
        for (var i = 0; i < count; ++i) {
            m = Math.max(m, Math.abs(game.blackCounts[i] - game.whiteCounts[i]))
            if (showValues) {
                var lo = root.analysis.lineLower[i], hi = root.analysis.lineUpper[i]
                if (lo > -64) m = Math.max(m, Math.abs(lo))
                if (hi < 64) m = Math.max(m, Math.abs(hi))
            }
            if (showEstimates && root.analysis.lineEstimate[i] !== root.analysis.noEstimate)
                m = Math.max(m, Math.abs(root.analysis.lineEstimate[i]))
        }
        return Math.min(64, Math.ceil(m / 4) * 4)
    }

    function plyAt(x) {
        return Math.max(0, Math.min(game.plyCount, Math.floor((x - plotX) / step)))
    }
    function yOf(value) {
        var v = Math.max(-root.scale, Math.min(root.scale, value))
        return root.plotTop + root.plotHeight / 2 - v / root.scale * root.plotHeight / 2
    }

    // The legend, above the plot.
    Row {
        id: legend
        objectName: "graphLegend"
        x: root.plotX
        y: root.theme.unit * 0.25
        width: root.plotWidth
        clip: true  // never over the panel's edge on a narrow window
        spacing: root.theme.unit * 0.4
        readonly property real key: root.theme.unit * 0.6
        // The bars: dark up when Black leads, pale down when White leads (as drawn below).
        Rectangle {
            width: legend.key; height: legend.key
            anchors.verticalCenter: parent.verticalCenter
            color: "#303030"
        }
        Label {
            objectName: "legendBlack"
            text: qsTr("Black ahead")
            font.pixelSize: root.theme.unit * 0.7
            color: root.theme.mutedText
        }
        Rectangle {
            width: legend.key; height: legend.key
            anchors.verticalCenter: parent.verticalCenter
            color: "#c8c8c8"
            border.color: "#8a8a8a"
        }
        Label {
            objectName: "legendWhite"
            text: qsTr("White ahead (discs now)")
            font.pixelSize: root.theme.unit * 0.7
            color: root.theme.mutedText
        }
        Rectangle {
            visible: root.showValues
            width: legend.key; height: legend.key; radius: legend.key / 2
            anchors.verticalCenter: parent.verticalCenter
            color: root.theme.exactValue
        }
        Label {
            objectName: "legendExact"
            visible: root.showValues
            text: qsTr("exact value (Black's view)")
            font.pixelSize: root.theme.unit * 0.7
            color: root.theme.mutedText
        }
        Rectangle {
            visible: root.hasBounds
            width: legend.key * 0.5; height: legend.key
            anchors.verticalCenter: parent.verticalCenter
            color: "#801e6fd9"
        }
        Label {
            objectName: "legendBound"
            visible: root.hasBounds
            text: qsTr("bound (time budget)")
            font.pixelSize: root.theme.unit * 0.7
            color: root.theme.mutedText
        }
        Rectangle {
            visible: root.hasEstimates
            width: legend.key * 0.7; height: legend.key * 0.7
            anchors.verticalCenter: parent.verticalCenter
            color: root.estimateColor
        }
        Label {
            objectName: "legendEstimate"
            visible: root.hasEstimates
            text: qsTr("estimate (depth %1)").arg(root.analysis ? root.analysis.midgameDepth : 0)
            font.pixelSize: root.theme.unit * 0.7
            color: root.theme.mutedText
        }
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
    // The exact values joined by a line (only between neighbouring exact plies).
    Canvas {
        id: valueLine
        anchors.fill: parent
        visible: root.showValues
        onPaint: {
            var ctx = getContext("2d")
            ctx.reset()
            if (!root.showValues) return
            ctx.strokeStyle = root.theme.exactValue
            ctx.lineWidth = Math.max(1.5, root.theme.unit * 0.12)
            ctx.beginPath()
            var open = false
            for (var i = 0; i < root.count; ++i) {
                var lo = root.analysis.lineLower[i], hi = root.analysis.lineUpper[i]
                if (lo !== hi) { open = false; continue }
                var x = root.plotX + (i + 0.5) * root.step, y = root.yOf(lo)
                if (open) ctx.lineTo(x, y); else ctx.moveTo(x, y)
                open = true
            }
            ctx.stroke()
        }
        // Whatever the drawing depends on: a change repaints it.
        readonly property var paintKey: [root.showValues, root.scale, root.count,
                                         root.showValues ? root.analysis.lineLower : [],
                                         root.showValues ? root.analysis.lineUpper : []]
        onPaintKeyChanged: requestPaint()
        onWidthChanged: requestPaint()
        onHeightChanged: requestPaint()
    }
    // The estimates joined by a dashed line (between neighbouring plies with a value, exact or
    // estimated, so the curve runs on into the exact part).
    Canvas {
        id: estimateLine
        anchors.fill: parent
        visible: root.showEstimates
        onPaint: {
            var ctx = getContext("2d")
            ctx.reset()
            if (!root.showEstimates) return
            ctx.strokeStyle = root.estimateColor
            ctx.lineWidth = Math.max(1.2, root.theme.unit * 0.1)
            ctx.setLineDash([4, 3])
            ctx.beginPath()
            var open = false, previousEstimate = false
            for (var i = 0; i < root.count; ++i) {
                var e = root.analysis.lineEstimate[i]
                var lo = root.analysis.lineLower[i], hi = root.analysis.lineUpper[i]
                var estimate = e !== root.analysis.noEstimate
                var v = estimate ? e : lo === hi ? lo : null
                if (v === null) { open = false; continue }
                var x = root.plotX + (i + 0.5) * root.step, y = root.yOf(v)
                if (open && (estimate || previousEstimate)) ctx.lineTo(x, y); else ctx.moveTo(x, y)
                previousEstimate = estimate
                open = true
            }
            ctx.stroke()
        }
        readonly property var paintKey: [root.showEstimates, root.scale, root.count,
                                         root.showEstimates ? root.analysis.lineEstimate : []]
        onPaintKeyChanged: requestPaint()
        onWidthChanged: requestPaint()
        onHeightChanged: requestPaint()
    }
    Repeater {
        model: root.showEstimates ? root.count : 0
        delegate: Rectangle {
            required property int index
            readonly property int value: root.analysis.lineEstimate[index]
            objectName: "estimate_ply_" + index
            visible: value !== root.analysis.noEstimate
            width: Math.max(3, Math.min(root.step * 0.6, root.theme.unit * 0.4))
            height: width
            x: root.plotX + (index + 0.5) * root.step - width / 2
            y: root.yOf(value) - height / 2
            color: root.estimateColor
        }
    }
    Repeater {
        model: root.showValues ? root.count : 0
        delegate: Rectangle {
            id: mark
            required property int index
            readonly property int lower: root.analysis.lineLower[index]
            readonly property int upper: root.analysis.lineUpper[index]
            readonly property bool exact: lower === upper
            objectName: "value_ply_" + index
            visible: exact || lower > -64 || upper < 64
            // An exact value: a dot; a bound: a pale bar over the range it proves.
            readonly property real yTop: exact ? root.yOf(lower) : root.yOf(Math.min(upper, root.scale))
            readonly property real yBottom: exact ? yTop : root.yOf(Math.max(lower, -root.scale))
            width: exact ? Math.max(4, Math.min(root.step * 0.8, root.theme.unit * 0.5))
                         : Math.max(2, root.step * 0.4)
            height: exact ? width : Math.max(2, yBottom - yTop)
            radius: exact ? width / 2 : 1
            x: root.plotX + (index + 0.5) * root.step - width / 2
            y: exact ? yTop - height / 2 : yTop
            color: exact ? root.theme.exactValue : "#801e6fd9"
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
