#pragma once
// The JSON forms of the API (web/Api.h): the command line's --json forms, written by the same
// code (storage/query/ArchiveJson.h), plus what only the API gives: each game's `tournament` id and
// the queried `board` of statistics. tests/serve checks the API's and the CLI's texts agree.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "storage/Archive.h"
#include "storage/tournaments/Standings.h"
#include "storage/tournaments/Tournament.h"

namespace othello::web {

// One row of search results, as `search --json`; `tournament` added (null when unknown).
nlohmann::json gameRowJson(const storage::GameRow& row, std::optional<std::int64_t> tournament);
// One game, as `show --json` at ply `ply` (the end when nullopt), without `source` (a path on
// the server) and `analysis`; `tournament` added. Throws ApiError(400) for a ply outside it.
nlohmann::json gameJson(const storage::StoredGame& game, std::optional<std::int64_t> ply,
                        std::optional<std::int64_t> tournament);
// A position's statistics, as `stats --json`, with the queried `board` (string with side).
nlohmann::json statsJson(const storage::PositionStats& stats, const core::Position& position);
// One event of `events --json`.
nlohmann::json summaryJson(const storage::TournamentSummary& t);
// One event with standings, crosstable, games and stored withdrawals, as `event --json` (one
// table per scoring too when its games are scored by different rules).
nlohmann::json eventJson(const storage::Tournament& t, const storage::StandingsOptions& options);
// The text of `j`, on one line, as the CLI writes it (storage::exactJsonText): a name that is
// not valid UTF-8 gets U+FFFD for each bad byte and a KEY_bytes sibling with its exact bytes.
std::string jsonText(const nlohmann::json& j);

}  // namespace othello::web
