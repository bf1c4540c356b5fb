#pragma once
// An event's structure: its Swiss rounds and the games played apart from the Swiss (play-offs,
// finals), as the archivist states it or the source writes it, and what is guessed when
// neither does. Pure functions (no SQLite); storage/tournaments/Standings.h uses them, and
// storage/tournaments/StructureStore.h stores what the archivist states (Archive::setEventRounds,
// Archive::setGameStages).
//
// Stages. A game of an event is a Swiss game (counted in the standings), a play-off game
// (semi-finals, quarter-finals, places, tie-breaks) or a final game. Stage games are listed in
// a table of their own and never counted in the Swiss standings. A game's stage is, in this
// order: the one stored for it (`event ID --stage`), else the one its round names (PGN Round
// "SF.1", "F.2": parseRound below), else Swiss.
//
// Guesses. WTHOR files carry no rounds and list a World Championship's play-off games first
// (then the Swiss, by round or by player); PGN files written round by round put them last.
// Where the archivist has not said which games are play-offs, guessPlayoffs() names the
// games that look like play-offs, and every view says so in words (structureNotes) and never
// takes them out of the standings by itself: a guess is a suggestion with the command that
// makes it a fact, never a fact.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace othello::storage {

enum class Stage { Swiss, Playoff, Final };
const char* stageName(Stage s);  // "swiss", "playoff", "final"
// "swiss", "playoff" (also "play-off"), "final"; any case. nullopt: none of them.
std::optional<Stage> parseStage(const std::string& text);

// A round as a source writes it, read.
struct RoundLabel {
    Stage stage = Stage::Swiss;
    int number = 0;  // the Swiss round, or the game of a stage ("F.2": 2); 0 when none
};
// "12", "12.3" (round 12, board 3), "R12", "Round 12", "Rd 12" -> Swiss round 12;
// "SF.1", "SF1", "Semi-final 1", "QF.2", "Quarter-final", "PO", "Play-off 2", "Tie-break",
// "3rd place", "Third place", "Barrage" -> play-off; "F", "F.2", "Final 2", "Finale",
// "Grand final" -> final. Case and the separators between word and number (".", "-", " ",
// "_", "#") are ignored; other words before a number are read as a Swiss round too ("Group A
// 3": 3), as before stages were read. nullopt when the text names no round ("", "?", "-", a
// word alone that is no stage).
std::optional<RoundLabel> parseRound(const std::string& text);

// What the guess needs of a game: its players (a bye's name counts as no player).
struct StructureGame {
    std::string black, white;
};
// The games (indexes into `games`, in file order) that look like play-offs of an event whose
// Swiss has `rounds` rounds: players who played more games than that played the extra ones
// apart. From the start of the file (WTHOR's order) or its end (files written round by
// round), a run of games each played by a player with games still in excess is taken; a run
// stops at the first game of two players without any. The end whose run explains more of the
// excess goes first (the start on a tie), the other takes what is left: a finalist's first
// Swiss game at the top of round 1 is not taken when the finals are at the end. Empty when
// nobody played more than `rounds` games.
std::vector<std::size_t> guessPlayoffs(const std::vector<StructureGame>& games, int rounds);

// The number of games most players played (the larger on a tie): a Swiss's rounds, which only
// the players of the play-offs exceed. 0 for no player.
int typicalGames(const std::vector<StructureGame>& games);

}  // namespace othello::storage
