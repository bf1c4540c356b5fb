// The front door: detect the format of a file from its content, read it with the right reader,
// apply --strict. Each reader replays every record itself (RecordReplay.h).
#include "Reader.h"

#include <fstream>
#include <sstream>

#include "CsvReader.h"
#include "GgfReader.h"
#include "MoveListReader.h"
#include "PgnReader.h"
#include "ReaderUtil.h"
#include "TranscriptReader.h"
#include "WthorReader.h"

namespace othello::importers {
namespace {

// Files larger than this are refused rather than read into memory (the whole WTHOR archive
// is 9 MB; the eOthello CSV 3 MB).
constexpr std::uintmax_t kMaxFileSize = std::uintmax_t{1} << 30;

bool hasBinaryBytes(std::string_view head) {
    for (char c : head.substr(0, 512)) {
        const auto u = static_cast<unsigned char>(c);
        if (u == 0 || (u < 0x20 && c != '\n' && c != '\r' && c != '\t' && c != '\f')) return true;
    }
    return false;
}

Diagnostic fileError(const std::string& path, std::string code, std::string message) {
    Diagnostic d;
    d.where.path = path;
    d.code = std::move(code);
    d.message = std::move(message);
    return d;
}

// --strict: a warning counts as an error, so the record is rejected.
void applyStrict(FileResult& r) {
    for (GameRecord& g : r.records) {
        for (const Diagnostic& d : g.diagnostics)
            if (d.severity == Severity::Warning) g.status = GameStatus::Error;
    }
}

Format detectText(std::string_view text) {
    if (looksLikeGgf(text.substr(0, 4096))) return Format::Ggf;
    if (looksLikePgn(text)) return Format::Pgn;
    if (looksLikeCsv(text)) return Format::Csv;
    if (looksLikeTranscript(text)) return Format::Transcript;
    return Format::Moves;
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
    return detectText(head);
}

FileResult readText(const std::string& name, const std::string& text, const ReadOptions& options) {
    FileResult out;
    out.path = name;
    Format f = options.format;
    if (f == Format::Auto) {
        if (hasBinaryBytes(text) && looksLikeWthor(text, text.size()))
            f = Format::Wthor;
        else
            f = detectText(text);
    }
    out.format = f;
    switch (f) {
        case Format::Wthor: {
            out = readWthorBytes(name, text, nullptr, options);
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
            readMoveList(name, text, options, out);
            break;
    }
    if (options.strict) applyStrict(out);
    return out;
}

FileResult readFile(const std::filesystem::path& path, const ReadOptions& options) {
    const std::string name = path.string();
    FileResult out;
    out.path = name;
    out.format = options.format;
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) {
        out.readable = false;
        out.fileDiagnostics.push_back(fileError(name, "unreadable", "is a directory"));
        return out;
    }
    const std::uintmax_t size = std::filesystem::file_size(path, ec);
    if (!ec && size > kMaxFileSize) {
        out.readable = false;
        out.fileDiagnostics.push_back(
            fileError(name, "too-large", "the file is larger than 1 GiB"));
        return out;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        out.readable = false;
        out.fileDiagnostics.push_back(fileError(
            name, "unreadable", ec ? "no such file or not readable" : "cannot be opened"));
        return out;
    }
    std::ostringstream buffer;
    buffer << in.rdbuf();
    const std::string bytes = buffer.str();
    Format f = options.format;
    if (f == Format::Auto) f = detectFormat(path, bytes.substr(0, 65536));
    if (f == Format::Wthor) {
        out = readWthor(path, options);
        out.format = Format::Wthor;
        if (options.strict) applyStrict(out);
        return out;
    }
    ReadOptions o = options;
    o.format = f;
    return readText(name, bytes, o);
}

}  // namespace othello::importers
