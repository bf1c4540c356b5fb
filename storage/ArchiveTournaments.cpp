// Archive::tournaments and Archive::tournament: the rows behind storage/Tournament.h.
// Tournaments are computed from the events and games tables on every call, grouped by the
// folded event name without its year and the game's year; only their withdrawals are stored
// (Archive::withdraw, storage/Withdrawals.h).
#include <algorithm>
#include <map>
#include <set>

#include "ArchiveImpl.h"
#include "GameColumns.h"
#include "GameEditor.h"
#include "Standings.h"
#include "Tournament.h"
#include "Withdrawals.h"

namespace othello::storage {

namespace {

struct EventRow {
    std::int64_t id = 0;
    std::string name;
    EventName split;
    std::string key;  // foldText(split.base): the tournament's name key
};

std::map<std::int64_t, EventRow> readEvents(SQLite::Database& db) {
    std::map<std::int64_t, EventRow> events;
    SQLite::Statement s(db, "SELECT id, name FROM events");
    while (s.executeStep()) {
        EventRow e;
        e.id = s.getColumn(0).getInt64();
        e.name = s.getColumn(1).getString();
        e.split = splitEventYear(e.name);
        e.key = foldText(e.split.base);
        events[e.id] = std::move(e);
    }
    return events;
}

// Fills a summary's names from its events (smallest id first) and its verdict from `shape`.
void finish(TournamentSummary& t, const std::map<std::int64_t, EventRow>& events,
            const TournamentShape& shape) {
    std::sort(t.eventIds.begin(), t.eventIds.end());
    t.eventIds.erase(std::unique(t.eventIds.begin(), t.eventIds.end()), t.eventIds.end());
    t.eventNames.clear();
    for (const std::int64_t id : t.eventIds) t.eventNames.push_back(events.at(id).name);
    const EventRow& first = events.at(t.eventIds.front());
    t.id = tournamentId(first.id, t.year);
    t.name = first.split.base;
    t.games = shape.games();
    t.players = shape.players();
    t.notTournamentReason = notTournamentReason(first.name, shape);
    t.isTournament = t.notTournamentReason.empty();
}

}  // namespace

std::vector<TournamentSummary> Archive::tournaments() {
    ReadSnapshot snapshot(*impl_);
    SQLite::Database& db = impl_->db;
    const std::map<std::int64_t, EventRow> events = readEvents(db);
    std::set<std::int64_t> byes;
    {
        SQLite::Statement s(db, "SELECT id, name FROM players");
        while (s.executeStep())
            if (isByeName(s.getColumn(1).getString())) byes.insert(s.getColumn(0).getInt64());
    }
    // One row per event, year and pair of players: far fewer rows than games for the big
    // collections, and all a summary needs.
    struct Group {
        TournamentSummary summary;
        TournamentShape shape;
    };
    std::map<std::pair<std::string, int>, Group> groups;
    SQLite::Statement s(db,
                        "SELECT event_id, year, black_id, white_id, count(*) FROM games "
                        "GROUP BY event_id, year, black_id, white_id");
    while (s.executeStep()) {
        const auto it = events.find(s.getColumn(0).getInt64());
        if (it == events.end()) continue;  // a game without an event (schema 4 gives all one)
        const EventRow& e = it->second;
        const int year = tournamentYear(s.getColumn(1).getInt(), e.split);
        Group& g = groups[{e.key, year}];
        g.summary.year = year;
        g.summary.eventIds.push_back(e.id);
        const std::int64_t black = s.getColumn(2).getInt64();
        const std::int64_t white = s.getColumn(3).getInt64();
        const std::int64_t n = s.getColumn(4).getInt64();
        // A bye is no player: its games count, against nobody.
        if (byes.count(black) || byes.count(white)) {
            const std::int64_t player = byes.count(black) ? white : black;
            g.shape.add(player, player, 0);
            g.summary.games += n;
            continue;
        }
        g.shape.add(black, white, n);
    }
    std::vector<TournamentSummary> out;
    for (auto& [key, g] : groups) {
        const std::int64_t byeGames = g.summary.games;
        finish(g.summary, events, g.shape);
        g.summary.games += byeGames;
        out.push_back(std::move(g.summary));
    }
    std::sort(out.begin(), out.end(), [](const TournamentSummary& a, const TournamentSummary& b) {
        return a.year != b.year ? a.year < b.year : a.name < b.name;
    });
    return out;
}

std::optional<Tournament> Archive::tournament(std::int64_t id) {
    if (id <= 0) return std::nullopt;
    ReadSnapshot snapshot(*impl_);
    SQLite::Database& db = impl_->db;
    const std::map<std::int64_t, EventRow> events = readEvents(db);
    const auto named = events.find(tournamentEventId(id));
    if (named == events.end()) return std::nullopt;
    const int year = tournamentIdYear(id);
    // Every spelling of the name; a game belongs when its year (else its name's) is `year`.
    std::string all, yearless;
    for (const auto& [eventId, e] : events) {
        if (e.key != named->second.key) continue;
        const std::string idText = std::to_string(eventId);
        all += (all.empty() ? "" : ",") + idText;
        if (e.split.year == year) yearless += (yearless.empty() ? "" : ",") + idText;
    }
    std::string where;
    if (year != 0) {
        where = "WHERE (g.event_id IN (" + all + ") AND g.year = " + std::to_string(year) + ")";
        if (!yearless.empty()) where += " OR (g.event_id IN (" + yearless + ") AND g.year = 0)";
    } else {
        if (yearless.empty()) return std::nullopt;  // every spelling names a year
        where = "WHERE g.event_id IN (" + yearless + ") AND g.year = 0";
    }
    // Ids follow the file order within a file (an import stores records as it reads them).
    SQLite::Statement s(db, "SELECT g.id AS id, g.event_id AS event_id, " +
                                GameColumns::selectSql().substr(sizeof "SELECT " - 1) + where +
                                " ORDER BY g.id");
    Tournament t;
    t.summary.year = year;
    TournamentShape shape;
    std::map<std::string, std::int64_t> playerIds;
    const auto playerId = [&](const std::string& name) {
        return playerIds.emplace(name, static_cast<std::int64_t>(playerIds.size())).first->second;
    };
    while (s.executeStep()) {
        importers::GameRecord r;
        GameColumns::read(s, r);
        t.summary.eventIds.push_back(s.getColumn("event_id").getInt64());
        const bool bye = isByeName(r.black) || isByeName(r.white);
        if (bye) {
            ++t.summary.games;
            const std::string& player = isByeName(r.black) ? r.white : r.black;
            shape.add(playerId(player), playerId(player), 0);
        } else {
            shape.add(playerId(r.black), playerId(r.white));
        }
        t.games.push_back(tournamentGame(s.getColumn("id").getInt64(), r));
    }
    if (t.games.empty()) return std::nullopt;
    const std::int64_t byeGames = t.summary.games;
    finish(t.summary, events, shape);
    t.summary.games += byeGames;
    t.withdrawals = readWithdrawals(db, t);
    return t;
}

namespace {

// The parts appended in order (g++ 12 warns falsely of overlapping copies in chains of
// "literal" + std::string temporaries).
template <class... Parts>
std::string cat(const Parts&... parts) {
    std::string s;
    ((s += parts), ...);
    return s;
}

std::string quotedName(const std::string& s) {
    return cat("\"", s, "\"");
}

std::string titleOf(const TournamentSummary& t) {
    return t.year ? cat(t.name, " ", std::to_string(t.year)) : t.name;
}

// The tournament a withdrawal is stored with, and the player checked against its games.
Tournament withdrawalTarget(std::optional<Tournament> t, std::int64_t id,
                            const std::string& player) {
    if (!t) throw StorageError(cat("no event with id ", std::to_string(id)));
    const std::string title = titleOf(t->summary);
    if (!t->summary.isTournament)
        throw StorageError(cat(title, " is not a tournament (", t->summary.notTournamentReason,
                               "): it has no standings to withdraw from"));
    const bool plays = std::any_of(t->games.begin(), t->games.end(), [&](const auto& g) {
        return g.black == player || g.white == player;
    });
    if (!plays)
        throw StorageError(
            cat(quotedName(player), " plays no game of ", title, " (names as `event` lists them)"));
    return std::move(*t);
}

}  // namespace

std::int64_t Archive::withdraw(std::int64_t id, const std::string& player, int afterRound) {
    requireWritable(*impl_);
    if (afterRound < 0 || afterRound > kMaxWithdrawalRound)
        throw StorageError(cat("the round a player withdrew after is 1..",
                               std::to_string(kMaxWithdrawalRound), " (0: not given), got ",
                               std::to_string(afterRound)));
    EditScope scope(*impl_, "withdraw");
    const Tournament t = withdrawalTarget(tournament(id), id, player);
    const std::string title = titleOf(t.summary);
    // Only the source's rounds are facts: file-order rounds are a reconstruction.
    const Standings st = computeStandings(t.games);
    if (afterRound > 0 && st.roundsFrom == RoundsFrom::Source) {
        if (afterRound > st.rounds)
            throw StorageError(cat("round ", std::to_string(afterRound), ": ", title, " has ",
                                   std::to_string(st.rounds), " rounds"));
        for (const Standing& p : st.players)
            if (p.player == player)
                for (const PlayerResult& r : p.results)
                    if (r.round > afterRound)
                        throw StorageError(cat(quotedName(player), " played round ",
                                               std::to_string(r.round), " of ", title,
                                               ", after round ", std::to_string(afterRound)));
    }
    for (const Withdrawal& w : t.withdrawals)
        if (w.player == player && w.afterRound == afterRound) return 0;
    const std::int64_t change = writeWithdrawal(impl_->db, impl_->user, t, player, afterRound);
    scope.commit();
    return change;
}

std::int64_t Archive::unwithdraw(std::int64_t id, const std::string& player) {
    requireWritable(*impl_);
    EditScope scope(*impl_, "unwithdraw");
    const Tournament t = withdrawalTarget(tournament(id), id, player);
    const bool stored = std::any_of(t.withdrawals.begin(), t.withdrawals.end(),
                                    [&](const Withdrawal& w) { return w.player == player; });
    if (!stored)
        throw StorageError(
            cat("no withdrawal of ", quotedName(player), " is stored with ", titleOf(t.summary)));
    const std::int64_t change = writeWithdrawal(impl_->db, impl_->user, t, player, std::nullopt);
    scope.commit();
    return change;
}

}  // namespace othello::storage
