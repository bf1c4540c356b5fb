// The front door: detect the format of a file from its content, read it with the right reader
// (FormatTable.h), apply --strict. Each reader replays every record itself (RecordReplay.h).
// Compressed files and archives are unpacked as they are read (Unpack.h), each file in them
// read here as a file on disk is (readOpened); a file where no format is detected is skipped.
// Text formats with record boundaries are streamed: read block by block (BlockStream.h), each
// block handed to the reader with where it starts, so memory stays that of one block whatever
// the size of the file and every count, limit and location is the same as from the whole text.
// WTHOR is read in chunks of whole records (readWthorStream); only transcript diagrams, small
// by nature, are read whole (kMaxWholeReadSize).
#include "Reader.h"

#include <algorithm>
#include <fstream>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "BlockStream.h"
#include "FormatTable.h"
#include "HeadStream.h"
#include "JsonDocument.h"
#include "MoveListReader.h"
#include "MoveSheet.h"
#include "OpenedFile.h"
#include "ReaderUtil.h"
#include "StreamedText.h"
#include "Unpack.h"
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

// A file where no format is detected: one note, nothing read.
FileResult notAGameRecord(const std::string& name, const char* what) {
    FileResult out;
    out.path = name;
    out.skipped = true;
    std::string note = "not a game record";
    note += what;
    note += ": skipped";
    out.fileDiagnostics.push_back(
        fileDiagnostic(Severity::Note, name, "not-a-game-record", std::move(note)));
    return out;
}

// Some line of `head` holds more than blanks and comments (a file of nothing else is an empty
// game file, the error "no-games", not a file of something else).
bool hasText(std::string_view head) {
    std::size_t pos = 0;
    while (pos < head.size()) {
        const std::string_view line = text::trim(text::nextLine(head, pos));
        if (!line.empty() && line[0] != '#' && line.substr(0, 2) != "//") return true;
    }
    return false;
}

// How a file of moves keeps them (MoveListReader.h, JsonDocument.h, MoveSheet.h).
enum class Shape { Lines, JsonDocument, Sheet, NumberPairs, NotGames };

// `detected`: the moves format was only the fallback of detection (nothing else matched), so a
// text in which nothing looks like moves is no game record.
Shape movesShape(std::string_view head, bool detected, int& pairs) {
    if (looksLikeJsonDocument(head)) return Shape::JsonDocument;
    if (looksLikeMoveSheet(head)) return Shape::Sheet;
    if ((pairs = numberPairLines(head)) > 0) return Shape::NumberPairs;
    if (detected && hasText(text::stripBom(head)) && !looksLikeMoveList(head))
        return Shape::NotGames;
    return Shape::Lines;
}

// The size looksLikeWthor checks a header against: the file's, or when not known (a stream
// inside a compressed file) the whole head of a short stream, else the size the header
// announces (only its fields are checked then).
std::uintmax_t wthorSize(const OpenedFile& f) {
    if (f.size) return *f.size;
    if (f.head.size() < kHeadSize || f.head.size() < kWthorHeaderSize) return f.head.size();
    const auto u8 = [&](std::size_t i) { return std::uintmax_t{static_cast<unsigned char>(f.head[i])}; };
    const std::uintmax_t n1 = u8(4) | u8(5) << 8 | u8(6) << 16 | u8(7) << 24;
    return kWthorHeaderSize + n1 * kWthorGameSize;
}

FileResult readWthorOpened(OpenedFile& f, const ReadOptions& options) {
    HeadThenRestStream in(f.head, *f.in);
    std::optional<WthorNames> names;
    if (f.wthorNames) names = f.wthorNames();
    FileResult out = readWthorStream(f.name, in, names ? &*names : nullptr, options, kStreamBlockSize);
    finish(out);
    return out;
}

// Formats read whole (transcript diagrams, move sheets: pages), up to kMaxWholeReadSize.
bool readWhole(OpenedFile& f, Format format, std::string& bytes, FileResult& error) {
    bool failed = false;
    if (readRest(*f.in, f.head, kMaxWholeReadSize, bytes, failed)) return true;
    error = fileError(f.name, format, failed ? "unreadable" : "too-large",
                      failed ? std::string("read error") : std::string(kTooLargeWhy));
    return false;
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

std::string readHead(std::istream& in) {
    std::string head(kHeadSize, '\0');
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(in.gcount()));
    return head;
}

