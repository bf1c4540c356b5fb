import QtQuick
import QtQuick.Controls
import Othello.Viewer

// A text field completing players' or events' names from the archive: typing asks the
// archive worker (CurationController.requestNames, never the UI thread) and a list under the
// field offers the names starting with what was typed (case and accents ignored). Down/Up
// move in the list, Enter or a click takes a name; any other name may be typed as well.
TextField {
    id: field
    required property CurationController curation
    property Theme theme: Theme {}
    property bool events: false
    readonly property var names: events ? curation.eventNames : curation.playerNames
    readonly property alias suggestionsShown: popup.visible
    // The text changed by the user since the form was filled (the form sends only those).
    property bool dirty: false
    font.pixelSize: theme.unit * 0.95
    selectByMouse: true

    onTextEdited: {
        dirty = true
        if (text.trim() !== "") curation.requestNames(events, text.trim())
        else popup.close()
        list.currentIndex = -1
    }
    onNamesChanged: {
        // Only the names that add something to what is typed.
        var offered = []
        for (var i = 0; i < names.length; ++i)
            if (names[i] !== text) offered.push(names[i])
        // A new list keeps the entry chosen with the arrow keys when it still offers it.
        var chosen = list.currentIndex >= 0 && list.model ? list.model[list.currentIndex] : undefined
        list.model = offered
        list.currentIndex = chosen === undefined ? -1 : offered.indexOf(chosen)
        if (activeFocus && offered.length > 0 && text.trim() !== "") popup.open()
        else popup.close()
    }
    onActiveFocusChanged: if (!activeFocus) popup.close()

    function take(name) {
        text = name
        dirty = true
        popup.close()
    }
    // The window's shortcuts (Down steps the game ten moves) would take these keys first;
    // while the list is open they are the list's.
    Keys.onShortcutOverride: (event) => {
        const listKeys = [Qt.Key_Down, Qt.Key_Up, Qt.Key_Return, Qt.Key_Enter, Qt.Key_Escape]
        if (popup.visible && listKeys.indexOf(event.key) >= 0) event.accepted = true
    }
    Keys.onDownPressed: (event) => {
        if (!popup.visible) { event.accepted = false; return }
        list.currentIndex = Math.min(list.count - 1, list.currentIndex + 1)
    }
    Keys.onUpPressed: (event) => {
        if (!popup.visible) { event.accepted = false; return }
        list.currentIndex = Math.max(0, list.currentIndex - 1)
    }
    function takeChosen(event) {
        if (popup.visible && list.currentIndex >= 0) field.take(list.model[list.currentIndex])
        else event.accepted = false
    }
    Keys.onReturnPressed: (event) => takeChosen(event)
    Keys.onEnterPressed: (event) => takeChosen(event)
    Keys.onEscapePressed: (event) => {
        if (popup.visible) popup.close()
        else event.accepted = false
    }

    Popup {
        id: popup
        objectName: "suggestions"
        y: field.height
        width: field.width
        padding: 1
        // The field keeps the keyboard; the list is only clicked.
        focus: false
        closePolicy: Popup.CloseOnPressOutsideParent
        implicitHeight: Math.min(list.contentHeight, field.theme.unit * 12) + 2
        contentItem: ListView {
            id: list
            clip: true
            currentIndex: -1
            implicitHeight: contentHeight
            delegate: ItemDelegate {
                required property int index
                required property string modelData
                objectName: "suggestion_" + index
                width: ListView.view.width
                text: modelData
                font.pixelSize: field.theme.unit * 0.9
                highlighted: ListView.isCurrentItem
                focusPolicy: Qt.NoFocus
                onClicked: field.take(modelData)
            }
        }
    }
}
