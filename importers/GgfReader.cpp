#include "GgfReader.h"

#include <algorithm>
#include <charconv>
#include <cmath>

#include "AnnotationBuilder.h"
#include "GgfScan.h"
#include "GgfValues.h"
#include "ReadLimits.h"
#include "ReaderUtil.h"
#include "RecordReplay.h"
#include "RecordRules.h"
#include "StatedResult.h"
#include "core/Notation.h"

namespace othello::importers {

namespace {

using ggf::GgfScan;
using ggf::isSpace;
using ggf::Property;
using ggf::scanGame;
using text::isDigit;
using text::trim;

// Line and column (1-based) of byte offsets. A cursor rather than a table of line starts (8
// bytes a line: 8 GB for a file of newlines): it moves forward with the reader, and back only
// within the record being read, so the whole file is scanned about once.
class LineIndex {
  public:
    explicit LineIndex(std::string_view text) : text_(text) {}
    SourceLocation at(const std::string& path, std::size_t offset, std::int64_t record) const {
        offset = std::min(offset, text_.size());
        if (offset >= pos_) {
            for (std::size_t i = pos_; i < offset; ++i) {
                if (text_[i] == '\n') {
                    ++line_;
                    lineStart_ = i + 1;
                }
            }
        } else if (offset < lineStart_) {  // back across line ends
            line_ -= static_cast<int>(
                std::count(text_.begin() + static_cast<std::ptrdiff_t>(offset),
                           text_.begin() + static_cast<std::ptrdiff_t>(lineStart_), '\n'));
            lineStart_ = offset == 0 ? 0 : text_.rfind('\n', offset - 1) + 1;  // npos + 1 == 0
        }
        pos_ = offset;
        SourceLocation loc;
        loc.path = path;
        loc.line = line_;
        loc.column = static_cast<int>(offset - lineStart_ + 1);
        loc.record = record;
        loc.byteOffset = static_cast<std::int64_t>(offset);
        return loc;
    }

