#pragma once
// Reading files of any supported format into GameRecords, every record replayed through core.
// A record error skips that record (its GameRecord has status Error and the diagnostic); a file
// error (unreadable, bad header) skips that file; nothing else is lost.
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

struct WthorNames;

// Every file is read whole, and never more than this (1 GiB): the whole WTHOR archive is 9 MB.
inline constexpr std::size_t kMaxReadSize = std::size_t{1} << 30;

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
    // read error), "too-large" (> kMaxReadSize), "binary" (binary data that is no WTHOR file),
    // "bad-header", "no-games" (readable, but not one record: an empty file, a header-only CSV,
    // the wrong --format); warnings such as "count-mismatch"; the note "not-a-game-file" (a
    // WTHOR.JOU / WTHOR.TRN names file, skipped without error), "diagnostic-limit" (see
    // ReadLimits.h); file warnings marked `damage` (a PGN comment never closed before the
    // first game, a stray NUL byte).
    std::vector<Diagnostic> fileDiagnostics;
    // True when a record or the file itself was damaged (Diagnostic::damage).
    bool damaged() const;
};

// What every reader does with each record it has read: applies --strict, makes the messages
// printable, counts it, keeps its diagnostics within kMaxDiagnosticsPerFile, then hands it to
// options.onRecord or appends it to out.records.
void keepRecord(FileResult& out, const ReadOptions& options, GameRecord&& record);

// Reads a regular file whole, up to kMaxReadSize bytes whatever its size claims. False (and
// `why` in plain words) for a missing file, a directory, a device, FIFO or socket, a read error
// or a larger file; never throws std::bad_alloc for a hostile file.
bool readWholeFile(const std::filesystem::path& path, std::string& out, std::string& why);

// Detects the format from the content (and the name, for WTHOR binaries).
Format detectFormat(const std::filesystem::path& path, const std::string& head);

FileResult readFile(const std::filesystem::path& path, const ReadOptions& options = {});
// Reads text already in memory (the name is used in diagnostics). With Format::Auto, binary
// bytes that are not a WTHOR file are the file error "binary".
FileResult readText(const std::string& name, const std::string& text, const ReadOptions& options);
// The same as `format` (not Auto), without the binary check; `names` for WTHOR may be null.
FileResult readTextAs(const std::string& name, const std::string& text, Format format,
                      const WthorNames* names, const ReadOptions& options);

}  // namespace othello::importers
