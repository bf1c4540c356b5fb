// Opening a database: pragmas, the schema and its ordered migrations.
#include <sqlite3.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "storage/ArchiveImpl.h"
#include "storage/curation/AnnotationStore.h"
#include "storage/curation/DuplicateGroups.h"
#include "storage/database/GameColumns.h"
#include "storage/database/WriterLock.h"
#include "storage/import/ImportSession.h"
#include "storage/players/RatingsStore.h"
#include "storage/problems/ProblemStore.h"
#include "storage/tournaments/StructureStore.h"
#include "storage/tournaments/Withdrawals.h"

namespace othello::storage {
namespace {

// A migration: SQL, then optionally a step in C++ for what SQL cannot compute (hashes, replays),
// in the same transaction.
struct Migration {
    // Implicit: most migrations are SQL alone, written as a string.
    Migration(const char* s, void (*f)(SQLite::Database&) = nullptr) : sql(s), step(f) {}
    const char* sql;
    void (*step)(SQLite::Database& db);
};

// 7, after its SQL: the new columns of games are added; unfinished games lose the forced pass the
// importers used to append after their last move (no record plays it; importers/RecordReplay.cpp no
// longer adds it), their moves_key is recomputed, every game gets its record_hash (Codec.h), and
// the position index is rebuilt when a game changed (indexed_upto = 0: the next writer indexes
// every game again). A stored unfinished game whose record wrote that pass itself cannot be told
// apart: it loses it too (a re-import from its file then finds it by source and record number).
void recomputeGameKeys(SQLite::Database& db, bool stripInventedPass);

void addGameKeys(SQLite::Database& db) {
    // Only the missing ones: SQLite has no ADD COLUMN IF NOT EXISTS, and a file may have some
    // (an archive downgraded by hand, a test's older layout).
    // rules (migration 14's) too: recomputeGameKeys reads rows through GameColumns, which
    // reads it (NULL: Othello's rules fitted to the start, the key Othello's).
    for (const char* column : {"record_hash INTEGER", "source_game_id TEXT", "variant TEXT",
                               "komi REAL", "rules TEXT"}) {
        const std::string name = std::string(column).substr(0, std::string(column).find(' '));
        SQLite::Statement has(db, "SELECT count(*) FROM pragma_table_info('games') WHERE name = ?");
        has.bind(1, name);
        has.executeStep();
        if (has.getColumn(0).getInt() == 0)
            db.exec(std::string("ALTER TABLE games ADD COLUMN ") + column);
    }
    recomputeGameKeys(db, true);
}

// 8: record_hash counts only what a games row keeps (Codec.h recordHash): recomputed for every
// game, so that stored games and new records of the same content hash alike.
void recomputeRecordHashes(SQLite::Database& db) {
    recomputeGameKeys(db, false);
}

// Every game's record_hash; with stripInventedPass, unfinished games lose a last pass first
// (and their moves_key and the position index follow).
void recomputeGameKeys(SQLite::Database& db, bool stripInventedPass) {
    std::int64_t changed = 0;
    const std::string& select = GameColumns::selectSql();  // "SELECT <columns> FROM ..."
    SQLite::Statement games(
        db, "SELECT g.id AS id, g.moves_key AS stored_key, " + select.substr(sizeof "SELECT " - 1));
    SQLite::Statement hash(db, "UPDATE games SET record_hash = ? WHERE id = ?");
    // Apart: setting moves_key, even to its value, drops the game's endgame review (the
    // trigger game_analysis_changed), which only the games whose moves changed must lose.
    SQLite::Statement key(db, "UPDATE games SET moves = ?, moves_key = ? WHERE id = ?");
    while (games.executeStep()) {
        importers::GameRecord r;
        GameColumns::read(games, r);
        const std::int64_t id = games.getColumn("id").getInt64();
        const bool invented =
            stripInventedPass && !r.complete() && !r.moves.empty() && r.moves.back() == core::kPass;
        if (invented) {
            r.moves.pop_back();
            ++changed;
        }
        const std::int64_t k = movesKey(r.start, r.moves, r.rules);
        if (invented || k != games.getColumn("stored_key").getInt64()) {
            const std::string moves = encodeMoves(r.moves);
            key.bind(1, moves.data(), static_cast<int>(moves.size()));
            key.bind(2, k);
            key.bind(3, id);
            key.exec();
            key.reset();
        }
        hash.bind(1, recordHash(r));
        hash.bind(2, id);
        hash.exec();
        hash.reset();
    }
    if (changed > 0)
        db.exec(
            "DELETE FROM positions; DELETE FROM position_stats; "
            "UPDATE meta SET value = 0 WHERE key = 'indexed_upto'");
}

// 14: every game's rules (games.rules, GameColumns::rulesText): NULL for Othello's from the
// standard start, else the code of Othello's rules fitted to the stored start ("othello+position",
// "othello+mirrored"; never a handicap by guess: a stored board with extra corners is a
// position). Trashed games too (trash_games has every column of games). Keys are unchanged:
// every such game is played as Othello (Codec.h playedAsOthello).
void addGameRules(SQLite::Database& db) {
    for (const char* table : {"games", "trash_games"}) {
        SQLite::Statement has(db, "SELECT count(*) FROM pragma_table_info(?) WHERE name = 'rules'");
        has.bind(1, table);
        has.executeStep();
        if (has.getColumn(0).getInt() == 0)
            db.exec(std::string("ALTER TABLE ") + table + " ADD COLUMN rules TEXT");
        SQLite::Statement starts(
            db, std::string("SELECT id, start FROM ") + table + " WHERE start IS NOT NULL");
        SQLite::Statement set(db, std::string("UPDATE ") + table + " SET rules = ? WHERE id = ?");
        while (starts.executeStep()) {
            const auto start = starts.getColumn(1);
            const core::Rules rules = core::fitStart(
                core::othelloRules(), decodeStart(start.getBlob(), start.getBytes()), false);
            const auto text = GameColumns::rulesText(rules);
            if (!text) continue;
            set.bind(1, *text);
            set.bind(2, starts.getColumn(0).getInt64());
            set.exec();
            set.reset();
        }
    }
    db.exec("CREATE INDEX IF NOT EXISTS games_rules ON games(rules) WHERE rules IS NOT NULL");
}

// 17: the keys of games under rules other than Othello's no longer hash in how the start was
// labelled (Codec.h keyRules): a handicap game's key is Othello's from its board, that of the
// same game stored as "othello+position" before schema 14. moves_key and record_hash again for
// the games (and trashed games) whose key changed; only rows with a rules code can. A code this
// program cannot read is left as it is (its key is its writer's). Pairs already stored twice now
// share their key: `duplicates` lists them. (game_origins keeps the keys the original records
// had: an edited handicap game is still found by its file and record, not by its old hash.)
void rekeyRuleGames(SQLite::Database& db) {
    // A new key is not a new game: its cached review (game_analysis, which the trigger
    // game_analysis_changed deletes on a moves_key update) is kept, under the new key.
    db.exec(
        "CREATE TEMP TABLE kept_analysis AS SELECT * FROM game_analysis WHERE game_id IN "
        "(SELECT id FROM games WHERE rules IS NOT NULL)");
    const std::string& select = GameColumns::selectSql();  // "SELECT <columns> FROM games g ..."
    const std::string from = "FROM games g ";
    for (const std::string table : {"games", "trash_games"}) {
        std::string sql = "SELECT g.id AS id, g.moves_key AS stored_key, " +
                          select.substr(sizeof "SELECT " - 1) + "WHERE g.rules IS NOT NULL";
        sql.replace(sql.find(from), from.size(), "FROM " + table + " g ");
        SQLite::Statement games(db, sql);
        SQLite::Statement set(
            db, "UPDATE " + table + " SET moves_key = ?, record_hash = ? WHERE id = ?");
        while (games.executeStep()) {
            if (core::parseRules(games.getColumn("rules").getString()).error) continue;
            importers::GameRecord r;
            GameColumns::read(games, r);
            const std::int64_t key = movesKey(r.start, r.moves, r.rules);
            if (key == games.getColumn("stored_key").getInt64()) continue;
            set.bind(1, key);
            set.bind(2, recordHash(r, key));
            set.bind(3, games.getColumn("id").getInt64());
            set.exec();
            set.reset();
        }
    }
    db.exec("INSERT OR IGNORE INTO game_analysis SELECT * FROM temp.kept_analysis");
    db.exec(
        "UPDATE game_analysis SET moves_key = (SELECT moves_key FROM games WHERE id = "
        "game_id) WHERE game_id IN (SELECT game_id FROM temp.kept_analysis)");
    db.exec("DROP TABLE temp.kept_analysis");
}

// Migrations that rewrite stored data back the archive up first (backupBefore): a copy of the
// file as it was, "<name>.before-v<N>" beside it, said on stderr. 14 marks every game's rules;
// 17 rekeys only games under other rules (rekeyRuleGames), so an archive holding none (all of
// WTHOR's) is not copied for it: a copy of a 10 M-game archive is 18 GB.
bool rewritesData(SQLite::Database& db, int version) {
    if (version == 14) return true;
    if (version != 17) return false;
    SQLite::Statement s(db,
                        "SELECT EXISTS(SELECT 1 FROM games WHERE rules IS NOT NULL) OR "
                        "EXISTS(SELECT 1 FROM trash_games WHERE rules IS NOT NULL)");
    return s.executeStep() && s.getColumn(0).getInt() != 0;
}

// Migration N brings user_version from N-1 to N; each runs in its own transaction.
// positions: one row per position of every game under its canonical hash (all 8 symmetries
// share it). `entry` packs game_id << 24 | ply << 16 | next << 8 | Black's result, where next
// is the move played from the position in the canonical orientation (255: none): a position
// search and its statistics read one contiguous key range and never touch games, and two
// integer columns keep the index small (about 17 bytes a row) and fast to bulk-load.
// position_stats: the same figures pre-aggregated for the positions many games share.
const std::vector<Migration>& migrations() {
    static const std::vector<Migration> list = {
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
        // 6: the analysis tables (storage/cache/AnalysisCache.h). analysis_positions: solved
        // positions by canonical position (id = insertion order, the oldest go first beyond
        // meta.analysis_max_positions); squares in the canonical orientation, 64 = pass, 255 =
        // none; moves: 5 bytes a legal move (square, value + 64, kind, lower + 64, upper + 64).
        // game_analysis: per-game endgame reviews, dropped by triggers when a game is deleted
        // or its moves change; plies: 16 bytes a judged move (see AnalysisCache.cpp).
        R"SQL(
CREATE TABLE IF NOT EXISTS analysis_positions(
    id INTEGER PRIMARY KEY,
    black INTEGER NOT NULL, white INTEGER NOT NULL, to_move INTEGER NOT NULL,
    value INTEGER NOT NULL, kind INTEGER NOT NULL, lower INTEGER NOT NULL, upper INTEGER NOT NULL,
    best_move INTEGER NOT NULL, depth INTEGER NOT NULL,
    engine INTEGER NOT NULL, engine_version INTEGER NOT NULL, weights_version INTEGER NOT NULL,
    nodes INTEGER NOT NULL, moves BLOB,
    UNIQUE(black, white, to_move));
CREATE TABLE IF NOT EXISTS game_analysis(
    game_id INTEGER PRIMARY KEY,
    moves_key INTEGER NOT NULL, empties INTEGER NOT NULL, solver_version INTEGER NOT NULL,
    black_checked INTEGER NOT NULL, black_perfect INTEGER NOT NULL,
    black_lost INTEGER NOT NULL, black_max INTEGER NOT NULL,
    white_checked INTEGER NOT NULL, white_perfect INTEGER NOT NULL,
    white_lost INTEGER NOT NULL, white_max INTEGER NOT NULL,
    max_loss INTEGER NOT NULL, plies BLOB NOT NULL);
CREATE INDEX IF NOT EXISTS game_analysis_max_loss ON game_analysis(max_loss);
CREATE TRIGGER IF NOT EXISTS game_analysis_deleted AFTER DELETE ON games
    BEGIN DELETE FROM game_analysis WHERE game_id = old.id; END;
CREATE TRIGGER IF NOT EXISTS game_analysis_changed AFTER UPDATE OF start, moves, moves_key ON games
    BEGIN DELETE FROM game_analysis WHERE game_id = old.id; END;
INSERT OR IGNORE INTO meta(key, value) VALUES('analysis_solver_version', 0);
INSERT OR IGNORE INTO meta(key, value) VALUES('analysis_max_positions', 1000000);
)SQL",
        // 7: what duplicates are told apart by (ImportSession::add): record_hash, the content
        // hash of a record (Codec.h recordHash), source_game_id, the file's own id of the game
        // (eOthello's CSV id); games_moves_key finds the games of the same moves without
        // holding every key in memory. variant: the GGF type as written (NULL: plain Othello),
        // komi: GGF KM[]. The C++ step strips the invented passes and fills the keys.
        // (The columns are added by the step, games_moves_key here.)
        {R"SQL(
CREATE INDEX IF NOT EXISTS games_moves_key ON games(moves_key);
)SQL",
         addGameKeys},
        // 8: every record_hash again (see recomputeRecordHashes).
        {"", recomputeRecordHashes},
        // 9: the journal of changes, the trash and the original record keys of edited games
        // (kJournalTablesSql, Journal.h).
        {kJournalTablesSql},
        // 10: comments and variations of games (kAnnotationTablesSql, AnnotationStore.h).
        {kAnnotationTablesSql},
        // 11: withdrawals from tournaments (kWithdrawalTablesSql, Withdrawals.h).
        {kWithdrawalTablesSql},
        // 12: events' stated structure: Swiss rounds, games' stages (StructureStore.h).
        {kStructureTablesSql},
        // 13: games marked not duplicates (kDuplicateTablesSql, DuplicateGroups.h); the folded
        // names again, foldText now folding the case of Latin Extended-A, Greek and Cyrillic.
        {kDuplicateTablesSql, refoldNames},
        // 14: the rules of every game (addGameRules; the archive backed up first).
        {"", addGameRules},
        // 15: the archive ratings, every period rated (kRatingTablesSql, RatingsStore.h).
        {kRatingTablesSql, rateArchive},
        // 16: problem sets and problems (kProblemTablesSql, storage/problems/ProblemStore.h).
        {kProblemTablesSql},
        // 17: keys that do not depend on how a handicap is labelled (rekeyRuleGames).
        {"", rekeyRuleGames},
    };
    static_assert(kSchemaVersion == 17, "kSchemaVersion is the number of migrations");
    return list;
}

