#include "CsvReader.h"

#include "MoveListReader.h"
#include "ReadLimits.h"
#include "ReaderUtil.h"
#include "RecordReplay.h"
#include "RecordRules.h"
#include "StatedResult.h"

namespace othello::importers {
namespace {

struct Field {
    std::string text;
    int column = 0;  // 1-based byte column of the field's start in its line
};

struct CsvRow {
    int line = 0;  // where the row starts
    std::vector<Field> fields;
    // A quote never closed: where it is (the row was read up to the end of that line).
    int openQuoteLine = 0;
    int openQuoteColumn = 0;
    bool tooLarge = false;  // longer than kMaxRecordBytes: the rest of its line was skipped
};

// A row keeps at most this many fields (a moves CSV has a handful).
constexpr std::size_t kMaxFields = 1024;

// RFC 4180 rows, one at a time; a quoted field may span lines. A quote never closed does not
// swallow the rows after it: when the quoted text reaches the end of the file, runs past
// kMaxRecordBytes, or spans lines and then "closes" with a quote followed by anything but a
// delimiter or a line end (the opening quote of a later field: no correct file does that), the
// quote is taken as a stray character, the row ends with its line, and the next row starts on
// the next line (CsvRow::openQuoteLine says so). Linear in the text, but for a quote never
// closed, whose text is read twice.
class CsvScanner {
  public:
    CsvScanner(std::string_view text, char delimiter) : text_(text), delimiter_(delimiter) {}

    bool next(CsvRow& row) {
        row.fields.clear();
        row.openQuoteLine = row.openQuoteColumn = 0;
        row.tooLarge = false;
        // Skip blank lines.
        while (pos_ < text_.size() && (text_[pos_] == '\n' || text_[pos_] == '\r')) newline();
        if (pos_ >= text_.size()) return false;
        row.line = line_;
        const std::size_t rowStart = pos_;
        Field f;
        f.column = column();
        bool quoting = true;  // false after a stray quote: the rest of the line is plain text
        while (pos_ < text_.size()) {
            const char c = text_[pos_];
            if (pos_ - rowStart > kMaxRecordBytes) {
                row.tooLarge = true;
                while (pos_ < text_.size() && text_[pos_] != '\n' && text_[pos_] != '\r') ++pos_;
                if (pos_ < text_.size()) newline();
                break;
            }
            if (c == '"' && quoting && f.text.empty() && pos_ == fieldStart_) {
                if (!quoted(f, rowStart)) {
                    row.openQuoteLine = line_;
                    row.openQuoteColumn = column();
                    quoting = false;
                    ++pos_;  // the stray quote
                }
                continue;
            }
            if (c == delimiter_) {
                if (row.fields.size() < kMaxFields) row.fields.push_back(std::move(f));
                f = Field{};
                ++pos_;
                fieldStart_ = pos_;
                f.column = column();
                continue;
            }
            if (c == '\n' || c == '\r') {
                newline();
                break;
            }
            f.text += c;
            ++pos_;
        }
        if (row.fields.size() < kMaxFields) row.fields.push_back(std::move(f));
        return true;
    }

  private:
    // Reads the quoted field at pos_ into `f`. False, with pos_ and the line back at the
    // opening quote and `f` empty, when the quote is never closed (see the class comment).
    bool quoted(Field& f, std::size_t rowStart) {
        const std::size_t open = pos_, openLineStart = lineStart_;
        const int openLine = line_;
        bool spansLines = false;
        ++pos_;
        while (pos_ < text_.size() && pos_ - rowStart <= kMaxRecordBytes) {
            if (text_[pos_] == '"') {
                if (pos_ + 1 < text_.size() && text_[pos_ + 1] == '"') {
                    f.text += '"';
                    pos_ += 2;
                    continue;
                }
                ++pos_;
                const bool ends = pos_ >= text_.size() || text_[pos_] == delimiter_ ||
                                  text_[pos_] == '\n' || text_[pos_] == '\r';
                if (ends || !spansLines) return true;
                break;  // a multi-line field "closed" by the opening quote of a later field
            }
            if (text_[pos_] == '\n' || text_[pos_] == '\r') {
                f.text += '\n';
                newline();
                spansLines = true;
                continue;
            }
            f.text += text_[pos_++];
        }
        pos_ = open;
        lineStart_ = openLineStart;
        fieldStart_ = open;
        line_ = openLine;
        f.text.clear();
        return false;
    }

    void newline() {
        if (text_[pos_] == '\r' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '\n') ++pos_;
        ++pos_;
        ++line_;
        lineStart_ = pos_;
        fieldStart_ = pos_;
    }

