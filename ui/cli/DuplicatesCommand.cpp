// othello-db duplicates: possible duplicates listed, resolved (keep one, trash the others,
// merge headers) or marked not duplicates (storage/curation/Duplicates.h).
#include <fmt/core.h>

#include <memory>

#include "DuplicatesCli.h"
#include "EditCli.h"
#include "JsonOutput.h"
#include "importers/TextEscape.h"

namespace othello::cli {
namespace {

using importers::text::escapeForTerminal;

struct DuplicatesOptions {
    std::string db, user;
    bool json = false;
    // Listing.
    int minMoves = 0;
    std::optional<std::int64_t> game;
    bool all = false;
    std::int64_t limit = -1;
    // Resolving.
    std::optional<std::int64_t> keep;
    std::vector<std::int64_t> drop;
    bool merge = false;
    std::optional<std::int64_t> prefer;
    std::vector<std::string> fields;  // FIELD=GAME
    bool dryRun = false;
    // Marking.
    std::vector<std::int64_t> notDuplicates;
};

std::string quotedValue(const std::string& v) {
    return "\"" + escapeForTerminal(v) + "\"";
}

int runList(const DuplicatesOptions& o) {
    if (o.minMoves < 0 || o.minMoves > 64)
        throw UsageError(fmt::format("--min-moves: 0..64, got {}", o.minMoves));
    if (o.limit < -1 || o.limit > kMaxLimit)
        throw UsageError(fmt::format("--limit: 0..{} or -1 for all, got {}", kMaxLimit, o.limit));
    auto archive = openArchive(o.db, storage::Archive::Mode::ReadOnly);
    storage::DuplicateQuery q;
    q.minMoves = o.minMoves;
    q.game = o.game;
    q.includeMarked = o.all;
    q.limit = o.limit;
    const storage::DuplicateList list = storageCall([&] { return archive.duplicates(q); });
    if (o.json) {
        printJson({{"groups", duplicateGroupsJson(list.groups)},
                   {"total", list.total},
                   {"games", list.games},
                   {"marked", list.marked},
                   {"too_short", list.tooShort}});
        return kExitOk;
    }
    if (list.total == 0)
        fmt::print("no possible duplicates{}\n", o.game ? fmt::format(" of game {}", *o.game) : "");
    else
        fmt::print("{} of possible duplicates ({}), likeliest first, short games last{}\n",
                   plural(list.total, "group", "groups"), plural(list.games, "game", "games"),
                   list.groups.size() < static_cast<std::size_t>(list.total)
                       ? fmt::format("; the first {} shown", list.groups.size())
                       : "");
    if (list.marked)
        fmt::print("{} marked not duplicates not listed (--all lists them)\n",
                   plural(list.marked, "group", "groups"));
    if (list.tooShort)
        fmt::print("{} of fewer than {} moves not listed (--min-moves)\n",
                   plural(list.tooShort, "group", "groups"), o.minMoves);
    for (std::size_t i = 0; i < list.groups.size(); ++i) {
        fmt::print("\n");
        printDuplicateGroup(list.groups[i], i + 1);
    }
    if (!list.groups.empty())
        fmt::print(
            "\nresolve a group: othello-db duplicates --keep ID [--merge] (the others go to the "
            "trash), or --not-duplicates ID ID...; see --help\n");
    return kExitOk;
}

void printSets(const char* title, const std::vector<storage::DuplicateResolution::Set>& sets) {
    if (sets.empty()) return;
    fmt::print("{}\n", title);
    for (const auto& s : sets)
        fmt::print("  {}: {} -> {}{}\n", s.field, quotedValue(s.from), quotedValue(s.to),
                   s.game ? fmt::format(" (game {})", s.game) : "");
}

nlohmann::json setsJson(const std::vector<storage::DuplicateResolution::Set>& sets) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& s : sets)
        out.push_back({{"field", s.field},
                       {"from", s.from},
                       {"to", s.to},
                       {"game", s.game ? nlohmann::json(s.game) : nlohmann::json(nullptr)}});
    return out;
}

