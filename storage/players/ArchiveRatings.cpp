// The archive's rating functions (storage/players/Ratings.h): a player's history, the table as
// of a date, the rebuild; and how a date is read.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <vector>

#include "importers/ReaderUtil.h"
#include "storage/ArchiveImpl.h"
#include "storage/curation/GameEditor.h"
#include "storage/players/PlayerProfile.h"
#include "storage/players/Ratings.h"
#include "storage/players/RatingsStore.h"

namespace othello::storage {
namespace {

bool digits(const std::string& s, std::size_t from, std::size_t n) {
    if (from + n > s.size()) return false;
    for (std::size_t i = from; i < from + n; ++i)
        if (s[i] < '0' || s[i] > '9') return false;
    return true;
}

// Every stored row of both tables, as bytes: what a rebuild must reproduce exactly.
std::vector<std::string> storedRows(SQLite::Database& db) {
    std::vector<std::string> rows;
    for (const char* sql :
         {"SELECT seq, tournament_id, year, date, name, games FROM rating_periods ORDER BY seq",
          "SELECT player_id, seq, rating_before, rating_after, games, score, expected, "
          "rated_games FROM ratings ORDER BY player_id, seq"}) {
        SQLite::Statement s(db, sql);
        while (s.executeStep()) {
            std::string row;
            for (int c = 0; c < s.getColumnCount(); ++c) {
                const SQLite::Column col = s.getColumn(c);
                if (col.isFloat()) {
                    const double d = col.getDouble();
                    row.append(reinterpret_cast<const char*>(&d), sizeof d);
                } else {
                    row += col.getString();
                }
                row += '\x1f';
            }
            rows.push_back(std::move(row));
        }
    }
    return rows;
}

std::int64_t countDifferences(const std::vector<std::string>& a,
                              const std::vector<std::string>& b) {
    std::int64_t n = 0;
    std::size_t i = 0, j = 0;
    // Both sorted by their keys within each table: a merge counts rows on one side only.
    std::vector<std::string> x = a, y = b;
    std::sort(x.begin(), x.end());
    std::sort(y.begin(), y.end());
    while (i < x.size() || j < y.size()) {
        if (j == y.size() || (i < x.size() && x[i] < y[j])) {
            ++n, ++i;
        } else if (i == x.size() || y[j] < x[i]) {
            ++n, ++j;
        } else {
            ++i, ++j;
        }
    }
    return n;
}

RatingHistory historyOf(SQLite::Database& db, std::int64_t playerId, const std::string& name) {
    RatingHistory h;
    h.playerId = playerId;
    h.player = name;
    h.pending = ratingsDirty(db);
    SQLite::Statement s(db,
                        "SELECT p.tournament_id, p.name, p.year, p.date, r.rating_before, "
                        "r.rating_after, r.games, r.score, r.expected, r.rated_games "
                        "FROM ratings r JOIN rating_periods p ON p.seq = r.seq "
                        "WHERE r.player_id = ? ORDER BY r.seq");
    s.bind(1, playerId);
    while (s.executeStep()) {
        RatingPoint p;
        p.eventId = s.getColumn(0).getInt64();
        p.event = s.getColumn(1).getString();
        p.year = s.getColumn(2).getInt();
        p.date = s.getColumn(3).getString();
        p.before = s.getColumn(4).getDouble();
        p.after = s.getColumn(5).getDouble();
        p.games = s.getColumn(6).getInt64();
        p.score = s.getColumn(7).getDouble();
        p.expected = s.getColumn(8).getDouble();
        p.ratedGames = s.getColumn(9).getInt64();
        h.points.push_back(std::move(p));
    }
    return h;
}

}  // namespace

std::optional<std::string> parseRatingDate(const std::string& text) {
    if (!digits(text, 0, 4)) return std::nullopt;
    const int year = std::stoi(text.substr(0, 4));
    if (year < 1) return std::nullopt;
    if (text.size() == 4) return text + "-12-31";
    if (text.size() < 7 || text[4] != '-' || !digits(text, 5, 2)) return std::nullopt;
    const int month = std::stoi(text.substr(5, 2));
    if (month < 1 || month > 12) return std::nullopt;
    if (text.size() == 7)
        return text + "-" + std::to_string(importers::text::daysInMonth(year, month));
    if (text.size() != 10 || text[7] != '-' || !digits(text, 8, 2)) return std::nullopt;
    const int day = std::stoi(text.substr(8, 2));
    if (day < 1 || day > importers::text::daysInMonth(year, month)) return std::nullopt;
    return text;
}

RatingHistory Archive::ratingHistory(const std::string& player) {
    // The one player findPlayer names (an id, the name rule, an old spelling); never a guess
    // between players whose names differ only in case.
    const PlayerLookup lookup = findPlayer(player);
    if (!lookup.player) {
        std::string names;
        for (const PlayerRef& c : lookup.candidates)
            names +=
                (names.empty() ? "\"" : ", \"") + c.name + "\" (#" + std::to_string(c.id) + ")";
        throw StorageError(lookup.candidates.empty()
                               ? "no player named \"" + player + "\" (case ignored)"
                               : "no player is named exactly \"" + player + "\": " + names);
    }
    return ratingHistory(lookup.player->id);
}

RatingHistory Archive::ratingHistory(std::int64_t playerId) {
    ReadSnapshot snapshot(*impl_);
    SQLite::Statement s(impl_->db, "SELECT name FROM players WHERE id = ?");
    s.bind(1, playerId);
    if (!s.executeStep()) throw StorageError("no player with id " + std::to_string(playerId));
    return historyOf(impl_->db, playerId, s.getColumn(0).getString());
}

RatingTable Archive::ratingTable(const RatingQuery& query) {
    RatingTable t;
    if (query.asOf) {
        const auto date = parseRatingDate(*query.asOf);
        if (!date)
            throw StorageError("not a date: \"" + *query.asOf + "\" (YYYY, YYYY-MM or YYYY-MM-DD)");
        t.asOf = *query.asOf;
        t.asOfDate = *date;
    }
    ReadSnapshot snapshot(*impl_);
    SQLite::Database& db = impl_->db;
    t.pending = ratingsDirty(db);
    // The periods as of the date: dates rise with seq (Ratings.h: year, then date).
    std::int64_t upto = 0;
    {
        SQLite::Statement s(db, "SELECT coalesce(max(seq), 0) FROM rating_periods WHERE date <= ?");
        s.bind(1, t.asOfDate.empty() ? std::string("9999-12-31") : t.asOfDate);
        s.executeStep();
        upto = t.periods = s.getColumn(0).getInt64();
    }
    // Each player's last period (SQLite's bare columns of max()).
    SQLite::Statement s(db,
                        "SELECT r.player_id, pl.name, r.rating_after, r.rated_games, r.n, "
                        "p.tournament_id, p.name, p.year, p.date FROM "
                        "(SELECT player_id, rating_after, rated_games, count(*) AS n, "
                        "max(seq) AS seq FROM ratings WHERE seq <= ? GROUP BY player_id) r "
                        "JOIN players pl ON pl.id = r.player_id "
                        "JOIN rating_periods p ON p.seq = r.seq "
                        "ORDER BY r.rating_after DESC, pl.folded, pl.name, r.player_id");
    s.bind(1, upto);
    while (s.executeStep()) {
        ++t.players;
        if (query.limit && t.rows.size() >= query.limit) continue;
        RatingRow row;
        row.rank = t.players;
        row.playerId = s.getColumn(0).getInt64();
        row.player = s.getColumn(1).getString();
        row.rating = s.getColumn(2).getDouble();
        row.ratedGames = s.getColumn(3).getInt64();
        row.events = s.getColumn(4).getInt64();
        row.lastEventId = s.getColumn(5).getInt64();
        row.lastEvent = s.getColumn(6).getString();
        row.lastYear = s.getColumn(7).getInt();
        row.lastDate = s.getColumn(8).getString();
        t.rows.push_back(std::move(row));
    }
    return t;
}

RatingsRebuild Archive::rebuildRatings() {
    requireWritable(*impl_);
    const auto start = std::chrono::steady_clock::now();
    EditScope scope(*impl_, "ratings");
    SQLite::Database& db = impl_->db;
    // Compared as stored: a change left unrated (RatingTable::pending) counts as a difference.
    const std::vector<std::string> before = storedRows(db);
    const RatingPass pass = rateFrom(db, 0);
    markRatingsClean(db);
    RatingsRebuild r;
    r.periods = pass.periods;
    r.players = pass.players;
    r.ratedGames = pass.ratedGames;
    r.differences = countDifferences(before, storedRows(db));
    scope.commit();
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return r;
}

}  // namespace othello::storage
