#pragma once
// Mistyped command lines: a message naming the unknown command or option and the nearest known
// one, in place of CLI11's own ("A subcommand is required", "The following argument was not
// expected: --playr").
#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <vector>

namespace othello::cli {

// The message for the parse error `e` of `app` on `args` (as parsed, the program name first)
// when it comes from an unknown command or option: "unknown command 'serch'; did you mean
// 'search'?", "unknown option --playr for `search`; did you mean --player?". nullopt: CLI11's
// message says it well (a missing value, a bad number, an extra positional argument).
std::optional<std::string> usageHint(const CLI::App& app, const std::vector<std::string>& args,
                                     const CLI::ParseError& e);

// The edit distance of `a` and `b` (insertions, deletions, substitutions and swaps of two
// neighbouring characters each cost 1), case ignored.
std::size_t typoDistance(const std::string& a, const std::string& b);

}  // namespace othello::cli
