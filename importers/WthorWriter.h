#pragma once
// Writing games as WTHOR: the .wtb plus WTHOR.JOU and WTHOR.TRN beside it.
//
// Records read from a .wtb (GameRecord::wthor set, moves unchanged) are written back byte for
// byte with their header, so reading a .wtb and writing it back gives the same bytes. Other
// games get new records: player and tournament ids from the names (names already in a
// WTHOR.JOU / WTHOR.TRN in the target folder keep their ids; new names are appended; an empty
// name is written as "?"; names are Latin-1, at most 19 / 25 bytes, longer ones are cut and
// characters outside Latin-1 become '?'), Black's discs (the final score when complete, the
// stated result or disc count otherwise).
//
// The theoretical score: a game that does not come from WTHOR has none, and WTHOR has no way
// to say "unknown", so the record's own is written when known, else Black's discs (the score
// byte equals the disc byte). Readers must not take such a value as a perfect-play result.
//
// One file holds one year (header bytes 10-11), and readers give every game of a file that
// year. writeWthorFiles writes the games it is given to the one file all the same, with the
// year most of them have in the header (the header of the first record read from a .wtb, when
// there is one; the file name only breaks a tie, WTH_1993.wtb choosing 1993).
// wthorWriteWarnings says so before writing: "mixed-years", with how many games will read
// back with another year; "file-name-year" when the file is named WTH_<year>.wtb for another
// year than its header. writeWthorYearFiles loses nothing: one WTH_<year>.wtb per year in a
// folder (WTH_0000.wtb for games of unknown year), with one WTHOR.JOU / WTHOR.TRN for all of
// them. wthorWriteWarnings says every other loss above too. Games WTHOR cannot hold (not from
// the standard start, under other rules than Othello's: WTHOR has no field for them, or with an
// error) are skipped: see wthorCanWrite, whose message names the rules.
//
// The header's depth of the theoretical scores (byte 14) is that of the first game that has
// one (22 when none has): WTHOR holds one depth per file.
#include <filesystem>
#include <string>
#include <vector>

#include "GameRecord.h"

namespace othello::importers {

// True when `game` can be written as a WTHOR record; else `why` (if given) says why not.
bool wthorCanWrite(const GameRecord& game, std::string* why = nullptr);

// What writing `games` as WTHOR to `outputPath` loses, as warnings: "mixed-years" and
// "file-name-year" (not when `outputPath` is a folder, i.e. an existing directory or a path
// ending in '/': see writeWthorYearFiles), "name-truncated", "name-not-latin1" (per game),
// "unknown-name" and "theoretical-score" (one each for the file, located at `outputPath`).
std::vector<Diagnostic> wthorWriteWarnings(const std::vector<GameRecord>& games,
                                           const std::string& outputPath);

// The 68 bytes of one game record.
std::string wthorGameBytes(const GameRecord& game, std::uint16_t tournamentId,
                           std::uint16_t blackId, std::uint16_t whiteId);

// Writes `wtbPath` and WTHOR.JOU / WTHOR.TRN in its folder. Throws std::runtime_error when a
// file cannot be written.
void writeWthorFiles(const std::vector<GameRecord>& games, const std::filesystem::path& wtbPath);

// Writes one WTH_<year>.wtb per year of `games` (WTH_0000.wtb: unknown year) and one
// WTHOR.JOU / WTHOR.TRN into `dir`, created when missing; returns the .wtb paths written, by
// year. Throws std::runtime_error when a file or the folder cannot be written.
std::vector<std::filesystem::path> writeWthorYearFiles(const std::vector<GameRecord>& games,
                                                       const std::filesystem::path& dir);

// "WTH_1990.wtb" for 1990; the year a file name of that form (any case) gives, else 0.
std::string wthorYearFileName(int year);
int wthorYearOfFileName(const std::filesystem::path& wtbPath);

}  // namespace othello::importers
