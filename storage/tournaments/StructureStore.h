#pragma once
// Private to storage/: an event's structure as the archivist states it (issue 25), stored so
// that every view (`event`, publish, serve, the viewer: computeStandings(const Tournament&))
// reads the same: the number of Swiss rounds of a tournament (Archive::setEventRounds) and
// the stage of a game apart from the Swiss (Archive::setGameStages; storage/tournaments/EventStructure.h).
//
// Tables (migration 12):
//  - tournament_rounds: one row per tournament, keyed like tournament_withdrawals
//    (storage/tournaments/Withdrawals.h): the tournament's id when stored (events.id * kTournamentIdYears
//    + year); a tournament's row is the one under any of its spellings' ids (the smallest).
//  - game_stages: one row per game whose stage is stated ("swiss", "playoff", "final"), keyed
//    by game id. A game keeps it in the trash (ids are never reused) and loses it when purged
//    (GameEditor::purge). A stated "swiss" overrides a round that names a stage.
// Archives older than schema 12 (read as they are) have neither table: nothing stated.
//
// Journal. Both are journalled changes that touch no game's record, and both are revertible:
//  - "event-rounds": details {tournament, rounds, was} (null: not stated); no game listed.
//  - "stage": details {tournament, stages: [{game, stage, was}]} (null: none stored); each
//    game listed with field "stage", so a later stage change of the same game blocks a revert
//    (Journal::blocker).
// A revert is a change of kind "revert" with the same details, old and new swapped; reverting
// it again redoes the change.
#include <SQLiteCpp/SQLiteCpp.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "storage/Archive.h"
#include "storage/tournaments/EventStructure.h"
#include "storage/tournaments/Tournament.h"

namespace othello::storage {

inline constexpr const char* kStructureTablesSql = R"SQL(
CREATE TABLE IF NOT EXISTS tournament_rounds(
    tournament INTEGER PRIMARY KEY,
    rounds INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS game_stages(
    game_id INTEGER PRIMARY KEY,
    stage TEXT NOT NULL);
)SQL";

// The most rounds an event may be stated to have.
inline constexpr int kMaxStatedRounds = 999;

// Fills t.statedRounds and each game's markedStage from the tables (nothing on older
// schemas).
void readStructure(SQLite::Database& db, Tournament& t);

// Sets (a number) or removes (nullopt) the stated rounds of `t` in the caller's transaction,
// replacing a row under another spelling's id, and journals it ("event-rounds"; `reverts`:
// the change it reverts, 0 for none). Returns the change id.
std::int64_t writeStatedRounds(SQLite::Database& db, const std::string& user, const Tournament& t,
                               std::optional<int> rounds, std::int64_t reverts = 0);

// One game's stage change: `stage` nullopt removes what is stored.
struct StageChange {
    std::int64_t game = 0;
    std::optional<Stage> stage;
};
// Stores the stages in the caller's transaction and journals them as one change ("stage").
// Returns the change id.
std::int64_t writeStages(SQLite::Database& db, const std::string& user, const Tournament& t,
                         const std::vector<StageChange>& changes, std::int64_t reverts = 0);
// The stored stage of a game (nullopt: none).
std::optional<Stage> storedStage(SQLite::Database& db, std::int64_t game);

// Reverts change `c`, an "event-rounds" or "stage" change or the revert of one (details with
// "rounds" or "stages"), in the caller's transaction (Archive::revert's). Throws
// RevertBlocked when the value is no longer what the change set (naming the later change that
// set it). Returns the revert's id. (storage/tournaments/ArchiveTournaments.cpp)
std::int64_t revertStructure(Archive& archive, Archive::Impl& impl, const Change& c);
// Whether `c` is such a change.
bool isStructureChange(const Change& c);

}  // namespace othello::storage