FileResult readOpened(OpenedFile& f, const ReadOptions& options) {
    const std::string& name = f.name;
    if (const char* kind = wthorNamesKind(f.kind, f.head, wthorSize(f))) {
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
    Format format = options.format;
    Shape shape = Shape::Lines;
    int pairs = 0;
    if (format == Format::Auto) {
        const std::string ext = text::lower(f.kind.extension().string());
        if ((looksLikeWthor(f.head, wthorSize(f)) && hasBinaryBytes(f.head)) || ext == ".wtb")
            return readWthorOpened(f, options);
        if (isMostlyBinary(f.head)) return notAGameRecord(name, " (binary data)");
        format = looksLikeJsonDocument(f.head) ? Format::Moves : detectTextFormat(f.head);
        if (format == Format::Moves) shape = movesShape(f.head, true, pairs);
    } else if (format == Format::Moves) {
        shape = movesShape(f.head, false, pairs);
    }
    if (format == Format::Wthor) return readWthorOpened(f, options);
    if (isMostlyBinary(f.head))
        return fileError(name, format, "binary", "binary data, not a record file");
    FileResult out;
    switch (shape) {
        case Shape::NotGames:
            return notAGameRecord(name, "");
        case Shape::NumberPairs:
            out.path = name;
            out.format = Format::Moves;
            out.readable = false;
            out.fileDiagnostics.push_back(numberPairsError(name, pairs));
            finish(out);
            return out;
        case Shape::JsonDocument: {
            out.path = name;
            out.format = Format::Moves;
            HeadThenRestStream in(f.head, *f.in);
            readJsonDocument(name, in, options, out);
            finish(out);
            return out;
        }
        case Shape::Sheet: {
            std::string bytes;
            if (!readWhole(f, format, bytes, out)) return out;
            out.path = name;
            out.format = Format::Moves;
            readMoveSheet(name, bytes, options, out);
            finish(out);
            return out;
        }
        case Shape::Lines:
            break;
    }
    if (formatInfo(format).boundary)
        return streamText(name, *f.in, std::move(f.head), format, options, kStreamBlockSize);
    // Read whole (transcript diagrams, small by nature): bounded by kMaxWholeReadSize.
    std::string bytes;
    if (!readWhole(f, format, bytes, out)) return out;
    if (isMostlyBinary(bytes))
        return fileError(name, format, "binary", "binary data, not a record file");
    readWholeText(name, bytes, format, options, out);
    finish(out);
    return out;
}

FileResult readText(const std::string& name, const std::string& text, const ReadOptions& options) {
    // As a file reads, from a stream over the text: the same detection, the same skips.
    std::istringstream in(text);
    OpenedFile f;
    f.name = name;
    f.kind = name;
    f.in = &in;
    f.head = readHead(in);
    f.size = text.size();
    return readOpened(f, options);
}

FileResult readTextAs(const std::string& name, const std::string& text, Format f,
                      const WthorNames* names, const ReadOptions& options) {
    FileResult out;
    if (f == Format::Wthor) {
        out = readWthorBytes(name, text, names, options);
        out.format = Format::Wthor;
    } else {
        if (f == Format::Auto) f = Format::Moves;
        readWholeText(name, text, f, options, out);
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

void readEach(const std::filesystem::path& path, const ReadOptions& options,
              const std::function<void(FileResult&&)>& onFile) {
    const std::string name = path.string();
    if (const std::string why = notARegularFile(path); !why.empty())
        return onFile(fileError(name, options.format, "unreadable", why));
    std::ifstream in(path, std::ios::binary);
    if (!in) return onFile(fileError(name, options.format, "unreadable", "cannot be opened"));
    // The head decides the format and whether the file is text at all.
    OpenedFile f;
    f.name = name;
    f.kind = path;
    f.in = &in;
    f.head = readHead(in);
    if (in.bad()) return onFile(fileError(name, options.format, "unreadable", "read error"));
    if (packingOf(f.head) != Packing::None) {
        in.close();
        return readPacked(path, f.head, options, onFile);
    }
    std::error_code ec;
    const std::uintmax_t size = std::filesystem::file_size(path, ec);
    if (!ec) f.size = size;
    // The names come from the files beside it (or those the options name).
    f.wthorNames = [&path, &options] {
        return loadWthorNames(path, options.wthorPlayers, options.wthorTournaments);
    };
    onFile(readOpened(f, options));
}

FileResult readFile(const std::filesystem::path& path, const ReadOptions& options) {
    // One result for the file; an archive's files summed up in it (each keeps its own name in
    // its records' and diagnostics' locations).
    FileResult all;
    int files = 0;
    readEach(path, options, [&](FileResult&& r) {
        if (files++ == 0) {
            all = std::move(r);
            return;
        }
        all.path = path.string();
        all.readable = all.readable && r.readable;
        all.skipped = all.skipped && r.skipped;
        if (all.format == Format::Auto) all.format = r.format;
        for (GameRecord& g : r.records) all.records.push_back(std::move(g));
        all.recordCount += r.recordCount;
        all.errorRecords += r.errorRecords;
        all.damagedRecords += r.damagedRecords;
        all.diagnosticsKept += r.diagnosticsKept;
        all.diagnosticsDropped += r.diagnosticsDropped;
        for (const auto& [code, n] : r.droppedByCode) all.droppedByCode[code] += n;
        for (Diagnostic& d : r.fileDiagnostics) all.fileDiagnostics.push_back(std::move(d));
    });
    return all;
}

}  // namespace othello::importers
