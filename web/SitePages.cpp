// The HTML of the web archive's pages and the event data scripts (see SitePages.h).
#include "web/SitePages.h"

#include <fmt/core.h>

#include <algorithm>
#include <map>

#include "core/Notation.h"
#include "core/Rules.h"
#include "importers/GameResult.h"
#include "web/Html.h"
#include "web/ProblemPages.h"
#include "web/SitePaths.h"

namespace othello::web {

namespace {

// Crosstables with more players than this are written by round (a Swiss): an N x N table of a
// 100-player open is too wide to read and mostly empty.
constexpr std::size_t kMaxMatrixPlayers = 24;

// The options of the event page being written (eventPage sets it): their playerId links
// names to player pages. Pages are written by one thread at a time per Site; thread_local
// keeps two Sites on two threads apart.
thread_local const SiteOptions* tPageOptions = nullptr;

std::string nameOrUnknown(const std::string& name) {
    const std::string text = escapeHtml(name.empty() ? std::string("?") : name);
    if (name.empty() || !tPageOptions || !tPageOptions->playerId) return text;
    const auto id = tPageOptions->playerId(name);
    return id ? fmt::format("<a class=\"player\" href=\"../{}\">{}</a>", playerPath(*id), text)
              : text;
}

std::string pointsText(int points2) {
    return points2 % 2 ? (points2 == 1 ? std::string("½") : fmt::format("{}½", points2 / 2))
                       : std::to_string(points2 / 2);
}

std::string halfText(std::int64_t twice) {
    return twice % 2 ? fmt::format("{}.5", twice / 2) : std::to_string(twice / 2);
}

// "1", "½", "0" or "*" for one game of a player, with the class that colours it.
std::pair<std::string, const char*> resultMark(const storage::PlayerResult& r) {
    if (r.how == storage::GameScoring::Unknown) return {"*", "unscored"};
    if (r.points2 == 2) return {"1", "win"};
    if (r.points2 == 1) return {"½", "draw"};
    return {"0", "loss"};
}

std::string gameHref(std::int64_t eventId, std::int64_t gameId) {
    return escapeHtml("../" + gameLink(eventId, gameId));
}

// The round a game is listed under: as the source writes it, else the round from file order.
std::string roundText(const storage::Tournament& t, const storage::Standings* st, std::size_t i) {
    if (!t.games[i].round.empty()) return t.games[i].round;
    if (st && i < st->gameStages.size() && st->gameStages[i] != storage::Stage::Swiss)
        return st->gameStages[i] == storage::Stage::Final ? "final" : "play-off";
    if (st && st->roundsFrom == storage::RoundsFrom::FileOrder && i < st->gameRounds.size() &&
        st->gameRounds[i] > 0)
        return std::to_string(st->gameRounds[i]);
    return "";
}

// `part`: "" for the event's one table, else the scoring's ("discs", "empties") when the event
// mixes scoring rules (one table each): it names the heading and its anchor.
std::string partHeading(const char* id, const char* title, const std::string& part) {
    if (part.empty()) return fmt::format("<h2 id=\"{}\">{}</h2>\n", id, title);
    return fmt::format("<h2 id=\"{}-{}\">{} ({})</h2>\n", id, part, title, part);
}

std::string standingsTable(const storage::Standings& st, const std::string& part = "") {
    std::string s =
        partHeading("standings", "Standings", part) +
        "<div class=\"scroll\"><table class=\"standings\">"
        "<thead><tr><th>#</th><th class=\"name\">Player</th><th title=\"Points: win 1, draw "
        "½\">Pts</th><th title=\"Brightwell quotient\">BQ</th><th>Discs</th><th>Games</th>"
        "<th>W</th><th>D</th><th>L</th></tr></thead>\n<tbody>\n";
    for (std::size_t i = 0; i < st.players.size(); ++i) {
        const auto& p = st.players[i];
        const bool tied = (i > 0 && st.players[i - 1].rank == p.rank) ||
                          (i + 1 < st.players.size() && st.players[i + 1].rank == p.rank);
        std::string notes;
        // "(w)" as `othello-db event` marks it; the round in the title when known.
        if (p.withdrawn)
            notes += p.withdrewAfterRound
                         ? fmt::format(
                               " <span class=\"note\" title=\"withdrew after round "
                               "{}\">(w)</span>",
                               p.withdrewAfterRound)
                         : std::string(" <span class=\"note\" title=\"withdrew\">(w)</span>");
        if (p.byes)
            notes += fmt::format(" <span class=\"note\">({} bye{})</span>", p.byes,
                                 p.byes > 1 ? "s" : "");
        if (p.unscored)
            notes += fmt::format(" <span class=\"note\">({} unscored)</span>", p.unscored);
        s += fmt::format(
            "<tr><td>{}{}</td><td class=\"name\">{}{}</td><td class=\"pts\">{}</td><td>{}</td>"
            "<td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
            tied ? "=" : "", p.rank, nameOrUnknown(p.player), notes, pointsText(p.points2),
            halfText(p.brightwell2), p.discs, p.games, p.wins, p.draws, p.losses);
    }
    s += fmt::format(
        "</tbody></table></div>\n<p class=\"legend\">Ranked by points (win 1, draw ½), then the "
        "Brightwell quotient (discs plus {} × the opponents' points), then discs.",
        st.brightwellConstant);
    const bool anyWithdrawn = std::any_of(st.players.begin(), st.players.end(),
                                          [](const auto& p) { return p.withdrawn; });
    if (anyWithdrawn)
        s += fmt::format(
            " (w) withdrew: each game against a withdrawn player counts 32 + {} × the player's "
            "own points in the quotient, as a bye does.",
            st.brightwellConstant);
    s += "</p>\n";
    return s;
}

// Rows in rank order, one column per opponent: each game between the two a link.
std::string matrixCrosstable(std::int64_t eventId, const storage::Standings& st,
                             const std::string& part = "") {
    const std::size_t n = st.players.size();
    std::string s = partHeading("crosstable", "Crosstable", part) +
                    "<div class=\"scroll\"><table "
                    "class=\"crosstable\"><thead><tr><th>#</th><th class=\"name\">Player</th>";
    for (std::size_t j = 0; j < n; ++j)
        s += fmt::format("<th title=\"{}\">{}</th>", nameOrUnknown(st.players[j].player), j + 1);
    s += "<th>Pts</th></tr></thead>\n<tbody>\n";
    for (std::size_t i = 0; i < n; ++i) {
        const auto& p = st.players[i];
        std::vector<std::string> cells(n);
        for (const auto& r : p.results) {
            if (r.opponent < 0) continue;  // a bye: in the points, not against anyone
            const auto [mark, cls] = resultMark(r);
            const auto& opp = st.players[static_cast<std::size_t>(r.opponent)];
            const std::string title =
                fmt::format("{}{} ({}) {}-{} {}", r.round ? fmt::format("Round {}: ", r.round) : "",
                            p.player.empty() ? "?" : p.player, r.black ? "Black" : "White", r.discs,
                            r.opponentDiscs, opp.player.empty() ? "?" : opp.player);
            std::string& cell = cells[static_cast<std::size_t>(r.opponent)];
            cell += fmt::format("<a class=\"{}\" href=\"{}\" title=\"{}\">{}</a>", cls,
                                gameHref(eventId, r.game), escapeHtml(title), mark);
        }
        s += fmt::format("<tr><td>{}</td><td class=\"name\">{}</td>", i + 1,
                         nameOrUnknown(p.player));
        for (std::size_t j = 0; j < n; ++j)
            s += i == j ? std::string("<td class=\"self\"></td>")
                        : fmt::format("<td class=\"cell\">{}</td>", cells[j]);
        s += fmt::format("<td class=\"pts\">{}</td></tr>\n", pointsText(p.points2));
    }
    s += "</tbody></table></div>\n<p class=\"legend\">Each cell: the row player's result "
         "against the column player (1 win, ½ draw, 0 loss, * unfinished without a result); "
         "click it to replay the game.</p>\n";
    return s;
}

// A Swiss: one column per round (or per game when the rounds are unknown), each cell the
// opponent's rank, the colour and the result, linked to the game.
std::string roundCrosstable(std::int64_t eventId, const storage::Standings& st,
                            const std::string& part = "") {
    const bool known = st.roundsFrom != storage::RoundsFrom::Estimated;
    std::size_t columns = known ? static_cast<std::size_t>(st.rounds) : 0;
    if (!known)
        for (const auto& p : st.players) columns = std::max(columns, p.results.size());
    std::string s =
        partHeading("crosstable", "Crosstable", part) +
        "<div class=\"scroll\"><table "
        "class=\"crosstable rounds\"><thead><tr><th>#</th><th class=\"name\">Player</th>";
    for (std::size_t c = 1; c <= columns; ++c)
        s += fmt::format("<th>{}{}</th>", known ? "R" : "G", c);
    s += "<th>Pts</th></tr></thead>\n<tbody>\n";
    for (std::size_t i = 0; i < st.players.size(); ++i) {
        const auto& p = st.players[i];
        std::vector<std::string> cells(columns + 1);
        for (std::size_t k = 0; k < p.results.size(); ++k) {
            const auto& r = p.results[k];
            const std::size_t column = known ? static_cast<std::size_t>(r.round) : k + 1;
            if (column >= cells.size()) continue;
            const char* cls = resultMark(r).second;
            // As `othello-db event` prints it: "12b+40", "3w-20", "5b=32", "7w*", "bye+32".
            const char sign = r.how == storage::GameScoring::Unknown ? '*'
                              : r.points2 == 2                       ? '+'
                              : r.points2 == 1                       ? '='
                                                                     : '-';
            const std::string discs =
                r.how == storage::GameScoring::Unknown ? "" : std::to_string(r.discs);
            const std::string text = r.opponent < 0 ? fmt::format("bye{}{}", sign, discs)
                                                    : fmt::format("{}{}{}{}", r.opponent + 1,
                                                                  r.black ? 'b' : 'w', sign, discs);
            cells[column] += fmt::format("<a class=\"{}\" href=\"{}\">{}</a>", cls,
                                         gameHref(eventId, r.game), escapeHtml(text));
        }
        s += fmt::format("<tr><td>{}</td><td class=\"name\">{}</td>", i + 1,
                         nameOrUnknown(p.player));
        for (std::size_t c = 1; c <= columns; ++c)
            s += fmt::format("<td class=\"cell\">{}</td>", cells[c]);
        s += fmt::format("<td class=\"pts\">{}</td></tr>\n", pointsText(p.points2));
    }
    s += fmt::format(
        "</tbody></table></div>\n<p class=\"legend\">Each cell: the opponent's rank, b/w the "
        "colour played, + win, = draw, - loss, * unfinished without a result, and the "
        "discs credited{}.</p>\n",
        known ? "" : "; the source gives no rounds, so games are in file order");
    return s;
}

// The games played apart from the Swiss (play-offs, finals): never in the standings.
std::string stageTable(std::int64_t eventId, const storage::Standings& st) {
    if (st.stageGames.empty()) return "";
    std::string s =
        "<h2 id=\"stages\">Play-offs and finals</h2>\n<p class=\"legend\">Played apart from "
        "the Swiss: not counted in the standings.</p>\n<div class=\"scroll\"><table "
        "class=\"games stages\"><thead><tr><th>Stage</th><th>Round</th><th "
        "class=\"name\">Black</th><th>Result</th><th class=\"name\">White</th><th></th></tr>"
        "</thead>\n<tbody>\n";
    for (const storage::StageGame& g : st.stageGames) {
        const std::string href = gameHref(eventId, g.game);
        s += fmt::format(
            "<tr><td>{}</td><td>{}</td><td class=\"name\">{}</td><td class=\"result\"><a "
            "href=\"{}\">{}</a></td><td class=\"name\">{}</td><td><a href=\"{}\">replay</a>"
            "</td></tr>\n",
            g.stage == storage::Stage::Final ? "final" : "play-off", escapeHtml(g.round),
            nameOrUnknown(g.black), href, escapeHtml(g.resultText), nameOrUnknown(g.white), href);
    }
    return s + "</tbody></table></div>\n";
}

std::string standingsAndCrosstable(std::int64_t eventId, const storage::Standings& st,
                                   const std::string& part) {
    return standingsTable(st, part) + (st.players.size() <= kMaxMatrixPlayers
                                           ? matrixCrosstable(eventId, st, part)
                                           : roundCrosstable(eventId, st, part));
}

// A game under other rules than Othello's is marked in the list (its code: "reversi",
// "othello+handicap-a1h8-white+white-first"), the rules in words on hover.
std::string rulesMark(const core::Rules& rules) {
    if (rules.playsAsOthello()) return "";
    return fmt::format(" <span class=\"rules\" title=\"{}\">{}</span>",
                       escapeHtml(core::rulesDescription(rules)),
                       escapeHtml(core::rulesCode(rules)));
}

std::string gamesTable(const storage::Tournament& t, const storage::Standings* st) {
    const std::int64_t id = t.summary.id;
    std::string s = fmt::format(
        "<h2 id=\"games\">Games</h2>\n<div class=\"scroll\"><table class=\"games\"><thead><tr>"
        "<th>No.</th><th>Round</th><th class=\"name\">Black</th><th>Result</th>"
        "<th class=\"name\">White</th><th></th></tr></thead>\n<tbody>\n");
    for (std::size_t i = 0; i < t.games.size(); ++i) {
        const auto& g = t.games[i];
        const std::string href = gameHref(id, g.id);
        s += fmt::format(
            "<tr><td>{}</td><td>{}</td><td class=\"name\">{}</td><td class=\"result\"><a "
            "href=\"{}\">{}</a></td><td class=\"name\">{}</td><td><a href=\"{}\">replay</a>"
            "</td></tr>\n",
            i + 1, escapeHtml(roundText(t, st, i)), nameOrUnknown(g.black), href,
            escapeHtml(g.resultText) + rulesMark(g.rules), nameOrUnknown(g.white), href);
    }
    s += "</tbody></table></div>\n";
    return s;
}

}  // namespace

// The page's head, header and the start of <main>; `prefix` leads from the page to the site's
// root ("" or "../").
std::string pageStart(const SiteOptions& o, const std::string& title, const std::string& prefix,
                      const std::string& bodyClass) {
    std::string s = fmt::format(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        "<title>{}</title>\n<link rel=\"stylesheet\" href=\"{}assets/style.css\">\n</head>\n"
        "<body class=\"{}\">\n<header class=\"site\"><a class=\"brand\" href=\"{}index.html\">{}"
        "</a><nav><a href=\"{}index.html\">Events</a>",
        escapeHtml(title == o.title ? title : title + " · " + o.title), prefix, bodyClass, prefix,
        escapeHtml(o.title), prefix);
    if (o.served) s += fmt::format("<a href=\"{}search.html\">Search</a>", prefix);
    s += "</nav></header>\n<main>\n";
    return s;
}

std::string pageEnd(const std::string& scripts) {
    return "</main>\n<footer class=\"site\">Published with othello-db</footer>\n" + scripts +
           "</body>\n</html>\n";
}

std::string eventTitle(const storage::TournamentSummary& t) {
    const std::string name = t.name.empty() ? std::string("Games without an event") : t.name;
    return t.year ? fmt::format("{} {}", name, t.year) : name;
}

std::string winnerOf(const storage::Standings& standings) {
    std::string s;
    for (const auto& p : standings.players) {
        if (p.rank != 1 || p.points2 == 0) break;
        s += (s.empty() ? "" : ", ") + (p.player.empty() ? std::string("?") : p.player);
    }
    return s;
}

std::string indexPage(const SiteOptions& o, const IndexPageInput& in) {
    std::string s = pageStart(o, o.title, "", "index");
    s += fmt::format("<h1>{}</h1>\n<p class=\"meta\">{} events, {} games.</p>\n",
                     escapeHtml(o.title), in.events, in.games);
    if (!in.years.empty()) {
        s += "<nav class=\"years\" aria-label=\"Years\">";
        for (const auto& [year, page] : in.years)
            s += fmt::format("<a href=\"{}#y{}\">{}</a>", indexPath(page), year,
                             year ? std::to_string(year) : std::string("?"));
        s += "</nav>\n";
    }
    std::string pager;
    if (in.pages > 1) {
        pager = "<nav class=\"pager\" aria-label=\"Pages\">";
        if (in.page > 1)
            pager += fmt::format("<a rel=\"prev\" href=\"{}\">« Newer</a>", indexPath(in.page - 1));
        for (std::int64_t p = 1; p <= in.pages; ++p)
            pager += p == in.page ? fmt::format("<span class=\"current\">{}</span>", p)
                                  : fmt::format("<a href=\"{}\">{}</a>", indexPath(p), p);
        if (in.page < in.pages)
            pager += fmt::format("<a rel=\"next\" href=\"{}\">Older »</a>", indexPath(in.page + 1));
        pager += "</nav>\n";
    }
    s += problemSetsSection(in.problemSets);
    s += pager;
    s += "<div class=\"scroll\"><table class=\"events\"><thead><tr><th>Year</th><th "
         "class=\"name\">Event</th><th>Games</th><th>Players</th><th class=\"name\">Winner</th>"
         "</tr></thead>\n<tbody>\n";
    int lastYear = -1;
    for (const auto& e : in.entries) {
        const auto& t = e.summary;
        std::string anchor;
        if (t.year != lastYear) anchor = fmt::format(" id=\"y{}\"", t.year);
        lastYear = t.year;
        const std::string winner =
            t.isTournament
                ? nameOrUnknown(e.winner.empty() ? std::string("—") : e.winner)
                : fmt::format("<span class=\"collection\" title=\"{}\">not a tournament</span>",
                              escapeHtml(t.notTournamentReason));
        s += fmt::format(
            "<tr{}><td>{}</td><td class=\"name\"><a href=\"{}\">{}</a></td><td>{}</td>"
            "<td>{}</td><td class=\"name\">{}</td></tr>\n",
            anchor, t.year ? std::to_string(t.year) : std::string("?"), eventPath(t.id),
            escapeHtml(t.name.empty() ? std::string("Games without an event") : t.name), t.games,
            t.players, winner);
    }
    s += "</tbody></table></div>\n" + pager;
    return s + pageEnd();
}

std::string eventPage(const SiteOptions& o, const storage::Tournament& t,
                      const storage::Standings* st) {
    const auto& sum = t.summary;
    const std::string title = eventTitle(sum);
    // Names link to player pages while this page is written.
    struct LinkScope {
        explicit LinkScope(const SiteOptions* o) { tPageOptions = o; }
        ~LinkScope() { tPageOptions = nullptr; }
    } links(&o);
    std::string s = pageStart(o, title, "../", "event");
    s += fmt::format("<h1>{}</h1>\n<p class=\"meta\">{} game{}, {} player{}", escapeHtml(title),
                     t.games.size(), t.games.size() == 1 ? "" : "s", sum.players,
                     sum.players == 1 ? "" : "s");
    if (st) {
        if (st->roundsFrom != storage::RoundsFrom::Estimated)
            s += fmt::format(", {} round{}", st->rounds, st->rounds == 1 ? "" : "s");
        else
            s += "; the source gives no rounds, so results are in file order";
        s += ".</p>\n";
        // What is stated, what is the source's and what is guessed, as `othello-db event`
        // says it (storage::structureNotes).
        s += "<ul class=\"structure\">";
        for (const std::string& note : storage::structureNotes(*st, sum.id))
            s += "<li>" + escapeHtml(note) + "</li>";
        s += "</ul>\n";
    } else {
        s += fmt::format(
            ".</p>\n<p class=\"collection\">Not a tournament ({}): no standings, "
            "only the games.</p>\n",
            escapeHtml(sum.notTournamentReason));
    }
    if (sum.eventNames.size() > 1) {
        std::string names;
        for (const auto& n : sum.eventNames)
            names += (names.empty() ? "" : ", ") + ("“" + escapeHtml(n) + "”");
        s += "<p class=\"meta\">Recorded as " + names + ".</p>\n";
    }
    if (st) {
        const std::vector<storage::ScoringTable> tables = storage::splitByScoring(t);
        if (tables.empty()) s += standingsAndCrosstable(sum.id, *st, "");
        // Scored by different rules (empties to the winner, discs on the board): one table
        // each, never one Brightwell sum over both (storage/tournaments/Standings.h).
        if (!tables.empty())
            s += "<p class=\"meta scoring\">Games scored by different rules: one table per "
                 "scoring, never one sum over both.</p>\n";
        for (const storage::ScoringTable& table : tables) {
            const bool discs = table.scoring == core::Scoring::Discs;
            s += fmt::format("<p class=\"meta\">Scored by {}: {} games.</p>\n",
                             storage::scoringName(table.scoring), table.tournament.games.size());
            s += standingsAndCrosstable(sum.id, storage::computeStandings(table.tournament),
                                        discs ? "discs" : "empties");
        }
        s += stageTable(sum.id, *st);
    }
    s += gamesTable(t, st);
    return s + pageEnd();
}

std::string eventDataScript(const storage::Tournament& t,
                            const std::vector<storage::StoredGame>& games,
                            const storage::Standings* st, const SiteOptions* options) {
    nlohmann::json j;
    j["id"] = t.summary.id;
    j["title"] = eventTitle(t.summary);
    j["page"] = eventPath(t.summary.id);
    j["tournament"] = t.summary.isTournament;
    nlohmann::json list = nlohmann::json::array();
    for (std::size_t i = 0; i < games.size(); ++i) {
        const auto& g = games[i];
        const auto& r = g.record;
        // Two characters a ply ("pa" a pass), a one-line move that had a choice five ("c4>e6").
        std::string moves;
        moves.reserve(r.moves.size() * 2);
        for (const int m : r.moves)
            moves += m == core::kPass ? std::string("pa") : core::moveName(m);
        nlohmann::json gj{{"id", g.id},
                          {"black", r.black},
                          {"white", r.white},
                          {"round", i < t.games.size() ? roundText(t, st, i) : std::string()},
                          {"result", importers::resultText(r)},
                          {"date", r.date},
                          {"place", r.place},
                          {"opening", g.opening},
                          {"moves", moves}};
        // The players' pages (game.js links the names there).
        if (options && options->playerId) {
            if (const auto id = options->playerId(r.black)) gj["black_page"] = playerPath(*id);
            if (const auto id = options->playerId(r.white)) gj["white_page"] = playerPath(*id);
        }
        // A handicap or other start: 64 squares X/O/- from a1 and the side to move.
        if (!r.standardStart) gj["start"] = core::boardStringWithSide(r.start);
        const std::string variant = importers::variantLabel(r.variant);
        if (!variant.empty()) gj["variant"] = variant;
        // Other rules than Othello's (a board of its own is no other rule): the code and its
        // words, and what game.js needs to replay them (the placements, one line flipping).
        if (!r.rules.playsAsOthello()) {
            gj["rules"] = core::rulesCode(r.rules);
            gj["rules_text"] = core::rulesDescription(r.rules);
            if (r.rules.start == core::Start::Placements) gj["placements"] = true;
            if (r.rules.flipping == core::Flipping::OneLine) gj["one_line"] = true;
        }
        list.push_back(std::move(gj));
    }
    j["games"] = std::move(list);
    return "(window.OthelloArchive = window.OthelloArchive || {events: {}}).events[" +
           std::to_string(t.summary.id) + "] = " + jsonForScript(j) + ";\n";
}

std::string gamePage(const SiteOptions& o) {
    std::string s = pageStart(o, "Game", "", "game");
    s += R"HTML(<h1 id="game-title">Game</h1>
<p class="meta" id="game-meta"></p>
<noscript><p class="error">The board needs JavaScript.</p></noscript>
<p class="error" id="game-error" hidden></p>
<div class="game-layout" id="game-layout" hidden>
<section class="board-column">
<div class="player black" id="player-black"><span class="disc-icon black"></span><span class="who"></span><span class="count"></span></div>
<div class="board-frame"><div class="board" id="board" aria-label="Board"></div></div>
<div class="player white" id="player-white"><span class="disc-icon white"></span><span class="who"></span><span class="count"></span></div>
<div class="controls">
<button type="button" id="btn-start" title="Start (Home)" aria-label="Start">|◀</button>
<button type="button" id="btn-back" title="Back (Left arrow)" aria-label="Back">◀</button>
<span class="ply" id="ply-label"></span>
<button type="button" id="btn-forward" title="Forward (Right arrow)" aria-label="Forward">▶</button>
<button type="button" id="btn-end" title="End (End)" aria-label="End">▶|</button>
</div>
<p class="status" id="status"></p>
<figure class="graph"><div id="graph"></div><figcaption>Disc difference after each move (Black above, White below); click to jump.</figcaption></figure>
</section>
<section class="moves-column">
<h2>Moves</h2>
<div class="moves" id="moves"></div>
<p class="result" id="result"></p>
<nav class="game-nav" id="game-nav"></nav>
<p class="keys">Keys: ← → step, Home / End, Page Up / Page Down ten moves.</p>
</section>
</div>
)HTML";
    return s + pageEnd("<script src=\"assets/game.js\"></script>\n");
}

}  // namespace othello::web
