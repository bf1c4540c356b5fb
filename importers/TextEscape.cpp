#include "TextEscape.h"

#include <cstdint>

namespace othello::importers::text {
namespace {

constexpr char kHex[] = "0123456789abcdef";  // hexBytes (JSON)
// Escapes in text, as text::printable writes them in diagnostics: \xFF, \u{202E}.
constexpr char kHexUpper[] = "0123456789ABCDEF";

// The code point of the valid UTF-8 sequence at s[i] and its length (1..4); length 0 when the
// bytes there are not one (a stray continuation byte, an overlong form, a surrogate, a
// truncated sequence, a value above U+10FFFF).
struct Decoded {
    std::uint32_t cp = 0;
    std::size_t length = 0;
};

Decoded decodeAt(std::string_view s, std::size_t i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) return {c, 1};
    std::size_t n = 0;
    std::uint32_t cp = 0, min = 0;
    if ((c & 0xE0) == 0xC0) {
        n = 2, cp = c & 0x1F, min = 0x80;
    } else if ((c & 0xF0) == 0xE0) {
        n = 3, cp = c & 0x0F, min = 0x800;
    } else if ((c & 0xF8) == 0xF0) {
        n = 4, cp = c & 0x07, min = 0x10000;
    } else {
        return {};
    }
    if (i + n > s.size()) return {};
    for (std::size_t k = 1; k < n; ++k) {
        const auto d = static_cast<unsigned char>(s[i + k]);
        if ((d & 0xC0) != 0x80) return {};
        cp = (cp << 6) | (d & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return {};
    return {cp, n};
}

// Code points a terminal obeys or uses to reorder text rather than shows.
bool isInvisibleControl(std::uint32_t cp) {
    return (cp >= 0x80 && cp <= 0x9F) || cp == 0x061C || cp == 0x200E || cp == 0x200F ||
           (cp >= 0x2028 && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069);
}

void appendByteEscape(std::string& out, unsigned char c) {
    out += "\\x";
    out += kHexUpper[c >> 4];
    out += kHexUpper[c & 0xF];
}

}  // namespace

std::string escapeForTerminal(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    std::size_t i = 0;
    while (i < s.size()) {
        const auto c = static_cast<unsigned char>(s[i]);
        const Decoded d = decodeAt(s, i);
        if (d.length == 0) {
            appendByteEscape(out, c);
            ++i;
            continue;
        }
        if (d.length == 1 && (c < 0x20 || c == 0x7F)) {
            if (c == '\n')
                out += "\\n";
            else if (c == '\r')
                out += "\\r";
            else if (c == '\t')
                out += "\\t";
            else
                appendByteEscape(out, c);
        } else if (isInvisibleControl(d.cp)) {
            out += "\\u{";
            for (int shift = 12; shift >= 0; shift -= 4) out += kHexUpper[(d.cp >> shift) & 0xF];
            out += '}';
        } else {
            out.append(s.substr(i, d.length));
        }
        i += d.length;
    }
    return out;
}

bool isUtf8(std::string_view s) {
    for (std::size_t i = 0; i < s.size();) {
        const Decoded d = decodeAt(s, i);
        if (d.length == 0) return false;
        i += d.length;
    }
    return true;
}

std::string utf8WithReplacements(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size();) {
        const Decoded d = decodeAt(s, i);
        if (d.length == 0) {
            out += "\xEF\xBF\xBD";  // U+FFFD
            ++i;
        } else {
            out.append(s.substr(i, d.length));
            i += d.length;
        }
    }
    return out;
}

std::string hexBytes(std::string_view s) {
    std::string out;
    out.reserve(2 * s.size());
    for (char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        out += kHex[c >> 4];
        out += kHex[c & 0xF];
    }
    return out;
}

bool bytesFromHex(std::string_view hex, std::string& out) {
    const auto digit = [](char c) -> int {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        if (c >= 'A' && c <= 'F') return c - 'A' + 10;
        return -1;
    };
    if (hex.size() % 2) return false;
    std::string bytes;
    bytes.reserve(hex.size() / 2);
    for (std::size_t i = 0; i < hex.size(); i += 2) {
        const int hi = digit(hex[i]), lo = digit(hex[i + 1]);
        if (hi < 0 || lo < 0) return false;
        bytes += static_cast<char>(hi * 16 + lo);
    }
    out = std::move(bytes);
    return true;
}

namespace {

// East Asian Wide and Fullwidth, the ranges fmt 9 (format.h compute_width) counts as two.
bool wide(char32_t c) {
    return (c >= 0x1100 && c <= 0x115F) || c == 0x2329 || c == 0x232A ||
           (c >= 0x2E80 && c <= 0xA4CF && c != 0x303F) || (c >= 0xAC00 && c <= 0xD7A3) ||
           (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFE10 && c <= 0xFE19) ||
           (c >= 0xFE30 && c <= 0xFE6F) || (c >= 0xFF00 && c <= 0xFF60) ||
           (c >= 0xFFE0 && c <= 0xFFE6) || (c >= 0x20000 && c <= 0x2FFFD) ||
           (c >= 0x30000 && c <= 0x3FFFD) || (c >= 0x1F300 && c <= 0x1F64F) ||
           (c >= 0x1F900 && c <= 0x1F9FF);
}

// The columns of the character at s[i] (decodeAt; a byte that starts no valid sequence takes
// one), and its length in `length`.
std::size_t columnsAt(std::string_view s, std::size_t i, std::size_t& length) {
    const Decoded d = decodeAt(s, i);
    length = d.length ? d.length : 1;
    return d.length && wide(d.cp) ? 2 : 1;
}

}  // namespace

std::size_t displayWidth(std::string_view s) {
    std::size_t columns = 0, length = 1;
    for (std::size_t i = 0; i < s.size(); i += length) columns += columnsAt(s, i, length);
    return columns;
}

std::string shortenText(std::string_view s, std::size_t width) {
    if (width == 0) return std::string();
    if (displayWidth(s) <= width) return std::string(s);
    // The longest start taking at most width - 1 columns, then "~".
    std::size_t columns = 0, i = 0, length = 1;
    for (; i < s.size(); i += length) {
        const std::size_t w = columnsAt(s, i, length);
        if (columns + w > width - 1) break;
        columns += w;
    }
    return std::string(s.substr(0, i)) + "~";
}

}  // namespace othello::importers::text
