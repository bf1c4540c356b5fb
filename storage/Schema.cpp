// Opening a database: pragmas, the schema and its ordered migrations.
#include <sqlite3.h>

#include <cstdlib>

#include "ArchiveImpl.h"
#include "ImportSession.h"

namespace othello::storage {
namespace {

// Migration N brings user_version from N-1 to N; each runs in its own transaction.
// positions: one row per position of every game under its canonical hash (all 8 symmetries
// share it). `entry` packs game_id << 24 | ply << 16 | next << 8 | Black's result, where next
// is the move played from the position in the canonical orientation (255: none): a position
// search and its statistics read one contiguous key range and never touch games, and two
// integer columns keep the index small (about 17 bytes a row) and fast to bulk-load.
// position_stats: the same figures pre-aggregated for the positions many games share.
const std::vector<const char*>& migrations() {
    static const std::vector<const char*> list = {
        R"SQL(
CREATE TABLE meta(key TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID;
INSERT INTO meta(key, value) VALUES('indexed_upto', 0);
INSERT INTO meta(key, value) VALUES('stats_max_discs', 18);
CREATE TABLE players(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, folded TEXT NOT NULL);
CREATE TABLE events(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, folded TEXT NOT NULL);
CREATE TABLE sources(id INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE);
CREATE TABLE games(
    id INTEGER PRIMARY KEY,
    black_id INTEGER NOT NULL REFERENCES players(id),
    white_id INTEGER NOT NULL REFERENCES players(id),
    event_id INTEGER REFERENCES events(id),
    round TEXT, date TEXT, year INTEGER NOT NULL, place TEXT,
    black_score INTEGER NOT NULL,   -- Black's result, 64-disc scale
    black_discs INTEGER NOT NULL, white_discs INTEGER NOT NULL,  -- computed by the replay
    stated_black INTEGER, stated_result TEXT, theoretical INTEGER, theoretical_depth INTEGER,
    complete INTEGER NOT NULL,
    start BLOB,                     -- NULL: the standard start
    moves BLOB NOT NULL,            -- one byte per ply, 64 = pass
    moves_key INTEGER NOT NULL,     -- hash of start and moves: duplicates (read whole on import)
    source_id INTEGER REFERENCES sources(id), source_line INTEGER, source_record INTEGER,
    format INTEGER NOT NULL);
CREATE INDEX games_year ON games(year);
CREATE INDEX games_black ON games(black_id);
CREATE INDEX games_white ON games(white_id);
CREATE INDEX games_event ON games(event_id);
CREATE TABLE positions(
    hash INTEGER NOT NULL, entry INTEGER NOT NULL,
    PRIMARY KEY(hash, entry)) WITHOUT ROWID;
CREATE TABLE position_stats(
    hash INTEGER NOT NULL, next INTEGER NOT NULL, games INTEGER NOT NULL,
    black_wins INTEGER NOT NULL, draws INTEGER NOT NULL, white_wins INTEGER NOT NULL,
    sum_black INTEGER NOT NULL,
    PRIMARY KEY(hash, next)) WITHOUT ROWID;
)SQL",
        // 2: sorting search results by score reads an index instead of sorting every game.
        R"SQL(
CREATE INDEX IF NOT EXISTS games_score ON games(black_score);
)SQL",
        // 3: sorting by player name walks the players in name order (no sort of every game).
        R"SQL(
CREATE INDEX IF NOT EXISTS players_folded ON players(folded);
)SQL",
        // 4: the same for events; for that every game has an event, "" when the record has none.
        R"SQL(
CREATE INDEX IF NOT EXISTS events_folded ON events(folded);
INSERT OR IGNORE INTO events(name, folded) VALUES('', '');
UPDATE games SET event_id = (SELECT id FROM events WHERE name = '') WHERE event_id IS NULL;
)SQL",
        // 5 (games.result_known is added before, see below): (a) old spellings of renamed players,
        // so that re-importing a file under an old spelling finds its games as duplicates; (b)
        // unfinished games without a stated result have an unknown result (result_known = 0), left
        // out of the win/draw counts. Their positions carried a made-up result, so the index is
        // rebuilt (indexed_upto = 0: the next writable open or import indexes every game again)
        // when there are such games.
        R"SQL(
CREATE TABLE IF NOT EXISTS player_aliases(
    name TEXT PRIMARY KEY, folded TEXT NOT NULL,
    player_id INTEGER NOT NULL REFERENCES players(id)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS player_aliases_folded ON player_aliases(folded);
CREATE INDEX IF NOT EXISTS player_aliases_player ON player_aliases(player_id);
UPDATE games SET result_known = 0
    WHERE complete = 0 AND (stated_black IS NULL OR stated_black < 0 OR stated_black > 64);
DELETE FROM positions WHERE EXISTS (SELECT 1 FROM games WHERE result_known = 0);
DELETE FROM position_stats WHERE EXISTS (SELECT 1 FROM games WHERE result_known = 0);
UPDATE meta SET value = 0
    WHERE key = 'indexed_upto' AND EXISTS (SELECT 1 FROM games WHERE result_known = 0);
)SQL",
    };
    static_assert(kSchemaVersion == 5, "kSchemaVersion is the number of migrations");
    return list;
}

int openFlags(bool readOnly) {
    // NOMUTEX: an Archive (a connection) is used by one thread at a time (see Archive.h).
    return SQLite::OPEN_NOMUTEX |
           (readOnly ? SQLite::OPEN_READONLY : (SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE));
}

