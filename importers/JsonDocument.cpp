#include "JsonDocument.h"

#include <nlohmann/json.hpp>
#include <vector>

#include "MoveListReader.h"
#include "ReadLimits.h"
#include "ReaderUtil.h"
#include "RecordReplay.h"
#include "core/Notation.h"

namespace othello::importers {

bool looksLikeJsonDocument(std::string_view head) {
    head = text::stripBom(head);
    std::size_t i = 0;
    while (i < head.size() && (text::isBlank(head[i]) || head[i] == '\n')) ++i;
    if (i >= head.size() || (head[i] != '[' && head[i] != '{')) return false;
    // One JSON value a line (JSON Lines): read line by line as today.
    if (looksLikeJsonMoves(head)) return false;
    if (head[i] == '{') return true;
    // '[' then a string, object or array: not a PGN tag ("[Event ...").
    std::size_t j = i + 1;
    while (j < head.size() && (text::isBlank(head[j]) || head[j] == '\n')) ++j;
    return j < head.size() && (head[j] == '"' || head[j] == '{' || head[j] == '[' || head[j] == ']');
}

namespace {

constexpr std::size_t kChunk = std::size_t{1} << 16;

// Cuts the top-level elements out of the document's text as it comes, and reads each.
class DocumentReader {
  public:
    DocumentReader(const std::string& name, const ReadOptions& options, FileResult& out)
        : name_(name), options_(options), out_(out) {}

    void feed(std::string_view chunk) {
        for (const char c : chunk) {
            take(c);
            advance(c);
        }
    }

    // No element was a game and nothing else was wrong: the document is no game record.
    bool noGames() const {
        return !gamesSeen_ && out_.recordCount == 0 && !notGames_.empty();
    }

    void end() {
        if (started_ && !closed_) {
            endElement();
            Diagnostic d = fileDiagnostic(
                Severity::Warning, name_, "json-cut-short",
                "the file ends inside the JSON document: it was cut short (the games before "
                "the cut are read)");
            d.damage = true;
            out_.fileDiagnostics.push_back(std::move(d));
        }
        flushHeld(true);
        if (!noGames()) flushNotGames();
        finishMoveList(out_);
    }

  private:
    static bool blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

    void advance(char c) {
        ++offset_;
        if (c == '\n') {
            if (!afterCr_) ++line_;
            column_ = 0;
        } else if (c == '\r') {
            ++line_;
            column_ = 0;
        } else {
            ++column_;
        }
        afterCr_ = c == '\r';
    }

    void take(char c) {
        if (!started_) {
            if (blank(c) || (offset_ < 3 && (c & 0x80))) return;  // blanks, a byte-order mark
            started_ = true;
            topArray_ = c == '[';
            if (topArray_) {
                depth_ = 1;
                return;
            }
        }
        if (closed_) {
            if (!blank(c) && !trailingSaid_) {
                trailingSaid_ = true;
                Diagnostic d = fileDiagnostic(Severity::Warning, name_, "trailing-text",
                                              "text after the end of the JSON document, line " +
                                                  std::to_string(line_) + ": not read");
                out_.fileDiagnostics.push_back(std::move(d));
            }
            return;
        }
        if (topArray_ && depth_ == 1 && !inString_) {
            if (c == ',' || c == ']') {
                endElement();
                if (c == ']') closed_ = true;
                return;
            }
            if (blank(c) && element_.empty()) return;
        }
        if (element_.empty() && !tooLarge_) {
            elementLine_ = line_;
            elementColumn_ = column_;
        }
        if (element_.size() < kMaxRecordBytes)
            element_ += c;
        else
            tooLarge_ = true;
        if (inString_) {
            if (escape_)
                escape_ = false;
            else if (c == '\\')
                escape_ = true;
            else if (c == '"')
                inString_ = false;
            return;
        }
        if (c == '"') {
            inString_ = true;
        } else if (c == '[' || c == '{') {
            ++depth_;
        } else if (c == ']' || c == '}') {
            --depth_;
            if (!topArray_ && depth_ == 0) {
                endElement();
                closed_ = true;
            }
        }
    }

    void error(int line, int column, const char* code, std::string message) {
        GameRecord rec;
        rec.format = Format::Moves;
        rec.source = text::at(name_, line);
        addDiagnostic(rec, Severity::Error, text::at(name_, line, column + 1), code,
                      std::move(message));
        // Not a replay failure: the file is then not one whose records all fail at move 1.
        if (!options_.firstMove) ++out_.firstMoveFailures.records;
        keepRecord(out_, options_, std::move(rec));
    }

    struct Element {
        int line = 0, column = 0;
        std::string text;
    };

