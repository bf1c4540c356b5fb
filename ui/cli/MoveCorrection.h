#pragma once
// `edit ID --move PLY SQUARE`: the moves of a stored game with some plies played otherwise and
// the rest replayed as they were.
#include <vector>

#include "core/Position.h"

namespace othello::cli {

// One --move: a ply (1-based, passes counted, as `show --ply` counts) and the move played there
// (a square or core::kPass).
struct MoveChange {
    int ply = 0;
    int square = core::kNoSquare;
};

// `moves` (replayed from `start`, passes explicit) with the plies of `changes` played as they
// say and the other moves replayed as they were from the first change on; the passes from there
// are made again as the new positions force them. UsageError for a ply outside the game;
// InputError naming the ply where the moves stop when they no longer replay (the caller then
// changes nothing).
std::vector<int> withMovesChanged(const core::Position& start, const std::vector<int>& moves,
                                  std::vector<MoveChange> changes);

}  // namespace othello::cli
