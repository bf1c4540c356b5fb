// othello-db show and info: one stored game, and what the archive holds.
#include <fmt/core.h>
#include <unistd.h>

#include <memory>

#include "AnalysisCli.h"
#include "AnnotationCli.h"
#include "EditCli.h"
#include "JsonOutput.h"
#include "StorageCli.h"
#include "core/Notation.h"
#include "core/Replay.h"
#include "importers/GameResult.h"
#include "importers/TextEscape.h"
#include "storage/query/ArchiveJson.h"
#include "storage/query/FilterText.h"

namespace othello::cli {
namespace {

using importers::text::escapeForTerminal;

struct ShowOptions {
    std::int64_t id = 0;
    std::optional<int> ply;
    std::string db;
    bool json = false;
};

// Why game `id` cannot be shown: in the trash (since when, by whom, how to bring it back),
// purged for good, or never there.
std::string notShown(storage::Archive& archive, std::int64_t id) {
    if (const auto t = archive.trashedGame(id))
        return fmt::format(
            "game {} is in the trash since {} UTC (deleted by {}, change {}): `othello-db "
            "restore {}` brings it back",
            id, timeText(t->time), escapeForTerminal(t->user), t->change, id);
    storage::HistoryFilter f;
    f.game = id;
    f.limit = -1;
    for (const auto& c : archive.history(f))
        if (c.kind == "purge" && !c.revertedBy)
            return fmt::format("game {} was purged for good on {} UTC (by {}, change {})", id,
                               timeText(c.time), escapeForTerminal(c.user), c.id);
    return fmt::format("no game with id {}", id);
}

// A game entered by hand (`add`, the viewer's editor) has no source file: the journal says
// who entered it and when. nullopt for a game read from a file.
std::optional<storage::Change> entry(storage::Archive& archive, const storage::StoredGame& g) {
    if (!g.record.source.describe().empty()) return std::nullopt;
    storage::HistoryFilter f;
    f.game = g.id;
    f.limit = -1;
    const auto list = archive.history(f);  // newest first: the addition is the last
    for (auto c = list.rbegin(); c != list.rend(); ++c)
        if (c->kind == "add") return *c;
    return std::nullopt;
}

int runShow(const ShowOptions& o) {
    if (o.id < 1 || o.id > storage::kMaxGameId)
        throw UsageError(fmt::format("ID: game ids are 1..{}, got {}", storage::kMaxGameId, o.id));
    auto archive = openArchive(o.db, storage::Archive::Mode::ReadOnly);
    const auto g = archive.game(o.id);
    if (!g) throw InputError(notShown(archive, o.id));
    const auto entered = entry(archive, *g);
    const auto review = storedReview(archive.path(), g->id);  // `analyze`: blunders marked
    const importers::GameRecord& r = g->record;
    const core::ReplayResult replay = core::replay(r.start, r.moves, r.rules);
    std::size_t ply = replay.plies.size();
    if (o.ply) {
        if (*o.ply < 0 || static_cast<std::size_t>(*o.ply) > replay.plies.size())
            throw InputError(
                fmt::format("--ply {} is outside the game (0..{})", *o.ply, replay.plies.size()));
        ply = static_cast<std::size_t>(*o.ply);
    }
    const core::Position& p = replay.positions[ply];
    if (o.json) {
        // The API's game (storage/query/ArchiveJson.h) plus what is the command line's own.
        nlohmann::json j = storage::gameJson(*g, replay, ply);
        j["source"] = r.source.describe();
        j["entered"] = entered ? nlohmann::json{{"user", entered->user},
                                                {"time", timeText(entered->time, true)},
                                                {"change", entered->id}}
                               : nlohmann::json(nullptr);
        j["analysis"] = review ? showReviewJson(review->review) : nlohmann::json(nullptr);
        printJson(j);
        return kExitOk;
    }
    // Names, event, round and source come from files: escaped.
    fmt::print("game {}: {} (Black) - {} (White), {}\n", g->id,
               r.black.empty() ? "?" : escapeForTerminal(r.black),
               r.white.empty() ? "?" : escapeForTerminal(r.white), importers::resultText(r));
    if (!r.event.empty() || r.year)
        fmt::print("event: {}{}{}\n", escapeForTerminal(r.event),
                   r.year ? fmt::format(" ({})", r.year) : "",
                   r.round.empty() ? "" : ", round " + escapeForTerminal(r.round));
    // The event line gives the year: a date that is only the year adds nothing to it.
    const bool eventLine = !r.event.empty() || r.year;
    if (!r.date.empty() && (!eventLine || r.date != std::to_string(r.year)))
        fmt::print("date: {}\n", escapeForTerminal(r.date));
    if (!r.place.empty()) fmt::print("place: {}\n", escapeForTerminal(r.place));
    if (!r.variant.standard())
        fmt::print("variant: {} (TY[{}])\n", importers::variantLabel(r.variant),
                   escapeForTerminal(importers::ggfType(r.variant)));
    // Othello's rules go without saying; any other rule set is said in words, a handicap apart.
    // A code a later version wrote is said as it is: the stand-in rules are not the game's.
    if (g->unreadableRules)
        fmt::print("rules: {}, written by a later version of othello-db: the board is replayed "
                   "under Othello's rules, the game cannot be edited\n",
                   escapeForTerminal(storage::unreadableRulesText(*g->unreadableRules)));
    else if (!r.rules.isOthello())
        fmt::print("rules: {} ({})\n", core::rulesDescription(r.rules), core::rulesCode(r.rules));
    if (!g->unreadableRules && r.rules.start == core::Start::Handicap)
        fmt::print("handicap: {} given to {}\n", storage::cornersText(r.rules.handicapCorners),
                   r.rules.handicapTo == core::Color::Black ? "Black" : "White");
    // The file's value, only where the game reached its depth (importers/GameResult.h).
    if (const auto value = importers::shownTheoretical(r))
        fmt::print("theoretical score: {}\n", importers::theoreticalText(*value));
    if (!g->opening.empty()) fmt::print("opening: {}\n", g->opening);
    if (entered)
        fmt::print("source: entered by {} on {} UTC (change {})\n",
                   escapeForTerminal(entered->user), timeText(entered->time), entered->id);
    else
        fmt::print("source: {} ({})\n", escapeForTerminal(r.source.describe()),
                   importers::formatName(r.format));
    fmt::print("moves: {}\n", core::movesString(r.moves, false, " "));
    // Comments come from files: escaped like names.
    if (const std::string text = annotatedMovetext(r); !text.empty())
        fmt::print("annotated: {}\n", escapeForTerminal(text));
    if (review) fmt::print("{}", showReviewText(review->review));
    const int last = ply > 0 ? replay.plies[ply - 1].square : core::kNoSquare;
    fmt::print("{}",
               core::boardDiagram(p, p.legalMoves(), last == core::kPass ? core::kNoSquare : last));
    fmt::print("ply {} of {}; black {} discs, white {} discs\n", ply, replay.plies.size(),
               p.count(core::Color::Black), p.count(core::Color::White));
    return kExitOk;
}

RegisterCommand showCommand("show", [](CLI::App& app, Action& action) {
    auto o = std::make_shared<ShowOptions>();
    auto* sub = app.add_subcommand("show", "Print a stored game and its board at a ply");
    sub->add_option("ID", o->id, "The game id (from search)")->required();
    sub->add_option("--ply", o->ply, "The board after N plies (passes count); default: the end");
    addDbOption(sub, o->db);
    sub->add_flag("--json", o->json, "Print a JSON object");
    sub->footer(
        "The header gives the players, result, event, date and place, and the source: the file "
        "and record it was imported from, or who entered it (add) and when. A game in the trash "
        "is not shown: the command says since when and by whom it is there and how to restore "
        "it (exit 1). "
        "A game with comments or variations shows them inline after its moves, as PGN writes "
        "them: {comment} after the move it follows, (variation) after the move it replaces. "
        "With --json: \"comments\": [{\"ply\", \"text\"}] (ply: the position of the main line "
        "the comment follows, 0 before the first move, passes count) and \"variations\": "
        "[{\"ply\", \"moves\", \"comments\", \"variations\"}] (ply: the main line's ply whose "
        "move the variation's first move replaces, from 0; moves are squares, \"pass\" for a pass; "
        "its "
        "comments and variations count its own plies, to any depth); \"entered\": {\"user\", "
        "\"time\", \"change\"} for a game entered by hand, else null; \"opening\": the combined "
        "name (\"Tiger (虎定石)\") and \"opening_detail\": {\"name\", \"english\", \"japanese\", "
        "\"sources\", \"moves\"} as `openings --json` lists it, null when none is named.");
    sub->callback(
        [o, &action] { action = [o] { return runCommand([o] { return runShow(*o); }); }; });
});

// What `info` says of the archive's access (it reads through a read-only connection of its
// own): "writable", "read-only" or "read-only snapshot" (Archive.h, "Read-only archives"), and
// the text line saying what that means.
struct Access {
    std::string kind, text;
};
Access accessOf(const storage::ArchiveInfo& i, const std::filesystem::path& path) {
    const storage::Media media = storage::probeMedia(path);
    if (i.access == "read-only snapshot")
        return {i.access,
                media == storage::Media::ReadOnlyMount
                    ? "read-only, the file as it is (a read-only file system: nothing changes it)"
                    : std::string("read-only snapshot: its folder is not writable and its -wal "
                                  "and -shm files are not both beside it, so the file alone is "
                                  "read, as it is now (writers leave it complete when they "
                                  "close); a change made to it later is not seen until it is "
                                  "opened again") +
                          (i.accessWarning.empty() ? ""
                                                   : "; the -wal beside it is not read (see "
                                                     "the warning)")};
    if (media == storage::Media::ReadOnlyMount)
        return {"read-only", "read-only, through the -wal and -shm files beside it (a read-only "
                             "file system)"};
    if (media == storage::Media::ReadOnlyFolder)
        return {"read-only", "read-only, through the -wal and -shm files beside it (its folder "
                             "is not writable): changes by a writer who may write there are seen"};
    if (::access(path.c_str(), W_OK) != 0)
        return {"read-only", "read-only (the file is not writable)"};
    return {"writable", "writable"};
}

struct InfoOptions {
    std::string db;
    bool json = false;
};

int runInfo(const InfoOptions& o) {
    auto archive = openArchive(o.db, storage::Archive::Mode::ReadOnly);
    const storage::ArchiveInfo i = archive.info();
    const Access access = accessOf(i, archive.path());
    // Events as `events` lists them (an event name in a year): README "Events".
    const storage::Archive::EventCounts e = archive.eventCounts();
    if (o.json) {
        nlohmann::json j{{"path", i.path},
                         {"schema_version", i.schemaVersion},
                         {"games", i.games},
                         {"players", i.players},
                         {"events", e.events},
                         {"tournaments", e.tournaments},
                         {"event_names", e.names},
                         {"positions", i.positions},
                         {"file_size", i.fileBytes},
                         {"unindexed_games", i.unindexedGames},
                         {"access", access.kind}};
        j["access_warning"] =
            i.accessWarning.empty() ? nlohmann::json(nullptr) : nlohmann::json(i.accessWarning);
        j["games_by_rules"] = nlohmann::json::object();
        for (const auto& [code, n] : i.gamesByRules) j["games_by_rules"][code] = n;
        printJson(j);
        return kExitOk;
    }
    // "all of them tournaments" rather than "the rest" of none; "1 event name", not "names".
    const std::string tournaments =
        e.tournaments == e.events && e.events > 0
            ? std::string("all of them tournaments")
            : fmt::format("{} of them tournaments, the rest collections of games", e.tournaments);
    fmt::print(
        "database: {} (schema {})\ngames: {}\nplayers: {}\nevents: {} (an event name in a "
        "year; {}; {})\npositions: {}\nfile size: {:.1f} MB\n",
        escapeForTerminal(i.path), i.schemaVersion, i.games, i.players, e.events, tournaments,
        plural(e.names, "event name"), i.positions, double(i.fileBytes) / 1e6);
    // Only when some game is under other rules: an Othello archive's summary is as it was.
    if (!i.gamesByRules.empty() &&
        (i.gamesByRules.size() > 1 || i.gamesByRules.front().first != "othello")) {
        std::string list;
        for (const auto& [code, n] : i.gamesByRules)
            list += (list.empty() ? "" : ", ") + code + " " + std::to_string(n);
        fmt::print("games by rules: {}\n", escapeForTerminal(list));
    }
    fmt::print("access: {}\n", access.text);  // a warning is on stderr (openArchive)
    if (i.unindexedGames)
        fmt::print(
            "not yet indexed: {} (an import is running, or they could not be indexed here: a "
            "read-only archive or a full disk; {}, the next writer indexes them)\n",
            plural(i.unindexedGames, "game", "games"),
            i.unindexedGames > storage::maxReplayedGames() ? "position searches leave them out"
                                                           : "searches replay them");
    return kExitOk;
}

RegisterCommand infoCommand("info", [](CLI::App& app, Action& action) {
    auto o = std::make_shared<InfoOptions>();
    auto* sub = app.add_subcommand("info",
                                   "What the archive holds: games, players, events, "
                                   "positions, file size");
    addDbOption(sub, o->db);
    sub->add_flag("--json", o->json,
                  "Print {path, schema_version, games, players, events, tournaments, "
                  "event_names, positions, file_size, unindexed_games, access, access_warning, "
                  "games_by_rules: {code: games}}");
    sub->footer(
        "events: as `events` lists them (an event name in a year); tournaments: the events that "
        "are tournaments; event_names: the distinct names recorded. access: writable, read-only "
        "(a read-only folder or mount, or a file you may not write: read through the -wal and "
        "-shm files beside it) or read-only snapshot (the file alone, as it is: a copy of the "
        "archive's file in a folder you may not write, or on a read-only file system); "
        "access_warning: what a snapshot leaves out, or null. games by rules: how many games "
        "under each rule set (core's codes: othello, reversi, othello+handicap-a1h8-white...), "
        "said when some game is not under Othello's rules.");
    sub->callback([o, &action] { action = [o] { return runInfo(*o); }; });
});

}  // namespace
}  // namespace othello::cli
