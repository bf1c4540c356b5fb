#pragma once
// Private to storage/: withdrawals stored with a tournament (storage/tournaments/Tournament.h), issue 13: a
// player who left a tournament, so that standings (storage/tournaments/Standings.h: Brightwell quotient)
// count the games against them as the World Othello Championship does, in the CLI, publish,
// serve and viewer alike (Archive::withdraw, Archive::tournament).
//
// Table (migration 11): one row per (tournament, player).
//  - tournament: the tournament's id when the withdrawal was stored (events.id *
//    kTournamentIdYears + year). Any spelling of the tournament may hold a row: a tournament's
//    rows are those under any of its spellings' ids. No foreign key: rename-event merging one
//    spelling into another deletes the first event (its rows then belong to no tournament).
//  - player: the name as the games spelled it then. No foreign key to players either: a
//    rename-player merge deletes the old player row, which a foreign key would forbid. The
//    name is followed through renames on reading: a name that is no longer a player's is looked
//    up in player_aliases (rename-player keeps old spellings there).
//  - after_round: the last round the player played (0: not given).
// Archives older than schema 11 (read as they are) have no table: no withdrawals.
//
// Journal. withdraw and unwithdraw are journalled changes (kinds "withdraw", "unwithdraw":
// who and when, in `history`) that touch no game; details: {tournament, player, after_round,
// was}, `was` the round stored before (null: none). `revert` refuses them ("cannot be reverted
// by this program": its dispatch, storage/curation/ArchiveRevert.cpp, knows the changes of games); the
// inverse change is made by hand with `event --unwithdraw` or `--withdraw ... --after-round`,
// which `was` tells.
#include <SQLiteCpp/SQLiteCpp.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "storage/Archive.h"
#include "storage/tournaments/Tournament.h"

namespace othello::storage {

inline constexpr const char* kWithdrawalTablesSql = R"SQL(
CREATE TABLE IF NOT EXISTS tournament_withdrawals(
    tournament INTEGER NOT NULL,
    player TEXT NOT NULL,
    after_round INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY(tournament, player)) WITHOUT ROWID;
)SQL";

// The highest round a withdrawal may name.
inline constexpr int kMaxWithdrawalRound = 999;

// The stored withdrawals of `t` (summary and games as Archive::tournament read them), names
// followed through renames, only players of its games, in name order.
std::vector<Withdrawal> readWithdrawals(SQLite::Database& db, const Tournament& t);

// Sets (afterRound set) or removes (nullopt) the withdrawal of `player` from `t` in the
// caller's transaction (the writer's), replacing any row of the same player under another
// spelling's id, and journals it ("withdraw" or "unwithdraw"). Returns the change id.
std::int64_t writeWithdrawal(SQLite::Database& db, const std::string& user, const Tournament& t,
                             const std::string& player, std::optional<int> afterRound);

}  // namespace othello::storage
