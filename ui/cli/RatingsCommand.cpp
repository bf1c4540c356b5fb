// othello-db ratings: the archive rating table as of a date, a player's rating history, and the
// rebuild (storage/players/Ratings.h states the method).
#include <fmt/core.h>

#include <cmath>
#include <memory>

#include "JsonOutput.h"
#include "StorageCli.h"
#include "Words.h"
#include "importers/TextEscape.h"
#include "storage/players/Ratings.h"

namespace othello::cli {
namespace {

using importers::text::escapeForTerminal;

// Every view says whose rating this is.
constexpr const char* kLabel =
    "archive rating: Elo computed from this archive's tournament games, not a federation's";

struct RatingsOptions {
    std::string db;
    std::optional<std::string> asOf;
    std::optional<std::string> player;
    std::int64_t limit = 50;
    bool rebuild = false;
    bool json = false;
};

long rounded(double rating) {
    return std::lround(rating);
}

std::string eventText(const std::string& name, int year) {
    return fmt::format("{} {}", name.empty() ? "(no name)" : name, year);
}

void warnPending(bool pending) {
    if (pending)
        fmt::print(stderr,
                   "warning: archive ratings pending: a change is not rated yet (the next "
                   "writer or writable open rates it; `ratings --rebuild` now)\n");
}

nlohmann::json historyJson(const storage::RatingHistory& h) {
    nlohmann::json points = nlohmann::json::array();
    for (const storage::RatingPoint& p : h.points)
        points.push_back({{"event_id", p.eventId},
                          {"event", p.event},
                          {"year", p.year},
                          {"date", p.date},
                          {"before", p.before},
                          {"after", p.after},
                          {"games", p.games},
                          {"score", p.score},
                          {"expected", p.expected},
                          {"rated_games", p.ratedGames}});
    return {{"rating", "archive"},
            {"player", h.player},
            {"player_id", h.playerId},
            {"pending", h.pending},
            {"history", points}};
}

int printHistory(storage::Archive& archive, const RatingsOptions& o) {
    const storage::RatingHistory h =
        archive.ratingHistory(findPlayerOrList(archive, *o.player, o.json).id);
    warnPending(h.pending);
    if (o.json) {
        printJson(historyJson(h));
        return kExitOk;
    }
    fmt::print("{}\n{}: {}\n", kLabel, escapeForTerminal(h.player),
               h.points.empty()
                   ? std::string("never rated (no rated tournament game)")
                   : fmt::format("{} in {}, {}", rounded(h.points.back().after),
                                 plural(static_cast<std::int64_t>(h.points.size()), "rated event",
                                        "rated events"),
                                 plural(h.points.back().ratedGames, "rated game", "rated games")));
    if (h.points.empty()) return kExitOk;
    fmt::print("{:<10} {:<34} {:>10} {:>5} {:>6} {:>8} {:>6} {:>6}\n", "date", "event", "id",
               "games", "score", "expected", "before", "after");
    for (const storage::RatingPoint& p : h.points)
        fmt::print("{:<10} {:<34} {:>10} {:>5} {:>6} {:>8.2f} {:>6} {:>6}\n",
                   p.date.substr(5) == "12-31" ? std::to_string(p.year) : p.date,
                   shorten(escapeForTerminal(p.event), 34), p.eventId, p.games, p.score, p.expected,
                   rounded(p.before), rounded(p.after));
    return kExitOk;
}

nlohmann::json tableJson(const storage::RatingTable& t) {
    nlohmann::json rows = nlohmann::json::array();
    for (const storage::RatingRow& r : t.rows)
        rows.push_back({{"rank", r.rank},
                        {"player", r.player},
                        {"player_id", r.playerId},
                        {"rating", r.rating},
                        {"rated_games", r.ratedGames},
                        {"events", r.events},
                        {"last_event_id", r.lastEventId},
                        {"last_event", r.lastEvent},
                        {"last_year", r.lastYear},
                        {"last_date", r.lastDate}});
    return {{"rating", "archive"},
            {"as_of", t.asOf.empty() ? nlohmann::json() : nlohmann::json(t.asOf)},
            {"as_of_date", t.asOfDate.empty() ? nlohmann::json() : nlohmann::json(t.asOfDate)},
            {"players", t.players},
            {"events", t.periods},
            {"pending", t.pending},
            {"rows", rows}};
}

int runRatings(const RatingsOptions& o) {
    if (o.asOf && !storage::parseRatingDate(*o.asOf))
        throw UsageError("--as-of: not a date: \"" + *o.asOf + "\" (YYYY, YYYY-MM or YYYY-MM-DD)");
    if (o.limit < 0) throw UsageError("--limit: 0 (all) or more");
    if (o.rebuild && o.player) throw UsageError("--rebuild lists the table: no --player with it");
    auto archive = openArchive(
        o.db, o.rebuild ? storage::Archive::Mode::ReadWrite : storage::Archive::Mode::ReadOnly);
    std::optional<storage::RatingsRebuild> rebuilt;
    if (o.rebuild) rebuilt = archive.rebuildRatings();
    if (o.player) return printHistory(archive, o);
    storage::RatingQuery q;
    q.asOf = o.asOf;
    q.limit = static_cast<std::size_t>(o.limit);
    const storage::RatingTable t = archive.ratingTable(q);
    warnPending(t.pending);
    if (o.json) {
        nlohmann::json j = tableJson(t);
        if (rebuilt)
            j["rebuild"] = {{"events", rebuilt->periods},
                            {"players", rebuilt->players},
                            {"rated_games", rebuilt->ratedGames},
                            {"differences", rebuilt->differences},
                            {"seconds", rebuilt->seconds}};
        printJson(j);
        return kExitOk;
    }
    if (rebuilt)
        fmt::print("rebuilt from scratch: {}, {}, {} in {:.2f} s; {}\n",
                   plural(rebuilt->periods, "rated event", "rated events"),
                   plural(rebuilt->players, "player", "players"),
                   plural(rebuilt->ratedGames, "rated game", "rated games"), rebuilt->seconds,
                   rebuilt->differences == 0
                       ? std::string("the stored ratings were the same, bit for bit")
                       : fmt::format("{} of the stored ratings differed (now rebuilt)",
                                     plural(rebuilt->differences, "row", "rows")));
    fmt::print("{}\n{}{}: {}, {}\n", kLabel, "as of ", t.asOf.empty() ? "now" : t.asOf,
               plural(t.players, "rated player", "rated players"),
               plural(t.periods, "rated event", "rated events"));
    if (t.rows.empty()) return kExitOk;
    fmt::print("{:>5} {:<28} {:>6} {:>6} {:>6}  {}\n", "rank", "player", "rating", "games",
               "events", "last event");
    for (const storage::RatingRow& r : t.rows)
        fmt::print("{:>5} {:<28} {:>6} {:>6} {:>6}  {}\n", r.rank,
                   shorten(escapeForTerminal(r.player), 28), rounded(r.rating), r.ratedGames,
                   r.events, escapeForTerminal(eventText(r.lastEvent, r.lastYear)));
    if (static_cast<std::int64_t>(t.rows.size()) < t.players)
        fmt::print("({} more: --limit 0 lists them all)\n",
                   t.players - static_cast<std::int64_t>(t.rows.size()));
    return kExitOk;
}

RegisterCommand ratingsCommand("ratings", [](CLI::App& app, Action& action) {
    auto o = std::make_shared<RatingsOptions>();
    auto* sub = app.add_subcommand(
        "ratings",
        "The archive rating table (Elo computed from the archive's own tournament games, not a "
        "federation's rating) as of a date, or one player's rating history");
    sub->add_option("--as-of", o->asOf,
                    "The table as of DATE: YYYY (its end), YYYY-MM or YYYY-MM-DD. An event known "
                    "by its year alone (WTHOR) counts as of the end of its year");
    sub->add_option("--limit", o->limit, "The first N players (default 50; 0: all)");
    sub->add_option("--player", o->player,
                    "One player's rating history instead: every rated event, its games, score, "
                    "expected score, rating before and after (name rule, old spellings)");
    sub->add_flag("--rebuild", o->rebuild,
                  "Rate every event again from scratch first, and say whether the stored ratings "
                  "were the same (they always should be: every change to the archive updates "
                  "them)");
    addDbOption(sub, o->db);
    sub->add_flag("--json", o->json,
                  "Print {rating: \"archive\", as_of, as_of_date, players, events, pending, rows: "
                  "[{rank, player, player_id, rating, rated_games, events, last_event_id, "
                  "last_event, last_year, last_date}], rebuild: {...}}; with --player "
                  "{rating, player, player_id, history: [{event_id, event, year, date, before, "
                  "after, games, score, expected, rated_games}]}");
    sub->footer(
        "The method (README \"Archive ratings\"): everybody starts at 1500; each tournament is "
        "one rating period, its games rated against the ratings before it; K is 40 for a "
        "player's first 30 rated games, then 20; draws count half, unfinished games by their "
        "stated result. Unrated: forfeits (no move), games outside tournaments (see `events`), "
        "games under other rules, handicaps, byes and unknown players (\"???\"). Events of a year "
        "follow each other by date, then name, then id.");
    sub->callback(
        [o, &action] { action = [o] { return runCommand([o] { return runRatings(*o); }); }; });
});

}  // namespace
}  // namespace othello::cli
