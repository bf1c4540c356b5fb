// Renaming players and events, journalled and revertible (they take the writer lock).
#include "GameEditor.h"
#include "Journal.h"

namespace othello::storage {

using nlohmann::json;

namespace {

std::optional<std::int64_t> idOf(SQLite::Database& db, const char* table, const std::string& name) {
    SQLite::Statement s(db, std::string("SELECT id FROM ") + table + " WHERE name = ?");
    s.bind(1, name);
    if (!s.executeStep()) return std::nullopt;
    return s.getColumn(0).getInt64();
}

std::vector<std::int64_t> ids(SQLite::Database& db, const std::string& sql, std::int64_t key) {
    SQLite::Statement s(db, sql);
    s.bind(1, key);
    std::vector<std::int64_t> out;
    while (s.executeStep()) out.push_back(s.getColumn(0).getInt64());
    return out;
}

// Sets `column` to `to` on the rows of `table` whose id is in `games` (and column is `from`).
void moveRows(SQLite::Database& db, const char* table, const char* column,
              const std::vector<std::int64_t>& games, std::int64_t from, std::int64_t to) {
    SQLite::Statement s(db, std::string("UPDATE ") + table + " SET " + column +
                                " = ? WHERE id = ? AND " + column + " = ?");
    for (const std::int64_t g : games) {
        s.bind(1, to);
        s.bind(2, g);
        s.bind(3, from);
        s.exec();
        s.reset();
    }
}

std::int64_t moveAll(SQLite::Database& db, const char* table, const char* column, std::int64_t from,
                     std::int64_t to) {
    SQLite::Statement s(
        db, std::string("UPDATE ") + table + " SET " + column + " = ? WHERE " + column + " = ?");
    s.bind(1, to);
    s.bind(2, from);
    return s.exec();
}

std::string quoted(const std::string& s) {
    return "\"" + s + "\"";
}

}  // namespace

std::int64_t Archive::renamePlayer(const std::string& from, const std::string& to) {
    const std::string oldName = trimmedName(from), newName = trimmedName(to);
    if (newName.empty()) throw StorageError("the new player name is empty");
    requireWritable(*impl_);
    // Players are what an import caches: the writer lock keeps the two apart.
    EditScope scope(*impl_, "rename-player");
    SQLite::Database& db = impl_->db;
    const auto oldId = idOf(db, "players", oldName);
    if (!oldId) throw StorageError("no player named \"" + oldName + "\"");
    if (oldName == newName) return 0;
    json d{{"from", journalText(oldName)}, {"to", journalText(newName)}, {"from_id", *oldId}};
    // What the aliases were, so that a revert puts them back.
    {
        SQLite::Statement a(db, "SELECT player_id FROM player_aliases WHERE name = ?");
        a.bind(1, oldName);
        d["alias_from_was"] = a.executeStep() ? json(a.getColumn(0).getInt64()) : json();
        a.reset();
        a.bind(1, newName);
        d["alias_to_was"] = a.executeStep() ? json(a.getColumn(0).getInt64()) : json();
    }
    std::int64_t changed = 0;
    JournalEntry e;
    e.kind = "rename-player";
    const std::optional<std::int64_t> newId = idOf(db, "players", newName);
    const std::int64_t target = newId ? *newId : *oldId;
    if (newId) {
        d["merged"] = true;
        d["to_id"] = *newId;
        d["aliases"] = json::array();
        SQLite::Statement al(db, "SELECT name FROM player_aliases WHERE player_id = ?");
        al.bind(1, *oldId);
        while (al.executeStep()) d["aliases"].push_back(journalText(al.getColumn(0).getString()));
        for (const char* side : {"black", "white"}) {
            const std::string column = std::string(side) + "_id";
            const auto games = ids(db, "SELECT id FROM games WHERE " + column + " = ?", *oldId);
            const auto trashed =
                ids(db, "SELECT id FROM trash_games WHERE " + column + " = ?", *oldId);
            d[side] = games;
            d[std::string("trash_") + side] = trashed;
            for (const std::int64_t g : games) e.games.emplace_back(g, side);
            changed += moveAll(db, "games", column.c_str(), *oldId, *newId);
            moveAll(db, "trash_games", column.c_str(), *oldId, *newId);
        }
    } else {
        d["merged"] = false;
        d["to_id"] = *oldId;
        SQLite::Statement s(db, "UPDATE players SET name = ?, folded = ? WHERE id = ?");
        s.bind(1, newName);
        s.bind(2, foldText(newName));
        s.bind(3, *oldId);
        s.exec();
        SQLite::Statement c(db, "SELECT count(*) FROM games WHERE black_id = ? OR white_id = ?");
        c.bind(1, *oldId);
        c.bind(2, *oldId);
        c.executeStep();
        changed = c.getColumn(0).getInt64();
    }
    // The old spelling (and the old player's own aliases) become aliases of the target, so
    // that importing a file under the old spelling again finds its games as duplicates.
    moveAll(db, "player_aliases", "player_id", *oldId, target);
    SQLite::Statement add(db,
                          "INSERT OR REPLACE INTO player_aliases(name, folded, player_id) "
                          "VALUES(?, ?, ?)");
    add.bind(1, oldName);
    add.bind(2, foldText(oldName));
    add.bind(3, target);
    add.exec();
    // The new name is a player now, no longer an alias.
    SQLite::Statement drop(db, "DELETE FROM player_aliases WHERE name = ?");
    drop.bind(1, newName);
    drop.exec();
    if (newId) {
        SQLite::Statement del(db, "DELETE FROM players WHERE id = ?");
        del.bind(1, *oldId);
        del.exec();
    }
    e.summary = "player " + quoted(oldName) + (newId ? " merged into " : " renamed ") +
                quoted(newName) + " (" + std::to_string(changed) +
                (changed == 1 ? " game)" : " games)");
    e.details = d;
    Journal::record(db, impl_->user, e);
    scope.commit();
    return changed;
}

std::int64_t Archive::renameEvent(const std::string& from, const std::string& to) {
    const std::string oldName = trimmedName(from), newName = trimmedName(to);
    requireWritable(*impl_);
    EditScope scope(*impl_, "rename-event");
    SQLite::Database& db = impl_->db;
    const auto oldId = idOf(db, "events", oldName);
    if (!oldId) throw StorageError("no event named \"" + oldName + "\"");
    if (oldName == newName) return 0;
    json d{{"from", journalText(oldName)}, {"to", journalText(newName)}, {"from_id", *oldId}};
    JournalEntry e;
    e.kind = "rename-event";
    std::int64_t changed = 0;
    const std::optional<std::int64_t> newId = idOf(db, "events", newName);
    if (newId) {
        d["merged"] = true;
        d["to_id"] = *newId;
        const auto games = ids(db, "SELECT id FROM games WHERE event_id = ?", *oldId);
        d["games"] = games;
        d["trash_games"] = ids(db, "SELECT id FROM trash_games WHERE event_id = ?", *oldId);
        for (const std::int64_t g : games) e.games.emplace_back(g, "event");
        changed = moveAll(db, "games", "event_id", *oldId, *newId);
        moveAll(db, "trash_games", "event_id", *oldId, *newId);
        SQLite::Statement del(db, "DELETE FROM events WHERE id = ?");
        del.bind(1, *oldId);
        del.exec();
    } else {
        d["merged"] = false;
        d["to_id"] = *oldId;
        SQLite::Statement s(db, "UPDATE events SET name = ?, folded = ? WHERE id = ?");
        s.bind(1, newName);
        s.bind(2, foldText(newName));
        s.bind(3, *oldId);
        s.exec();
        changed =
            impl_->db
                .execAndGet("SELECT count(*) FROM games WHERE event_id = " + std::to_string(*oldId))
                .getInt64();
    }
    e.summary = "event " + quoted(oldName) + (newId ? " merged into " : " renamed ") +
                quoted(newName) + " (" + std::to_string(changed) +
                (changed == 1 ? " game)" : " games)");
    e.details = d;
    Journal::record(db, impl_->user, e);
    scope.commit();
    return changed;
}

std::int64_t revertRename(Archive::Impl& impl, const Change& c) {
    SQLite::Database& db = impl.db;
    const json d = json::parse(c.details);
    const bool player = c.kind == "rename-player";
    const char* table = player ? "players" : "events";
    const std::string from = journalTextOf(d["from"]), to = journalTextOf(d["to"]);
    const auto fail = [&](std::int64_t by, const std::string& why) {
        throw RevertBlocked("change " + std::to_string(c.id) + " cannot be reverted: " +
                                (by ? Journal::describe(db, by) + " " : std::string()) + why +
                                (by ? "; revert that one first" : "") + ". Nothing was changed.",
                            by);
    };
    // A later rename of either name depends on this one.
    {
        SQLite::Statement s(db,
                            "SELECT id, details FROM journal WHERE id > ? AND kind = ? AND "
                            "reverted_by IS NULL AND reverts IS NULL ORDER BY id");
        s.bind(1, c.id);
        s.bind(2, c.kind);
        while (s.executeStep()) {
            const json l = json::parse(s.getColumn(1).getString());
            for (const std::string& n : {journalTextOf(l["from"]), journalTextOf(l["to"])})
                if (n == from || n == to)
                    fail(s.getColumn(0).getInt64(), "renamed the same name since");
        }
    }
    const std::int64_t toId = d["to_id"];
    if (idOf(db, table, to) != std::optional<std::int64_t>(toId))
        fail(0, quoted(to) + " is not the one it was");
    if (idOf(db, table, from)) fail(0, quoted(from) + " exists again");
    const bool merged = d["merged"];
    if (merged) {
        std::vector<std::pair<std::string, std::string>> sides;
        if (player)
            sides = {{"black", "black_id"}, {"white", "white_id"}};
        else
            sides = {{"games", "event_id"}};
        for (const auto& [key, column] : sides)
            for (const std::int64_t g : d[key].get<std::vector<std::int64_t>>())
                if (const std::int64_t by =
                        Journal::blocker(db, c.id, g, player ? key : std::string("event")))
                    fail(by, "changed game " + std::to_string(g) + " since");
    }
    JournalEntry e;
    e.kind = "revert";
    e.reverts = c.id;
    e.summary = "revert of change " + std::to_string(c.id) + ": " + quoted(from) + " back";
    std::int64_t fromId = toId;
    if (merged) {
        // The old row again, under its old id when no one took it since.
        const std::int64_t oldId = d["from_id"];
        SQLite::Statement free(db, std::string("SELECT 1 FROM ") + table + " WHERE id = ?");
        free.bind(1, oldId);
        SQLite::Statement ins(
            db, std::string("INSERT INTO ") + table + "(id, name, folded) VALUES(?, ?, ?)");
        if (free.executeStep())
            ins.bind(1);
        else
            ins.bind(1, oldId);
        ins.bind(2, from);
        ins.bind(3, foldText(from));
        ins.exec();
        fromId = db.getLastInsertRowid();
        const auto back = [&](const char* key, const char* tbl, const char* column) {
            const auto games = d[key].get<std::vector<std::int64_t>>();
            moveRows(db, tbl, column, games, toId, fromId);
            if (std::string(tbl) == "games")
                for (const std::int64_t g : games)
                    e.games.emplace_back(g, player ? std::string(column).substr(0, 5) : "event");
        };
        if (player) {
            back("black", "games", "black_id");
            back("white", "games", "white_id");
            back("trash_black", "trash_games", "black_id");
            back("trash_white", "trash_games", "white_id");
            SQLite::Statement al(db, "UPDATE player_aliases SET player_id = ? WHERE name = ?");
            for (const json& alias : d["aliases"]) {
                const std::string n = journalTextOf(alias);
                al.bind(1, fromId);
                al.bind(2, n);
                al.exec();
                al.reset();
            }
        } else {
            back("games", "games", "event_id");
            back("trash_games", "trash_games", "event_id");
        }
    } else {
        SQLite::Statement s(
            db, std::string("UPDATE ") + table + " SET name = ?, folded = ? WHERE id = ?");
        s.bind(1, from);
        s.bind(2, foldText(from));
        s.bind(3, toId);
        s.exec();
    }
    if (player) {
        // The aliases as they were: `from` an alias again only if it was one; `to` too.
        SQLite::Statement del(db, "DELETE FROM player_aliases WHERE name = ?");
        del.bind(1, from);
        del.exec();
        SQLite::Statement put(db,
                              "INSERT OR REPLACE INTO player_aliases(name, folded, player_id) "
                              "SELECT ?, ?, ? WHERE EXISTS (SELECT 1 FROM players WHERE id = ?)");
        for (const auto& [name, key] : {std::pair<std::string, const char*>{from, "alias_from_was"},
                                        std::pair<std::string, const char*>{to, "alias_to_was"}}) {
            if (d[key].is_null()) continue;
            put.bind(1, name);
            put.bind(2, foldText(name));
            put.bind(3, d[key].get<std::int64_t>());
            put.bind(4, d[key].get<std::int64_t>());
            put.exec();
            put.reset();
        }
    }
    e.details = json{{"from", journalText(to)}, {"to", journalText(from)}};
    return Journal::record(db, impl.user, e);
}

}  // namespace othello::storage