// Checks the path and makes what a writer needs; the name and flags SQLite opens.
SqliteTarget prepared(const std::filesystem::path& p, bool readOnly, Media media) {
    std::error_code ec;
    if (std::filesystem::is_directory(p, ec))
        throw StorageError(p.string() + " is a directory, not an archive file");
    if (readOnly) {
        if (!std::filesystem::exists(p, ec))
            throw StorageError("database " + p.string() + " does not exist");
    } else {
        if (media != Media::Writable)
            throw StorageError("archive is read-only: " + p.string() + " cannot be written (" +
                               describeMedia(media) + ")");
        if (p.has_parent_path()) std::filesystem::create_directories(p.parent_path(), ec);
    }
    return sqliteTarget(p, readOnly, media);
}

}  // namespace

Archive::Impl::Impl(const std::filesystem::path& p, bool ro, Media m,
                    std::chrono::milliseconds timeout, bool repair)
    : path(p),
      target(prepared(p, ro, m)),
      db(target.name, target.flags,
         static_cast<int>(std::min<std::int64_t>(timeout.count(), 1 << 30))),
      readOnly(ro),
      media(m),
      busyTimeout(timeout) {
    if (!ro) {
        // SQLite falls back to a read-only file descriptor when the file is not writable.
        if (sqlite3_db_readonly(db.getHandle(), "main") == 1)
            throw StorageError("archive is read-only: " + p.string() + " cannot be written");
        // The -wal and -shm files stay after the last connection closes, so that readers in
        // a folder they cannot write read the archive through them, with locks, and see a
        // writer that may write there (see Archive.h); the main file is complete all the same
        // (~Impl), so a copy of it alone is read too.
        int persist = 1;
        sqlite3_file_control(db.getHandle(), "main", SQLITE_FCNTL_PERSIST_WAL, &persist);
    }
    const int target = static_cast<int>(migrations().size());
    const auto checkSchema = [&] {
        // One statement, one snapshot: a file another process is creating is never taken for
        // a foreign database (tables there, version not yet set).
        SQLite::Statement s(db,
                            "SELECT (SELECT user_version FROM pragma_user_version), "
                            "(SELECT count(*) FROM sqlite_master)");
        s.executeStep();
        const int v = s.getColumn(0).getInt();
        const std::int64_t objects = s.getColumn(1).getInt64();
        if (v > target)
            throw StorageError("database " + p.string() + " has schema version " +
                               std::to_string(v) + ", newer than this program's " +
                               std::to_string(target) + "; it was not modified");
        if (v == 0 && objects > 0)
            throw StorageError(p.string() + " is an SQLite database but not an othello-db archive");
        return v;
    };
    schemaVersion = checkSchema();
    registerPositionRows(db);
    db.exec("PRAGMA foreign_keys = ON");
    // Readers keep their temp tables in memory. Writers keep their temp files on disk: a
    // statement that adds millions of positions to a big index journals every page it
    // changes (its statement journal, a temp file), which in memory grew with the archive
    // (2 GB at 2.5 M games); CREATE INDEX's sorter spills there too.
    db.exec(ro ? "PRAGMA temp_store = MEMORY" : "PRAGMA temp_store = FILE");
    db.exec("PRAGMA cache_size = -65536");
    if (ro) {
        if (schemaVersion == 0)
            throw EmptyArchive(p.string() + " is empty: not an othello-db archive (yet)");
        // An older archive is read as it is: the reader never upgrades it.
        if (schemaVersion < target) createCompatibilityViews(db, schemaVersion);
        readSettings();
        return;
    }
    db.exec("PRAGMA synchronous = NORMAL");
    db.exec("PRAGMA journal_size_limit = 67108864");  // the WAL shrinks back after big imports
    if (schemaVersion < target) {
        // Creation and migration are serialised between processes by the writer lock; the
        // schema is read again under it (another process may have done the work meanwhile).
        WriterLock lock(path, schemaVersion == 0 ? "create" : "upgrade", busyTimeout);
        int v = checkSchema();
        if (v == 0) {
            // Bigger pages make the position index a shallower b-tree; only a new file takes it.
            db.exec("PRAGMA page_size = 16384");
            // WAL: readers never block the importer and never see a half-written batch.
            db.exec("PRAGMA journal_mode = WAL");
        }
        for (int n = v + 1; v > 0 && n <= target; ++n)
            if (rewritesData(db, n)) {
                backupBefore(n);
                break;
            }
        for (; v < target; ++v) {
            SQLite::Transaction t(db, SQLite::TransactionBehavior::EXCLUSIVE);
            // 5 adds games.result_known first (SQLite has no ADD COLUMN IF NOT EXISTS).
            if (v + 1 == 5 && scalar("SELECT count(*) FROM pragma_table_info('games') WHERE name = "
                                     "'result_known'") == 0)
                db.exec("ALTER TABLE games ADD COLUMN result_known INTEGER NOT NULL DEFAULT 1");
            const Migration& m = migrations()[static_cast<std::size_t>(v)];
            db.exec(m.sql);
            if (m.step) m.step(db);
            db.exec("PRAGMA user_version = " + std::to_string(v + 1));
            t.commit();
        }
        schemaVersion = target;
    }
    readSettings();
    // Games a killed import left without their positions are indexed now, unless a writer
    // runs (an import indexes them itself). A failure (a full disk) leaves them to the next
    // writer; readers find them meanwhile by replaying them. Its games are rated then too
    // (RatingsStore.h), under the same rule.
    if (!repair || !(hasUnindexedGames() || ratingsDirty(db))) return;
    if (auto lock = WriterLock::tryTake(path, "index")) {
        try {
            indexPendingGames();
            SQLite::Transaction t(db, SQLite::TransactionBehavior::IMMEDIATE);
            if (updateRatings(db)) t.commit();
        } catch (const SQLite::Exception&) {
        }
    }
}

