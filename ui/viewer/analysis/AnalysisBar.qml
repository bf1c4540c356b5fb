import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Othello.Viewer

// The analysis switch (key A), what the numbers mean, the "Best line" button (plays the
// engine's principal variation from the shown position as a variation), and the status: what
// is being solved or searched (position, empties or depth, progress, nodes) or what was found,
// then the rest of the line. Bounds are said to be bounds, estimates estimates.
ColumnLayout {
    id: root
    required property AnalysisController analysis
    property Theme theme: Theme {}
    spacing: 0

    RowLayout {
        Layout.fillWidth: true
        spacing: root.theme.unit * 0.5
        Switch {
            id: toggle
            objectName: "analysisSwitch"
            text: qsTr("Analysis (A)")
            font.pixelSize: root.theme.unit * 0.9
            focusPolicy: Qt.NoFocus
            checked: root.analysis.enabled
            onToggled: root.analysis.enabled = checked
            ToolTip.visible: hovered
            ToolTip.delay: 500
            ToolTip.text: qsTr("Solves positions with up to %1 empty squares exactly; before that, the midgame search (depth %2) estimates them. The number on a square is the final disc difference for the side to move after that move, with perfect play from both sides (as WZebra and NBoard show it); the best moves are framed in gold. Numbers with ~ (light blue) are estimates of the learned evaluation, not proofs; numbers with ≥ or ≤ (in italics) are bounds: the time budget ran out. In the move list, −N is what a move lost against the best one (~−N: estimated; ? from 2 discs, ?? from 6); the graph shows the value from Black's point of view.").arg(root.analysis.maxEmpties).arg(root.analysis.midgameDepth)
        }
        Label {
            objectName: "analysisLegend"
            Layout.fillWidth: true
            visible: root.analysis.enabled
            text: qsTr("Value for the side to move · gold: best · ~ estimate")
            elide: Text.ElideRight
            font.pixelSize: root.theme.unit * 0.8
            color: root.theme.mutedText
        }
        Button {
            objectName: "bestLineButton"
            visible: root.analysis.enabled
            enabled: root.analysis.bestLine.length > 0
            text: qsTr("Best line")
            font.pixelSize: root.theme.unit * 0.85
            focusPolicy: Qt.NoFocus
            onClicked: root.analysis.playBestLine()
            ToolTip.visible: hovered
            ToolTip.delay: 500
            ToolTip.text: qsTr("Plays the engine's best line from this position as a variation (%1 moves) to step through; the stored game changes only when you save.").arg(root.analysis.bestLine.length)
        }
    }
    Label {
        objectName: "analysisStatus"
        Layout.fillWidth: true
        visible: root.analysis.enabled
        text: root.analysis.backgroundText === "" ? root.analysis.statusText
              : root.analysis.statusText + "  ·  " + root.analysis.backgroundText
        wrapMode: Text.WordWrap
        maximumLineCount: 2
        elide: Text.ElideRight
        font.pixelSize: root.theme.unit * 0.8
        color: root.analysis.busy ? root.theme.analysis : root.theme.text
    }
}
