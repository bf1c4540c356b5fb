#include "BlockStream.h"

#include <algorithm>
#include <cctype>

#include "ReadLimits.h"

namespace othello::importers {
namespace {

// Bytes kept before the unread text while skipping an oversized record, so that a record
// start split between two reads ("[Ev" | "ent", "(" | ";", CR | LF) is still seen whole.
constexpr std::size_t kSkipContext = 64;
constexpr std::size_t kReadChunk = std::size_t{1} << 20;

}  // namespace

BlockStream::BlockStream(std::istream& in, RecordBoundary boundary, std::string alreadyRead,
                         std::size_t blockSize)
    : in_(in),
      boundary_(boundary),
      blockSize_(std::max<std::size_t>(blockSize, 2 * kSkipContext)),
      buffer_(std::move(alreadyRead)) {}

int BlockStream::lineEnds(std::string_view text) {
    int n = 0;
    for (std::size_t i = 0; i < text.size(); ++i)
        n += text[i] == '\n' || (text[i] == '\r' && (i + 1 >= text.size() || text[i + 1] != '\n'));
    return n;
}

void BlockStream::fill(std::size_t size) {
    while (!eof_ && buffer_.size() < size) {
        const std::size_t old = buffer_.size();
        const std::size_t want = std::min(kReadChunk, size - old);
        buffer_.resize(old + want);
        in_.read(buffer_.data() + old, static_cast<std::streamsize>(want));
        const auto got = static_cast<std::size_t>(in_.gcount());
        buffer_.resize(old + got);
        if (!in_) {
            eof_ = true;
            failed_ = in_.bad();
        }
    }
}

std::size_t BlockStream::notInsideCrLf(std::string_view text, std::size_t p) {
    return p > 0 && p < text.size() && text[p - 1] == '\r' && text[p] == '\n' ? p - 1 : p;
}

void BlockStream::advance(std::size_t n) {
    const std::string_view done(buffer_.data(), n);
    const int ends = lineEnds(done);
    if (ends > 0) {
        const std::size_t last = done.find_last_of("\r\n");
        base_.columns = static_cast<int>(n - last - 1);
    } else {
        base_.columns += static_cast<int>(n);
    }
    base_.lines += ends;
    base_.bytes += static_cast<std::int64_t>(n);
    buffer_.erase(0, n);
}

void BlockStream::skipToBoundary() {
    skipping_ = false;
    while (true) {
        fill(blockSize_);
        const std::size_t b = boundary_(buffer_, true);
        if (b != std::string_view::npos && b > 0) {
            advance(b);
            return;
        }
        if (eof_) {
            advance(buffer_.size());
            return;
        }
        // Keep a little context (a CR whose LF comes next, half a record start).
        advance(notInsideCrLf(buffer_, buffer_.size() - std::min(buffer_.size(), kSkipContext)));
    }
}

bool BlockStream::next(std::string_view& block, LocationBase& base) {
    advance(pending_);
    pending_ = 0;
    if (skipping_) skipToBoundary();
    fill(blockSize_);
    if (buffer_.empty()) return false;
    std::size_t cut = buffer_.size();
    while (!eof_) {
        cut = boundary_(buffer_, false);
        if (cut != std::string_view::npos && cut > 0) break;
        // No record starts in the block after its first one. A block no longer than a record
        // may be (a small block size) grows up to just past kMaxRecordBytes: the record is
        // oversized only when really longer than that.
        if (buffer_.size() <= kMaxRecordBytes) {
            fill(kMaxRecordBytes + 1);
            cut = buffer_.size();
            continue;
        }
        // Past kMaxRecordBytes with no record start the format knows of: the file is cut at
        // the last line start when the line there (up to the end of the block) is no longer
        // than kMaxRecordBytes (lines the format's boundary does not tell apart: read on,
        // nothing skipped). Else that line alone is longer, a record really too large: it is
        // handed on as far as it fits (its reader says it is too large) and the rest of it is
        // skipped. The last byte (two for a CR LF, never split: that would count two line
        // ends) stays as context for the skip.
        const std::size_t line = lineBoundary(buffer_, false);
        if (line != std::string_view::npos && buffer_.size() - line <= kMaxRecordBytes) {
            cut = line;
            break;
        }
        cut = notInsideCrLf(buffer_, buffer_.size() - 1);
        skipping_ = true;
        break;
    }
    base = base_;
    base.nextBlockLine = eof_ && cut == buffer_.size()
                             ? 0
                             : base_.lines + lineEnds(std::string_view(buffer_).substr(0, cut)) + 1;
    pending_ = cut;
    block = std::string_view(buffer_.data(), cut);
    return true;
}

// --- Record boundaries ---------------------------------------------------------------------

namespace {

// A line starts at p (0 < p < size): after a LF, or after a CR not followed by a LF.
bool lineStartsAt(std::string_view text, std::size_t p) {
    if (p == 0 || p >= text.size()) return false;
    return text[p - 1] == '\n' || (text[p - 1] == '\r' && text[p] != '\n');
}

bool iequalsAscii(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; };
        if (lower(a[i]) != lower(b[i])) return false;
    }
    return true;
}

