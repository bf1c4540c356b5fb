import QtQuick

// Colours and sizes shared by the views; `unit` scales text with the window.
QtObject {
    property real unit: 14
    readonly property color boardGreen: "#1b7f3b"
    readonly property color boardLine: "#0b3d1a"
    readonly property color boardFrame: "#3b2a1a"
    readonly property color blackDisc: "#111111"
    readonly property color whiteDisc: "#f4f4f4"
    readonly property color lastMoveMark: "#e53935"
    readonly property color accent: "#2e6fd8"
    readonly property color analysis: "#b25e00"
    readonly property color panel: "#f6f6f4"
    readonly property color text: "#202020"
    readonly property color mutedText: "#5e5e5e"
    readonly property color error: "#b3261e"
    readonly property color bestMove: "#ffd54f"      // best moves on the board
    readonly property color exactValue: "#1e6fd9"    // the graph's exact value
    readonly property color loss: "#c62828"          // discs lost by a move
}
