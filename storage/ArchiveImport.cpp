// Import entry points: files (folders expanded) or records, through an ImportSession; and the
// recovery of games a killed import stored without their positions.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <future>

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
    SQLite::Statement games(
        db,
        "SELECT id, start, moves, CASE WHEN result_known THEN black_score ELSE -1 END "
        "FROM games WHERE id > ?");
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

bool Archive::Impl::refreshPending() {
    std::int64_t upto = 0, maxId = 0;
    {
        // One statement, one snapshot: the watermark and the last game agree.
        SQLite::Statement& s = statement(
            "SELECT (SELECT value FROM meta WHERE key = 'indexed_upto'), "
            "(SELECT coalesce(max(id), 0) FROM games)");
        if (s.executeStep()) {
            upto = s.getColumn(0).getInt64();
            maxId = s.getColumn(1).getInt64();
        }
        s.reset();
    }
    if (maxId <= upto) {
        if (pendingFilledTo > 0) db.exec("DELETE FROM temp.pending_positions");
        pendingFilledTo = 0;
        return false;
    }
    if (!pendingTable) {
        db.exec(
            "CREATE TEMP TABLE IF NOT EXISTS pending_positions(hash INTEGER NOT NULL, "
            "entry INTEGER NOT NULL, PRIMARY KEY(hash, entry)) WITHOUT ROWID");
        pendingTable = true;
    }
    {
        SQLite::Statement drop(db, "DELETE FROM temp.pending_positions WHERE entry < ?");
        drop.bind(1, (upto + 1) << 24);
        drop.exec();
    }
    const std::int64_t from = std::max(upto, pendingFilledTo);
    PositionIndexer indexer(db, statsMaxDiscs);
    SQLite::Statement games(db,
                            "SELECT id, start, moves, CASE WHEN result_known THEN black_score "
                            "ELSE -1 END FROM games WHERE id > ? AND id <= ?");
    games.bind(1, from);
    games.bind(2, maxId);
    while (games.executeStep()) {
        const auto start = games.getColumn(1), moves = games.getColumn(2);
        indexer.add(games.getColumn(0).getInt64(), decodeStart(start.getBlob(), start.getBytes()),
                    decodeMoves(moves.getBlob(), moves.getBytes()), games.getColumn(3).getInt());
    }
    games.reset();
    indexer.flushPending();
    pendingFilledTo = maxId;
    return true;
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
        // The next file is read (parsed and replayed) on another thread while this one's
        // records are stored; progress and the session stay on the calling thread.
        std::future<importers::FileResult> next;
        for (std::size_t i = 0; i < files.size(); ++i) {
            const auto& file = files[i];
            if (session.cancelled()) {
                session.result().cancelled = true;
                break;
            }
            session.progress().currentFile = file.string();
            const auto t0 = std::chrono::steady_clock::now();
            const importers::FileResult fr = next.valid() ? next.get() : readOne(file, options);
            if (i + 1 < files.size())
                next = std::async(std::launch::async, readOne, std::cref(files[i + 1]),
                                  std::cref(options));
            readSeconds +=
                std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            ImportResult& res = session.result();
            for (const auto& d : fr.fileDiagnostics)
                (d.severity == Severity::Error ? res.errors : res.fileNotes).push_back(d);
            if (!fr.readable) {
                ++res.filesUnreadable;
            } else {
                ++res.filesRead;
                session.progress().fileRecords = static_cast<std::int64_t>(fr.records.size());
                session.progress().fileRecordsDone = 0;
                for (const auto& r : fr.records) {
                    session.add(r);
                    if (session.cancelled()) break;
                }
            }
            ++session.progress().filesDone;
            session.progress().fileRecords = session.progress().fileRecordsDone = 0;
            session.report();
        }
        if (session.cancelled()) session.result().cancelled = true;
        if (std::getenv("OTHELLO_IMPORT_TRACE"))
            std::fprintf(stderr, "import: waiting for files took %.3f s\n", readSeconds);
        session.finish();
        return std::move(session.result());
    } catch (const SQLite::Exception& e) {
        throw StorageError(std::string("import failed: ") + e.what());
    }
}

}  // namespace othello::storage
