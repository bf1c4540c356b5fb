#pragma once
// Every record format in one table: its name and aliases (the CLI's --format / --to and their
// help), the code it is stored under in archives, how it is detected, read (whole or streamed
// block by block) and written. A new format is one reader, one row here (and a writer if any);
// the front door (Reader.cpp), Writer.cpp, the CLI, storage's skip list and the fuzz targets
// all go through this table.
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "BlockStream.h"
#include "GameRecord.h"
#include "ReadTypes.h"

namespace othello::importers {

using TextReader = void (*)(const std::string& name, std::string_view text,
                            const ReadOptions& options, FileResult& out);

struct FormatInfo {
    Format format = Format::Auto;
    const char* name = "";             // "moves", ... as printed and accepted by --format
    std::vector<const char*> aliases;  // other accepted spellings ("wtb", "movelist")
    // games.format in archives. Explicit and stable: never renumber, a test pins every code.
    int storedCode = 0;
    // Content detection of text formats, tried by ascending detectRank (0: never detected from
    // text; move lists are what text is when nothing else matches, WTHOR is detected from its
    // binary header and name).
    int detectRank = 0;
    bool (*detect)(std::string_view head) = nullptr;
    TextReader read = nullptr;  // null: not a text format (Auto, WTHOR)
    // Where a block of the file may be cut (BlockStream.h); null: transcript diagrams, read
    // whole up to kMaxWholeReadSize, and WTHOR, read in chunks of whole records
    // (readWthorStream, WthorReader.h).
    RecordBoundary boundary = nullptr;
    // CSV: every block is read after the file's first line (the header naming the columns).
    bool headerLine = false;
    // Writing; null canWrite: the format is read only.
    bool (*canWrite)(const GameRecord& game, std::string* why) = nullptr;
    std::string (*writeText)(const std::vector<GameRecord>& games) = nullptr;  // null: binary
    // Binary formats: writes the games (those canWrite accepts) to `path`; throws
    // std::runtime_error when it cannot.
    void (*writeFile)(const std::vector<GameRecord>& games,
                      const std::filesystem::path& path) = nullptr;
    // What writing `games` to `path` loses, as warnings (Writer.h conversionWarnings); null:
    // nothing.
    std::vector<Diagnostic> (*writeWarnings)(const std::vector<GameRecord>& games,
                                             const std::string& path) = nullptr;
    // File extensions (lower case, with the dot) of files that belong to the format without
    // holding games (WTHOR's .jou / .trn names files): readers of folders skip them.
    std::vector<const char*> namesFileExtensions;
    const char* description = "";  // plain words for help texts
};

// Every format, Auto first, in stored-code order.
const std::vector<FormatInfo>& formatTable();
// The row of `format` (every Format value has one).
const FormatInfo& formatInfo(Format format);

// The names of the formats that can be read (`readable`) or written, joined by `separator`:
// "auto|moves|transcript|wthor|ggf|pgn|csv" for a validator, "moves, transcript, ..." for help.
// Auto is included for reading only when `withAuto`.
std::string formatNames(bool writable, bool withAuto, std::string_view separator);

// True when `path` is a names file of some format (WTHOR.JOU, PLAYOK.TRN, WTHOR.JOU.gz): no
// games in it.
bool isNamesFile(const std::filesystem::path& path);

// The text formats' content detection, in rank order; Moves when nothing else matches.
Format detectTextFormat(std::string_view head);

}  // namespace othello::importers