nlohmann::json conflictsJson(const std::vector<storage::FieldConflict>& conflicts) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& c : conflicts) {
        nlohmann::json values = nlohmann::json::array();
        for (const auto& [game, value] : c.values)
            values.push_back({{"game", game}, {"value", value}});
        out.push_back({{"field", c.field}, {"values", values}});
    }
    return out;
}

int runResolve(const DuplicatesOptions& o) {
    storage::DuplicateResolve r;
    r.keep = *o.keep;
    r.drop = o.drop;
    r.merge = o.merge;
    r.preferAll = o.prefer;
    r.dryRun = o.dryRun;
    for (const std::string& f : o.fields) {
        const auto eq = f.find('=');
        std::int64_t game = 0;
        try {
            if (eq == std::string::npos) throw std::invalid_argument(f);
            std::size_t used = 0;
            game = std::stoll(f.substr(eq + 1), &used);
            if (used != f.size() - eq - 1) throw std::invalid_argument(f);
        } catch (const std::exception&) {
            throw UsageError("--field: expected FIELD=GAME (date=12), got \"" + f + "\"");
        }
        r.prefer[f.substr(0, eq)] = game;
    }
    // A dry run only reads: it works on a read-only archive too.
    auto archive = o.dryRun ? openArchive(o.db, storage::Archive::Mode::ReadOnly)
                            : openForEdit(o.db, o.user);
    storage::DuplicateResolution out;
    try {
        out = archive.resolveDuplicates(r);
    } catch (const storage::MergeConflict& e) {
        if (o.json)
            printJson({{"keep", r.keep},
                       {"change", nullptr},
                       {"conflicts", conflictsJson(e.conflicts)},
                       {"message", e.what()}});
        throw InputError(
            std::string(e.what()) +
            "\n(--prefer GAME: that game's values win; --field FIELD=GAME: per field)");
    } catch (const storage::StorageError& e) {
        throw InputError(e.what());
    }
    if (o.json) {
        printJson({{"keep", out.keep},
                   {"trashed", out.trashed},
                   {"set", setsJson(out.set)},
                   {"not_taken", setsJson(out.notTaken)},
                   {"conflicts", conflictsJson(out.conflicts)},
                   {"change", out.change ? nlohmann::json(out.change) : nlohmann::json(nullptr)},
                   {"dry_run", o.dryRun}});
        return out.conflicts.empty() ? kExitOk : kExitBadInput;
    }
    std::vector<std::string> ids;
    for (const std::int64_t id : out.trashed) ids.push_back(std::to_string(id));
    std::string list;
    for (const std::string& id : ids) list += (list.empty() ? "" : ", ") + id;
    if (o.dryRun)
        fmt::print("would keep game {} and move {} {} to the trash\n", out.keep,
                   ids.size() == 1 ? "game" : "games", list);
    else
        fmt::print(
            "kept game {}; {} {} moved to the trash (change {}: `othello-db revert {}` "
            "undoes it)\n",
            out.keep, ids.size() == 1 ? "game" : "games", list, out.change, out.change);
    printSets(o.dryRun ? "would merge into it:" : "merged into it:", out.set);
    printSets("not merged (kept with the trashed games; --merge takes what the kept game lacks):",
              out.notTaken);
    if (!out.conflicts.empty()) {
        fmt::print("conflicts (a real run refuses them: --prefer GAME or --field FIELD=GAME):\n");
        for (const auto& c : out.conflicts) {
            std::string values;
            for (const auto& [game, value] : c.values)
                values += fmt::format("{}game {} {}", values.empty() ? "" : "; ", game,
                                      quotedValue(value));
            fmt::print("  {}: {}\n", c.field, values);
        }
        return kExitBadInput;
    }
    if (o.dryRun) fmt::print("nothing was changed (--dry-run)\n");
    return kExitOk;
}

int runMark(const DuplicatesOptions& o) {
    auto archive = openForEdit(o.db, o.user);
    const std::int64_t change =
        storageCall([&] { return archive.markNotDuplicates(o.notDuplicates); });
    if (o.json) {
        printJson({{"marked", o.notDuplicates}, {"change", change}});
        return kExitOk;
    }
    std::string list;
    for (const std::int64_t id : o.notDuplicates)
        list += (list.empty() ? "" : ", ") + std::to_string(id);
    fmt::print(
        "games {} marked not duplicates: no longer listed together (change {}: "
        "`othello-db revert {}` undoes it)\n",
        list, change, change);
    return kExitOk;
}

