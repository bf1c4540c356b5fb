#pragma once
// The cells of a transcript diagram line: separators (spaces, tabs, '|', commas), tokens with
// their byte and display columns (for alignment under a column header), the column header,
// what a cell holds, and metadata lines ("Black: ..."). Linear in the line.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace othello::importers::transcript {

enum class Sep { Space, Tab, Pipe, Comma };

struct Token {
    std::string_view text;
    int byteColumn = 0;  // 0-based offset in the line
    int start = 0;       // display columns (UTF-8 characters), for alignment with the header
    int end = 0;         // inclusive
};

// '|' if the line has one, else a tab, else a comma, else spaces.
Sep separatorOf(std::string_view line);
// A line of a million cells is no diagram row: splitCells keeps at most this many.
inline constexpr std::size_t kMaxCells = 64;
// Spaces: the non-blank words. Explicit separators: every cell, blank ones included (a leading
// and trailing '|' make no cell); bars that only frame a space-separated row ("1 | 45 32 ... |")
// give its words.
std::vector<Token> splitCells(std::string_view line, Sep sep);
// Tables drawn with borders. A vertical box-drawing line (│ ┃ ║, U+2502/2503/2551) is a cell
// separator: tableRow gives the line with each one as "|  " (the same byte length, so byte
// columns in diagnostics stay those of the file), or nullopt when the line has none.
std::optional<std::string> tableRow(std::string_view line);
// A border line drawn between rows or around the table ("+---+---+", "|---|:--|",
// "├───┼───┤", "└───┴───┘"): only border characters ('+', '-', '=', ':', '|', blanks and
// U+2500..U+257F), with a corner or a run of three dashes. Not "-- -- --", a row of blanks.
bool isBorderLine(std::string_view line);
// Exactly the letters a..h in order (either case), blank cells aside; the first of 9 or more
// cells may be the corner of a table ("#", "row").
bool isHeader(const std::vector<Token>& tokens);

enum class CellKind { Empty, Black, White, Number, Bad };
// Blank '.', '0', '--' are Empty; x X B b * ● Black; o O W w ○ White; digits a Number (its
// value, clamped to 999999, in `value`); anything else Bad.
CellKind classify(std::string_view cell, int& value);

// "Key: value" with a key of letters (lower-cased into `key`).
bool isMetadata(std::string_view line, std::string& key, std::string_view& value);

}  // namespace othello::importers::transcript