    void endElement() {
        ++index_;
        Element e{elementLine_, elementColumn_, std::move(element_)};
        const bool tooLarge = tooLarge_;
        element_.clear();
        tooLarge_ = false;
        inString_ = escape_ = false;
        while (!e.text.empty() && blank(e.text.back())) e.text.pop_back();
        if (e.text.empty() && !tooLarge) return;  // "[]", a trailing comma
        nlohmann::json j;
        if (!tooLarge) {
            j = nlohmann::json::parse(e.text, nullptr, false);
            // A document of single moves (["f5", "d6", ...]) is one game, as on one line:
            // held until an element that is no single move shows it is not.
            if (allSingle_ && j.is_string() && held_.size() < kMaxRecordMoves) {
                const core::MovesParse p = core::parseMoves(j.get_ref<const std::string&>());
                if (!p.error && p.moves.size() == 1) {
                    held_.push_back(std::move(e));
                    return;
                }
            }
        }
        flushHeld(false);
        if (tooLarge) {
            error(e.line, e.column, "record-too-large",
                  "element " + std::to_string(index_) + " of the document is longer than " +
                      std::to_string(kMaxRecordBytes >> 20) + " MiB: not read");
        } else if (j.is_discarded()) {
            error(e.line, e.column, "bad-json",
                  "element " + std::to_string(index_) + " of the document is no valid JSON");
        } else {
            game(e, j);
        }
    }

    void game(const Element& e, const nlohmann::json& j) {
        const bool isGame = j.is_string() || j.is_array() || (j.is_object() && j.contains("moves"));
        if (!isGame) {
            // Elements that are no games are errors once the document shows games; a document
            // of none (settings, a list of players) is no game record at all.
            if (gamesSeen_ || notGames_.size() >= kMaxHeldNotGames) {
                flushNotGames();
                notAGame(e.line, e.column, index_);
            } else {
                notGames_.push_back({e.line, e.column, index_});
            }
            return;
        }
        if (!gamesSeen_) {
            gamesSeen_ = true;
            flushNotGames();
        }
        // The element as a JSON move line: where it stands in its line when it is on one.
        if (e.text.find_first_of("\r\n") == std::string::npos) {
            const std::string line = std::string(static_cast<std::size_t>(e.column), ' ') + e.text;
            readMoveLine(name_, e.line, line, options_, out_, true);
        } else {
            std::string flat = e.text;
            for (char& c : flat)
                if (c == '\n' || c == '\r') c = ' ';
            readMoveLine(name_, e.line, flat, options_, out_, false);
        }
    }

    void notAGame(int line, int column, int index) {
        error(line, column, "not-a-game",
              "element " + std::to_string(index) +
                  " of the document is no game (a string of moves, an array of moves or an "
                  "object with \"moves\")");
    }

    void flushNotGames() {
        for (const Held& h : notGames_) notAGame(h.line, h.column, h.index);
        notGames_.clear();
        gamesSeen_ = true;
    }

    // The single moves held: one game when the whole document was made of them (two or more),
    // else each its own game, in order.
    void flushHeld(bool atEnd) {
        if (atEnd && allSingle_ && held_.size() >= 2) {
            std::string array = "[";
            for (std::size_t k = 0; k < held_.size(); ++k) array += (k ? ", " : "") + held_[k].text;
            array += ']';
            readMoveLine(name_, held_.front().line, array, options_, out_, false);
        } else {
            for (const Element& e : held_) game(e, nlohmann::json::parse(e.text, nullptr, false));
        }
        held_.clear();
        allSingle_ = false;
    }

    const std::string& name_;
    const ReadOptions& options_;
    FileResult& out_;
    bool started_ = false, topArray_ = false, closed_ = false, trailingSaid_ = false;
    int depth_ = 0;
    bool inString_ = false, escape_ = false;
    std::string element_;
    bool tooLarge_ = false;
    int elementLine_ = 1, elementColumn_ = 0;
    int line_ = 1, column_ = 0;
    bool afterCr_ = false;
    std::int64_t offset_ = 0;
    int index_ = 0;
    std::vector<Element> held_;
    bool allSingle_ = true;
    struct Held {
        int line = 0, column = 0, index = 0;
    };
    static constexpr std::size_t kMaxHeldNotGames = 1000;
    std::vector<Held> notGames_;  // the elements that are no games, before the first game
    bool gamesSeen_ = false;
};

}  // namespace

void readJsonDocument(const std::string& name, std::istream& in, const ReadOptions& options,
                      FileResult& out) {
    DocumentReader reader(name, options, out);
    std::vector<char> chunk(kChunk);
    while (in) {
        in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
        reader.feed(std::string_view(chunk.data(), static_cast<std::size_t>(in.gcount())));
    }
    if (in.bad()) {
        out.readable = false;
        out.fileDiagnostics.push_back(fileDiagnostic(
            Severity::Error, name, "unreadable",
            "read error after " +
                text::countOf(static_cast<std::size_t>(out.recordCount), "record")));
        return;
    }
    reader.end();
    if (reader.noGames()) {
        out.skipped = true;
        out.fileDiagnostics.push_back(fileDiagnostic(
            Severity::Note, name, "not-a-game-record",
            "not a game record (a JSON document with no game in it): skipped"));
    }
}

}  // namespace othello::importers
