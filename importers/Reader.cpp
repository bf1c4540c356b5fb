// The front door: detect the format of a file from its content, read it with the right reader,
// apply --strict. Each reader replays every record itself (RecordReplay.h).
#include "Reader.h"

#include <algorithm>
#include <fstream>

#include "CsvReader.h"
#include "GgfReader.h"
#include "MoveListReader.h"
#include "PgnReader.h"
#include "ReaderUtil.h"
#include "TranscriptReader.h"
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
// are, a NUL in a move is a bad token).
void reportNulBytes(FileResult& out, std::string_view text) {
    const std::size_t first = text.find('\0');
    if (first == std::string_view::npos) return;
    const std::size_t count =
        static_cast<std::size_t>(std::count(text.begin() + first, text.end(), '\0'));
    int line = 1;
    std::size_t lineStart = 0;
    for (std::size_t i = 0; i < first; ++i) {
        if (text[i] == '\n' || (text[i] == '\r' && (i + 1 >= text.size() || text[i + 1] != '\n'))) {
            ++line;
            lineStart = i + 1;
        }
    }
    Diagnostic d;
    d.severity = Severity::Warning;
    d.where = text::at(out.path, line, static_cast<int>(first - lineStart) + 1);
    d.where.byteOffset = static_cast<std::int64_t>(first);
    d.code = "nul-byte";
    d.message = count == 1 ? std::string("a NUL byte in the text")
                           : "a NUL byte in the text (" + text::countOf(count, "NUL byte") +
                                 " in the file)";
    out.fileDiagnostics.push_back(std::move(d));
}

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

Format detectText(std::string_view text) {
    if (looksLikeGgf(text.substr(0, 4096))) return Format::Ggf;
    if (looksLikePgn(text)) return Format::Pgn;
    if (looksLikeCsv(text)) return Format::Csv;
    if (looksLikeTranscript(text)) return Format::Transcript;
    return Format::Moves;
}

// A WTHOR names file (WTHOR.JOU, WTH.TRN, ...): the extension and a WTHOR header followed by
// whole name records. Users check whole WTHOR folders, so such a file is skipped with a note.
const char* wthorNamesKind(const std::filesystem::path& path, std::string_view bytes) {
    const std::string ext = text::lower(path.extension().string());
    const std::size_t recordSize = ext == ".jou"   ? kWthorPlayerSize
                                   : ext == ".trn" ? kWthorTournamentSize
                                                   : 0;
    if (recordSize == 0 || bytes.size() < kWthorHeaderSize) return nullptr;
    const auto u8 = [&](std::size_t i) { return static_cast<unsigned char>(bytes[i]); };
    if (u8(0) < 19 || u8(0) > 21 || u8(1) > 99 || u8(2) > 12 || u8(3) > 31) return nullptr;
    if ((bytes.size() - kWthorHeaderSize) % recordSize != 0) return nullptr;
    return recordSize == kWthorPlayerSize ? "players" : "tournaments";
}

}  // namespace

bool FileResult::damaged() const {
    return damagedRecords > 0 || std::any_of(fileDiagnostics.begin(), fileDiagnostics.end(),
                                             [](const Diagnostic& d) { return d.damage; });
}

void keepRecord(FileResult& out, const ReadOptions& options, GameRecord&& g) {
    bool damage = false;
    for (Diagnostic& d : g.diagnostics) {
        // --strict: a warning counts as an error, so the record is rejected.
        if (options.strict && d.severity == Severity::Warning) g.status = GameStatus::Error;
        damage |= d.damage;
        d.message = text::printable(d.message);
    }
    ++out.recordCount;
    out.errorRecords += g.status == GameStatus::Error;
    out.damagedRecords += damage;
    const auto kept = static_cast<std::size_t>(out.diagnosticsKept);
    const std::size_t room = kept < kMaxDiagnosticsPerFile ? kMaxDiagnosticsPerFile - kept : 0;
    if (g.diagnostics.size() > room) {
        // Whatever is kept of a rejected record starts with why it was rejected.
        std::stable_partition(g.diagnostics.begin(), g.diagnostics.end(),
                              [](const Diagnostic& d) { return d.severity == Severity::Error; });
        for (std::size_t i = room; i < g.diagnostics.size(); ++i) {
            ++out.diagnosticsDropped;
            ++out.droppedByCode[g.diagnostics[i].code];
        }
        g.diagnostics.resize(room);
        g.diagnostics.shrink_to_fit();
    }
    out.diagnosticsKept += static_cast<std::int64_t>(g.diagnostics.size());
    if (options.onRecord)
        options.onRecord(std::move(g));
    else
        out.records.push_back(std::move(g));
}

