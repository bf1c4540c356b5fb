#include "PgnReader.h"

#include <algorithm>

#include "AnnotationBuilder.h"
#include "PgnRules.h"
#include "PgnTokens.h"
#include "ReadLimits.h"
#include "ReaderUtil.h"
#include "RecordReplay.h"
#include "RecordRules.h"
#include "StatedResult.h"
#include "core/Notation.h"

namespace othello::importers {
namespace {

using annot::RawLine;
using annot::RawMove;
using annot::RawVariation;
using pgn::isResultToken;
using pgn::looksLikeChessMove;
using pgn::nagText;
using pgn::stripMarks;

struct PendingGame {
    GameRecord rec;
    bool any = false;       // a tag or a move seen
    bool movetext = false;  // moves or a result seen: the next tag starts a new game
    RawLine line;           // the moves, and the comments and variations read with them
    annot::AnnotationBudget budget;
    std::optional<Diagnostic> error;  // the first token that is not a move
    std::string fen;
    int fenLine = 0;
    // The rules: [Rules "code"] (ours, exact), else [Variant] and [Scoring] (PgnWriter.h).
    std::string rules, variant, scoring;
    int rulesLine = 0;
    std::string result;             // the result tag, or the result at the end of the moves
    std::vector<std::string> tags;  // the tag names read (lower case), to tell a repeated one
};

class PgnParser {
  public:
    PgnParser(const std::string& name, std::string_view text, const ReadOptions& options,
              FileResult& out)
        : name_(name), text_(text), options_(options), out_(out) {}

    void run() {
        while (pos_ < text_.size()) {
            const char c = text_[pos_];
            if (c == '\n' || c == '\r') {
                newline();
                if (depth_ > 0 && atGameStart()) {
                    // The next game begins inside the variation: it was never closed.
                    warnAnywhere(variationLine_, variationColumn_, "unclosed-variation",
                                 "this '(' is not closed before the next game (line " +
                                     std::to_string(fileLine(line_)) +
                                     "): the text between is read as the variation",
                                 true);
                    endOpenVariations();
                    depth_ = 0;
                    path_.clear();
                    game_.movetext = true;
                }
                continue;
            }
            if (text::isBlank(c)) {
                ++pos_;
                continue;
            }
            if (c == '%' && pos_ == lineStart_) {
                skipLine();
                continue;
            }
            if (c == ';') {
                const int column = static_cast<int>(pos_ - lineStart_) + 1;
                const std::size_t from = pos_ + 1;
                skipLine();
                comment(text_.substr(from, pos_ - from), line_, column);
                continue;
            }
            if (c == '{') {
                readComment();
                continue;
            }
            if (c == '(') {
                openVariation();
                continue;
            }
            if (c == ')') {
                if (depth_ > 0) {
                    if (path_.size() == static_cast<std::size_t>(depth_)) {
                        RawVariation& v = variationAt(path_);
                        v.close = pos_;
                        v.closed = true;
                        path_.pop_back();
                    }
                    --depth_;
                }
                ++pos_;
                continue;
            }
            if (c == '[' && depth_ == 0) {
                tag();
                continue;
            }
            std::size_t j = pos_;
            while (j < text_.size() && !text::isBlank(text_[j]) && text_[j] != '\n' &&
                   text_[j] != '\r' && text_[j] != '{' && text_[j] != '}' && text_[j] != '(' &&
                   text_[j] != ')' && text_[j] != '[' && text_[j] != ';')
                ++j;
            if (j == pos_) {  // a lone '}' or ']'
                ++pos_;
                continue;
            }
            const std::string_view token = text_.substr(pos_, j - pos_);
            const int column = static_cast<int>(pos_ - lineStart_) + 1;
            pos_ = j;
            if (depth_ == 0)
                move(token, column);
            else
                variationMove(token, column);
        }
        if (depth_ > 0) endOpenVariations();
        if (depth_ > 0)
            warnAnywhere(variationLine_, variationColumn_, "unclosed-variation",
                         nextGameLine()
                             ? "this '(' is not closed before the next game (line " +
                                   std::to_string(nextGameLine()) +
                                   "): the text between is read as the variation"
                             : "this '(' is never closed: the rest of the file was read as a "
                               "variation",
                         true);
        finish();
    }