  private:
    std::string_view text_;
    mutable std::size_t pos_ = 0;        // the offset the cursor is at
    mutable std::size_t lineStart_ = 0;  // of the line it is on
    mutable int line_ = 1;
};

// Where one game is: the file, its line index and the record's number.
struct GameSite {
    const std::string& name;
    const LineIndex& lines;
    std::int64_t index;
    SourceLocation at(std::size_t offset) const { return lines.at(name, offset, index); }
};

// The header values read before the moves (type, game, board, result, theoretical score,
// komi, rules), each with the offset of its property.
struct GgfHeader {
    std::string_view ty = "8", gm = "Othello", bo, re, ts, km, ru;
    std::size_t boAt = 0, reAt = 0, tsAt = 0, kmAt = 0, ruAt = 0;
};

// The metadata into `r` (first, so that even a bad record says whose game it was); the values
// read later are returned.
GgfHeader readHeader(const GameSite& site, std::size_t start, const std::vector<Property>& props,
                     GameRecord& r) {
    const auto capped = [&](const Property& p) {
        const std::string what = "the value of " + std::string(p.key.substr(0, 16));
        return std::string(trim(capValue(r, p.value, site.at(p.offset), what.c_str())));
    };
    GgfHeader h;
    h.boAt = h.reAt = h.tsAt = h.kmAt = h.ruAt = start;
    for (const auto& p : props) {
        const std::string value(trim(p.value));
        if (p.key == "PB")
            r.black = capped(p);
        else if (p.key == "PW")
            r.white = capped(p);
        else if (p.key == "PC")
            r.place = capped(p);
        else if (p.key == "EV")
            r.event = capped(p);
        else if (p.key == "RO")
            r.round = capped(p);
        else if (p.key == "TY")
            h.ty = trim(p.value);
        else if (p.key == "GM")
            h.gm = trim(p.value);
        else if (p.key == "BO")
            h.bo = p.value, h.boAt = p.offset;
        else if (p.key == "RE")
            h.re = trim(p.value), h.reAt = p.offset;
        else if (p.key == "TS")
            h.ts = trim(p.value), h.tsAt = p.offset;
        else if (p.key == "KM")
            h.km = trim(p.value), h.kmAt = p.offset;
        else if (p.key == "RU")
            h.ru = trim(p.value), h.ruAt = p.offset;
        else if (p.key == "DT") {
            if (!ggf::parseGgfDate(p.value, r.date, r.year))
                addDiagnostic(r, Severity::Warning, site.at(p.offset), "bad-date",
                              "DT[" + value + "] is neither a date nor a Unix time");
        }
    }
    return h;
}

// RE[] (the disc difference) and TS[] (the theoretical score): warnings when unreadable.
void readStatedValues(const GameSite& site, const GgfHeader& h, GameRecord& r) {
    if (!h.re.empty()) {
        r.statedResult = std::string(h.re);
        std::string_view number = h.re.substr(0, h.re.find(':'));
        if (!number.empty() && number.front() == '+') number.remove_prefix(1);
        double diff = 0;
        const auto [p, ec] = std::from_chars(number.data(), number.data() + number.size(), diff);
        if (ec == std::errc() && p == number.data() + number.size() && diff >= -64 && diff <= 64)
            r.statedDiscDiff = diff;
        else
            addDiagnostic(r, Severity::Warning, site.at(h.reAt), "bad-result",
                          "RE[" + std::string(h.re) + "] is not a disc difference");
    }
    if (!h.ts.empty()) {
        // TS[score/depth]: our own property for the WTHOR theoretical score (GgfWriter.h).
        const std::size_t slash = h.ts.find('/');
        const bool hasDepth = slash != std::string_view::npos;
        const auto score = text::parseNumber(trim(h.ts.substr(0, slash)));
        const int depth =
            hasDepth ? text::parseNumber(trim(h.ts.substr(slash + 1))).value_or(-1) : -1;
        if (score && *score <= 64 && (!hasDepth || (depth >= 0 && depth <= 60))) {
            r.theoreticalScore = *score;
            if (hasDepth) r.theoreticalDepth = depth;
        } else {
            addDiagnostic(
                r, Severity::Warning, site.at(h.tsAt), "bad-theoretical",
                "TS[" + std::string(h.ts) + "] is not a theoretical score and depth (TS[31/24])");
        }
    }
}

// GM[], KM[], TY[] and BO[]: the game played and where it starts. False (an error in `r`) for a
// game other than Othello, a variant not played or a board that cannot be read.
bool readVariant(const GameSite& site, const GgfHeader& h, GameRecord& r) {
    if (!text::iequals(h.gm, "othello")) {
        addDiagnostic(r, Severity::Error, r.source, "unsupported-variant",
                      "only Othello is played; this game is GM[" + std::string(h.gm) + "]");
        return false;
    }
    if (!h.km.empty()) {
        // KM[]: the komi of a komi game (GameVariant.h says in whose favour).
        double komi = 0;
        const auto [p, ec] = std::from_chars(h.km.data(), h.km.data() + h.km.size(), komi);
        if (ec == std::errc() && p == h.km.data() + h.km.size() && komi >= -64 && komi <= 64)
            r.variant.komi = komi;
        else
            addDiagnostic(r, Severity::Warning, site.at(h.kmAt), "bad-komi",
                          "KM[" + std::string(h.km) + "] is not a komi");
    }
    if (std::string why; !parseGgfType(h.ty, r.variant, why)) {
        addDiagnostic(r, Severity::Error, r.source, "unsupported-variant", why);
        return false;
    }
    if (!h.bo.empty()) {
        std::string why;
        if (!ggf::parseGgfBoard(h.bo, r.start, why)) {
            const bool otherSize = why.rfind("board size", 0) == 0;
            addDiagnostic(r, Severity::Error, site.at(h.boAt),
                          otherSize ? "unsupported-variant" : "bad-board",
                          otherSize ? why : "BO[...]: " + why);
            return false;
        }
    }
    // RU[code]: our own property for rules other than Othello's (GgfWriter.h).
    std::optional<core::Rules> stated;
    if (!h.ru.empty() && !(stated = readRulesCode(r, h.ru, site.at(h.ruAt), "RU[]")))
        return false;
    return applyRecordRules(r, stated, !h.bo.empty(), site.at(h.ruAt));
}

// The moves as read: tokens (passes the reader inferred included), the offset of the property
// each comes from, and the C[...] comments (GgfWriter.h) keyed by the move tokens before them.
struct GgfMoves {
    std::vector<int> tokens;
    std::vector<std::size_t> tokenAt;
    annot::AnnotationBudget budget;
    std::vector<std::pair<int, std::string>> comments;
};

// Replays the tokens so far; an illegal move is located at its property.
bool replayTokens(const GameSite& site, const GgfMoves& m, GameRecord& r) {
    int failed = -1;
    if (replayRecord(r, m.tokens, r.source, &failed)) return true;
    Diagnostic& d = r.diagnostics.back();
    const auto k = static_cast<std::size_t>(failed);
    if (failed >= 0 && k < m.tokenAt.size()) d.where = site.at(m.tokenAt[k]);
    return false;
}

// Who is to move while the moves are read, to tell a pass left out from a move by the wrong
// side. Othello's rules on Position itself (the hot path); other rules on core::ruleMoves.
struct SideTracker {
    const core::Rules& rules;
    bool othello() const {
        return rules.flipping == core::Flipping::AllLines && rules.start != core::Start::Placements;
    }
    bool mustPass(const core::Position& pos) const {
        if (othello()) return pos.mustPass();
        const std::vector<core::RuleMove> moves = core::ruleMoves(pos, rules);
        return moves.size() == 1 && moves.front().move == core::kPass;
    }
    // Plays `token` on `pos`; false when it is not a move there (the replay then says why).
    bool play(core::Position& pos, int token) const {
        if (othello()) {
            if (token == core::kPass) {
                if (pos.canMove()) return false;
                pos.pass();
            } else if (pos.isLegal(token)) {
                pos.play(token);
            } else {
                return false;
            }
            return true;
        }
        for (const core::RuleMove& m : core::ruleMoves(pos, rules)) {
            if (m.move != token) continue;
            core::playRuleMove(pos, m);
            return true;
        }
        return false;
    }
};

// Moves: B[...] and W[...], with passes written or (tolerated) left out, and the comments
// between them. False (an error in `r`) at a move that is no square, played by the wrong side
// or illegal.
bool readMoves(const GameSite& site, const std::vector<Property>& props, GgfMoves& m,
               GameRecord& r) {
    core::Position pos = r.start;
    bool tracking = pos.isValid();
    const SideTracker tracker{r.rules};
    int moveNumber = 0;
    for (const auto& p : props) {
        if (p.key == "C") {
            std::string t = normalizeComment(p.value);
            if (!t.empty() && m.budget.takeComment(t, site.at(p.offset)))
                m.comments.emplace_back(static_cast<int>(m.tokens.size()), std::move(t));
            continue;
        }
        if (p.key != "B" && p.key != "W") continue;
        // Move numbers count disc moves only, as core::ReplayError does.
        moveNumber = discMoves(m.tokens) + 1;
        const SourceLocation where = site.at(p.offset);
        // A view of p.value itself: p.value.substr() would be a temporary string, gone before
        // mv is read (found by fuzz_ggf, ASan stack-use-after-scope).
        const std::string_view value = p.value;
        std::string_view mv = trim(value.substr(0, value.find('/')));
        const core::Color side = p.key == "B" ? core::Color::Black : core::Color::White;
        int sq;
        if (text::iequals(mv, "pa") || text::iequals(mv, "pass"))
            sq = core::kPass;
        else if ((sq = core::parseMove(mv)) == core::kNoSquare) {
            if (!replayTokens(site, m, r)) return false;
            addDiagnostic(r, Severity::Error, where, "bad-move",
                          "move " + std::to_string(moveNumber) + ": '" + std::string(mv) +
                              "' is not a square or a pass",
                          moveNumber);
            return false;
        }
        if (tracking && side != pos.toMove()) {
            if (tracker.mustPass(pos)) {  // a pass left out: the replay makes it explicit
                m.tokens.push_back(core::kPass);
                m.tokenAt.push_back(p.offset);
                pos.pass();
            } else {
                if (!replayTokens(site, m, r)) return false;
                std::string message = "move " + std::to_string(moveNumber) + " (" +
                                      std::string(mv) + ") is played by " + core::colorName(side) +
                                      " but " + core::colorName(pos.toMove()) + " is to move";
                addDiagnostic(r, Severity::Error, where, "wrong-side", message, moveNumber, sq);
                return false;
            }
        }
        m.tokens.push_back(sq);
        m.tokenAt.push_back(p.offset);
        if (tracking) tracking = tracker.play(pos, sq);  // else the replay reports it
    }
    return replayTokens(site, m, r);
}

// A game that replays: its comments on their plies, the annotation warnings, and RE against
// the replay.
void finishGame(const GameSite& site, const GgfHeader& h, GgfMoves& m, GameRecord& r) {
    warnIfNoMoves(r);
    if (!m.comments.empty()) {
        // Each comment on the ply of the move it follows (passes the replay inferred included).
        const std::vector<int> ply =
            annot::plyOfTokens(core::replay(r.start, m.tokens, r.rules));
        for (const auto& [n, t] : m.comments)
            addComment(r.comments, n == 0 ? 0 : ply[n - 1] + 1, t);
    }
    for (Diagnostic& d : m.budget.report()) r.diagnostics.push_back(std::move(d));
    if (r.statedDiscDiff && !r.variant.anti && !r.variant.komi &&
        r.rules.scoring == core::Scoring::EmptiesToWinner) {
        // Black's discs when the difference stands for a whole number of them (64 discs shared
        // out). For a game that stops early RE is its official result, not a disc count. In
        // anti and komi games RE is a result under their rule, not a count of discs; when the
        // discs are counted as they stand (core::Scoring::Discs) the empties are nobody's, so
        // the difference gives no count either.
        const double black = (64 + *r.statedDiscDiff) / 2;
        if (black == static_cast<int>(black) && black >= 0 && black <= 64)
            r.statedBlackDiscs = static_cast<int>(black);
    }
    // RE against the replay, under the variant's rule (StatedResult.h). A RE with a ':'
    // suffix ("+12.00:r") says how the game was decided off the board: it stands as stated.
    StatedResultSite check;
    check.code = "re-mismatch";
    check.what = "RE";
    check.decided = h.re.find(':') != std::string_view::npos;
    if (r.statedDiscDiff) check.where = site.at(h.reAt);
    checkStatedResult(r, check);
    // --strict is applied by keepRecord, the one place for every reader: applied here too, it
    // would also steer parseGame's choice between the split and the as-written reading.
}

// Interprets the properties of one game into `r`: header, result, variant, moves, in that
// order; the first error ends it.
void readGame(const std::string& name, std::size_t start, const LineIndex& lines,
              std::int64_t index, const GgfScan& scan, GameRecord& r) {
    const GameSite site{name, lines, index};
    r.format = Format::Ggf;
    r.source = site.at(start);
    r.source.column = 0;  // the record is located by its line
    for (const GgfScan::Repair& repair : scan.repairs)
        addDamage(r, site.at(repair.at), repair.code, repair.message);
    const GgfHeader h = readHeader(site, start, scan.props, r);
    if (!scan.error.empty()) {
        addDiagnostic(r, Severity::Error, site.at(scan.errorAt), "bad-game", scan.error);
        r.diagnostics.back().damage = scan.errorDamage;
        return;
    }
    readStatedValues(site, h, r);
    if (!readVariant(site, h, r)) return;
    GgfMoves m;
    if (!readMoves(site, scan.props, m, r)) return;
    finishGame(site, h, m, r);
}

// Reads the game at `start` ("(;") into `r`; returns the offset after it. A value holding a
// header property ("PB[Name PW[Other]") is split there (its ']' taken as missing), unless
// that makes the record bad while the value read as written gives a good one: a correct
// record is never lost to the heuristic; it then gets the warning "suspicious-value".
std::size_t parseGame(const std::string& name, std::string_view text, std::size_t start,
                      const LineIndex& lines, std::int64_t index, GameRecord& r) {
    const GgfScan split = scanGame(text, start, true);
    readGame(name, start, lines, index, split, r);
    if (!split.split || r.ok()) return split.end;
    const GgfScan plain = scanGame(text, start, false);
    GameRecord asWritten;
    readGame(name, start, lines, index, plain, asWritten);
    if (!asWritten.ok()) return split.end;
    addDiagnostic(asWritten, Severity::Warning, asWritten.source, "suspicious-value",
                  split.splitNote +
                      ": a ']' may be missing, but splitting the value there makes the record "
                      "bad, so it is read as written");
    r = std::move(asWritten);
    return plain.end;
}

}  // namespace

bool looksLikeGgf(std::string_view head) {
    std::string_view t = trim(text::stripBom(head));
    if (t.find("(;GM[") != std::string_view::npos) return true;
    while (!t.empty() && isDigit(t.front())) t.remove_prefix(1);  // "1 (;" match prefix
    t = trim(t);
    return t.substr(0, 2) == "(;";
}

void readGgf(const std::string& name, std::string_view text, const ReadOptions& options,
             FileResult& out) {
    out.path = name;
    out.format = Format::Ggf;
    const LineIndex lines(text);
    std::int64_t index = 0;
    // Offsets stay those of the whole text (line and column); a UTF-8 BOM is not stray text.
    std::size_t i = text.size() - text::stripBom(text).size();
    while (i < text.size()) {
        const std::size_t start = text.find("(;", i);
        // Between games only blanks and the "1 " match prefixes are expected.
        const std::string_view between =
            text.substr(i, (start == std::string_view::npos ? text.size() : start) - i);
        for (std::size_t k = 0; k < between.size(); ++k) {
            const char c = between[k];
            if (!isSpace(c) && !isDigit(c)) {
                if (out.fileDiagnostics.size() >= kMaxDiagnosticsPerFile) {
                    ++out.diagnosticsDropped;
                    ++out.droppedByCode["stray-text"];
                    break;
                }
                out.fileDiagnostics.push_back(
                    Diagnostic::at(Severity::Warning, lines.at(name, i + k, -1), "stray-text",
                                   "text outside any game is ignored"));
                break;
            }
        }
        if (start == std::string_view::npos) break;
        GameRecord r;
        i = std::max(parseGame(name, text, start, lines, index++, r), start + 2);
        keepRecord(out, options, std::move(r));
    }
    // No game at all: the front door (Reader.cpp) says "no-games".
}

}  // namespace othello::importers
