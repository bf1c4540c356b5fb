#pragma once
// Private to storage/: how games are encoded in the games table (moves, start boards), their
// keys (the duplicate key, the content hash) and results, and canonical positions.
#include <cstdint>
#include <string>
#include <vector>

#include "core/Symmetry.h"
#include "importers/GameRecord.h"

namespace othello::storage {

// Moves stored one byte per ply: the square 0..63 (a move or a placement), core::kPass (64) for
// a pass; a one-line move that names its line (core::lineMove, classic Reversi) takes two bytes,
// 128 + its far end, then its square. Older archives hold only 0..64 (a byte 65..127, never
// written, reads as a pass as it always did).
std::string encodeMoves(const std::vector<int>& moves);
std::vector<int> decodeMoves(const void* data, int size);
// Rules under which a game is played as Othello is (every line flips, empties to the winner)
// from a start that is no rule of its own (the cross, its mirror, any board): their positions
// count in the position statistics (a handicap game's do not, though its key is Othello's: see
// keyRules).
bool playedAsOthello(const core::Rules& rules);
// The same test in SQL on games.rules (NULL: an archive from before the column, Othello).
inline constexpr const char* kPlayedAsOthelloSql =
    "(coalesce(rules, 'othello') = 'othello' OR (rules LIKE 'othello+%' AND rules NOT LIKE "
    "'%discs%' AND rules NOT LIKE '%handicap%' AND rules NOT LIKE '%placements%'))";
// A non-standard start: 17 bytes (black, white little-endian, side to move).
std::string encodeStart(const core::Position& p);
core::Position decodeStart(const void* data, int size);
// The rules as far as they decide a game played from its stored start: the flipping, the
// scoring, and placements (with their first mover) or not. Any other start (the cross, its
// mirror, handicap corners, a board of the record's own; who moves first) is the start position
// itself, which the key holds: a handicap game stored as "othello+position" (migration 14 never
// guessed a handicap) and the same game read as "othello+handicap-a1h8-black" are one game.
core::Rules keyRules(const core::Rules& rules);
// Hash of the start position and the moves: the key of games with the same moves. Unless
// keyRules(rules) is Othello's, its code is hashed in too: the same moves under other rules are
// another game (classic Reversi and its all-lines variant play the same squares). Othello's
// keys, and those of every game played as Othello from any start, are those stored before the
// rules were (no code hashed in).
std::int64_t movesKey(const core::Position& start, const std::vector<int>& moves);
std::int64_t movesKey(const core::Position& start, const std::vector<int>& moves,
                      const core::Rules& rules);
// The key of no moves yet: the start (and the rules, see above).
std::int64_t startKey(const core::Position& start, const core::Rules& rules);
// The key of the moves of `key` followed by `move`.
std::int64_t extendMovesKey(std::int64_t key, int move);
// Black's result on the 64-disc scale used by statistics and result filters: the final score of
// a finished game (under disc scoring, its discs with the empties given to the winner); for an unfinished one the stated result, else the discs with the empties
// given to the leader.
int resultBlack(const importers::GameRecord& r);
// False for an unfinished game whose record states no result: its result is unknown (counted in
// `games`, never as a win, draw or in the average score). WTHOR's unfinished games state theirs.
bool resultKnown(const importers::GameRecord& r);
// The canonical form of a position and the symmetries that leave it unchanged.
struct CanonicalForm {
    core::Position position;
    core::Symmetry symmetry = 0;  // transformPosition(original, symmetry) == position
    std::uint8_t stabilizer = 1;  // bit t set: transformPosition(position, t) == position
};
CanonicalForm canonicalForm(const core::Position& p);

// Hash of everything a record says (moves, start, names, event, date, round, place, stated and
// theoretical results, the file's own game id, WTHOR's raw name ids, the variant): two records
// with the same hash are the same record, even when their names are unknown. Stored in
// games.record_hash; computed from what a games row keeps (WTHOR's raw name ids aside, which
// only nameless dumps need and their games are also found by file and record number), so that a
// migration recomputes from stored games the hash an import computes from their records
// (migration 8 did, after the hash stopped counting what rows do not keep).
std::int64_t recordHash(const importers::GameRecord& r);
// The same, given the record's movesKey (the import has it already).
std::int64_t recordHash(const importers::GameRecord& r, std::int64_t movesKey);

}  // namespace othello::storage