std::filesystem::path prepared(const std::filesystem::path& p, bool readOnly) {
    if (readOnly) {
        if (!std::filesystem::exists(p))
            throw StorageError("database " + p.string() + " does not exist");
    } else if (p.has_parent_path()) {
        std::error_code ec;
        std::filesystem::create_directories(p.parent_path(), ec);
    }
    return p;
}

}  // namespace

Archive::Impl::Impl(const std::filesystem::path& p, bool ro)
    : path(p), db(prepared(p, ro).string(), openFlags(ro), 10000), readOnly(ro) {
    const int version = static_cast<int>(scalar("PRAGMA user_version"));
    const int target = static_cast<int>(migrations().size());
    if (version > target)
        throw StorageError("database " + p.string() + " has schema version " +
                           std::to_string(version) + ", newer than this program's " +
                           std::to_string(target) + "; it was not modified");
    if (version == 0 && scalar("SELECT count(*) FROM sqlite_master") > 0)
        throw StorageError(p.string() + " is an SQLite database but not an othello-db archive");
    registerPositionRows(db);
    db.exec("PRAGMA foreign_keys = ON");
    db.exec("PRAGMA temp_store = MEMORY");
    db.exec("PRAGMA cache_size = -65536");
    if (ro) {
        if (version < target) throw NeedsUpgrade("database " + p.string() + " needs an upgrade");
        readSettings();
        return;
    }
    // Bigger pages make the position index a shallower b-tree; only a new file takes it.
    if (version == 0) db.exec("PRAGMA page_size = 16384");
    // WAL: readers never block the importer and never see a half-written batch.
    db.exec("PRAGMA journal_mode = WAL");
    db.exec("PRAGMA synchronous = NORMAL");
    db.exec("PRAGMA journal_size_limit = 67108864");  // the WAL shrinks back after big imports
    for (int v = version; v < target; ++v) {
        SQLite::Transaction t(db, SQLite::TransactionBehavior::IMMEDIATE);
        // Another process may have migrated meanwhile.
        if (scalar("PRAGMA user_version") > v) continue;
        // 5 adds games.result_known first (SQLite has no ADD COLUMN IF NOT EXISTS).
        if (v + 1 == 5 &&
            scalar("SELECT count(*) FROM pragma_table_info('games') WHERE name = 'result_known'") ==
                0)
            db.exec("ALTER TABLE games ADD COLUMN result_known INTEGER NOT NULL DEFAULT 1");
        db.exec(migrations()[static_cast<std::size_t>(v)]);
        db.exec("PRAGMA user_version = " + std::to_string(v + 1));
        t.commit();
    }
    readSettings();
    // Games a killed import left without their positions are indexed now, unless an import
    // is running (it indexes them itself; indexing them here too would count them twice).
    std::optional<ImportLock> lock;
    try {
        lock.emplace(path);
    } catch (const StorageError&) {
        return;
    }
    indexPendingGames();
}

void Archive::Impl::readSettings() {
    SQLite::Statement s(db, "SELECT value FROM meta WHERE key = 'stats_max_discs'");
    if (s.executeStep()) statsMaxDiscs = s.getColumn(0).getInt();
}

std::int64_t Archive::Impl::scalar(const char* sql) {
    SQLite::Statement s(db, sql);
    if (!s.executeStep()) return 0;
    return s.getColumn(0).getInt64();
}

SQLite::Statement& Archive::Impl::statement(const std::string& sql) {
    auto& slot = statements[sql];
    if (!slot) {
        slot = std::make_unique<SQLite::Statement>(db, sql);
    } else {
        slot->reset();
        slot->clearBindings();
    }
    return *slot;
}

std::filesystem::path Archive::defaultDatabasePath() {
    if (const char* env = std::getenv("OTHELLO_DB"); env && *env) return env;
    std::filesystem::path base;
    if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg) {
        base = xdg;
    } else if (const char* home = std::getenv("HOME"); home && *home) {
        base = std::filesystem::path(home) / ".local" / "share";
    } else {
        base = ".";
    }
    return base / "othello-db" / "games.sqlite";
}

Archive::Archive(const std::filesystem::path& path, Mode mode) {
    try {
        try {
            impl_ = std::make_unique<Impl>(path, mode == Mode::ReadOnly);
        } catch (const NeedsUpgrade&) {
            // A reader of an older archive migrates it first (a writable connection, closed
            // at once), then reads as asked.
            { Impl migrate(path, false); }
            impl_ = std::make_unique<Impl>(path, true);
        } catch (const SQLite::Exception& e) {
            // A read-only connection cannot roll back the journal a killed writer left (only
            // possible while the file was being created): a writable one recovers it first.
            if (mode != Mode::ReadOnly || (e.getErrorCode() & 0xFF) != SQLITE_READONLY) throw;
            { Impl recover(path, false); }
            impl_ = std::make_unique<Impl>(path, true);
        }
    } catch (const SQLite::Exception& e) {
        throw StorageError("cannot open database " + path.string() + ": " + e.what());
    }
}

Archive::~Archive() = default;
Archive::Archive(Archive&&) noexcept = default;
Archive& Archive::operator=(Archive&&) noexcept = default;

const std::filesystem::path& Archive::path() const {
    return impl_->path;
}

}  // namespace othello::storage
