// The JSON form of a player's page (storage/players/PlayerJson.h).
#include "storage/players/PlayerJson.h"

#include <cmath>

#include "core/Notation.h"
#include "storage/query/ArchiveJson.h"

namespace othello::storage {

namespace {

using nlohmann::json;

double rounded(double x, int digits) {
    const double f = std::pow(10.0, digits);
    return std::round(x * f) / f;
}

json recordJson(const PlayerRecord& r) {
    return {{"games", r.games},
            {"wins", r.wins},
            {"draws", r.draws},
            {"losses", r.losses},
            {"unknown", r.games - r.decided()},
            {"score_percent", rounded(r.scorePercent(), 1)},
            {"average_margin", rounded(r.averageMargin(), 2)}};
}

json withRecord(json j, const PlayerRecord& r) {
    j.update(recordJson(r));
    return j;
}

json linesJson(const std::vector<OpeningLine>& lines) {
    json out = json::array();
    for (const OpeningLine& l : lines)
        out.push_back(withRecord(
            {{"name", l.name}, {"moves", movesJson(l.moves)}, {"last", playerGameJson(l.last)}},
            l.record));
    return out;
}

std::string withCommas(std::int64_t n) {
    // Built forwards (std::string::insert trips GCC 12's -Wrestrict false positive).
    const std::string digits = std::to_string(n);
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && digits[i - 1] != '-' && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

}  // namespace

std::string coverageText(const PlayerAnalysis& a) {
    return withCommas(a.gamesAnalysed) + " of " + withCommas(a.games) + " games analysed";
}

json playerGameJson(const PlayerGame& g) {
    return {{"id", g.id},
            {"year", g.year},
            {"event", g.event},
            {"event_id", g.eventId ? nlohmann::json(g.eventId) : nlohmann::json(nullptr)},
            {"opponent", g.opponent},
            {"colour", g.black ? "black" : "white"},
            {"discs", g.discs},
            {"opponent_discs", 64 - g.discs},
            {"margin", g.margin()},
            {"result_known", g.resultKnown}};
}

json playerCandidatesJson(const std::string& query, const PlayerLookup& lookup) {
    json j{{"query", query}, {"found", false}, {"candidates", json::array()}};
    for (const PlayerRef& r : lookup.candidates)
        j["candidates"].push_back({{"id", r.id}, {"name", r.name}, {"games", r.games}});
    return j;
}

json playerProfileJson(const PlayerProfile& p) {
    json j{{"player", {{"id", p.player.id}, {"name", p.player.name}, {"games", p.player.games}}},
           {"spellings", json::array()},
           {"country", p.country.empty() ? json(nullptr) : json(p.country)},
           {"country_note", p.countryNote},
           {"first_year", p.firstYear},
           {"last_year", p.lastYear},
           {"results",
            {{"black", recordJson(p.asBlack)},
             {"white", recordJson(p.asWhite)},
             {"total", recordJson(p.total)}}},
           {"years", json::array()},
           {"events", json::array()},
           {"best", json::array()},
           {"openings", {{"black", linesJson(p.openingsBlack)}, {"white", linesJson(p.openingsWhite)}}},
           {"replies", {{"black", linesJson(p.repliesBlack)}, {"white", linesJson(p.repliesWhite)}}}};
    for (const auto& s : p.spellings)
        j["spellings"].push_back(
            {{"name", s.name}, {"change", s.change}, {"time", s.time}, {"user", s.user}});
    for (const PlayerYear& y : p.years) j["years"].push_back(withRecord({{"year", y.year}}, y.record));
    for (const PlayerEvent& e : p.events)
        j["events"].push_back(withRecord({{"id", e.id},
                                          {"name", e.name},
                                          {"year", e.year},
                                          {"is_tournament", e.isTournament},
                                          {"rank", e.rank ? json(e.rank) : json(nullptr)},
                                          {"players", e.players},
                                          {"points", e.points}},
                                         e.record));
    for (const PlayerGame& g : p.best) j["best"].push_back(playerGameJson(g));
    json deps{{"games", p.departures.size()},
              {"average_move", rounded(averageDepartureMove(p.departures), 1)},
              {"list", json::array()}};
    std::int64_t mine = 0;
    for (const Departure& d : p.departures) {
        mine += d.byPlayer ? 1 : 0;
        deps["list"].push_back({{"game", d.game},
                                {"move_number", d.ply + 1},
                                {"move", core::moveName(d.move)},
                                {"main_move", d.mainMove == core::kNoSquare
                                                  ? json(nullptr)
                                                  : json(core::moveName(d.mainMove))},
                                {"main_games", d.mainGames},
                                {"position_games", d.positionGames},
                                {"by_player", d.byPlayer}});
    }
    deps["by_player"] = mine;
    j["departures"] = std::move(deps);
    const PlayerAnalysis& a = p.analysis;
    json an{{"available", a.available},
            {"games", a.games},
            {"games_analysed", a.gamesAnalysed},
            {"coverage", coverageText(a)},
            {"phases", json::array()},
            {"mistakes", json::array()}};
    for (const PhaseLoss& ph : a.phases)
        an["phases"].push_back({{"phase", ph.phase},
                                {"moves", ph.moves},
                                {"discs_lost", ph.discsLost},
                                {"average", rounded(ph.average(), 2)},
                                {"games", ph.games}});
    for (const Mistake& m : a.mistakes) {
        json g = playerGameJson(m.game);
        g.update({{"move_number", m.moveNumber},
                  {"ply", m.ply},
                  {"move", core::moveName(m.move)},
                  {"best_move", m.bestMove == core::kNoSquare ? json(nullptr)
                                                              : json(core::moveName(m.bestMove))},
                  {"loss", m.loss},
                  {"exact", m.exact}});
        an["mistakes"].push_back(std::move(g));
    }
    j["analysis"] = std::move(an);
    if (p.vs) {
        json v{{"opponent",
                {{"id", p.vs->opponent.id}, {"name", p.vs->opponent.name}, {"games", p.vs->opponent.games}}},
               {"black", recordJson(p.vs->asBlack)},
               {"white", recordJson(p.vs->asWhite)},
               {"total", recordJson(p.vs->total)},
               {"games", json::array()}};
        for (const PlayerGame& g : p.vs->games) v["games"].push_back(playerGameJson(g));
        j["vs"] = std::move(v);
    }
    return j;
}

}  // namespace othello::storage