int runDuplicates(const DuplicatesOptions& o) {
    const bool resolving = o.keep.has_value();
    const bool marking = !o.notDuplicates.empty();
    if (resolving && marking) throw UsageError("give --keep or --not-duplicates, not both");
    if (!resolving && (o.merge || o.prefer || !o.fields.empty() || !o.drop.empty() || o.dryRun))
        throw UsageError("--drop, --merge, --prefer, --field and --dry-run go with --keep");
    if (!o.merge && (o.prefer || !o.fields.empty()))
        throw UsageError("--prefer and --field go with --merge");
    if ((resolving || marking) && (o.game || o.all || o.minMoves || o.limit != -1))
        throw UsageError(
            "--game, --all, --min-moves and --limit list groups; they do not go "
            "with --keep or --not-duplicates");
    if (resolving) return runResolve(o);
    if (marking) return runMark(o);
    return runList(o);
}

RegisterCommand duplicatesCommand("duplicates", [](CLI::App& app, Action& action) {
    auto o = std::make_shared<DuplicatesOptions>();
    auto* sub = app.add_subcommand(
        "duplicates",
        "List possible duplicates (games with the same moves from the same start) and resolve "
        "them");
    sub->add_option("--min-moves", o->minMoves,
                    "List only groups of games of at least N moves (passes not counted)");
    sub->add_option("--game", o->game, "Only the group of this game");
    sub->add_flag("--all", o->all, "Also the groups marked not duplicates");
    sub->add_option("--limit", o->limit, "At most N groups (default -1: all)");
    sub->add_option("--keep", o->keep,
                    "Resolve: keep this game and move the others of its group to the trash");
    sub->add_option("--drop", o->drop,
                    "With --keep: only these games go to the trash (default: every other game "
                    "of the group not marked not duplicates of it)");
    sub->add_flag("--merge", o->merge,
                  "With --keep: the kept game takes the headers it lacks (empty fields) and the "
                  "comments and variations of the others; a field with two values is refused "
                  "unless --prefer or --field says which wins");
    sub->add_option("--prefer", o->prefer,
                    "With --merge: this game's values win every conflict (its empty fields are "
                    "filled as usual)");
    sub->add_option("--field", o->fields,
                    "With --merge: FIELD=GAME, that game's value of FIELD wins (black, white, "
                    "event, date, round, place, result); repeatable");
    sub->add_flag("--dry-run", o->dryRun,
                  "With --keep: say what would be kept, trashed and merged (and the conflicts), "
                  "change nothing");
    sub->add_option("--not-duplicates", o->notDuplicates,
                    "Mark these games (two or more of one group) as different games: not "
                    "listed together again");
    addUserOption(sub, o->user);
    addDbOption(sub, o->db);
    sub->add_flag("--json", o->json,
                  "List: {groups: [{moves, standard_start, short, kind, why, differ, games: "
                  "[{id, black, white, event, date, year, round, place, result, source, "
                  "comments, variations}], marks: [{change, games}]}], total, games, marked, "
                  "too_short}; --keep: {keep, trashed, set, not_taken, conflicts, change, "
                  "dry_run}; --not-duplicates: {marked, change}");
    sub->footer(
        "A group is two games or more with the same moves from the same start, in the archive "
        "(not the trash). Listed likeliest first: the same game (same players, an event and a "
        "date that agree), the same players, unknown or look-alike names, other players; "
        "groups of games shorter than 20 moves last, for different games often share a short "
        "line. Each group says why its games match and what differs. Resolving never purges: "
        "the games dropped go to the trash, and every resolution and mark is journalled: "
        "`othello-db revert CHANGE` undoes it. A merge never overwrites a non-empty field "
        "unless --prefer or --field says which game's value wins. Exit 1 when a game is not "
        "there, is no duplicate of the kept game, or a merge has conflicts.");
    sub->callback(
        [o, &action] { action = [o] { return runCommand([o] { return runDuplicates(*o); }); }; });
});

}  // namespace
}  // namespace othello::cli
