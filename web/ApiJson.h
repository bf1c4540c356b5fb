#pragma once
// The JSON forms of the API (web/Api.h). Field names and meanings are those of the command
// line's --json output (ui/cli: search, stats, show, events, event), so a script written
// against one reads the other. The command line keeps its forms in its executable, which the
// web library cannot link, hence this second writer of the same shapes; tests/serve checks the
// two agree on a fixture archive.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "storage/Archive.h"
#include "storage/Standings.h"
#include "storage/Tournament.h"

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
// One event with standings, crosstable and games, as `event --json`.
nlohmann::json eventJson(const storage::Tournament& t, const storage::Standings& standings);
// The text of `j`, on one line: names that are not valid UTF-8 get U+FFFD for each bad byte.
std::string jsonText(const nlohmann::json& j);

}  // namespace othello::web