  public:
    std::size_t position() const { return pos_; }

  private:
    int column() const { return static_cast<int>(pos_ - lineStart_) + 1; }

    std::string_view text_;
    char delimiter_;
    std::size_t pos_ = 0;
    std::size_t lineStart_ = 0;
    std::size_t fieldStart_ = 0;
    int line_ = 1;
};

bool isMovesColumn(const std::string& n) {
    return n == "moves" || n == "game_moves" || n == "movelist" || n == "move_list" ||
           n == "gamemoves" || n == "game" || n == "transcript" ||
           (n.size() > 5 && n.compare(n.size() - 5, 5, "moves") == 0);
}

char delimiterOf(std::string_view header) {
    std::size_t comma = 0, semicolon = 0, tab = 0;
    for (char c : header) comma += c == ',', semicolon += c == ';', tab += c == '\t';
    if (tab > comma && tab > semicolon) return '\t';
    if (semicolon > comma) return ';';
    return ',';
}

struct Columns {
    int moves = -1, id = -1, winner = -1, black = -1, white = -1, event = -1, date = -1, year = -1,
        round = -1, place = -1, rules = -1;
};

Columns columnsOf(const CsvRow& header) {
    Columns c;
    for (std::size_t i = 0; i < header.fields.size(); ++i) {
        const std::string n = text::lower(text::trim(header.fields[i].text));
        const int k = static_cast<int>(i);
        const auto set = [&](int& slot) {
            if (slot < 0) slot = k;
        };
        if (isMovesColumn(n))
            set(c.moves);
        else if (n == "id" || (n.size() > 3 && n.compare(n.size() - 3, 3, "_id") == 0))
            set(c.id);
        else if (n == "winner")
            set(c.winner);
        else if (n == "black" || n == "black_name" || n == "black_player")
            set(c.black);
        else if (n == "white" || n == "white_name" || n == "white_player")
            set(c.white);
        else if (n == "event" || n == "tournament")
            set(c.event);
        else if (n == "date")
            set(c.date);
        else if (n == "year")
            set(c.year);
        else if (n == "round")
            set(c.round);
        else if (n == "place" || n == "site")
            set(c.place);
        else if (n == "rules")
            set(c.rules);
    }
    return c;
}

void checkWinner(GameRecord& rec, const std::string& name, const CsvRow& row, int column) {
    const std::string_view w = text::trim(row.fields[column].text);
    const SourceLocation where = text::at(name, row.line, row.fields[column].column);
    int winner = 0;
    if (w == "1" || w == "+1")
        winner = 1;
    else if (w == "-1")
        winner = -1;
    else if (w == "0")
        winner = 0;
    else {
        addDiagnostic(rec, Severity::Warning, where, "bad-winner",
                      "winner '" + text::toUtf8(w.substr(0, 16)) + "' is not 1, -1 or 0");
        return;
    }
    rec.statedWinner = winner;
    rec.statedResult = std::string(w);
    // Checked as every format's stated result (StatedResult.h): an unfinished game's winner
    // is a decision, not a count.
    StatedResultSite site;
    site.code = "winner-mismatch";
    site.what = "the winner column";
    site.where = where;
    checkStatedResult(rec, site);
}

}  // namespace

bool looksLikeCsv(std::string_view textIn) {
    std::string_view text = text::stripBom(textIn);
    std::size_t pos = 0;
    const std::string_view first = text::nextLine(text, pos);
    const char d = delimiterOf(first);
    if (first.find(d) == std::string_view::npos) return false;
    CsvScanner s(first, d);
    CsvRow header;
    if (!s.next(header)) return false;
    if (columnsOf(header).moves >= 0) return true;
    // A header of plain column names with a column of games (winner, black, white, event) is a
    // CSV of games that lacks a moves column: read as CSV, it gets a clear file error. An id
    // alone tells nothing (a list of players has one): such a file is no game record.
    if (header.fields.size() < 2) return false;
    for (const Field& f : header.fields) {
        const std::string_view n = text::trim(f.text);
        if (n.empty() || !text::isAlpha(n[0])) return false;
        for (char c : n)
            if (!text::isAlpha(c) && !text::isDigit(c) && c != '_' && c != ' ') return false;
    }
    const Columns c = columnsOf(header);
    return c.winner >= 0 || c.black >= 0 || c.white >= 0 || c.event >= 0;
}

namespace {

// The delimiter, from the header's line: the first line that is not empty, the first row
// CsvScanner reads.
char delimiterOfText(std::string_view text) {
    std::size_t start = 0;
    while (start < text.size() && (text[start] == '\n' || text[start] == '\r')) ++start;
    return delimiterOf(text::nextLine(text, start));
}

}  // namespace

std::size_t csvHeaderEnd(std::string_view textIn) {
    const std::string_view text = text::stripBom(textIn);
    CsvScanner scanner(text, delimiterOfText(text));
    CsvRow row;
    scanner.next(row);
    return textIn.size() - text.size() + scanner.position();
}

void readCsv(const std::string& name, std::string_view textIn, const ReadOptions& options,
             FileResult& out) {
    const std::string_view text = text::stripBom(textIn);
    CsvScanner scanner(text, delimiterOfText(text));
    CsvRow row;
    if (!scanner.next(row)) return;  // empty file: no games
    const Columns c = columnsOf(row);
    if (c.moves < 0) {
        out.fileDiagnostics.push_back(
            Diagnostic::at(Severity::Error, text::at(name, 1), "no-moves-column",
                           "the CSV header names no moves column (moves, game_moves, ...)"));
        out.readable = false;
        return;
    }
    GameRecord rec;
    const auto field = [&](int col) -> std::string {
        if (col < 0 || col >= static_cast<int>(row.fields.size())) return {};
        const Field& f = row.fields[col];
        return text::toUtf8(
            capValue(rec, text::trim(f.text), text::at(name, row.line, f.column), "the field"));
    };
    while (scanner.next(row)) {
        rec = GameRecord{};
        rec.format = Format::Csv;
        rec.source = text::at(name, row.line);
        if (row.openQuoteLine)
            addDamage(rec, text::at(name, row.openQuoteLine, row.openQuoteColumn),
                      "unterminated-quote",
                      "this '\"' is never closed: the row is read up to the end of its line");
        if (row.tooLarge) {
            addDiagnostic(
                rec, Severity::Error, rec.source, "record-too-large",
                "the row is longer than " + std::to_string(kMaxRecordBytes >> 20) + " MiB");
            rec.diagnostics.back().damage = true;
            keepRecord(out, options, std::move(rec));
            continue;
        }
        rec.gameId = field(c.id);
        rec.black = field(c.black);
        rec.white = field(c.white);
        rec.event = field(c.event);
        rec.round = field(c.round);
        rec.place = field(c.place);
        if (const std::string date = field(c.date); !date.empty()) {
            rec.date = text::isoDate(date);
            rec.year = text::yearOf(date);
        }
        if (const std::string year = field(c.year); !year.empty() && !rec.year)
            rec.year = text::yearOf(year);
        if (c.moves >= static_cast<int>(row.fields.size())) {
            addDiagnostic(rec, Severity::Error, rec.source, "missing-field",
                          "the row has " + text::countOf(row.fields.size(), "field") +
                              "; the moves are in column " + std::to_string(c.moves + 1));
            keepRecord(out, options, std::move(rec));
            continue;
        }
        // The rules column (a rules code, core/Rules.h): the game starts from their start.
        std::optional<core::Rules> stated;
        if (const std::string code = field(c.rules); !code.empty()) {
            const Field& f = row.fields[c.rules];
            if (!(stated = readRulesCode(rec, code, text::at(name, row.line, f.column),
                                         "the rules column"))) {
                keepRecord(out, options, std::move(rec));
                continue;
            }
        }
        if (!applyRecordRules(rec, stated, false, rec.source)) {
            keepRecord(out, options, std::move(rec));
            continue;
        }
        const Field& movesField = row.fields[c.moves];
        const MoveTokens t = tokenizeMoves(movesField.text);
        // Columns are exact only when the moves field holds no line break.
        const bool oneLine = movesField.text.find('\n') == std::string::npos;
        const auto columnOf = [&](int offset) { return oneLine ? movesField.column + offset : 0; };
        if (t.errorColumn) {
            std::string msg = "'";
            msg += text::toUtf8(t.errorText);
            msg += "' is not a square or a pass";
            addDiagnostic(rec, Severity::Error, text::at(name, row.line, columnOf(*t.errorColumn)),
                          "not-a-square", std::move(msg), discMoves(t.moves()) + 1);
            keepRecord(out, options, std::move(rec));
            continue;
        }
        if (int index = -1; !replayRecord(rec, t.moves(), rec.source, &index)) {
            Diagnostic& diag = rec.diagnostics.back();
            if (index >= 0 && index < static_cast<int>(t.tokens.size()))
                diag.where.column = columnOf(t.tokens[index].column);
        } else {
            warnIfNoMoves(rec);
            if (c.winner >= 0 && c.winner < static_cast<int>(row.fields.size()))
                checkWinner(rec, name, row, c.winner);
        }
        keepRecord(out, options, std::move(rec));
    }
}

}  // namespace othello::importers
