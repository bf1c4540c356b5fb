// othello-db history and revert: the journal of changes, and undoing one.
#include <fmt/core.h>

#include <memory>

#include "EditCli.h"
#include "JsonOutput.h"
#include "importers/TextEscape.h"

namespace othello::cli {
namespace {

using importers::text::escapeForTerminal;

struct HistoryOptions {
    std::optional<std::int64_t> game;
    std::int64_t limit = 50;
    std::string db;
    bool json = false;
};

int runHistory(const HistoryOptions& o) {
    if (o.limit < -1 || o.limit == 0 || o.limit > kMaxLimit)
        throw UsageError(fmt::format("--limit: 1..{} or -1 for all, got {}", kMaxLimit, o.limit));
    auto archive = openArchive(o.db, storage::Archive::Mode::ReadOnly);
    storage::HistoryFilter f;
    f.game = o.game;
    f.limit = o.limit;
    const auto list = archive.history(f);
    if (o.json) {
        nlohmann::json j{{"changes", nlohmann::json::array()}};
        for (const auto& c : list) j["changes"].push_back(changeJson(c));
        printJson(j);
        return kExitOk;
    }
    if (list.empty()) {
        fmt::print("no change journalled{}\n", o.game ? fmt::format(" for game {}", *o.game) : "");
        return kExitOk;
    }
    for (const auto& c : list) {
        std::string state;
        if (c.revertedBy) state = fmt::format("  [reverted by {}]", c.revertedBy);
        fmt::print("{:>6}  {}  {:<12} {:<13} {}{}\n", c.id, timeText(c.time),
                   escapeForTerminal(c.user), c.kind, escapeForTerminal(c.summary), state);
    }
    return kExitOk;
}

RegisterCommand historyCommand("history", [](CLI::App& app, Action& action) {
    auto o = std::make_shared<HistoryOptions>();
    auto* sub = app.add_subcommand("history", "List the journal of changes (newest first)");
    sub->add_option("ID", o->game, "Only the changes of this game");
    sub->add_option("--limit", o->limit, "At most this many changes (default 50; -1: all)");
    addDbOption(sub, o->db);
    sub->add_flag("--json", o->json,
                  "Print {changes: [{id, time, user, kind, summary, games, first_game, "
                  "last_game, details, reverted_by, reverts}]}; moves in details are in "
                  "notation (\"f5\", \"pass\")");
    sub->footer(
        "Every change is journalled with its old and new values, time and user: add, edit, "
        "delete, restore, purge, import, rename-player, rename-event, duplicates, "
        "not-duplicates, problems-add, problems-remove, problems-edit (problem sets), and "
        "reverts. A moves edit shows the first ply it changed and the moves "
        "there on each side (\"moves from ply 18: b1 -> d1\"). "
        "`othello-db revert CHANGE` undoes one.");
    sub->callback(
        [o, &action] { action = [o] { return runCommand([o] { return runHistory(*o); }); }; });
});

struct RevertOptions {
    std::int64_t change = 0;
    std::string db, user;
    bool json = false;
};

int runRevert(const RevertOptions& o) {
    auto archive = openForEdit(o.db, o.user);
    try {
        const std::int64_t done = archive.revert(o.change);
        const auto c = archive.change(done);
        if (o.json)
            printJson({{"reverted", o.change},
                       {"change", done},
                       {"summary", c ? c->summary : std::string()}});
        else
            fmt::print("{} (change {})\n", escapeForTerminal(c ? c->summary : ""), done);
        return kExitOk;
    } catch (const storage::RevertBlocked& e) {
        if (o.json)
            printJson(
                {{"reverted", nullptr},
                 {"change", o.change},
                 {"blocked_by", e.blocker ? nlohmann::json(e.blocker) : nlohmann::json(nullptr)},
                 {"message", e.what()}});
        throw InputError(e.what());
    } catch (const storage::StorageError& e) {
        throw InputError(e.what());
    }
}

RegisterCommand revertCommand("revert", [](CLI::App& app, Action& action) {
    auto o = std::make_shared<RevertOptions>();
    auto* sub = app.add_subcommand("revert", "Undo one journalled change");
    sub->add_option("CHANGE", o->change, "The change's id (see `othello-db history`)")->required();
    addUserOption(sub, o->user);
    addDbOption(sub, o->db);
    sub->add_flag("--json", o->json,
                  "Print {reverted, change, summary}; when blocked (exit 1): {reverted: null, "
                  "change, blocked_by, message}");
    sub->footer(
        "Reverting an edit puts the old values back; an addition, a restore or a whole import "
        "moves its games to the trash; a deletion brings its games back; a rename takes the old "
        "names back; a duplicates resolution brings its games back from the trash and the kept "
        "game's merged fields back; a not-duplicates mark is lifted; problems added, removed or "
        "rewritten are taken back as they were. When a later change depends on it (the same field of the same game edited "
        "again, a game deleted or purged since, the same name renamed again), the revert names "
        "that change and changes nothing: revert it first. Reverting a revert redoes the change. "
        "A purge cannot be reverted.");
    sub->callback(
        [o, &action] { action = [o] { return runCommand([o] { return runRevert(*o); }); }; });
});

}  // namespace
}  // namespace othello::cli
