#pragma once
// Transcript diagrams (the tournament score sheet): an 8x8 grid of move numbers 1..60, one row
// per line, optional column header (a..h, again under the grid as a footer), optional row
// labels (1..8, on one or both sides), cells separated by spaces, tabs, '|' or commas. Tables
// drawn with borders read the same: rule lines ("+---+", "|---|", box-drawing ─ ┼ ═ ...) are
// skipped, │ ┃ ║ separate cells, bars that only frame a space-separated row are ignored
// (TranscriptCells.h). The centre squares hold the starting discs (x/o, X/O, B/W, b/w,
// ●/○, * /O) or are blank, '.', '0' or '--'; unplayed squares are blank, '.', '0' or '--'.
// Optional metadata lines before the grid ("Black: ...", "White: ...", "Event: ...",
// "Date: ...", "Round: ...", "Place: ...", "Score: 20-44"; "Score: 20-44 (unfinished)", or
// "(resigned)" / "(time)", for a game that stops before the end) and '#' comments; several diagrams
// per file separated by blank lines.
//
// Each diagram is replayed in number order with passes inferred. Diagnoses (codes): bad-cell,
// disc-off-centre, bad-row, short-grid, missing-grid, number-out-of-range, duplicate-number,
// missing-number, number-on-centre, bad-start, the replay's codes (occupied, no-flips,
// game-over), score-mismatch (error) and the warning score-not-reached (a declared score on
// a diagram that ends before the game is over, unless the score is marked unfinished). A diagram
// that fails gets its repairs (TranscriptRepair.h) in GameRecord::repairs.
#include <string>
#include <string_view>

#include "ReadTypes.h"

namespace othello::importers {

void readTranscript(const std::string& name, std::string_view text, const ReadOptions& options,
                    FileResult& out);

// True when `text` holds something shaped like a diagram (a column header or 8-cell rows).
bool looksLikeTranscript(std::string_view text);

}  // namespace othello::importers
