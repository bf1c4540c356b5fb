#pragma once
// The small words of the command line's text output, one home for each (they were copied
// between command files): counts with their noun, lists joined, names cut for a column.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace othello::cli {

// "1 game", "3 games": `n` and `one` or `many`.
std::string plural(std::int64_t n, const char* one, const char* many);
// The same with the English plural made by an "s": "1 file", "2 files", "2 damaged records".
std::string plural(std::int64_t n, const char* noun);

// The parts with `separator` between them ("" for none).
std::string joined(const std::vector<std::string>& parts, const char* separator);

// A name from a record for a column: escaped (no control character reaches the terminal,
// importers/TextEscape.h), cut at a character boundary to `width` columns.
std::string shorten(const std::string& s, std::size_t width);

}  // namespace othello::cli
