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

std::vector<Token> splitCells(std::string_view line, Sep sep) {
    std::vector<Token> out;
    ColumnCounter columns(line);
    if (sep == Sep::Space) {
        std::size_t i = 0;
        while (i < line.size()) {
            while (i < line.size() && text::isBlank(line[i])) ++i;
            if (i >= line.size()) break;
            std::size_t j = i;
            while (j < line.size() && !text::isBlank(line[j])) ++j;
            if (out.size() >= kMaxCells) break;
            out.push_back(makeToken(line, i, j, columns));
            i = j;
        }
        return out;
    }
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
    return out;
}

bool isHeader(const std::vector<Token>& tokens) {
    int k = 0;
    for (const Token& t : tokens) {
        if (t.text.empty()) continue;
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
