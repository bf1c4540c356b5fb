#include "GgfScan.h"

#include <algorithm>

#include "ReadLimits.h"
#include "ReaderUtil.h"

namespace othello::importers::ggf {

namespace {

bool isSpace(char c) {
    return text::isBlank(c) || c == '\n';
}

}  // namespace

// The properties that start a game's header: the sign of a missing ']' when one of them
// begins inside a value ("PB[Name PW[Other]").
bool isHeaderKey(std::string_view k) {
    static constexpr std::string_view kKeys[] = {"GM", "PC", "DT", "PB", "PW", "RB", "RW", "TI",
                                                 "TY", "RE", "BO", "TS", "EV", "RO", "KM"};
    return std::find(std::begin(kKeys), std::end(kKeys), k) != std::end(kKeys);
}

namespace {

// A backslash escapes ']' and '[' (GGF), and the '(' of "(;" (GgfWriter writes "\(;" so that a
// value holding "(;" does not read as the next game); `s[k]` is the character after it.
bool isEscaped(std::string_view s, std::size_t k) {
    return s[k] == ']' || s[k] == '[' || (s[k] == '(' && k + 1 < s.size() && s[k + 1] == ';');
}

// A value as written, escapes taken off; no more than kMaxValueBytes + 1 bytes kept.
std::string unescape(std::string_view raw) {
    std::string out;
    for (std::size_t k = 0; k < raw.size() && out.size() <= kMaxValueBytes; ++k) {
        if (raw[k] == '\\' && k + 1 < raw.size() && isEscaped(raw, k + 1)) ++k;
        out += raw[k];
    }
    return out;
}

bool isUpper(char c) {
    return c >= 'A' && c <= 'Z';
}

}  // namespace

GgfScan scanGame(std::string_view text, std::size_t start, bool splitAtKeys) {
    GgfScan g;
    g.errorAt = start;
    std::size_t i = start + 2;
    bool closed = false;
    const auto tooLarge = [&](std::size_t at) {
        if (at - start <= kMaxRecordBytes) return false;
        g.error = "the game is longer than " + std::to_string(kMaxRecordBytes >> 20) +
                  " MiB: skipped up to the next game";
        g.errorAt = start;
        g.errorDamage = true;
        const std::size_t next = text.find("(;", at);
        g.end = next == std::string_view::npos ? text.size() : next;
        return true;
    };
    while (i < text.size()) {
        if (tooLarge(i)) return g;
        const char c = text[i];
        if (isSpace(c) || c == ';') {
            if (c == ';' && i + 1 < text.size() && text[i + 1] == ')') {
                closed = true;
                i += 2;
                break;
            }
            ++i;
            continue;
        }
        if (c == ')') {
            closed = true;
            ++i;
            break;
        }
        if (c == '(' && i + 1 < text.size() && text[i + 1] == ';') {
            g.repairs.push_back({start, "unterminated-game",
                                 "the game is not closed by ';)' before the next game starts"});
            closed = true;
            break;
        }
        if (!isUpper(c)) {
            g.error = "unexpected character '";
            g.error += c;
            g.error += "' (expected a property like PB[...])";
            g.errorAt = i;
            break;
        }
        const std::size_t keyStart = i;
        while (i < text.size() && isUpper(text[i])) ++i;
        const std::string_view key = text.substr(keyStart, i - keyStart);
        if (i >= text.size() || text[i] != '[') {
            g.error = "property " + std::string(key.substr(0, 16)) + " has no [value]";
            g.errorAt = keyStart;
            break;
        }
        // The value, up to its ']' (a "\]" is part of it).
        Property p{key, {}, keyStart};
        const std::size_t valueStart = i + 1;
        std::size_t j = valueStart;
        enum { Closed, Split, Unclosed, TooLarge } how = Unclosed;
        while (j < text.size()) {
            if (j - start > kMaxRecordBytes) {
                how = TooLarge;
                break;
            }
            const char v = text[j];
            if (v == '\\' && j + 1 < text.size() && isEscaped(text, j + 1)) {
                p.value += text[j + 1];
                j += 2;
                continue;
            }
            if (v == ']') {
                how = Closed;
                break;
            }
            if (v == '(' && j + 1 < text.size() && text[j + 1] == ';') break;  // the next game
            if (splitAtKeys && j + 2 < text.size() && text[j + 2] == '[' && isUpper(v) &&
                isHeaderKey(text.substr(j, 2)) && (j == valueStart || !isUpper(text[j - 1]))) {
                how = Split;
                break;
            }
            if (p.value.size() <= kMaxValueBytes) p.value += v;
            ++j;
        }
        if (how == TooLarge && tooLarge(j)) return g;
        if (how == Closed) {
            g.props.push_back(std::move(p));
            i = j + 1;
            continue;
        }
        if (how == Split) {
            g.repairs.push_back({keyStart, "unterminated-value",
                                 std::string(key.substr(0, 16)) + "[ is not closed by ']' before " +
                                     std::string(text.substr(j, 2)) + "[: read as two properties"});
            if (!g.split)
                g.splitNote = std::string(key.substr(0, 16)) + "[...] holds " +
                              std::string(text.substr(j, 2)) + "[";
            g.split = true;
            g.props.push_back(std::move(p));
            i = j;
            continue;
        }
        // Never closed before the next game or the end of the file: when a ";)" comes first,
        // the value and the game end there; otherwise the record is lost from here on.
        const std::size_t cut = text.substr(valueStart, j - valueStart).find(";)");
        if (cut != std::string_view::npos) {
            p.value = unescape(text.substr(valueStart, cut));
            g.repairs.push_back({keyStart, "unterminated-value",
                                 std::string(key.substr(0, 16)) +
                                     "[ is not closed by ']' before ';)': the value and the "
                                     "game end there"});
            g.props.push_back(std::move(p));
            i = valueStart + cut + 2;
            closed = true;
            break;
        }
        g.error = "property " + std::string(key.substr(0, 16)) + " is not closed by ']'";
        g.errorAt = keyStart;
        g.errorDamage = true;
        i = j;
        break;
    }
    if (g.error.empty() && !closed)
        g.repairs.push_back({start, "unterminated-game", "the game is not closed by ';)'"});
    g.end = i;
    return g;
}

}  // namespace othello::importers::ggf
