#include "GgfReader.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <ctime>

#include "ReadLimits.h"
#include "ReaderUtil.h"
#include "RecordReplay.h"
#include "core/Notation.h"

namespace othello::importers {

namespace {

using text::isDigit;
using text::trim;

bool isSpace(char c) {
    return text::isBlank(c) || c == '\n';
}

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

struct Property {
    std::string_view key;
    std::string value;       // "\\]" read as ']'
    std::size_t offset = 0;  // of the key
};

// The properties that start a game's header: the sign of a missing ']' when one of them
// begins inside a value ("PB[Name PW[Other]").
bool isHeaderKey(std::string_view k) {
    static constexpr std::string_view kKeys[] = {"GM", "PC", "DT", "PB", "PW", "RB", "RW", "TI",
                                                 "TY", "RE", "BO", "TS", "EV", "RO", "KM"};
    return std::find(std::begin(kKeys), std::end(kKeys), k) != std::end(kKeys);
}

// A value as written: "\]" is a ']', "\[" a '['; no more than kMaxValueBytes + 1 bytes kept.
std::string unescape(std::string_view raw) {
    std::string out;
    for (std::size_t k = 0; k < raw.size() && out.size() <= kMaxValueBytes; ++k) {
        if (raw[k] == '\\' && k + 1 < raw.size() && (raw[k + 1] == ']' || raw[k + 1] == '[')) ++k;
        out += raw[k];
    }
    return out;
}

bool isUpper(char c) {
    return c >= 'A' && c <= 'Z';
}

// The properties of one game, as written: what parseGame interprets.
struct GameScan {
    std::vector<Property> props;
    std::size_t end = 0;  // offset after the game (or where reading stopped)
    std::string error;    // a syntax error that rejects the record
    std::size_t errorAt = 0;
    bool errorDamage = false;  // the error is a construct never closed or a record too large
    // Damage the record survives: a value whose ']' is missing before another header property
    // (split there) or before ";)" (cut there), a game never closed.
    struct Repair {
        std::size_t at;
        std::string code;
        std::string message;
    };
    std::vector<Repair> repairs;
    bool split = false;     // a value was split at a header property
    std::string splitNote;  // the first one: "PB[...] holds PW["
};

// Reads the properties of the game at `start` ("(;"). With `splitAtKeys`, a header property
// (isHeaderKey) that begins inside a value, after a character that is not an upper-case
// letter, ends that value: its ']' is taken as missing.
GameScan scanGame(std::string_view text, std::size_t start, bool splitAtKeys) {
    GameScan g;
    g.errorAt = start;
    std::size_t i = start + 2;
    bool closed = false;
    const auto tooLarge = [&](std::size_t at) {
        if (at - start <= kMaxRecordBytes) return false;
        g.error = "the game is longer than " + std::to_string(kMaxRecordBytes >> 20) +
                  " MiB: skipped up to the next game";
        g.errorAt = start;
        g.errorDamage = true;
        const std::size_t next = text.find("(;", at);
        g.end = next == std::string_view::npos ? text.size() : next;
        return true;
    };
    while (i < text.size()) {
        if (tooLarge(i)) return g;
        const char c = text[i];
        if (isSpace(c) || c == ';') {
            if (c == ';' && i + 1 < text.size() && text[i + 1] == ')') {
                closed = true;
                i += 2;
                break;
            }
            ++i;
            continue;
        }
        if (c == ')') {
            closed = true;
            ++i;
            break;
        }
        if (c == '(' && i + 1 < text.size() && text[i + 1] == ';') {
            g.repairs.push_back({start, "unterminated-game",
                                 "the game is not closed by ';)' before the next game starts"});
            closed = true;
            break;
        }
        if (!isUpper(c)) {
            g.error = "unexpected character '";
            g.error += c;
            g.error += "' (expected a property like PB[...])";
            g.errorAt = i;
            break;
        }
        const std::size_t keyStart = i;
        while (i < text.size() && isUpper(text[i])) ++i;
        const std::string_view key = text.substr(keyStart, i - keyStart);
        if (i >= text.size() || text[i] != '[') {
            g.error = "property " + std::string(key.substr(0, 16)) + " has no [value]";
            g.errorAt = keyStart;
            break;
        }
        // The value, up to its ']' (a "\]" is part of it).
        Property p{key, {}, keyStart};
        const std::size_t valueStart = i + 1;
        std::size_t j = valueStart;
        enum { Closed, Split, Unclosed, TooLarge } how = Unclosed;
        while (j < text.size()) {
            if (j - start > kMaxRecordBytes) {
                how = TooLarge;
                break;
            }
            const char v = text[j];
            if (v == '\\' && j + 1 < text.size() && (text[j + 1] == ']' || text[j + 1] == '[')) {
                p.value += text[j + 1];
                j += 2;
                continue;
            }
            if (v == ']') {
                how = Closed;
                break;
            }
            if (v == '(' && j + 1 < text.size() && text[j + 1] == ';') break;  // the next game
            if (splitAtKeys && j + 2 < text.size() && text[j + 2] == '[' && isUpper(v) &&
                isHeaderKey(text.substr(j, 2)) && (j == valueStart || !isUpper(text[j - 1]))) {
                how = Split;
                break;
            }
            if (p.value.size() <= kMaxValueBytes) p.value += v;
            ++j;
        }
        if (how == TooLarge && tooLarge(j)) return g;
        if (how == Closed) {
            g.props.push_back(std::move(p));
            i = j + 1;
            continue;
        }
        if (how == Split) {
            g.repairs.push_back({keyStart, "unterminated-value",
                                 std::string(key.substr(0, 16)) + "[ is not closed by ']' before " +
                                     std::string(text.substr(j, 2)) + "[: read as two properties"});
            if (!g.split)
                g.splitNote = std::string(key.substr(0, 16)) + "[...] holds " +
                              std::string(text.substr(j, 2)) + "[";
            g.split = true;
            g.props.push_back(std::move(p));
            i = j;
            continue;
        }
        // Never closed before the next game or the end of the file: when a ";)" comes first,
        // the value and the game end there; otherwise the record is lost from here on.
        const std::size_t cut = text.substr(valueStart, j - valueStart).find(";)");
        if (cut != std::string_view::npos) {
            p.value = unescape(text.substr(valueStart, cut));
            g.repairs.push_back({keyStart, "unterminated-value",
                                 std::string(key.substr(0, 16)) +
                                     "[ is not closed by ']' before ';)': the value and the "
                                     "game end there"});
            g.props.push_back(std::move(p));
            i = valueStart + cut + 2;
            closed = true;
            break;
        }
        g.error = "property " + std::string(key.substr(0, 16)) + " is not closed by ']'";
        g.errorAt = keyStart;
        g.errorDamage = true;
        i = j;
        break;
    }
    if (g.error.empty() && !closed)
        g.repairs.push_back({start, "unterminated-game", "the game is not closed by ';)'"});
    g.end = i;
    return g;
}

// "2003.12.15_12:33:18.MST", "2003-12-15", "1992" or a Unix time -> ISO date and year.
bool parseDate(std::string_view dt, std::string& date, int& year) {
    dt = trim(dt);
    if (dt.empty()) return false;
    const bool allDigits = std::all_of(dt.begin(), dt.end(), isDigit);
    if (allDigits && dt.size() > 4) {  // seconds since 1970
        long long seconds = 0;
        const auto [p, ec] = std::from_chars(dt.data(), dt.data() + dt.size(), seconds);
        if (ec != std::errc() || p != dt.data() + dt.size() || seconds > 253402300799LL)
            return false;
        const std::time_t t = static_cast<std::time_t>(seconds);
        std::tm tm{};
        if (!gmtime_r(&t, &tm)) return false;
        char buf[48];
        std::snprintf(buf, sizeof buf, "%04d-%02d-%02d", tm.tm_year + 1900, tm.tm_mon + 1,
                      tm.tm_mday);
        date = buf;
        year = tm.tm_year + 1900;
        return true;
    }
    // Year, then optional month and day, separated by '.', '-' or '/'.
    int parts[3] = {0, 0, 0};
    int count = 0;
    std::size_t i = 0;
    while (count < 3) {
        std::size_t j = i;
        while (j < dt.size() && isDigit(dt[j])) ++j;
        if (j == i || j - i > 4) break;
        std::from_chars(dt.data() + i, dt.data() + j, parts[count]);
        ++count;
        if (j >= dt.size() || (dt[j] != '.' && dt[j] != '-' && dt[j] != '/')) break;
        i = j + 1;
    }
    if (count == 0 || parts[0] < 1000) return false;
    char buf[48];
    if (count >= 3 && parts[1] >= 1 && parts[1] <= 12 && parts[2] >= 1 && parts[2] <= 31)
        std::snprintf(buf, sizeof buf, "%04d-%02d-%02d", parts[0], parts[1], parts[2]);
    else if (count >= 2 && parts[1] >= 1 && parts[1] <= 12)
        std::snprintf(buf, sizeof buf, "%04d-%02d", parts[0], parts[1]);
    else
        std::snprintf(buf, sizeof buf, "%04d", parts[0]);
    date = buf;
    year = parts[0];
    return true;
}

// BO[8 -------- ... *]: size, 64 cells ('-' empty, '*' black, 'O' white; x/o and '.' accepted),
// then the side to move.
bool parseGgfBoard(std::string_view bo, core::Position& out, std::string& why) {
    bo = trim(bo);
    std::size_t i = 0;
    while (i < bo.size() && isDigit(bo[i])) ++i;
    if (i == 0 || bo.substr(0, i) != "8") {
        why = "board size '" + std::string(bo.substr(0, std::min<std::size_t>(i, 8))) + "'";
        return false;
    }
    core::Bitboard black = 0, white = 0;
    int square = 0;
    int side = -1;
    for (; i < bo.size(); ++i) {
        const char c = bo[i];
        if (isSpace(c)) continue;
        int v;
        switch (c) {
            case '-':
            case '.':
                v = 0;
                break;
            case '*':
            case 'X':
            case 'x':
            case '#':
                v = 1;
                break;
            case 'O':
            case 'o':
                v = 2;
                break;
            default:
                why = "character '";
                why += c;
                why += "' in the board";
                return false;
        }
        if (square < 64) {
            if (v == 1) black |= core::bit(square);
            if (v == 2) white |= core::bit(square);
            ++square;
        } else if (side < 0 && v != 0) {
            side = v == 1 ? 0 : 1;
        } else {
            why = "text after the side to move";
            return false;
        }
    }
    if (square < 64) {
        why = "the board has " + std::to_string(square) + " squares, 64 are needed";
        return false;
    }
    if (side < 0) {
        why = "no side to move after the board";
        return false;
    }
    out = core::Position(black, white, side == 0 ? core::Color::Black : core::Color::White);
    return true;
}

// Interprets the properties of one game into `r`.
void readGame(const std::string& name, std::size_t start, const LineIndex& lines,
              std::int64_t index, const ReadOptions& options, const GameScan& scan, GameRecord& r) {
    r.format = Format::Ggf;
    r.source = lines.at(name, start, index);
    r.source.column = 0;  // the record is located by its line
    const std::vector<Property>& props = scan.props;
    for (const GameScan::Repair& repair : scan.repairs)
        addDamage(r, lines.at(name, repair.at, index), repair.code, repair.message);
    const auto capped = [&](const Property& p) {
        const std::string what = "the value of " + std::string(p.key.substr(0, 16));
        return std::string(
            trim(capValue(r, p.value, lines.at(name, p.offset, index), what.c_str())));
    };
    // Metadata first, so that even a bad record says whose game it was.
    std::string_view ty = "8", gm = "Othello", bo, re, ts;
    std::size_t boAt = start, reAt = start, tsAt = start;
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
            ty = trim(p.value);
        else if (p.key == "GM")
            gm = trim(p.value);
        else if (p.key == "BO")
            bo = p.value, boAt = p.offset;
        else if (p.key == "RE")
            re = trim(p.value), reAt = p.offset;
        else if (p.key == "TS")
            ts = trim(p.value), tsAt = p.offset;
        else if (p.key == "DT") {
            if (!parseDate(p.value, r.date, r.year))
                addDiagnostic(r, Severity::Warning, lines.at(name, p.offset, index), "bad-date",
                              "DT[" + value + "] is neither a date nor a Unix time");
        }
    }
    if (!scan.error.empty()) {
        addDiagnostic(r, Severity::Error, lines.at(name, scan.errorAt, index), "bad-game",
                      scan.error);
        r.diagnostics.back().damage = scan.errorDamage;
        return;
    }
    if (!re.empty()) {
        r.statedResult = std::string(re);
        std::string_view number = re.substr(0, re.find(':'));
        if (!number.empty() && number.front() == '+') number.remove_prefix(1);
        double diff = 0;
        const auto [p, ec] = std::from_chars(number.data(), number.data() + number.size(), diff);
        if (ec == std::errc() && p == number.data() + number.size() && diff >= -64 && diff <= 64)
            r.statedDiscDiff = diff;
        else
            addDiagnostic(r, Severity::Warning, lines.at(name, reAt, index), "bad-result",
                          "RE[" + std::string(re) + "] is not a disc difference");
    }
    if (!ts.empty()) {
        // TS[score/depth]: our own property for the WTHOR theoretical score (GgfWriter.h).
        const std::size_t slash = ts.find('/');
        const bool hasDepth = slash != std::string_view::npos;
        const auto score = text::parseNumber(trim(ts.substr(0, slash)));
        const int depth =
            hasDepth ? text::parseNumber(trim(ts.substr(slash + 1))).value_or(-1) : -1;
        if (score && *score <= 64 && (!hasDepth || (depth >= 0 && depth <= 60))) {
            r.theoreticalScore = *score;
            if (hasDepth) r.theoreticalDepth = depth;
        } else {
            addDiagnostic(
                r, Severity::Warning, lines.at(name, tsAt, index), "bad-theoretical",
                "TS[" + std::string(ts) + "] is not a theoretical score and depth (TS[31/24])");
        }
    }
    if (!text::iequals(gm, "othello") || ty != "8") {
        std::string m = "only 8x8 Othello (TY[8]) is played; this game is ";
        m += !text::iequals(gm, "othello") ? "GM[" : "TY[";
        m += !text::iequals(gm, "othello") ? gm : ty;
        m += ']';
        addDiagnostic(r, Severity::Error, r.source, "unsupported-variant", m);
        return;
    }
    if (!bo.empty()) {
        std::string why;
        if (!parseGgfBoard(bo, r.start, why)) {
            const bool otherSize = why.rfind("board size", 0) == 0;
            addDiagnostic(r, Severity::Error, lines.at(name, boAt, index),
                          otherSize ? "unsupported-variant" : "bad-board",
                          otherSize ? "only 8x8 boards are played; BO gives " + why.substr(11)
                                    : "BO[...]: " + why);
            return;
        }
    }
    // Moves: B[...] and W[...], with passes written or (tolerated) left out.
    std::vector<int> tokens;
    std::vector<std::size_t> tokenAt;  // offset of the property each token comes from
    core::Position pos = r.start;
    bool tracking = pos.isValid();
    int moveNumber = 0;
    // Replays the tokens so far; an illegal move is located at its property.
    const auto replayTokens = [&]() {
        int failed = -1;
        if (replayRecord(r, tokens, r.source, &failed)) return true;
        Diagnostic& d = r.diagnostics.back();
        const auto k = static_cast<std::size_t>(failed);
        if (failed >= 0 && k < tokenAt.size()) d.where = lines.at(name, tokenAt[k], index);
        return false;
    };
    for (const auto& p : props) {
        if (p.key != "B" && p.key != "W") continue;
        // Move numbers count disc moves only, as core::ReplayError does.
        moveNumber = discMoves(tokens) + 1;
        const SourceLocation where = lines.at(name, p.offset, index);
        std::string_view mv = trim(p.value.substr(0, p.value.find('/')));
        const core::Color side = p.key == "B" ? core::Color::Black : core::Color::White;
        int sq;
        if (text::iequals(mv, "pa") || text::iequals(mv, "pass"))
            sq = core::kPass;
        else if ((sq = core::parseSquare(mv)) == core::kNoSquare) {
            if (!replayTokens()) return;
            addDiagnostic(r, Severity::Error, where, "bad-move",
                          "move " + std::to_string(moveNumber) + ": '" + std::string(mv) +
                              "' is not a square or a pass",
                          moveNumber);
            return;
        }
        if (tracking && side != pos.toMove()) {
            if (pos.mustPass()) {  // a pass left out: the replay makes it explicit
                tokens.push_back(core::kPass);
                tokenAt.push_back(p.offset);
                pos.pass();
            } else {
                if (!replayTokens()) return;
                std::string m = "move " + std::to_string(moveNumber) + " (" + std::string(mv) +
                                ") is played by " + core::colorName(side) + " but " +
                                core::colorName(pos.toMove()) + " is to move";
                addDiagnostic(r, Severity::Error, where, "wrong-side", m, moveNumber, sq);
                return;
            }
        }
        tokens.push_back(sq);
        tokenAt.push_back(p.offset);
        if (tracking) {
            if (sq == core::kPass) {
                if (pos.canMove())
                    tracking = false;  // the replay reports it
                else
                    pos.pass();
            } else if (pos.isLegal(sq)) {
                pos.play(sq);
            } else {
                tracking = false;
            }
        }
    }
    if (!replayTokens()) return;
    warnIfNoMoves(r);
    if (r.statedDiscDiff) {
        // Black's discs when the difference stands for a whole number of them (64 discs shared
        // out). For a game that stops early RE is its official result, not a disc count.
        const double black = (64 + *r.statedDiscDiff) / 2;
        if (black == static_cast<int>(black) && black >= 0 && black <= 64)
            r.statedBlackDiscs = static_cast<int>(black);
    }
    if (r.complete() && r.statedDiscDiff && re.find(':') == std::string_view::npos &&
        *r.statedDiscDiff != r.score.black - r.score.white) {
        addDiagnostic(r, Severity::Warning, lines.at(name, reAt, index), "re-mismatch",
                      "RE[" + std::string(re) + "] but the replay ends " +
                          std::to_string(r.score.black) + "-" + std::to_string(r.score.white));
    }
    if (options.strict && !r.diagnostics.empty()) r.status = GameStatus::Error;
    return;
}

// Reads the game at `start` ("(;") into `r`; returns the offset after it. A value holding a
// header property ("PB[Name PW[Other]") is split there (its ']' taken as missing), unless
// that makes the record bad while the value read as written gives a good one: a correct
// record is never lost to the heuristic; it then gets the warning "suspicious-value".
std::size_t parseGame(const std::string& name, std::string_view text, std::size_t start,
                      const LineIndex& lines, std::int64_t index, const ReadOptions& options,
                      GameRecord& r) {
    const GameScan split = scanGame(text, start, true);
    readGame(name, start, lines, index, options, split, r);
    if (!split.split || r.ok()) return split.end;
    const GameScan plain = scanGame(text, start, false);
    GameRecord asWritten;
    readGame(name, start, lines, index, options, plain, asWritten);
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
                Diagnostic d;
                d.severity = Severity::Warning;
                d.where = lines.at(name, i + k, -1);
                d.code = "stray-text";
                d.message = "text outside any game is ignored";
                out.fileDiagnostics.push_back(std::move(d));
                break;
            }
        }
        if (start == std::string_view::npos) break;
        GameRecord r;
        i = std::max(parseGame(name, text, start, lines, index++, options, r), start + 2);
        keepRecord(out, options, std::move(r));
    }
    // No game at all: the front door (Reader.cpp) says "no-games".
}

}  // namespace othello::importers
