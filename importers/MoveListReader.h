#pragma once
// Move lists: one game per line. Squares in any case, with or without separators (space,
// comma, dash), optional move numbers ("1." "1..."), passes as pa/ps/pass/--/@@ or omitted,
// "#" and "//" comments. The named-opening style "F5d6C3d3C4" is a move list too, and a label
// after the moves ("F5d6C3d3C4   Tiger": a blank, then a word of 3+ characters with a letter,
// and no column letter a-h followed by a row digit 1-8 anywhere in the rest of the line) is
// kept as GameRecord::event (move lists have no event of their own). Any other text that is
// not a move ("f5 d6 cc4 f4") is a record error "not-a-square" located at that token.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "Reader.h"

namespace othello::importers {

struct MoveToken {
    int square = core::kNoSquare;  // 0..63 or core::kPass
    int column = 0;                // 0-based offset in the text that was tokenized
};

struct MoveTokens {
    std::vector<MoveToken> tokens;
    std::optional<int> errorColumn;  // 0-based offset of the first token that is not a move
    std::string errorText;           // that token
    // The squares and passes, ready for the replay.
    std::vector<int> moves() const;
};

// Tokenizes one move text; stops at the first token that is neither a square, a pass, a move
// number nor a separator. Linear in the text.
MoveTokens tokenizeMoves(std::string_view text);

// Reads every line of `text` as one game into `out.records`.
void readMoveList(const std::string& name, std::string_view text, const ReadOptions& options,
                  FileResult& out);

// One game per line, lower case, passes omitted; a "#" comment line before each game names
// the players and the event when known. Games must start from the standard position.
std::string writeMoveList(const std::vector<GameRecord>& games);

}  // namespace othello::importers
