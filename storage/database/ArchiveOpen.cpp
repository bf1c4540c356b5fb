// Where an archive's file lives decides how SQLite opens it (see Archive.h, "Read-only
// archives"); an archive of an older schema is read through temp views, never upgraded by a
// reader.
#include <sqlite3.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <algorithm>

#include "storage/ArchiveImpl.h"
#include "storage/problems/ProblemStore.h"

namespace othello::storage {
namespace {

// The nearest existing folder holding `database` (a writer creates the missing ones).
std::filesystem::path existingFolder(const std::filesystem::path& database) {
    std::filesystem::path dir = database.parent_path();
    if (dir.empty()) dir = ".";
    std::error_code ec;
    while (!std::filesystem::exists(dir, ec) && dir.has_parent_path() && dir != dir.parent_path())
        dir = dir.parent_path();
    return dir;
}

// A path inside a file: URI ('?', '#' and '%' would end or escape it).
std::string uriPath(const std::string& path) {
    std::string out;
    for (unsigned char c : path) {
        if (c == '?' || c == '#' || c == '%' || c < 0x20) {
            static const char* hex = "0123456789ABCDEF";
            out += '%';
            out += hex[c >> 4];
            out += hex[c & 15];
        } else {
            out += static_cast<char>(c);
        }
    }
    return out;
}

}  // namespace

Media probeMedia(const std::filesystem::path& database) {
    const std::filesystem::path dir = existingFolder(database);
    struct statvfs fs {};
    if (::statvfs(dir.c_str(), &fs) == 0 && (fs.f_flag & ST_RDONLY)) return Media::ReadOnlyMount;
    if (::access(dir.c_str(), W_OK) != 0) return Media::ReadOnlyFolder;
    return Media::Writable;
}

const char* describeMedia(Media media) {
    switch (media) {
        case Media::ReadOnlyMount:
            return "it is on a read-only file system";
        case Media::ReadOnlyFolder:
            return "its folder is not writable";
        case Media::Writable:
            break;
    }
    return "the file cannot be written";
}

SqliteTarget sqliteTarget(const std::filesystem::path& database, bool readOnly, Media media) {
    SqliteTarget t;
    t.name = database.string();
    t.flags = SQLITE_OPEN_NOMUTEX |
              (readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE));
    if (!readOnly || media == Media::Writable) return t;
    t.flags |= SQLITE_OPEN_URI;
    std::error_code ec;
    const auto walBytes = std::filesystem::file_size(database.string() + "-wal", ec);
    const bool wal = !ec;
    const bool committedInWal = wal && walBytes > 0;
    const bool shm = std::filesystem::exists(database.string() + "-shm", ec);
    // With its -wal and -shm beside it, the file is read through them with locks, as on
    // writable media: a writer elsewhere (another user, who may write the folder) is seen, and
    // so are the transactions a killed writer left in the -wal. SQLite cannot open a WAL file
    // read-only without both unless it is immutable. A read-only mount has no writer: an
    // empty -wal adds nothing there.
    if (wal && shm && (media == Media::ReadOnlyFolder || committedInWal)) {
        t.name = "file:" + uriPath(database.string()) + "?mode=ro";
        return t;
    }
    // Otherwise the file alone is the archive (writers leave it complete when they close,
    // checkpointOnClose): a copy made without its -wal and -shm, a file on a CD. It is read
    // immutable, as a snapshot: no lock, no -wal, nothing created beside it. Without a -wal
    // no writer can be running (a WAL writer keeps one), and none can start where the folder
    // cannot be written.
    t.name = "file:" + uriPath(database.string()) + "?immutable=1";
    t.snapshot = true;
    if (committedInWal)
        t.warning = database.string() + "-wal (" + std::to_string(walBytes) +
                    " bytes) is beside the archive without its -shm file, and " +
                    describeMedia(media) +
                    ": the changes it may hold (a writer killed, or a copy taken while one ran) "
                    "are not read; open the archive once where it can be written to fold them "
                    "into the file";
    return t;
}

