#pragma once
// Private to the readers: a file opened for reading, on disk or inside an archive, and the one
// function that reads it whatever it holds (Reader.cpp). readFile opens files on disk;
// readPacked (Unpack.h) opens the files inside compressed files and archives; both hand them
// here, so that a file reads the same wherever it is.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <istream>
#include <optional>
#include <string>

#include "ReadTypes.h"

namespace othello::importers {

struct WthorNames;

// The bytes read first to tell what a file holds.
inline constexpr std::size_t kHeadSize = 65536;
// Reads up to kHeadSize bytes of `in` (fewer at its end).
std::string readHead(std::istream& in);

struct OpenedFile {
    std::string name;            // as diagnostics name it: "games.zip/WTH_1980.wtb"
    std::filesystem::path kind;  // the name its format is told by (its extension):
                                 // "WTH_1980.wtb" for WTH_1980.wtb.gz
    std::istream* in = nullptr;  // positioned after `head`
    std::string head;            // its first bytes (readHead)
    std::optional<std::uintmax_t> size;  // its size when known
    // The names of a WTHOR file (WthorReader.h); null: none to be had.
    std::function<WthorNames()> wthorNames;
};

// Reads `file` as readFile reads a file once opened: names files skipped with a note, the
// format detected (options.format Auto) or as given, a file where no format is detected
// skipped (FileResult::skipped), the records streamed wherever the format allows.
FileResult readOpened(OpenedFile& file, const ReadOptions& options);

}  // namespace othello::importers