  private:
    void newline() {
        previousLineBlank_ = text::trim(text_.substr(lineStart_, pos_ - lineStart_)).empty();
        if (text_[pos_] == '\r' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '\n') ++pos_;
        ++pos_;
        ++line_;
        lineStart_ = pos_;
    }

    // At a line start inside a comment or a variation: does the next game begin here? The
    // recovery point of a '{' or '(' never closed. A line that is one whole tag pair
    // ([Name "value"]) is taken as a game start when the tag is Event (the first tag of the
    // roster) or when a blank line comes before it, as between games; a comment that merely
    // quotes a tag in the middle of its text does not end there.
    bool atGameStart() const {
        std::size_t end = pos_;
        while (end < text_.size() && text_[end] != '\n' && text_[end] != '\r') ++end;
        const std::string_view line = text::trim(text_.substr(pos_, end - pos_));
        if (line.size() < 5 || line.front() != '[' || line.back() != ']') return false;
        std::size_t j = 1;
        while (j < line.size() &&
               (text::isAlpha(line[j]) || text::isDigit(line[j]) || line[j] == '_'))
            ++j;
        const std::string_view key = line.substr(1, j - 1);
        if (key.empty()) return false;
        while (j < line.size() && text::isBlank(line[j])) ++j;
        if (j >= line.size() || line[j] != '"' || line[line.size() - 2] != '"' ||
            j == line.size() - 2)
            return false;
        return text::iequals(key, "event") || previousLineBlank_;
    }
    void skipLine() {
        while (pos_ < text_.size() && text_[pos_] != '\n' && text_[pos_] != '\r') ++pos_;
    }
    // A {...} comment: kept on the ply it follows (comment()), or a warning when never closed.
    void readComment() {
        const int line = line_;
        const int column = static_cast<int>(pos_ - lineStart_) + 1;
        ++pos_;
        const std::size_t from = pos_;
        while (pos_ < text_.size() && text_[pos_] != '}') {
            if (text_[pos_] == '\n' || text_[pos_] == '\r') {
                newline();
                if (atGameStart()) {
                    warnAnywhere(line, column, "unterminated-comment",
                                 "this '{' comment is not closed before the next game (line " +
                                     std::to_string(fileLine(line_)) +
                                     "): the text between is ignored",
                                 true);
                    if (game_.any) game_.movetext = true;
                    if (depth_ > 0) endOpenVariations();
                    depth_ = 0;  // a variation it was in ends with it
                    path_.clear();
                    return;
                }
            } else {
                ++pos_;
            }
        }
        if (pos_ < text_.size()) {
            comment(text_.substr(from, pos_ - from), line, column);
            ++pos_;
        } else {
            warnAnywhere(line, column, "unterminated-comment",
                         nextGameLine()
                             ? "this '{' comment is not closed before the next game (line " +
                                   std::to_string(nextGameLine()) + "): the text between is ignored"
                             : "this '{' comment is never closed: the rest of the file was ignored",
                         true);
        }
    }

    // The line being read: the main line, or the variation path_ leads to.
    RawLine& currentLine() {
        RawLine* line = &game_.line;
        for (std::size_t i : path_) line = &line->variations[i].body;
        return *line;
    }
    RawVariation& variationAt(const std::vector<std::size_t>& path) {
        RawLine* line = &game_.line;
        for (std::size_t k = 0; k + 1 < path.size(); ++k) line = &line->variations[path[k]].body;
        return line->variations[path.back()];
    }
    // Whether what is read now is kept: inside no variation, or inside variations all kept.
    bool keeping() const { return path_.size() == static_cast<std::size_t>(depth_); }

    // Comment text (a {...} or ; comment, a NAG, a move mark) on the ply just read of the line
    // being read. Outside any game it has no ply: said, not kept.
    void comment(std::string_view raw, int line, int column) {
        if (!game_.any) {
            std::string excerpt = normalizeComment(text::toUtf8(raw.substr(0, 40)));
            if (excerpt.empty()) return;
            // A note, not a warning: a file may well open with a comment of its own
            // ("; written by ...") and --strict should not fail for it.
            if (out_.fileDiagnostics.size() >= kMaxDiagnosticsPerFile) {
                ++out_.diagnosticsDropped;
                ++out_.droppedByCode["comment-outside-game"];
                return;
            }
            out_.fileDiagnostics.push_back(Diagnostic::at(
                Severity::Note, text::at(name_, line, column), "comment-outside-game",
                "a comment outside any game is not kept: \"" + excerpt +
                    (raw.size() > 40 ? "...\"" : "\"")));
            return;
        }
        if (!keeping() || game_.error) return;  // a variation not kept, a bad record
        std::string t = normalizeComment(text::toUtf8(raw));
        if (t.empty() || !game_.budget.takeComment(t, text::at(name_, line, column))) return;
        RawLine& l = currentLine();
        l.comments.emplace_back(static_cast<int>(l.moves.size()), std::move(t));
    }

