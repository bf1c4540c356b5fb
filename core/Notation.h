#pragma once
// Text forms: square names, board strings (OBF/GGF convention) and move sequences.
#include <cstdint>
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
// A move token's name: squareName for squares and kPass; a line move (Bitboard.h) as the square,
// '>' and the far end of its series, lower-case ("c4>e6").
std::string moveName(int move);
// A square or a line move ("c4", "C4>E6"), either case; kNoSquare when `text` is not exactly one.
int parseMove(std::string_view text);

struct ParseError {
    ParseError() = default;
    ParseError(std::size_t column, std::string message, std::string token = {})
        : column(column), message(std::move(message)), token(std::move(token)) {}

    std::size_t column = 0;  // 0-based offset of the offending character or token
    std::string message;
    std::string token;       // the offending text, when the error is about one token
    std::size_t length = 0;  // bytes of that text in the input (move sequences)
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

// A move sequence, the one grammar of move text everywhere (files, the command line, the
// viewer): squares in any case, with or without separators (space, tab, comma, semicolon,
// dot, dash), optional move numbers ("1." "12..."), passes as pa/ps/pass (any case, ending
// where the letters end or a square follows: "pad3") or "--" / "@@". Anything else is a bad
// token running to the next separator ("g77", "cc4", a bare "12"). A square followed at once by
// '>' and a square is a line move of the one-line rule ("c4>e6", any case; see Bitboard.h);
// whether it is legal is replay's business.
struct MovesParse {
    // Squares 0..63, kPass or line moves; on error, the tokens before the bad one.
    std::vector<int> moves;
    std::vector<std::size_t> columns;  // 0-based offset of each move's token in the text
    std::optional<ParseError> error;
};
// Stops without an error after `maxMoves` moves (readers cap what a hostile line can cost).
MovesParse parseMoves(std::string_view text, std::size_t maxMoves = SIZE_MAX);
// The length of the pass token at the start of `rest` (2 or 4), 0 when none.
int passLength(std::string_view rest);
// Printable form of arbitrary bytes for messages: control bytes and bytes >= 0x7f as \xNN.
std::string printableText(std::string_view text);
// Moves joined without separators ("f5d6c3"); passes written "pa" unless `skipPasses`; line
// moves as moveName writes them ("c4>e6").
std::string movesString(const std::vector<int>& moves, bool skipPasses = false,
                        std::string_view separator = "");

}  // namespace othello::core
