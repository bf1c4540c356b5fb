#pragma once
// Small words of text output that every layer prints (the command line, storage's journal
// summaries, the problems' verdicts), one home for each: they were copied between
// ui/cli/Words, ui/cli/AnalysisCli, storage/curation/DuplicateGroups, storage/problems and
// problems/. Header-only and dependency-free, as core/ is.
#include <cstdint>
#include <string>

namespace othello::core {

// "1 game", "3 games": `n` and `one` or `many`.
inline std::string plural(std::int64_t n, const char* one, const char* many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

// The same with the English plural made by an "s": "1 file", "2 files".
inline std::string plural(std::int64_t n, const char* noun) {
    return plural(n, noun, (std::string(noun) + "s").c_str());
}

// A disc difference with its sign: "+18", "0", "-2".
inline std::string signedValue(int v) {
    // Appended, not "+" + string: g++ 12 warns (-Wrestrict) on that form.
    std::string s = v > 0 ? "+" : "";
    s += std::to_string(v);
    return s;
}

}  // namespace othello::core
