#pragma once
// Endgame problems in the OBF text form used by solver test suites (the FFO positions):
//   "BOARD SIDE; G8:+18; H1:+12; ..."  — a board string with the side to move, then the
// exact value of moves, best first (a suite may list every move or only some).
#include <optional>
#include <string_view>
#include <vector>

#include "core/Position.h"

namespace othello::analysis {

struct ObfProblem {
    core::Position position;
    struct Move {
        int square = core::kNoSquare;  // a square, or core::kPass ("PS"/"pass")
        int value = 0;
    };
    std::vector<Move> moves;  // as listed
};

// nullopt for a line that is no problem (blank, comment, no side to move, a bad token).
std::optional<ObfProblem> parseObfLine(std::string_view line);

}  // namespace othello::analysis
