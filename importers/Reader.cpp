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

bool hasBinaryBytes(std::string_view head) {
    for (char c : head.substr(0, 512)) {
        const auto u = static_cast<unsigned char>(c);
        if (u == 0 || (u < 0x20 && c != '\n' && c != '\r' && c != '\t' && c != '\f')) return true;
    }
    return false;
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

// --strict: a warning counts as an error, so the record is rejected. (File warnings fail the
// run in the CLI, which counts them as file errors.)
void applyStrict(FileResult& r) {
    for (GameRecord& g : r.records) {
        for (const Diagnostic& d : g.diagnostics)
            if (d.severity == Severity::Warning) g.status = GameStatus::Error;
    }
}

// What every read ends with: --strict, a file with no record at all is diagnosed, and every
// message is made printable (a reader may quote raw bytes of a hostile file).
void finish(FileResult& r, const ReadOptions& options) {
    if (options.strict) applyStrict(r);
    if (r.readable && r.records.empty()) {
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
    for (GameRecord& g : r.records)
        for (Diagnostic& d : g.diagnostics) d.message = text::printable(d.message);
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
        else if (hasBinaryBytes(text))
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
    finish(out, options);
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
    if (hasBinaryBytes(bytes))
        return fileError(name, f, "binary", "binary data, not a record file");
    return readTextAs(name, bytes, f, nullptr, options);
}

}  // namespace othello::importers
