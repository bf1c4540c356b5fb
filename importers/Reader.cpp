// The front door: detect the format of a file from its content, read it with the right reader
// (FormatTable.h), apply --strict. Each reader replays every record itself (RecordReplay.h).
// Text formats with record boundaries are streamed: read block by block (BlockStream.h), each
// block handed to the reader with where it starts, so memory stays that of one block whatever
// the size of the file and every count, limit and location is the same as from the whole text.
// WTHOR is read in chunks of whole records (readWthorStream); only transcript diagrams, small
// by nature, are read whole (kMaxWholeReadSize).
#include "Reader.h"

#include <algorithm>
#include <fstream>
#include <optional>
#include <stdexcept>

#include "BlockStream.h"
#include "CsvReader.h"
#include "FormatTable.h"
#include "ReaderUtil.h"
#include "WthorReader.h"

namespace othello::importers {
namespace {

bool isControl(unsigned char u) {
    return (u < 0x20 && u != '\n' && u != '\r' && u != '\t' && u != '\f' && u != '\v') || u == 0x7F;
}

// Any control byte at the start: a WTHOR header (16 binary bytes) rather than text.
bool hasBinaryBytes(std::string_view head) {
    for (char c : head.substr(0, 512))
        if (isControl(static_cast<unsigned char>(c))) return true;
    return false;
}

// Mostly binary: more than 1 byte in 16 of the first 64 KiB is a control byte (NUL, ESC, ...,
// but tab, line and page breaks), and at least 4 are. Random bytes give 1 in 8; a text file
// with a stray NUL or an escape sequence stays text (its bad records are diagnosed one by one).
bool isMostlyBinary(std::string_view text) {
    const std::string_view sample = text.substr(0, 65536);
    std::size_t control = 0;
    for (char c : sample) control += isControl(static_cast<unsigned char>(c));
    return control >= 4 && control * 16 > sample.size();
}

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
        Diagnostic d;
        d.severity = Severity::Warning;
        d.where = text::at(out.path, where_.line, where_.column);
        d.where.byteOffset = where_.byteOffset;
        d.code = "nul-byte";
        d.message = count_ == 1 ? std::string("a NUL byte in the text")
                                : "a NUL byte in the text (" + text::countOf(count_, "NUL byte") +
                                      " in the file)";
        out.fileDiagnostics.insert(out.fileDiagnostics.begin(), std::move(d));
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

// What every read ends with: a file with no record at all is diagnosed, the diagnostics past
// the limit are summed up, and every file message is made printable (a reader may quote raw
// bytes of a hostile file). Records were made printable one by one (keepRecord).
void finish(FileResult& r) {
    summariseDropped(r);
    if (r.readable && r.recordCount == 0) {
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

// A WTHOR names file (WTHOR.JOU, WTH.TRN, ...): the extension and a WTHOR header followed by
// whole name records. Users check whole WTHOR folders, so such a file is skipped with a note.
const char* wthorNamesKind(const std::filesystem::path& path, std::string_view head,
                           std::uintmax_t size) {
    const std::string ext = text::lower(path.extension().string());
    const std::size_t recordSize = ext == ".jou"   ? kWthorPlayerSize
                                   : ext == ".trn" ? kWthorTournamentSize
                                                   : 0;
    if (recordSize == 0 || size < kWthorHeaderSize || head.size() < kWthorHeaderSize)
        return nullptr;
    const auto u8 = [&](std::size_t i) { return static_cast<unsigned char>(head[i]); };
    if (u8(0) < 19 || u8(0) > 21 || u8(1) > 99 || u8(2) > 12 || u8(3) > 31) return nullptr;
    if ((size - kWthorHeaderSize) % recordSize != 0) return nullptr;
    return recordSize == kWthorPlayerSize ? "players" : "tournaments";
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
            Diagnostic d;
            d.severity = Severity::Error;
            d.where = last.source;
            d.code = "record-too-large";
            d.message = "the record's text runs past " + std::to_string(kStreamBlockSize >> 20) +
                        " MiB: the rest of it, up to the next record, is skipped";
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

}  // namespace

Format detectFormat(const std::filesystem::path& path, const std::string& head) {
    std::error_code ec;
    const std::uintmax_t size = std::filesystem::file_size(path, ec);
    const std::string ext = text::lower(path.extension().string());
    if (looksLikeWthor(head, ec ? head.size() : size)) {
        // A WTHOR header is 16 binary bytes; a text file that happens to fit it is not one.
        if (hasBinaryBytes(head) || ext == ".wtb") return Format::Wthor;
    }
    if (ext == ".wtb") return Format::Wthor;
    return detectTextFormat(head);
}

FileResult readText(const std::string& name, const std::string& text, const ReadOptions& options) {
    Format f = options.format;
    if (f == Format::Auto) {
        if (hasBinaryBytes(text) && looksLikeWthor(text, text.size()))
            f = Format::Wthor;
        else if (isMostlyBinary(text))
            return fileError(name, Format::Auto, "binary", "binary data, not a record file");
        else
            f = detectTextFormat(text);
    }
    return readTextAs(name, text, f, nullptr, options);
}

FileResult readTextAs(const std::string& name, const std::string& text, Format f,
                      const WthorNames* names, const ReadOptions& options) {
    FileResult out;
    if (f == Format::Wthor) {
        out = readWthorBytes(name, text, names, options);
        out.format = Format::Wthor;
    } else {
        if (f == Format::Auto) f = Format::Moves;
        out.path = name;
        out.format = f;
        NulBytes nul;
        nul.scan(text, LocationBase{});
        nul.report(out);
        formatInfo(f).read(name, text, options, out);
    }
    finish(out);
    return out;
}

FileResult readStream(const std::string& name, std::istream& in, Format format,
                      const ReadOptions& options, std::size_t blockSize) {
    if (format == Format::Wthor) {
        // A stream has no folder to find names files in: only those the options name.
        std::optional<WthorNames> names;
        if (!options.wthorPlayers.empty() || !options.wthorTournaments.empty())
            names = loadWthorNames(name, options.wthorPlayers, options.wthorTournaments);
        FileResult out = readWthorStream(name, in, names ? &*names : nullptr, options, blockSize);
        finish(out);
        return out;
    }
    if (!formatInfo(format).boundary)
        throw std::invalid_argument(std::string("readStream: ") + formatName(format) +
                                    " is not read block by block");
    return streamText(name, in, {}, format, options, blockSize);
}

FileResult readFile(const std::filesystem::path& path, const ReadOptions& options) {
    const std::string name = path.string();
    if (const std::string why = notARegularFile(path); !why.empty())
        return fileError(name, options.format, "unreadable", why);
    std::ifstream in(path, std::ios::binary);
    if (!in) return fileError(name, options.format, "unreadable", "cannot be opened");
    // The head decides the format and whether the file is text at all.
    std::string head(65536, '\0');
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(in.gcount()));
    if (in.bad()) return fileError(name, options.format, "unreadable", "read error");
    std::error_code ec;
    const std::uintmax_t size = std::filesystem::file_size(path, ec);
    if (const char* kind = wthorNamesKind(path, head, ec ? head.size() : size)) {
        FileResult out;
        out.path = name;
        out.format = Format::Wthor;
        std::string note = "a WTHOR names file (";
        note += kind;
        note += "), not a game file: skipped";
        out.fileDiagnostics.push_back(
            fileDiagnostic(Severity::Note, name, "not-a-game-file", std::move(note)));
        return out;
    }
    Format f = options.format;
    if (f == Format::Auto) f = detectFormat(path, head);
    if (formatInfo(f).boundary) {
        if (isMostlyBinary(head))
            return fileError(name, f, "binary", "binary data, not a record file");
        return streamText(name, in, std::move(head), f, options, kStreamBlockSize);
    }
    if (f == Format::Wthor) {
        // In record chunks from the start again (the head was only a look): constant memory
        // whatever the size; the names come from the files beside it.
        in.clear();
        in.seekg(0);
        if (!in) return fileError(name, f, "unreadable", "cannot be read again from its start");
        const WthorNames names =
            loadWthorNames(path, options.wthorPlayers, options.wthorTournaments);
        FileResult out = readWthorStream(name, in, &names, options, kStreamBlockSize);
        finish(out);
        return out;
    }
    // Read whole (transcript diagrams, small by nature): bounded by kMaxWholeReadSize.
    in.close();
    std::string bytes;
    std::string why;
    if (!readWholeFile(path, bytes, why))
        return fileError(name, options.format, why == kTooLargeWhy ? "too-large" : "unreadable",
                         why);
    if (isMostlyBinary(bytes))
        return fileError(name, f, "binary", "binary data, not a record file");
    return readTextAs(name, bytes, f, nullptr, options);
}

}  // namespace othello::importers
