import QtQuick
import QtQuick.Controls
import Othello.Viewer

// The archive rating's history (storage/players/Ratings.h): the rating before the first rated
// event, then one point per rated event (the rating after it), joined by a line; 1500 dashed, years along the bottom, the
// rating scale on the left. A point's event and rating show under the pointer. Drawn with a
// Canvas, as the disc graph is (DiscGraph.qml).
Rectangle {
    id: root
    property var points: []   // [{event, year, after, before, games, event_id}]
    // A change is not rated yet (RatingHistory::pending): the points may be stale or missing.
    property bool pending: false
    property Theme theme: Theme {}
    color: "white"
    border.color: "#d0d0d0"
    radius: 4

    readonly property real padLeft: theme.unit * 3.2
    readonly property real padRight: theme.unit * 0.8
    readonly property real padTop: theme.unit * 1.6
    readonly property real padBottom: theme.unit * 1.6
    // The scale: the ratings met (with 1500), rounded out to 50.
    readonly property var range: {
        var lo = 1500, hi = 1500
        for (var i = 0; i < points.length; ++i) {
            lo = Math.min(lo, points[i].after, points[i].before)
            hi = Math.max(hi, points[i].after, points[i].before)
        }
        return [Math.floor((lo - 10) / 50) * 50, Math.ceil((hi + 10) / 50) * 50]
    }
    // Slot 0 is the rating before the first event, slot i + 1 the rating after event i.
    function xOf(slot) {
        var w = width - padLeft - padRight
        return padLeft + w * slot / Math.max(1, points.length)
    }
    function yOf(r) {
        var h = height - padTop - padBottom
        return padTop + h * (range[1] - r) / Math.max(1, range[1] - range[0])
    }
    onPointsChanged: canvas.requestPaint()
    onWidthChanged: canvas.requestPaint()
    onHeightChanged: canvas.requestPaint()

    Label {
        x: root.padLeft
        y: root.theme.unit * 0.2
        text: (root.points.length === 0
               ? (root.pending ? qsTr("Archive rating: none stored")
                               : qsTr("Archive rating: not rated (no rated tournament game)"))
               : qsTr("Archive rating (the archive's own Elo, not a federation's): %1 after %2 %3")
                     .arg(Math.round(root.points[root.points.length - 1].after))
                     .arg(root.points[root.points.length - 1].event)
                     .arg(root.points[root.points.length - 1].year))
              + (root.pending ? qsTr(" (pending: a change is not rated yet)") : "")
        font.pixelSize: root.theme.unit * 0.85
        font.bold: true
        color: root.theme.text
    }

    Canvas {
        id: canvas
        objectName: "ratingCanvas"
        anchors.fill: parent
        onPaint: {
            var ctx = getContext("2d")
            ctx.reset()
            var u = root.theme.unit
            ctx.font = Math.round(u * 0.7) + "px sans-serif"
            // Scale lines every 50 or 100 points.
            var step = (root.range[1] - root.range[0]) > 400 ? 100 : 50
            ctx.strokeStyle = "#e6e6e6"
            ctx.fillStyle = root.theme.mutedText
            ctx.lineWidth = 1
            for (var r = root.range[0]; r <= root.range[1]; r += step) {
                var y = root.yOf(r)
                ctx.beginPath(); ctx.moveTo(root.padLeft, y); ctx.lineTo(width - root.padRight, y); ctx.stroke()
                ctx.fillText(String(r), u * 0.3, y + u * 0.25)
            }
            // The start, dashed.
            ctx.strokeStyle = "#9e9e9e"
            ctx.setLineDash([4, 4])
            ctx.beginPath(); ctx.moveTo(root.padLeft, root.yOf(1500)); ctx.lineTo(width - root.padRight, root.yOf(1500)); ctx.stroke()
            ctx.setLineDash([])
            if (root.points.length === 0) return
            // Years under the first point of each (at most one label per 3 units).
            var lastX = -1000, lastYear = -1
            for (var i = 0; i < root.points.length; ++i) {
                var p = root.points[i]
                if (p.year === lastYear) continue
                lastYear = p.year
                var x = root.xOf(i + 1)
                if (x - lastX < u * 2.6) continue
                lastX = x
                ctx.fillText(String(p.year), x - u * 0.8, height - u * 0.4)
            }
            ctx.strokeStyle = root.theme.accent
            ctx.lineWidth = 2
            ctx.beginPath()
            ctx.moveTo(root.xOf(0), root.yOf(root.points[0].before))
            for (i = 0; i < root.points.length; ++i)
                ctx.lineTo(root.xOf(i + 1), root.yOf(root.points[i].after))
            ctx.stroke()
            ctx.fillStyle = root.theme.accent
            for (i = 0; i < root.points.length; ++i) {
                ctx.beginPath()
                ctx.arc(root.xOf(i + 1), root.yOf(root.points[i].after), 2.5, 0, 2 * Math.PI)
                ctx.fill()
            }
        }
    }
    MouseArea {
        id: hover
        anchors.fill: parent
        hoverEnabled: true
        readonly property int index: {
            if (!containsMouse || root.points.length === 0) return -1
            var best = 0
            for (var i = 1; i < root.points.length; ++i)
                if (Math.abs(root.xOf(i + 1) - mouseX) < Math.abs(root.xOf(best + 1) - mouseX)) best = i
            return best
        }
        ToolTip.visible: index >= 0
        ToolTip.text: index < 0 ? "" : qsTr("%1 %2: %3 → %4 (%5 games)")
                      .arg(root.points[index].event).arg(root.points[index].year)
                      .arg(Math.round(root.points[index].before)).arg(Math.round(root.points[index].after))
                      .arg(root.points[index].games)
    }
}
