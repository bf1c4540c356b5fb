// othello-db delete, trash, restore and purge: moving games to the trash, listing it, bringing
// them back, and removing them for good (storage/Archive.h, "Editing, the trash and the
// journal").
#include <fmt/core.h>

#include <memory>

#include "EditCli.h"
#include "JsonOutput.h"
#include "importers/GameResult.h"
#include "importers/TextEscape.h"
#include "storage/query/ArchiveJson.h"

namespace othello::cli {
namespace {

using importers::text::escapeForTerminal;

struct IdsOptions {
    std::vector<std::int64_t> ids;
    std::string db, user;
    bool json = false;
};

int runDelete(const IdsOptions& o) {
    for (const auto id : o.ids) checkId(id);
    auto archive = openForEdit(o.db, o.user);
    const std::int64_t change = storageCall([&] { return archive.deleteGames(o.ids); });
    if (o.json) {
        printJson({{"games", o.ids}, {"change", change}});
    } else {
        fmt::print(
            "moved {} to the trash (change {}); `othello-db restore ID` brings one back, "
            "`othello-db revert {}` all\n",
            plural(static_cast<std::int64_t>(o.ids.size()), "game", "games"), change, change);
    }
    return kExitOk;
}

RegisterCommand deleteCommand("delete", [](CLI::App& app, Action& action) {
    auto o = std::make_shared<IdsOptions>();
    auto* sub = app.add_subcommand("delete", "Move games to the trash");
    sub->add_option("ID", o->ids, "The games' ids")->required();
    addUserOption(sub, o->user);
    addDbOption(sub, o->db);
    sub->add_flag("--json", o->json, "Print {games, change}");
    sub->footer(
        "Trashed games leave search, counts and position statistics at once. `othello-db "
        "trash` lists them, `othello-db restore ID` brings one back, `othello-db purge` deletes "
        "them for good.");
    sub->callback(
        [o, &action] { action = [o] { return runCommand([o] { return runDelete(*o); }); }; });
});

struct TrashOptions {
    std::string db;
    bool json = false;
};

int runTrash(const TrashOptions& o) {
    auto archive = openArchive(o.db, storage::Archive::Mode::ReadOnly);
    const auto list = archive.trash();
    if (o.json) {
        nlohmann::json j{{"games", nlohmann::json::array()}};
        for (const auto& t : list) {
            nlohmann::json g = storage::gameRowJson(t.row);
            g["change"] = t.change;
            g["deleted"] = timeText(t.time, true);
            g["user"] = t.user;
            j["games"].push_back(g);
        }
        printJson(j);
        return kExitOk;
    }
    fmt::print("{} in the trash\n",
               plural(static_cast<std::int64_t>(list.size()), "game", "games"));
    for (const auto& t : list) {
        const auto result = importers::GameResult::ofRow(
            t.row.complete, t.row.resultKnown, t.row.blackScore, t.row.whiteScore, t.row.variant);
        fmt::print("{:>8}  {} - {}, {}{}, {}  (deleted {} by {}, change {})\n", t.row.id,
                   escapeForTerminal(t.row.black), escapeForTerminal(t.row.white),
                   escapeForTerminal(t.row.event.empty() ? "(no event)" : t.row.event),
                   t.row.year ? fmt::format(" {}", t.row.year) : "", result.text(),
                   timeText(t.time), escapeForTerminal(t.user), t.change);
    }
    return kExitOk;
}

RegisterCommand trashCommand("trash", [](CLI::App& app, Action& action) {
    auto o = std::make_shared<TrashOptions>();
    auto* sub = app.add_subcommand("trash", "List the games in the trash");
    addDbOption(sub, o->db);
    sub->add_flag("--json", o->json,
                  "Print {games: [{id, black, white, event, year, result, ..., change, deleted, "
                  "user}]}");
    sub->callback(
        [o, &action] { action = [o] { return runCommand([o] { return runTrash(*o); }); }; });
});

struct RestoreOptions {
    std::int64_t id = 0;
    std::string db, user;
    bool json = false;
};

int runRestore(const RestoreOptions& o) {
    checkId(o.id);
    auto archive = openForEdit(o.db, o.user);
    const std::int64_t change = storageCall([&] { return archive.restoreGame(o.id); });
    if (o.json)
        printJson({{"game", o.id}, {"change", change}});
    else
        fmt::print("game {} restored (change {})\n", o.id, change);
    return kExitOk;
}

RegisterCommand restoreCommand("restore", [](CLI::App& app, Action& action) {
    auto o = std::make_shared<RestoreOptions>();
    auto* sub = app.add_subcommand("restore", "Bring a game back from the trash");
    sub->add_option("ID", o->id, "The game's id")->required();
    addUserOption(sub, o->user);
    addDbOption(sub, o->db);
    sub->add_flag("--json", o->json, "Print {game, change}");
    sub->footer("The game comes back under its id, in search and statistics again.");
    sub->callback(
        [o, &action] { action = [o] { return runCommand([o] { return runRestore(*o); }); }; });
});

int runPurge(const IdsOptions& o) {
    for (const auto id : o.ids) checkId(id);
    auto archive = openForEdit(o.db, o.user);
    const std::int64_t change = storageCall([&] { return archive.purgeGames(o.ids); });
    std::int64_t purged = 0;
    if (change)
        if (auto c = archive.change(change)) {
            // Change::games lists the first ones; the details list them all.
            const auto d = nlohmann::json::parse(c->details, nullptr, false);
            if (d.is_object() && d.contains("games"))
                purged = static_cast<std::int64_t>(d["games"].size());
        }
    if (o.json) {
        printJson({{"purged", purged},
                   {"change", change ? nlohmann::json(change) : nlohmann::json(nullptr)}});
    } else if (!change) {
        fmt::print("the trash is empty: nothing purged\n");
    } else {
        fmt::print("purged {} for good (change {})\n", plural(purged, "game", "games"), change);
    }
    return kExitOk;
}

RegisterCommand purgeCommand("purge", [](CLI::App& app, Action& action) {
    auto o = std::make_shared<IdsOptions>();
    auto* sub = app.add_subcommand(
        "purge", "Delete trashed games for good (the one change that cannot be undone)");
    sub->add_option("ID", o->ids, "The trashed games to purge (default: the whole trash)");
    addUserOption(sub, o->user);
    addDbOption(sub, o->db);
    sub->add_flag("--json", o->json, "Print {purged, change}");
    sub->footer(
        "IRREVERSIBLE: purged games are gone, and `othello-db revert` cannot bring them back "
        "(every other change can be reverted). The purge is journalled. Only games in the trash "
        "can be purged; their ids are never given to another game, and importing their file "
        "again skips them.");
    sub->callback(
        [o, &action] { action = [o] { return runCommand([o] { return runPurge(*o); }); }; });
});

}  // namespace
}  // namespace othello::cli
