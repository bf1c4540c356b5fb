// The text formats read block by block, and the end of every read (see StreamedText.h).
#include "StreamedText.h"

#include <algorithm>

#include "CsvReader.h"
#include "FormatTable.h"
#include "ReaderUtil.h"

namespace othello::importers {
namespace {

// A text file with NUL bytes: where the first one is (the records around it are read as they
// are, a NUL in a move is a bad token), and how many there are. Fed block by block when the
// file is streamed; the diagnostic comes first among the file's, as the NULs are found first.
class NulBytes {
  public:
    void scan(std::string_view text, const LocationBase& base) {
        const std::size_t first = text.find('\0');
        if (first == std::string_view::npos) return;
        count_ += static_cast<std::size_t>(std::count(text.begin() + first, text.end(), '\0'));
        if (seen_) return;
        seen_ = true;
        int line = 1;
        std::size_t lineStart = 0;
        for (std::size_t i = 0; i < first; ++i) {
            if (text[i] == '\n' ||
                (text[i] == '\r' && (i + 1 >= text.size() || text[i + 1] != '\n'))) {
                ++line;
                lineStart = i + 1;
            }
        }
        where_.line = line;
        where_.column = static_cast<int>(first - lineStart) + 1;
        where_.byteOffset = static_cast<std::int64_t>(first);
        rebase(where_, base);
    }

    void report(FileResult& out) const {
        if (!seen_) return;
        SourceLocation where = text::at(out.path, where_.line, where_.column);
        where.byteOffset = where_.byteOffset;
        out.fileDiagnostics.insert(
            out.fileDiagnostics.begin(),
            Diagnostic::at(Severity::Warning, std::move(where), "nul-byte",
                           count_ == 1 ? std::string("a NUL byte in the text")
                                       : "a NUL byte in the text (" +
                                             text::countOf(count_, "NUL byte") + " in the file)"));
    }

