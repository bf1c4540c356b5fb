#pragma once
// Reading files of any supported format into GameRecords, every record replayed through core.
// A record error skips that record (its GameRecord has status Error and the diagnostic); a file
// error (unreadable, bad header) skips that file; nothing else is lost. The front door: readers
// include ReadTypes.h, never this header.
#include <filesystem>
#include <functional>
#include <istream>
#include <string>

#include "BlockStream.h"
#include "GameRecord.h"
#include "ReadLimits.h"
#include "ReadTypes.h"

namespace othello::importers {

struct WthorNames;

// Detects the format from the content (and the name, for WTHOR binaries).
Format detectFormat(const std::filesystem::path& path, const std::string& head);

// Reads a regular file (devices, FIFOs and sockets are the file error "unreadable": they may
// never end). A compressed file or an archive (Unpack.h) is read through: each file in it as a
// file of its own, summed up in the one result (readEach gives them one by one). With
// Format::Auto, a file in which no format is detected (text in which nothing looks like a game,
// binary data that is no WTHOR file) is skipped: FileResult::skipped, the note
// "not-a-game-record", nothing read. Move lists come in more shapes, told apart from the text:
// one game a line (MoveListReader.h), a JSON document of games (JsonDocument.h), one move a line
// (MoveSheet.h; squares written as numbers are the file error "squares-as-numbers"). Move lists, GGF, PGN and CSV are streamed, in blocks of kStreamBlockSize cut at
// record boundaries (BlockStream.h): memory stays that of one block (with onRecord set) whatever
// the file's size, and records, diagnostics, locations and counts are those of the whole text.
// WTHOR is read in chunks of whole records (readWthorStream), the same constant memory.
// Transcript diagrams, small by nature, are read whole, up to kMaxWholeReadSize ("too-large").
FileResult readFile(const std::filesystem::path& path, const ReadOptions& options = {});
// The same, one FileResult per file read, handed to `onFile` as each is read: the file itself,
// or each file inside a compressed file or archive (and a result of its own for an error of the
// archive itself). `check` and `import` list and count them so.
void readEach(const std::filesystem::path& path, const ReadOptions& options,
              const std::function<void(FileResult&&)>& onFile);
// Reads text already in memory (the name is used in diagnostics) as readFile reads a file (but
// for compressed data, which is binary data here). With Format::Auto, binary bytes that are not
// a WTHOR file are skipped as no game record; with a format given, they are the file error
// "binary".
FileResult readText(const std::string& name, const std::string& text, const ReadOptions& options);
// Reads `format` (one with a record boundary in FormatTable: moves, GGF, PGN, CSV; or WTHOR, in
// chunks of whole records) from `in` block by block, as readFile streams a large file; blocks
// of `blockSize` bytes (tests use small ones to cut small files many times). WTHOR names come
// from ReadOptions::wthorPlayers / wthorTournaments only: a stream has no folder to look in.
// Throws std::invalid_argument for transcripts (read whole).
FileResult readStream(const std::string& name, std::istream& in, Format format,
                      const ReadOptions& options, std::size_t blockSize = kStreamBlockSize);
// The same as `format` (not Auto), without the binary check; `names` for WTHOR may be null.
FileResult readTextAs(const std::string& name, const std::string& text, Format format,
                      const WthorNames* names, const ReadOptions& options);

}  // namespace othello::importers
