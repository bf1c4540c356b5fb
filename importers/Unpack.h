#pragma once
// Compressed files and archives read directly, the way record dumps travel: gzip (.gz), bzip2
// (.bz2), xz (.xz) and zip (.zip), and tar archives in any of these (.tar.gz), through
// libarchive. Recognised by their first bytes, whatever their name.
//
// What they unpack to is streamed to the readers (OpenedFile.h), never held: a compressed WTHOR
// year reads in the memory of the plain one. Each file inside an archive is read as a file of
// its own, named "<archive>/<path inside>" in diagnostics and sources; a compressed single file
// keeps its own name ("WTH_1980.wtb.gz"), its format told by the name without the compression
// extension. Hidden files and __MACOSX folders inside archives are left out, as in folders;
// WTHOR names files (.JOU, .TRN) inside an archive serve the .wtb files of the same archive
// folder, before those beside the archive. An archive or compressed file inside an archive is
// read (one level); one more level down is the file error "nested-archive".
//
// Limits against decompression bombs (ReadLimits.h): past kMaxUnpackedBytes in all, or past
// kUnpackRatioFloor bytes and kMaxUnpackRatio times the file's own size, reading stops with the
// file error "unpack-limit" (the games read before it are kept). A damaged compressed stream
// (a CRC error, a file cut short) is the file error "unpack-error", marked damage, after the
// games read before the damage.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>

#include "ReadTypes.h"

namespace othello::importers {

enum class Packing { None, Gzip, Bzip2, Xz, Zip, Tar };
// From a file's first bytes (a tar archive shows at byte 257).
Packing packingOf(std::string_view head);
const char* packingName(Packing p);  // "gzip", "bzip2", "xz", "zip", "tar"
// The same from a file's first bytes; None when it cannot be read.
Packing packingOfFile(const std::filesystem::path& path);
// The name of what a compressed file holds: "WTH_1980.wtb" for "WTH_1980.wtb.gz" (.gz, .bz2,
// .xz, .z taken off); other names unchanged.
std::filesystem::path unpackedName(const std::filesystem::path& name);

// Reads `path`, a compressed file or archive whose first bytes are `head`: every file in it is
// read as the front door reads a file, and its FileResult handed to `onFile` in archive order
// (records go to options.onRecord as they are read). A file error of the archive itself
// (unreadable, damaged, past a limit) comes as a FileResult of its own.
void readPacked(const std::filesystem::path& path, std::string_view head,
                const ReadOptions& options, const std::function<void(FileResult&&)>& onFile);

// A small compressed file read whole (a names file, WTHOR.JOU.gz): false, with why in plain
// words, when it cannot be read or unpacks to more than `limit` bytes.
bool unpackSmallFile(const std::filesystem::path& path, std::size_t limit, std::string& out,
                     std::string& why);

}  // namespace othello::importers
