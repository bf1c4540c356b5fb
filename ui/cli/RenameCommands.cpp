// othello-db rename-player and rename-event: every spelling of a name renamed or merged into
// another under the name rule (storage/Archive.h caseFold), listed first with --dry-run, and
// the games the rename makes identical.
#include <fmt/core.h>

#include <memory>

#include "DuplicatesCli.h"
#include "EditCli.h"
#include "JsonOutput.h"
#include "importers/TextEscape.h"

namespace othello::cli {
namespace {

using importers::text::escapeForTerminal;

struct RenameOptions {
    std::string from, to, db, user;
    bool json = false;
    bool dryRun = false;
};

std::string quoted(const std::string& s) {
    return "\"" + escapeForTerminal(s) + "\"";
}

std::string countText(const storage::NameSpelling& n) {
    std::string s = plural(n.games, "game", "games");
    if (n.trashed) s += fmt::format(", {} in the trash", n.trashed);
    return s;
}

nlohmann::json spellingsJson(const std::vector<storage::NameSpelling>& list) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& n : list)
        out.push_back({{"name", n.name}, {"games", n.games}, {"trashed", n.trashed}});
    return out;
}

void printRename(const storage::RenameResult& r, bool player) {
    const char* what = player ? "player" : "event";
    if (r.spellings.empty()) {
        fmt::print("nothing to rename: {} is the only spelling of that name\n", quoted(r.to));
    } else {
        fmt::print("{} {} into {}{}:\n", r.dryRun ? "would rename" : "renamed",
                   plural(static_cast<std::int64_t>(r.spellings.size()), "spelling", "spellings"),
                   quoted(r.to),
                   r.merged ? fmt::format(", merging {} into that {}",
                                          r.spellings.size() == 1 ? "it" : "them", what)
                            : fmt::format(" (a new {} name)", what));
        for (const auto& n : r.spellings) fmt::print("  {}  {}\n", quoted(n.name), countText(n));
    }
    if (!r.lookalikes.empty()) {
        fmt::print(
            "not touched (equal only without accents: maybe another {}; rename it by its "
            "own name to merge it):\n",
            what);
        for (const auto& n : r.lookalikes) fmt::print("  {}  {}\n", quoted(n.name), countText(n));
    }
    if (!r.identical.empty()) {
        fmt::print(
            "{} {} identical (the same game twice: `othello-db duplicates` resolves "
            "them; the rename changes nothing else):\n",
            r.dryRun ? "it would make" : "it made",
            plural(static_cast<std::int64_t>(r.identical.size()), "group of games",
                   "groups of games"));
        for (const auto& g : r.identical) {
            std::string ids;
            for (const auto& d : g.games)
                ids += (ids.empty() ? "" : " = ") + fmt::format("game {}", d.id);
            const auto& d = g.games.front();
            fmt::print("  {}: {} - {}, {}{}\n", ids, escapeForTerminal(d.black),
                       escapeForTerminal(d.white),
                       d.event.empty() ? std::string("(no event)") : escapeForTerminal(d.event),
                       d.date.empty() ? std::string() : ", " + escapeForTerminal(d.date));
        }
    }
    if (r.dryRun)
        fmt::print("nothing was changed (--dry-run): {} would change\n",
                   plural(r.games, "game", "games"));
    else if (r.change)
        fmt::print("{} changed (change {}: `othello-db revert {}` undoes it){}\n",
                   plural(r.games, "game", "games"), r.change, r.change,
                   player ? "; the old spellings are kept as aliases" : "");
}

int runRename(const RenameOptions& o, bool player) {
    // A dry run only reads: it works on a read-only archive too.
    auto archive = o.dryRun ? openArchive(o.db, storage::Archive::Mode::ReadOnly)
                            : openForEdit(o.db, o.user);
    const storage::RenameResult r = storageCall([&] {
        return archive.rename(
            player ? storage::Archive::NameKind::Player : storage::Archive::NameKind::Event, o.from,
            o.to, o.dryRun);
    });
    if (o.json) {
        printJson({{"games", r.games},
                   {"from", o.from},
                   {"to", o.to},
                   {"dry_run", r.dryRun},
                   {"merged", r.merged},
                   {"spellings", spellingsJson(r.spellings)},
                   {"not_touched", spellingsJson(r.lookalikes)},
                   {"identical", duplicateGroupsJson(r.identical)},
                   {"change", r.change ? nlohmann::json(r.change) : nlohmann::json(nullptr)}});
        return kExitOk;
    }
    printRename(r, player);
    return kExitOk;
}

const char* kNameRule =
    "Names follow one rule (README, \"Names\"): OLD matches every spelling equal to it but for "
    "letter case (TAMENORI, Tamenori), and spellings of NEW in another case are merged into "
    "NEW too; accents count, so \"Muller\" never renames \"M\xc3\xbcller\": such look-alikes "
    "(which search finds) are listed as not touched. Every spelling renamed is listed; "
    "--dry-run lists them and changes nothing. The output also lists the games the rename "
    "makes identical (duplicates of each other, resolved with `othello-db duplicates`). "
    "Journalled: `othello-db revert CHANGE` takes the old names back.";

void setup(CLI::App& app, Action& action, bool player) {
    auto o = std::make_shared<RenameOptions>();
    auto* sub =
        app.add_subcommand(player ? "rename-player" : "rename-event",
                           player ? "Rename a player, merging spellings of one player into one"
                                  : "Rename an event, merging spellings of one event into one");
    sub->add_option("OLD", o->from, "The name (letter case ignored)")->required();
    sub->add_option("NEW", o->to,
                    player ? "The new name (an existing player: the two are merged)"
                           : "The new name (an existing event: the two are merged)")
        ->required();
    sub->add_flag("--dry-run", o->dryRun,
                  "List what would be renamed and made identical; change nothing");
    addUserOption(sub, o->user);
    addDbOption(sub, o->db);
    sub->add_flag("--json", o->json,
                  "Print {games, from, to, dry_run, merged, spellings: [{name, games, trashed}], "
                  "not_touched: [...], identical: [groups as `duplicates --json`], change}");
    sub->footer(kNameRule);
    sub->callback([o, &action, player] {
        action = [o, player] { return runCommand([o, player] { return runRename(*o, player); }); };
    });
}

RegisterCommand renameCommand("rename-player",
                              [](CLI::App& app, Action& action) { setup(app, action, true); });
RegisterCommand renameEventCommand("rename-event", [](CLI::App& app, Action& action) {
    setup(app, action, false);
});

}  // namespace
}  // namespace othello::cli
