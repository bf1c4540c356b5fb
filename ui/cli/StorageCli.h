#pragma once
// Shared by the archive commands (import, search, stats, show, info, export, rename-player):
// the --db option, the search filters and JSON forms of archive results.
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "Command.h"
#include "importers/Diagnostic.h"
#include "storage/Archive.h"

namespace othello::cli {

// --db PATH: the database file. Precedence: --db, else $OTHELLO_DB, else
// $XDG_DATA_HOME/othello-db/games.sqlite (~/.local/share when unset).
void addDbOption(CLI::App* sub, std::string& db);
storage::Archive openArchive(const std::string& db, storage::Archive::Mode mode);

// The filters shared by search and export.
struct FilterOptions {
    std::string player, black, white, event, year, result, moves, position, sort;
    bool descending = false;
    std::int64_t limit = 20;
    std::int64_t offset = 0;
};
void addFilterOptions(CLI::App* sub, FilterOptions& o, bool paging);
// Throws InputError for a bad year, result, sort, move sequence or board.
storage::SearchFilter makeFilter(const FilterOptions& o);
// A position from --moves (replayed from the start) or --position (a board string).
std::optional<core::Position> queryPosition(const std::string& moves, const std::string& board);

nlohmann::json diagnosticJson(const importers::Diagnostic& d);
nlohmann::json gameRowJson(const storage::GameRow& row);
// "62-2" or "31-33"
std::string scoreText(int black, int white);

}  // namespace othello::cli
