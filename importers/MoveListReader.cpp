#include "MoveListReader.h"

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

// A pass word must end a word or be followed by a square ("f5pad6"), so that a label such as
// "Parallel" is not read as a pass.
int passLength(std::string_view rest) {
    if (rest.substr(0, 2) == "--" || rest.substr(0, 2) == "@@") return 2;
    const auto endsWord = [&](std::size_t n) {
        return n >= rest.size() || !isAlpha(rest[n]) ||
               core::parseSquare(rest.substr(n, 2)) != core::kNoSquare;
    };
    if (text::istartsWith(rest, "pass") && endsWord(4)) return 4;
    if ((text::istartsWith(rest, "pa") || text::istartsWith(rest, "ps")) && endsWord(2)) return 2;
    return 0;
}

// Where a label (opening name, title) starts after the moves: a word of 3 or more characters
// with a letter in it that does not begin with a square, after a blank ("Tiger", "8-Shot").
// A typo such as "c33" or "x9" stays an error.
bool isLabelStart(std::string_view line, std::size_t at) {
    if (at == 0 || at >= line.size() || !text::isBlank(line[at - 1])) return false;
    std::size_t end = at;
    bool letter = false;
    while (end < line.size() && !text::isBlank(line[end])) letter |= isAlpha(line[end++]);
    if (end - at < 3 || !letter) return false;
    return core::parseSquare(line.substr(at, 2)) == core::kNoSquare;
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
    while (i < line.size()) {
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
        if (const int n = passLength(line.substr(i))) {
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

void readMoveList(const std::string& name, std::string_view text, const ReadOptions&,
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
            isLabelStart(line, static_cast<std::size_t>(*t.errorColumn))) {
            rec.event = text::toUtf8(text::trim(line.substr(*t.errorColumn)));
            t.errorColumn.reset();
        }
        if (t.errorColumn) {
            std::string msg;
            msg += '\'';
            msg += text::toUtf8(t.errorText);
            msg += "' is not a square or a pass";
            addDiagnostic(rec, Severity::Error, text::at(name, lineNumber, *t.errorColumn + 1),
                          "not-a-square", std::move(msg), static_cast<int>(t.tokens.size()) + 1);
            rec.moves.clear();
            out.records.push_back(std::move(rec));
            continue;
        }
        if (!replayRecord(rec, t.moves(), rec.source)) {
            Diagnostic& d = rec.diagnostics.back();
            const int index = d.moveNumber - 1;
            if (index >= 0 && index < static_cast<int>(t.tokens.size()))
                d.where.column = t.tokens[index].column + 1;
        }
        out.records.push_back(std::move(rec));
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
