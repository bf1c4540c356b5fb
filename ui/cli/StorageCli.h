#pragma once
// Shared by the archive commands (import, search, stats, show, info, export, rename-player):
// the --db option, the search filters and JSON forms of archive results.
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "Command.h"
#include "JsonOutput.h"
#include "Words.h"
#include "importers/Diagnostic.h"
#include "storage/Archive.h"
#include "storage/players/PlayerProfile.h"

namespace othello::cli {

// --db PATH: the database file. Precedence: --db, else $OTHELLO_DB, else
// $XDG_DATA_HOME/othello-db/games.sqlite (~/.local/share when unset).
void addDbOption(CLI::App* sub, std::string& db);
// Opens the archive; a StorageError becomes an InputError (exit 1). An empty `db` is the
// default database, created on first use by any command; a path given with --db is created by
// writers only (readers: "does not exist"). A second writer waits for the first up to
// $OTHELLO_BUSY_TIMEOUT seconds (default 10), then fails with "archive busy: ...". A read-only
// snapshot that leaves changes out says so on stderr (Archive::accessWarning).
storage::Archive openArchive(const std::string& db, storage::Archive::Mode mode);
// On stderr, when some committed games are not yet in the position index: "warning: N games
// not yet indexed (why); ...".
void warnUnindexed(storage::Archive& archive);
// The one player `query` names (storage::Archive::findPlayer: an id "#N", the name rule, an
// old spelling); else an InputError listing the candidates (never a guess) — with --json the
// candidates are printed as JSON first (playerCandidatesJson). An empty query is a UsageError.
storage::PlayerRef findPlayerOrList(storage::Archive& archive, const std::string& query,
                                    bool json);
// The largest --limit (a page of search results); -1 means all.
inline constexpr std::int64_t kMaxLimit = 1'000'000;

// A bad argument found after parsing (a year out of range, a bad board...): reported as
// "error: <message>" with exit 2 (usage) by runCommand.
struct UsageError : InputError {
    using InputError::InputError;
};
// Runs a command's action: a UsageError becomes "error: <message>" and exit 2.
int runCommand(const std::function<int()>& action);

// The query position options: --moves SEQ (from the start; `--moves ""` is the start),
// --start, --position BOARD.
struct PositionOptions {
    std::string moves, position;
    bool movesGiven = false;  // --moves was given, maybe empty
    bool start = false;
};
void addPositionOptions(CLI::App* sub, PositionOptions& o);
struct PositionQuery {
    std::optional<core::Position> position;
    // --moves / --start: the deepest named opening reached along the moves; --position: the
    // opening of exactly that position. "" when none.
    std::string opening;
};
// Throws UsageError for a bad move sequence or board, or more than one of the options. --moves
// are played from the start of `rules` (Othello's by default: the standard start).
PositionQuery positionQuery(const PositionOptions& o, const core::Rules& rules = {});
// The text of --rules in help texts (search, export, stats).
extern const char* const kRulesFilterHelp;

// The filters shared by search and export.
struct FilterOptions {
    std::string player, black, white, event, year, result, sort;
    PositionOptions query;
    std::optional<int> lostDiscs;  // --lost-discs N: a reviewed endgame move lost >= N discs
    std::string lostBy;            // --lost-by black|white (default: either side)
    std::string rules;             // --rules CODE (storage::SearchFilter::rules)
    std::string opening;           // --opening NAME (storage::FilterText::opening)
    std::string handicap;          // --handicap [CORNERS]: given when handicapOption counts one
    CLI::Option* handicapOption = nullptr;
    bool descending = false;
    std::int64_t limit = 20;
    std::int64_t offset = 0;
};
void addFilterOptions(CLI::App* sub, FilterOptions& o, bool paging);
// Throws UsageError for a bad year, result, sort, move sequence or board. Names and event are
// trimmed.
storage::SearchFilter makeFilter(const FilterOptions& o);
// A position from --moves (replayed from the start) or --position (a board string).
std::optional<core::Position> queryPosition(const std::string& moves, const std::string& board);

// (diagnosticJson, movesJson and passCount: JsonOutput.h, shared with check and convert; a
// game row's JSON: storage::gameRowJson, one form for the CLI and the API.)
// "62-2" or "31-33"
std::string scoreText(int black, int white);

}  // namespace othello::cli
