#pragma once
// Writes games in the WTHOR-PGN style: [Event], [Date], [Round] and [Site] when known,
// [Black], [White], [Result "<Black's discs>-<White's>"] ("*" when unknown), then the moves
// two to a line ("1. F5 D6"), passes not written, a blank line between games. A game from a
// set-up board gets [FEN "<board string> <side>"].
#include <string>
#include <vector>

#include "GameRecord.h"

namespace othello::importers {

std::string writePgn(const std::vector<GameRecord>& games);

}  // namespace othello::importers
