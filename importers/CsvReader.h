#pragma once
// CSV with a header line naming a moves column ("game_moves", "moves", "movelist", ...), such
// as the eOthello dump `eOthello_game_id,winner,game_moves`. Optional columns: an id (the
// first one named "id" or ending in "_id"), winner (1 Black, -1 White, 0 draw, checked against
// the replay of finished games: code winner-mismatch, a warning), black, white, event, date,
// year, round, place, rules (a rules code of core/Rules.h, "reversi": the game starts from those
// rules' start; a bad code is the row's error "bad-rules"; none: Othello). RFC 4180 quoting; ',' ';' or tab as the delimiter (from the header).
// A quote never closed does not swallow the rows after it: the row ends with the quote's line
// and gets the warning "unterminated-quote" (marked damage) at the quote (see CsvScanner). An
// empty moves field is a game of 0 moves with the warning "no-moves". Limits (ReadLimits.h):
// fields other than the moves are cut at kMaxValueBytes ("value-too-long"), a row longer than
// kMaxRecordBytes is the error "record-too-large".
#include <string>
#include <string_view>

#include "ReadTypes.h"

namespace othello::importers {

void readCsv(const std::string& name, std::string_view text, const ReadOptions& options,
             FileResult& out);

// The bytes of `text` up to the end of its header row as readCsv reads it: a BOM, the blank
// lines before it, the row (a quoted field may span lines) and its line end.
std::size_t csvHeaderEnd(std::string_view text);

// True when the first line of `text` is a header naming a moves column, or plain column names
// with one of games (winner, black, white, event): a CSV of games without its moves.
bool looksLikeCsv(std::string_view text);

}  // namespace othello::importers
