#include "BlockStream.h"

#include <algorithm>
#include <cctype>

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

void BlockStream::fill() {
    while (!eof_ && buffer_.size() < blockSize_) {
        const std::size_t old = buffer_.size();
        const std::size_t want = std::min(kReadChunk, blockSize_ - old);
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
        fill();
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
        advance(buffer_.size() - std::min(buffer_.size(), kSkipContext));
    }
}

bool BlockStream::next(std::string_view& block, LocationBase& base) {
    advance(pending_);
    pending_ = 0;
    if (skipping_) skipToBoundary();
    fill();
    if (buffer_.empty()) return false;
    std::size_t cut = buffer_.size();
    if (!eof_) {
        cut = boundary_(buffer_, false);
        if (cut == std::string_view::npos || cut == 0) {
            // One record fills the whole block: hand on what fits (its reader says it is too
            // large) and skip the rest of it. The last byte stays as context for the skip.
            cut = buffer_.size() - 1;
            skipping_ = true;
        }
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

// The line at p is one whole tag pair, [Name "value"], with the line end after it.
bool tagLineAt(std::string_view text, std::size_t p, bool eventOnly) {
    std::size_t end = p;
    while (end < text.size() && text[end] != '\n' && text[end] != '\r') ++end;
    if (end >= text.size()) return false;  // the line may go on in the next read
    std::string_view line = text.substr(p, end - p);
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
    while (!line.empty() && (line.back() == ' ' || line.back() == '\t')) line.remove_suffix(1);
    if (line.size() < 5 || line.front() != '[' || line.back() != ']') return false;
    std::size_t j = 1;
    while (j < line.size() && (std::isalnum(static_cast<unsigned char>(line[j])) || line[j] == '_'))
        ++j;
    if (j == 1 || (eventOnly && !iequalsAscii(line.substr(1, j - 1), "event"))) return false;
    while (j < line.size() && (line[j] == ' ' || line[j] == '\t')) ++j;
    return j < line.size() - 2 && line[j] == '"' && line[line.size() - 2] == '"';
}

// The line before the one starting at p holds only blanks.
bool blankLineBefore(std::string_view text, std::size_t p) {
    std::size_t i = p;
    if (i > 0 && text[i - 1] == '\n') --i;
    if (i > 0 && text[i - 1] == '\r') --i;
    while (i > 0 && (text[i - 1] == ' ' || text[i - 1] == '\t')) --i;
    return i == 0 || text[i - 1] == '\n' || text[i - 1] == '\r';
}

// Where PgnReader starts a new game even inside a comment or variation never closed (its
// recovery point), so cutting there changes nothing the reader sees: a whole [Event "..."]
// line, or (files without Event tags) a whole tag line after a blank line.
bool pgnGameStartAt(std::string_view text, std::size_t p, bool eventOnly) {
    if (!lineStartsAt(text, p)) return false;
    return eventOnly ? tagLineAt(text, p, true)
                     : blankLineBefore(text, p) && tagLineAt(text, p, false);
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
    // prefer the last line start with an even number of quotes before it. A stray quote makes
    // every later count odd; then any line start will do (CsvReader ends such a quote with its
    // line anyway).
    std::size_t lastEven = std::string_view::npos;
    std::size_t quotes = 0;
    for (std::size_t p = 0; p < text.size(); ++p) {
        if (lineStartsAt(text, p) && quotes % 2 == 0) lastEven = p;
        quotes += text[p] == '"';
    }
    return lastEven != std::string_view::npos ? lastEven : lineBoundary(text, false);
}

std::size_t ggfBoundary(std::string_view text, bool first) {
    if (first) {
        const std::size_t p = text.find("(;", 1);
        return p;
    }
    // GgfReader never reads a game past the next "(;": any one is a cut. One at a line start
    // keeps columns simple; games several to a line are cut where they are.
    std::size_t any = std::string_view::npos;
    for (std::size_t p = text.rfind("(;"); p != std::string_view::npos && p > 0;
         p = text.rfind("(;", p - 1)) {
        if (any == std::string_view::npos) any = p;
        if (text[p - 1] == '\n' || text[p - 1] == '\r') return p;
        if (any - p > (std::size_t{1} << 20)) break;  // no line start near the end
    }
    return any;
}

std::size_t pgnBoundary(std::string_view text, bool first) {
    // An [Event line where there is one; else a tag after a blank line, as between games.
    for (const bool eventOnly : {true, false}) {
        if (first) {
            for (std::size_t p = 1; p < text.size(); ++p)
                if (pgnGameStartAt(text, p, eventOnly)) return p;
        } else {
            for (std::size_t p = text.size(); p-- > 1;)
                if (pgnGameStartAt(text, p, eventOnly)) return p;
        }
    }
    return std::string_view::npos;
}

}  // namespace othello::importers
