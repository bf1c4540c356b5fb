#pragma once
// A tournament's standings and crosstable, computed from its games (storage/Tournament.h):
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
// Rounds. The source's when every game gives one (PGN/GGF Round, the leading number of
// "3.1" or "R3"); else from file order: each game goes to the round after the last round of
// either of its players, which gives back the rounds of a file written round by round. A file
// in another order (WTHOR lists a tournament's finals first, then each player's games) gives
// far more rounds than any player played games: then the rounds are unknown, results keep
// the file order, and the tournament's length (for c above) is the number of games most
// players played (13 for the WOC, whose finalists play more). The games of finals and
// play-offs are part of the record and count in the points like any other.
//
// Withdrawals. With the source's rounds, a player whose games stop before the last round
// withdrew (rule (a) and (c) above). Rounds from file order never say so (a record of the top
// boards only would make everyone withdraw), unless StandingsOptions names the players: per
// call (`event --withdrawn`) or stored with the tournament (Archive::withdraw, given to
// computeStandings(const Tournament&)). The round a player withdrew after is information only
// (standings, pages): the games played count whatever it is.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "Tournament.h"

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
    Estimated,  // neither: games have no round (0); `rounds` is the games most players played
};
const char* roundsFromName(RoundsFrom r);  // "source", "file order", "estimated"
// File-order rounds are kept while they exceed the most games a player played by at most this.
inline constexpr int kRoundSlack = 2;

struct Standings {
    std::vector<Standing> players;  // in rank order
    std::vector<PairResult> pairs;  // by a, then b
    std::vector<int> gameRounds;    // the round of each input game, in input order (0: unknown)
    int rounds = 0;
    RoundsFrom roundsFrom = RoundsFrom::Estimated;
    int brightwellConstant = 0;
};

struct StandingsOptions {
    std::optional<int> brightwellConstant;  // overrides brightwellConstant(rounds)
    std::vector<std::string> withdrawn;     // players known to have withdrawn
    std::vector<Withdrawal> withdrawals;    // the same with their round (stored ones)
};

// The standings of `games`, in file order.
Standings computeStandings(const std::vector<TournamentGame>& games,
                           const StandingsOptions& options = {});
// The standings of a stored tournament: its games, with its stored withdrawals added to
// `options` (every view of a tournament -- CLI, publish, serve, viewer -- calls this one).
Standings computeStandings(const Tournament& tournament, StandingsOptions options = {});

}  // namespace othello::storage
