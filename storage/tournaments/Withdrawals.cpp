// Withdrawals stored with a tournament: the table of migration 11 read and written (see
// Withdrawals.h).
#include "storage/tournaments/Withdrawals.h"

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "storage/curation/Journal.h"
#include "storage/database/Concat.h"

namespace othello::storage {
namespace {

// The player's name now: `stored` when a player still has it, else the player an alias of
// that spelling points to (rename-player keeps old spellings as aliases), else `stored`.
std::string currentName(SQLite::Database& db, const std::string& stored) {
    SQLite::Statement s(db,
                        "SELECT coalesce((SELECT name FROM players WHERE name = ?1), (SELECT "
                        "p.name FROM player_aliases a JOIN players p ON p.id = a.player_id "
                        "WHERE a.name = ?1), ?1)");
    s.bind(1, stored);
    return s.executeStep() ? s.getColumn(0).getString() : stored;
}

std::set<std::string> playersOf(const Tournament& t) {
    std::set<std::string> out;
    for (const TournamentGame& g : t.games) {
        out.insert(g.black);
        out.insert(g.white);
    }
    return out;
}

struct StoredRow {
    std::int64_t tournament = 0;
    std::string stored;  // the name as the row holds it
    Withdrawal now;      // the name followed through renames
};

std::vector<StoredRow> rowsOf(SQLite::Database& db, const Tournament& t) {
    std::vector<StoredRow> rows;
    if (!db.tableExists("tournament_withdrawals")) return rows;
    SQLite::Statement s(db,
                        "SELECT tournament, player, after_round FROM tournament_withdrawals "
                        "WHERE tournament IN (" +
                            spellingIdList(t.summary) + ") ORDER BY tournament");
    while (s.executeStep()) {
        StoredRow r;
        r.tournament = s.getColumn(0).getInt64();
        r.stored = s.getColumn(1).getString();
        r.now.afterRound = s.getColumn(2).getInt();
        rows.push_back(std::move(r));
    }
    for (StoredRow& r : rows) r.now.player = currentName(db, r.stored);
    return rows;
}

}  // namespace

std::vector<Withdrawal> readWithdrawals(SQLite::Database& db, const Tournament& t) {
    const std::set<std::string> players = playersOf(t);
    // One per player: rows under two spellings (both stored before a merge) keep the one of
    // the smallest id, the tournament's own.
    std::map<std::string, Withdrawal> byName;
    for (const StoredRow& r : rowsOf(db, t))
        if (players.count(r.now.player)) byName.emplace(r.now.player, r.now);
    std::vector<Withdrawal> out;
    for (auto& [name, w] : byName) out.push_back(std::move(w));
    return out;
}

std::int64_t writeWithdrawal(SQLite::Database& db, const std::string& user, const Tournament& t,
                             const std::string& player, std::optional<int> afterRound) {
    std::optional<int> was;
    std::vector<StoredRow> rows = rowsOf(db, t);
    SQLite::Statement del(db,
                          "DELETE FROM tournament_withdrawals WHERE tournament = ? AND player = ?");
    for (const StoredRow& r : rows) {
        if (r.now.player != player) continue;
        if (!was) was = r.now.afterRound;
        del.bind(1, r.tournament);
        del.bind(2, r.stored);
        del.exec();
        del.reset();
    }
    if (afterRound) {
        SQLite::Statement ins(db,
                              "INSERT INTO tournament_withdrawals(tournament, player, "
                              "after_round) VALUES(?, ?, ?)");
        ins.bind(1, t.summary.id);
        ins.bind(2, player);
        ins.bind(3, *afterRound);
        ins.exec();
    }
    JournalEntry e;
    e.kind = afterRound ? "withdraw" : "unwithdraw";
    const std::string title = tournamentTitle(t.summary);
    const std::string name = concat("\"", player, "\"");
    if (!afterRound)
        e.summary = concat(name, " no longer withdrawn from ", title);
    else if (*afterRound)
        e.summary =
            concat(name, " withdrew from ", title, " after round ", std::to_string(*afterRound));
    else
        e.summary = concat(name, " withdrew from ", title, " (round not given)");
    e.details = nlohmann::json{
        {"tournament", t.summary.id},
        {"player", journalText(player)},
        {"after_round", afterRound ? nlohmann::json(*afterRound) : nlohmann::json(nullptr)},
        {"was", was ? nlohmann::json(*was) : nlohmann::json(nullptr)}};
    return Journal::record(db, user, e);
}

}  // namespace othello::storage
