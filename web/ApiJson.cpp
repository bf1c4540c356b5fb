// JSON forms of the API (web/ApiJson.h): the shapes of ui/cli's --json output.
#include "ApiJson.h"

#include "ApiQuery.h"
#include "core/Notation.h"
#include "core/Replay.h"
#include "importers/GameResult.h"

namespace othello::web {
namespace {

using nlohmann::json;

json orNull(const std::optional<std::int64_t>& v) {
    return v ? json(*v) : json(nullptr);
}

json movesJson(const std::vector<int>& moves) {
    json a = json::array();
    for (int m : moves)
        if (m != core::kPass) a.push_back(core::squareName(m));
    return a;
}

int passCount(const std::vector<int>& moves) {
    int n = 0;
    for (int m : moves) n += m == core::kPass;
    return n;
}

json figuresJson(const storage::Figures& f) {
    return {{"games", f.games},
            {"black_wins", f.blackWins},
            {"draws", f.draws},
            {"white_wins", f.whiteWins},
            {"avg_black_score", f.avgBlackScore()},
            {"unfinished", f.unknownResults()}};
}

const char* resultWord(const storage::PlayerResult& r) {
    if (r.how == storage::GameScoring::Unknown) return "unscored";
    return r.points2 == 2 ? "win" : r.points2 == 1 ? "draw" : "loss";
}

}  // namespace

json gameRowJson(const storage::GameRow& row, std::optional<std::int64_t> tournament) {
    json j;
    j["id"] = row.id;
    j["black"] = row.black;
    j["white"] = row.white;
    j["event"] = row.event;
    j["year"] = row.year;
    const auto result = importers::GameResult::ofRow(row.complete, row.resultKnown, row.blackScore,
                                                     row.whiteScore, row.variant);
    j["result"] = result.text();
    j["unfinished"] = result.unfinished();
    j["black_score"] = result.known() ? json(row.blackScore) : json(nullptr);
    j["white_score"] = result.known() ? json(row.whiteScore) : json(nullptr);
    j["complete"] = row.complete;
    j["result_known"] = row.resultKnown;
    j["moves"] = movesJson(row.moves);
    j["passes"] = passCount(row.moves);
    j["ply"] = row.ply ? json(*row.ply) : json(nullptr);
    j["opening"] = row.opening;
    j["tournament"] = orNull(tournament);
    return j;
}

json gameJson(const storage::StoredGame& g, std::optional<std::int64_t> plyWanted,
              std::optional<std::int64_t> tournament) {
    const importers::GameRecord& r = g.record;
    const core::ReplayResult replay = core::replay(r.start, r.moves);
    std::size_t ply = replay.plies.size();
    if (plyWanted) {
        if (*plyWanted > static_cast<std::int64_t>(replay.plies.size()))
            throw ApiError(400, "ply: " + std::to_string(*plyWanted) + " is outside the game (0.." +
                                    std::to_string(replay.plies.size()) + ")");
        ply = static_cast<std::size_t>(*plyWanted);
    }
    const core::Position& p = replay.positions[ply];
    json j;
    j["id"] = g.id;
    j["black"] = r.black;
    j["white"] = r.white;
    j["event"] = r.event;
    j["round"] = r.round;
    j["date"] = r.date;
    j["year"] = r.year;
    j["place"] = r.place;
    j["result"] = importers::resultText(r);
    j["variant"] = r.variant.standard() ? json(nullptr) : json(importers::ggfType(r.variant));
    j["komi"] = r.variant.komi ? json(*r.variant.komi) : json(nullptr);
    j["unfinished"] = !r.complete();
    j["complete"] = r.complete();
    j["black_discs"] = r.score.black;
    j["white_discs"] = r.score.white;
    const importers::GameResult result = importers::GameResult::of(r);
    const bool hasScore = result.known() && !result.winner && result.written.empty();
    j["black_score"] = hasScore ? json(result.black) : json(nullptr);
    j["stated_black"] = r.statedBlackDiscs ? json(*r.statedBlackDiscs) : json(nullptr);
    j["theoretical_score"] = r.theoreticalScore ? json(*r.theoreticalScore) : json(nullptr);
    j["theoretical_depth"] = r.theoreticalDepth ? json(*r.theoreticalDepth) : json(nullptr);
    j["start"] = r.standardStart ? json(nullptr) : json(core::boardStringWithSide(r.start));
    j["moves"] = movesJson(r.moves);
    j["passes"] = passCount(r.moves);
    j["opening"] = g.opening;
    j["format"] = importers::formatName(r.format);
    j["ply"] = ply;
    j["board"] = core::boardString(p);
    j["to_move"] = p.isGameOver() ? "none" : core::colorName(p.toMove());
    j["tournament"] = orNull(tournament);
    return j;
}

json statsJson(const storage::PositionStats& s, const core::Position& position) {
    json j = figuresJson(s);
    j["opening"] = s.opening;
    j["board"] = core::boardStringWithSide(position);
    j["moves"] = json::array();
    for (const auto& m : s.moves) {
        json mj = figuresJson(m);
        mj["move"] = m.move == core::kPass ? std::string("pass") : core::squareName(m.move);
        j["moves"].push_back(mj);
    }
    return j;
}

json summaryJson(const storage::TournamentSummary& t) {
    json j{
        {"id", t.id},       {"name", t.name},       {"year", t.year ? json(t.year) : json(nullptr)},
        {"games", t.games}, {"players", t.players}, {"is_tournament", t.isTournament}};
    j["not_tournament_reason"] = t.isTournament ? json(nullptr) : json(t.notTournamentReason);
    j["events"] = json::array();
    for (std::size_t i = 0; i < t.eventIds.size() && i < t.eventNames.size(); ++i)
        j["events"].push_back({{"id", t.eventIds[i]}, {"name", t.eventNames[i]}});
    return j;
}

json eventJson(const storage::Tournament& t, const storage::Standings& st) {
    const storage::TournamentSummary& s = t.summary;
    json j = summaryJson(s);
    j["rounds"] = s.isTournament ? json(st.rounds) : json(nullptr);
    j["rounds_from"] =
        s.isTournament ? json(storage::roundsFromName(st.roundsFrom)) : json(nullptr);
    j["brightwell_constant"] = s.isTournament ? json(st.brightwellConstant) : json(nullptr);
    j["standings"] = nullptr;
    j["crosstable"] = nullptr;
    if (s.isTournament) {
        j["standings"] = json::array();
        for (const auto& p : st.players) {
            json pj{{"rank", p.rank},       {"player", p.player},
                    {"points", p.points()}, {"brightwell", p.brightwell()},
                    {"discs", p.discs},     {"games", p.games},
                    {"wins", p.wins},       {"draws", p.draws},
                    {"losses", p.losses},   {"unscored", p.unscored},
                    {"byes", p.byes},       {"withdrawn", p.withdrawn}};
            pj["results"] = json::array();
            for (const auto& r : p.results) {
                const bool bye = r.opponent < 0;
                const auto& opp = bye ? p : st.players[static_cast<std::size_t>(r.opponent)];
                pj["results"].push_back({{"round", r.round ? json(r.round) : json(nullptr)},
                                         {"game", r.game},
                                         {"opponent", bye ? json(nullptr) : json(opp.player)},
                                         {"opponent_rank", bye ? json(nullptr) : json(opp.rank)},
                                         {"color", r.black ? "black" : "white"},
                                         {"result", resultWord(r)},
                                         {"points", r.points2 / 2.0},
                                         {"discs", r.discs},
                                         {"opponent_discs", r.opponentDiscs},
                                         {"scoring", storage::gameScoringName(r.how)}});
            }
            j["standings"].push_back(pj);
        }
        j["crosstable"] = json::array();
        for (const auto& pr : st.pairs)
            j["crosstable"].push_back(
                {{"player", st.players[static_cast<std::size_t>(pr.a)].player},
                 {"opponent", st.players[static_cast<std::size_t>(pr.b)].player},
                 {"points", pr.aPoints2 / 2.0},
                 {"opponent_points", pr.bPoints2 / 2.0},
                 {"games", pr.games}});
    }
    j["game_list"] = json::array();
    for (std::size_t i = 0; i < t.games.size(); ++i) {
        const auto& g = t.games[i];
        const bool round = s.isTournament && i < st.gameRounds.size() && st.gameRounds[i];
        j["game_list"].push_back(
            {{"id", g.id},
             {"round", round ? json(st.gameRounds[i]) : json(nullptr)},
             {"black", g.black},
             {"white", g.white},
             {"result", g.resultText},
             {"scoring", storage::gameScoringName(storage::scoreGame(g).how)}});
    }
    return j;
}

std::string jsonText(const json& j) {
    // Names from files may hold bytes that are not UTF-8: replaced (U+FFFD), never an error.
    return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

}  // namespace othello::web
