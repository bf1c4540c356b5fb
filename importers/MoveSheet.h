#pragma once
// Games kept one move a line, as players note them by hand or programs log them:
//
//     01:B(F, 5)        1. f5        F-5        (F, 5)        F 5        f5
//     02:W(F, 4)        2. d6        D-6        (D, 6)        D 6        d6
//
// A line holds one move: an optional move number (digits and ':', '.', ')' or blanks), an
// optional colour (B, W, Black, White; not checked: the replay decides who plays), then a
// square, a letter a-h and a digit 1-8 in either case, possibly in parentheses and with a
// comma, dash or blanks between them, or a pass (pass, pa, ps, --, @@). A file whose lines
// (two or more, blank and '#' or '//' comment lines aside) are all such lines, one at least
// numbered, with a colour or a square so written ("f5" lines alone stay a move list of one-move
// games), is a move sheet: its moves make one game, a new one where the numbering starts again
// at 1. Passes may be written or left out, as in move lists.
//
// Squares written as two numbers ("5 6", "(5, 6)", "01: 5,6") cannot be read without guessing
// which is the row and where counting starts: such a file is recognised and refused as a whole
// with one file error ("squares-as-numbers") saying what was recognised, never read line by line
// as rejected games.
#include <string>
#include <string_view>

#include "ReadTypes.h"

namespace othello::importers {

// True when the lines of `head` (the whole file, or its first bytes) are a move sheet.
bool looksLikeMoveSheet(std::string_view head);
// Reads a move sheet (whole: a sheet is a page) into `out`, one game per numbering from 1.
void readMoveSheet(const std::string& name, std::string_view text, const ReadOptions& options,
                   FileResult& out);

// When every line of `head` (two or more) holds two numbers 0..9 and nothing else but a move
// number, a colour and punctuation: the number of such lines; 0 otherwise.
int numberPairLines(std::string_view head);
// The file error for such a file: what was recognised and why it is not read.
Diagnostic numberPairsError(const std::string& name, int lines);

}  // namespace othello::importers
