#pragma once
// Writes games in the WTHOR-PGN style: [Event], [Date], [Round] and [Site] when known,
// [Black], [White], [Result "<Black's discs>-<White's>"] (the stated result, which PgnReader
// reads back as statedBlackDiscs: for a game that stops early the official result; else the
// final score of a finished game; else 1-0 / 0-1 / 1/2-1/2 from a stated winner; else "*"),
// [TheoreticalScore "31"] and [TheoreticalDepth "24"] when the record has a WTHOR theoretical
// score (extra tags, legal PGN, read back by PgnReader), then the moves
// two to a line ("1. F5 D6"), passes not written, the result again as the game termination
// marker (so a game of no moves, a forfeit, stays one game), a blank line between games. A game
// from a set-up board gets [FEN "<board string> <side>"]. A game under rules other than Othello's
// (RecordRules.h statesRules) gets [Variant "Reversi"] ("Reversi all lines", "Othello" for a
// handicap), [Scoring "discs"] (or "empties") and our own [Rules "<code>"] (core/Rules.h), which
// PgnReader takes first when it disagrees with the others; a one-line move that names its line
// is written "C4>E6".
// Annotations (Annotations.h): each comment {text} right after the ply it follows (a comment
// before the first move on a line of its own after the tags), then the variations of that ply,
// "(12... E3 F4 {text} (12... C4))", numbered as PGN does ("12..." for a line that starts on
// White's move, and for White's move after a comment or variation). PGN has no escape inside a
// comment: a '}' is written ')', and a comment is one paragraph (normalizeComment). A comment
// that is a move mark alone (! ? !! ?? !? ?!) is written after its move ("D6!"). A pass is
// written "PASS" only where a comment or variation hangs on it, so that PgnReader gives the
// comments and variations back on the same plies.
#include <string>
#include <vector>

#include "GameRecord.h"

namespace othello::importers {

std::string writePgn(const std::vector<GameRecord>& games);

}  // namespace othello::importers
