// A player's page of the web archive (web/PlayerPage.h).
#include "web/PlayerPage.h"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>

#include "core/Notation.h"
#include "storage/players/PlayerJson.h"  // coverageText
#include "web/Html.h"
#include "web/SitePages.h"
#include "web/SitePaths.h"

namespace othello::web {

namespace {

using storage::PlayerGame;
using storage::PlayerRecord;

std::string pct(double x) {
    return fmt::format("{:.1f}%", x);
}

std::string recordCells(const PlayerRecord& r) {
    return fmt::format("<td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{:+.1f}</td>",
                       r.games, r.wins, r.draws, r.losses, pct(r.scorePercent()),
                       r.averageMargin());
}

std::string recordTable(const char* title, const char* id, const PlayerRecord& black,
                        const PlayerRecord& white, const PlayerRecord& total) {
    return fmt::format(
        "<h2 id=\"{}\">{}</h2>\n<table class=\"player-results\"><thead><tr><th>As</th>"
        "<th>Games</th><th>Wins</th><th>Draws</th><th>Losses</th><th>Score</th>"
        "<th title=\"average disc margin\">Margin</th></tr></thead>\n<tbody>"
        "<tr><td>Black</td>{}</tr><tr><td>White</td>{}</tr><tr><td>Total</td>{}</tr>"
        "</tbody></table>\n",
        id, title, recordCells(black), recordCells(white), recordCells(total));
}

// Writes the page's links to games and events, or plain text for those not published.
struct Links {
    const std::function<bool(std::int64_t)>& published;

