#pragma once
// Shared by the engine commands (perft, replay, solve): the --from board and the replay of a
// move-sequence argument.
#include <string>

#include "Command.h"
#include "core/Replay.h"

namespace othello::cli {

// The standard start, or the board given with --from. Throws InputError for a bad board.
core::Position startPosition(const std::string& from);
// Replays `moves` (any notation core::parseMoves reads) from `start`. Throws InputError naming
// the failing move: "move 12 (c4, white): square is occupied", "move 3 (zz, black): not a
// square".
core::ReplayResult replayMoves(const core::Position& start, const std::string& moves);

}  // namespace othello::cli
