#include "TranscriptCells.h"

#include <algorithm>

#include "ReaderUtil.h"

namespace othello::importers::transcript {
namespace {

// Display columns counted forward only, so that a line is walked once whatever the number of
// cells (offsets must not decrease from one call to the next).
class ColumnCounter {
  public:
    explicit ColumnCounter(std::string_view line) : line_(line) {}
    int at(std::size_t byteIndex) {
        for (; pos_ < byteIndex && pos_ < line_.size(); ++pos_)
            if ((static_cast<unsigned char>(line_[pos_]) & 0xC0) != 0x80) ++column_;
        return column_;
    }

  private:
    std::string_view line_;
    std::size_t pos_ = 0;
    int column_ = 0;
};

Token makeToken(std::string_view line, std::size_t from, std::size_t to, ColumnCounter& columns) {
    // Trim blanks inside an explicit cell.
    while (from < to && text::isBlank(line[from])) ++from;
    while (to > from && text::isBlank(line[to - 1])) --to;
    Token t;
    t.text = line.substr(from, to - from);
    t.byteColumn = static_cast<int>(from);
    t.start = columns.at(from);
    t.end = t.start + std::max(columns.at(to) - t.start, 1) - 1;
    return t;
}

}  // namespace

Sep separatorOf(std::string_view line) {
    if (line.find('|') != std::string_view::npos) return Sep::Pipe;
    if (line.find('\t') != std::string_view::npos) return Sep::Tab;
    if (line.find(',') != std::string_view::npos) return Sep::Comma;
    return Sep::Space;
}

namespace {

// The words of `line`, split at blanks (and at '|' with `pipeIsBlank`).
std::vector<Token> splitWords(std::string_view line, bool pipeIsBlank) {
    std::vector<Token> out;
    ColumnCounter columns(line);
    const auto blank = [&](char c) { return text::isBlank(c) || (pipeIsBlank && c == '|'); };
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && blank(line[i])) ++i;
        if (i >= line.size()) break;
        std::size_t j = i;
        while (j < line.size() && !blank(line[j])) ++j;
        if (out.size() >= kMaxCells) break;
        out.push_back(makeToken(line, i, j, columns));
        i = j;
    }
    return out;
}

}  // namespace

std::vector<Token> splitCells(std::string_view line, Sep sep) {
    if (sep == Sep::Space) return splitWords(line, false);
    std::vector<Token> out;
    ColumnCounter columns(line);
    const char c = sep == Sep::Pipe ? '|' : sep == Sep::Tab ? '\t' : ',';
    std::size_t i = 0;
    while (out.size() < kMaxCells) {
        const std::size_t j = line.find(c, i);
        out.push_back(makeToken(line, i, j == std::string_view::npos ? line.size() : j, columns));
        if (j == std::string_view::npos) break;
        i = j + 1;
    }
    const std::string_view trimmed = text::trim(line);
    if (sep == Sep::Pipe && !trimmed.empty()) {
        if (trimmed.back() == '|' && !out.empty() && out.back().text.empty()) out.pop_back();
        if (trimmed.front() == '|' && !out.empty() && out.front().text.empty())
            out.erase(out.begin());
    }
    while (out.size() > 9 && out.back().text.empty()) out.pop_back();
    // The row label written before the first cell with only a space ("1 45 | 32 | ...",
    // "1 45,32,19,..."): 8 cells, the first holding a row number 1..8, blanks and one word.
    // The label is a cell of its own, as if a separator stood after it.
    if (out.size() == 8) {
        const std::string_view first = out.front().text;
        const std::size_t blank = first.find_first_of(" \t");
        if (blank == 1 && first[0] >= '1' && first[0] <= '8') {
            std::size_t rest = blank;
            while (rest < first.size() && text::isBlank(first[rest])) ++rest;
            if (first.find_first_of(" \t", rest) == std::string_view::npos) {
                const std::size_t at = static_cast<std::size_t>(out.front().byteColumn);
                ColumnCounter relabel(line);
                Token label = makeToken(line, at, at + 1, relabel);
                Token cell = makeToken(line, at + rest, at + first.size(), relabel);
                out.front() = cell;
                out.insert(out.begin(), label);
            }
        }
    }
    // A space-separated row framed by bars ("1 | 45 32 19 ... 43 |"): fewer cells than a row
    // has, some holding blanks. Its words are the cells.
    if (sep == Sep::Pipe && out.size() < 8 &&
        std::any_of(out.begin(), out.end(), [](const Token& t) {
            return t.text.find_first_of(" \t") != std::string_view::npos;
        }))
        return splitWords(line, true);
    return out;
}