// The name of the tag when the line at p is one whole tag pair, [Name "value"], with the line
// end after it; empty otherwise.
std::string_view tagKeyAt(std::string_view text, std::size_t p) {
    std::size_t end = p;
    while (end < text.size() && text[end] != '\n' && text[end] != '\r') ++end;
    if (end >= text.size()) return {};  // the line may go on in the next read
    std::string_view line = text.substr(p, end - p);
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
    while (!line.empty() && (line.back() == ' ' || line.back() == '\t')) line.remove_suffix(1);
    if (line.size() < 5 || line.front() != '[' || line.back() != ']') return {};
    std::size_t j = 1;
    while (j < line.size() && (std::isalnum(static_cast<unsigned char>(line[j])) || line[j] == '_'))
        ++j;
    const std::string_view key = line.substr(1, j - 1);
    while (j < line.size() && (line[j] == ' ' || line[j] == '\t')) ++j;
    if (j < line.size() - 2 && line[j] == '"' && line[line.size() - 2] == '"') return key;
    return {};
}

bool tagLineAt(std::string_view text, std::size_t p, bool eventOnly) {
    const std::string_view key = tagKeyAt(text, p);
    return !key.empty() && (!eventOnly || iequalsAscii(key, "event"));
}

// The start of the line before the one starting at p (p > 0).
std::size_t previousLineStart(std::string_view text, std::size_t p) {
    std::size_t e = p;
    if (e > 0 && text[e - 1] == '\n') --e;
    if (e > 0 && text[e - 1] == '\r') --e;
    while (e > 0 && text[e - 1] != '\n' && text[e - 1] != '\r') --e;
    return e;
}

// Whether PgnReader starts a game at the [Event line at p given the tag lines right above it:
// a game of tags only goes on until a tag it has already (a roster need not start with
// Event), so the Event line starts a game when the tags above, read as the reader reads them,
// leave a game that has an Event already. With no tag line right above, it does.
bool eventStartsGame(std::string_view text, std::size_t p) {
    constexpr std::size_t kMaxRun = 64;  // past it, not known: no cut (a cut missed is safe)
    std::string_view run[kMaxRun];
    std::size_t n = 0;
    for (std::size_t q = p; q > 0;) {
        q = previousLineStart(text, q);
        const std::string_view key = tagKeyAt(text, q);
        if (key.empty()) break;
        if (n == kMaxRun) return false;
        run[n++] = key;
    }
    std::string_view game[kMaxRun];  // the tags of the game the reader has at the end of them
    std::size_t m = 0;
    for (std::size_t k = n; k-- > 0;) {
        const bool repeated = std::any_of(
            game, game + m, [&](std::string_view t) { return iequalsAscii(t, run[k]); });
        if (repeated) m = 0;
        game[m++] = run[k];
    }
    return n == 0 ||
           std::any_of(game, game + m, [](std::string_view t) { return iequalsAscii(t, "event"); });
}

// The line before the one starting at p holds only blanks.
bool blankLineBefore(std::string_view text, std::size_t p) {
    std::size_t i = p;
    if (i > 0 && text[i - 1] == '\n') --i;
    if (i > 0 && text[i - 1] == '\r') --i;
    while (i > 0 && (text[i - 1] == ' ' || text[i - 1] == '\t')) --i;
    // At the start of the text the line before is not known (a skip keeps a little context
    // whose first line may be the end of a longer one).
    return i > 0 && (text[i - 1] == '\n' || text[i - 1] == '\r');
}

// The start of the last line before the one starting at p that holds more than blanks; npos
// when there is none in the text.
std::size_t previousNonBlankLine(std::string_view text, std::size_t p) {
    std::size_t end = p;  // the end of the line before, line end excluded
    while (end > 0) {
        if (text[end - 1] == '\n') --end;
        if (end > 0 && text[end - 1] == '\r') --end;
        std::size_t start = end;
        while (start > 0 && text[start - 1] != '\n' && text[start - 1] != '\r') --start;
        // The first line of the text may be the end of a longer one: not known.
        if (start == 0) return std::string_view::npos;
        for (std::size_t k = start; k < end; ++k)
            if (text[k] != ' ' && text[k] != '\t') return start;
        end = start;
    }
    return std::string_view::npos;
}