    void openVariation() {
        const int column = static_cast<int>(pos_ - lineStart_) + 1;
        if (depth_ == 0) {
            variationLine_ = line_;
            variationColumn_ = column;
        }
        if (game_.any && keeping() && !game_.error &&
            game_.budget.takeVariation(path_.size() + 1, text::at(name_, line_, column))) {
            RawLine& l = currentLine();
            RawVariation v;
            v.after = static_cast<int>(l.moves.size());
            v.line = line_;
            v.column = column;
            v.open = pos_;
            v.close = pos_ + 1;
            l.variations.push_back(std::move(v));
            path_.push_back(l.variations.size() - 1);
        }
        ++depth_;
        ++pos_;
    }

    // The variations still open end here (a '(' never closed: its text up to the next game).
    void endOpenVariations() {
        while (!path_.empty()) {
            variationAt(path_).close = pos_;
            path_.pop_back();
        }
    }

    // A token inside a variation: a move of the variation (checked when it is replayed), a move
    // number, a NAG or a result (none ends the game inside a variation).
    void variationMove(std::string_view token, int column) {
        if (!game_.any || !keeping() || game_.error || isResultToken(token)) return;
        std::size_t k = 0;
        while (k < token.size() && text::isDigit(token[k])) ++k;
        if (k > 0 && k < token.size() && token[k] == '.') {
            while (k < token.size() && token[k] == '.') ++k;
            token.remove_prefix(k);
            column += static_cast<int>(k);
            if (token.empty()) return;
        }
        if (token[0] == '$') {
            comment(nagText(token), line_, column);
            return;
        }
        RawLine& l = currentLine();
        if (!l.moves.empty() && l.moves.back().square == core::kNoSquare) return;  // cut there
        const std::size_t offset = pos_ - token.size();
        const std::string_view mark = stripMarks(token);
        RawMove m{core::kNoSquare, line_, column, offset, token.size()};
        if (l.moves.size() >= kMaxRecordMoves)
            m.square = core::kNoSquare;  // more than a game holds: the replay stops here
        else if (!token.empty() && text::passLength(token) == static_cast<int>(token.size()))
            m.square = core::kPass;
        else
            m.square = core::parseMove(token);
        l.moves.push_back(m);
        if (!mark.empty() && m.square != core::kNoSquare) comment(mark, line_, column);
    }

    // Messages name lines of the file: a streamed file is read in blocks (ReadTypes.h
    // LocationBase), each cut where the next game starts.
    int fileLine(int line) const { return line + out_.base.lines; }
    int nextGameLine() const { return out_.base.nextBlockLine; }

    // A warning on the game being read, or on the file when there is none.
    void warnAnywhere(int line, int column, std::string code, std::string message,
                      bool damage = false) {
        if (game_.any) {
            warn(line, column, std::move(code), std::move(message), damage);
            return;
        }
        Diagnostic d = Diagnostic::at(Severity::Warning, text::at(name_, line, column),
                                      std::move(code), std::move(message));
        d.damage = damage;
        out_.fileDiagnostics.push_back(std::move(d));
    }

    void begin(int line) {
        if (!game_.any) {
            game_.any = true;
            game_.rec.source = text::at(name_, line);
            gameStart_ = pos_;
        }
    }

