#pragma once
// Shared by `duplicates`, `rename-player` and `rename-event` (DuplicatesCommand.cpp,
// RenameCommands.cpp): the text and JSON forms of groups of possible duplicates
// (storage/curation/Duplicates.h).
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "storage/curation/Duplicates.h"

namespace othello::cli {

// {moves, standard_start, short, kind, why: [..], differ: [..], games: [{id, black, white,
// event, date, year, round, place, result, source, comments, variations}], marks: [{change,
// games}]}
nlohmann::json duplicateGroupJson(const storage::DuplicateGroup& g);
nlohmann::json duplicateGroupsJson(const std::vector<storage::DuplicateGroup>& groups);
// The group in a few lines: a title (its number when given), why its games match, what
// differs, one line a game, and the commands that resolve it; names escaped for the terminal.
void printDuplicateGroup(const storage::DuplicateGroup& g, std::size_t number);

}  // namespace othello::cli
