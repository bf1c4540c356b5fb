// An event's stated structure: the tables of migration 12 read and written (see
// StructureStore.h).
#include "storage/tournaments/StructureStore.h"

#include <map>
#include <nlohmann/json.hpp>

#include "storage/curation/Journal.h"

namespace othello::storage {

using nlohmann::json;

namespace {

json orNull(const std::optional<int>& v) {
    return v ? json(*v) : json(nullptr);
}

json stageJson(const std::optional<Stage>& s) {
    return s ? json(stageName(*s)) : json(nullptr);
}

std::string stageWords(const std::optional<Stage>& s) {
    return s ? std::string("marked ") + stageName(*s) : std::string("no longer marked");
}

// The stated rounds and the row they are under (nullopt: none).
std::optional<std::pair<std::int64_t, int>> roundsRow(SQLite::Database& db,
                                                      const TournamentSummary& t) {
    if (!db.tableExists("tournament_rounds")) return std::nullopt;
    SQLite::Statement s(db,
                        "SELECT tournament, rounds FROM tournament_rounds WHERE tournament IN (" +
                            spellingIdList(t) + ") ORDER BY tournament LIMIT 1");
    if (!s.executeStep()) return std::nullopt;
    return std::make_pair(s.getColumn(0).getInt64(), s.getColumn(1).getInt());
}

}  // namespace

void readStructure(SQLite::Database& db, Tournament& t) {
    if (const auto row = roundsRow(db, t.summary)) t.statedRounds = row->second;
    if (!db.tableExists("game_stages") || t.games.empty()) return;
    std::map<std::int64_t, TournamentGame*> byId;
    for (TournamentGame& g : t.games) byId[g.id] = &g;
    // The stages of the games between the tournament's first and last id: one range read.
    SQLite::Statement s(db, "SELECT game_id, stage FROM game_stages WHERE game_id BETWEEN ? AND ?");
    s.bind(1, byId.begin()->first);
    s.bind(2, byId.rbegin()->first);
    while (s.executeStep()) {
        const auto it = byId.find(s.getColumn(0).getInt64());
        if (it == byId.end()) continue;
        it->second->markedStage = parseStage(s.getColumn(1).getString());
    }
}

std::optional<Stage> storedStage(SQLite::Database& db, std::int64_t game) {
    if (!db.tableExists("game_stages")) return std::nullopt;
    SQLite::Statement s(db, "SELECT stage FROM game_stages WHERE game_id = ?");
    s.bind(1, game);
    if (!s.executeStep()) return std::nullopt;
    return parseStage(s.getColumn(0).getString());
}

std::int64_t writeStatedRounds(SQLite::Database& db, const std::string& user, const Tournament& t,
                               std::optional<int> rounds, std::int64_t reverts) {
    const auto row = roundsRow(db, t.summary);
    // Stated rounds are 1..999: 0 stands for "none" (g++ 12 warns falsely of an
    // uninitialised std::optional<int> here).
    const int before = row ? row->second : 0;
    db.exec("DELETE FROM tournament_rounds WHERE tournament IN (" + spellingIdList(t.summary) +
            ")");
    if (rounds) {
        SQLite::Statement ins(db, "INSERT INTO tournament_rounds(tournament, rounds) VALUES(?, ?)");
        ins.bind(1, t.summary.id);
        ins.bind(2, *rounds);
        ins.exec();
    }
    JournalEntry e;
    e.kind = reverts ? "revert" : "event-rounds";
    e.reverts = reverts;
    const int now = rounds.value_or(0);
    e.summary = (reverts ? "revert of change " + std::to_string(reverts) + ": " : std::string()) +
                tournamentTitle(t.summary) +
                (now ? ": " + std::to_string(now) + " Swiss rounds"
                     : std::string(": Swiss rounds no longer stated")) +
                (before ? " (was " + std::to_string(before) + ")" : std::string());
    e.details = json{{"tournament", t.summary.id},
                     {"rounds", orNull(rounds)},
                     {"was", before ? json(before) : json(nullptr)}};
    return Journal::record(db, user, e);
}

std::int64_t writeStages(SQLite::Database& db, const std::string& user, const Tournament& t,
                         const std::vector<StageChange>& changes, std::int64_t reverts) {
    SQLite::Statement del(db, "DELETE FROM game_stages WHERE game_id = ?");
    SQLite::Statement ins(db, "INSERT INTO game_stages(game_id, stage) VALUES(?, ?)");
    json list = json::array();
    JournalEntry e;
    std::map<std::string, int> counts;
    for (const StageChange& c : changes) {
        const std::optional<Stage> was = storedStage(db, c.game);
        del.bind(1, c.game);
        del.exec();
        del.reset();
        if (c.stage) {
            ins.bind(1, c.game);
            ins.bind(2, stageName(*c.stage));
            ins.exec();
            ins.reset();
        }
        list.push_back({{"game", c.game}, {"stage", stageJson(c.stage)}, {"was", stageJson(was)}});
        e.games.emplace_back(c.game, "stage");
        ++counts[stageWords(c.stage)];
    }
    e.kind = reverts ? "revert" : "stage";
    e.reverts = reverts;
    std::string what;
    for (const auto& [stage, n] : counts)
        what += (what.empty() ? "" : ", ") + std::to_string(n) + (n == 1 ? " game " : " games ") +
                stage;
    e.summary = (reverts ? "revert of change " + std::to_string(reverts) + ": " : std::string()) +
                tournamentTitle(t.summary) + ": " + what;
    e.details = json{{"tournament", t.summary.id}, {"stages", list}};
    return Journal::record(db, user, e);
}

}  // namespace othello::storage