bool readWholeFile(const std::filesystem::path& path, std::string& out, std::string& why) {
    out.clear();
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (ec || !std::filesystem::exists(status)) {
        why = "no such file or not readable";
        return false;
    }
    if (std::filesystem::is_directory(status)) {
        why = "is a directory";
        return false;
    }
    // Devices (/dev/zero), FIFOs and sockets have no size to trust and may never end.
    if (!std::filesystem::is_regular_file(status)) {
        why = "not a regular file (a device, FIFO or socket)";
        return false;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        why = "cannot be opened";
        return false;
    }
    // Read in chunks up to the cap, whatever file_size says: the file may grow under us.
    constexpr std::size_t kChunk = std::size_t{1} << 20;
    const std::uintmax_t size = std::filesystem::file_size(path, ec);
    if (!ec && size <= kMaxReadSize) out.reserve(static_cast<std::size_t>(size));
    std::vector<char> chunk(kChunk);
    while (in) {
        in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
        const auto n = static_cast<std::size_t>(in.gcount());
        if (out.size() + n > kMaxReadSize) {
            out.clear();
            out.shrink_to_fit();
            why = "the file is larger than 1 GiB";
            return false;
        }
        out.append(chunk.data(), n);
    }
    if (in.bad()) {
        why = "read error";
        return false;
    }
    return true;
}

Format detectFormat(const std::filesystem::path& path, const std::string& head) {
    std::error_code ec;
    const std::uintmax_t size = std::filesystem::file_size(path, ec);
    const std::string ext = text::lower(path.extension().string());
    if (looksLikeWthor(head, ec ? head.size() : size)) {
        // A WTHOR header is 16 binary bytes; a text file that happens to fit it is not one.
        if (hasBinaryBytes(head) || ext == ".wtb") return Format::Wthor;
    }
    if (ext == ".wtb") return Format::Wthor;
    return detectText(head);
}

FileResult readText(const std::string& name, const std::string& text, const ReadOptions& options) {
    Format f = options.format;
    if (f == Format::Auto) {
        if (hasBinaryBytes(text) && looksLikeWthor(text, text.size()))
            f = Format::Wthor;
        else if (isMostlyBinary(text))
            return fileError(name, Format::Auto, "binary", "binary data, not a record file");
        else
            f = detectText(text);
    }
    return readTextAs(name, text, f, nullptr, options);
}

FileResult readTextAs(const std::string& name, const std::string& text, Format f,
                      const WthorNames* names, const ReadOptions& options) {
    FileResult out;
    out.path = name;
    out.format = f;
    if (f != Format::Wthor) reportNulBytes(out, text);
    switch (f) {
        case Format::Wthor: {
            out = readWthorBytes(name, text, names, options);
            out.format = Format::Wthor;
            break;
        }
        case Format::Ggf:
            readGgf(name, text, options, out);
            break;
        case Format::Pgn:
            readPgn(name, text, options, out);
            break;
        case Format::Csv:
            readCsv(name, text, options, out);
            break;
        case Format::Transcript:
            readTranscript(name, text, options, out);
            break;
        case Format::Moves:
        case Format::Auto:
            out.format = Format::Moves;
            readMoveList(name, text, options, out);
            break;
    }
    finish(out);
    return out;
}

FileResult readFile(const std::filesystem::path& path, const ReadOptions& options) {
    const std::string name = path.string();
    std::string bytes;
    std::string why;
    if (!readWholeFile(path, bytes, why))
        return fileError(name, options.format,
                         why == "the file is larger than 1 GiB" ? "too-large" : "unreadable", why);
    if (const char* kind = wthorNamesKind(path, bytes)) {
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
    if (f == Format::Auto) f = detectFormat(path, bytes.substr(0, 65536));
    if (f == Format::Wthor) {
        // The bytes are read once; the names come from the files beside it.
        const WthorNames names = loadWthorNames(path.parent_path());
        return readTextAs(name, bytes, Format::Wthor, &names, options);
    }
    if (isMostlyBinary(bytes))
        return fileError(name, f, "binary", "binary data, not a record file");
    return readTextAs(name, bytes, f, nullptr, options);
}

}  // namespace othello::importers