    void tag() {
        std::size_t i = pos_ + 1;
        while (i < text_.size() && text::isBlank(text_[i])) ++i;
        std::size_t j = i;
        while (j < text_.size() &&
               (text::isAlpha(text_[j]) || text::isDigit(text_[j]) || text_[j] == '_'))
            ++j;
        const std::string key = text::lower(text_.substr(i, j - i));
        // A game of tags only (a forfeit some programs write without movetext) ends where the
        // next game's tags begin: at a tag line after a blank line, or at a tag the game has
        // already (the next [Event "..."] with no blank line before it, as streaming cuts the
        // file there too: BlockStream.cpp).
        const bool blankBefore =
            previousLineBlank_ && text::trim(text_.substr(lineStart_, pos_ - lineStart_)).empty();
        const bool repeated = !key.empty() && std::find(game_.tags.begin(), game_.tags.end(),
                                                        key) != game_.tags.end();
        const bool tagsOnlyGameEnds =
            game_.any && game_.line.moves.empty() && !game_.error && (blankBefore || repeated);
        if (game_.movetext || tagsOnlyGameEnds) finish();
        const int line = line_;
        const int column = static_cast<int>(pos_ - lineStart_) + 1;
        begin(line);
        ++pos_;
        if (!key.empty()) game_.tags.push_back(key);
        while (j < text_.size() && text::isBlank(text_[j])) ++j;
        if (key.empty() || j >= text_.size() || text_[j] != '"') {
            warn(line, column, "bad-tag", "a tag is [Name \"value\"]");
            skipLine();
            return;
        }
        ++j;
        std::string value;
        std::size_t valueBytes = 0;  // as written, unescaped; only kMaxValueBytes + 1 are kept
        while (j < text_.size() && text_[j] != '"' && text_[j] != '\n' && text_[j] != '\r') {
            if (text_[j] == '\\' && j + 1 < text_.size() &&
                (text_[j + 1] == '"' || text_[j + 1] == '\\'))
                ++j;
            if (valueBytes++ <= kMaxValueBytes) value += text_[j];
            ++j;
        }
        if (j >= text_.size() || text_[j] != '"') {
            warn(line, column, "bad-tag", "the tag value has no closing quote");
            pos_ = j;
            return;
        }
        ++j;
        while (j < text_.size() && text_[j] != ']' && text_[j] != '\n' && text_[j] != '\r') ++j;
        pos_ = j < text_.size() && text_[j] == ']' ? j + 1 : j;
        std::string_view kept = value;
        if (valueBytes > kMaxValueBytes) {
            const std::string what = "the value of tag " + text::printable(key.substr(0, 32));
            kept = capValue(game_.rec, kept, text::at(name_, line, column), what.c_str());
        }
        std::string v = text::toUtf8(text::trim(kept));
        if (v == "?" || v == "??" || v == "-") v.clear();  // PGN's "unknown"
        setTag(key, std::move(v), line);
    }

    void setTag(const std::string& key, std::string value, int line) {
        GameRecord& r = game_.rec;
        if (key == "event")
            r.event = std::move(value);
        else if (key == "site")
            r.place = std::move(value);
        else if (key == "round")
            r.round = std::move(value);
        else if (key == "black")
            r.black = std::move(value);
        else if (key == "white")
            r.white = std::move(value);
        else if (key == "date") {
            r.year = text::yearOf(value);
            r.date = r.year ? text::isoDate(value) : std::string();
        } else if (key == "result") {
            game_.result = std::move(value);
        } else if (key == "fen") {
            game_.fen = std::move(value);
            game_.fenLine = line;
        } else if (key == "rules" || key == "variant" || key == "scoring") {
            (key == "rules" ? game_.rules : key == "variant" ? game_.variant : game_.scoring) =
                std::move(value);
            if (key == "rules" || !game_.rulesLine) game_.rulesLine = line;
        } else if (key == "theoreticalscore" || key == "theoreticaldepth") {
            // Extra tags PgnWriter writes for the WTHOR theoretical score and its depth.
            const bool depth = key == "theoreticaldepth";
            const auto n = text::parseNumber(value);
            if (n && *n <= (depth ? 60 : 64))
                (depth ? r.theoreticalDepth : r.theoreticalScore) = *n;
            else if (!value.empty())
                warn(line, 0, "bad-theoretical",
                     std::string(depth ? "TheoreticalDepth" : "TheoreticalScore") + " \"" + value +
                         "\" is not a number of " + (depth ? "empties" : "discs"));
        }
    }

    void warn(int line, int column, std::string code, std::string message, bool damage = false) {
        // A game of a million bad tags keeps no more than a file would (ReadLimits.h).
        if (game_.rec.diagnostics.size() >= kMaxDiagnosticsPerFile) {
            ++out_.diagnosticsDropped;
            ++out_.droppedByCode[code];
            return;
        }
        Diagnostic d = Diagnostic::at(Severity::Warning, text::at(name_, line, column),
                                      std::move(code), std::move(message));
        d.damage = damage;
        game_.rec.diagnostics.push_back(std::move(d));
    }

