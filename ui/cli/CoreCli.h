#pragma once
// Shared by the engine commands (perft, replay, solve): the --from board and the replay of a
// move-sequence argument.
#include <string>

#include "Command.h"
#include "core/Replay.h"

namespace othello::cli {

// The standard start, or the board given with --from. Throws InputError for a bad board.
core::Position startPosition(const std::string& from);
// Replays `moves` (any notation core::parseMoves reads) from `start` under `rules` (Othello's
// by default). Throws InputError naming the failing move: "move 12 (c4, white): square is
// occupied", "move 3 (zz, black): not a square", "move 12 (c4, black): outflanks 2 lines, say
// which: c4>c6 or c4>e6".
core::ReplayResult replayMoves(const core::Position& start, const std::string& moves,
                               const core::Rules& rules = {});

// --rules CODE, checked by CLI11 (a bad code is a usage error naming it).
CLI::Option* addRulesOption(CLI::App* sub, std::string& rules, const std::string& help);
// The rules of a code checked by addRulesOption; Othello's for "".
core::Rules rulesOf(const std::string& code);
// --from when given, else the rules' start; an InputError when the rules start from a given
// position.
core::Position givenOrRulesStart(const std::string& from, const core::Rules& rules,
                                 const std::string& code);

}  // namespace othello::cli
