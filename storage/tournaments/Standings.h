#pragma once
// A tournament's standings and crosstable, computed from its games (storage/tournaments/Tournament.h):
// a pure function, no SQLite.
//
// Order. Points (a win 1, a draw 1/2), then the Brightwell quotient (BQ), then the disc count,
// as the World Othello Championship (WOC) ranks its Swiss; players equal on all three share a
// rank. Points are kept in half points (points2) so that nothing is rounded.
//
// Brightwell quotient, as the WOC rules define it (reproduced at
// http://othello.dk/book/index.php/BQ, "Resolving ties"): (a) leave out games against
// opponents who withdrew and byes; (b) the player's discs in the other games plus c times the
// sum of the points, over the whole tournament, of every opponent met in them; (c) for each
// game against a withdrawn opponent and each bye, add 32 + c times the player's own points.
// The WOC's 13 rounds use c = 6; for other lengths c = rounds / 2 rounded down, at least 1
// (13 -> 6; the WOC's figure is the one sourced), unless StandingsOptions sets it. A player met
// twice counts twice (one term per game).
//
// How each game scores (scoreGame):
//  - finished: by its final score (empties to the winner); the winner by the variant's rule
//    (importers/GameVariant.h): komi games by (black - white) - komi, the discs counted as
//    played; anti-Othello games are won by the fewer discs, and each player is credited with
//    the opponent's discs (so the winner's disc count is the larger, and ties break as in
//    plain Othello);
//  - unfinished with a stated score (a resignation, a loss on time, WTHOR's official result):
//    by that score, as stated;
//  - unfinished with only a winner stated ("1-0", a GGF RE of a komi or anti game): the winner
//    gets the discs it holds plus every empty square, at least 33 (33-31); a draw 32-32;
//  - a forfeit (no move played, a result stated): scores as stated, as above (a "1-0" forfeit
//    is 62-2: the start's 2 discs plus the 60 empties);
//  - unfinished with no result (PGN "*"): no points, no discs, not a game played, left out of
//    the BQ; listed as "unscored" and in the crosstable;
//  - a bye (an opponent named "bye", Tournament.h isByeName): a win, 32 discs, not a game
//    against anyone.
//
// Structure (storage/tournaments/EventStructure.h). Games of a stage apart from the Swiss (play-offs,
// finals: stored with the game by `event --stage`, or named by its round, "SF.1", "F.2") are
// listed in Standings::stageGames and never counted in the standings. The number of Swiss
// rounds is the one stated for the event (`event --rounds`) when there is one; the
// Brightwell constant follows it.
//
// Rounds of the Swiss games. The source's when every Swiss game gives one (PGN/GGF Round, the
// number of "3.1" or "R3"); else from file order: each game goes to the round after the last
// round of either of its players, which gives back the rounds of a file written round by
// round. A file in another order (WTHOR lists a tournament's finals first, then each player's
// games) gives far more rounds than any player played games, or more than the rounds stated:
// then the rounds are unknown, results keep the file order, and the tournament's length (for
// c above) is the stated number, else the number of games most players played (13 for the
// WOC, whose finalists play more). Rounds from file order and lengths from the games are
// guesses: structureNotes() says so in words, with the games that look like play-offs
// (guessPlayoffs) and the command that states the structure.
//
// Withdrawals. With the source's rounds, a player whose games stop before the last round
// withdrew (rule (a) and (c) above). Rounds from file order never say so (a record of the top
// boards only would make everyone withdraw), unless StandingsOptions names the players: per
// call (`event --withdrawn`) or stored with the tournament (Archive::withdraw, given to
// computeStandings(const Tournament&)). The round a player withdrew after is information only
// (standings, pages): the games played count whatever it is.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "storage/tournaments/Tournament.h"

