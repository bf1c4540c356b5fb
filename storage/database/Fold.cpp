// caseFold and foldText: the name rule (case never counts) and the key of searches (neither
// case nor accents count). foldText(s) == foldText(caseFold(s)) for every s, so that what one
// name matches under the rule, search finds too.
#include <array>
#include <string_view>

#include "storage/Archive.h"

namespace othello::storage {
namespace {

// ASCII spelling of U+00C0..U+00FF, lower case; "" keeps the character as it is.
constexpr std::array<std::string_view, 64> kLatin1Fold = {
    "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i",  "i",   // C0-CF
    "d", "n", "o", "o", "o", "o", "o",  "",  "o", "u", "u", "u", "u", "y", "th", "ss",  // D0-DF
    "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i",  "i",   // E0-EF
    "d", "n", "o", "o", "o", "o", "o",  "",  "o", "u", "u", "u", "u", "y", "th", "y",   // F0-FF
};

// Decodes one UTF-8 sequence at `i`; returns the code point and advances `i`. A malformed
// byte comes back as itself with `raw` set (foldText reads it as Latin-1, caseFold keeps it).
char32_t decode(std::string_view s, std::size_t& i, bool& raw) {
    const auto c = static_cast<unsigned char>(s[i]);
    raw = false;
    const int extra = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
    if (extra == 0 || i + static_cast<std::size_t>(extra) >= s.size()) {
        ++i;
        raw = c >= 0x80;
        return c;
    }
    char32_t cp = c & (0x3F >> extra);
    for (int k = 1; k <= extra; ++k) {
        const auto d = static_cast<unsigned char>(s[i + static_cast<std::size_t>(k)]);
        if ((d & 0xC0) != 0x80) {
            ++i;
            raw = true;
            return c;
        }
        cp = (cp << 6) | (d & 0x3F);
    }
    i += static_cast<std::size_t>(extra) + 1;
    return cp;
}

void encode(char32_t cp, std::string& out) {
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

// Unicode simple case folding of the letters of Basic Latin, Latin-1, Latin Extended-A, Greek
// and Cyrillic (what player and event names hold); other code points are returned unchanged.
char32_t foldCase(char32_t c) {
    if (c >= 'A' && c <= 'Z') return c + 32;
    if (c < 0xC0) return c;
    if (c <= 0xDE) return c == 0xD7 ? c : c + 0x20;  // À..Þ, not ×
    if (c < 0x100) return c;
    if (c <= 0x137) {
        if (c == 0x130) return 'i';  // İ: its full folding is "i" + a dot above
        return c == 0x131 ? c : (c | 1u);
    }
    if (c >= 0x139 && c <= 0x148) return (c & 1u) ? c + 1 : c;
    if (c >= 0x14A && c <= 0x177) return c | 1u;
    if (c == 0x178) return 0xFF;
    if (c >= 0x179 && c <= 0x17E) return (c & 1u) ? c + 1 : c;
    if (c == 0x17F) return 's';
    if (c == 0x386) return 0x3AC;
    if (c >= 0x388 && c <= 0x38A) return c + 37;
    if (c == 0x38C) return 0x3CC;
    if (c == 0x38E || c == 0x38F) return c + 63;
    if ((c >= 0x391 && c <= 0x3A1) || (c >= 0x3A3 && c <= 0x3AB)) return c + 32;
    if (c == 0x3C2) return 0x3C3;  // final sigma
    if (c >= 0x400 && c <= 0x40F) return c + 80;
    if (c >= 0x410 && c <= 0x42F) return c + 32;
    return c;
}

}  // namespace

std::string caseFold(const std::string& utf8) {
    std::string out;
    out.reserve(utf8.size());
    const std::string_view s = utf8;
    for (std::size_t i = 0; i < s.size();) {
        const std::size_t begin = i;
        bool raw = false;
        const char32_t cp = decode(s, i, raw);
        if (raw)
            out.append(s.substr(begin, i - begin));
        else
            encode(foldCase(cp), out);
    }
    return out;
}

std::string foldText(const std::string& utf8) {
    std::string out;
    out.reserve(utf8.size());
    const std::string_view s = utf8;
    for (std::size_t i = 0; i < s.size();) {
        const std::size_t begin = i;
        bool raw = false;
        const char32_t original = decode(s, i, raw);
        // A stray byte is read as Latin-1 (names from old files), so "caf\xE9" is "cafe".
        const char32_t cp = raw ? original : foldCase(original);
        if (cp < 0x80) {
            const char ch = static_cast<char>(cp);
            out += (ch >= 'A' && ch <= 'Z') ? static_cast<char>(ch - 'A' + 'a') : ch;
        } else if (cp >= 0xC0 && cp <= 0xFF && !kLatin1Fold[cp - 0xC0].empty()) {
            out += kLatin1Fold[cp - 0xC0];
        } else if (cp == 0x153) {
            out += "oe";
        } else if (cp == 0x161) {
            out += 's';
        } else if (cp == 0x17E) {
            out += 'z';
        } else if (raw || cp == original) {
            out.append(s.substr(begin, i - begin));
        } else {
            encode(cp, out);
        }
    }
    return out;
}

}  // namespace othello::storage
