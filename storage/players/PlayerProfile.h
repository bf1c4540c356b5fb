#pragma once
// A player's page (issue 30): everything the archive says of one player, computed on demand
// from the games (nothing stored). Every view -- `othello-db player`, the viewer's player page,
// the published site's player pages and the served /api/player/ID -- shows this one value
// (JSON: storage/players/PlayerJson.h).
//
// Finding the player (Archive::findPlayer). A query is a player id written "#123", else a name
// under the name rule (Archive.h caseFold: case ignored, accents count), else a player id
// written "123", else an old spelling that `rename-player` merged into a name (its alias).
// Anything else is never guessed: the lookup lists the candidates (names containing the
// query, case and accents ignored, most games first) and finds none. Two players whose names
// differ in anything but case are two players (homonyms are never merged here; rename-player
// merges them).
//
// Results. A game counts for the player as Black or as White; its result is Black's count on
// the 64-disc scale (ArchiveTypes.h GameRow::blackScore): above 32 a win for Black, 32 a draw.
// Games whose result is unknown (unfinished, none stated) count in `games` alone. The disc
// margin is the player's discs minus the opponent's on that scale (+10: won 37-27).
//
// Events. An event is a name in a year (`events`); the final rank is the one its standings
// give (storage/tournaments/Standings.h, the one computation every view uses), for events that
// are tournaments; collections of games have none.
//
// Repertoire (standard-start games only; the catalogue: storage/query/openings.txt). A named
// line is chosen by the side that played its last move: Perpendicular (f5 d6) is White's
// choice, Tiger (f5 d6 c3 d3 c4) Black's. Of each game, the deepest named line that the
// player's own move reached is the opening they chose, and the deepest one an opponent's move
// reached is the reply they met. Each is listed with its games, the player's wins, draws,
// losses and score, and the last game (highest year, then highest id).
//
// Leaving the archive's main line (departures). For each of the player's standard-start
// Othello games, the first move that is not the archive's most played continuation of its
// position (Archive::stats; moves equal under a symmetry of the position are one; a move
// tied for most played is on the main line), and who played it. A game that reaches a
// position no other game reached left the main line at the latest there. Position statistics
// are read once per distinct position (the player's games share their openings).
//
// Analysis (storage/players/PlayerAnalysis.cpp, from the analysis cache): the moves of the
// player judged by the cached endgame reviews (`analyze`) and by the cached midgame estimates
// (a whole-game review), by phase: the opening (plies 1-20), the midgame (the rest before 24
// empties), the endgame (24 empties or fewer); average discs lost per judged move, and the
// biggest losses with their games. Always with the coverage: games with a review among the
// player's games.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/Position.h"

