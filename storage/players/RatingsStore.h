#pragma once
// Private to storage/: how the archive ratings (storage/players/Ratings.h) are stored and kept
// equal to a rebuild.
//
// Tables (schema 15). rating_periods: one row per rated event, `seq` its place in rating order
// (1, 2, ... with no gap), its tournament id, year, date, name and rated games. No secondary
// index: every query reads the tables whole or by player (a rating pass rewrites the tail).
// ratings: one row per player and period the player was rated in: the rating before and
// after, the games, score and expected score of the period, and the rated games so far.
//
// Keeping them up to date. meta.ratings_dirty_from holds the first year some change touched
// since the ratings were last computed (kRatingsClean: none). Triggers set it, in the writer's
// own transaction, whatever the writer: a game inserted, replaced (edits write a game with
// INSERT OR REPLACE, whose delete fires no trigger: the BEFORE INSERT trigger reads the old
// row's year), deleted (the trash) or updated (the old and the new year), and a player or an
// event renamed in place (the first year of their games: a player renamed to "bye" is no
// longer rated, an event's name decides whether it is a tournament). updateRatings(), which
// every writer calls before it commits (EditScope::commit, the end of an import, a writable
// open after a killed import), rates again from the first period of that year and clears it.
// Readers never write: RatingTable::pending says when a killed writer left it set.
#include <SQLiteCpp/SQLiteCpp.h>

#include <cstdint>

namespace othello::storage {

inline constexpr std::int64_t kRatingsClean = 100000;  // above every year (0..9999)

inline constexpr const char* kRatingTablesSql = R"SQL(
CREATE TABLE IF NOT EXISTS rating_periods(
    seq INTEGER PRIMARY KEY, tournament_id INTEGER NOT NULL,
    year INTEGER NOT NULL, date TEXT NOT NULL, name TEXT NOT NULL, games INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS ratings(
    player_id INTEGER NOT NULL, seq INTEGER NOT NULL,
    rating_before REAL NOT NULL, rating_after REAL NOT NULL,
    games INTEGER NOT NULL, score REAL NOT NULL, expected REAL NOT NULL,
    rated_games INTEGER NOT NULL,
    PRIMARY KEY(player_id, seq)) WITHOUT ROWID;
INSERT OR IGNORE INTO meta(key, value) VALUES('ratings_dirty_from', 0);
CREATE TRIGGER IF NOT EXISTS ratings_game_inserted BEFORE INSERT ON games BEGIN
    UPDATE meta SET value = min(NEW.year, coalesce((SELECT year FROM games WHERE id = NEW.id),
                                                   NEW.year))
    WHERE key = 'ratings_dirty_from' AND value > min(NEW.year,
        coalesce((SELECT year FROM games WHERE id = NEW.id), NEW.year));
END;
CREATE TRIGGER IF NOT EXISTS ratings_game_deleted AFTER DELETE ON games BEGIN
    UPDATE meta SET value = OLD.year WHERE key = 'ratings_dirty_from' AND value > OLD.year;
END;
CREATE TRIGGER IF NOT EXISTS ratings_game_updated AFTER UPDATE ON games BEGIN
    UPDATE meta SET value = min(OLD.year, NEW.year)
    WHERE key = 'ratings_dirty_from' AND value > min(OLD.year, NEW.year);
END;
CREATE TRIGGER IF NOT EXISTS ratings_player_renamed AFTER UPDATE OF name ON players BEGIN
    UPDATE meta SET value = (SELECT min(year) FROM games WHERE black_id = NEW.id OR
                                                               white_id = NEW.id)
    WHERE key = 'ratings_dirty_from' AND value > (SELECT min(year) FROM games
                                                  WHERE black_id = NEW.id OR white_id = NEW.id);
END;
CREATE TRIGGER IF NOT EXISTS ratings_event_renamed AFTER UPDATE OF name ON events BEGIN
    UPDATE meta SET value = (SELECT min(year) FROM games WHERE event_id = NEW.id)
    WHERE key = 'ratings_dirty_from' AND value > (SELECT min(year) FROM games
                                                  WHERE event_id = NEW.id);
END;
)SQL";

// Migration 15's step: the tables above are created with ratings_dirty_from 0; this rates
// every period (updateRatings).
void rateArchive(SQLite::Database& db);
// Rates again from meta.ratings_dirty_from when set, then clears it; nothing when clean or
// when the file has no ratings tables (a schema older than 15). Inside the caller's
// transaction. Returns whether it rated.
bool updateRatings(SQLite::Database& db);
// Clears meta.ratings_dirty_from (after rateFrom(db, 0)).
void markRatingsClean(SQLite::Database& db);
// Whether meta.ratings_dirty_from is set; true for a file without the tables (a reader of
// an archive older than schema 15: nothing is rated there yet).
bool ratingsDirty(SQLite::Database& db);

// Counts of a rating pass.
struct RatingPass {
    std::int64_t periods = 0, players = 0, ratedGames = 0;
};
// Deletes the periods of `fromYear` and later and rates them again from the ratings stored
// before them (fromYear 0: from scratch). Inside the caller's transaction.
RatingPass rateFrom(SQLite::Database& db, int fromYear);

}  // namespace othello::storage
