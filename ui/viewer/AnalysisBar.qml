import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Othello.Viewer

// The endgame analysis switch (key A), what the numbers mean, and the status: what is being
// solved (position, empties, progress, nodes) or what was found, then the rest of the line.
// Bounds are said to be bounds.
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
            text: qsTr("Endgame analysis (A)")
            font.pixelSize: root.theme.unit * 0.9
            focusPolicy: Qt.NoFocus
            checked: root.analysis.enabled
            onToggled: root.analysis.enabled = checked
            ToolTip.visible: hovered
            ToolTip.delay: 500
            ToolTip.text: qsTr("Solves positions with up to %1 empty squares exactly. The number on a square is the final disc difference for the side to move after that move, with perfect play from both sides (as WZebra and NBoard show it); the best moves are framed in gold. Numbers with ≥ or ≤ (in italics) are bounds: the time budget ran out. In the move list, −N is what a move lost against the best one; the graph shows the exact value from Black's point of view.").arg(root.analysis.maxEmpties)
        }
        Label {
            objectName: "analysisLegend"
            Layout.fillWidth: true
            visible: root.analysis.enabled
            text: qsTr("Squares: final disc difference for the side to move · gold: best")
            elide: Text.ElideRight
            font.pixelSize: root.theme.unit * 0.8
            color: root.theme.mutedText
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
