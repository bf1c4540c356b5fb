#pragma once
// Tournaments: the games of one event in one year, and whether they make a tournament at all.
// Pure functions (no SQLite): Archive::tournaments() and Archive::tournament() (see the end of
// Archive.h, storage/tournaments/ArchiveTournaments.cpp) load the rows; storage/tournaments/Standings.h scores them.
//
// Identity. A tournament is an event in a year. WTHOR names repeat every year ("World
// Championship"); the PGN files converted from WTHOR append the year ("World Championship -
// 2021"). A trailing year equal to the game's year (after " - ", ", ", " " or in parentheses)
// is not part of the name, so both spellings are one tournament: the key is the folded name
// without that year (foldText: case and accents ignored) and the game's year (the year of the
// name when the game has none). Two-digit numbers stay ("Dutch Open 07" is the seventh Dutch
// Open, not 2007). A tournament's id is the smallest events.id among its spellings times
// kTournamentIdYears, plus its year (0 when unknown): 10002021 is event 1000 in 2021. Event ids
// never change and new events get bigger ids, so an id stays valid while games are added.
//
// Not a tournament. Collections of games that were never played as one event get no standings
// (TournamentSummary::isTournament false, with the reason). The rule, in this order:
//  1. no event name at all;
//  2. a name that says so: it starts with "parties", "partie ", "divers" (WTHOR's "Diverses
//     parties", "Divers avant et pendant", "Parties japonaises", "Parties Internet (1-6)"),
//     "etudes"/"études" or "airplane games", or contains "casual", "amical", "friendly",
//     "online games", "ggs", "playok", "eothello", "kurnik";
//  3. its shape: two players met more than kMaxTournamentMeetings times (no Swiss or round robin
//     repeats a pairing that often; a match of up to 8 games passes), or one player played more
//     than kMaxTournamentGames games (more rounds than any tournament plays), or at least
//     kMinUnrelatedPlayers players and nobody played twice (unrelated games, no rounds).
// "Very few games per player" alone is not enough: WTHOR often records only a tournament's top
// boards (All Japan Championships 2001: 66 players, 74 games), which are still a tournament.
// Measured on the shared WTHOR archive (2,129 event-years), rules 2-3 mark every "Parties ..."
// and "Diverses parties" year with many games, plus merged series such as "Kanto Opens" 1988
// (one player in 55 games) and "Tournois Internet" 2004; no championship or open.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/Rules.h"
#include "core/Position.h"
#include "importers/GameRecord.h"
#include "storage/tournaments/EventStructure.h"

namespace othello::storage {

inline constexpr std::int64_t kTournamentIdYears = 10000;  // years 0..9999 fit in an id
inline constexpr std::int64_t kMaxTournamentMeetings = 8;
inline constexpr std::int64_t kMaxTournamentGames = 40;
inline constexpr std::int64_t kMinUnrelatedPlayers = 6;

// An event name split into the tournament's name and the year it ends with (0: none).
struct EventName {
    std::string base;  // "World Championship" for "World Championship - 2021"
    int year = 0;      // 2021; 0 when the name ends with no four-digit year
};
// Splits a trailing four-digit year (1900..2999) off `name`, with the separator before it.
EventName splitEventYear(const std::string& name);
// The tournament year of a game: its own year, else the year its event's name ends with.
// Years outside 0..9999 count as unknown (0).
int tournamentYear(int gameYear, const EventName& event);
// eventId * kTournamentIdYears + year; and back.
std::int64_t tournamentId(std::int64_t eventId, int year);
std::int64_t tournamentEventId(std::int64_t id);
int tournamentIdYear(std::int64_t id);

// A player named "bye" (any case, punctuation ignored: "BYE", "-bye-", "(Bye)"): the round
// the other player was not paired (storage/tournaments/Standings.h scores it).
bool isByeName(const std::string& name);

// Who played how often: enough to tell a tournament from a heap of games. Players are any
// identifiers (archive player ids, names); byes are left out by the caller.
class TournamentShape {
  public:
    void add(std::int64_t black, std::int64_t white, std::int64_t games = 1);
    std::int64_t games() const { return games_; }
    std::int64_t players() const { return static_cast<std::int64_t>(perPlayer_.size()); }
    std::int64_t maxGamesOfAPlayer() const;
    std::int64_t maxMeetings() const;  // the most games any two players played each other

