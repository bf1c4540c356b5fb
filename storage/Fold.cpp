// foldText: the key of case- and accent-insensitive matching of names and events.
#include <array>
#include <string_view>

#include "Archive.h"

namespace othello::storage {
namespace {

// ASCII spelling of U+00C0..U+00FF, lower case; "" keeps the character as it is.
constexpr std::array<std::string_view, 64> kLatin1Fold = {
    "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i",  "i",   // C0-CF
    "d", "n", "o", "o", "o", "o", "o",  "",  "o", "u", "u", "u", "u", "y", "th", "ss",  // D0-DF
    "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i",  "i",   // E0-EF
    "d", "n", "o", "o", "o", "o", "o",  "",  "o", "u", "u", "u", "u", "y", "th", "y",   // F0-FF
};

// Decodes one UTF-8 sequence at `i`; returns the code point (or the byte when malformed) and
// advances `i`.
char32_t decode(std::string_view s, std::size_t& i) {
    const auto c = static_cast<unsigned char>(s[i]);
    const int extra = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
    if (extra == 0 || i + static_cast<std::size_t>(extra) >= s.size()) {
        ++i;
        return c;
    }
    char32_t cp = c & (0x3F >> extra);
    for (int k = 1; k <= extra; ++k) {
        const auto d = static_cast<unsigned char>(s[i + static_cast<std::size_t>(k)]);
        if ((d & 0xC0) != 0x80) {
            ++i;
            return c;
        }
        cp = (cp << 6) | (d & 0x3F);
    }
    i += static_cast<std::size_t>(extra) + 1;
    return cp;
}

}  // namespace

std::string foldText(const std::string& utf8) {
    std::string out;
    out.reserve(utf8.size());
    const std::string_view s = utf8;
    for (std::size_t i = 0; i < s.size();) {
        const std::size_t begin = i;
        const char32_t cp = decode(s, i);
        if (cp < 0x80) {
            const char ch = static_cast<char>(cp);
            out += (ch >= 'A' && ch <= 'Z') ? static_cast<char>(ch - 'A' + 'a') : ch;
        } else if (cp >= 0xC0 && cp <= 0xFF && !kLatin1Fold[cp - 0xC0].empty()) {
            out += kLatin1Fold[cp - 0xC0];
        } else if (cp == 0x152 || cp == 0x153) {
            out += "oe";
        } else if (cp == 0x160 || cp == 0x161) {
            out += 's';
        } else if (cp == 0x17D || cp == 0x17E) {
            out += 'z';
        } else {
            out.append(s.substr(begin, i - begin));
        }
    }
    return out;
}

}  // namespace othello::storage
