#pragma once
// Private to the readers: the text formats read block by block (BlockStream.h) and what every
// read of a file ends with. Reader.cpp decides what a file holds; this reads it.
#include <istream>
#include <string>
#include <string_view>

#include "BlockStream.h"
#include "ReadTypes.h"

namespace othello::importers {

// Reads a text format with a record boundary (FormatTable) from `in` block by block; `in` is
// positioned after `head`, the first bytes already read.
FileResult streamText(const std::string& name, std::istream& in, std::string head, Format f,
                      const ReadOptions& options, std::size_t blockSize);

// A text read whole, with its NUL bytes reported as streamText reports them.
void readWholeText(const std::string& name, std::string_view text, Format f,
                   const ReadOptions& options, FileResult& out);

// A file error: the file is not read ("unreadable", "binary", ...).
FileResult fileError(const std::string& path, Format format, std::string code,
                     std::string message);

// What every read ends with: a readable file with no record at all and nothing said about it
// gets the error "no-games", the diagnostics past the limit are summed up, and every file
// message is made printable (a reader may quote raw bytes of a hostile file).
void finish(FileResult& r);

}  // namespace othello::importers
