#pragma once
// Archive ratings (issue 30): an Elo rating of every player, computed from the archive's own
// tournament games. It is the archive's rating, never a federation's: every view calls it
// "archive rating". The method (README "Archive ratings"), chosen for sources that date a
// game by its year alone (WTHOR):
//
// - Rating periods. Each tournament (an event in a year that `events` marks a tournament,
//   storage/tournaments/Tournament.h) is one rating period: every rated game of it is rated
//   against the ratings its two players had before the event. Periods follow each other by
//   year; within a year by their date (the latest full date YYYY-MM-DD of the year among the
//   event's games; an event known by its year alone, as WTHOR's are, is dated the end of its
//   year, YYYY-12-31), then by the event's name (folded: case and accents ignored), then by
//   its id. An event's id is the tournament id of `events` and `event ID`.
// - Elo. Everybody starts at kRatingStart (1500). K (ratingK) is 40 while a player has fewer
//   than kRatingEstablishedGames (30) rated games before the period, then 20. After a period,
//   rating = before + K * (score - expected): score = wins + draws / 2 over the player's games
//   of the period, expected = the sum over them of 1 / (1 + 10^((opponent - player) / 400)),
//   both players' ratings taken before the period. Ratings are kept unrounded (doubles) and
//   shown rounded to the unit.
// - Rated games (isRatedGame): games of a tournament of a known year, between two players (a
//   bye, "???" and an empty name are no players; a player never plays himself), played as
//   Othello (games under other rules, handicap games and anti-Othello are unrated), with a
//   result: Black's count on the 64-disc scale over 32 a win, 32 a draw; an unfinished game by
//   its stated result. Unrated: games without a move (forfeits), unfinished games without a
//   stated result, and every game of an event that is not a tournament (a collection).
// - As of a date (parseRatingDate: YYYY, YYYY-MM or YYYY-MM-DD): the periods dated on or before
//   it. An event known by its year alone counts as of the end of its year: "--as-of 2019-06-30"
//   leaves out every 2019 WTHOR event, "--as-of 2019" takes them all.
//
// Storage (schema 15, storage/players/RatingsStore.h): every period and every player's rating
// before and after each period they played in (tables rating_periods, ratings). Every writer of
// games, players or events (import, add, edit, delete, restore, rename and merge of players
// and events, duplicates, revert) keeps them equal, bit for bit, to a rebuild from scratch:
// triggers note the first year a change touches and the writer rates again from that year's
// first period before it commits (Elo is path dependent: every later period may change, no
// earlier one does). An import of a new year rates that year alone. Readers read one snapshot.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace othello::storage {

inline constexpr double kRatingStart = 1500.0;
inline constexpr std::int64_t kRatingEstablishedGames = 30;
// The K factor of a player with `ratedGames` rated games before the period: 40 below
// kRatingEstablishedGames, then 20.
double ratingK(std::int64_t ratedGames);
// The expected score of a player rated `player` against one rated `opponent`.
double expectedScore(double player, double opponent);

// One rated event of a player: a point of the rating history.
struct RatingPoint {
    std::int64_t eventId = 0;  // the tournament id (`event ID`, storage/tournaments/Tournament.h)
    std::string event;         // the event's name without its year ("World Championship")
    int year = 0;
    std::string date;  // the period's date, YYYY-MM-DD (YYYY-12-31: the year alone)
    double before = kRatingStart;
    double after = kRatingStart;
    std::int64_t games = 0;       // games rated in this event
    double score = 0;             // wins + draws / 2 in them
    double expected = 0;          // their expected score
    std::int64_t ratedGames = 0;  // rated games so far, this event's included
};

struct RatingHistory {
    std::int64_t playerId = 0;
    std::string player;               // as stored (after renames and merges)
    std::vector<RatingPoint> points;  // in rating order (oldest first); empty: never rated
    // A change is not rated yet (RatingTable::pending): a read-only archive no writer has
    // rated since, or one from before ratings. The points may then be stale or missing.
    bool pending = false;
};

// One line of the table as of a date.
struct RatingRow {
    std::int64_t rank = 0;  // 1 for the highest rating
    std::int64_t playerId = 0;
    std::string player;
    double rating = kRatingStart;
    std::int64_t ratedGames = 0;
    std::int64_t events = 0;  // rated events
    // The last rated event (as of the date).
    std::int64_t lastEventId = 0;
    std::string lastEvent;
    int lastYear = 0;
    std::string lastDate;
};

struct RatingQuery {
    std::optional<std::string> asOf;  // a date parseRatingDate reads; nullopt: every period
    std::size_t limit = 0;            // the first N rows; 0: all
};

struct RatingTable {
    std::string asOf;          // the date as given ("" for every period)
    std::string asOfDate;      // as compared: YYYY-MM-DD ("" for every period)
    std::int64_t players = 0;  // rated players as of the date (rows before the limit)
    std::int64_t periods = 0;  // rated events as of the date
    std::vector<RatingRow> rows;
    // A writer has changed games and not yet rated them again (a killed import; the next
    // writer or writable open rates them): the table is the one before that change.
    bool pending = false;
};

struct RatingsRebuild {
    std::int64_t periods = 0;
    std::int64_t players = 0;
    std::int64_t ratedGames = 0;
    // Rows (periods and ratings) that differed from what was stored before the rebuild: 0
    // when the stored ratings were up to date, bit for bit.
    std::int64_t differences = 0;
    double seconds = 0;
};

// "2019" -> "2019-12-31", "2019-05" -> "2019-05-31", "2019-05-17" as is; nullopt for anything
// else (not a date of the calendar, a year outside 1..9999).
std::optional<std::string> parseRatingDate(const std::string& text);

// The archive's functions (declared in storage/Archive.h, defined in
// storage/players/ArchiveRatings.cpp):
//   RatingHistory Archive::ratingHistory(const std::string& player);  // name rule + aliases
//   RatingHistory Archive::ratingHistory(std::int64_t playerId);
//   RatingTable Archive::ratingTable(const RatingQuery& query);
//   RatingsRebuild Archive::rebuildRatings();

}  // namespace othello::storage
