// othello-db events and event: the tournaments of the archive, and one's standings and
// crosstable (storage/tournaments/Tournament.h and storage/tournaments/Standings.h state the
// rules).
#include <fmt/core.h>
#include <algorithm>

#include <memory>

#include "JsonOutput.h"
#include "StorageCli.h"
#include "Words.h"
#include "importers/TextEscape.h"
#include "storage/query/ArchiveJson.h"
#include "storage/tournaments/Standings.h"
#include "storage/tournaments/Tournament.h"

namespace othello::cli {
namespace {

using importers::text::escapeForTerminal;

using storage::summaryJson;  // one form for the CLI and the API (storage/query/ArchiveJson.h)

std::string titleOf(const storage::TournamentSummary& t) {
    return escapeForTerminal(t.name.empty() ? "(no event)" : t.name) +
           (t.year ? fmt::format(" {}", t.year) : std::string());
}

struct EventsOptions {
    std::string db;
    std::optional<int> year;
    bool tournamentsOnly = false;
    bool json = false;
};

int runEvents(const EventsOptions& o) {
    auto archive = openArchive(o.db, storage::Archive::Mode::ReadOnly);
    std::vector<storage::TournamentSummary> list;
    for (auto& t : archive.tournaments())
        if ((!o.year || t.year == *o.year) && (!o.tournamentsOnly || t.isTournament))
            list.push_back(std::move(t));
    if (o.json) {
        nlohmann::json j{{"events", nlohmann::json::array()}};
        for (const auto& t : list) j["events"].push_back(summaryJson(t));
        printJson(j);
        return kExitOk;
    }
    fmt::print("{}\n", plural(static_cast<std::int64_t>(list.size()), "event", "events"));
    if (!list.empty())
        fmt::print("{:>10} {:>4} {:<32} {:>6} {:>7}  {}\n", "id", "year", "name", "games",
                   "players", "tournament");
    for (const auto& t : list)
        fmt::print("{:>10} {:>4} {:<32} {:>6} {:>7}  {}\n", t.id,
                   t.year ? std::to_string(t.year) : "—", shorten(t.name, 32), t.games, t.players,
                   t.isTournament ? "yes" : "no: " + t.notTournamentReason);
    return kExitOk;
}

RegisterCommand eventsCommand("events", [](CLI::App& app, Action& action) {
    auto o = std::make_shared<EventsOptions>();
    auto* sub = app.add_subcommand(
        "events", "List the events of each year (tournaments and collections of games)");
    sub->add_option("--year", o->year, "Only this year");
    sub->add_flag("--tournaments", o->tournamentsOnly, "Only tournaments (no collections)");
    addDbOption(sub, o->db);
    sub->add_flag("--json", o->json,
                  "Print {events: [{id, name, year, games, players, is_tournament, "
                  "not_tournament_reason, events: [{id, name}]}]}");
    sub->footer(
        "An event is a tournament name in a year: \"World Championship\" (WTHOR) and \"World "
        "Championship - 2021\" (PGN) of 2021 are one. Collections that were never one tournament "
        "(\"Diverses parties\", \"Parties Internet\", online games) say why they are not.");
    sub->callback(
        [o, &action] { action = [o] { return runCommand([o] { return runEvents(*o); }); }; });
});

struct EventOptions {
    std::string query;
    std::optional<int> year;
    std::optional<int> bq;
    std::vector<std::string> withdrawn;
    std::optional<std::string> withdraw, unwithdraw;  // stored with the tournament
    std::optional<int> afterRound;
    std::optional<int> rounds;       // stated with the event (0: no longer stated)
    std::vector<std::string> stage;  // STAGE GAME...: stored with the games
    std::string db;
    bool json = false;
};

// One round's cell: opponent's rank, colour, + win / = draw / - loss / * unscored, discs.
std::string roundCell(const storage::PlayerResult& r) {
    const char sign = r.how == storage::GameScoring::Unknown ? '*'
                      : r.points2 == 2                       ? '+'
                      : r.points2 == 1                       ? '='
                                                             : '-';
    if (r.opponent < 0) return fmt::format("bye{}{}", sign, r.discs);
    if (r.how == storage::GameScoring::Unknown)
        return fmt::format("{}{}*", r.opponent + 1, r.black ? 'b' : 'w');
    return fmt::format("{}{}{}{}", r.opponent + 1, r.black ? 'b' : 'w', sign, r.discs);
}

storage::Tournament findTournament(storage::Archive& archive, const EventOptions& o) {
    const bool digits =
        !o.query.empty() && o.query.find_first_not_of("0123456789") == std::string::npos;
    if (digits && o.query.size() <= 18)
        if (auto t = archive.tournament(std::stoll(o.query))) return std::move(*t);
    const auto matches = storage::matchTournaments(archive.tournaments(), o.query, o.year);
    if (matches.empty())
        throw InputError(fmt::format("no event matches \"{}\"{}", escapeForTerminal(o.query),
                                     o.year ? fmt::format(" in {}", *o.year) : ""));
    if (matches.size() > 1) {
        // One line (errors are escaped whole): the first ones, by year.
        std::string list;
        for (std::size_t i = 0; i < matches.size() && i < 10; ++i)
            list += fmt::format("{}{} {}", i ? ", " : "", matches[i].id, titleOf(matches[i]));
        if (matches.size() > 10) list += fmt::format(" and {} more", matches.size() - 10);
        throw UsageError(fmt::format("{} events match \"{}\"; give its id or --year: {}",
                                     matches.size(), o.query, list));
    }
    return std::move(*archive.tournament(matches.front().id));
}

// A name as the games of `t` spell it, else a usage error naming the option: a typo is an
// error, not a silent no-op.
void checkPlays(const storage::Tournament& t, const std::string& name, const char* option) {
    const bool plays = std::any_of(t.games.begin(), t.games.end(), [&](const auto& g) {
        return g.black == name || g.white == name;
    });
    if (!plays)
        throw UsageError(fmt::format("{}: \"{}\" plays no game of {} (names as `event` lists them)",
                                     option, name, titleOf(t.summary)));
}

// --withdraw / --unwithdraw: stored with the tournament (journalled); says what it did.
void storeWithdrawal(const EventOptions& o) {
    if (o.afterRound && !o.withdraw) throw UsageError("--after-round needs --withdraw");
    if (o.afterRound && (*o.afterRound < 1 || *o.afterRound > 999))
        throw UsageError("--after-round: 1..999");
    auto archive = openArchive(o.db, storage::Archive::Mode::ReadWrite);
    const storage::Tournament t = findTournament(archive, o);
    const std::string& name = o.withdraw ? *o.withdraw : *o.unwithdraw;
    checkPlays(t, name, o.withdraw ? "--withdraw" : "--unwithdraw");
    if (!t.summary.isTournament)
        throw UsageError(fmt::format("{} is not a tournament ({}): no standings to withdraw from",
                                     titleOf(t.summary),
                                     escapeForTerminal(t.summary.notTournamentReason)));
    std::int64_t change = 0;
    try {
        change = o.withdraw ? archive.withdraw(t.summary.id, name, o.afterRound.value_or(0))
                            : archive.unwithdraw(t.summary.id, name);
    } catch (const storage::StorageError& e) {
        throw InputError(e.what());
    }
    if (o.json) return;  // the event's JSON lists the stored withdrawals
    const std::string who = escapeForTerminal(name);
    if (change == 0)
        fmt::print("{} was stored as withdrawn so already\n", who);
    else if (o.withdraw)
        fmt::print("stored: {} withdrew{} (change {})\n", who,
                   o.afterRound ? fmt::format(" after round {}", *o.afterRound) : "", change);
    else
        fmt::print("stored: {} no longer withdrawn (change {})\n", who, change);
}

// --rounds and --stage: the structure stored with the event (journalled); says what it did.
void storeStructure(const EventOptions& o) {
    if (o.rounds && (*o.rounds < 0 || *o.rounds > 999))
        throw UsageError("--rounds: 1..999 (0: no longer stated)");
    std::optional<storage::Stage> stage;
    std::vector<std::int64_t> games;
    if (!o.stage.empty()) {
        const std::string& name = o.stage.front();
        stage = storage::parseStage(name);
        if (!stage && name != "none")
            throw UsageError(fmt::format(
                "--stage: \"{}\" is not a stage (playoff, final, swiss, or none to remove it)",
                escapeForTerminal(name)));
        for (std::size_t i = 1; i < o.stage.size(); ++i) {
            const std::string& id = o.stage[i];
            if (id.empty() || id.size() > 18 ||
                id.find_first_not_of("0123456789") != std::string::npos)
                throw UsageError(
                    fmt::format("--stage: \"{}\" is not a game id", escapeForTerminal(id)));
            games.push_back(std::stoll(id));
        }
        if (games.empty()) throw UsageError("--stage: give the stage, then the games' ids");
    }
    auto archive = openArchive(o.db, storage::Archive::Mode::ReadWrite);
    const storage::Tournament t = findTournament(archive, o);
    const std::string title = titleOf(t.summary);
    try {
        if (o.rounds) {
            const std::optional<int> rounds =
                *o.rounds ? std::optional<int>(*o.rounds) : std::nullopt;
            const std::int64_t change = archive.setEventRounds(t.summary.id, rounds);
            if (!o.json) {
                if (change == 0)
                    fmt::print("{}: stored so already\n", title);
                else if (rounds)
                    fmt::print("stored: {} has {} Swiss rounds (change {})\n", title, *rounds,
                               change);
                else
                    fmt::print("stored: {} no longer has its rounds stated (change {})\n", title,
                               change);
            }
        }
        if (!o.stage.empty()) {
            const std::int64_t change = archive.setGameStages(t.summary.id, games, stage);
            if (!o.json) {
                if (change == 0)
                    fmt::print("{}: stored so already\n", title);
                else
                    fmt::print("stored: {} {} {} (change {})\n",
                               plural(static_cast<std::int64_t>(games.size()), "game", "games"),
                               stage ? fmt::format("marked {}", storage::stageName(*stage))
                                     : std::string("no longer marked"),
                               stage && *stage != storage::Stage::Swiss
                                   ? "(not counted in the standings)"
                                   : "(counted in the standings)",
                               change);
            }
        }
    } catch (const storage::StorageError& e) {
        throw InputError(e.what());
    }
}

// The games played apart from the Swiss: their own table.
void printStageGames(const storage::Standings& st) {
    if (st.stageGames.empty()) return;
    fmt::print("\ngames apart from the Swiss (not counted in the standings):\n");
    fmt::print("{:<8} {:<8} {:>10} {:<24} {:<24} {:<8} {}\n", "stage", "round", "game", "black",
               "white", "result", "stage from");
    for (const storage::StageGame& g : st.stageGames)
        fmt::print("{:<8} {:<8} {:>10} {:<24} {:<24} {:<8} {}\n", storage::stageName(g.stage),
                   shorten(g.round.empty() ? "—" : g.round, 8), g.game, shorten(g.black, 24),
                   shorten(g.white, 24), shorten(g.resultText, 8),
                   g.marked ? "stated (event --stage)" : "the round");
}

// The standings table of `t`, its notes, withdrawals and stage games.
void printTable(const storage::Tournament& t, const storage::Standings& st) {
    const bool known = st.roundsFrom != storage::RoundsFrom::Estimated;
    // What is stated, what comes from the source and what is guessed, in words.
    for (const std::string& note : storage::structureNotes(st, t.summary.id))
        fmt::print("{}\n", escapeForTerminal(note));
    // One column per round; with the rounds unknown, one per game of the player, in file order.
    std::size_t columns = known ? static_cast<std::size_t>(st.rounds) : 0;
    if (!known)
        for (const auto& p : st.players) columns = std::max(columns, p.results.size());
    fmt::print("{:>4} {:<24} {:>5} {:>7} {:>5} {:>5} {:>3} {:>3} {:>3}", "rank", "player", "pts",
               "BQ", "discs", "games", "W", "D", "L");
    for (std::size_t c = 1; c <= columns; ++c)
        fmt::print(" {:>7}", fmt::format("{}{}", known ? "r" : "g", c));
    fmt::print("\n");
    bool unscored = false, withdrawn = false;
    for (const auto& p : st.players) {
        const bool tied = (&p != &st.players.front() && (&p - 1)->rank == p.rank) ||
                          (&p != &st.players.back() && (&p + 1)->rank == p.rank);
        fmt::print("{:>4} {:<24} {:>5} {:>7} {:>5} {:>5} {:>3} {:>3} {:>3}",
                   fmt::format("{}{}", tied ? "=" : "", p.rank),
                   shorten(p.player + (p.withdrawn ? " (w)" : ""), 24), p.points(), p.brightwell(),
                   p.discs, p.games, p.wins, p.draws, p.losses);
        std::vector<std::string> cells(columns + 1);
        for (std::size_t k = 0; k < p.results.size(); ++k) {
            const auto& r = p.results[k];
            std::string& cell = cells[known ? static_cast<std::size_t>(r.round) : k + 1];
            cell += (cell.empty() ? "" : "/") + roundCell(r);
        }
        for (std::size_t c = 1; c <= columns; ++c) fmt::print(" {:>7}", cells[c]);
        fmt::print("\n");
        unscored = unscored || p.unscored > 0;
        withdrawn = withdrawn || p.withdrawn;
    }
    fmt::print(
        "{}: opponent's rank, b/w the colour played, + win = draw - loss, the discs "
        "credited{}{}\n",
        known ? "rounds" : "games", unscored ? "; * unfinished without a result (not scored)" : "",
        withdrawn ? "; (w) withdrew: games against them count 32 + c x own points in the BQ" : "");
    // Who withdrew when, and which withdrawals are stored with the tournament.
    for (const auto& p : st.players) {
        if (!p.withdrawn) continue;
        const bool stored = std::any_of(t.withdrawals.begin(), t.withdrawals.end(),
                                        [&](const auto& w) { return w.player == p.player; });
        fmt::print("(w) {}: withdrew{}{}\n", escapeForTerminal(p.player),
                   p.withdrewAfterRound ? fmt::format(" after round {}", p.withdrewAfterRound)
                                        : std::string(),
                   stored ? " (stored)" : "");
    }
    printStageGames(st);
}

int runEvent(const EventOptions& o) {
    if (o.bq && (*o.bq < 1 || *o.bq > 1000)) throw UsageError("--bq-constant: 1..1000");
    if (o.withdraw || o.unwithdraw || o.afterRound) storeWithdrawal(o);
    if (o.rounds || !o.stage.empty()) storeStructure(o);
    auto archive = openArchive(o.db, storage::Archive::Mode::ReadOnly);
    const storage::Tournament t = findTournament(archive, o);
    const storage::TournamentSummary& s = t.summary;
    storage::StandingsOptions options;
    options.brightwellConstant = o.bq;
    // A withdrawal the source does not show (rounds from file order never do) and that is not
    // stored: named for this command, exactly as the games spell the player.
    for (const std::string& name : o.withdrawn) {
        checkPlays(t, name, "--withdrawn");
        options.withdrawn.push_back(name);
    }
    // The stored withdrawals count too (storage/tournaments/Withdrawals.h).
    const storage::Standings st = storage::computeStandings(t, options);
    if (o.json) {
        // The API's form too; scored by different rules, each scoring's standings apart.
        printJson(storage::eventJsonByScoring(t, options));
        return kExitOk;
    }
    fmt::print("{} (id {}): {}, {}\n", titleOf(s), s.id, plural(s.games, "game", "games"),
               plural(s.players, "player", "players"));
    if (s.eventIds.size() > 1) {
        std::string names;
        for (const auto& n : s.eventNames)
            names += (names.empty() ? "" : ", ") + escapeForTerminal(n);
        fmt::print("spellings: {}\n", names);
    }
    if (!s.isTournament) {
        fmt::print("not a tournament ({}): no standings\n",
                   escapeForTerminal(s.notTournamentReason));
        return kExitOk;
    }
    const std::vector<storage::ScoringTable> tables = storage::splitByScoring(t);
    if (tables.empty()) {
        printTable(t, st);
        return kExitOk;
    }
    // Games scored by different rules: one table each, never one Brightwell sum over both.
    fmt::print("games scored by different rules: one table per scoring\n");
    for (const storage::ScoringTable& table : tables) {
        fmt::print(
            "\nscoring: {} ({})\n", storage::scoringName(table.scoring),
            plural(static_cast<std::int64_t>(table.tournament.games.size()), "game", "games"));
        printTable(table.tournament, storage::computeStandings(table.tournament, options));
    }
    return kExitOk;
}

RegisterCommand eventCommand("event", [](CLI::App& app, Action& action) {
    auto o = std::make_shared<EventOptions>();
    auto* sub = app.add_subcommand(
        "event", "Standings and crosstable of one event (a tournament in a year)");
    sub->add_option("NAME|ID", o->query,
                    "The event's id (from `events`) or its name; a year at its end or --year "
                    "picks the year")
        ->required();
    sub->add_option("--year", o->year, "The year, when the name is held in several");
    sub->add_option("--bq-constant", o->bq,
                    "The Brightwell constant c (default: rounds / 2, 6 for the WOC's 13 rounds)");
    sub->add_option("--withdrawn", o->withdrawn,
                    "A player who withdrew, for this command only (repeat for several; spelled "
                    "as the standings list them): games against them leave the Brightwell "
                    "quotient, each counting 32 + c x the opponent's own points, as for a bye. "
                    "Needed when the rounds come from file order, which never show a withdrawal");
    auto* withdraw = sub->add_option(
        "--withdraw", o->withdraw,
        "Store with the event that PLAYER withdrew (journalled; `history` lists it): every "
        "later `event`, publish, serve and the viewer count it as --withdrawn does");
    sub->add_option("--after-round", o->afterRound,
                    "With --withdraw: the last round the player played (1..999; with the "
                    "source's rounds, not before a round the player played)")
        ->needs(withdraw);
    sub->add_option("--unwithdraw", o->unwithdraw,
                    "Remove a withdrawal stored with the event (journalled)")
        ->excludes(withdraw);
    sub->add_option("--rounds", o->rounds,
                    "Store the number of Swiss rounds of the event (journalled, revertible; 0: "
                    "no longer stated): the Brightwell constant follows it, and every later "
                    "`event`, publish, serve and the viewer use it instead of a guess");
    sub->add_option("--stage", o->stage,
                    "STAGE GAME...: store the stage of these games of the event (journalled, "
                    "revertible): playoff or final (listed apart, never counted in the "
                    "standings), swiss (counted, whatever the round says), none (remove what is "
                    "stored: the round's stage, else swiss)")
        ->expected(2, -1);
    addDbOption(sub, o->db);
    sub->add_flag(
        "--json", o->json,
        "Print {id, name, year, games, players, is_tournament, not_tournament_reason, "
        "events: [{id, name}], rounds, rounds_from: \"source\"|\"file order\"|\"estimated\", "
        "brightwell_constant, standings: [{rank, player, points, brightwell, discs, "
        "games, wins, draws, losses, unscored, byes, withdrawn, withdrawn_after_round, "
        "results: [{round, game, "
        "opponent, opponent_rank, color, result: win|draw|loss|unscored, points, discs, "
        "opponent_discs, scoring: final|stated|forfeit|bye|unknown}]}], crosstable: "
        "[{player, opponent, points, opponent_points, games: [ids]}], withdrawals: [{player, "
        "after_round}] (stored ones), game_list: [{id, round, stage, black, white, result, "
        "scoring}], rounds_stated, stated_rounds, notes: [{text}] (what is stated, from the "
        "source or guessed, in words), guessed_playoffs: [ids], stage_games: [{id, stage, "
        "stage_from: stated|round, round, black, white, result, black_points, white_points, "
        "scoring}]}; standings, crosstable and the round "
        "fields are null for a collection that is not a tournament");
    sub->footer(
        "Ranked by points (win 1, draw 1/2), then the Brightwell quotient (discs + c x the "
        "opponents' points; a bye or a withdrawn opponent counts 32 + c x the player's own "
        "points), then discs. Finished games score by their final score (anti-Othello: the "
        "fewer discs win, each side credited with the other's discs; komi: the winner after the "
        "komi; classic Reversi and other disc-scored rules: the discs as they stand, 34-29); an "
        "event whose games are scored by different rules (empties to the winner, discs on the "
        "board) gets one table per scoring, never one sum over both (--json: scoring_tables, "
        "each with its \"scoring\": empties or discs), and games under rules other than "
        "Othello's (a handicap, classic Reversi) are named above the table; unfinished games by "
        "the result they state (a winner alone: the empties to the "
        "winner, at least 33-31; no move played: a forfeit, scored as stated); unfinished games "
        "without a result are not scored. Games of a stage apart from the Swiss (--stage playoff "
        "or "
        "final, or a round such as \"SF.1\", \"QF.2\", \"F.2\", \"Final\") are listed in their "
        "own table and never counted. The number of Swiss rounds is the one stated with --rounds "
        "(a World Championship's Swiss: 13 rounds, c = 6); else the rounds come from the source "
        "(PGN/GGF Round) when every Swiss game has one, else they are guessed from file order "
        "when the file goes round by round, else they are unknown (rounds_from \"estimated\": "
        "results in file order, round null, and `rounds` is the number of games most players "
        "played, which sets c). What is guessed is said in words, with the games that look "
        "like play-offs and the commands that state the structure. See storage/Standings.h.");
    sub->callback(
        [o, &action] { action = [o] { return runCommand([o] { return runEvent(*o); }); }; });
});

}  // namespace
}  // namespace othello::cli
