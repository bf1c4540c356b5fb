#pragma once
// Othello "PGN" in its three dialects:
//   - WTHOR-PGN: [Event] [Date] [Black] [White] [Result "41-23"] (Black's discs - the rest),
//     moves "1. F5 D6", passes not written;
//   - PlayOK: "--" for a pass, the result ("35-29", "1-0", ...) also at the end of the moves;
//   - Edax: "pass", results 1-0 / 0-1 / 1/2-1/2.
// Also: [Round], [Site] (the place), [FEN] (a board string, core::parseBoard).
// Annotations (Annotations.h) are kept: a {comment} or ; comment on the ply it follows (before
// the first move: ply 0), several on one ply joined with a space; a NAG as comment text ($1..$6
// as the marks ! ? !! ?? !? ?!, others as written: "$14"), and so the move marks ("f5!?": the
// comment "!?"; chess's check marks + and # are dropped); ( ... ) variations, nested, each
// replayed from its branch position (the position before the move it follows, which its first
// move replaces; move numbers inside are ignored, as in the main line). A variation that stops
// being legal (an illegal move, a pass the position does not allow, a token that is no move) is
// kept up to its last legal move with the warning "bad-variation" at the token, and the text it
// could not replay is kept as the comment "variation not replayed from here: ..." on its last
// position (one with no legal move at all, or opening before any move, as the comment
// "variation not replayed: ..." on the parent's position); the game itself never fails for a
// variation. Text kept as a comment has its braces turned into parentheses, so that a comment
// read from PGN never holds a '}'. A comment outside any game (before the first game's tags,
// after a game's result) is not kept: the file note "comment-outside-game" quotes it. Limits on
// comments and variations: ReadLimits.h ("comment-too-long", "annotation-limit").
// A '{' or '(' never closed ends at the next game
// start: a line that is one whole tag pair, [Event "..."] or any tag after a blank line (so a
// game that follows is never swallowed); it is a warning marked damage (unterminated-comment /
// unclosed-variation) at that character, on the game or, before the first game, the file; the
// moves read before it are kept, and so is the variation never closed, read up to there (what
// of it does not replay is kept as a comment, with no warning beyond unclosed-variation); the
// comment never closed is not kept. A game with no moves is kept with the warning "no-moves";
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
