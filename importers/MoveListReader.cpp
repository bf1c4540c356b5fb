#include "MoveListReader.h"

#include <algorithm>

#include "ReadLimits.h"
#include "ReaderUtil.h"
#include "RecordReplay.h"
#include "core/Notation.h"

namespace othello::importers {
namespace {

using text::isAlpha;
using text::isDigit;

bool isSeparator(char c) {
    return c == ' ' || c == '\t' || c == ',' || c == ';' || c == '\r' || c == '\n' || c == '.';
}

// True when `s` holds something a typo of a move could give: a column letter a-h followed by
// a row digit 1-8 anywhere ("cc4", "f4", "xb3"), so that such a text is diagnosed rather than
// taken as a label.
bool hasSquareLike(std::string_view s) {
    for (std::size_t i = 0; i + 1 < s.size(); ++i) {
        const char c = static_cast<char>(s[i] | 0x20);
        if (c >= 'a' && c <= 'h' && s[i + 1] >= '1' && s[i + 1] <= '8') return true;
    }
    return false;
}

// A label (opening name, title) after the moves is accepted only when it clearly is a name:
// after a blank, its first word has 3 or more characters with a letter ("Tiger", "8-Shot"),
// and nothing in it looks like a square or a move (hasSquareLike) or is a control byte. A typo such
// as "cc4 f4 c5" or "c33" stays an error, so that a mistyped move never silently ends the game.
bool isLabel(std::string_view line, std::size_t at) {
    if (at == 0 || at >= line.size() || !text::isBlank(line[at - 1])) return false;
    std::size_t end = at;
    bool letter = false;
    while (end < line.size() && !text::isBlank(line[end])) letter |= isAlpha(line[end++]);
    if (end - at < 3 || !letter) return false;
    const std::string_view label = line.substr(at);
    const bool control = std::any_of(label.begin(), label.end(), [](char c) {
        return (static_cast<unsigned char>(c) < 0x20 && c != '\t') || c == 0x7F;
    });
    return !control && !hasSquareLike(label);
}

std::string gameComment(const GameRecord& g) {
    std::string c;
    if (!g.black.empty() || !g.white.empty()) {
        c += g.black.empty() ? "?" : g.black;
        c += " - ";
        c += g.white.empty() ? "?" : g.white;
    }
    std::string rest = g.event;
    if (g.year > 0 && rest.find(std::to_string(g.year)) == std::string::npos) {
        if (!rest.empty()) rest += ' ';
        rest += std::to_string(g.year);
    }
    if (!rest.empty()) {
        if (!c.empty()) c += ", ";
        c += rest;
    }
    if (g.complete()) {
        if (!c.empty()) c += ' ';
        c += '(' + std::to_string(g.score.black);
        c += '-';
        c += std::to_string(g.score.white) + ')';
    }
    // A comment is one line: no line breaks from the metadata.
    for (char& ch : c)
        if (ch == '\n' || ch == '\r') ch = ' ';
    return c;
}

}  // namespace

std::vector<int> MoveTokens::moves() const {
    std::vector<int> out;
    out.reserve(tokens.size());
    for (const MoveToken& t : tokens) out.push_back(t.square);
    return out;
}

MoveTokens tokenizeMoves(std::string_view line) {
    MoveTokens out;
    std::size_t i = 0;
    // Tokens past kMaxRecordMoves are not kept: no game holds that many, so the replay fails
    // before them (ReadLimits.h).
    while (i < line.size() && out.tokens.size() < kMaxRecordMoves) {
        const char c = line[i];
        if (isSeparator(c)) {
            ++i;
            continue;
        }
        if (isDigit(c)) {  // a move number: digits followed by dots
            std::size_t j = i;
            while (j < line.size() && isDigit(line[j])) ++j;
            if (j < line.size() && line[j] == '.') {
                while (j < line.size() && line[j] == '.') ++j;
                i = j;
                continue;
            }
            out.errorColumn = static_cast<int>(i);
            out.errorText = std::string(line.substr(i, std::min<std::size_t>(j - i, 12)));
            return out;
        }
        if (const int n = text::passLength(line.substr(i))) {
            out.tokens.push_back({core::kPass, static_cast<int>(i)});
            i += n;
            continue;
        }
        if (c == '-') {
            ++i;
            continue;
        }
        const int sq = core::parseSquare(line.substr(i, 2));
        if (sq == core::kNoSquare) {
            std::size_t j = i;
            while (j < line.size() && !isSeparator(line[j]) && j - i < 12) ++j;
            out.errorColumn = static_cast<int>(i);
            out.errorText = std::string(line.substr(i, std::max<std::size_t>(j - i, 1)));
            return out;
        }
        out.tokens.push_back({sq, static_cast<int>(i)});
        i += 2;
    }
    return out;
}

void readMoveList(const std::string& name, std::string_view text, const ReadOptions& options,
                  FileResult& out) {
    text = text::stripBom(text);
    std::size_t pos = 0;
    int lineNumber = 0;
    while (pos < text.size()) {
        std::string_view line = text::nextLine(text, pos);
        ++lineNumber;
        // Comments: "#" anywhere, "//" at the start of a line (the openings files).
        if (const std::size_t hash = line.find('#'); hash != std::string_view::npos)
            line = line.substr(0, hash);
        if (text::trim(line).substr(0, 2) == "//") continue;
        if (text::trim(line).empty()) continue;

        GameRecord rec;
        rec.format = Format::Moves;
        rec.source = text::at(name, lineNumber);
        MoveTokens t = tokenizeMoves(line);
        if (t.errorColumn && !t.tokens.empty() &&
            isLabel(line, static_cast<std::size_t>(*t.errorColumn))) {
            // Move lists have no event field: the label (an opening name, a title) is kept as
            // the event, where the storage, the search and every writer keep it.
            rec.event =
                text::toUtf8(capValue(rec, text::trim(line.substr(*t.errorColumn)),
                                      text::at(name, lineNumber, *t.errorColumn + 1), "the label"));
            t.errorColumn.reset();
        }
        if (t.errorColumn) {
            std::string msg;
            msg += '\'';
            msg += t.errorText;  // escaped by addDiagnostic
            msg += "' is not a square or a pass";
            addDiagnostic(rec, Severity::Error, text::at(name, lineNumber, *t.errorColumn + 1),
                          "not-a-square", std::move(msg), discMoves(t.moves()) + 1);
            rec.moves.clear();
            keepRecord(out, options, std::move(rec));
            continue;
        }
        if (int index = -1; !replayRecord(rec, t.moves(), rec.source, &index)) {
            Diagnostic& d = rec.diagnostics.back();
            if (index >= 0 && index < static_cast<int>(t.tokens.size()))
                d.where.column = t.tokens[index].column + 1;
        }
        keepRecord(out, options, std::move(rec));
    }
}

std::string writeMoveList(const std::vector<GameRecord>& games) {
    std::string out;
    for (const GameRecord& g : games) {
        const std::string c = gameComment(g);
        if (!c.empty()) out += "# " + c + '\n';
        out += core::movesString(g.moves, true);
        out += '\n';
    }
    return out;
}

}  // namespace othello::importers
