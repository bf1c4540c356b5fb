#include "MoveSheet.h"

#include <optional>
#include <vector>

#include "ReaderUtil.h"
#include "RecordReplay.h"
#include "core/Notation.h"

namespace othello::importers {
namespace {

std::size_t skipBlanks(std::string_view s, std::size_t i) {
    while (i < s.size() && text::isBlank(s[i])) ++i;
    return i;
}

bool isAlnum(char c) {
    return text::isAlpha(c) || text::isDigit(c);
}

// The move number at i ("01:", "1.", "12)", "3 " before more text): its value, with i moved
// past it and the blanks after it; nullopt (i unchanged) when there is none.
std::optional<int> moveNumberAt(std::string_view s, std::size_t& i) {
    std::size_t j = i;
    int n = 0;
    while (j < s.size() && text::isDigit(s[j]) && j - i < 3) n = n * 10 + (s[j++] - '0');
    if (j == i || (j < s.size() && text::isDigit(s[j]))) return std::nullopt;
    if (j < s.size() && (s[j] == ':' || s[j] == '.' || s[j] == ')')) {
        while (j < s.size() && (s[j] == ':' || s[j] == '.' || s[j] == ')')) ++j;
    } else if (j >= s.size() || !text::isBlank(s[j])) {
        return std::nullopt;
    }
    i = skipBlanks(s, j);
    return n;
}

// A colour before the move ("B", "W:", "Black ") that is no part of a square: i moved past it
// and the ':' and blanks after it. False (i unchanged) when there is none.
bool colourAt(std::string_view s, std::size_t& i) {
    for (const std::string_view word : {"black", "white", "b", "w"}) {
        if (!text::istartsWith(s.substr(i), word)) continue;
        const std::size_t j = i + word.size();
        if (j < s.size() && isAlnum(s[j])) continue;
        i = j;
        while (i < s.size() && (s[i] == ':' || text::isBlank(s[i]))) ++i;
        return true;
    }
    return false;
}

// Two symbols and what stands between them: "(F, 5)", "F-5", "F 5", "f5" for a square,
// "(5, 6)", "5 6", "56" for a pair of numbers. `first` and `second` test the symbols; i moves
// past the whole when it ends the line (blanks aside).
// `written`: set when the pair is written with more than its two symbols (parentheses or
// something between them).
template <typename First, typename Second>
bool pairAt(std::string_view s, std::size_t i, First first, Second second, char& a, char& b,
            bool* written = nullptr) {
    const bool paren = i < s.size() && s[i] == '(';
    if (paren) i = skipBlanks(s, i + 1);
    if (i >= s.size() || !first(s[i])) return false;
    a = s[i++];
    const std::size_t between = i;
    for (int k = 0; k < 3 && i < s.size() && (s[i] == ',' || s[i] == '-' || text::isBlank(s[i]));
         ++k)
        ++i;
    if (written) *written = paren || i > between;
    if (i >= s.size() || !second(s[i])) return false;
    b = s[i++];
    i = skipBlanks(s, i);
    if (paren) {
        if (i >= s.size() || s[i] != ')') return false;
        i = skipBlanks(s, i + 1);
    }
    return i == s.size();
}

bool columnLetter(char c) {
    const char l = static_cast<char>(c | 0x20);
    return l >= 'a' && l <= 'h';
}
bool rowDigit(char c) {
    return c >= '1' && c <= '8';
}

// The move that makes up the rest of the line from i: a square or a pass; `written` as pairAt.
bool moveAt(std::string_view s, std::size_t i, int& move, bool& written) {
    if (const int n = text::passLength(s.substr(i)); n > 0 && skipBlanks(s, i + n) == s.size()) {
        move = core::kPass;
        return true;
    }
    char letter = 0, digit = 0;
    if (!pairAt(s, i, columnLetter, rowDigit, letter, digit, &written)) return false;
    move = core::parseSquare(std::string{static_cast<char>(letter | 0x20), digit});
    return move != core::kNoSquare;
}

// The line without a '#' comment and trailing blanks.
std::string_view body(std::string_view line) {
    if (const std::size_t hash = line.find('#'); hash != std::string_view::npos)
        line = line.substr(0, hash);
    while (!line.empty() && text::isBlank(line.back())) line.remove_suffix(1);
    return line;
}

bool skippedLine(std::string_view line) {
    const std::string_view t = text::trim(line);
    return t.empty() || t[0] == '#' || t.substr(0, 2) == "//";
}

struct SheetMove {
    std::optional<int> number;
    int move = core::kNoSquare;
    int column = 0;  // 0-based offset of the move in its line
    // Written as only a score sheet writes a move: numbered, with a colour, in parentheses or
    // with something between letter and digit. A file of bare squares ("f5" a line) is a move
    // list of one-move games as it always was.
    bool marked = false;
};

// One line of a sheet: [number] [colour] move. A square first (so that "B 5" is b5), then with
// a colour before it ("B(F, 5)").
bool parseSheetLine(std::string_view line, SheetMove& out) {
    const std::string_view s = body(line);
    std::size_t i = skipBlanks(s, 0);
    out.number = moveNumberAt(s, i);
    out.column = static_cast<int>(i);
    bool written = false;
    if (moveAt(s, i, out.move, written)) {
        out.marked = written || out.number.has_value();
        return true;
    }
    if (!colourAt(s, i)) return false;
    out.column = static_cast<int>(i);
    out.marked = true;
    return moveAt(s, i, out.move, written);
}

// Two numbers and nothing else but a move number, a colour and punctuation ("5 6", "(5, 6)",
// "01: 5,6", "B 56").
bool isNumberPairLine(std::string_view line) {
    const std::string_view s = body(line);
    const auto digit = [](char c) { return text::isDigit(c); };
    char a = 0, b = 0;
    std::size_t i = skipBlanks(s, 0);
    if (pairAt(s, i, digit, digit, a, b)) return true;
    if (moveNumberAt(s, i) && pairAt(s, i, digit, digit, a, b)) return true;
    return colourAt(s, i) && pairAt(s, i, digit, digit, a, b);
}

// The complete lines of `head` (a head cut inside a line leaves its last one out), blank and
// comment lines aside, each passed to `test` until one fails: the number that passed, or -1.
template <typename Test>
int countLines(std::string_view head, Test test) {
    head = text::stripBom(head);
    std::size_t pos = 0;
    int n = 0;
    while (pos < head.size()) {
        const std::string_view line = text::nextLine(head, pos);
        if (pos >= head.size() && head.back() != '\n' && head.back() != '\r' && n > 0) break;
        if (skippedLine(line)) continue;
        if (!test(line)) return -1;
        ++n;
    }
    return n;
}

// A game being gathered from the lines of a sheet.
struct SheetGame {
    int firstLine = 0;
    std::vector<int> moves;
    std::vector<int> lines, columns;
    int badLine = 0;  // the first line that is not one move
    std::string badText;

