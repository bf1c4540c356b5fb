#pragma once
// Endgame problems in the OBF text form used by solver test suites (the FFO positions, Edax's
// problem files):
//   "BOARD SIDE; G8:+18; H1:+12; ... % a comment"
// a board string (64 characters a1..h8, X O -) with the side to move (X or O), then fields each
// ending with ';': "move:value" the exact value of a move (a suite may list every move or only
// some, best first), a pass written "PS"; a field of a bare move ("G8;") is the answer without
// a value. '%' starts a comment, running to the end of the line.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/Notation.h"
#include "core/Position.h"

namespace othello::analysis {

struct ObfProblem {
    core::Position position;
    struct Move {
        int square = core::kNoSquare;  // a square, or core::kPass ("PS"/"pass")
        int value = 0;
    };
    std::vector<Move> moves;   // as listed
    std::vector<int> answers;  // bare move fields, as listed
    std::string comment;       // the text after '%', trimmed ("" when none)
};

// A line read with its error located: `problem` set for a problem line; neither set for a
// blank or comment-only line; `error` (column 0-based, the offending token) for a bad one.
struct ObfLineParse {
    std::optional<ObfProblem> problem;
    std::optional<core::ParseError> error;
};
ObfLineParse parseObfLineLocated(std::string_view line);

// nullopt for a line that is no problem (blank, comment, no side to move, a bad token).
std::optional<ObfProblem> parseObfLine(std::string_view line);

}  // namespace othello::analysis
