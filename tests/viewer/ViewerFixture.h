#pragma once
// Test archives for the viewer tests, built from tests/fixtures/viewer/ through the storage
// API (the viewer's own code under test never builds them).
#include <QString>
#include <random>

#include "core/Position.h"

namespace othello::viewer::test {

// Plays a random legal move of `p` (fixed by `rng`) and returns its square, or passes and
// returns -1 when the side to move has none. `p` must not be over.
int playRandomMove(core::Position& p, std::mt19937& rng);

// Penloup - Juhem 1992 (tests/fixtures/samples/game.moves): two passes the record omits.
inline constexpr const char* kSample =
    "f5d6c3d3c4f4c5b3c2e3d2c6b4b5f2e2a3d1c1a4a5f3g4f1e7d7d8e6f6b6e1b1c7a6a7b2f7g3g5h4h5g2h1g1a1a2"
    "b7c8b8a8h3h6g6e8h7h2h8g8g7f8";

// The fixture folder (tests/fixtures/viewer).
QString fixtureDir();
// Creates `dir`/name from archive.pgn (12 games); returns its path. Throws on failure.
QString makeFixtureArchive(const QString& dir,
                           const QString& name = QStringLiteral("archive.sqlite"));
// The tournament of makeTournamentArchive: a round robin of four players in three rounds
// (PGN Round tags), which the first player wins 3-0, the second 2-1, the third 1-2.
inline constexpr const char* kTournamentEvent = "Spring Round Robin";
inline constexpr int kTournamentYear = 2024;
inline constexpr const char* kTournamentPlayers[4] = {"Anna Alder", "Boris Brandt", "Clara Chen",
                                                      "Dmitri Dorn"};
// Creates `dir`/name from a PGN written here: the round robin above (6 games, ids 1 to 6 in
// round order), then three games of a collection named "Casual games - 2024". Returns its
// path. Throws on failure.
QString makeTournamentArchive(const QString& dir, const QString& name);
// Creates an empty archive `dir`/name; returns its path.
QString makeEmptyArchive(const QString& dir, const QString& name);
// The possible duplicates of makeDuplicatesArchive: a finished game stored twice by the same
// players (ids 1, 2; the second with a more precise date and a place: a date conflict), and a
// short line played by other players (ids 3, 4).
inline constexpr const char* kDuplicateShortLine = "f5d6c3d3c4f4f6f3e6";
// Creates `dir`/name with the games above, entered by hand (Archive::addGame); returns its path.
QString makeDuplicatesArchive(const QString& dir, const QString& name);
// The problem set of makeProblemsArchive: the Mattel booklet's four puzzles (goal corner,
// samples/problems/mattel-booklet-puzzles.json) then kEndgameProblem (goal best, 13 empties,
// no stated answer or values: the viewer computes them) titled "Endgame 13".
inline constexpr const char* kProblemSet = "Mattel booklet puzzles";
inline constexpr const char* kEndgameProblem =
    "XXXXXXXX XOOOOOXX XOXXOOXX XOXOXOXX XOOXXOXX XO--XO-X X--O-O-O --X---O- O";
// Creates `dir`/name as makeFixtureArchive (its 12 games) with the problem set above; returns
// its path. Throws on failure.
QString makeProblemsArchive(const QString& dir, const QString& name);

}  // namespace othello::viewer::test
