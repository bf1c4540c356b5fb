// Rating the archive's tournaments (storage/players/Ratings.h: the method; RatingsStore.h: the
// tables and how they are kept up to date).
#include "storage/players/RatingsStore.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "storage/Archive.h"
#include "storage/index/PositionIndexer.h"
#include "storage/players/Ratings.h"
#include "storage/tournaments/Standings.h"
#include "storage/tournaments/TournamentRows.h"

namespace othello::storage {
namespace {

struct RatedGame {
    std::int64_t black = 0, white = 0;
    double blackPoints = 0;  // 1, 1/2 or 0
};

struct Period {
    std::int64_t id = 0;  // tournament id
    int year = 0;
    std::string date;              // YYYY-MM-DD
    std::string name;              // without its year
    std::string folded;            // the order within a day
    std::vector<RatedGame> games;  // in id order
};

// Names that are no player: a bye, the unknown player of WTHOR ("???") and of entered games
// ("?"), an empty name.
bool isNoPlayer(const std::string& name) {
    return isByeName(name) || name.find_first_not_of('?') == std::string::npos;
}

// A full date of `year` (YYYY-MM-DD), else "".
std::string dateOfYear(const std::string& date, int year) {
    if (date.size() != 10 || date[4] != '-' || date[7] != '-') return "";
    const auto full = parseRatingDate(date);
    if (!full || std::stoi(date.substr(0, 4)) != year) return "";
    return *full;
}

// The periods of `fromYear` and later, in rating order, with their rated games.
std::vector<Period> readPeriods(SQLite::Database& db, int fromYear) {
    // A game's tournament: by its event and its tournament year (Tournament.h).
    std::map<std::pair<std::int64_t, int>, std::size_t> groupOf;
    std::vector<Period> periods;
    for (const TournamentSummary& t : readTournaments(db, fromYear)) {
        if (!t.isTournament || t.year <= 0 || t.year < fromYear) continue;
        for (const std::int64_t e : t.eventIds) groupOf[{e, t.year}] = periods.size();
        Period p;
        p.id = t.id;
        p.year = t.year;
        p.name = t.name;
        p.folded = foldText(t.name);
        periods.push_back(std::move(p));
    }
    std::unordered_map<std::int64_t, int> nameYear;  // event id -> the year its name ends with
    {
        SQLite::Statement s(db, "SELECT id, name FROM events");
        while (s.executeStep())
            nameYear[s.getColumn(0).getInt64()] = splitEventYear(s.getColumn(1).getString()).year;
    }
    std::set<std::int64_t> noPlayers;
    {
        SQLite::Statement s(db, "SELECT id, name FROM players");
        while (s.executeStep())
            if (isNoPlayer(s.getColumn(1).getString())) noPlayers.insert(s.getColumn(0).getInt64());
    }
    // kIndexResultSql: Black's result 0..64, -1 unknown, 126 under other rules or anti-Othello.
    SQLite::Statement s(db, std::string("SELECT black_id, white_id, event_id, year, date, ") +
                                kIndexResultSql +
                                ", length(moves), complete, stated_result FROM games "
                                "WHERE year >= ? OR year = 0 ORDER BY id");
    s.bind(1, fromYear);
    while (s.executeStep()) {
        const std::int64_t event = s.getColumn(2).getInt64();
        const auto ny = nameYear.find(event);
        const int year = tournamentYear(s.getColumn(3).getInt(),
                                        EventName{"", ny == nameYear.end() ? 0 : ny->second});
        const auto group = groupOf.find({event, year});
        if (group == groupOf.end()) continue;
        Period& p = periods[group->second];
        const std::string date = dateOfYear(s.getColumn(4).getString(), year);
        if (date > p.date) p.date = date;
        const std::int64_t black = s.getColumn(0).getInt64(), white = s.getColumn(1).getInt64();
        int result = s.getColumn(5).getInt();
        if (result == -1 && s.getColumn(7).getInt() == 0) {
            // An unfinished game stating its winner without a count ("1-0", a resignation), as
            // the standings count it (Standings.h statedWinner).
            if (const auto w = statedWinner(s.getColumn(8).getString()))
                result = *w > 0 ? 64 : *w < 0 ? 0 : 32;
        }
        if (result < 0 || result > 64 || s.getColumn(6).getInt() == 0 || black == white ||
            noPlayers.count(black) || noPlayers.count(white))
            continue;
        p.games.push_back({black, white, result > 32 ? 1.0 : result == 32 ? 0.5 : 0.0});
    }
    periods.erase(std::remove_if(periods.begin(), periods.end(),
                                 [](const Period& p) { return p.games.empty(); }),
                  periods.end());
    for (Period& p : periods)
        if (p.date.empty()) p.date = std::to_string(p.year) + "-12-31";
    std::sort(periods.begin(), periods.end(), [](const Period& a, const Period& b) {
        return std::tie(a.year, a.date, a.folded, a.id) < std::tie(b.year, b.date, b.folded, b.id);
    });
    return periods;
}

struct PlayerState {
    double rating = kRatingStart;
    std::int64_t games = 0;
};

// Per player of one period.
struct PeriodResult {
    double before = 0, score = 0, expected = 0;
    std::int64_t games = 0;
};

std::int64_t scalarOf(SQLite::Database& db, const char* sql, std::int64_t bind) {
    SQLite::Statement s(db, sql);
    s.bind(1, bind);
    return s.executeStep() ? s.getColumn(0).getInt64() : 0;
}

}  // namespace

double ratingK(std::int64_t ratedGames) {
    return ratedGames < kRatingEstablishedGames ? 40.0 : 20.0;
}

double expectedScore(double player, double opponent) {
    return 1.0 / (1.0 + std::pow(10.0, (opponent - player) / 400.0));
}

RatingPass rateFrom(SQLite::Database& db, int fromYear) {
    // The last period before fromYear, and every player's state after it.
    const std::int64_t kept =
        scalarOf(db, "SELECT coalesce(max(seq), 0) FROM rating_periods WHERE year < ?", fromYear);
    std::unordered_map<std::int64_t, PlayerState> state;
    {
        // SQLite's bare columns of max(): the row of each player's last period.
        SQLite::Statement s(db,
                            "SELECT player_id, rating_after, rated_games, max(seq) FROM ratings "
                            "WHERE seq <= ? GROUP BY player_id");
        s.bind(1, kept);
        while (s.executeStep())
            state[s.getColumn(0).getInt64()] = {s.getColumn(1).getDouble(),
                                                s.getColumn(2).getInt64()};
    }
    for (const char* sql :
         {"DELETE FROM ratings WHERE seq > ?", "DELETE FROM rating_periods WHERE seq > ?"}) {
        SQLite::Statement d(db, sql);
        d.bind(1, kept);
        d.exec();
    }
    SQLite::Statement period(db,
                             "INSERT INTO rating_periods(seq, tournament_id, year, date, name, "
                             "games) VALUES(?, ?, ?, ?, ?, ?)");
    SQLite::Statement row(db,
                          "INSERT INTO ratings(player_id, seq, rating_before, rating_after, "
                          "games, score, expected, rated_games) VALUES(?, ?, ?, ?, ?, ?, ?, ?)");
    RatingPass pass;
    std::int64_t seq = kept;
    std::set<std::int64_t> players;
    for (const Period& p : readPeriods(db, fromYear)) {
        ++seq;
        ++pass.periods;
        pass.ratedGames += static_cast<std::int64_t>(p.games.size());
        // Every game against the ratings before the event; players in id order.
        std::map<std::int64_t, PeriodResult> results;
        for (const RatedGame& g : p.games) {
            const double b = state[g.black].rating, w = state[g.white].rating;
            const double e = expectedScore(b, w);
            PeriodResult& rb = results[g.black];
            PeriodResult& rw = results[g.white];
            rb.before = b;
            rw.before = w;
            rb.expected += e;
            rw.expected += 1.0 - e;
            rb.score += g.blackPoints;
            rw.score += 1.0 - g.blackPoints;
            ++rb.games;
            ++rw.games;
        }
        period.bind(1, seq);
        period.bind(2, p.id);
        period.bind(3, p.year);
        period.bind(4, p.date);
        period.bind(5, p.name);
        period.bind(6, static_cast<std::int64_t>(p.games.size()));
        period.exec();
        period.reset();
        for (const auto& [player, r] : results) {
            PlayerState& st = state[player];
            st.rating = r.before + ratingK(st.games) * (r.score - r.expected);
            st.games += r.games;
            players.insert(player);
            row.bind(1, player);
            row.bind(2, seq);
            row.bind(3, r.before);
            row.bind(4, st.rating);
            row.bind(5, r.games);
            row.bind(6, r.score);
            row.bind(7, r.expected);
            row.bind(8, st.games);
            row.exec();
            row.reset();
        }
    }
    pass.players = static_cast<std::int64_t>(players.size());
    return pass;
}

bool ratingsDirty(SQLite::Database& db) {
    SQLite::Statement s(db, "SELECT value FROM meta WHERE key = 'ratings_dirty_from'");
    return !s.executeStep() || s.getColumn(0).getInt64() < kRatingsClean;
}

bool updateRatings(SQLite::Database& db) {
    SQLite::Statement s(db, "SELECT value FROM meta WHERE key = 'ratings_dirty_from'");
    if (!s.executeStep()) return false;
    const std::int64_t from = s.getColumn(0).getInt64();
    s.reset();
    if (from >= kRatingsClean) return false;
    rateFrom(db, static_cast<int>(std::max<std::int64_t>(0, from)));
    markRatingsClean(db);
    return true;
}

void markRatingsClean(SQLite::Database& db) {
    SQLite::Statement clear(db, "UPDATE meta SET value = ? WHERE key = 'ratings_dirty_from'");
    clear.bind(1, kRatingsClean);
    clear.exec();
}

void rateArchive(SQLite::Database& db) {
    updateRatings(db);
}

}  // namespace othello::storage
