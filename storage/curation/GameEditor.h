#pragma once
// Private to storage/: the steps every change of games is made of, run inside the caller's
// transaction while it holds the writer lock (ArchiveEdit.cpp, ArchiveRevert.cpp,
// ArchiveRename.cpp). Each keeps the row, the position index and the position statistics in
// step, so that the caller's one commit takes the archive from one consistent state to the
// next.
#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "storage/ArchiveImpl.h"
#include "storage/database/GameColumns.h"
#include "storage/database/WriterLock.h"

namespace othello::storage {

// A stored game as an edit reads and rewrites it.
struct EditableGame {
    importers::GameRecord record;
    // The stored rules code when this program cannot read it (a later version wrote it):
    // record.rules is a stand-in then, and write() refuses the game.
    std::optional<std::string> unreadableRules;
    GameRowRefs refs;  // refs.id is the game's id
    std::optional<std::int64_t> sourceRecord, sourceLine;
};

class GameEditor {
  public:
    // Inside an EditScope (below).
    explicit GameEditor(Archive::Impl& impl);

    // The game with its comments and variations (AnnotationStore.h). Throws StorageError
    // naming the game ("no game 12"; "game 12 is in the trash").
    EditableGame read(std::int64_t id);
    bool inGames(std::int64_t id);
    bool inTrash(std::int64_t id);
    // Rewrites the row of game.refs.id from game.record (keys recomputed) in place; its
    // annotations are the caller's (AnnotationStore::write).
    void write(EditableGame& game);
    // Inserts a new game under a fresh id (above gameIdFloor) and indexes its main line, with
    // its comments and variations (the caller checked them); returns the id.
    std::int64_t insert(const importers::GameRecord& r);
    // The position index and statistics rows of the game as stored now: removed / added.
    void unindex(std::int64_t id);
    // Many games at once (deleting or reverting an import): unindex() queues the positions
    // until flushStatistics(), which the caller must call before it commits. It deletes them
    // in index order (a walk along the b-tree rather than a seek to a random page for each)
    // and updates each statistics row once instead of once per game.
    void batchStatistics() { batch_ = true; }
    void flushStatistics();
    void index(std::int64_t id);
    // Keeps the game's original record key (game_origins) before its first edit or deletion.
    void keepOrigin(std::int64_t id);
    // Moves a game to the trash (unindexed) under `change` / back from it (indexed).
    void toTrash(std::int64_t id, std::int64_t change);
    void fromTrash(std::int64_t id);
    // Deletes a trashed game for good, its comments and variations too.
    void purge(std::int64_t id);
    // The id of the player named `name` (an old spelling: the player it was merged into),
    // created when there is none.
    std::int64_t playerId(const std::string& name);
    std::int64_t eventId(const std::string& name);
    // "Black - White, event, date, result" for summaries.
    static std::string describe(const importers::GameRecord& r);

  private:
    void advanceIndexedUpto(std::int64_t id);
    void subtract(std::int64_t hash, int next, const Figures& f);
    bool batch_ = false;
    std::map<std::pair<std::int64_t, int>, Figures> taken_;      // (hash, next) -> figures
    std::vector<std::pair<std::int64_t, std::int64_t>> queued_;  // (hash, game) to delete
    void deletePosition(std::int64_t hash, std::int64_t game);
    Archive::Impl& impl_;
    SQLite::Database& db_;
};

// What every change runs in: the writer lock, the games a killed import left indexed first
// (unindex() relies on every game being in the index), then one IMMEDIATE transaction.
class EditScope {
  public:
    EditScope(Archive::Impl& impl, const char* command);
    // Rates the games the change touched (storage/players/RatingsStore.h), then commits.
    void commit();

  private:
    Archive::Impl& impl_;
    WriterLock lock_;
    std::optional<SQLite::Transaction> transaction_;
};

// The fields an edit changes, as JSON values: "black", "white", "event", "date", "round",
// "place" (strings), "result" ({stated_black: int or null, stated_result: string}), "moves"
// (an array of squares, 64 = pass, replayed from the game's start), "annotations" (the
// comments and variations, annotationsJson in AnnotationStore.h).
nlohmann::json fieldValue(const importers::GameRecord& r, const std::string& field);
// Sets the fields of `values` on game `g` and rewrites it (index, statistics, keys, opening
// and cached review kept in step), journalled as an "edit" (or, with `reverts`, as the revert
// of that change). check: a finished game's stated result must agree with its moves. The
// game's annotations must fit its moves after the edit (importers::annotationsValid), else
// AnnotationsMismatch (nothing written). Returns the change (0 when no value differs).
EditResult applyEdit(Archive::Impl& impl, GameEditor& editor, EditableGame& g,
                     const nlohmann::json& values, bool check, std::int64_t reverts);
// The same edit without its journal entry, for a change that journals more than one game's
// edit (a duplicates resolution): what changed, for the caller's entry.
struct AppliedFields {
    nlohmann::json fields = nlohmann::json::object();  // field -> {old, new}
    std::vector<std::string> changed;                  // in kFields order
    std::string summary;                               // "date \"\" -> \"2021\"; ..."
    std::string list() const;                          // "date,place"
};
AppliedFields applyFields(Archive::Impl& impl, GameEditor& editor, EditableGame& g,
                          const nlohmann::json& values, bool check);
// An edit that would leave a game's comments or variations off its moves (an EditError).
struct AnnotationsMismatch : EditError {
    using EditError::EditError;
};
// Replays `tokens` from r.start into r (moves, status, score); EditError on an illegal move.
void replayEntered(importers::GameRecord& r, const std::vector<int>& tokens);
// EditError when r is finished and its stated result disagrees with the moves.
void checkEnteredResult(const importers::GameRecord& r);
// The result as typed ("33-31", "1-0", "*", ""): r's stated fields. EditError when unreadable.
void setEnteredResult(importers::GameRecord& r, const std::string& text);
// "" or YYYY, YYYY-MM, YYYY-MM-DD: r.date and r.year. EditError otherwise.
void setEnteredDate(importers::GameRecord& r, const std::string& text);

// Undoes a rename-player or rename-event change (ArchiveRename.cpp), inside the caller's
// EditScope; returns the revert's change id. RevertBlocked when a later change depends on it.
std::int64_t revertRename(Archive::Impl& impl, const Change& c);
// A revert that brings `games` back from the trash may: each is still there, and no later
// change in effect restored or purged it; else RevertBlocked naming the blocker
// (ArchiveRevert.cpp; the duplicates' revert too).
void requireStillTrashed(SQLite::Database& db, GameEditor& editor, std::int64_t change,
                         const std::vector<std::int64_t>& games);
// A revert that needs `game` in the archive may: it is there; else RevertBlocked by the change
// that trashed it (`trashedWhy` says how), or because it was purged.
void requireInGames(SQLite::Database& db, GameEditor& editor, std::int64_t change,
                    std::int64_t game, const std::string& trashedWhy);

// "a b" -> "a b"; "  x " -> "x"
std::string trimmedName(const std::string& s);
// Refuses a read-only archive ("archive is read-only: it was opened read-only").
void requireWritable(const Archive::Impl& impl);

}  // namespace othello::storage