void Archive::Impl::backupBefore(int version) {
    // VACUUM INTO writes a consistent copy of the database as this connection sees it (the WAL
    // included), which a copy of the main file alone is not. An existing backup (a migration
    // that failed after making it) is kept: it holds the archive as it was before any attempt.
    std::filesystem::path copy = path;
    copy += ".before-v" + std::to_string(version);
    std::error_code ec;
    if (std::filesystem::exists(copy, ec)) {
        std::fprintf(stderr, "othello-db: upgrading %s to schema %d; its backup %s is kept\n",
                     path.string().c_str(), version, copy.string().c_str());
        return;
    }
    SQLite::Statement vacuum(db, "VACUUM INTO ?");
    vacuum.bind(1, copy.string());
    try {
        vacuum.exec();
    } catch (const SQLite::Exception& e) {
        std::filesystem::remove(copy, ec);
        throw StorageError("cannot back " + path.string() + " up to " + copy.string() +
                           " before upgrading it (nothing was changed): " + e.what());
    }
    std::fprintf(stderr, "othello-db: upgrading %s to schema %d; backed up first to %s\n",
                 path.string().c_str(), version, copy.string().c_str());
}

Archive::Impl::~Impl() {
    // Not under the busy timeout a writer waits for the lock with: closing never waits long.
    if (readOnly) return;
    statements.resetAll();
    checkpointOnClose(db.getHandle(), std::min(busyTimeout, kCloseCheckpointWait));
}

