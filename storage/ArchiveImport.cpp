// Import entry points: files (folders expanded) or records, through an ImportSession; and the
// recovery of games a killed import stored without their positions.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>

#include "ImportSession.h"

namespace othello::storage {
namespace {

using importers::Diagnostic;
using importers::GameRecord;
using importers::Severity;

bool isNameFile(const std::filesystem::path& p) {
    std::string ext = p.extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return ext == ".jou" || ext == ".trn";
}

std::vector<std::filesystem::path> expand(const std::vector<std::filesystem::path>& paths) {
    std::vector<std::filesystem::path> files;
    for (const auto& p : paths) {
        std::error_code ec;
        if (std::filesystem::is_directory(p, ec)) {
            std::vector<std::filesystem::path> inDir;
            for (auto it = std::filesystem::recursive_directory_iterator(p, ec);
                 !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
                const auto name = it->path().filename().string();
                if (it->is_regular_file(ec) && !name.empty() && name[0] != '.' &&
                    !isNameFile(it->path()))
                    inDir.push_back(it->path());
            }
            std::sort(inDir.begin(), inDir.end());
            files.insert(files.end(), inDir.begin(), inDir.end());
        } else {
            files.push_back(p);
        }
    }
    return files;
}

importers::FileResult readOne(const std::filesystem::path& path, const ImportOptions& o) {
    importers::ReadOptions ro;
    ro.format = o.format;
    ro.strict = o.strict;
    return importers::readFile(path, ro);
}

}  // namespace

std::int64_t Archive::Impl::indexPendingGames() {
    const std::int64_t upto = scalar("SELECT value FROM meta WHERE key = 'indexed_upto'");
    if (scalar("SELECT coalesce(max(id), 0) FROM games") <= upto) return 0;
    SQLite::Transaction t(db, SQLite::TransactionBehavior::IMMEDIATE);
    PositionIndexer indexer(db, statsMaxDiscs);
    SQLite::Statement games(db, "SELECT id, start, moves, black_score FROM games WHERE id > ?");
    games.bind(1, upto);
    std::int64_t count = 0, last = upto;
    while (games.executeStep()) {
        const auto start = games.getColumn(1), moves = games.getColumn(2);
        last = games.getColumn(0).getInt64();
        indexer.add(last, decodeStart(start.getBlob(), start.getBytes()),
                    decodeMoves(moves.getBlob(), moves.getBytes()), games.getColumn(3).getInt());
        ++count;
    }
    indexer.flush();
    SQLite::Statement s(db, "UPDATE meta SET value = ? WHERE key = 'indexed_upto'");
    s.bind(1, last);
    s.exec();
    t.commit();
    return count;
}

ImportResult Archive::importRecords(const std::vector<importers::GameRecord>& records,
                                    const ImportOptions& options) {
    try {
        ImportSession session(*impl_, options);
        for (const auto& r : records) {
            if (session.cancelled()) {
                session.result().cancelled = true;
                break;
            }
            session.add(r);
        }
        session.finish();
        return std::move(session.result());
    } catch (const SQLite::Exception& e) {
        throw StorageError(std::string("import failed: ") + e.what());
    }
}

ImportResult Archive::importFiles(const std::vector<std::filesystem::path>& paths,
                                  const ImportOptions& options) {
    try {
        ImportSession session(*impl_, options);
        const auto files = expand(paths);
        session.progress().filesTotal = files.size();
        double readSeconds = 0;
        for (const auto& file : files) {
            if (session.cancelled()) {
                session.result().cancelled = true;
                break;
            }
            session.progress().currentFile = file.string();
            const auto t0 = std::chrono::steady_clock::now();
            const importers::FileResult fr = readOne(file, options);
            readSeconds +=
                std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            ImportResult& res = session.result();
            for (const auto& d : fr.fileDiagnostics)
                if (d.severity == Severity::Error) res.errors.push_back(d);
            if (!fr.readable) {
                ++res.filesUnreadable;
            } else {
                ++res.filesRead;
                for (const auto& r : fr.records) {
                    session.add(r);
                    if (session.cancelled()) break;
                }
            }
            ++session.progress().filesDone;
            session.report();
        }
        if (session.cancelled()) session.result().cancelled = true;
        if (std::getenv("OTHELLO_IMPORT_TRACE"))
            std::fprintf(stderr, "import: reading files took %.3f s\n", readSeconds);
        session.finish();
        return std::move(session.result());
    } catch (const SQLite::Exception& e) {
        throw StorageError(std::string("import failed: ") + e.what());
    }
}

}  // namespace othello::storage