namespace {

// The box-drawing block U+2500..U+257F is E2 94 80 .. E2 95 BF in UTF-8.
bool isBoxDrawing(std::string_view s, std::size_t i) {
    return i + 2 < s.size() && static_cast<unsigned char>(s[i]) == 0xE2 &&
           (static_cast<unsigned char>(s[i + 1]) == 0x94 ||
            static_cast<unsigned char>(s[i + 1]) == 0x95) &&
           (static_cast<unsigned char>(s[i + 2]) & 0xC0) == 0x80;
}

bool isVerticalBox(std::string_view s, std::size_t i) {
    if (!isBoxDrawing(s, i)) return false;
    const std::string_view c = s.substr(i, 3);
    return c == "\xE2\x94\x82" || c == "\xE2\x94\x83" || c == "\xE2\x95\x91";  // │ ┃ ║
}

bool isHorizontalBox(std::string_view s, std::size_t i) {
    if (!isBoxDrawing(s, i)) return false;
    const std::string_view c = s.substr(i, 3);
    return c == "\xE2\x94\x80" || c == "\xE2\x94\x81" || c == "\xE2\x95\x90";  // ─ ━ ═
}

}  // namespace

std::optional<std::string> tableRow(std::string_view line) {
    if (line.find('\xE2') == std::string_view::npos) return std::nullopt;
    std::string out;
    bool changed = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        if (isVerticalBox(line, i)) {
            out += "|  ";
            i += 2;
            changed = true;
        } else {
            out += line[i];
        }
    }
    if (!changed) return std::nullopt;
    return out;
}

bool isBorderLine(std::string_view line) {
    line = text::trim(line);
    bool corner = false;
    int run = 0, longestRun = 0;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (c == '-' || c == '=' || isHorizontalBox(line, i)) {
            longestRun = std::max(longestRun, ++run);
            if (c != '-' && c != '=') i += 2;
            continue;
        }
        run = 0;
        if (c == '+') {
            corner = true;
        } else if (isBoxDrawing(line, i)) {
            corner = corner || !isVerticalBox(line, i);  // ┌ ┼ ┘ and the like
            i += 2;
        } else if (c != '|' && c != ':' && !text::isBlank(c)) {
            return false;
        }
    }
    return corner || longestRun >= 3;
}

bool isHeader(const std::vector<Token>& tokens) {
    int k = 0;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        const Token& t = tokens[i];
        if (t.text.empty()) continue;
        // The corner of a table's header row may name the label column ("#", "row", "/").
        if (i == 0 && tokens.size() >= 9 && text::lower(t.text) != "a") continue;
        if (k >= 8 || t.text.size() != 1 || text::lower(t.text)[0] != 'a' + k) return false;
        ++k;
    }
    return k == 8;
}

CellKind classify(std::string_view t, int& value) {
    if (t.empty() || t == "." || t == "0" || t == "--" || t == "-" || t == "00")
        return CellKind::Empty;
    if (t == "x" || t == "X" || t == "B" || t == "b" || t == "*" || t == "\xE2\x97\x8F")
        return CellKind::Black;
    if (t == "o" || t == "O" || t == "W" || t == "w" || t == "\xE2\x97\x8B") return CellKind::White;
    std::size_t digits = 0;
    while (digits < t.size() && text::isDigit(t[digits])) ++digits;
    if (digits == t.size()) {
        value = 0;
        for (char c : t) value = std::min(value * 10 + (c - '0'), 999999);
        return value == 0 ? CellKind::Empty : CellKind::Number;
    }
    return CellKind::Bad;
}

bool isMetadata(std::string_view line, std::string& key, std::string_view& value) {
    const std::size_t colon = line.find(':');
    if (colon == std::string_view::npos || colon == 0 || colon > 24) return false;
    const std::string_view k = text::trim(line.substr(0, colon));
    if (k.empty() || !text::isAlpha(k[0])) return false;
    for (char c : k)
        if (!text::isAlpha(c) && c != ' ' && c != '_') return false;
    key = text::lower(k);
    value = text::trim(line.substr(colon + 1));
    return true;
}

}  // namespace othello::importers::transcript
