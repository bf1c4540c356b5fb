// Renaming players and events under the name rule, journalled and revertible (they take the
// writer lock), saying which games a rename makes identical.
#include <map>
#include <set>

#include "storage/curation/DuplicateGroups.h"
#include "storage/curation/GameEditor.h"
#include "storage/curation/Journal.h"

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

std::string inQuotes(const std::string& s) {
    return "\"" + s + "\"";
}

// Renames spelling `oldName` into `newName` (merging when `newName` exists) in the caller's
// transaction; returns the journal details of that one spelling and adds the games whose names
// it changed to `changed` (game -> fields).
json renameOne(SQLite::Database& db, bool player, const std::string& oldName,
               const std::string& newName, std::map<std::int64_t, std::set<std::string>>& games,
               std::int64_t& changed) {
    const char* table = player ? "players" : "events";
    const std::int64_t oldId = *idOf(db, table, oldName);
    json d{{"from", journalText(oldName)}, {"to", journalText(newName)}, {"from_id", oldId}};
    if (player) {
        // What the aliases were, so that a revert puts them back.
        SQLite::Statement a(db, "SELECT player_id FROM player_aliases WHERE name = ?");
        a.bind(1, oldName);
        d["alias_from_was"] = a.executeStep() ? json(a.getColumn(0).getInt64()) : json();
        a.reset();
        a.bind(1, newName);
        d["alias_to_was"] = a.executeStep() ? json(a.getColumn(0).getInt64()) : json();
    }
    const std::optional<std::int64_t> newId = idOf(db, table, newName);
    const std::int64_t target = newId ? *newId : oldId;
    d["merged"] = newId.has_value();
    d["to_id"] = target;
    if (newId) {
        std::vector<std::pair<std::string, std::string>> sides;  // journal key, column
        if (player) {
            d["aliases"] = json::array();
            SQLite::Statement al(db, "SELECT name FROM player_aliases WHERE player_id = ?");
            al.bind(1, oldId);
            while (al.executeStep())
                d["aliases"].push_back(journalText(al.getColumn(0).getString()));
            sides = {{"black", "black_id"}, {"white", "white_id"}};
        } else {
            sides = {{"games", "event_id"}};
        }
        for (const auto& [key, column] : sides) {
            const std::string field = player ? key : "event";
            const auto list = ids(db, "SELECT id FROM games WHERE " + column + " = ?", oldId);
            d[key] = list;
            d["trash_" + key] =
                ids(db, "SELECT id FROM trash_games WHERE " + column + " = ?", oldId);
            for (const std::int64_t g : list) games[g].insert(field);
            changed += moveAll(db, "games", column.c_str(), oldId, *newId);
            moveAll(db, "trash_games", column.c_str(), oldId, *newId);
        }
    } else {
        SQLite::Statement s(
            db, std::string("UPDATE ") + table + " SET name = ?, folded = ? WHERE id = ?");
        s.bind(1, newName);
        s.bind(2, foldText(newName));
        s.bind(3, oldId);
        s.exec();
        SQLite::Statement c(db, player ? "SELECT count(*) FROM games WHERE black_id = ?1 OR "
                                         "white_id = ?1"
                                       : "SELECT count(*) FROM games WHERE event_id = ?1");
        c.bind(1, oldId);
        c.executeStep();
        changed += c.getColumn(0).getInt64();
    }
    if (player) {
        // The old spelling (and the old player's own aliases) become aliases of the target, so
        // that importing a file under the old spelling again finds its games as duplicates.
        moveAll(db, "player_aliases", "player_id", oldId, target);
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
    }
    if (newId) {
        SQLite::Statement del(db, std::string("DELETE FROM ") + table + " WHERE id = ?");
        del.bind(1, oldId);
        del.exec();
    }
    return d;
}

NameSpelling spellingOf(SQLite::Database& db, bool player, std::int64_t id,
                        const std::string& name) {
    NameSpelling n;
    n.name = name;
    const std::string where =
        player ? " WHERE black_id = ?1 OR white_id = ?1" : " WHERE event_id = ?1";
    for (const char* table : {"games", "trash_games"}) {
        SQLite::Statement c(db, std::string("SELECT count(*) FROM ") + table + where);
        c.bind(1, id);
        c.executeStep();
        (std::string(table) == "games" ? n.games : n.trashed) = c.getColumn(0).getInt64();
    }
    return n;
}

