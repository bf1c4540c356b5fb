#pragma once
// What every fuzz target and the corpus replay run on one input: a reader, then the checks
// that must hold whatever the input (an error record says why; a good record replays; a GGF
// record written and read back is the same game). A broken check aborts, so libFuzzer and the
// corpus replay test both report it.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace othello::fuzz {

// Every format of the table (importers/FormatTable.h: "moves", "transcript", "wthor", "ggf",
// "pgn", "csv"), then "auto" (content detection): a new format is fuzzed as soon as it has a
// row (tests/importers/FormatTableTest checks the fuzz_<reader> targets of CMake too).
std::vector<std::string> readerNames();

// Returns false when `reader` is not one of readerNames().
bool runReader(std::string_view reader, const std::uint8_t* data, std::size_t size);

}  // namespace othello::fuzz
