#pragma once
// Move lists: one game per line. Squares in any case, with or without separators (space,
// comma, dash), optional move numbers ("1." "1..."), passes as pa/ps/pass/--/@@ or omitted,
// "#" and "//" comments. The named-opening style "F5d6C3d3C4" is a move list too, and a label
// after the moves ("F5d6C3d3C4   Tiger": a blank, then a word of 3+ characters with a letter,
// and no column letter a-h followed by a row digit 1-8 anywhere in the rest of the line) is
// kept as GameRecord::event (move lists have no event of their own). Any other text that is
// not a move ("f5 d6 cc4 f4") is a record error "not-a-square" located at that token. The
// move grammar is core::parseMoves, the one the command line and the viewer use.
//
// Lines that scripts and web pages export are read too: a quoted line ("f5d6c3", a trailing
// comma allowed), a JSON array of strings (one game per string, or one game when every string
// is one move) and a JSON object with "moves" (a string or an array) and optional "black",
// "white", "event", "date", "result" (as PGN writes it: "1-0", "33-31", "*"; checked against
// the replay as every format's stated result, StatedResult.h) and "rules" (a rules code of
// core/Rules.h, "reversi": the game starts from those rules' start; a bad code is an error of
// that line, "bad-rules"); such a line is read whole, a
// "#" in one of its strings being text, not a comment. ReadOptions::firstMove puts a square
// before every record (a logbook whose lines omit it); without it, when every record of a file
// (two or more) fails at move 1 the same way, the file note "first-move-hint" says so once,
// naming the opening move that makes them all replay when there is one.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ReadTypes.h"

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

// True when the first line with text is a quoted or JSON move list ("f5d6...", ["f5d6...", ...],
// {"moves": ...}): detected before PGN, which would take a '[' line for a tag.
bool looksLikeJsonMoves(std::string_view head);

// Reads every line of `text` as one game into `out.records`.
void readMoveList(const std::string& name, std::string_view text, const ReadOptions& options,
                  FileResult& out);
// One line of a move list (plain move text, or a quoted or JSON line) read as readMoveList reads
// it, its games kept in `out`; `columns` false when the text is not a line of the file as it
// stands (a JSON element spanning lines): diagnostics then name the line alone. finishMoveList
// ends a file read line by line so (the first-move hint).
void readMoveLine(const std::string& name, int lineNumber, std::string_view line,
                  const ReadOptions& options, FileResult& out, bool columns);
void finishMoveList(FileResult& out);

// True when some line of `head` (its first 1000 lines) is a move list: move text from its start
// (a label after the moves allowed, or anything after two moves at least: a typo), a quoted or
// JSON move line, or three moves among its words
// ("Game 1: f5 d6 c3", a layout whose lines are then reported one by one). A file with text and
// no such line is no game record (a README): the front door skips it.
bool looksLikeMoveList(std::string_view head);

// One game per line, lower case, passes omitted. A game with names, an event, a date or a
// stated result, and a game of no moves (a forfeit: an empty line is no game), is a JSON object
// line, {"moves": "f5 d6 ...", "black": ..., "white": ..., "event": ..., "date": ...,
// "result": ...} with the headers it has: it reads back as one game, its headers and result
// kept. Any other game is its plain move text. Games must start from the standard position, or
// from the start of their rules, which a JSON line then names ("rules": "reversi";
// needsRulesKey), one-line moves written "c4>e6".
std::string writeMoveList(const std::vector<GameRecord>& games);
// Whether a game's move line must name its rules: they are not plain Othello from the cross.
bool needsRulesKey(const GameRecord& game);

}  // namespace othello::importers
