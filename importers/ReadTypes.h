#pragma once
// What every reader takes and fills: the read options, the result of reading one file, the
// bookkeeping applied to each record (keepRecord) and plain file reading. It lives below the
// readers so that no reader includes the front door (Reader.h), which includes them all.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "GameRecord.h"
#include "ReadLimits.h"

namespace othello::importers {

struct ReadOptions {
    Format format = Format::Auto;  // Auto: detected from the content
    bool strict = false;           // warnings count as errors
    // When set, every record is handed here as soon as it is read and replayed (--strict and
    // the diagnostic limit applied), in file order, and FileResult::records stays empty: a
    // caller that prints or stores records one by one then holds one record at a time.
    std::function<void(GameRecord&&)> onRecord;
    // WTHOR: the names files to use instead of the ones found beside the .wtb
    // (<PREFIX>.JOU / <PREFIX>.TRN, then WTHOR.* / WTH.*). Empty: look for them.
    std::filesystem::path wthorPlayers;
    std::filesystem::path wthorTournaments;
    // Move lists whose records all omit the same first move (a logbook): the square to put
    // before each record's moves (--first-move). Empty: none.
    std::optional<int> firstMove;
};

// Transcript diagrams, the one format a reader sees whole (a diagram is a page, small by
// nature), are read up to this size; every other format is streamed whatever its size
// (Reader.cpp): text formats block by block, WTHOR in chunks of whole 68-byte records.
inline constexpr std::size_t kMaxWholeReadSize = std::size_t{1} << 30;

// Where the text handed to a reader starts in its file, when the front door reads a large file
// block by block: keepRecord adds it to every location of the records, so diagnostics keep the
// file's true line, byte offset and record index although each reader counts from its text.
struct LocationBase {
    int lines = 0;             // lines before the block
    std::int64_t bytes = 0;    // bytes before the block
    std::int64_t records = 0;  // records before the block (readers that number records)
    int columns = 0;           // bytes of the block's first line before it (a block may be
                               // cut inside a line: GGF games several to a line)
    // The file line where the next block starts (a record boundary), 0 for the last block: a
    // construct still open at the end of a block ends there, not at the end of the file.
    int nextBlockLine = 0;
};

// Move lists: how the records of a file fail at their first move, for the file-level hint
// that every line omits it (MoveListReader.cpp); kept here since a file may be read in blocks.
struct FirstMoveFailures {
    std::int64_t records = 0;        // records replayed (tokens all moves)
    std::int64_t failedAtFirst = 0;  // of those, failing at move 1 with `code`
    std::string code;
    unsigned candidates = 0xF;  // bit k: opening move k (d3 c4 f5 e6) put first makes every
                                // record seen replay
    std::string example;        // the first record's error, as the hint quotes it
};

struct FileResult {
    std::string path;
    Format format = Format::Auto;     // the format used
    bool readable = true;             // false: a file error, see fileDiagnostics
    std::vector<GameRecord> records;  // every record, bad ones with status Error (none when
                                      // ReadOptions::onRecord took them)
    // Counted over every record, kept or handed on.
    std::int64_t recordCount = 0;
    std::int64_t errorRecords = 0;    // status Error
    std::int64_t damagedRecords = 0;  // with a diagnostic marked `damage` (Diagnostic.h)
    // Past kMaxDiagnosticsPerFile (ReadLimits.h): the diagnostics not kept, by code. The note
    // "diagnostic-limit" in fileDiagnostics sums them up.
    std::int64_t diagnosticsKept = 0;
    std::int64_t diagnosticsDropped = 0;
    std::map<std::string, std::int64_t> droppedByCode;
    // About the whole file. Errors: "unreadable" (missing, a directory, a device or FIFO, a
    // read error), "too-large" (a transcript file > kMaxWholeReadSize), "binary"
    // (binary data that is no WTHOR file), "bad-header", "no-games" (readable, but not one
    // record: an empty file, a header-only CSV, the wrong --format), "squares-as-numbers"
    // (MoveSheet.h), "unpack-error", "unpack-limit", "nested-archive" (Unpack.h); warnings such
    // as "count-mismatch" (a WTHOR file cut short: damage); the notes "not-a-game-file" (a
    // WTHOR.JOU / WTHOR.TRN names file, skipped without error), "not-a-game-record" (see
    // `skipped`), "diagnostic-limit" (see ReadLimits.h); file warnings marked `damage` (a PGN
    // comment never closed before the first game, a stray NUL byte, a JSON document cut short).
    std::vector<Diagnostic> fileDiagnostics;
    // No format was detected in the file (a README, a spreadsheet of players, a photo): it holds
    // no game record and is skipped with the note "not-a-game-record", nothing read. A file in
    // which a format is detected is never skipped, however damaged. `check` and `import` list
    // skipped files by name; with --strict one fails the run.
    bool skipped = false;
    FirstMoveFailures firstMoveFailures;
    // Set by the front door while it streams a file (see LocationBase); zero otherwise.
    LocationBase base;
    // True when a record or the file itself was damaged (Diagnostic::damage).
    bool damaged() const;
};

// Adds `base` to a location a reader computed from the start of its block.
void rebase(SourceLocation& where, const LocationBase& base);

// What every reader does with each record it has read: puts its locations where they are in
// the file (FileResult::base), checks its comments and variations against its moves
// (checkAnnotations), applies --strict, makes the messages printable, counts it, keeps
// its diagnostics within kMaxDiagnosticsPerFile, then hands it to options.onRecord or appends
// it to out.records.
void keepRecord(FileResult& out, const ReadOptions& options, GameRecord&& record);

// Reads a regular file whole, up to kMaxWholeReadSize bytes whatever its size claims. False
// (and `why` in plain words) for a missing file, a directory, a device, FIFO or socket, a read
// error or a larger file; never throws std::bad_alloc for a hostile file.
bool readWholeFile(const std::filesystem::path& path, std::string& out, std::string& why);
// The `why` of readWholeFile for a file larger than kMaxWholeReadSize.
inline constexpr const char* kTooLargeWhy = "the file is larger than 1 GiB";

// Why `path` cannot be opened as a regular file (missing, a directory, a device, FIFO or
// socket), or "" when it can: devices and FIFOs have no end to trust.
std::string notARegularFile(const std::filesystem::path& path);

}  // namespace othello::importers