// Where PgnReader starts a new game, by tiers from the surest:
//  0. a whole [Event "..."] line: a game start even inside a comment or variation never
//     closed (the reader's recovery point), so cutting there changes nothing it sees; right
//     after tag lines only when the game they make has an Event already (eventStartsGame);
//  1. (files without Event tags) a whole tag line after a blank line, the same;
//  2. (nor blank lines between games) a whole tag line whose previous non-blank line is no
//     tag line, a comment or an escape: the tags after a game's moves, where the reader ends
//     the game.
bool pgnGameStartAt(std::string_view text, std::size_t p, int tier) {
    if (!lineStartsAt(text, p)) return false;
    switch (tier) {
        case 0:
            return tagLineAt(text, p, true) && eventStartsGame(text, p);
        case 1:
            return blankLineBefore(text, p) && tagLineAt(text, p, false);
        default: {
            if (!tagLineAt(text, p, false)) return false;
            std::size_t q = previousNonBlankLine(text, p);
            if (q == std::string_view::npos) return false;
            while (text[q] == ' ' || text[q] == '\t') ++q;
            return text[q] != '[' && text[q] != '{' && text[q] != ';' && text[q] != '%';
        }
    }
}

}  // namespace

std::size_t lineBoundary(std::string_view text, bool first) {
    if (first) {
        for (std::size_t p = 1; p < text.size(); ++p)
            if (lineStartsAt(text, p)) return p;
        return std::string_view::npos;
    }
    for (std::size_t p = text.size(); p-- > 1;)
        if (lineStartsAt(text, p)) return p;
    return std::string_view::npos;
}

std::size_t csvBoundary(std::string_view text, bool first) {
    if (first) return lineBoundary(text, true);
    // A line end inside a quoted field (RFC 4180 fields may span lines) is no row boundary:
    // the last line start outside quotes, quotes counted as CsvReader reads them: a quote
    // opens a field only at the field's start (after a line end or a delimiter, any of the
    // three CsvReader knows), "" inside is one quote, and a quote elsewhere ("Jo"hn") is
    // text. A quote never closed leaves the line starts before it; with none, any line start
    // will do (CsvReader ends such a quote with its line anyway).
    std::size_t lastOutside = std::string_view::npos;
    bool quoted = false;
    bool fieldStart = true;
    for (std::size_t p = 0; p < text.size(); ++p) {
        if (!quoted && lineStartsAt(text, p)) lastOutside = p;
        const char c = text[p];
        if (quoted) {
            if (c == '"') {
                if (p + 1 < text.size() && text[p + 1] == '"')
                    ++p;
                else
                    quoted = false;
            }
            continue;
        }
        if (c == '"' && fieldStart) {
            quoted = true;
            fieldStart = false;
            continue;
        }
        fieldStart = c == ',' || c == ';' || c == '\t' || c == '\n' || c == '\r';
    }
    return lastOutside != std::string_view::npos ? lastOutside : lineBoundary(text, false);
}

namespace {

// The "(;" at p is escaped: a backslash before it. GgfScan reads "\(;" inside a value as
// text, whatever comes before the backslash ("\\" is no escape in GGF: a backslash escapes
// only ']', '[' and "(;"), so an escaped one is no game start. At the start of the text the
// byte before is not known: not escaped.
bool escapedAt(std::string_view text, std::size_t p) {
    return p > 0 && text[p - 1] == '\\';
}

}  // namespace

std::size_t ggfBoundary(std::string_view text, bool first) {
    if (first) {
        std::size_t p = text.find("(;", 1);
        while (p != std::string_view::npos && escapedAt(text, p)) p = text.find("(;", p + 1);
        return p;
    }
    // GgfReader never reads a game past the next "(;" (not escaped): any one is a cut. One at
    // a line start keeps columns simple; games several to a line are cut where they are.
    std::size_t any = std::string_view::npos;
    for (std::size_t p = text.rfind("(;"); p != std::string_view::npos && p > 0;
         p = text.rfind("(;", p - 1)) {
        if (escapedAt(text, p)) continue;
        if (any == std::string_view::npos) any = p;
        if (text[p - 1] == '\n' || text[p - 1] == '\r') return p;
        if (any - p > (std::size_t{1} << 20)) break;  // no line start near the end
    }
    return any;
}

std::size_t pgnBoundary(std::string_view text, bool first) {
    // An [Event line where there is one; else a tag after a blank line, as between games;
    // else a tag line after movetext (pgnGameStartAt).
    for (const int tier : {0, 1, 2}) {
        if (first) {
            for (std::size_t p = 1; p < text.size(); ++p)
                if (pgnGameStartAt(text, p, tier)) return p;
        } else {
            for (std::size_t p = text.size(); p-- > 1;)
                if (pgnGameStartAt(text, p, tier)) return p;
        }
    }
    return std::string_view::npos;
}

}  // namespace othello::importers
