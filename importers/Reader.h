#pragma once
// Reading files of any supported format into GameRecords, every record replayed through core.
// A record error skips that record (its GameRecord has status Error and the diagnostic); a file
// error (unreadable, bad header) skips that file; nothing else is lost.
#include <filesystem>
#include <string>
#include <vector>

#include "GameRecord.h"

namespace othello::importers {

struct ReadOptions {
    Format format = Format::Auto;  // Auto: detected from the content
    bool strict = false;           // warnings count as errors
};

struct FileResult {
    std::string path;
    Format format = Format::Auto;           // the format used
    bool readable = true;                   // false: a file error, see fileDiagnostics
    std::vector<GameRecord> records;        // every record, bad ones with status Error
    std::vector<Diagnostic> fileDiagnostics;
};

// Detects the format from the content (and the name, for WTHOR binaries).
Format detectFormat(const std::filesystem::path& path, const std::string& head);

FileResult readFile(const std::filesystem::path& path, const ReadOptions& options = {});
// Reads text already in memory (the name is used in diagnostics).
FileResult readText(const std::string& name, const std::string& text, const ReadOptions& options);

}  // namespace othello::importers
