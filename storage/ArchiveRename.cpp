// Renaming players: the one writer of games besides the import (it takes the writer lock).
#include "ArchiveImpl.h"
#include "WriterLock.h"

namespace othello::storage {

std::int64_t Archive::renamePlayer(const std::string& from, const std::string& to) {
    const auto trimmed = [](const std::string& s) {
        const auto b = s.find_first_not_of(" \t");
        if (b == std::string::npos) return std::string();
        return s.substr(b, s.find_last_not_of(" \t") - b + 1);
    };
    const std::string oldName = trimmed(from), newName = trimmed(to);
    if (newName.empty()) throw StorageError("the new player name is empty");
    if (impl_->readOnly) throw StorageError("archive is read-only: it was opened read-only");
    // Players are what an import caches: the writer lock keeps the two apart.
    WriterLock lock(impl_->path, "rename-player", impl_->busyTimeout);
    SQLite::Database& db = impl_->db;
    SQLite::Transaction t(db, SQLite::TransactionBehavior::IMMEDIATE);
    const auto idOf = [&db](const std::string& name) -> std::optional<std::int64_t> {
        SQLite::Statement s(db, "SELECT id FROM players WHERE name = ?");
        s.bind(1, name);
        if (!s.executeStep()) return std::nullopt;
        return s.getColumn(0).getInt64();
    };
    const auto oldId = idOf(oldName);
    if (!oldId) throw StorageError("no player named \"" + oldName + "\"");
    if (oldName == newName) return 0;
    std::int64_t changed = 0;
    // The old spelling (and the old player's own aliases) become aliases of the target, so
    // that importing a file under the old spelling again finds its games as duplicates.
    const auto keepAliases = [&db, &oldName, &newName](std::int64_t target, std::int64_t old) {
        SQLite::Statement move(db, "UPDATE player_aliases SET player_id = ? WHERE player_id = ?");
        move.bind(1, target);
        move.bind(2, old);
        move.exec();
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
    };
    if (const auto newId = idOf(newName)) {
        for (const char* sql : {"UPDATE games SET black_id = ? WHERE black_id = ?",
                                "UPDATE games SET white_id = ? WHERE white_id = ?"}) {
            SQLite::Statement s(db, sql);
            s.bind(1, *newId);
            s.bind(2, *oldId);
            changed += s.exec();
        }
        keepAliases(*newId, *oldId);
        SQLite::Statement del(db, "DELETE FROM players WHERE id = ?");
        del.bind(1, *oldId);
        del.exec();
    } else {
        SQLite::Statement s(db, "UPDATE players SET name = ?, folded = ? WHERE id = ?");
        s.bind(1, newName);
        s.bind(2, foldText(newName));
        s.bind(3, *oldId);
        s.exec();
        keepAliases(*oldId, *oldId);
        SQLite::Statement c(db, "SELECT count(*) FROM games WHERE black_id = ? OR white_id = ?");
        c.bind(1, *oldId);
        c.bind(2, *oldId);
        c.executeStep();
        changed = c.getColumn(0).getInt64();
    }
    t.commit();
    return changed;
}

}  // namespace othello::storage
