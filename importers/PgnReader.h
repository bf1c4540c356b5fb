#pragma once
// Othello "PGN" in its three dialects:
//   - WTHOR-PGN: [Event] [Date] [Black] [White] [Result "41-23"] (Black's discs - the rest),
//     moves "1. F5 D6", passes not written;
//   - PlayOK: "--" for a pass, the result ("35-29", "1-0", ...) also at the end of the moves;
//   - Edax: "pass", results 1-0 / 0-1 / 1/2-1/2.
// Also: [Round], [Site] (the place), [FEN] (a board string, core::parseBoard), {comments},
// ; comments, (variations) and $NAGs skipped. A '{' or '(' never closed ends at the next game
// start: a line that is one whole tag pair, [Event "..."] or any tag after a blank line (so a
// game that follows is never swallowed); it is a warning marked damage (unterminated-comment /
// unclosed-variation) at that character, on the game or, before the first game, the file; the
// moves read before it are kept. A game with no moves is kept with the warning "no-moves";
// written as tags alone (no result as movetext), it ends at the next tag line after a blank
// line. Limits (ReadLimits.h): tag values are cut at kMaxValueBytes ("value-too-long"), move tokens
// past kMaxRecordMoves are not kept, a game whose text runs past kMaxRecordBytes is the error
// "record-too-large" (the rest of it is skipped up to the next game).
// [TheoreticalScore "31"] [TheoreticalDepth "24"] (extra tags PgnWriter writes for the WTHOR
// theoretical score) fill theoreticalScore / theoreticalDepth ("bad-theoretical" warning when
// not a number). A "<b>-<w>" result of a game that stops early is its stated result
// (statedBlackDiscs), never compared with the discs on the board.
// A finished game whose stated result disagrees with the replay gets a result-mismatch warning.
#include <string>
#include <string_view>

#include "ReadTypes.h"

namespace othello::importers {

void readPgn(const std::string& name, std::string_view text, const ReadOptions& options,
             FileResult& out);

// True when the first meaningful line of `text` is a PGN tag ([Name "value"]).
bool looksLikePgn(std::string_view text);

}  // namespace othello::importers
