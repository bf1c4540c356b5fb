// JSON forms of the API (web/ApiJson.h): storage/query/ArchiveJson.h's, with the API's additions.
#include "ApiJson.h"

#include "ApiQuery.h"
#include "core/Notation.h"
#include "core/Replay.h"
#include "storage/query/ArchiveJson.h"

namespace othello::web {
namespace {

using nlohmann::json;

json orNull(const std::optional<std::int64_t>& v) {
    return v ? json(*v) : json(nullptr);
}

}  // namespace

json gameRowJson(const storage::GameRow& row, std::optional<std::int64_t> tournament) {
    json j = storage::gameRowJson(row);
    j["tournament"] = orNull(tournament);
    return j;
}

json gameJson(const storage::StoredGame& g, std::optional<std::int64_t> plyWanted,
              std::optional<std::int64_t> tournament) {
    const core::ReplayResult replay = core::replay(g.record.start, g.record.moves);
    std::size_t ply = replay.plies.size();
    if (plyWanted) {
        if (*plyWanted < 0 || *plyWanted > static_cast<std::int64_t>(replay.plies.size()))
            throw ApiError(400, "ply: " + std::to_string(*plyWanted) + " is outside the game (0.." +
                                    std::to_string(replay.plies.size()) + ")");
        ply = static_cast<std::size_t>(*plyWanted);
    }
    json j = storage::gameJson(g, replay, ply);
    j["tournament"] = orNull(tournament);
    return j;
}

json statsJson(const storage::PositionStats& s, const core::Position& position) {
    json j = storage::statsJson(s);
    j["board"] = core::boardStringWithSide(position);
    return j;
}

json summaryJson(const storage::TournamentSummary& t) {
    return storage::summaryJson(t);
}

json eventJson(const storage::Tournament& t, const storage::StandingsOptions& options) {
    return storage::eventJsonByScoring(t, options);
}

std::string jsonText(const json& j) {
    return storage::exactJsonText(j);
}

}  // namespace othello::web
