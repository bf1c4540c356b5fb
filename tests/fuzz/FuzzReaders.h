#pragma once
// What every fuzz target and the corpus replay run on one input: a reader, then the checks
// that must hold whatever the input (an error record says why; a good record replays; a GGF
// record written and read back is the same game). A broken check aborts, so libFuzzer and the
// corpus replay test both report it.
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace othello::fuzz {

// "moves", "transcript", "wthor", "ggf", "pgn", "csv" or "auto" (content detection).
inline constexpr const char* kReaders[] = {"moves", "transcript", "wthor", "ggf",
                                           "pgn",   "csv",        "auto"};

// Returns false when `reader` is not one of kReaders.
bool runReader(std::string_view reader, const std::uint8_t* data, std::size_t size);

}  // namespace othello::fuzz
