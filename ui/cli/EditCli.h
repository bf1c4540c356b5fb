#pragma once
// Shared by the commands that change the archive (add, edit, delete, restore, purge, revert,
// rename-event; AddEditCommands.cpp, TrashCommands.cpp, HistoryRevertCommands.cpp,
// RenameCommands.cpp): --user, the JSON form of a journalled change, game ids checked, and
// storage errors turned into exit codes. Defined in EditCli.cpp.
#include <nlohmann/json.hpp>
#include <string>

#include "StorageCli.h"

namespace othello::cli {

// --user NAME: the name journalled with the change (default: the OS user name).
void addUserOption(CLI::App* sub, std::string& user);
// openArchive(db, ReadWrite) with the journal's user set.
storage::Archive openForEdit(const std::string& db, const std::string& user);
// {id, time ("2026-11-23T21:40:00Z"), user, kind, summary, games, first_game, last_game,
//  details (object), reverted_by, reverts}; null for the absent links.
nlohmann::json changeJson(const storage::Change& c);
// "2026-11-23 21:40" (UTC)
std::string timeText(std::int64_t seconds, bool iso = false);
// UsageError unless `id` is a game id the archive can hold (1..storage::kMaxGameId).
void checkId(std::int64_t id);
// Runs `f`; a storage::StorageError (a game not found, a failed check) becomes InputError
// (exit 1).
template <typename F>
auto storageCall(F&& f) -> decltype(f()) {
    try {
        return f();
    } catch (const storage::StorageError& e) {
        throw InputError(e.what());
    }
}

}  // namespace othello::cli