void checkpointOnClose(sqlite3* db, std::chrono::milliseconds wait) {
    sqlite3_busy_timeout(db, static_cast<int>(std::min<std::int64_t>(wait.count(), 1 << 30)));
    // Errors are not the caller's concern at close: a partial checkpoint leaves the rest in
    // the -wal, where readers find it and the next writer copies it.
    sqlite3_wal_checkpoint_v2(db, "main", SQLITE_CHECKPOINT_FULL, nullptr, nullptr);
}

void createCompatibilityViews(SQLite::Database& db, int version) {
    // Unqualified names find temp objects before main ones: these stand in for what later
    // migrations add, so the queries of this program run on the old file unchanged.
    std::string added;
    if (version < 5)
        added +=
            ", CASE WHEN complete = 0 AND (stated_black IS NULL OR stated_black < 0 OR "
            "stated_black > 64) THEN 0 ELSE 1 END AS result_known";
    // 7: every game of an older archive is a plain Othello game without a stored identity.
    if (version < 7)
        added += ", NULL AS record_hash, NULL AS source_game_id, NULL AS variant, NULL AS komi";
    // 14: no game's rules stored: each is Othello's from its start (GameColumns::rulesOf).
    if (version < 14) added += ", NULL AS rules";
    if (!added.empty()) db.exec("CREATE TEMP VIEW games AS SELECT *" + added + " FROM main.games");
    if (version < 5) {
        db.exec(
            "CREATE TEMP TABLE player_aliases(name TEXT PRIMARY KEY, folded TEXT NOT NULL, "
            "player_id INTEGER NOT NULL)");
    }
    if (version < 6) {
        // What SearchFilter::lostDiscs reads: no game is reviewed.
        db.exec(
            "CREATE TEMP TABLE game_analysis(game_id INTEGER PRIMARY KEY, solver_version "
            "INTEGER, black_max INTEGER, white_max INTEGER, max_loss INTEGER)");
    }
    if (version < 15) {
        // Nothing rated yet (RatingsStore.h): the tables, empty; the missing meta row says
        // the ratings are pending.
        db.exec(
            "CREATE TEMP TABLE rating_periods(seq INTEGER PRIMARY KEY, tournament_id INTEGER, "
            "year INTEGER, date TEXT, name TEXT, games INTEGER);"
            "CREATE TEMP TABLE ratings(player_id INTEGER, seq INTEGER, rating_before REAL, "
            "rating_after REAL, games INTEGER, score REAL, expected REAL, rated_games INTEGER)");
    }
    if (version < 9) {
        // No journal, trash or edited games yet: the same tables, empty, in temp.
        std::string sql = kJournalTablesSql;
        for (std::size_t at = 0; (at = sql.find("CREATE ", at)) != std::string::npos; at += 7) {
            const bool table = sql.compare(at, 13, "CREATE TABLE ") == 0;
            if (table) sql.insert(at + 7, "TEMP ");
        }
        // Indexes of temp tables live in temp; trash_games copies the columns of (temp) games.
        std::string out;
        for (std::size_t b = 0, e; b < sql.size(); b = e + 1) {
            e = sql.find(';', b);
            if (e == std::string::npos) e = sql.size();
            std::string stmt = sql.substr(b, e - b);
            if (stmt.find("INSERT") != std::string::npos) continue;  // meta is read-only here
            if (stmt.find("CREATE UNIQUE INDEX") != std::string::npos ||
                stmt.find("CREATE INDEX") != std::string::npos)
                continue;
            out += stmt + ";";
        }
        db.exec(out);
    }
    if (version < 16) {
        // No problem sets yet (storage/problems/ProblemStore.h): the tables, empty, in temp.
        // Readers make no index (a temp table's would live in temp, and the tables are empty).
        const std::string sql = kProblemTablesSql;
        std::string out;
        for (std::size_t b = 0, e; b < sql.size(); b = e + 1) {
            e = sql.find(';', b);
            if (e == std::string::npos) break;
            std::string stmt = sql.substr(b, e - b);
            const auto at = stmt.find("CREATE TABLE");
            if (at == std::string::npos) continue;
            out += stmt.insert(at + 7, "TEMP ") + ";";
        }
        db.exec(out);
    }
}

}  // namespace othello::storage
