// The JSON API of `othello-db serve` (web/Api.h).
#include "Api.h"

#include <algorithm>
#include <memory>
#include <tuple>
#include <utility>
#include <vector>

#include "ApiEventIndex.h"
#include "ApiJson.h"
#include "ApiPatternCache.h"
#include "ApiQuery.h"
#include "storage/cache/AnalysisCache.h"
#include "storage/players/PlayerJson.h"
#include "storage/players/PlayerProfile.h"
#include "storage/players/PlayerRatingJson.h"
#include "storage/players/Ratings.h"
#include "storage/query/PatternText.h"
#include "storage/tournaments/Standings.h"
#include "storage/tournaments/Tournament.h"

namespace othello::web {
namespace {

using nlohmann::json;

ApiResponse ok(const json& j) {
    return {200, jsonText(j)};
}

ApiResponse failure(int status, const std::string& message) {
    return {status, jsonText(json{{"error", message}})};
}

// The largest tournament id: event ids are game-sized, times kTournamentIdYears.
constexpr std::int64_t kMaxTournamentId = storage::kMaxGameId * storage::kTournamentIdYears;

}  // namespace

Api::Api(storage::Archive& archive, ApiEventIndex& events, ApiPatternCache* patterns)
    : archive_(archive), events_(events), patterns_(patterns) {}

ApiResponse Api::handle(const std::string& path, const ApiParams& params) {
    try {
        if (path == "/api/search") return search(params);
        if (path == "/api/stats") return stats(params);
        if (path == "/api/events") return events(params);
        for (const std::string prefix : {"/api/game/", "/api/event/", "/api/player/"}) {
            if (path.size() <= prefix.size() || path.compare(0, prefix.size(), prefix) != 0)
                continue;
            const std::string id = path.substr(prefix.size());
            if (id.find('/') != std::string::npos) break;
            if (prefix == "/api/player/") return player(id, params);
            return prefix == "/api/game/" ? game(id, params) : event(id, params);
        }
        return failure(404, "no such API: " + path.substr(0, 200) +
                                " (see /api/search, /api/stats, /api/game/ID, /api/event/ID, "
                                "/api/events, /api/player/ID)");
    } catch (const ApiError& e) {
        return failure(e.status, e.what());
    }
}

ApiResponse Api::search(const ApiParams& params) {
    const ApiQuery q(params, {"player",  "black",    "white",    "event", "year",       "year_from",
                              "year_to", "result",   "board",    "moves", "lost_discs", "lost_by",
                              "rules",   "handicap", "sort",     "order", "limit",      "offset",
                              "opening", "pattern",  "symmetry", "ply"});
    const storage::SearchFilter f = searchFilter(q);
    if (q.sent("pattern")) return patternSearch(q, f);  // pattern= too: a 400, as --pattern
    if (q.has("symmetry") || q.has("ply")) throw ApiError(400, "symmetry and ply go with pattern");
    std::string opening;
    q.position(&opening);  // the query's opening, as `search --json` gives it
    // opening=NAME: that opening (searchFilter found it), as `search --opening`.
    if (const auto named = storage::findOpening(q.text("opening")).opening) opening = named->name;
    // Sorts by name are storage's: it counts the matches first and either walks the name index
    // or sorts the matches (storage/query/ArchiveQuery.cpp walkNames), so the API pages exactly as
    // `othello-db search` does, and a big match set is read once (sorting it here first read up
    // to 3,000 games to find it was too big: event=Parties&sort=event, 35 ms).
    const storage::SearchResult r = archive_.search(f);
    json j;
    j["total"] = r.total;
    j["limit"] = f.limit;
    j["offset"] = f.offset;
    if (f.position) j["opening"] = opening;
    j["games"] = json::array();
    for (const auto& row : r.games)
        j["games"].push_back(
            gameRowJson(row, events_.tournamentOf(archive_, row.event, row.year, row.id)));
    return ok(j);
}

// pattern=...: as `search --pattern --json` (ui/cli/SearchStatsCommands.cpp), the same
// reading of the pattern and ply range (storage/query/PatternText.h), the same corpus and page.
ApiResponse Api::patternSearch(const ApiQuery& q, const storage::SearchFilter& f) {
    const std::string symmetry = q.text("symmetry");
    if (!symmetry.empty() && symmetry != "0" && symmetry != "1" && symmetry != "true" &&
        symmetry != "false")
        throw ApiError(400, "symmetry: expected 1 or 0");
    storage::PatternRequest request;
    try {
        request = storage::readPatternText(
            {q.text("pattern"), symmetry != "0" && symmetry != "false", q.text("ply")},
            [](const std::string& field) { return field; });
    } catch (const storage::FilterError& e) {
        throw ApiError(400, e.what());
    }
    const auto corpus = patterns_ ? patterns_->corpus(archive_, filterKey(q), f)
                                  : std::make_shared<const storage::PatternCorpus>(
                                        storage::PatternCorpus::load(archive_, f));
    const std::vector<storage::PatternHit> hits = corpus->search(request.query);
    json j;
    j["total"] = static_cast<std::int64_t>(hits.size());
    j["limit"] = f.limit;
    j["offset"] = f.offset;
    j["pattern"] = request.pattern;
    j["games"] = json::array();
    for (const auto& row : storage::hitRows(archive_, *corpus, hits, f.offset, f.limit))
        j["games"].push_back(
            gameRowJson(row, events_.tournamentOf(archive_, row.event, row.year, row.id)));
    return ok(j);
}

ApiResponse Api::stats(const ApiParams& params) {
    const ApiQuery q(params, {"board", "moves"});
    std::string opening;
    const core::Position position = q.position(&opening).value_or(core::Position::start());
    storage::PositionStats s = archive_.stats(position);
    // moves: the deepest named opening along them, as `stats --moves` gives it.
    if (q.has("moves")) s.opening = opening;
    return ok(statsJson(s, position));
}

ApiResponse Api::game(const std::string& idText, const ApiParams& params) {
    const std::int64_t id = pathId(idText, storage::kMaxGameId, "game");
    const ApiQuery q(params, {"ply"});
    const auto ply = q.integer("ply", 0, 128);
    const auto g = archive_.game(id);
    if (!g) return failure(404, "no game with id " + std::to_string(id));
    const auto tournament = events_.tournamentOf(archive_, g->record.event, g->record.year, g->id);
    return ok(gameJson(*g, ply, tournament));
}

ApiResponse Api::event(const std::string& idText, const ApiParams& params) {
    const std::int64_t id = pathId(idText, kMaxTournamentId, "event");
    const ApiQuery q(params, {"bq"});
    storage::StandingsOptions options;
    if (const auto bq = q.integer("bq", 1, 1000))
        options.brightwellConstant = static_cast<int>(*bq);
    const auto t = archive_.tournament(id);
    if (!t) return failure(404, "no event with id " + std::to_string(id));
    return ok(eventJson(*t, options));
}

ApiResponse Api::events(const ApiParams& params) {
    const ApiQuery q(params, {"year", "tournaments", "name", "limit", "offset"});
    const auto year = q.integer("year", 0, 9999);
    const std::string only = q.text("tournaments");
    if (!only.empty() && only != "0" && only != "1" && only != "true" && only != "false")
        throw ApiError(400, "tournaments: expected 1 or 0");
    const bool tournamentsOnly = only == "1" || only == "true";
    const std::int64_t limit = q.limit(100);
    const std::int64_t offset = q.offset();
    const auto list = events_.list(archive_);
    const std::string name = q.text("name");
    std::vector<storage::TournamentSummary> matched;
    if (!name.empty())
        matched = storage::matchTournaments(list->tournaments, name,
                                            year ? std::optional<int>(int(*year)) : std::nullopt);
    const auto& from = name.empty() ? list->tournaments : matched;
    json j;
    j["events"] = json::array();
    std::int64_t total = 0;
    for (const auto& t : from) {
        if ((year && t.year != *year) || (tournamentsOnly && !t.isTournament)) continue;
        if (total >= offset && total < offset + limit) j["events"].push_back(summaryJson(t));
        ++total;
    }
    j["total"] = total;
    j["limit"] = limit;
    j["offset"] = offset;
    return ok(j);
}

// A player's page as `player --json` gives it (storage/players/PlayerJson.h), with the
// archive-rating history; vs=ID adds the head-to-head. Players are named by id only: a name
// is never guessed here (`player NAME` lists candidates).
ApiResponse Api::player(const std::string& idText, const ApiParams& params) {
    const std::int64_t id = pathId(idText, std::int64_t{1} << 62, "player");
    const ApiQuery q(params, {"vs"});
    storage::ProfileOptions options;
    if (const auto vs = q.integer("vs", 1, std::int64_t{1} << 62)) options.vs = *vs;
    // The analysis figures from the cache; none readable: analysis.available false.
    std::optional<storage::AnalysisCache> cache;
    try {
        cache.emplace(archive_.path(), storage::Archive::Mode::ReadOnly);
        options.analysis = &*cache;
    } catch (const std::exception&) {
    }
    std::optional<storage::PlayerProfile> profile;
    try {
        profile = archive_.playerProfile(id, options);
    } catch (const storage::StorageError& e) {  // an unknown id (of the player or of vs)
        return failure(404, e.what());
    }
    json j = storage::playerProfileJson(*profile);
    j["rating"] = storage::ratingHistoryJson(archive_.ratingHistory(id));
    return ok(j);
}

}  // namespace othello::web
