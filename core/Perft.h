#pragma once
// Perft from any position. A forced pass counts as one ply; a finished game before the
// target depth counts as one leaf (Aart Bik's convention).
#include <cstdint>

#include "Position.h"
#include "Rules.h"

namespace othello::core {

std::uint64_t perft(const Position& p, int depth);

// Perft under `rules` (core/Rules.h), same convention: each placement is a ply while
// inPlacements; under the one-line rule each (square, line) is a move of its own. With every
// line flipping and no placement pending it is perft(p, depth), the same code.
std::uint64_t perft(const Position& p, int depth, const Rules& rules);

}  // namespace othello::core
