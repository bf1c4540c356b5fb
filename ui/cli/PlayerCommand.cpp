// othello-db player: a player's page (storage/players/PlayerProfile.h states every figure),
// with the archive rating's history (storage/players/Ratings.h) and, with --vs, the
// head-to-head against another player.
#include <fmt/core.h>

#include <ctime>
#include <memory>

#include "JsonOutput.h"
#include "StorageCli.h"
#include "Words.h"
#include "core/Notation.h"
#include "importers/TextEscape.h"
#include "storage/cache/AnalysisCache.h"
#include "storage/players/PlayerJson.h"
#include "storage/players/PlayerProfile.h"
#include "storage/players/PlayerRatingJson.h"
#include "storage/players/Ratings.h"

namespace othello::cli {
namespace {

using importers::text::escapeForTerminal;

struct PlayerOptions {
    std::string name;
    std::string vs;
    std::string db;
    bool json = false;
};

std::string recordLine(const char* label, const storage::PlayerRecord& r) {
    std::string line =
        fmt::format("  {:<10} {:>6} {:>6} {:>6} {:>6} {:>6.1f}% {:>+8.1f}", label, r.games, r.wins,
                    r.draws, r.losses, r.scorePercent(), r.averageMargin());
    if (r.games != r.decided()) line += fmt::format("  ({} result unknown)", r.games - r.decided());
    return line + "\n";
}

std::string gameLine(const storage::PlayerGame& g) {
    return fmt::format("#{:<7} {:>4} {} {:<22} {:>2}-{:<2} ({:+d})  {}", g.id, g.year,
                       g.black ? "as Black vs" : "as White vs",
                       shorten(escapeForTerminal(g.opponent), 22), g.discs, 64 - g.discs,
                       g.margin(), shorten(escapeForTerminal(g.event), 28));
}

void printLines(const char* title, const std::vector<storage::OpeningLine>& lines) {
    fmt::print("\n{} ({}):\n", title, lines.size());
    if (lines.empty()) return;
    fmt::print("  {:<26} {:>6} {:>5} {:>5} {:>5} {:>7}  last game\n", "opening", "games", "wins",
               "draws", "losses", "score");
    for (const auto& l : lines)
        fmt::print("  {:<26} {:>6} {:>5} {:>5} {:>5} {:>6.1f}%  #{} {} vs {}\n",
                   shorten(l.name, 26), l.record.games, l.record.wins, l.record.draws,
                   l.record.losses, l.record.scorePercent(), l.last.id, l.last.year,
                   escapeForTerminal(l.last.opponent));
}

std::string dateOf(std::int64_t time) {
    const std::time_t t = static_cast<std::time_t>(time);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%d", &tm);
    return buf;
}

void printAnalysis(const storage::PlayerAnalysis& a) {
    fmt::print("\nAnalysis ({}):\n", storage::coverageText(a));
    if (!a.available) {
        fmt::print("  no analysis cache could be read\n");
        return;
    }
    if (a.gamesAnalysed == 0) {
        fmt::print("  none of the player's games is analysed yet (othello-db analyze --all)\n");
        return;
    }
    fmt::print("  {:<10} {:>7} {:>11} {:>10} {:>6}\n", "phase", "moves", "discs lost", "per move",
               "games");
    for (const auto& p : a.phases)
        fmt::print("  {:<10} {:>7} {:>11} {:>10.2f} {:>6}\n", p.phase, p.moves, p.discsLost,
                   p.average(), p.games);
    if (!a.mistakes.empty()) fmt::print("  biggest mistakes:\n");
    for (const auto& m : a.mistakes)
        fmt::print("    {}  move {} {} (best {}): -{} discs{}\n", gameLine(m.game), m.moveNumber,
                   core::moveName(m.move),
                   m.bestMove == core::kNoSquare ? "?" : core::moveName(m.bestMove), m.loss,
                   m.exact ? "" : " (estimate)");
}

// The archive rating: the current one, then each rated event (oldest first).
std::string ratingHistoryText(const storage::RatingHistory& h) {
    const char* const pending =
        "  (pending: a change is not rated yet; the next writer or writable open rates it)\n";
    if (h.points.empty())
        return h.pending ? std::string("archive rating: none stored\n") + pending
                         : "archive rating: not rated (no rated tournament game)\n";
    const auto& last = h.points.back();
    std::string out = fmt::format(
        "archive rating (the archive's own Elo, not a federation's; README \"Archive "
        "ratings\"): {:.0f} after {} {}, {} rated games in {} events\n",
        last.after, escapeForTerminal(last.event), last.year, last.ratedGames, h.points.size());
    out += "  history:";
    for (std::size_t i = 0; i < h.points.size(); ++i) {
        const auto& p = h.points[i];
        // One point per rated event; a year's last event closes the year's line.
        const bool yearEnd = i + 1 == h.points.size() || h.points[i + 1].year != p.year;
        if (yearEnd) out += fmt::format(" {} {:.0f};", p.year, p.after);
    }
    out.back() = '\n';
    return h.pending ? out + pending : out;
}

void printProfile(const storage::PlayerProfile& p, const storage::RatingHistory& rating) {
    fmt::print("{} (player #{}): {}, {}-{}\n", escapeForTerminal(p.player.name), p.player.id,
               plural(p.player.games, "game", "games"), p.firstYear, p.lastYear);
    for (const auto& s : p.spellings)
        fmt::print("also spelled \"{}\" (merged by rename-player, change {}, {} by {})\n",
                   escapeForTerminal(s.name), s.change, dateOf(s.time), escapeForTerminal(s.user));
    fmt::print("country: {}\n", p.country.empty() ? "not given: " + p.countryNote : p.country);
    fmt::print("\nResults       games   wins  draws losses   score   margin\n");
    fmt::print("{}{}{}", recordLine("as Black", p.asBlack), recordLine("as White", p.asWhite),
               recordLine("total", p.total));
    fmt::print("{}", ratingHistoryText(rating));
    fmt::print("\nGames by year:\n");
    for (const auto& y : p.years)
        fmt::print("  {}  {:>4} games  {:>3}-{}-{}  {:>5.1f}%\n", y.year, y.record.games,
                   y.record.wins, y.record.draws, y.record.losses, y.record.scorePercent());
    fmt::print("\nEvents ({}):\n", p.events.size());
    for (const auto& e : p.events)
        fmt::print("  {:>10} {:>4} {:<32} {:>3} games {:>5.1f}%  {}\n", e.id, e.year,
                   shorten(escapeForTerminal(e.name), 32), e.record.games, e.record.scorePercent(),
                   e.rank
                       ? fmt::format("rank {} of {} ({} pts)", e.rank, e.players, e.points)
                       : std::string(e.isTournament ? "not ranked" : "no standings (collection)"));
    fmt::print("\nBest results:\n");
    for (const auto& g : p.best) fmt::print("  {}\n", gameLine(g));
    printLines("Openings chosen as Black", p.openingsBlack);
    printLines("Replies met as Black", p.repliesBlack);
    printLines("Openings chosen as White", p.openingsWhite);
    printLines("Replies met as White", p.repliesWhite);
    std::int64_t mine = 0;
    for (const auto& d : p.departures) mine += d.byPlayer ? 1 : 0;
    fmt::print(
        "\nLeaving the archive's most played line: {} games, on average at move {:.1f}; "
        "the player left it first in {} of them\n",
        p.departures.size(), storage::averageDepartureMove(p.departures), mine);
    const std::size_t shown = std::min<std::size_t>(p.departures.size(), 10);
    if (shown) fmt::print("  the last {} (--json lists every game):\n", shown);
    for (std::size_t i = p.departures.size() - shown; i < p.departures.size(); ++i) {
        const auto& d = p.departures[i];
        fmt::print("  #{:<7} move {:>2}: {} {} where {} games played {} ({} games there)\n", d.game,
                   d.ply + 1, d.byPlayer ? "played" : "met", core::moveName(d.move), d.mainGames,
                   d.mainMove == core::kNoSquare ? "?" : core::moveName(d.mainMove),
                   d.positionGames);
    }
    printAnalysis(p.analysis);
    if (p.vs) {
        const auto& h = *p.vs;
        fmt::print("\nHead-to-head against {} (player #{}): {}\n",
                   escapeForTerminal(h.opponent.name), h.opponent.id,
                   plural(h.total.games, "game", "games"));
        fmt::print("{}{}{}", recordLine("as Black", h.asBlack), recordLine("as White", h.asWhite),
                   recordLine("total", h.total));
        for (const auto& g : h.games) fmt::print("  {}\n", gameLine(g));
    }
}

int runPlayer(const PlayerOptions& o) {
    auto archive = openArchive(o.db, storage::Archive::Mode::ReadOnly);
    warnUnindexed(archive);
    const storage::PlayerRef player = findPlayerOrList(archive, o.name, o.json);
    storage::ProfileOptions options;
    if (!o.vs.empty()) {
        options.vs = findPlayerOrList(archive, o.vs, o.json).id;
        if (*options.vs == player.id)
            throw UsageError("--vs names the player themself (#" + std::to_string(player.id) + ")");
    }
    std::optional<storage::AnalysisCache> cache;
    try {
        cache.emplace(archive.path(), storage::Archive::Mode::ReadOnly);
        options.analysis = &*cache;
    } catch (const std::runtime_error&) {
        // No analysis tables readable: the page says so (analysis.available false).
    }
    const storage::PlayerProfile profile = archive.playerProfile(player.id, options);
    const storage::RatingHistory rating = archive.ratingHistory(player.id);
    if (o.json) {
        nlohmann::json j = storage::playerProfileJson(profile);
        j["rating"] = storage::ratingHistoryJson(rating);
        printJson(j);
        return kExitOk;
    }
    printProfile(profile, rating);
    return kExitOk;
}

RegisterCommand playerCommand("player", [](CLI::App& app, Action& action) {
    auto o = std::make_shared<PlayerOptions>();
    auto* sub = app.add_subcommand(
        "player", "A player's page: results, events, repertoire, archive rating, analysis");
    sub->add_option("name", o->name, "The player: a name (case ignored), an old spelling, or #ID")
        ->required();
    sub->add_option("--vs", o->vs, "Head-to-head against this player (a name or #ID)");
    addDbOption(sub, o->db);
    sub->add_flag("--json", o->json,
                  "Print {player, spellings, country, results, years, events, best, openings, "
                  "replies, departures, analysis, rating, vs} (README \"Players\")");
    sub->footer(
        "A name is never guessed: a name no player has exactly (case ignored) lists the players "
        "whose names contain it, with their ids, and exits 1. Players whose names differ are "
        "never merged (rename-player merges them). Openings are chosen by the side that played "
        "the named line's last move; departures are the first move off the archive's most "
        "played continuation. The rating is the archive's own (README \"Archive ratings\"), "
        "not a federation's. Analysis figures come from `analyze` (cached), with their "
        "coverage.");
    sub->callback(
        [o, &action] { action = [o] { return runCommand([o] { return runPlayer(*o); }); }; });
});

}  // namespace
}  // namespace othello::cli
