#pragma once
// The small words of the command line's text output, one home for each (they were copied
// between command files): counts with their noun, lists joined, names cut for a column.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/Words.h"

namespace othello::cli {

// "1 game", "3 games"; "2 files" (core/Words.h, shared with storage).
using core::plural;

// The parts with `separator` between them ("" for none).
std::string joined(const std::vector<std::string>& parts, const char* separator);

// A name from a record for a column: escaped (no control character reaches the terminal,
// importers/TextEscape.h), cut at a character boundary to `width` columns.
std::string shorten(const std::string& s, std::size_t width);

}  // namespace othello::cli
