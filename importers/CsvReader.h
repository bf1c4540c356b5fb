#pragma once
// CSV with a header line naming a moves column ("game_moves", "moves", "movelist", ...), such
// as the eOthello dump `eOthello_game_id,winner,game_moves`. Optional columns: an id (the
// first one named "id" or ending in "_id"), winner (1 Black, -1 White, 0 draw, checked against
// the replay of finished games: code winner-mismatch, a warning), black, white, event, date,
// year, round, place. RFC 4180 quoting; ',' ';' or tab as the delimiter (from the header).
#include <string>
#include <string_view>

#include "Reader.h"

namespace othello::importers {

void readCsv(const std::string& name, std::string_view text, const ReadOptions& options,
             FileResult& out);

// True when the first line of `text` is a header naming a moves column.
bool looksLikeCsv(std::string_view text);

}  // namespace othello::importers