    // A warning on a finished record, within the limit of kept diagnostics (warn()).
    void addWarning(GameRecord& rec, Diagnostic d) {
        if (rec.diagnostics.size() >= kMaxDiagnosticsPerFile) {
            ++out_.diagnosticsDropped;
            ++out_.droppedByCode[d.code];
            return;
        }
        rec.diagnostics.push_back(std::move(d));
    }

    void move(std::string_view token, int column) {
        // Move numbers, possibly glued to the move: "12." "12..." "1.f5".
        std::size_t k = 0;
        while (k < token.size() && text::isDigit(token[k])) ++k;
        if (isResultToken(token)) {
            begin(line_);
            if (game_.result.empty() || game_.result == "*") game_.result = std::string(token);
            game_.movetext = true;
            finish();
            return;
        }
        if (k > 0 && k < token.size() && token[k] == '.') {
            while (k < token.size() && token[k] == '.') ++k;
            token.remove_prefix(k);
            column += static_cast<int>(k);
            if (token.empty()) return;
        }
        if (token[0] == '$') {  // a NAG: kept as comment text
            comment(nagText(token), line_, column);
            return;
        }
        begin(line_);
        game_.movetext = true;
        if (game_.error) return;  // the record is already bad: skip to its end
        if (pos_ - gameStart_ > kMaxRecordBytes) {
            Diagnostic d = Diagnostic::at(
                Severity::Error, text::at(name_, line_, column), "record-too-large",
                "the game's text runs past " + std::to_string(kMaxRecordBytes >> 20) +
                    " MiB: the rest of it, up to the next game, is skipped");
            d.damage = true;
            game_.error = std::move(d);
            return;
        }
        // More tokens than a game can hold: the replay fails before the ones not kept.
        if (game_.line.moves.size() >= kMaxRecordMoves) return;
        const std::size_t offset = pos_ - token.size();
        const std::string_view mark = stripMarks(token);
        if (!token.empty() && text::passLength(token) == static_cast<int>(token.size())) {
            game_.line.moves.push_back({core::kPass, line_, column, offset, token.size()});
            if (!mark.empty()) comment(mark, line_, column);
            return;
        }
        const int sq = core::parseMove(token);  // a square, or a one-line move "C4>E6"
        if (sq == core::kNoSquare) {
            // The commonest wrong file: PGN is chess's format first. Its pawn moves ("e4") are
            // squares, so the first piece move or capture is where it shows.
            const bool chess = looksLikeChessMove(token);
            std::string message(1, '\'');
            message.append(text::toUtf8(token.substr(0, 16)));
            message.append(chess ? "' is a chess move: not an Othello game (this PGN records chess)"
                                 : "' is not a square or a pass");
            Diagnostic d =
                Diagnostic::at(Severity::Error, text::at(name_, line_, column),
                               chess ? "chess-game" : "not-a-square", std::move(message));
            d.moveNumber = static_cast<int>(std::count_if(
                               game_.line.moves.begin(), game_.line.moves.end(),
                               [](const RawMove& m) { return m.square != core::kPass; })) +
                           1;  // disc moves only, as core::ReplayError counts
            game_.error = std::move(d);
            return;
        }
        game_.line.moves.push_back({sq, line_, column, offset, token.size()});
        if (!mark.empty()) comment(mark, line_, column);
    }

