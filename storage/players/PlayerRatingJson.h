#pragma once
// The JSON form of a player's archive-rating history (storage/players/Ratings.h), as
// `player --json` and /api/player/ID give it: {label: "archive rating", player_id, points:
// [{event_id, event, year, date, before, after, games, score, expected, rated_games}],
// current} (ratings rounded to 0.1; current: the last point's rating, null when unrated).
#include <nlohmann/json.hpp>

#include "storage/players/Ratings.h"

namespace othello::storage {

nlohmann::json ratingHistoryJson(const RatingHistory& history);

}  // namespace othello::storage
