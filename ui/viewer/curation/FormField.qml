import QtQuick
import QtQuick.Controls
import Othello.Viewer

// A plain field of the game form: remembers whether the user changed it (the form saves only
// the fields changed of a stored game).
TextField {
    property Theme theme: Theme {}
    property bool dirty: false
    font.pixelSize: theme.unit * 0.95
    selectByMouse: true
    onTextEdited: dirty = true
}
