#pragma once
// Writing games as WTHOR: the .wtb plus WTHOR.JOU and WTHOR.TRN beside it.
//
// Records read from a .wtb (GameRecord::wthor set, moves unchanged) are written back byte for
// byte with their header, so reading a .wtb and writing it back gives the same bytes. Other
// games get new records: player and tournament ids from the names (names already in a
// WTHOR.JOU / WTHOR.TRN in the target folder keep their ids; new names are appended), Black's
// discs (the final score when complete, the stated result or disc count otherwise) and, as the
// theoretical score, the record's one when known, else Black's discs. Games WTHOR cannot hold
// (not from the standard start, or with an error) are skipped: see wthorCanWrite.
#include <filesystem>
#include <string>
#include <vector>

#include "GameRecord.h"

namespace othello::importers {

// True when `game` can be written as a WTHOR record; else `why` (if given) says why not.
bool wthorCanWrite(const GameRecord& game, std::string* why = nullptr);

// The 68 bytes of one game record.
std::string wthorGameBytes(const GameRecord& game, std::uint16_t tournamentId,
                           std::uint16_t blackId, std::uint16_t whiteId);

// Writes `wtbPath` and WTHOR.JOU / WTHOR.TRN in its folder. Throws std::runtime_error when a
// file cannot be written.
void writeWthorFiles(const std::vector<GameRecord>& games, const std::filesystem::path& wtbPath);

}  // namespace othello::importers
