// What every reader shares: the per-record bookkeeping (keepRecord) and plain file reading.
#include "ReadTypes.h"

#include <algorithm>
#include <fstream>

#include "ReaderUtil.h"
#include "RecordReplay.h"

namespace othello::importers {

void rebase(SourceLocation& where, const LocationBase& base) {
    // Locations a reader left unset (0 or -1) stay unset: a file diagnostic has no line.
    if (where.line == 1 && where.column > 0) where.column += base.columns;
    if (where.line > 0) where.line += base.lines;
    if (where.byteOffset >= 0) where.byteOffset += base.bytes;
    if (where.record >= 0) where.record += base.records;
}

std::string notARegularFile(const std::filesystem::path& path) {
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (ec || !std::filesystem::exists(status)) return "no such file or not readable";
    if (std::filesystem::is_directory(status)) return "is a directory";
    // Devices (/dev/zero), FIFOs and sockets have no size to trust and may never end.
    if (!std::filesystem::is_regular_file(status))
        return "not a regular file (a device, FIFO or socket)";
    return {};
}

bool FileResult::damaged() const {
    return damagedRecords > 0 || std::any_of(fileDiagnostics.begin(), fileDiagnostics.end(),
                                             [](const Diagnostic& d) { return d.damage; });
}

void keepRecord(FileResult& out, const ReadOptions& options, GameRecord&& g) {
    checkDate(g);  // every reader's dates, before --strict counts the warnings
    // Where the record is built: storage keeps its annotations on this verdict, replaying
    // nothing again (GameRecord::annotationsCheck).
    checkAnnotations(g);
    bool damage = false;
    rebase(g.source, out.base);
    for (Diagnostic& d : g.diagnostics) {
        rebase(d.where, out.base);
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
    why = notARegularFile(path);
    if (!why.empty()) return false;
    std::error_code ec;
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        why = "cannot be opened";
        return false;
    }
    // Read in chunks up to the cap, whatever file_size says: the file may grow under us.
    constexpr std::size_t kChunk = std::size_t{1} << 20;
    const std::uintmax_t size = std::filesystem::file_size(path, ec);
    if (!ec && size <= kMaxWholeReadSize) out.reserve(static_cast<std::size_t>(size));
    std::vector<char> chunk(kChunk);
    while (in) {
        in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
        const auto n = static_cast<std::size_t>(in.gcount());
        if (out.size() + n > kMaxWholeReadSize) {
            out.clear();
            out.shrink_to_fit();
            why = kTooLargeWhy;
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

}  // namespace othello::importers