    bool empty() const { return firstLine == 0; }
};

void keepGame(const std::string& name, SheetGame& g, const ReadOptions& options,
              FileResult& out) {
    if (g.empty()) return;
    GameRecord rec;
    rec.format = Format::Moves;
    rec.source = text::at(name, g.firstLine);
    if (g.badLine) {
        addDiagnostic(rec, Severity::Error, text::at(name, g.badLine, 1), "not-a-move",
                      "'" + g.badText +
                          "' is not one move (a square such as F5, (F, 5), F-5, or a pass)",
                      discMoves(g.moves) + 1);
        keepRecord(out, options, std::move(rec));
        g = SheetGame{};
        return;
    }
    // --first-move: as for move lists, put before a sheet that does not start with it.
    if (options.firstMove && (g.moves.empty() || g.moves.front() != *options.firstMove)) {
        g.moves.insert(g.moves.begin(), *options.firstMove);
        g.lines.insert(g.lines.begin(), g.firstLine);
        g.columns.insert(g.columns.begin(), -1);
    }
    if (int index = -1; !replayRecord(rec, g.moves, rec.source, &index)) {
        Diagnostic& d = rec.diagnostics.back();
        if (index >= 0 && index < static_cast<int>(g.lines.size()))
            d.where = text::at(name, g.lines[index], g.columns[index] + 1);
    } else {
        warnIfNoMoves(rec);
    }
    keepRecord(out, options, std::move(rec));
    g = SheetGame{};
}

}  // namespace

bool looksLikeMoveSheet(std::string_view head) {
    SheetMove m;
    bool marked = false;
    const int lines = countLines(head, [&](std::string_view line) {
        const bool ok = parseSheetLine(line, m);
        marked = marked || (ok && m.marked);
        return ok;
    });
    return lines >= 2 && marked;
}

int numberPairLines(std::string_view head) {
    const int n = countLines(head, isNumberPairLine);
    return n >= 2 ? n : 0;
}

Diagnostic numberPairsError(const std::string& name, int lines) {
    return fileDiagnostic(
        Severity::Error, name, "squares-as-numbers",
        "recognised " + text::countOf(static_cast<std::size_t>(lines), "line") +
            " of two numbers each, squares written as numbers: whether the row or the column "
            "comes first, and whether they count from 0 or 1, cannot be told without guessing, "
            "so the file is not read. Write the squares as a letter and a digit (F5, F-5, "
            "(F, 5)), one move a line");
}

void readMoveSheet(const std::string& name, std::string_view text, const ReadOptions& options,
                   FileResult& out) {
    text = text::stripBom(text);
    std::size_t pos = 0;
    int lineNumber = 0;
    SheetGame game;
    while (pos < text.size()) {
        const std::string_view line = text::nextLine(text, pos);
        ++lineNumber;
        if (skippedLine(line)) continue;
        SheetMove m;
        const bool ok = parseSheetLine(line, m);
        // The numbering starting again at 1 starts the next game.
        if (ok && m.number == 1 && !game.empty()) keepGame(name, game, options, out);
        if (game.empty()) game.firstLine = lineNumber;
        if (!ok) {
            if (!game.badLine) {
                game.badLine = lineNumber;
                game.badText = std::string(text::trim(line).substr(0, 40));
            }
            continue;
        }
        game.moves.push_back(m.move);
        game.lines.push_back(lineNumber);
        game.columns.push_back(m.column);
    }
    keepGame(name, game, options, out);
}

}  // namespace othello::importers