std::string spellingsText(const std::vector<NameSpelling>& list) {
    std::string s;
    for (const NameSpelling& n : list) s += (s.empty() ? "" : ", ") + inQuotes(n.name);
    return s;
}

}  // namespace

std::int64_t Archive::renamePlayer(const std::string& from, const std::string& to) {
    return rename(NameKind::Player, from, to).games;
}

std::int64_t Archive::renameEvent(const std::string& from, const std::string& to) {
    return rename(NameKind::Event, from, to).games;
}

RenameResult Archive::rename(NameKind kind, const std::string& from, const std::string& to,
                             bool dryRun) {
    const bool player = kind == NameKind::Player;
    const char* table = player ? "players" : "events";
    RenameResult out;
    out.from = trimmedName(from);
    out.to = trimmedName(to);
    out.dryRun = dryRun;
    if (player && out.to.empty()) throw StorageError("the new player name is empty");
    if (!dryRun) requireWritable(*impl_);
    // Players are what an import caches: the writer lock keeps the two apart.
    std::optional<EditScope> scope;
    std::optional<ReadSnapshot> snapshot;
    if (dryRun)
        snapshot.emplace(*impl_);
    else
        scope.emplace(*impl_, player ? "rename-player" : "rename-event");
    SQLite::Database& db = impl_->db;
    // Every spelling the name rule or search relates to either name: caseFold-equal names are
    // foldText-equal (Fold.cpp), so the folded index finds them all.
    std::vector<std::pair<std::int64_t, std::string>> rows;
    {
        SQLite::Statement s(db, std::string("SELECT id, name FROM ") + table +
                                    " WHERE folded IN (?, ?) ORDER BY name");
        s.bind(1, foldText(out.from));
        s.bind(2, foldText(out.to));
        while (s.executeStep())
            rows.emplace_back(s.getColumn(0).getInt64(), s.getColumn(1).getString());
    }
    const std::string fromKey = caseFold(out.from), toKey = caseFold(out.to);
    // `from` as given first, then its other spellings, then those of `to`.
    std::stable_sort(rows.begin(), rows.end(), [&](const auto& a, const auto& b) {
        const auto rank = [&](const std::string& n) {
            return n == out.from ? 0 : caseFold(n) == fromKey ? 1 : caseFold(n) == toKey ? 2 : 3;
        };
        return rank(a.second) < rank(b.second);
    });
    bool found = false;
    std::vector<std::int64_t> renamedIds;
    std::set<std::string> renamedNames;
    for (const auto& [id, name] : rows) {
        const std::string key = caseFold(name);
        found = found || key == fromKey;
        if (name == out.to) continue;
        NameSpelling n = spellingOf(db, player, id, name);
        if (key == fromKey || key == toKey) {
            out.spellings.push_back(std::move(n));
            renamedIds.push_back(id);
            renamedNames.insert(name);
        } else {
            out.lookalikes.push_back(std::move(n));
        }
    }
    if (!found) {
        std::string also;
        for (const NameSpelling& n : out.lookalikes)
            if (foldText(n.name) == foldText(out.from))
                also += (also.empty() ? "" : ", ") + inQuotes(n.name);
        throw StorageError(std::string("no ") + (player ? "player" : "event") + " named " +
                           inQuotes(out.from) + " (case ignored)" +
                           (also.empty() ? std::string()
                                         : "; names that differ in accents: " + also +
                                               " (give the name as stored)"));
    }
    out.merged = idOf(db, table, out.to).has_value();
    for (const NameSpelling& n : out.spellings) out.games += n.games;
    out.identical = groupsMadeIdentical(db, player, renamedIds, renamedNames, out.to);
    if (dryRun || out.spellings.empty()) return out;
    std::map<std::int64_t, std::set<std::string>> games;
    std::int64_t changed = 0;
    json renames = json::array();
    for (const NameSpelling& n : out.spellings)
        renames.push_back(renameOne(db, player, n.name, out.to, games, changed));
    JournalEntry e;
    e.kind = player ? "rename-player" : "rename-event";
    for (const auto& [g, fields] : games) {
        std::string list;
        for (const std::string& f : fields) list += (list.empty() ? "" : ",") + f;
        e.games.emplace_back(g, list);
    }
    e.summary = std::string(player ? "player " : "event ") + spellingsText(out.spellings) +
                (out.merged ? " merged into " : " renamed ") + inQuotes(out.to) + " (" +
                std::to_string(changed) + (changed == 1 ? " game)" : " games)");
    // One spelling: the form every rename had before several could be renamed at once.
    e.details = renames.size() == 1 ? renames[0]
                                    : json{{"from", journalText(out.from)},
                                           {"to", journalText(out.to)},
                                           {"renames", renames}};
    out.games = changed;
    out.change = Journal::record(db, impl_->user, e);
    scope->commit();
    return out;
}

