#pragma once
// Writes games as transcript diagrams that readTranscript reads back to the same games:
// metadata lines, a column header, 8 labelled rows of right-aligned numbers, '.' for unplayed
// squares and x/o for the starting discs; diagrams separated by a blank line. A game under other
// rules than Othello's (RecordRules.h statesRules) gets a "Rules: <code>" line (core/Rules.h):
// its placements are numbered 1-4 on the centre squares, a handicap's corners shown as discs,
// and a "Lines: c4>e6 ..." line lists the one-line moves that named their line.
#include <string>
#include <vector>

#include "GameRecord.h"

namespace othello::importers {

// A diagram can hold a game whose start has discs on the four centre squares only (plus a
// handicap's corners, or none for placements, when the "Rules:" line says so).
bool canWriteTranscript(const GameRecord& game, std::string* why = nullptr);

// Throws std::invalid_argument for a game canWriteTranscript rejects.
std::string writeTranscript(const std::vector<GameRecord>& games);

}  // namespace othello::importers
