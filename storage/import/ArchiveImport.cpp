// Import entry points: files (folders expanded) or records, through an ImportSession; and the
// recovery of games a killed import stored without their positions.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <optional>

#include "importers/FormatTable.h"
#include "importers/Unpack.h"
#include "storage/import/ImportSession.h"
#include "storage/import/RecordStream.h"

namespace othello::storage {
namespace {

using importers::Diagnostic;
using importers::GameRecord;
using importers::Severity;

// Names files (WTHOR's .JOU / .TRN) hold no games: the format table knows them.
bool isNameFile(const std::filesystem::path& p) {
    return importers::isNamesFile(p);
}

// A move list whose records all fail at move 1 the same way (a logbook without its first move):
// the file's note "first-move-hint" says so once, with the option to use. The records' own
// errors, all alike, are left out of the list from `from` on (those of this file); the records
// are rejected and counted all the same.
void collapseFirstMoveErrors(ImportResult& res, const importers::FileResult& fr,
                             std::size_t from, std::int64_t notKeptBefore) {
    const bool hint =
        std::any_of(fr.fileDiagnostics.begin(), fr.fileDiagnostics.end(),
                    [](const Diagnostic& d) { return d.code == "first-move-hint"; });
    if (!hint || from > res.errors.size()) return;
    const std::string& code = fr.firstMoveFailures.code;
    res.errors.erase(std::remove_if(res.errors.begin() + static_cast<std::ptrdiff_t>(from),
                                    res.errors.end(),
                                    [&](const Diagnostic& d) {
                                        return d.where.path == fr.path && d.moveNumber == 1 &&
                                               d.code == code;
                                    }),
                     res.errors.end());
    // Those the list had no room for were of them too.
    res.diagnosticsNotKept = notKeptBefore;
}

}  // namespace

std::vector<std::filesystem::path> expandImportPaths(
    const std::vector<std::filesystem::path>& paths) {
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

std::size_t defaultSpillRows() {
    if (const char* env = std::getenv("OTHELLO_SPILL_ROWS"); env && *env)
        return static_cast<std::size_t>(std::max<long long>(1, std::atoll(env)));
    return std::size_t{12'000'000};
}

std::int64_t maxReplayedGames() {
    if (const char* env = std::getenv("OTHELLO_MAX_REPLAYED_GAMES"); env && *env)
        return std::max<std::int64_t>(0, std::atoll(env));
    return kMaxReplayedGames;
}

std::int64_t Archive::Impl::indexPendingGames() {
    // Bounded transactions: memory stays small, and a disk that fills up keeps what fitted.
    constexpr std::int64_t kGamesPerTransaction = 50000;
    // Many games (a killed bulk import): all in one transaction, their positions spilled to
    // sorted runs and the index written once (PositionRuns.h); writing them 50,000 games at a
    // time into a big index would rewrite most of it each time.
    std::int64_t count = 0;
    for (;;) {
        const std::int64_t upto = scalar("SELECT value FROM meta WHERE key = 'indexed_upto'");
        const std::int64_t maxId = scalar("SELECT coalesce(max(id), 0) FROM games");
        if (maxId <= upto) return count;
        const bool many = maxId - upto > maxReplayedGames();
        SQLite::Transaction t(db, SQLite::TransactionBehavior::IMMEDIATE);
        PositionIndexer indexer(db, statsMaxDiscs);
        if (many) indexer.reserve(defaultSpillRows() + 256);
        SQLite::Statement games(db, std::string("SELECT id, start, moves, ") + kIndexResultSql +
                                        " FROM games WHERE id > ? ORDER BY id LIMIT ?");
        games.bind(1, upto);
        games.bind(2, many ? maxId - upto : kGamesPerTransaction);
        std::int64_t last = upto;
        while (games.executeStep()) {
            const auto start = games.getColumn(1), moves = games.getColumn(2);
            last = games.getColumn(0).getInt64();
            indexer.add(last, decodeStart(start.getBlob(), start.getBytes()),
                        decodeMoves(moves.getBlob(), moves.getBytes()),
                        games.getColumn(3).getInt());
            ++count;
            if (many && indexer.pending() > defaultSpillRows()) indexer.spill(path.parent_path());
        }
        games.reset();
        indexer.flush();
        SQLite::Statement s(db, "UPDATE meta SET value = ? WHERE key = 'indexed_upto'");
        s.bind(1, last);
        s.exec();
        t.commit();
    }
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
    // More than a reader may replay (a big import spills its positions to sorted runs and
    // indexes them at its end): position searches leave them out until then.
    if (maxId <= upto || maxId - upto > maxReplayedGames()) {
        pendingView.reset();
        // The games replayed for earlier snapshots are indexed now: their memory goes.
        if (pendingStore) pendingStore->indexedUpTo(upto);
        return false;
    }
    if (!pendingRegistered) {
        registerPendingPositions(db, &pendingView);
        pendingRegistered = true;
    }
    if (!pendingStore) pendingStore = PendingStore::forFile(path);
    // The replay is shared work (other connections wait for it): the deadline of this
    // connection's request does not stop it, else a replay longer than a request's time would
    // start again, and be stopped again, at every request.
    struct NoDeadline {
        Impl& impl;
        std::optional<std::chrono::steady_clock::time_point> saved;
        explicit NoDeadline(Impl& i) : impl(i), saved(i.deadline) { impl.deadline.reset(); }
        ~NoDeadline() { impl.deadline = saved; }
    };
    pendingView = pendingStore->view(upto, maxId, [this](std::int64_t a, std::int64_t b) {
        const NoDeadline unbounded(*this);
        PositionIndexer indexer(db, statsMaxDiscs);
        SQLite::Statement games(db, std::string("SELECT id, start, moves, ") + kIndexResultSql +
                                        " FROM games WHERE id > ? AND id <= ? ORDER BY id");
        games.bind(1, a);
        games.bind(2, b);
        while (games.executeStep()) {
            const auto start = games.getColumn(1), moves = games.getColumn(2);
            indexer.add(games.getColumn(0).getInt64(),
                        decodeStart(start.getBlob(), start.getBytes()),
                        decodeMoves(moves.getBlob(), moves.getBytes()),
                        games.getColumn(3).getInt());
        }
        games.reset();
        const auto rows = indexer.takeRows();
        std::vector<PendingRow> out;
        out.reserve(rows.size());
        for (const auto& [hash, entry] : rows) out.push_back(PendingRow{hash, entry});
        return out;
    });
    return true;
}

ImportResult Archive::importRecords(const std::vector<importers::GameRecord>& records,
                                    const ImportOptions& options) {
    std::optional<ImportSession> session;
    try {
        session.emplace(*impl_, options);
    } catch (const SQLite::Exception& e) {
        // (Indexing the games a killed import left, first, failed: a full disk.)
        ImportResult failed;
        failed.failure = ImportSession::describeFailure(e);
        return failed;
    }
    try {
        for (const auto& r : records) {
            if (session->cancelled()) {
                session->result().cancelled = true;
                break;
            }
            session->add(r);
        }
        session->finish();
        return std::move(session->result());
    } catch (const SQLite::Exception& e) {
        return session->stopped(e);
    } catch (const StorageError& e) {
        return session->stopped(std::string(e.what()));
    }
}

ImportResult Archive::importFiles(const std::vector<std::filesystem::path>& paths,
                                  const ImportOptions& options) {
    std::optional<ImportSession> started;
    try {
        started.emplace(*impl_, options);
    } catch (const SQLite::Exception& e) {
        // (Indexing the games a killed import left, first, failed: a full disk.)
        ImportResult failed;
        failed.failure = ImportSession::describeFailure(e);
        return failed;
    }
    ImportSession& session = *started;
    try {
        const auto files = expandImportPaths(paths);
        session.progress().filesTotal = files.size();
        double waitSeconds = 0;
        // The files are read (parsed and replayed) on another thread and their records handed
        // over through a bounded queue as they are read: memory stays small whatever the files
        // hold, and reading overlaps storing. Progress and the session stay on this thread.
        importers::ReadOptions ro;
        ro.format = options.format;
        ro.strict = options.strict;
        ro.wthorPlayers = options.wthorPlayers;
        ro.wthorTournaments = options.wthorTournaments;
        ro.firstMove = options.firstMove;
        RecordStream stream(files, ro);
        ImportResult& res = session.result();
        // Where the errors of the file being read start (for collapseFirstMoveErrors).
        std::size_t entryErrors = 0;
        std::int64_t entryNotKept = 0;
        for (;;) {
            const auto t0 = std::chrono::steady_clock::now();
            RecordStream::Item item = stream.pop();
            waitSeconds +=
                std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            if (item.kind == RecordStream::Kind::Done) {
                if (item.failure) std::rethrow_exception(item.failure);
                break;
            }
            if (item.kind == RecordStream::Kind::FileStart) {
                const auto& file = files[item.file];
                std::error_code ec;
                const auto size = std::filesystem::file_size(file, ec);
                session.progress().currentFile = file.string();
                session.progress().fileRecordsDone = 0;
                // Records inside a compressed file are located in what it unpacks to: no
                // fraction of the file's own size.
                const bool packed =
                    importers::packingOfFile(file) != importers::Packing::None;
                session.progress().fileBytes = ec || packed ? 0 : static_cast<std::int64_t>(size);
                session.progress().fileBytesDone = -1;
                entryErrors = res.errors.size();
                entryNotKept = res.diagnosticsNotKept;
                continue;
            }
            if (item.kind == RecordStream::Kind::Record) {
                for (const auto& d : item.record.diagnostics)
                    if (d.severity == Severity::Warning) res.keep(res.warnings, d);
                session.add(item.record);
            } else if (item.kind == RecordStream::Kind::FileEnd) {
                // One file read: the file given, or one inside an archive.
                const importers::FileResult& fr = item.summary;
                collapseFirstMoveErrors(res, fr, entryErrors, entryNotKept);
                for (const auto& d : fr.fileDiagnostics)
                    res.keep(d.severity == Severity::Error ? res.errors : res.fileNotes, d);
                res.damaged += fr.damagedRecords;
                for (const auto& d : fr.fileDiagnostics) res.damaged += d.damage;
                if (fr.skipped) {
                    ++res.filesSkipped;
                    if (res.notGameRecords.size() < kMaxImportDiagnostics)
                        res.notGameRecords.push_back(fr.path);
                } else if (fr.readable) {
                    ++res.filesRead;
                } else {
                    ++res.filesUnreadable;
                }
                entryErrors = res.errors.size();
                entryNotKept = res.diagnosticsNotKept;
            } else {  // FileDone: the file given, with every file inside it
                ++session.progress().filesDone;
                session.progress().fileRecordsDone = 0;
                session.progress().fileBytes = 0;
                session.progress().fileBytesDone = -1;
                session.report();
            }
            if (session.cancelled()) {
                stream.stop();
                break;
            }
        }
        if (session.cancelled()) session.result().cancelled = true;
        if (std::getenv("OTHELLO_IMPORT_TRACE"))
            std::fprintf(stderr, "import: waiting for records took %.3f s\n", waitSeconds);
        session.finish();
        return std::move(session.result());
    } catch (const SQLite::Exception& e) {
        return session.stopped(e);
    } catch (const StorageError& e) {
        return session.stopped(std::string(e.what()));
    }
}

}  // namespace othello::storage