namespace {

// The names a rename change (or each spelling of one) renamed from and to.
std::set<std::string> namesOf(const json& d) {
    std::set<std::string> out;
    for (const json& r : d.contains("renames") ? d["renames"] : json::array({d})) {
        out.insert(journalTextOf(r["from"]));
        out.insert(journalTextOf(r["to"]));
    }
    return out;
}

// Undoes one spelling's rename `d` of change `c`, adding the games it gives back to `e`.
void revertOne(Archive::Impl& impl, const Change& c, const json& d, JournalEntry& e) {
    SQLite::Database& db = impl.db;
    const bool player = c.kind == "rename-player";
    const char* table = player ? "players" : "events";
    const std::string from = journalTextOf(d["from"]), to = journalTextOf(d["to"]);
    const auto fail = [&](std::int64_t by, const std::string& why) {
        throw RevertBlocked("change " + std::to_string(c.id) + " cannot be reverted: " +
                                (by ? Journal::describe(db, by) + " " : std::string()) + why +
                                (by ? "; revert that one first" : "") + ". Nothing was changed.",
                            by);
    };
    const std::int64_t toId = d["to_id"];
    if (idOf(db, table, to) != std::optional<std::int64_t>(toId))
        fail(0, inQuotes(to) + " is not the one it was");
    if (idOf(db, table, from)) fail(0, inQuotes(from) + " exists again");
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
}

}  // namespace

std::int64_t revertRename(Archive::Impl& impl, const Change& c) {
    SQLite::Database& db = impl.db;
    const json d = json::parse(c.details);
    const std::set<std::string> names = namesOf(d);
    // A later rename of one of its names depends on this one.
    {
        SQLite::Statement s(db,
                            "SELECT id, details FROM journal WHERE id > ? AND kind = ? AND "
                            "reverted_by IS NULL AND reverts IS NULL ORDER BY id");
        s.bind(1, c.id);
        s.bind(2, c.kind);
        while (s.executeStep())
            for (const std::string& n : namesOf(json::parse(s.getColumn(1).getString())))
                if (names.count(n))
                    throw RevertBlocked(
                        "change " + std::to_string(c.id) + " cannot be reverted: " +
                            Journal::describe(db, s.getColumn(0).getInt64()) +
                            " renamed the same name since; revert that one first. Nothing was "
                            "changed.",
                        s.getColumn(0).getInt64());
    }
    const json spellings = d.contains("renames") ? d["renames"] : json::array({d});
    JournalEntry e;
    e.kind = "revert";
    e.reverts = c.id;
    std::string back;
    // The last spelling renamed first: each undoes what it found.
    for (auto r = spellings.rbegin(); r != spellings.rend(); ++r) revertOne(impl, c, *r, e);
    for (const json& r : spellings)
        back += (back.empty() ? "" : ", ") + inQuotes(journalTextOf(r["from"]));
    // A game given back on both sides (two spellings) is one row of journal_games.
    std::map<std::int64_t, std::set<std::string>> fields;
    for (const auto& [g, f] : e.games) fields[g].insert(f);
    e.games.clear();
    for (const auto& [g, set] : fields) {
        std::string list;
        for (const std::string& f : set) list += (list.empty() ? "" : ",") + f;
        e.games.emplace_back(g, list);
    }
    e.summary = "revert of change " + std::to_string(c.id) + ": " + back + " back";
    e.details = json{{"from", d["to"]}, {"to", d["from"]}};
    return Journal::record(db, impl.user, e);
}

}  // namespace othello::storage