namespace othello::storage {

class Archive;
class AnalysisCache;
struct TournamentSummary;  // storage/tournaments/Tournament.h
struct Standings;          // storage/tournaments/Standings.h
struct MainLineCache;      // the main-line statistics a departure reads (PlayerGames.h)

struct PlayerRef {
    std::int64_t id = 0;
    std::string name;
    std::int64_t games = 0;
};

struct PlayerLookup {
    std::optional<PlayerRef> player;  // the one player the query names
    std::string how;                  // "id", "name", "alias" (an old spelling), "" (none)
    // No player found: the names containing the query (case and accents ignored), most games
    // first, at most kPlayerCandidates; several players only differing in case are ambiguous
    // (they are all listed here too).
    std::vector<PlayerRef> candidates;
};
inline constexpr std::size_t kPlayerCandidates = 20;

// Wins, draws and losses of a set of games, from the player's side.
struct PlayerRecord {
    std::int64_t games = 0;
    std::int64_t wins = 0, draws = 0, losses = 0;
    std::int64_t marginSum = 0;  // over the decided games (known results)
    std::int64_t decided() const { return wins + draws + losses; }
    // Score in percent: (wins + draws / 2) / decided; 0 when none is decided.
    double scorePercent() const;
    double averageMargin() const;
    void add(int playerDiscs, bool resultKnown);  // discs on the 64-disc scale
};

struct PlayerYear {
    int year = 0;
    PlayerRecord record;
};

struct PlayerEvent {
    std::int64_t id = 0;  // the tournament id (`event ID`)
    std::string name;
    int year = 0;
    PlayerRecord record;
    bool isTournament = false;
    // Tournaments: the player's final rank among `players`, and points (standings).
    int rank = 0;  // 0: no standings (a collection, or the player not ranked)
    std::int64_t players = 0;
    double points = 0;
};

// One game seen from the player's side.
struct PlayerGame {
    std::int64_t id = 0;
    int year = 0;
    std::string event;
    std::int64_t eventId = 0;  // its tournament id (`event ID`); 0 when none
    std::string opponent;
    bool black = true;        // the player's colour
    int discs = 0;            // the player's result on the 64-disc scale
    bool resultKnown = true;
    int margin() const { return 2 * discs - 64; }
};

struct OpeningLine {
    std::string name;
    std::vector<int> moves;  // the catalogue's line, from the standard start
    PlayerRecord record;
    PlayerGame last;  // the last game (highest year, then id)
};

struct Departure {
    std::int64_t game = 0;
    std::int64_t eventId = 0;  // the game's tournament id (0: none)
    int ply = 0;               // index of the move that left the main line (move ply + 1)
    int move = 0;              // the move played there
    int mainMove = 0;          // the archive's most played continuation there
    std::int64_t mainGames = 0;     // games that played mainMove there
    std::int64_t positionGames = 0; // games that reached the position
    bool byPlayer = true;           // the player's move (else the opponent's)
};

struct PhaseLoss {
    std::string phase;  // "opening", "midgame", "endgame"
    std::int64_t moves = 0;       // the player's moves judged in this phase
    std::int64_t discsLost = 0;
    std::int64_t games = 0;       // games with at least one judged move here
    double average() const { return moves ? double(discsLost) / double(moves) : 0.0; }
};

struct Mistake {
    PlayerGame game;
    int ply = 0;
    int moveNumber = 0;
    int move = 0;
    int bestMove = 0;  // one best move (core::kNoSquare when unknown)
    int loss = 0;
    bool exact = true;  // solver (else the midgame search's estimate)
};

struct PlayerAnalysis {
    bool available = false;           // an analysis cache could be read
    std::int64_t gamesAnalysed = 0;   // of the player's games, with a cached review
    std::int64_t games = 0;           // the player's games
    std::vector<PhaseLoss> phases;    // opening, midgame, endgame
    std::vector<Mistake> mistakes;    // the biggest losses, largest first (at most 10)
};

struct HeadToHead {
    PlayerRef opponent;
    PlayerRecord asBlack, asWhite, total;
    std::vector<PlayerGame> games;  // oldest first
};

struct PlayerProfile {
    PlayerRef player;
    // Old spellings merged into this name by rename-player (the journal, changes in effect,
    // followed through chains of renames), oldest change first.
    struct Spelling {
        std::string name;
        std::int64_t change = 0;
        std::int64_t time = 0;  // seconds since 1970, UTC
        std::string user;
    };
    std::vector<Spelling> spellings;
    // No reader keeps a country (WTHOR's names file has none, PGN's tags neither): empty, and
    // `countryNote` says so.
    std::string country;
    std::string countryNote;
    PlayerRecord asBlack, asWhite, total;
    std::vector<PlayerYear> years;    // oldest first
    std::vector<PlayerEvent> events;  // by year, then name
    std::vector<PlayerGame> best;     // largest wins first (at most kBestResults)
    std::vector<OpeningLine> openingsBlack, openingsWhite;  // chosen, most games first
    std::vector<OpeningLine> repliesBlack, repliesWhite;    // met, most games first
    std::vector<Departure> departures;                      // by game id
    std::optional<HeadToHead> vs;
    PlayerAnalysis analysis;
    int firstYear = 0, lastYear = 0;
};
inline constexpr std::size_t kBestResults = 10;
inline constexpr std::size_t kMistakesShown = 10;

struct ProfileOptions {
    std::optional<std::int64_t> vs;  // head-to-head against this player id
    bool departures = true;          // the main-line departures (the slowest part)
    // The analysis cache of the same archive (a connection of its own, AnalysisCache.h);
    // nullptr: PlayerAnalysis::available stays false.
    AnalysisCache* analysis = nullptr;
    // For callers building many pages (publish): Archive::tournaments() read once, the
    // standings of a tournament id (nullptr: not a tournament), and the main-line statistics
    // shared between pages (makeMainLineCache). Unset: each call reads its own.
    const std::vector<TournamentSummary>* tournaments = nullptr;
    std::function<const Standings*(std::int64_t tournamentId)> standings;
    std::shared_ptr<MainLineCache> mainLines;
};
std::shared_ptr<MainLineCache> makeMainLineCache();

// The average departure ply over the departures (0 when none), and how many were the
// player's own.
double averageDepartureMove(const std::vector<Departure>& departures);

}  // namespace othello::storage
