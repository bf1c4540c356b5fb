#pragma once
// Small text helpers the text readers share: lines, trimming, case-insensitive matching, UTF-8.
// Every function is linear in its input and never throws on malformed text.
#include <optional>
#include <string>
#include <string_view>

#include "ReadTypes.h"

namespace othello::importers::text {

std::string_view trim(std::string_view s);
bool iequals(std::string_view a, std::string_view b);
bool istartsWith(std::string_view text, std::string_view prefix);
std::string lower(std::string_view s);
bool isDigit(char c);
bool isAlpha(char c);
bool isBlank(char c);  // space, tab, CR

// Cuts `text` at the next line end (LF, CRLF or lone CR); returns the line without its end and
// advances `pos` past it. `pos` == text.size() means done.
std::string_view nextLine(std::string_view text, std::size_t& pos);

// Length of the pass word that begins `rest`: "--", "@@" (2), "pass" (4), "pa", "ps" (2), any
// case; 0 when there is none. A pass word must end a word or be followed by a square
// ("f5pad6"), so that a label such as "Parallel" is not read as a pass.
int passLength(std::string_view rest);

// Skips a UTF-8 byte-order mark.
std::string_view stripBom(std::string_view text);

bool isValidUtf8(std::string_view s);
// Valid UTF-8 is returned as it is; anything else is taken as Latin-1 and converted, so that
// names are always valid UTF-8 (JSON output, SQLite).
std::string toUtf8(std::string_view s);
// Every byte taken as a Latin-1 character.
std::string latin1ToUtf8(std::string_view s);

// A control byte as printable() escapes it: below 0x20 (but tab), and DEL.
bool isControl(char c);

// `s` safe to print: valid UTF-8 and printable ASCII kept, control bytes (but tab), DEL and
// bytes that are not valid UTF-8 written as \xNN. Printable output is returned unchanged.
std::string printable(std::string_view s);

// A non-negative decimal number of at most 9 digits and nothing else.
std::optional<int> parseNumber(std::string_view s);
// The first 4-digit year (1000..2999) in a date such as "1992", "1992.08.14", "14/08/1992".
int yearOf(std::string_view date);
// "1992.08.14" / "1992/08/14" / "1992-08-14" / "1992.??.??" to ISO 8601 ("1992-08-14", "1992").
std::string isoDate(std::string_view date);
// Days in `month` (1..12) of `year` in the Gregorian calendar (February 29 in leap years).
int daysInMonth(int year, int month);
// The longest part of an ISO 8601 date ("YYYY", "YYYY-MM", "YYYY-MM-DD") that is a calendar
// date: "2024-02-30" -> "2024-02", "2023-13-01" -> "2023"; text of another form unchanged.
std::string calendarPrefix(std::string_view date);
// "20-44", "20 - 44": Black's discs and White's, when the text is exactly a score.
std::optional<std::pair<int, int>> parseScore(std::string_view s);

// "1 game", "2 games": `n` and the noun, plural unless n == 1 (nouns taking "s" only).
std::string countOf(std::size_t n, std::string_view noun);
// `n` with its thousands grouped: "2,013", "127,475" (for counts users compare at a glance).
std::string grouped(std::size_t n);

// A location in a text file.
SourceLocation at(const std::string& path, int line, int column = 0);

}  // namespace othello::importers::text
