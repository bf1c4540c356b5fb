import QtQuick
import QtQuick.Controls
import Othello.Viewer

ApplicationWindow {
    id: window
    width: 1280
    height: 800
    minimumWidth: 800
    minimumHeight: 560
    visible: true
    // A game with unsaved edits is marked, as editors do.
    title: (pane.game.modified ? "* " : "")
           + (pane.game.gameId > 0
              ? qsTr("%1 – %2 · Othello archive").arg(pane.game.blackName).arg(pane.game.whiteName)
              : qsTr("Othello archive"))

    // Closing with unsaved edits asks first (ViewerPane.handleClose).
    property bool closeAgreed: false
    onClosing: (close) => {
        if (!closeAgreed) pane.handleClose(close, function() { window.closeAgreed = true; window.close() })
    }

    ViewerPane {
        id: pane
        anchors.fill: parent
        databasePath: AppOptions.databasePath
        gameId: AppOptions.gameId
        ply: AppOptions.ply
        animations: AppOptions.animations
        importPaths: AppOptions.importPaths
        eventId: AppOptions.eventId
        eventWide: AppOptions.eventWide
        playerName: AppOptions.player
        viewedFiles: AppOptions.viewedFiles
        viewNote: AppOptions.viewNote
        viewGames: AppOptions.viewGames
        libraryPath: AppOptions.libraryPath
        Component.onCompleted: {
            tabs.currentIndex = AppOptions.importPaths.length > 0 ? 3 : AppOptions.tab
            if (AppOptions.pattern !== "") searchPanel.showPattern(AppOptions.pattern)
            analysis.maxEmpties = AppOptions.analysisEmpties
            analysis.enabled = AppOptions.analysis
            game.moveList.numbered = AppOptions.numberedMoves
            game.branchMode = AppOptions.branchMode
        }
        Connections {
            target: pane.game.moveList
            function onNumberedChanged() { AppOptions.numberedMoves = pane.game.moveList.numbered }
        }
        Connections {
            target: pane.game
            function onBranchModeChanged() { AppOptions.branchMode = pane.game.branchMode }
        }
    }
}
