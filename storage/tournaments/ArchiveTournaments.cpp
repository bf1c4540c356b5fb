// Archive::tournaments and Archive::tournament: the rows behind storage/Tournament.h.
// Tournaments are computed from the events and games tables on every call, grouped by the
// folded event name without its year and the game's year; only their withdrawals are stored
// (Archive::withdraw, storage/tournaments/Withdrawals.h).
#include <algorithm>
#include <map>
#include <set>

#include "storage/ArchiveImpl.h"
#include "storage/curation/GameEditor.h"
#include "storage/curation/Journal.h"
#include "storage/database/Concat.h"
#include "storage/database/GameColumns.h"
#include "storage/tournaments/Standings.h"
#include "storage/tournaments/StructureStore.h"
#include "storage/tournaments/Tournament.h"
#include "storage/tournaments/TournamentRows.h"
#include "storage/tournaments/Withdrawals.h"

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
    return readTournaments(impl_->db);
}

std::vector<TournamentSummary> readTournaments(SQLite::Database& db, int fromYear) {
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
    SQLite::Statement s(db, std::string("SELECT event_id, year, black_id, white_id, count(*) "
                                        "FROM games ") +
                                (fromYear > 0 ? "WHERE year >= ? OR year = 0 " : "") +
                                "GROUP BY event_id, year, black_id, white_id");
    if (fromYear > 0) s.bind(1, fromYear);
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
        if (fromYear > 0 && g.summary.year < fromYear) continue;  // partial: its games of no year
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

Archive::EventCounts Archive::eventCounts() {
    ReadSnapshot snapshot(*impl_);
    EventCounts c;
    std::set<std::string> names;
    for (const TournamentSummary& t : tournaments()) {
        ++c.events;
        c.tournaments += t.isTournament;
        for (const std::string& n : t.eventNames)
            if (!n.empty()) names.insert(n);
    }
    c.names = static_cast<std::int64_t>(names.size());
    return c;
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
    readStructure(db, t);
    return t;
}

namespace {

std::string quotedName(const std::string& s) {
    return concat("\"", s, "\"");
}

// The tournament whose standings a change is about (`what`: "withdraw from").
Tournament standingsTarget(std::optional<Tournament> t, std::int64_t id, const char* what) {
    if (!t) throw StorageError(concat("no event with id ", std::to_string(id)));
    if (!t->summary.isTournament)
        throw StorageError(concat(tournamentTitle(t->summary), " is not a tournament (",
                                  t->summary.notTournamentReason, "): it has no standings to ",
                                  what));
    return std::move(*t);
}

// The tournament a withdrawal is stored with, and the player checked against its games.
Tournament withdrawalTarget(std::optional<Tournament> found, std::int64_t id,
                            const std::string& player) {
    Tournament t = standingsTarget(std::move(found), id, "withdraw from");
    const std::string title = tournamentTitle(t.summary);
    const bool plays = std::any_of(t.games.begin(), t.games.end(), [&](const auto& g) {
        return g.black == player || g.white == player;
    });
    if (!plays)
        throw StorageError(concat(quotedName(player), " plays no game of ", title,
                                  " (names as `event` lists them)"));
    return t;
}

}  // namespace

std::int64_t Archive::withdraw(std::int64_t id, const std::string& player, int afterRound) {
    requireWritable(*impl_);
    if (afterRound < 0 || afterRound > kMaxWithdrawalRound)
        throw StorageError(concat("the round a player withdrew after is 1..",
                                  std::to_string(kMaxWithdrawalRound), " (0: not given), got ",
                                  std::to_string(afterRound)));
    EditScope scope(*impl_, "withdraw");
    const Tournament t = withdrawalTarget(tournament(id), id, player);
    const std::string title = tournamentTitle(t.summary);
    // Only the source's rounds are facts: file-order rounds are a reconstruction.
    const Standings st = computeStandings(t.games);
    if (afterRound > 0 && st.roundsFrom == RoundsFrom::Source) {
        if (afterRound > st.rounds)
            throw StorageError(concat("round ", std::to_string(afterRound), ": ", title, " has ",
                                      std::to_string(st.rounds), " rounds"));
        for (const Standing& p : st.players)
            if (p.player == player)
                for (const PlayerResult& r : p.results)
                    if (r.round > afterRound)
                        throw StorageError(concat(quotedName(player), " played round ",
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
        throw StorageError(concat("no withdrawal of ", quotedName(player), " is stored with ",
                                  tournamentTitle(t.summary)));
    const std::int64_t change = writeWithdrawal(impl_->db, impl_->user, t, player, std::nullopt);
    scope.commit();
    return change;
}

std::int64_t Archive::setEventRounds(std::int64_t id, std::optional<int> rounds) {
    requireWritable(*impl_);
    if (rounds && (*rounds < 1 || *rounds > kMaxStatedRounds))
        throw StorageError(concat("an event's Swiss rounds are 1..",
                                  std::to_string(kMaxStatedRounds), ", got ",
                                  std::to_string(*rounds)));
    EditScope scope(*impl_, "event-rounds");
    const Tournament t = standingsTarget(tournament(id), id, "state rounds for");
    if (t.statedRounds == rounds) return 0;
    const std::int64_t change = writeStatedRounds(impl_->db, impl_->user, t, rounds);
    scope.commit();
    return change;
}

std::int64_t Archive::setGameStages(std::int64_t id, const std::vector<std::int64_t>& games,
                                    std::optional<Stage> stage) {
    requireWritable(*impl_);
    if (games.empty()) throw StorageError("no game given");
    EditScope scope(*impl_, "stage");
    const Tournament t = standingsTarget(tournament(id), id, "give stages in");
    std::map<std::int64_t, const TournamentGame*> byId;
    for (const TournamentGame& g : t.games) byId[g.id] = &g;
    std::vector<StageChange> changes;
    std::set<std::int64_t> seen;
    std::string missing;
    for (const std::int64_t g : games) {
        const auto it = byId.find(g);
        if (it == byId.end()) {
            missing += (missing.empty() ? "" : ", ") + std::to_string(g);
            continue;
        }
        if (seen.insert(g).second && it->second->markedStage != stage)
            changes.push_back({g, stage});
    }
    if (!missing.empty())
        throw StorageError(concat("not games of ", tournamentTitle(t.summary), " (id ",
                                  std::to_string(id), "): ", missing, ". Nothing was changed."));
    if (changes.empty()) return 0;
    const std::int64_t change = writeStages(impl_->db, impl_->user, t, changes);
    scope.commit();
    return change;
}

namespace {

// The tournament a journalled structure change names, as it is now; a tournament whose games
// are gone since is rebuilt from its id (one spelling), which is all the rows need.
Tournament journalledTournament(Archive& archive, std::int64_t id) {
    if (auto t = archive.tournament(id)) return std::move(*t);
    Tournament t;
    t.summary.id = id;
    t.summary.year = tournamentIdYear(id);
    t.summary.eventIds = {tournamentEventId(id)};
    t.summary.name = concat("event ", std::to_string(id));
    return t;
}

// The latest change in effect after `after` that stated the rounds of tournament `id`.
std::int64_t lastRoundsChange(SQLite::Database& db, std::int64_t after, std::int64_t id) {
    SQLite::Statement s(db,
                        "SELECT id FROM journal WHERE id > ? AND reverted_by IS NULL AND kind IN "
                        "('event-rounds', 'revert') AND json_extract(details, '$.tournament') = ? "
                        "AND json_type(details, '$.rounds') IS NOT NULL ORDER BY id DESC LIMIT 1");
    s.bind(1, after);
    s.bind(2, id);
    return s.executeStep() ? s.getColumn(0).getInt64() : 0;
}

}  // namespace

bool isStructureChange(const Change& c) {
    if (c.kind == "event-rounds" || c.kind == "stage") return true;
    if (c.kind != "revert") return false;
    const nlohmann::json d = nlohmann::json::parse(c.details, nullptr, false);
    return d.is_object() && d.contains("tournament") &&
           (d.contains("rounds") || d.contains("stages"));
}

std::int64_t revertStructure(Archive& archive, Archive::Impl& impl, const Change& c) {
    SQLite::Database& db = impl.db;
    const nlohmann::json d = nlohmann::json::parse(c.details);
    const Tournament t = journalledTournament(archive, d["tournament"].get<std::int64_t>());
    const auto optionalInt = [](const nlohmann::json& v) {
        return v.is_null() ? std::nullopt : std::optional<int>(v.get<int>());
    };
    const auto optionalStage = [](const nlohmann::json& v) {
        return v.is_null() ? std::nullopt : parseStage(v.get<std::string>());
    };
    if (d.contains("rounds")) {
        if (t.statedRounds != optionalInt(d["rounds"]))
            throwRevertBlocked(db, c.id, lastRoundsChange(db, c.id, t.summary.id),
                               "stated the rounds of " + tournamentTitle(t.summary) + " since");
        return writeStatedRounds(db, impl.user, t, optionalInt(d["was"]), c.id);
    }
    std::vector<StageChange> back;
    for (const auto& g : d["stages"]) {
        const std::int64_t game = g["game"].get<std::int64_t>();
        if (const std::int64_t by = Journal::blocker(db, c.id, game, "stage"))
            throwRevertBlocked(db, c.id, by,
                               "changed the stage of game " + std::to_string(game) + " since");
        if (storedStage(db, game) != optionalStage(g["stage"]))
            throwRevertBlocked(
                db, c.id, 0,
                "the stage of game " + std::to_string(game) + " is no longer what it set");
        back.push_back({game, optionalStage(g["was"])});
    }
    return writeStages(db, impl.user, t, back, c.id);
}

}  // namespace othello::storage
