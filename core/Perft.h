#pragma once
// Perft from any position. A forced pass counts as one ply; a finished game before the
// target depth counts as one leaf (Aart Bik's convention).
#include <cstdint>

#include "Position.h"

namespace othello::core {

std::uint64_t perft(const Position& p, int depth);

}  // namespace othello::core
