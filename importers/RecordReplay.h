#pragma once
// The replay step every reader shares: turns the move tokens of a record into a verified game.
#include <vector>

#include "GameRecord.h"

namespace othello::importers {

// Replays `tokens` (squares 0..63, core::kPass, line moves) from `record.start` under
// `record.rules`. On success fills
// `moves` (passes explicit), `status` (Complete when the game is over, else Incomplete) and
// `score` (by the rules' scoring when complete) and returns true. On an illegal move sets
// status Error, keeps the legal prefix in `moves`, appends an error Diagnostic located at
// `where` (code = core::replayErrorCodeName, move number, square, plain message) and returns
// false. `failedToken` (if given) is then set to the index in `tokens` of the token that failed,
// for locating it: the move number counts disc moves only (core::ReplayError), so it is no
// index into tokens that hold passes.
bool replayRecord(GameRecord& record, const std::vector<int>& tokens, const SourceLocation& where,
                  int* failedToken = nullptr);

// The disc moves among `tokens` (passes left out): move numbers count these.
int discMoves(const std::vector<int>& tokens);

// Appends a diagnostic to the record (and marks it Error when `severity` is Error).
void addDiagnostic(GameRecord& record, Severity severity, const SourceLocation& where,
                   std::string code, std::string message, int moveNumber = 0,
                   int square = core::kNoSquare);

// Appends a warning marked `damage` (Diagnostic.h): the record's text was broken and the reader
// recovered; what was read is kept.
void addDamage(GameRecord& record, const SourceLocation& where, std::string code,
               std::string message);

// The warning "no-moves" for a record that holds no move at all: it is kept (a game can be a
// forfeit, or stop before its first move) but said, since it is more often a broken record.
void warnIfNoMoves(GameRecord& record);

// The warning "impossible-date" for a record whose date is not a calendar date ("2024-02-30",
// "2023-02-29", "2023-13"): the record is kept, its date cut to the part that is valid
// ("2024-02", "2023"), and the warning says both.
void checkDate(GameRecord& record);

// `value` cut to kMaxValueBytes (ReadLimits.h) at a UTF-8 character boundary, with the warning
// "value-too-long" (marked damage) on `record` naming `what` ("the Black tag") when it was cut.
std::string_view capValue(GameRecord& record, std::string_view value, const SourceLocation& where,
                          const char* what);

}  // namespace othello::importers
