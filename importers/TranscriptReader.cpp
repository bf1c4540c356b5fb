#include "TranscriptReader.h"

#include <deque>
#include <optional>

#include "ReadLimits.h"
#include "ReaderUtil.h"
#include "RecordReplay.h"
#include "TranscriptCells.h"
#include "TranscriptDiagram.h"

namespace othello::importers {
namespace {

using namespace transcript;

void applyMetadata(Pending& p, const std::string& key, std::string_view value, int line,
                   const std::string& name, std::vector<Diagnostic>& pendingWarnings) {
    GameRecord& r = p.rec;
    value = capValue(r, value, text::at(name, line, 1), "the field");
    const std::string v = text::toUtf8(value);
    if (key == "black")
        r.black = v;
    else if (key == "white")
        r.white = v;
    else if (key == "event" || key == "tournament")
        r.event = v;
    else if (key == "round")
        r.round = v;
    else if (key == "place" || key == "site")
        r.place = v;
    else if (key == "date") {
        r.date = text::isoDate(v);
        if (!r.year) r.year = text::yearOf(v);
    } else if (key == "year") {
        r.year = text::yearOf(v);
        if (r.date.empty() && r.year) r.date = std::to_string(r.year);
    } else if (key == "score" || key == "result") {
        p.scoreText = std::string(value);
        p.scoreLine = line;
    } else if (key == "rules") {
        p.rulesText = std::string(value);
        p.rulesLine = line;
    } else if (key == "lines") {
        p.linesText = std::string(value);
        p.linesLine = line;
    } else {
        if (pendingWarnings.size() < kMaxDiagnosticsPerFile)
            pendingWarnings.push_back(
                Diagnostic::at(Severity::Warning, text::at(name, line, 1), "unknown-field",
                               "unknown field '" + text::toUtf8(key.substr(0, 64)) + "' ignored"));
    }
}

bool isCellLike(std::string_view t) {
    int v = 0;
    const CellKind k = classify(t, v);
    return k != CellKind::Bad && v <= 99;
}

}  // namespace

bool looksLikeTranscript(std::string_view textIn) {
    std::string_view text = text::stripBom(textIn);
    std::size_t pos = 0;
    int rows = 0;
    for (int n = 0; n < 200 && pos < text.size(); ++n) {
        const std::string_view line = text::nextLine(text, pos);
        std::string key;
        std::string_view value;
        if (isMetadata(text::trim(line), key, value) &&
            (key == "black" || key == "white" || key == "score"))
            return true;  // the score sheet's own fields; no other text format has them
        if (isBorderLine(line)) continue;
        const std::optional<std::string> drawn = tableRow(line);
        const std::string_view row = drawn ? std::string_view(*drawn) : line;
        const std::vector<Token> t = splitCells(row, separatorOf(row));
        if (isHeader(t)) return true;
        if (t.size() < 8 || t.size() > 10) continue;
        bool all = true;
        for (const Token& k : t) all = all && isCellLike(k.text);
        if (all && ++rows >= 4) return true;
    }
    return false;
}

void readTranscript(const std::string& name, std::string_view text, const ReadOptions& options,
                    FileResult& out) {
    text = text::stripBom(text);
    DiagramReader reader(name, options, out);
    Pending p;
    bool open = false;
    std::vector<Diagnostic> warnings;
    // The rows of the open diagram drawn with │, as '|' rows: Row::text views them.
    std::deque<std::string> tableLines;
    const auto close = [&] {
        if (open) {
            for (Diagnostic& d : warnings) p.rec.diagnostics.push_back(std::move(d));
            warnings.clear();
            reader.finish(p);
        }
        p = Pending{};
        tableLines.clear();
        open = false;
    };
    std::size_t pos = 0;
    int lineNumber = 0;
    while (pos < text.size()) {
        const std::string_view line = text::nextLine(text, pos);
        ++lineNumber;
        const std::string_view trimmed = text::trim(line);
        if (trimmed.empty()) {
            if (!p.rows.empty() || p.header) close();
            continue;
        }
        if (trimmed.front() == '#') continue;
        // The rules of a table drawn with borders are not rows: "+---+", "├───┼───┤".
        if (isBorderLine(trimmed)) continue;
        std::string key;
        std::string_view value;
        if (isMetadata(trimmed, key, value)) {
            if (!p.rows.empty() || p.header) close();  // a new diagram without a blank line
            if (!open) p.firstLine = lineNumber;
            open = true;
            p.metadata = true;
            applyMetadata(p, key, value, lineNumber, name, warnings);
            continue;
        }
        const Sep sep0 = separatorOf(line);
        if (p.rows.size() == 8) {
            // The column letters again under the table are its footer, not the next diagram.
            if (isHeader(splitCells(line, sep0))) continue;
            close();  // a 9th row starts the next diagram
        }
        if (!open) p.firstLine = lineNumber;
        open = true;
        std::string_view row = line;
        if (auto drawn = tableRow(line)) {
            tableLines.push_back(std::move(*drawn));
            row = tableLines.back();
        }
        const Sep sep = separatorOf(row);
        std::vector<Token> tokens = splitCells(row, sep);
        // Row labels on both sides ("| 1 | 45 | ... | 1 |"): the right one goes.
        if (tokens.size() == 10 &&
            text::parseNumber(tokens[0].text) == static_cast<int>(p.rows.size()) + 1 &&
            text::parseNumber(tokens[9].text) == text::parseNumber(tokens[0].text))
            tokens.pop_back();
        // A row needs at most 9 cells: keep a few more for the message, not a million.
        const std::size_t cellCount = tokens.size();
        if (tokens.size() > 16) tokens.resize(16);
        if (p.rows.empty() && !p.header && isHeader(tokens)) {
            p.header = true;
            p.spaceHeader = sep == Sep::Space;
            // The letters' columns only: a corner cell before them ("#", "row") is no column
            // (isHeader allows it), and there are never more than 8.
            int k = 0;
            for (const Token& t : tokens)
                if (k < 8 && t.text.size() == 1 && text::lower(t.text)[0] == 'a' + k)
                    p.headerColumns[k++] = t.start;
            continue;
        }
        p.rows.push_back(Row{lineNumber, row, std::move(tokens), cellCount});
    }
    close();
}

}  // namespace othello::importers
