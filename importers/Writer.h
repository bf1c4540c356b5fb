#pragma once
// One entry point for writing games in any format: move lists, transcript diagrams, GGF, PGN
// (WTHOR-PGN style) and WTHOR (.wtb plus WTHOR.JOU / WTHOR.TRN beside it). CSV is read only.
#include <filesystem>
#include <string>
#include <vector>

#include "GameRecord.h"

namespace othello::importers {

// True when `game` can be written in `format`; else `why` (if given) says why not. Records
// with an error never can; move lists and WTHOR need the standard start; a transcript needs
// discs on the four centre squares only; a variant (anti, komi, synchro, random start: see
// GameVariant.h) is written to GGF only, which alone says which game was played.
bool canWrite(const GameRecord& game, Format format, std::string* why = nullptr);

// What writing `games` (those canWrite accepts) in `format` to `outputPath` loses, as warnings
// for the user: a move list keeps the moves, names, event, date and result only
// ("metadata-not-kept": a round, place or theoretical score); WTHOR: see wthorWriteWarnings.
// Annotations (Annotations.h), one warning for the file counting the games that lose some: GGF
// keeps comments but not variations ("variations-not-kept"); move lists, transcripts and WTHOR
// keep neither ("annotations-not-kept"); PGN keeps both, but writes a '}' inside a comment as
// ')' ("comment-changed": PGN comments have no escape).
std::vector<Diagnostic> conversionWarnings(const std::vector<GameRecord>& games, Format format,
                                           const std::string& outputPath);

// The text of `games` in `format` (Moves, Transcript, Ggf or Pgn). Games canWrite rejects are
// left out. Throws std::invalid_argument for Wthor (binary: use writeGamesToFile), Csv, Auto.
std::string writeGamesToString(const std::vector<GameRecord>& games, Format format);

// Writes `games` to `path` in `format`; the games canWrite rejects are left out. Throws
// std::runtime_error when the file cannot be written.
// WTHOR: `path` names the .wtb (WTHOR.JOU / WTHOR.TRN are written beside it), which holds one
// year: games of other years read back with the header's year (conversionWarnings says how
// many). When `path` is a folder (an existing directory, or a path ending in '/', created),
// nothing is lost: one WTH_<year>.wtb per year goes into it (writeWthorYearFiles).
// GGF and PGN keep every field of GameRecord a reader fills but the source, the diagnostics
// and statedResult's exact text (and GGF the variations): see GgfWriter.h and PgnWriter.h.
void writeGamesToFile(const std::vector<GameRecord>& games, Format format,
                      const std::filesystem::path& path);

}  // namespace othello::importers
