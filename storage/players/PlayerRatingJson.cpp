// The JSON form of a rating history (storage/players/PlayerRatingJson.h).
#include "storage/players/PlayerRatingJson.h"

#include <cmath>

namespace othello::storage {

namespace {
double tenth(double x) { return std::round(x * 10.0) / 10.0; }
}  // namespace

nlohmann::json ratingHistoryJson(const RatingHistory& h) {
    nlohmann::json points = nlohmann::json::array();
    for (const RatingPoint& p : h.points)
        points.push_back({{"event_id", p.eventId},
                          {"event", p.event},
                          {"year", p.year},
                          {"date", p.date},
                          {"before", tenth(p.before)},
                          {"after", tenth(p.after)},
                          {"games", p.games},
                          {"score", p.score},
                          {"expected", tenth(p.expected * 10.0) / 10.0},
                          {"rated_games", p.ratedGames}});
    return {{"label", "archive rating"},
            {"player_id", h.playerId},
            {"points", std::move(points)},
            {"pending", h.pending},
            {"current", h.points.empty() ? nlohmann::json(nullptr)
                                         : nlohmann::json(tenth(h.points.back().after))}};
}

}  // namespace othello::storage
