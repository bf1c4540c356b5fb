#include "ReaderUtil.h"

#include <algorithm>

#include "core/Notation.h"

namespace othello::importers::text {

bool isDigit(char c) {
    return c >= '0' && c <= '9';
}
bool isAlpha(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
bool isBlank(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

namespace {
char lowerChar(char c) {
    return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}
}  // namespace

std::string_view trim(std::string_view s) {
    while (!s.empty() && (isBlank(s.front()) || s.front() == '\n')) s.remove_prefix(1);
    while (!s.empty() && (isBlank(s.back()) || s.back() == '\n')) s.remove_suffix(1);
    return s;
}

bool iequals(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (lowerChar(a[i]) != lowerChar(b[i])) return false;
    return true;
}

bool istartsWith(std::string_view text, std::string_view prefix) {
    return text.size() >= prefix.size() && iequals(text.substr(0, prefix.size()), prefix);
}

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = lowerChar(c);
    return out;
}

std::string_view nextLine(std::string_view text, std::size_t& pos) {
    const std::size_t start = pos;
    std::size_t i = pos;
    while (i < text.size() && text[i] != '\n' && text[i] != '\r') ++i;
    const std::string_view line = text.substr(start, i - start);
    if (i < text.size()) {
        if (text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
        ++i;
    }
    pos = i;
    return line;
}

int passLength(std::string_view rest) {
    return core::passLength(rest);  // one grammar of move text (core/Notation.h)
}

std::string_view stripBom(std::string_view text) {
    if (text.size() >= 3 && static_cast<unsigned char>(text[0]) == 0xEF &&
        static_cast<unsigned char>(text[1]) == 0xBB && static_cast<unsigned char>(text[2]) == 0xBF)
        text.remove_prefix(3);
    return text;
}

bool isValidUtf8(std::string_view s) {
    std::size_t i = 0;
    while (i < s.size()) {
        const auto c = static_cast<unsigned char>(s[i]);
        int extra = 0;
        unsigned min = 0;
        if (c < 0x80) {
            ++i;
            continue;
        } else if ((c & 0xE0) == 0xC0) {
            extra = 1, min = 0x80;
        } else if ((c & 0xF0) == 0xE0) {
            extra = 2, min = 0x800;
        } else if ((c & 0xF8) == 0xF0) {
            extra = 3, min = 0x10000;
        } else {
            return false;
        }
        if (i + extra >= s.size()) return false;
        unsigned cp = c & (0x3F >> extra);
        for (int k = 1; k <= extra; ++k) {
            const auto d = static_cast<unsigned char>(s[i + k]);
            if ((d & 0xC0) != 0x80) return false;
            cp = (cp << 6) | (d & 0x3F);
        }
        if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
        i += extra + 1;
    }
    return true;
}

std::string toUtf8(std::string_view s) {
    if (isValidUtf8(s)) return std::string(s);
    return latin1ToUtf8(s);
}

std::string latin1ToUtf8(std::string_view s) {
    std::string out;
    out.reserve(s.size() * 2);
    for (char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        if (c < 0x80) {
            out += ch;
        } else {
            out += static_cast<char>(0xC0 | (c >> 6));
            out += static_cast<char>(0x80 | (c & 0x3F));
        }
    }
    return out;
}

namespace {
// Length of the valid UTF-8 sequence at s[i] (1..4), or 0 when the bytes there are not one.
std::size_t utf8Length(std::string_view s, std::size_t i) {
    const auto c = static_cast<unsigned char>(s[i]);
    const std::size_t n = c < 0x80             ? 1
                          : (c & 0xE0) == 0xC0 ? 2
                          : (c & 0xF0) == 0xE0 ? 3
                          : (c & 0xF8) == 0xF0 ? 4
                                               : 0;
    if (n == 0 || i + n > s.size()) return 0;
    return isValidUtf8(s.substr(i, n)) ? n : 0;
}
}  // namespace

bool isControl(char c) {
    const auto u = static_cast<unsigned char>(c);
    return (u < 0x20 && c != '\t') || u == 0x7F;
}

std::string printable(std::string_view s) {
    // Most messages are plain ASCII, and every message passes here twice (when it is made and
    // when its record is kept): copy those without the per-character walk.
    if (std::all_of(s.begin(), s.end(),
                    [](char c) { return static_cast<unsigned char>(c) < 0x80 && !isControl(c); }))
        return std::string(s);
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string out;
    out.reserve(s.size());
    std::size_t i = 0;
    while (i < s.size()) {
        const auto c = static_cast<unsigned char>(s[i]);
        const std::size_t n = utf8Length(s, i);
        if (n == 0 || (n == 1 && isControl(s[i]))) {
            out += "\\x";
            out += kHex[c >> 4];
            out += kHex[c & 0xF];
            ++i;
            continue;
        }
        out.append(s.substr(i, n));
        i += n;
    }
    return out;
}

std::optional<int> parseNumber(std::string_view s) {
    if (s.empty() || s.size() > 9) return std::nullopt;
    int v = 0;
    for (char c : s) {
        if (!isDigit(c)) return std::nullopt;
        v = v * 10 + (c - '0');
    }
    return v;
}

int yearOf(std::string_view date) {
    for (std::size_t i = 0; i + 4 <= date.size(); ++i) {
        if (i > 0 && isDigit(date[i - 1])) continue;
        if (i + 4 < date.size() && isDigit(date[i + 4])) continue;
        if (const auto v = parseNumber(date.substr(i, 4)); v && *v >= 1000 && *v <= 2999) return *v;
    }
    return 0;
}

std::string isoDate(std::string_view date) {
    date = trim(date);
    // Year first: "1992", "1992.08.14", "1992/08/14", "1992-08-14", unknown parts "??".
    std::string out;
    std::size_t i = 0;
    int part = 0;
    while (i <= date.size() && part < 3) {
        std::size_t j = i;
        while (j < date.size() && date[j] != '.' && date[j] != '/' && date[j] != '-') ++j;
        const std::string_view piece = trim(date.substr(i, j - i));
        const auto v = parseNumber(piece);
        if (!v || (part == 0 && piece.size() != 4) || (part > 0 && (piece.size() > 2 || *v == 0)))
            break;
        if (part > 0) out += '-';
        if (part > 0 && piece.size() == 1) out += '0';
        out.append(piece);
        ++part;
        if (j >= date.size()) break;
        i = j + 1;
    }
    if (part == 0) return std::string(date);  // not year-first: kept as written
    return out;
}

int daysInMonth(int year, int month) {
    static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (month < 1 || month > 12) return 0;
    const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    return kDays[month - 1] + (month == 2 && leap ? 1 : 0);
}

std::string calendarPrefix(std::string_view date) {
    const auto number = [&date](std::size_t at, std::size_t n) {
        return date.size() >= at + n ? parseNumber(date.substr(at, n)) : std::nullopt;
    };
    const bool iso = (date.size() == 4 || date.size() == 7 || date.size() == 10) &&
                     (date.size() < 7 || date[4] == '-') && (date.size() < 10 || date[7] == '-');
    const auto year = number(0, 4);
    if (!iso || !year) return std::string(date);
    if (date.size() == 4) return std::string(date);
    const auto month = number(5, 2);
    if (!month || *month < 1 || *month > 12) return std::string(date.substr(0, 4));
    if (date.size() == 7) return std::string(date);
    const auto day = number(8, 2);
    if (!day || *day < 1 || *day > daysInMonth(*year, *month))
        return std::string(date.substr(0, 7));
    return std::string(date);
}

std::optional<std::pair<int, int>> parseScore(std::string_view s) {
    s = trim(s);
    const std::size_t dash = s.find_first_of("-:");
    if (dash == std::string_view::npos) return std::nullopt;
    const auto b = parseNumber(trim(s.substr(0, dash)));
    const auto w = parseNumber(trim(s.substr(dash + 1)));
    if (!b || !w || *b > 64 || *w > 64) return std::nullopt;
    return std::make_pair(*b, *w);
}

std::string countOf(std::size_t n, std::string_view noun) {
    std::string out = std::to_string(n);
    out += ' ';
    out.append(noun);
    if (n != 1) out += 's';
    return out;
}

std::string grouped(std::size_t n) {
    std::string digits = std::to_string(n);
    for (std::size_t at = digits.size(); at > 3; at -= 3) digits.insert(at - 3, 1, ',');
    return digits;
}

SourceLocation at(const std::string& path, int line, int column) {
    SourceLocation where;
    where.path = path;
    where.line = line;
    where.column = column;
    return where;
}

}  // namespace othello::importers::text
