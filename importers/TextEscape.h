#pragma once
// Text from outside the program (file names, player and event names read from records) made
// safe to print on a terminal, and byte-exact strings made valid UTF-8 for JSON.
//
// A file name on Linux is any bytes but '/' and NUL, and a record may name a player with an
// ESC or a newline: printed raw, such text can move the cursor, recolour or rewrite the
// terminal, forge lines of output, or (invalid UTF-8) break a JSON encoder. Every function
// here is linear in its input and never throws.
#include <string>
#include <string_view>

namespace othello::importers::text {

// `s` for a terminal or a log line, on one line: valid UTF-8 kept except
//  - C0 controls and DEL: \n, \r, \t, ESC is written \x1B, others \xNN (upper-case hex, as
//  text::printable; so "\x1B[31m" is shown,
//    never obeyed);
//  - C1 controls (U+0080..U+009F, which some terminals obey as CSI etc.), the line and
//    paragraph separators and the bidirectional overrides/isolates (U+061C, U+200E, U+200F,
//    U+2028..U+202E, U+2066..U+2069, which reorder what is shown): \u{XXXX};
//  - every byte that is not part of valid UTF-8: \xNN.
// Backslashes are kept as they are: the text form is for reading, the JSON form (see
// ui/cli/JsonOutput.h) is the exact one. Text with none of these is returned unchanged.
std::string escapeForTerminal(std::string_view s);

// True when `s` is valid UTF-8 (shortest forms, no surrogates, at most U+10FFFF).
bool isUtf8(std::string_view s);

// `s` with every byte that is not part of valid UTF-8 replaced by U+FFFD (one per byte), so
// that it can go into JSON; valid UTF-8 is returned unchanged.
std::string utf8WithReplacements(std::string_view s);

// Lower-case hexadecimal, two digits per byte: "2e2fff" for ".\x2f\xff".
std::string hexBytes(std::string_view s);
// The bytes of a hexBytes string; false when `hex` is not one (odd length, not hex digits).
bool bytesFromHex(std::string_view hex, std::string& out);

// The columns `s` takes on a terminal: East Asian wide and fullwidth characters (CJK, kana,
// Hangul, fullwidth forms) take two, every other code point one — as fmt counts them when it
// pads a field, so a shortened name lines up in a table.
std::size_t displayWidth(std::string_view s);
// The start of `s` that fits in `width` columns (displayWidth), with "~" as the last column
// when cut; never cuts inside a UTF-8 sequence (call it on escaped text, whose escapes are
// ASCII).
std::string shortenText(std::string_view s, std::size_t width);

}  // namespace othello::importers::text
