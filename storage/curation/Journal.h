#pragma once
// Private to storage/: the journal of changes (schema 9, kJournalTablesSql in ArchiveImpl.h).
//
// journal: one row a change (Change in Archive.h): time, user, kind, a one-line summary, its
// old and new values as JSON (details), an import's range of game ids, and the revert links.
// journal_games: the games a change touched and which of their fields: "black", "white",
// "event", "date", "round", "place", "result", "moves", "annotations" (the comments and
// variations, one field: AnnotationStore.h); "trash" for a move to or from the
// trash; "*" for the whole game (add, purge). A revert of change C is blocked by a later change
// in effect (not reverted, not itself a revert) that touches a game of C in an overlapping
// field ("*" overlaps everything): undoing C under it would undo it too, silently.
#include <SQLiteCpp/SQLiteCpp.h>

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "storage/Archive.h"

namespace othello::storage {

struct JournalEntry {
    std::string kind;
    std::string summary;
    nlohmann::json details = nlohmann::json::object();
    // (game, fields): fields comma-separated ("black,white"), "trash" or "*".
    std::vector<std::pair<std::int64_t, std::string>> games;
    std::int64_t firstGame = 0, lastGame = 0;  // an import's range (0: none)
    std::int64_t reverts = 0;                  // a revert: the change it undoes
};

// The one-line summary of an edit of `game` (or of the revert of change `reverts`) from its
// journalled fields ({"black": {"old", "new"}, ...}): what `history` shows. A moves edit names
// the first ply that differs and the moves there. Defined with the edits (ArchiveEdit.cpp).
std::string editSummary(std::int64_t game, const nlohmann::json& fields, std::int64_t reverts);
// The same without the "game N: " prefix ("black \"A\" -> \"B\"; moves from ply 18: ..."), for
// changes that edit a game among other things (a duplicates merge).
std::string fieldsSummary(const nlohmann::json& fields);

class Journal {
  public:
    // $USER, else the login name, else "unknown".
    static std::string osUser();
    // Appends `e` in the caller's transaction (and marks the change it reverts); returns its id.
    static std::int64_t record(SQLite::Database& db, const std::string& user,
                               const JournalEntry& e);
    // One change; its games listed up to kMaxListedGames.
    static std::optional<Change> read(SQLite::Database& db, std::int64_t id);
    static std::vector<Change> list(SQLite::Database& db, const HistoryFilter& filter);
    // The first later change in effect that touches game `game` in one of `fields` (a
    // comma-separated list, "*" for all), excluding `except` fields of theirs ("trash": moves
    // to and from the trash, which an import's revert skips); 0 when none.
    static std::int64_t blocker(SQLite::Database& db, std::int64_t after, std::int64_t game,
                                const std::string& fields, const std::string& except = "");
    // The latest change in effect (reverts included) after `after` touching `fields` of `game`;
    // 0 when none.
    static std::int64_t lastTouch(SQLite::Database& db, std::int64_t after, std::int64_t game,
                                  const std::string& fields);
    // The same over the games in [first, last] (an import).
    static std::int64_t blockerInRange(SQLite::Database& db, std::int64_t after, std::int64_t first,
                                       std::int64_t last, const std::string& except);
    // "change 12 (edit by anna, 2026-11-23 21:40 UTC: game 7: black ...)"
    static std::string describe(SQLite::Database& db, std::int64_t id);
    static constexpr std::size_t kMaxListedGames = 1000;
};

// Throws RevertBlocked for a revert of change `change` that change `by` blocks: "change C cannot
// be reverted: <change `by` described> <why>; revert that one first. Nothing was changed."; with
// `by` 0 (nothing to revert first): "change C cannot be reverted: <why>. Nothing was changed."
[[noreturn]] void throwRevertBlocked(SQLite::Database& db, std::int64_t change, std::int64_t by,
                                     const std::string& why);

// Text in the journal's JSON exactly: a string when it is valid UTF-8, else {"hex": "..."}
// (names read from records may hold other bytes, which JSON strings cannot carry, and a
// revert must put back the very bytes).
nlohmann::json journalText(const std::string& s);
std::string journalTextOf(const nlohmann::json& j);

// Whether two field lists ("black,white", "*") share a field.
bool fieldsOverlap(const std::string& a, const std::string& b);

}  // namespace othello::storage
