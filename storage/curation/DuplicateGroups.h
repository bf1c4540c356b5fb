#pragma once
// Private to storage/: the pieces of Duplicates.h that ArchiveDuplicates.cpp, ArchiveRename.cpp,
// ArchiveRevert.cpp and the schema share: the table of "not duplicates" marks (migration 13),
// reading and describing groups of games with the same moves, and undoing a resolution.
//
// Table (migration 13): duplicate_marks holds one row per (mark, game): `mark` is the journal
// id of the change that marked the games as different games ("not-duplicates", or the revert
// that put a mark back), so reverting that change deletes exactly its rows. No foreign key: a
// purged game's rows stay, harmless (ids are never reused). Archives older than schema 13
// (read as they are) have no table: no marks.
//
// Journal. A resolution ("duplicates") journals {game: kept, fields: {field: {old, new}},
// trashed: [ids], described: {id: "Black - White, ..."}} with the kept game's merged fields
// and each trashed game ("trash") in journal_games. A mark ("not-duplicates") journals
// {marked: [ids]} and no journal_games rows (a mark changes no game: it blocks nothing). Their
// reverts journal the inverse with "duplicates": true (fields swapped, trashed <-> restored,
// marked <-> unmarked), so reverting a revert redoes the change.
#include <SQLiteCpp/SQLiteCpp.h>

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "storage/ArchiveImpl.h"
#include "storage/curation/Duplicates.h"

namespace othello::storage {

inline constexpr const char* kDuplicateTablesSql = R"SQL(
CREATE TABLE IF NOT EXISTS duplicate_marks(
    mark INTEGER NOT NULL,
    game_id INTEGER NOT NULL,
    PRIMARY KEY(mark, game_id)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS duplicate_marks_game ON duplicate_marks(game_id);
)SQL";

// Migration 13's step: the folded columns (players, events, player_aliases) under foldText as
// it is now (it folds the case of Latin Extended-A, Greek and Cyrillic letters too).
void refoldNames(SQLite::Database& db);

bool tableExists(SQLite::Database& db, const char* name);

// The groups (two games or more, in games) among the games of `keys` (moves_key values), each
// described (kind, why, differ) with its marks; in the order of DuplicateList.
std::vector<DuplicateGroup> readGroups(SQLite::Database& db, const std::vector<std::int64_t>& keys);
// Sets kind, why and differ from the group's games.
void describeGroup(DuplicateGroup& g);
// Whether every two games of `g` share a mark.
bool allMarked(const DuplicateGroup& g);
// The mark saying games a and b are different games (0: none).
std::int64_t markBetween(const DuplicateGroup& g, std::int64_t a, std::int64_t b);
// The order of a list: short groups last, likeliest kind first, then the first game's id.
bool listedBefore(const DuplicateGroup& a, const DuplicateGroup& b);

// The import's "same game" (Archive.h ImportResult::duplicates) under the name rule: names
// known and equal after caseFold, an event and a date known on both sides that agree (one the
// start of the other, the event folded).
bool sameGame(const DuplicateGame& a, const DuplicateGame& b);

// Groups that renaming `spellings` to `to` makes identical: the groups of the games naming one
// of them (player ids for a player rename, event ids for an event rename) whose games, with the
// names as the rename leaves them, form classes of the same game that were not one before.
// The games of each class are shown with their names after the rename.
std::vector<DuplicateGroup> groupsMadeIdentical(SQLite::Database& db, bool player,
                                                const std::vector<std::int64_t>& ids,
                                                const std::set<std::string>& spellings,
                                                const std::string& to);

// Undoes a "duplicates" or "not-duplicates" change, or a revert of one (details with
// "duplicates"), inside the caller's EditScope; returns the revert's change id.
std::int64_t revertDuplicates(Archive::Impl& impl, const Change& c);

}  // namespace othello::storage
