#pragma once
// Text forms: square names, board strings (OBF/GGF convention) and move sequences.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "Position.h"

namespace othello::core {

// "a1".."h8", either case. Returns kNoSquare when `text` is not exactly a square.
int parseSquare(std::string_view text);
// Lower-case name ("f5"); "pass" for kPass; "??" for anything else.
std::string squareName(int square);

struct ParseError {
    ParseError() = default;
    ParseError(std::size_t column, std::string message, std::string token = {})
        : column(column), message(std::move(message)), token(std::move(token)) {}

    std::size_t column = 0;  // 0-based offset of the offending character or token
    std::string message;
    std::string token;       // the offending text, when the error is about one token
};

// A board string: 64 characters row by row from a1 to h8 ('X' 'x' '*' 'B' 'b' black,
// 'O' 'o' 'W' 'w' white, '-' '.' empty), spaces allowed between them, optionally followed by
// the side to move ('X'/'O'/'B'/'W', either case). Black moves when no side is given.
struct BoardParse {
    Position position;
    bool sideGiven = false;
    std::optional<ParseError> error;
};
BoardParse parseBoard(std::string_view text);
// 64 characters X/O/- (no side).
std::string boardString(const Position& p);
// Board string followed by a space and the side to move ("... X").
std::string boardStringWithSide(const Position& p);
// A human-readable diagram with coordinates, one row per line.
std::string boardDiagram(const Position& p, Bitboard marks = 0, int lastMove = kNoSquare);

// A move sequence: squares in any case, with or without separators (space, comma, dash,
// dot), optional move numbers ("1." "12..."), passes as pa/ps/pass/--/@@.
struct MovesParse {
    std::vector<int> moves;  // squares 0..63 or kPass; on error, the tokens before the bad one
    std::optional<ParseError> error;
};
MovesParse parseMoves(std::string_view text);
// Printable form of arbitrary bytes for messages: control bytes and bytes >= 0x7f as \xNN.
std::string printableText(std::string_view text);
// Moves joined without separators ("f5d6c3"); passes written "pa" unless `skipPasses`.
std::string movesString(const std::vector<int>& moves, bool skipPasses = false,
                        std::string_view separator = "");

}  // namespace othello::core