  private:
    bool seen_ = false;
    std::size_t count_ = 0;
    SourceLocation where_;
};

// The note that sums up the diagnostics past kMaxDiagnosticsPerFile.
void summariseDropped(FileResult& r) {
    if (r.diagnosticsDropped == 0) return;
    std::string m =
        text::countOf(static_cast<std::size_t>(r.diagnosticsDropped), "more diagnostic");
    m += " past the first " + std::to_string(kMaxDiagnosticsPerFile) + " of the file not kept:";
    bool first = true;
    for (const auto& [code, n] : r.droppedByCode) {
        m += first ? " " : ", ";
        m += std::to_string(n) + " " + code;
        first = false;
    }
    r.fileDiagnostics.push_back(
        fileDiagnostic(Severity::Note, r.path, "diagnostic-limit", std::move(m)));
}

// A block that ends inside a record longer than a whole block (kStreamBlockSize, 8 times
// kMaxRecordBytes): its reader reads what there is, and the record it ends with is the error
// "record-too-large" whatever the reader made of its first part (the rest, never held in
// memory, is skipped up to the next record). The counts keepRecord kept are corrected.
void readOversized(const std::string& name, std::string_view text, const FormatInfo& row,
                   const ReadOptions& options, FileResult& out) {
    std::vector<GameRecord> held;
    ReadOptions local = options;
    local.onRecord = [&held](GameRecord&& g) { held.push_back(std::move(g)); };
    row.read(name, text, local, out);
    if (!held.empty()) {
        GameRecord& last = held.back();
        const bool said =
            std::any_of(last.diagnostics.begin(), last.diagnostics.end(),
                        [](const Diagnostic& d) { return d.code == "record-too-large"; });
        const bool damaged = std::any_of(last.diagnostics.begin(), last.diagnostics.end(),
                                         [](const Diagnostic& d) { return d.damage; });
        if (!said) {
            Diagnostic d = Diagnostic::at(
                Severity::Error, last.source, "record-too-large",
                "the record's text runs past " + std::to_string(kStreamBlockSize >> 20) +
                    " MiB: the rest of it, up to the next record, is skipped");
            d.damage = true;
            if (out.diagnosticsKept < static_cast<std::int64_t>(kMaxDiagnosticsPerFile)) {
                last.diagnostics.insert(last.diagnostics.begin(), std::move(d));
                ++out.diagnosticsKept;
            } else {
                ++out.diagnosticsDropped;
                ++out.droppedByCode["record-too-large"];
            }
        }
        out.errorRecords += last.status != GameStatus::Error;
        out.damagedRecords += !damaged;
        last.status = GameStatus::Error;
    }
    for (GameRecord& g : held) {
        if (options.onRecord)
            options.onRecord(std::move(g));
        else
            out.records.push_back(std::move(g));
    }
}


}  // namespace

// Reads a text format block by block (its FormatInfo has a boundary). `in` is positioned after
// `head`, the first bytes already read.
FileResult streamText(const std::string& name, std::istream& in, std::string head, Format f,
                      const ReadOptions& options, std::size_t blockSize) {
    const FormatInfo& row = formatInfo(f);
    FileResult out;
    out.path = name;
    out.format = f;
    NulBytes nul;
    BlockStream blocks(in, row.boundary, std::move(head), blockSize);
    std::string header;  // CSV: the text up to the header row's end, read before every block
    std::string joined;
    std::string_view block;
    LocationBase base;
    bool first = true;
    while (blocks.next(block, base)) {
        nul.scan(block, base);
        std::string_view text = block;
        base.records = out.recordCount;
        if (row.headerLine) {
            if (first) {
                // As readCsv reads it: the first row that is not blank, with what comes
                // before it (blank lines decide nothing but the line numbers).
                header.assign(block.substr(0, csvHeaderEnd(block)));
            } else {
                // The header's lines come first in the text read: the block's come after them.
                joined = header;
                joined += block;
                text = joined;
                base.lines -= BlockStream::lineEnds(header);
                base.bytes -= static_cast<std::int64_t>(header.size());
            }
        }
        const std::size_t fileDiagnosticsBefore = out.fileDiagnostics.size();
        out.base = base;
        if (blocks.cutInsideRecord())
            readOversized(name, text, row, options, out);
        else
            row.read(name, text, options, out);
        out.base = LocationBase{};
        for (std::size_t i = fileDiagnosticsBefore; i < out.fileDiagnostics.size(); ++i)
            rebase(out.fileDiagnostics[i].where, base);
        first = false;
        if (!out.readable) break;  // a file error (a CSV header with no moves column)
    }
    if (blocks.failed()) {
        out.readable = false;
        out.fileDiagnostics.push_back(
            fileDiagnostic(Severity::Error, name, "unreadable",
                           "read error after " +
                               text::countOf(static_cast<std::size_t>(out.recordCount), "record")));
    }
    nul.report(out);
    finish(out);
    return out;
}

FileResult fileError(const std::string& path, Format format, std::string code,
                     std::string message) {
    FileResult out;
    out.path = path;
    out.format = format;
    out.readable = false;
    out.fileDiagnostics.push_back(
        fileDiagnostic(Severity::Error, path, std::move(code), std::move(message)));
    return out;
}

void finish(FileResult& r) {
    summariseDropped(r);
    if (r.readable && r.recordCount == 0 && !r.skipped) {
        const bool said = std::any_of(
            r.fileDiagnostics.begin(), r.fileDiagnostics.end(), [](const Diagnostic& d) {
                return d.severity == Severity::Error || d.code == "not-a-game-file";
            });
        if (!said) {
            std::string why = "no game found (read as ";
            why += formatName(r.format);
            why += ')';
            r.fileDiagnostics.push_back(
                fileDiagnostic(Severity::Error, r.path, "no-games", std::move(why)));
        }
    }
    for (Diagnostic& d : r.fileDiagnostics) d.message = text::printable(d.message);
}


void readWholeText(const std::string& name, std::string_view text, Format f,
                   const ReadOptions& options, FileResult& out) {
    out.path = name;
    out.format = f;
    NulBytes nul;
    nul.scan(text, LocationBase{});
    nul.report(out);
    formatInfo(f).read(name, text, options, out);
}

}  // namespace othello::importers