    // The rules the tags state: [Rules "code"] wins (the exact code); else [Variant] names the
    // rule set ("Reversi": one line; "Reversi all lines"; "Othello") and [Scoring] the scoring
    // ("discs", "empties"), fitted to the FEN's board when there is one. None: Othello.
    bool applyRules(GameRecord& rec) {
        const SourceLocation where = text::at(name_, game_.rulesLine);
        const bool board = !game_.fen.empty();
        if (!game_.rules.empty()) {
            const auto stated = readRulesCode(rec, game_.rules, where, "the Rules tag");
            return stated && applyRecordRules(rec, stated, board, where);
        }
        if (game_.variant.empty() && game_.scoring.empty())
            return applyRecordRules(rec, std::nullopt, board, where);
        core::Rules base = core::othelloRules();
        if (const auto named = pgn::variantRules(game_.variant))
            base = *named;
        else if (!game_.variant.empty())
            warn(game_.rulesLine, 0, "unknown-variant",
                 "Variant \"" + game_.variant + "\" is no rule set this tool knows (Othello, "
                 "Reversi, Reversi all lines): the game is read as Othello");
        if (const auto scoring = pgn::scoringNamed(game_.scoring))
            base.scoring = *scoring;
        else if (!game_.scoring.empty())
            warn(game_.rulesLine, 0, "unknown-scoring",
                 "Scoring \"" + game_.scoring + "\" is neither \"discs\" nor \"empties\": the "
                 "rule set's own scoring is kept");
        if (board) base = core::fitStart(base, rec.start);
        return applyRecordRules(rec, base, board, where);
    }

    // The Result tag, read and checked as every format's (StatedResult.h).
    void applyResult(GameRecord& r) {
        parseStatedResult(r, game_.result);
        StatedResultSite site;  // "result-mismatch", "the result says ..."
        site.where = text::at(name_, r.source.line);
        checkStatedResult(r, site);
    }

    void finish() {
        if (!game_.any) {
            game_ = PendingGame{};
            return;
        }
        GameRecord rec = std::move(game_.rec);
        rec.format = Format::Pgn;
        rec.status = GameStatus::Incomplete;
        bool ok = true;
        if (!game_.fen.empty()) {
            const core::BoardParse b = core::parseBoard(game_.fen);
            if (b.error) {
                addDiagnostic(rec, Severity::Error, text::at(name_, game_.fenLine), "bad-fen",
                              "FEN: " + b.error->message);
                ok = false;
            } else {
                rec.start = b.position;
            }
        }
        if (ok) ok = applyRules(rec);
        if (ok && game_.error) {
            Diagnostic d = std::move(*game_.error);
            rec.diagnostics.push_back(std::move(d));
            rec.status = GameStatus::Error;
            ok = false;
        }
        if (ok) {
            std::vector<int> tokens;
            tokens.reserve(game_.line.moves.size());
            for (const RawMove& m : game_.line.moves) tokens.push_back(m.square);
            if (int index = -1; !replayRecord(rec, tokens, rec.source, &index)) {
                Diagnostic& d = rec.diagnostics.back();
                if (index >= 0 && index < static_cast<int>(game_.line.moves.size())) {
                    d.where.line = game_.line.moves[index].line;
                    d.where.column = game_.line.moves[index].column;
                }
            } else {
                applyResult(rec);
                warnIfNoMoves(rec);
                annot::buildAnnotations(rec, game_.line, text_, name_, game_.budget,
                                        [&](Diagnostic d) { addWarning(rec, std::move(d)); });
                for (Diagnostic& d : game_.budget.report()) addWarning(rec, std::move(d));
            }
        }
        keepRecord(out_, options_, std::move(rec));
        game_ = PendingGame{};
        path_.clear();
    }

    const std::string& name_;
    std::string_view text_;
    const ReadOptions& options_;
    FileResult& out_;
    std::size_t pos_ = 0;
    std::size_t lineStart_ = 0;
    std::size_t gameStart_ = 0;  // where the game being read begins
    bool previousLineBlank_ = true;
    int line_ = 1;
    int depth_ = 0;
    std::vector<std::size_t> path_;  // the kept variations open, as indices from the main line
    int variationLine_ = 0;          // where the outermost open '(' is
    int variationColumn_ = 0;
    PendingGame game_;
};

}  // namespace

bool looksLikePgn(std::string_view textIn) {
    std::string_view text = text::stripBom(textIn);
    std::size_t pos = 0;
    for (int n = 0; n < 50 && pos < text.size(); ++n) {
        const std::string_view line = text::trim(text::nextLine(text, pos));
        if (line.empty() || line[0] == '%' || line[0] == ';' || line[0] == '#') continue;
        if (line.size() < 5 || line.front() != '[' || line.back() != ']') return false;
        return line.find('"') != std::string_view::npos;
    }
    return false;
}

void readPgn(const std::string& name, std::string_view text, const ReadOptions& options,
             FileResult& out) {
    PgnParser(name, text::stripBom(text), options, out).run();
}

}  // namespace othello::importers
