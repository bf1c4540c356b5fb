#pragma once
// Problems as JSON, the exchange form that keeps everything (README "Problems"):
//
//   {"format": "othello-db problems", "version": 1,
//    "name": "Mattel booklet", "description": "...", "source": "...",
//    "problems": [
//      {"title": "Puzzle 1",
//       "board": "---OOO--...",          64 characters a1..h8: X black, O white, - empty
//       "to_move": "black",              or "white"
//       "goal": "corner",                best | win | draw | corner | text (Problem.h)
//       "question": "...",               the goal in words (required for text)
//       "answers": ["h2"],               moves (squares, "pass"); any of them reaches the goal
//       "line": ["h2", "h7", ...],       a line of play from the position
//       "values": [{"move": "g8", "value": 18}, ...],   values the source states
//       "source": "...", "tags": ["corner"], "comment": "...",
//       "id": 12,                        written by export (the archive's id), ignored on read
//       "difficulty": {"empties": 24, "goal_moves": 1, "legal_moves": 9}}]}
//
// Only "board" and "to_move" are required in a problem (the goal defaults to best). Reading
// keeps going past a bad problem: its Diagnostic names the member ("problems[2].answers[0]:
// ..."), the others are read. A problem's set is the file's "name"; its source, when absent,
// the file's "source". goal_moves is read back (a count made by a check), empties and
// legal_moves are recomputed from the board.
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "Problem.h"

namespace othello::problems {

inline constexpr const char* kJsonFormatName = "othello-db problems";
inline constexpr int kJsonFormatVersion = 1;

ReadResult readJson(std::string_view text);
nlohmann::json problemJson(const Problem& p);
nlohmann::json setJson(const ProblemSet& set);
// setJson(set).dump(2) and a newline.
std::string writeJson(const ProblemSet& set);
// A move as JSON text: "h2", "pass".
std::string moveText(int move);

}  // namespace othello::problems