void Archive::Impl::repairAsReader() {
    if (media != Media::Writable || schemaVersion != kSchemaVersion ||
        !(hasUnindexedGames() || ratingsDirty(db)))
        return;
    // No writer runs (an import indexes its own games at its end): the games are a killed
    // import's, indexed (and rated) once here, for good, through a writable connection of our own.
    auto lock = WriterLock::tryTake(path, "index");
    if (!lock) return;
    try {
        Impl writer(path, false, media, busyTimeout, false);
        writer.indexPendingGames();
        SQLite::Transaction t(writer.db, SQLite::TransactionBehavior::IMMEDIATE);
        if (updateRatings(writer.db)) t.commit();
    } catch (const std::exception&) {
        // A full disk or a file we may not write: readers keep replaying them.
    }
}

bool Archive::Impl::hasUnindexedGames() {
    // max(id) reads one index entry; count(*) in unindexedGames() walks every unindexed game.
    return scalar(
               "SELECT coalesce(max(id), 0) > (SELECT value FROM meta WHERE key = "
               "'indexed_upto') FROM games") != 0;
}

std::int64_t Archive::Impl::unindexedGames() {
    return scalar(
        "SELECT count(*) FROM games WHERE id > "
        "(SELECT value FROM meta WHERE key = 'indexed_upto')");
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
    return statements.get(sql);
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

Archive::Archive(const std::filesystem::path& path, Mode mode)
    : Archive(path, Options{mode, std::nullopt, std::nullopt}) {}

Archive::Archive(const std::filesystem::path& path, const Options& options) {
    const bool ro = options.mode == Mode::ReadOnly;
    const Media media = options.media ? *options.media : probeMedia(path);
    const auto timeout = options.busyTimeout.value_or(WriterLock::defaultTimeout());
    try {
        try {
            impl_ = std::make_unique<Impl>(path, ro, media, timeout);
        } catch (const EmptyArchive&) {
            // An empty file (a creation killed before its first table): where it may be
            // written, it is created now, as its creator would have.
            if (media != Media::Writable) throw;
            { Impl create(path, false, media, timeout, false); }
            impl_ = std::make_unique<Impl>(path, true, media, timeout);
        } catch (const SQLite::Exception& e) {
            // A read-only connection cannot roll back the journal a killed writer left (only
            // possible while the file was being created): a writable one recovers it first.
            if (!ro || media != Media::Writable || (e.getErrorCode() & 0xFF) != SQLITE_READONLY)
                throw;
            { Impl recover(path, false, media, timeout, false); }
            impl_ = std::make_unique<Impl>(path, true, media, timeout);
        }
        if (ro) impl_->repairAsReader();
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

const std::string& Archive::accessWarning() const {
    return impl_->target.warning;
}

}  // namespace othello::storage