    std::string game(const PlayerGame& g, const std::string& text,
                     std::optional<int> ply = std::nullopt) const {
        if (!g.eventId || !published(g.eventId)) return escapeHtml(text);
        return fmt::format("<a href=\"{}\">{}</a>",
                           escapeHtml("../" + gameLink(g.eventId, g.id, ply)), escapeHtml(text));
    }
    std::string event(std::int64_t id, const std::string& text) const {
        if (!id || !published(id)) return escapeHtml(text);
        return fmt::format("<a href=\"../{}\">{}</a>", eventPath(id), escapeHtml(text));
    }
};

std::string gameText(const PlayerGame& g) {
    return fmt::format("#{} {} {} vs {}", g.id, g.year, g.black ? "as Black" : "as White",
                       g.opponent.empty() ? std::string("?") : g.opponent);
}

std::string movesText(const std::vector<int>& moves) {
    std::string s;
    for (const int m : moves) {
        if (!s.empty()) s += ' ';
        s += core::moveName(m);
    }
    return s;
}

std::string linesTable(const char* title, const std::vector<storage::OpeningLine>& lines,
                       const Links& links) {
    std::string s = fmt::format("<h3>{}</h3>\n", title);
    if (lines.empty()) return s + "<p class=\"meta\">None.</p>\n";
    s += "<table class=\"openings\"><thead><tr><th class=\"name\">Opening</th><th>Games</th>"
         "<th>W-D-L</th><th>Score</th><th class=\"name\">Last game</th></tr></thead>\n<tbody>\n";
    for (const auto& l : lines)
        s += fmt::format(
            "<tr><td class=\"name\" title=\"{}\">{}</td><td>{}</td><td>{}-{}-{}</td><td>{}</td>"
            "<td class=\"name\">{}</td></tr>\n",
            escapeHtml(movesText(l.moves)), escapeHtml(l.name), l.record.games, l.record.wins,
            l.record.draws, l.record.losses, pct(l.record.scorePercent()),
            links.game(l.last, gameText(l.last)));
    return s + "</tbody></table>\n";
}

std::string ratingSection(const storage::RatingHistory& rating, const Links& links) {
    std::string s = "<h2 id=\"rating\">Archive rating</h2>\n";
    if (rating.pending)
        s += "<p class=\"meta pending\">Pending: a change to the archive is not rated yet; the "
             "figures below may be out of date.</p>\n";
    if (rating.points.empty() && !rating.pending)
        return s +
               "<p class=\"meta\">Not rated: no rated tournament game (the archive's own "
               "Elo, not a federation's).</p>\n";
    if (rating.points.empty()) return s;
    const auto& last = rating.points.back();
    s += fmt::format(
        "<p class=\"meta\">The archive's own Elo rating, not a federation's: {:.0f} after {} {}, "
        "{} rated games in {} event{}.</p>\n",
        last.after, escapeHtml(last.event), last.year, last.ratedGames, rating.points.size(),
        rating.points.size() == 1 ? "" : "s");
    s += "<figure class=\"rating-graph\">" + ratingSvg(rating) + "</figure>\n";
    s += "<details><summary>Every rated event</summary><table class=\"rating\"><thead><tr>"
         "<th class=\"name\">Event</th><th>Year</th><th>Games</th><th>Score</th>"
         "<th>Before</th><th>After</th></tr></thead>\n<tbody>\n";
    for (const auto& p : rating.points)
        s += fmt::format(
            "<tr><td class=\"name\">{}</td><td>{}</td><td>{}</td><td>{}</td><td>{:.0f}</td>"
            "<td>{:.0f}</td></tr>\n",
            links.event(p.eventId, p.event), p.year, p.games, p.score, p.before, p.after);
    return s + "</tbody></table></details>\n";
}

// Every game's departure, newest first, folded away (a busy player has thousands).
std::string departuresTable(const storage::PlayerProfile& p, const Links& links) {
    if (p.departures.empty()) return "";
    std::string s =
        "<details><summary>Every game</summary><table class=\"departures\"><thead>"
        "<tr><th>Game</th><th>Move</th><th>By</th><th>Played</th><th>Most played</th>"
        "<th>Games there</th></tr></thead>\n<tbody>\n";
    for (auto it = p.departures.rbegin(); it != p.departures.rend(); ++it) {
        const storage::Departure& d = *it;
        PlayerGame g;
        g.id = d.game;
        g.eventId = d.eventId;
        s += fmt::format(
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{} ({})</td><td>{}</td></tr>\n",
            links.game(g, fmt::format("#{}", d.game), d.ply), d.ply + 1,
            d.byPlayer ? "the player" : "the opponent", core::moveName(d.move),
            d.mainMove == core::kNoSquare ? std::string("?") : core::moveName(d.mainMove),
            d.mainGames, d.positionGames);
    }
    return s + "</tbody></table></details>\n";
}

std::string analysisSection(const storage::PlayerAnalysis& a, const Links& links) {
    std::string s = fmt::format("<h2 id=\"analysis\">Analysis</h2>\n<p class=\"meta\">{}.",
                                escapeHtml(storage::coverageText(a)));
    if (a.gamesAnalysed == 0)
        return s + " None of the player's games has a cached review (othello-db analyze).</p>\n";
    s += " Average discs lost per move by phase: the opening to move 20, the midgame, the "
         "last 24 empties.</p>\n<table class=\"phases\"><thead><tr><th>Phase</th><th>Moves</th>"
         "<th>Discs lost</th><th>Per move</th><th>Games</th></tr></thead>\n<tbody>\n";
    for (const auto& p : a.phases)
        s += fmt::format("<tr><td>{}</td><td>{}</td><td>{}</td><td>{:.2f}</td><td>{}</td></tr>\n",
                         p.phase, p.moves, p.discsLost, p.average(), p.games);
    s += "</tbody></table>\n";
    if (a.mistakes.empty()) return s;
    s += "<h3>Biggest mistakes</h3>\n<table class=\"mistakes\"><thead><tr><th class=\"name\">"
         "Game</th><th>Move</th><th>Played</th><th>Best</th><th>Lost</th></tr></thead>\n<tbody>\n";
    for (const auto& m : a.mistakes)
        s += fmt::format(
            "<tr><td class=\"name\">{}</td><td>{}</td><td>{}</td><td>{}</td><td>−{}{}</td></tr>\n",
            links.game(m.game, gameText(m.game), m.ply), m.moveNumber, core::moveName(m.move),
            m.bestMove == core::kNoSquare ? std::string("?") : core::moveName(m.bestMove), m.loss,
            m.exact ? "" : " (estimate)");
    return s + "</tbody></table>\n";
}

}  // namespace

std::string ratingSvg(const storage::RatingHistory& rating, int width, int height) {
    const auto& pts = rating.points;
    if (pts.empty()) return "";
    double lo = storage::kRatingStart, hi = storage::kRatingStart;
    for (const auto& p : pts) {
        lo = std::min({lo, p.before, p.after});
        hi = std::max({hi, p.before, p.after});
    }
    lo = std::floor((lo - 10) / 50) * 50;
    hi = std::ceil((hi + 10) / 50) * 50;
    const double left = 44, right = 10, top = 10, bottom = 24;
    const auto x = [&](std::size_t slot) {
        return left + (width - left - right) * double(slot) / double(pts.size());
    };
    const auto y = [&](double r) { return top + (height - top - bottom) * (hi - r) / (hi - lo); };
    std::string s = fmt::format(
        "<svg class=\"rating\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" "
        "viewBox=\"0 0 {} {}\" role=\"img\" aria-label=\"Archive rating history\">\n",
        width, height, width, height);
    const double step = hi - lo > 400 ? 100 : 50;
    for (double r = lo; r <= hi + 0.5; r += step)
        s += fmt::format(
            "<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"#e3e3e3\"/>"
            "<text x=\"4\" y=\"{:.1f}\" font-size=\"11\" fill=\"#666\">{:.0f}</text>\n",
            left, y(r), width - right, y(r), y(r) + 4, r);
    s += fmt::format(
        "<line class=\"start\" x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" "
        "stroke=\"#999\" stroke-dasharray=\"4 4\"/>\n",
        left, y(storage::kRatingStart), width - right, y(storage::kRatingStart));
    int lastYear = -1;
    double lastX = -1000;
    for (std::size_t i = 0; i < pts.size(); ++i) {
        if (pts[i].year == lastYear) continue;
        lastYear = pts[i].year;
        if (x(i + 1) - lastX < 34) continue;
        lastX = x(i + 1);
        // Kept inside the chart: the last year sits at its right edge.
        s += fmt::format(
            "<text x=\"{:.1f}\" y=\"{}\" font-size=\"11\" fill=\"#666\" "
            "text-anchor=\"middle\">{}</text>\n",
            std::min(lastX, width - 16.0), height - 6, pts[i].year);
    }
    std::string line = fmt::format("{:.1f},{:.1f}", x(0), y(pts.front().before));
    for (std::size_t i = 0; i < pts.size(); ++i)
        line += fmt::format(" {:.1f},{:.1f}", x(i + 1), y(pts[i].after));
    s += "<polyline class=\"history\" fill=\"none\" stroke=\"#2e6fd8\" stroke-width=\"2\" "
         "points=\"" +
         line + "\"/>\n";
    for (std::size_t i = 0; i < pts.size(); ++i)
        s += fmt::format(
            "<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"2.5\" fill=\"#2e6fd8\"><title>{} {}: {:.0f} "
            "→ {:.0f}</title></circle>\n",
            x(i + 1), y(pts[i].after), escapeHtml(pts[i].event), pts[i].year, pts[i].before,
            pts[i].after);
    return s + "</svg>";
}

std::string playerPage(const SiteOptions& options, const storage::PlayerProfile& p,
                       const storage::RatingHistory& rating,
                       const std::function<bool(std::int64_t)>& published) {
    const Links links{published};
    const std::string name = p.player.name.empty() ? std::string("?") : p.player.name;
    std::string s = pageStart(options, name, "../", "player");
    s += fmt::format("<h1>{}</h1>\n<p class=\"meta\">Player #{}: {} game{}, {}–{}.</p>\n",
                     escapeHtml(name), p.player.id, p.player.games, p.player.games == 1 ? "" : "s",
                     p.firstYear, p.lastYear);
    if (!p.spellings.empty()) {
        std::string list;
        for (const auto& sp : p.spellings)
            list += (list.empty() ? "“" : ", “") + escapeHtml(sp.name) + "”";
        s += "<p class=\"meta\">Also spelled " + list + " (merged by rename-player).</p>\n";
    }
    s += "<p class=\"meta\">Country: " +
         (p.country.empty() ? "not given: " + escapeHtml(p.countryNote) : escapeHtml(p.country)) +
         ".</p>\n";
    s += recordTable("Results", "results", p.asBlack, p.asWhite, p.total);
    s += ratingSection(rating, links);
    s += "<h2 id=\"repertoire\">Repertoire</h2>\n<p class=\"meta\">A named line is chosen by "
         "the side that plays its last move; each game counts under the deepest line the "
         "player's own move reached, and the deepest reply the opponent's move reached.</p>\n";
    s += linesTable("Openings chosen as Black", p.openingsBlack, links);
    s += linesTable("Replies met as Black", p.repliesBlack, links);
    s += linesTable("Openings chosen as White", p.openingsWhite, links);
    s += linesTable("Replies met as White", p.repliesWhite, links);
    std::int64_t mine = 0;
    for (const auto& d : p.departures) mine += d.byPlayer ? 1 : 0;
    s += fmt::format(
        "<h3>Leaving the archive's most played line</h3>\n<p class=\"meta\">{} games left it, on "
        "average at move {:.1f}; the player left it first in {} of them.</p>\n",
        p.departures.size(), storage::averageDepartureMove(p.departures), mine);
    s += departuresTable(p, links);
    s += analysisSection(p.analysis, links);
    s += "<h2 id=\"events\">Events</h2>\n<table class=\"events\"><thead><tr><th>Year</th>"
         "<th class=\"name\">Event</th><th>Games</th><th>Score</th><th>Rank</th></tr></thead>\n"
         "<tbody>\n";
    for (const auto& e : p.events)
        s += fmt::format(
            "<tr><td>{}</td><td class=\"name\">{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
            e.year, links.event(e.id, e.name), e.record.games, pct(e.record.scorePercent()),
            e.rank ? fmt::format("{} of {}", e.rank, e.players)
                   : std::string(e.isTournament ? "—" : "collection"));
    s += "</tbody></table>\n<h2 id=\"years\">Games by year</h2>\n<table class=\"years\"><thead>"
         "<tr><th>Year</th><th>Games</th><th>W-D-L</th><th>Score</th></tr></thead>\n<tbody>\n";
    for (const auto& y : p.years)
        s += fmt::format("<tr><td>{}</td><td>{}</td><td>{}-{}-{}</td><td>{}</td></tr>\n", y.year,
                         y.record.games, y.record.wins, y.record.draws, y.record.losses,
                         pct(y.record.scorePercent()));
    s += "</tbody></table>\n<h2 id=\"best\">Best results</h2>\n<table class=\"best\"><thead><tr>"
         "<th class=\"name\">Game</th><th>Result</th><th class=\"name\">Event</th></tr></thead>\n"
         "<tbody>\n";
    for (const auto& g : p.best)
        s += fmt::format(
            "<tr><td class=\"name\">{}</td><td>{}-{}</td><td class=\"name\">{}</td></tr>\n",
            links.game(g, gameText(g)), g.discs, 64 - g.discs, links.event(g.eventId, g.event));
    s += "</tbody></table>\n";
    return s + pageEnd();
}

}  // namespace othello::web
