#pragma once
// Writing games as GGF, one game per line, that GgfReader reads back to the same games
// (players, event as PC, date, start board, moves with explicit passes, stated result).
#include <string>
#include <vector>

#include "GameRecord.h"

namespace othello::importers {

std::string writeGgf(const GameRecord& game);
// Records with an error (status Error) are left out.
std::string writeGgf(const std::vector<GameRecord>& games);

}  // namespace othello::importers
