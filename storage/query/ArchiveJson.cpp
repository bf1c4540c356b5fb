// The JSON forms of archive results (storage/query/ArchiveJson.h).
#include "storage/query/ArchiveJson.h"

#include <algorithm>
#include <utility>

#include "core/Notation.h"
#include "importers/GameResult.h"
#include "importers/TextEscape.h"

namespace othello::storage {
namespace {

using nlohmann::json;
namespace text = importers::text;

void makeExact(json& j) {
    if (j.is_array()) {
        for (auto& e : j) {
            if (e.is_string()) {
                const auto& s = e.get_ref<const std::string&>();
                if (!text::isUtf8(s)) e = text::utf8WithReplacements(s);
            } else {
                makeExact(e);
            }
        }
        return;
    }
    if (!j.is_object()) return;
    std::vector<std::pair<std::string, std::string>> bytes;  // key, exact value
    for (auto& [key, value] : j.items()) {
        if (value.is_string()) {
            const auto& s = value.get_ref<const std::string&>();
            if (text::isUtf8(s)) continue;
            bytes.emplace_back(key, s);
            value = text::utf8WithReplacements(s);
        } else {
            makeExact(value);
        }
    }
    for (const auto& [key, value] : bytes) j[key + "_bytes"] = text::hexBytes(value);
}

json orNull(bool known, json value) {
    return known ? std::move(value) : json(nullptr);
}

json figuresJson(const Figures& f) {
    return {{"games", f.games},
            {"black_wins", f.blackWins},
            {"draws", f.draws},
            {"white_wins", f.whiteWins},
            {"avg_black_score", f.avgBlackScore()},
            {"unfinished", f.unknownResults()}};
}

const char* resultWord(const PlayerResult& r) {
    if (r.how == GameScoring::Unknown) return "unscored";
    return r.points2 == 2 ? "win" : r.points2 == 1 ? "draw" : "loss";
}

json standingJson(const Standings& st, const Standing& p) {
    json pj{{"rank", p.rank},       {"player", p.player},
            {"points", p.points()}, {"brightwell", p.brightwell()},
            {"discs", p.discs},     {"games", p.games},
            {"wins", p.wins},       {"draws", p.draws},
            {"losses", p.losses},   {"unscored", p.unscored},
            {"byes", p.byes},       {"withdrawn", p.withdrawn}};
    pj["withdrawn_after_round"] =
        orNull(p.withdrawn && p.withdrewAfterRound > 0, p.withdrewAfterRound);
    pj["results"] = json::array();
    for (const auto& r : p.results) {
        const bool bye = r.opponent < 0;
        const auto& opp = bye ? p : st.players[static_cast<std::size_t>(r.opponent)];
        pj["results"].push_back({{"round", orNull(r.round != 0, r.round)},
                                 {"game", r.game},
                                 {"opponent", orNull(!bye, opp.player)},
                                 {"opponent_rank", orNull(!bye, opp.rank)},
                                 {"color", r.black ? "black" : "white"},
                                 {"result", resultWord(r)},
                                 {"points", r.points2 / 2.0},
                                 {"discs", r.discs},
                                 {"opponent_discs", r.opponentDiscs},
                                 {"scoring", gameScoringName(r.how)}});
    }
    return pj;
}

}  // namespace

std::string exactJsonText(json j) {
    makeExact(j);
    // The handler only matters for invalid keys, which the program never writes.
    return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

json movesJson(const std::vector<int>& moves) {
    json a = json::array();
    for (int m : moves)
        if (m != core::kPass) a.push_back(core::moveName(m));  // a line move: "c4>e6"
    return a;
}

std::string unreadableRulesText(const std::string& code) {
    return "unknown rules (" + code + ")";
}

void addRulesJson(json& j, const core::Rules& rules, const std::optional<std::string>& unreadable) {
    if (unreadable) {
        j["rules"] = *unreadable;
        j["rules_text"] = unreadableRulesText(*unreadable);
        j["handicap"] = nullptr;
        return;
    }
    j["rules"] = core::rulesCode(rules);
    j["rules_text"] = core::rulesDescription(rules);
    if (rules.start != core::Start::Handicap) {
        j["handicap"] = nullptr;
        return;
    }
    json corners = json::array();
    for (const int square : {0, 7, 56, 63})
        if (rules.handicapCorners & core::bit(square)) corners.push_back(core::squareName(square));
    j["handicap"] = {{"corners", corners}, {"to", core::colorName(rules.handicapTo)}};
}

int passCount(const std::vector<int>& moves) {
    return static_cast<int>(std::count(moves.begin(), moves.end(), core::kPass));
}

importers::GameResult rowResult(const GameRow& row) {
    // A finished game scored by its discs shows them (34-29), not the 64-disc scale.
    const bool discs = row.complete && row.rules.scoring == core::Scoring::Discs;
    return importers::GameResult::ofRow(row.complete, row.resultKnown,
                                        discs ? row.discs.black : row.blackScore,
                                        discs ? row.discs.white : row.whiteScore, row.variant);
}

json gameRowJson(const GameRow& row) {
    json j;
    j["id"] = row.id;
    j["black"] = row.black;
    j["white"] = row.white;
    j["event"] = row.event;
    j["year"] = row.year;
    // The result as every list shows it (importers/GameResult.h); the scores are null when
    // no result is known: the discs of an unfinished game are not a result.
    const bool discs = row.complete && row.rules.scoring == core::Scoring::Discs;
    const auto result = rowResult(row);
    j["result"] = result.text();
    j["unfinished"] = result.unfinished();
    j["black_score"] = orNull(result.known(), discs ? row.discs.black : row.blackScore);
    j["white_score"] = orNull(result.known(), discs ? row.discs.white : row.whiteScore);
    j["complete"] = row.complete;
    j["result_known"] = row.resultKnown;
    j["moves"] = movesJson(row.moves);
    j["passes"] = passCount(row.moves);
    j["ply"] = row.ply ? json(*row.ply) : json(nullptr);
    j["opening"] = row.opening;
    addRulesJson(j, row.rules, row.unreadableRules);
    return j;
}

namespace {

json commentsJson(const std::vector<importers::Comment>& comments) {
    json out = json::array();
    for (const importers::Comment& c : comments) out.push_back({{"ply", c.ply}, {"text", c.text}});
    return out;
}

json variationsJson(const std::vector<importers::Variation>& variations) {
    json out = json::array();
    for (const importers::Variation& v : variations) {
        json moves = json::array();
        for (const int m : v.moves)
            moves.push_back(m == core::kPass ? "pass" : core::squareName(m));
        out.push_back({{"ply", v.ply},
                       {"moves", moves},
                       {"comments", commentsJson(v.comments)},
                       {"variations", variationsJson(v.variations)}});
    }
    return out;
}

}  // namespace

json annotationsJson(const importers::GameRecord& r) {
    return {{"comments", commentsJson(r.comments)}, {"variations", variationsJson(r.variations)}};
}

json gameJson(const StoredGame& g, const core::ReplayResult& replay, std::size_t ply) {
    const importers::GameRecord& r = g.record;
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
    j["result"] = importers::resultText(r);  // as every list shows it
    // The GGF game type (GameVariant.h): null for plain Othello. The stored type, checked
    // against the flags as the GGF writer does (a type a later program stored that this one
    // cannot read gives its flags' spelling), by the one function that spells GGF types.
    j["variant"] = r.variant.standard() ? json(nullptr) : json(importers::ggfType(r.variant));
    j["komi"] = r.variant.komi ? json(*r.variant.komi) : json(nullptr);
    addRulesJson(j, r.rules, g.unreadableRules);
    j["unfinished"] = !r.complete();
    j["complete"] = r.complete();
    j["black_discs"] = r.score.black;
    j["white_discs"] = r.score.white;
    // Black's result: null for an unfinished game that states none (its discs are no result).
    const importers::GameResult result = importers::GameResult::of(r);
    const bool hasScore = result.known() && !result.winner && result.written.empty();
    j["black_score"] = orNull(hasScore, result.black);
    j["stated_black"] = r.statedBlackDiscs ? json(*r.statedBlackDiscs) : json(nullptr);
    j["theoretical_score"] = r.theoreticalScore ? json(*r.theoreticalScore) : json(nullptr);
    j["theoretical_depth"] = r.theoreticalDepth ? json(*r.theoreticalDepth) : json(nullptr);
    j["start"] = orNull(!r.standardStart, core::boardStringWithSide(r.start));
    j["moves"] = movesJson(r.moves);
    j["passes"] = passCount(r.moves);
    j["opening"] = g.opening;
    j["opening_detail"] = openingDetailJson(g.opening);
    j["format"] = importers::formatName(r.format);
    j["ply"] = ply;
    j["board"] = core::boardString(p);
    j["to_move"] = p.isGameOver() ? "none" : core::colorName(p.toMove());
    const json a = annotationsJson(r);
    j["comments"] = a["comments"];
    j["variations"] = a["variations"];
    return j;
}

json openingJson(const Opening& o) {
    return {{"name", o.name},
            {"english", o.english},
            {"japanese", o.japanese},
            {"sources", o.sources},
            {"moves", core::movesString(o.moves, false, " ")}};
}

json openingDetailJson(const std::string& name) {
    if (name.empty()) return nullptr;
    // A few hundred entries, once per game or position shown.
    for (const Opening& o : openingCatalogue())
        if (o.name == name) return openingJson(o);
    return nullptr;
}

json statsJson(const PositionStats& s) {
    json j = figuresJson(s);
    j["opening"] = s.opening;
    j["opening_detail"] = openingDetailJson(s.opening);
    j["moves"] = json::array();
    for (const auto& m : s.moves) {
        json mj = figuresJson(m);
        mj["move"] = m.move == core::kPass ? std::string("pass") : core::squareName(m.move);
        j["moves"].push_back(mj);
    }
    return j;
}

json summaryJson(const TournamentSummary& t) {
    json j{{"id", t.id},       {"name", t.name},       {"year", orNull(t.year != 0, t.year)},
           {"games", t.games}, {"players", t.players}, {"is_tournament", t.isTournament}};
    j["not_tournament_reason"] = orNull(!t.isTournament, t.notTournamentReason);
    // Objects, not strings in an array: only object members get their exact bytes (above).
    j["events"] = json::array();
    for (std::size_t i = 0; i < t.eventIds.size() && i < t.eventNames.size(); ++i)
        j["events"].push_back({{"id", t.eventIds[i]}, {"name", t.eventNames[i]}});
    return j;
}

json eventJson(const Tournament& t, const Standings& st) {
    const TournamentSummary& s = t.summary;
    json j = summaryJson(s);
    j["rounds"] = orNull(s.isTournament, st.rounds);
    j["rounds_from"] = orNull(s.isTournament, roundsFromName(st.roundsFrom));
    j["brightwell_constant"] = orNull(s.isTournament, st.brightwellConstant);
    j["rounds_stated"] = orNull(s.isTournament, st.roundsStated);
    j["stated_rounds"] = t.statedRounds ? json(*t.statedRounds) : json(nullptr);
    j["standings"] = nullptr;
    j["crosstable"] = nullptr;
    j["notes"] = json::array();
    j["guessed_playoffs"] = json::array();
    j["stage_games"] = json::array();
    if (s.isTournament) {
        // Objects, not strings: a note may quote a name (exact bytes, above).
        for (const std::string& n : structureNotes(st, s.id)) j["notes"].push_back({{"text", n}});
        j["guessed_playoffs"] = st.guessedPlayoffs;
        for (const StageGame& g : st.stageGames)
            j["stage_games"].push_back({{"id", g.game},
                                        {"stage", stageName(g.stage)},
                                        {"stage_from", g.marked ? "stated" : "round"},
                                        {"round", g.round},
                                        {"black", g.black},
                                        {"white", g.white},
                                        {"result", g.resultText},
                                        {"black_points", g.score.blackPoints2 / 2.0},
                                        {"white_points", g.score.whitePoints2 / 2.0},
                                        {"scoring", gameScoringName(g.score.how)}});
        j["standings"] = json::array();
        for (const auto& p : st.players) j["standings"].push_back(standingJson(st, p));
        j["crosstable"] = json::array();
        for (const auto& pr : st.pairs)
            j["crosstable"].push_back(
                {{"player", st.players[static_cast<std::size_t>(pr.a)].player},
                 {"opponent", st.players[static_cast<std::size_t>(pr.b)].player},
                 {"points", pr.aPoints2 / 2.0},
                 {"opponent_points", pr.bPoints2 / 2.0},
                 {"games", pr.games}});
    }
    j["withdrawals"] = json::array();
    for (const Withdrawal& w : t.withdrawals)
        j["withdrawals"].push_back(
            {{"player", w.player}, {"after_round", orNull(w.afterRound > 0, w.afterRound)}});
    j["game_list"] = json::array();
    for (std::size_t i = 0; i < t.games.size(); ++i) {
        const auto& g = t.games[i];
        const bool round = s.isTournament && i < st.gameRounds.size() && st.gameRounds[i];
        const Stage stage = i < st.gameStages.size() ? st.gameStages[i] : Stage::Swiss;
        j["game_list"].push_back({{"id", g.id},
                                  {"round", round ? json(st.gameRounds[i]) : json(nullptr)},
                                  {"stage", orNull(s.isTournament, stageName(stage))},
                                  {"black", g.black},
                                  {"white", g.white},
                                  {"result", g.resultText},
                                  {"scoring", gameScoringName(scoreGame(g).how)}});
    }
    return j;
}

json eventJsonByScoring(const Tournament& t, const StandingsOptions& options) {
    json j = eventJson(t, computeStandings(t, options));
    for (const ScoringTable& table : splitByScoring(t)) {
        json part = eventJson(table.tournament, computeStandings(table.tournament, options));
        part["scoring"] = table.scoring == core::Scoring::Discs ? "discs" : "empties";
        j["scoring_tables"].push_back(std::move(part));
    }
    return j;
}

}  // namespace othello::storage