namespace othello::storage {

enum class GameScoring { Final, Stated, Forfeit, Bye, Unknown };
const char* gameScoringName(GameScoring s);  // "final", "stated", "forfeit", "bye", "unknown"

struct ScoredGame {
    GameScoring how = GameScoring::Unknown;
    int blackPoints2 = 0;  // half points: 2 a win, 1 a draw
    int whitePoints2 = 0;
    int blackDiscs = 0;  // discs credited for the tie-break (see above)
    int whiteDiscs = 0;
};
ScoredGame scoreGame(const TournamentGame& game);
// The winner a result written without a score names (1 Black, 0 a draw, -1 White): "1-0",
// "0-1", "1/2-1/2", or a GGF RE (Black's result under the variant's rule, "+12.00", "-3.5:r":
// its sign). nullopt: none. How an unfinished game counts by its stated result (the standings
// here, the archive ratings, storage/players/Ratings.h).
std::optional<int> statedWinner(const std::string& written);

// The BQ constant for a tournament of `rounds` rounds: rounds / 2, at least 1.
int brightwellConstant(int rounds);

struct PlayerResult {
    std::int64_t game = 0;
    int round = 0;      // 0: unknown (RoundsFrom::Estimated)
    int opponent = -1;  // index in Standings::players; -1 for a bye
    bool black = true;  // the player's colour
    GameScoring how = GameScoring::Final;
    int points2 = 0;
    int discs = 0;
    int opponentDiscs = 0;
};

struct Standing {
    std::string player;
    int rank = 0;                  // 1-based; players equal on points, BQ and discs share it
    int points2 = 0;               // half points
    std::int64_t brightwell2 = 0;  // twice the BQ (c times half points stays whole)
    int discs = 0;
    int games = 0;  // scored games, byes included
    int wins = 0, draws = 0, losses = 0;
    int unscored = 0;  // unfinished games without a result
    int byes = 0;
    bool withdrawn = false;
    // The last round played before withdrawing: as stored, else (source rounds) the last round
    // of the player's games; 0 when not known.
    int withdrewAfterRound = 0;
    std::vector<PlayerResult> results;  // by round, then file order
    double points() const { return points2 / 2.0; }
    double brightwell() const { return static_cast<double>(brightwell2) / 2.0; }
};

// The games two players played each other; `a` ranks before `b`.
struct PairResult {
    int a = 0, b = 0;  // indexes in Standings::players
    int aPoints2 = 0, bPoints2 = 0;
    std::vector<std::int64_t> games;  // in round order
};

enum class RoundsFrom {
    Source,     // every game gives its round
    FileOrder,  // the file reads round by round
    Estimated,  // neither: games have no round (0); `rounds` is the stated number, else the
                // games most players played
};
const char* roundsFromName(RoundsFrom r);  // "source", "file order", "estimated"
// File-order rounds are kept while they exceed the most games a player played by at most this.
inline constexpr int kRoundSlack = 2;

// A game played apart from the Swiss: listed in a table of its own, never in the standings.
struct StageGame {
    std::int64_t game = 0;
    Stage stage = Stage::Playoff;
    bool marked = false;  // stored with the game (`event --stage`); else its round names it
    std::string round;    // as the source writes it ("SF.1"); "" when none
    std::string black, white;
    ScoredGame score;
    std::string resultText;
};

// A player with more Swiss games than the Swiss has rounds.
struct OverfullPlayer {
    std::string player;
    int games = 0;  // Swiss games, those guessed as play-offs left out
};

struct Standings {
    std::vector<Standing> players;  // in rank order
    std::vector<PairResult> pairs;  // by a, then b
    std::vector<int> gameRounds;    // the round of each input game, in input order (0: unknown,
                                    // or a stage game)
    std::vector<Stage> gameStages;  // the stage of each input game, in input order
    int rounds = 0;
    RoundsFrom roundsFrom = RoundsFrom::Estimated;
    bool roundsStated = false;  // a number of rounds is stated for the event
    int statedRounds = 0;       // that number (0: none); `rounds` is it, or the source's
                                // last round when that is past it
    int roundsOfGames = 0;      // the rounds the source or the file order gives (0: none)
    int typicalGames = 0;       // the number of Swiss games most players played
    int brightwellConstant = 0;
    std::vector<StageGame> stageGames;  // in input order
    // Swiss games that look like play-offs (EventStructure.h guessPlayoffs against the stated
    // rounds, else typicalGames): counted in the standings until marked; ids in input order.
    std::vector<std::int64_t> guessedPlayoffs;
    // Players with more Swiss games than the rounds (stated, else typicalGames), the guessed
    // play-offs left out: something in the record the archivist should look at.
    std::vector<OverfullPlayer> overfull;
    // Swiss games by their rules: "anti-Othello", "komi 2.5", ...; empty when all are plain
    // Othello. More than one kind: one table sums games scored by different rules.
    std::map<std::string, int> otherRules;
    int plainGames = 0;  // Swiss games of plain Othello
};

struct StandingsOptions {
    std::optional<int> brightwellConstant;  // overrides brightwellConstant(rounds)
    std::vector<std::string> withdrawn;     // players known to have withdrawn
    std::vector<Withdrawal> withdrawals;    // the same with their round (stored ones)
    std::optional<int> rounds;              // the rounds stated for the event
};

// The standings of `games`, in file order.
Standings computeStandings(const std::vector<TournamentGame>& games,
                           const StandingsOptions& options = {});
// The standings of a stored tournament: its games, with its stored withdrawals and stated
// rounds added to `options` (every view of a tournament -- CLI, publish, serve, viewer --
// calls this one).
Standings computeStandings(const Tournament& tournament, StandingsOptions options = {});

// What every view says of the structure, in words, in this order: where the rounds come from
// (stated, the source's, guessed from file order, unknown) with the Brightwell constant; the
// games apart from the Swiss; the games that look like play-offs, with the command that marks
// them (`event ID --stage playoff GAME...`); players with more Swiss games than rounds; games
// under other rules summed in one table. `eventId` is the id the commands name.
std::vector<std::string> structureNotes(const Standings& standings, std::int64_t eventId);

// An event whose games are scored by different rules (core::Scoring: the empties to the
// winner, or the discs as they stand, as classic Reversi counts them) gets one table per
// scoring, never one Brightwell sum over both: its games split by scoring, each part a
// tournament of its own (the summary and structure kept). Empty when all games score alike.
struct ScoringTable {
    core::Scoring scoring;
    Tournament tournament;
};
std::vector<ScoringTable> splitByScoring(const Tournament& t);
// "empty squares to the winner" / "discs as they stand on the board"
const char* scoringName(core::Scoring s);

}  // namespace othello::storage