  private:
    std::int64_t games_ = 0;
    std::map<std::int64_t, std::int64_t> perPlayer_;
    std::map<std::pair<std::int64_t, std::int64_t>, std::int64_t> meetings_;
};

// "" when `name` with these games is a tournament, else why not (rules 1-3 above), in words:
// "named as a collection of games", "two players met 30 times", ...
std::string notTournamentReason(const std::string& name, const TournamentShape& shape);

struct TournamentSummary {
    std::int64_t id = 0;
    std::string name;                     // the first spelling's name without its year
    int year = 0;                         // 0: unknown
    std::vector<std::int64_t> eventIds;   // every spelling (events.id), smallest first
    std::vector<std::string> eventNames;  // as stored, in the same order
    std::int64_t games = 0;
    std::int64_t players = 0;  // byes not counted
    bool isTournament = true;
    std::string notTournamentReason;  // "" when isTournament
};

// "World Championship 2019": the name, and the year when known.
std::string tournamentTitle(const TournamentSummary& t);
// The ids a row stored with `t` may have, one per spelling (tournamentId of each event id
// and t.year), comma-separated for an SQL IN list; "0" when none.
std::string spellingIdList(const TournamentSummary& t);

// Tournaments whose name matches `query`: the folded name (a year at its end selects that
// year: "World Championship 2021"), exactly when some tournament has that name, else as a
// substring. `year`, when set, keeps only that year. Sorted by year, then name.
std::vector<TournamentSummary> matchTournaments(const std::vector<TournamentSummary>& all,
                                                const std::string& query,
                                                std::optional<int> year = std::nullopt);

// What standings need of one game (a row of games, or a record read from a file).
struct TournamentGame {
    std::int64_t id = 0;  // games.id; the order of the list is the file order
    std::string black;
    std::string white;
    std::string round;  // as the source gives it ("3", "3.1", "R3"); "" when none
    bool complete = false;
    // The final score when complete (empties to the winner), else the discs on the board.
    core::Score score;
    std::optional<int> statedBlackDiscs;  // a stated score (WTHOR, PGN "20-44")
    std::string statedResult;             // the result as written ("1-0", GGF "+12.00")
    importers::GameVariant variant;
    // The game's rules (core/Rules.h): `score` is by their scoring (a Reversi game's discs as
    // they stand); a handicap is marked in the standings' notes.
    core::Rules rules;
    int plies = 0;           // moves and passes played; 0 with a stated result: a forfeit
    std::string resultText;  // importers::resultText of the record: how lists show it
    // The stage stored for the game (`event --stage`, storage/tournaments/StructureStore.h); nullopt: none
    // stored, the round's (parseRound) or Swiss.
    std::optional<Stage> markedStage;
};
TournamentGame tournamentGame(std::int64_t id, const importers::GameRecord& record);

// A withdrawal stored with a tournament (Archive::withdraw, storage/tournaments/Withdrawals.h): the player
// as the tournament's games spell the player now (a rename since is followed), and the last
// round the player played (0: not given).
struct Withdrawal {
    std::string player;
    int afterRound = 0;
    bool operator==(const Withdrawal&) const = default;
};

// A tournament's summary, its games in file order, its stored withdrawals (by name) and the
// number of Swiss rounds stated for it (`event --rounds`, storage/tournaments/StructureStore.h; nullopt:
// not stated) (Archive::tournament). storage/tournaments/Standings.h computeStandings(const Tournament&)
// counts them.
struct Tournament {
    TournamentSummary summary;
    std::vector<TournamentGame> games;
    std::vector<Withdrawal> withdrawals;
    std::optional<int> statedRounds;
};

}  // namespace othello::storage
