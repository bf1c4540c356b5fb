import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Othello.Viewer

// The Players tab: a player's page (PlayerModel.h; what `othello-db player` prints): results
// by colour, the archive rating drawn as a graph, games by year, events with the final rank,
// best results, the openings chosen and the replies met, where the games left the archive's
// most played line, the cached analysis with its coverage, and the head-to-head against
// another player. A name naming no one player lists the candidates (never a guess). Rows with
// a game open it on the board; an event opens in the Events tab. The page takes the whole
// window (ViewerPane hides the board while it shows).
Item {
    id: root
    required property ArchiveClient archive
    property Theme theme: Theme {}
    readonly property PlayerModel model: archive.players
    readonly property var page: model.page
    // Read from the page itself (not model.hasPlayer): bindings then never see a flag and a
    // page of different loads.
    readonly property bool has: page !== undefined && page.player !== undefined
    readonly property bool showingPlayer: has || model.candidates.length > 0
    signal gameRequested(double id)

    function openPlayer(name, vs) {
        nameField.text = name
        vsField.text = vs === undefined ? "" : vs
        model.load(name, vsField.text)
    }
    function pct(x) { return Number(x).toFixed(1) + "%" }
    function signedText(x) { return (x > 0 ? "+" : "") + Number(x).toFixed(1) }
    function recordRow(label, r) {
        return [label, String(r.games), String(r.wins), String(r.draws), String(r.losses),
                pct(r.score_percent), signedText(r.average_margin)]
    }
    function gameText(g) {
        return (g.colour === "black" ? qsTr("as Black vs ") : qsTr("as White vs ")) + g.opponent
    }
    function lineRows(lines, limit) {
        var out = []
        for (var i = 0; i < lines.length && i < limit; ++i) {
            var l = lines[i]
            out.push([l.name, String(l.games), l.wins + "-" + l.draws + "-" + l.losses,
                      pct(l.score_percent), "#" + l.last.id + " " + l.last.year])
        }
        return out
    }
    function lineGames(lines, limit) {
        var out = []
        for (var i = 0; i < lines.length && i < limit; ++i) out.push(lines[i].last.id)
        return out
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: root.theme.unit * 0.4
        RowLayout {
            Layout.fillWidth: true
            spacing: root.theme.unit * 0.4
            TextField {
                id: nameField
                objectName: "playerNameField"
                Layout.preferredWidth: root.theme.unit * 16
                placeholderText: qsTr("Player: a name, an old spelling or #id")
                font.pixelSize: root.theme.unit * 0.9
                onAccepted: root.model.load(text, vsField.text)
            }
            TextField {
                id: vsField
                objectName: "playerVsField"
                Layout.preferredWidth: root.theme.unit * 12
                placeholderText: qsTr("Against (head-to-head)")
                font.pixelSize: root.theme.unit * 0.9
                onAccepted: root.model.load(nameField.text, text)
            }
            Button {
                text: qsTr("Show")
                font.pixelSize: root.theme.unit * 0.9
                onClicked: root.model.load(nameField.text, vsField.text)
            }
            BusyIndicator {
                running: root.model.loading
                visible: running
                Layout.preferredHeight: root.theme.unit * 1.6
                Layout.preferredWidth: root.theme.unit * 1.6
            }
            Label {
                Layout.fillWidth: true
                text: root.model.errorText
                color: root.theme.error
                elide: Text.ElideRight
                font.pixelSize: root.theme.unit * 0.85
            }
        }
        // Candidates: a name that names no one player.
        Flow {
            Layout.fillWidth: true
            visible: !root.has && root.model.candidates.length > 0
            spacing: root.theme.unit * 0.3
            Repeater {
                model: root.model.candidates
                Button {
                    text: modelData.name + " (#" + modelData.id + ", " + modelData.games + ")"
                    font.pixelSize: root.theme.unit * 0.8
                    onClicked: root.openPlayer("#" + modelData.id, vsField.text)
                }
            }
        }
        Label {
            visible: !root.showingPlayer && !root.model.loading && root.model.errorText === ""
            text: qsTr("Type a player's name (or click a name in the game's header).")
            color: root.theme.mutedText
            font.pixelSize: root.theme.unit * 0.9
        }
        ScrollView {
            id: scroll
            objectName: "playerPage"
            Layout.fillWidth: true
            Layout.fillHeight: true
            visible: root.has
            clip: true
            contentWidth: availableWidth
            Column {
                width: scroll.availableWidth
                spacing: root.theme.unit * 0.6
                Label {
                    objectName: "playerTitle"
                    text: root.has
                          ? qsTr("%1 (player #%2): %3 games, %4–%5").arg(root.page.player.name)
                                .arg(root.page.player.id).arg(root.page.player.games)
                                .arg(root.page.first_year).arg(root.page.last_year)
                          : ""
                    font.pixelSize: root.theme.unit * 1.3
                    font.bold: true
                    color: root.theme.text
                }
                Label {
                    width: parent.width
                    wrapMode: Text.Wrap
                    font.pixelSize: root.theme.unit * 0.8
                    color: root.theme.mutedText
                    text: {
                        if (!root.has) return ""
                        var s = root.page.spellings, parts = []
                        for (var i = 0; i < s.length; ++i) parts.push("“" + s[i].name + "” (change " + s[i].change + ")")
                        var spell = parts.length ? qsTr("Also spelled (merged by rename-player): ") + parts.join(", ") + ". "
                                                 : qsTr("No spelling merged into this name. ")
                        var country = root.page.country ? qsTr("Country: ") + root.page.country
                                                        : qsTr("Country: not given: ") + root.page.country_note
                        return spell + country
                    }
                }
                Row {
                    spacing: root.theme.unit * 1.5
                    PlayerTable {
                        theme: root.theme
                        title: qsTr("Results")
                        headers: [qsTr("as"), qsTr("games"), qsTr("wins"), qsTr("draws"), qsTr("losses"), qsTr("score"), qsTr("margin")]
                        widths: [5, 3.5, 3, 3, 3.5, 4, 4]
                        rows: root.has
                              ? [root.recordRow(qsTr("Black"), root.page.results.black),
                                 root.recordRow(qsTr("White"), root.page.results.white),
                                 root.recordRow(qsTr("total"), root.page.results.total)] : []
                    }
                    RatingGraph {
                        objectName: "ratingGraph"
                        theme: root.theme
                        width: Math.max(root.theme.unit * 20, scroll.availableWidth - root.theme.unit * 28)
                        height: root.theme.unit * 11
                        points: root.has ? root.page.rating.points : []
                        pending: root.has && root.page.rating.pending === true
                    }
                }
                Row {
                    spacing: root.theme.unit * 1.5
                    PlayerTable {
                        theme: root.theme
                        title: qsTr("Openings chosen as Black")
                        headers: [qsTr("opening"), qsTr("games"), qsTr("W-D-L"), qsTr("score"), qsTr("last game")]
                        widths: [9, 3.2, 5, 3.8, 7.6]
                        rows: root.has ? root.lineRows(root.page.openings.black, 8) : []
                        games: root.has ? root.lineGames(root.page.openings.black, 8) : []
                        onGameClicked: (id) => root.gameRequested(id)
                    }
                    PlayerTable {
                        theme: root.theme
                        title: qsTr("Openings chosen as White")
                        headers: [qsTr("opening"), qsTr("games"), qsTr("W-D-L"), qsTr("score"), qsTr("last game")]
                        widths: [9, 3.2, 5, 3.8, 7.6]
                        rows: root.has ? root.lineRows(root.page.openings.white, 8) : []
                        games: root.has ? root.lineGames(root.page.openings.white, 8) : []
                        onGameClicked: (id) => root.gameRequested(id)
                    }
                }
                Row {
                    spacing: root.theme.unit * 1.5
                    PlayerTable {
                        theme: root.theme
                        title: qsTr("Replies met as Black")
                        headers: [qsTr("opening"), qsTr("games"), qsTr("W-D-L"), qsTr("score"), qsTr("last game")]
                        widths: [9, 3.2, 5, 3.8, 7.6]
                        rows: root.has ? root.lineRows(root.page.replies.black, 6) : []
                        games: root.has ? root.lineGames(root.page.replies.black, 6) : []
                        onGameClicked: (id) => root.gameRequested(id)
                    }
                    PlayerTable {
                        theme: root.theme
                        title: qsTr("Replies met as White")
                        headers: [qsTr("opening"), qsTr("games"), qsTr("W-D-L"), qsTr("score"), qsTr("last game")]
                        widths: [9, 3.2, 5, 3.8, 7.6]
                        rows: root.has ? root.lineRows(root.page.replies.white, 6) : []
                        games: root.has ? root.lineGames(root.page.replies.white, 6) : []
                        onGameClicked: (id) => root.gameRequested(id)
                    }
                }
                Label {
                    width: parent.width
                    wrapMode: Text.Wrap
                    font.pixelSize: root.theme.unit * 0.85
                    color: root.theme.text
                    text: root.has
                          ? qsTr("Leaving the archive's most played line: %1 games, on average at move %2; the player left it first in %3 of them.")
                                .arg(root.page.departures.games).arg(root.page.departures.average_move)
                                .arg(root.page.departures.by_player)
                          : ""
                }
                PlayerTable {
                    theme: root.theme
                    title: qsTr("Where the last games left it")
                    headers: [qsTr("game"), qsTr("move"), qsTr("by"), qsTr("played"), qsTr("most played"), qsTr("games there")]
                    widths: [6, 3.5, 6, 4, 7, 6]
                    readonly property var last: {
                        if (!root.has) return []
                        var l = root.page.departures.list
                        return l.slice(Math.max(0, l.length - 8)).reverse()
                    }
                    rows: {
                        var out = []
                        for (var i = 0; i < last.length; ++i)
                            out.push(["#" + last[i].game, String(last[i].move_number),
                                      last[i].by_player ? qsTr("the player") : qsTr("the opponent"),
                                      last[i].move, (last[i].main_move || "?") + " (" + last[i].main_games + ")",
                                      String(last[i].position_games)])
                        return out
                    }
                    games: {
                        var out = []
                        for (var i = 0; i < last.length; ++i) out.push(last[i].game)
                        return out
                    }
                    onGameClicked: (id) => root.gameRequested(id)
                }
                PlayerTable {
                    objectName: "analysisTable"
                    theme: root.theme
                    title: root.has
                           ? qsTr("Analysis (%1): discs lost per move by phase").arg(root.page.analysis.coverage) : ""
                    headers: [qsTr("phase"), qsTr("moves"), qsTr("discs lost"), qsTr("per move"), qsTr("games")]
                    widths: [6, 4, 5, 4.5, 4]
                    rows: {
                        if (!root.has || root.page.analysis.games_analysed === 0) return []
                        var out = [], ph = root.page.analysis.phases
                        for (var i = 0; i < ph.length; ++i)
                            out.push([ph[i].phase, String(ph[i].moves), String(ph[i].discs_lost),
                                      Number(ph[i].average).toFixed(2), String(ph[i].games)])
                        return out
                    }
                }
                PlayerTable {
                    visible: root.has && root.page.analysis.mistakes.length > 0
                    theme: root.theme
                    title: qsTr("Biggest mistakes")
                    headers: [qsTr("game"), qsTr("move"), qsTr("played"), qsTr("best"), qsTr("lost")]
                    widths: [22, 3.5, 4, 4, 4]
                    rows: {
                        if (!root.has) return []
                        var out = [], m = root.page.analysis.mistakes
                        for (var i = 0; i < m.length; ++i)
                            out.push(["#" + m[i].id + " " + m[i].year + " " + root.gameText(m[i]),
                                      String(m[i].move_number), m[i].move, m[i].best_move || "?",
                                      "−" + m[i].loss])
                        return out
                    }
                    games: {
                        var out = []
                        if (root.has)
                            for (var i = 0; i < root.page.analysis.mistakes.length; ++i) out.push(root.page.analysis.mistakes[i].id)
                        return out
                    }
                    onGameClicked: (id) => root.gameRequested(id)
                }
                Row {
                    spacing: root.theme.unit * 1.5
                    PlayerTable {
                        objectName: "eventsTable"
                        theme: root.theme
                        title: root.has ? qsTr("Events (%1)").arg(root.page.events.length) : ""
                        headers: [qsTr("event"), qsTr("year"), qsTr("games"), qsTr("score"), qsTr("rank")]
                        widths: [13, 3.2, 3.5, 4, 6]
                        rows: {
                            if (!root.has) return []
                            var out = [], e = root.page.events
                            for (var i = e.length - 1; i >= 0; --i)
                                out.push([e[i].name, String(e[i].year), String(e[i].games), root.pct(e[i].score_percent),
                                          e[i].rank ? e[i].rank + " / " + e[i].players : (e[i].is_tournament ? "—" : qsTr("collection"))])
                            return out
                        }
                    }
                    PlayerTable {
                        theme: root.theme
                        title: qsTr("Games by year")
                        headers: [qsTr("year"), qsTr("games"), qsTr("W-D-L"), qsTr("score")]
                        widths: [3.5, 3.5, 6, 4]
                        rows: {
                            if (!root.has) return []
                            var out = [], y = root.page.years
                            for (var i = y.length - 1; i >= 0; --i)
                                out.push([String(y[i].year), String(y[i].games),
                                          y[i].wins + "-" + y[i].draws + "-" + y[i].losses, root.pct(y[i].score_percent)])
                            return out
                        }
                    }
                    PlayerTable {
                        theme: root.theme
                        title: qsTr("Best results")
                        headers: [qsTr("game"), qsTr("result")]
                        widths: [20, 5]
                        rows: {
                            if (!root.has) return []
                            var out = [], b = root.page.best
                            for (var i = 0; i < b.length; ++i)
                                out.push(["#" + b[i].id + " " + b[i].year + " " + root.gameText(b[i]),
                                          b[i].discs + "-" + b[i].opponent_discs])
                            return out
                        }
                        games: {
                            var out = []
                            if (root.has)
                                for (var i = 0; i < root.page.best.length; ++i) out.push(root.page.best[i].id)
                            return out
                        }
                        onGameClicked: (id) => root.gameRequested(id)
                    }
                }
                PlayerTable {
                    visible: root.has && root.page.vs !== undefined
                    theme: root.theme
                    title: root.has && root.page.vs !== undefined
                           ? qsTr("Head-to-head against %1").arg(root.page.vs.opponent.name) : ""
                    headers: [qsTr("as"), qsTr("games"), qsTr("wins"), qsTr("draws"), qsTr("losses"), qsTr("score"), qsTr("margin")]
                    widths: [5, 3.5, 3, 3, 3.5, 4, 4]
                    rows: root.has && root.page.vs !== undefined
                          ? [root.recordRow(qsTr("Black"), root.page.vs.black),
                             root.recordRow(qsTr("White"), root.page.vs.white),
                             root.recordRow(qsTr("total"), root.page.vs.total)] : []
                }
            }
        }
    }
}
