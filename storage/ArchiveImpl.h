#pragma once
// Private to storage/: the connection behind an Archive, the schema and the helpers every part
// of storage/ shares (codec, position index, how files are opened).
#include <SQLiteCpp/SQLiteCpp.h>

#include <chrono>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "storage/Archive.h"
#include "storage/database/Codec.h"
#include "storage/database/SqliteTarget.h"
#include "storage/database/StatementCache.h"
#include "storage/index/PendingPositions.h"
#include "storage/index/PositionIndexer.h"

namespace othello::storage {

// Thrown by a read-only Impl on an empty file (version 0, no table): a creation killed early.
struct EmptyArchive : StorageError {
    using StorageError::StorageError;
};

struct Archive::Impl {
    std::filesystem::path path;
    SqliteTarget target;
    SQLite::Database db;
    bool readOnly = false;
    Media media = Media::Writable;
    std::chrono::milliseconds busyTimeout;    // writer lock and SQLite busy handler
    int schemaVersion = 0;                    // of the file (readers leave older ones as is)
    int statsMaxDiscs = kStatsCacheMaxDiscs;  // from meta
    std::string user;                         // journalled with changes ("": the OS user)
    // Archive::setDeadline: checked by a SQLite progress handler installed on first use.
    std::optional<std::chrono::steady_clock::time_point> deadline;
    bool deadlineHandler = false;
    bool deadlineExceeded = false;

    // Opens, checks and (writers only, under the writer lock) creates or migrates the file.
    // repair: a writable Impl indexes the games a killed import left unindexed, when no
    // writer holds the lock.
    Impl(const std::filesystem::path& p, bool ro, Media m, std::chrono::milliseconds timeout,
         bool repair = true);
    // A writer leaves the main file complete (checkpointOnClose, SqliteTarget.h).
    ~Impl();
    Impl(const Impl&) = delete;
    Impl& operator=(const Impl&) = delete;

    // Re-indexes games stored without their positions (an import killed before its index
    // transaction committed), in transactions of a bounded number of games that each advance
    // meta.indexed_upto. The caller holds the writer lock. Returns the number of games indexed.
    std::int64_t indexPendingGames();
    // A read-only Impl on writable media, no writer running: indexes a killed import's games
    // once, through a writable connection of its own (a failure leaves them to be replayed).
    void repairAsReader();
    // Games committed but not yet in the position index.
    std::int64_t unindexedGames();
    bool hasUnindexedGames();  // cheap: whether unindexedGames() > 0
    // Readers: games committed but not yet in the position index (an import running, or one
    // killed before its index transaction) have their positions in the othello_pending table
    // (storage/index/PendingPositions.h: replayed once per process, shared by its connections),
    // which position searches and statistics read too; this sets what the current snapshot
    // sees there. Returns false when every game is indexed (the table is then empty).
    bool refreshPending();
    std::shared_ptr<const PendingView> pendingView;  // what othello_pending shows
    std::shared_ptr<PendingStore> pendingStore;      // taken at the first unindexed game
    bool pendingRegistered = false;
    std::int64_t scalar(const char* sql);
    // Every game id at or below this was given once (games, the trash, purged games): new games
    // get ids above it, so an id names one game for ever (the journal, the trash and the
    // position index rely on it).
    std::int64_t gameIdFloor();
    void readSettings();
    // Before migration `version` rewrites stored data: a copy of the archive as it is,
    // "<path>.before-v<version>" (kept when one is there already), said on stderr; StorageError
    // (nothing changed) when it cannot be written.
    void backupBefore(int version);
    // The statement for `sql`, prepared on first use and kept (bindings cleared, reset).
    SQLite::Statement& statement(const std::string& sql);
    StatementCache statements{db};
};

// All the statements of one query read one snapshot: BEGIN ... COMMIT around them, unless the
// connection is in a transaction already (an import's progress callback, a nested query).
class ReadSnapshot {
  public:
    explicit ReadSnapshot(Archive::Impl& impl);
    ~ReadSnapshot();
    ReadSnapshot(const ReadSnapshot&) = delete;
    ReadSnapshot& operator=(const ReadSnapshot&) = delete;

  private:
    SQLite::Database* db_ = nullptr;  // set when this object began the transaction
};

// A statement prepared once per connection and reused; reset when the scope ends, so that no
// read transaction stays open between calls (a reader must see each new import batch). The
// reset must not throw: sqlite3_reset repeats the error of a failed step (an interrupted
// query, a disk error), and this destructor runs while that error's exception unwinds.
class Reused {
  public:
    Reused(Archive::Impl& impl, const std::string& sql) : s_(impl.statement(sql)) {}
    ~Reused() { s_.tryReset(); }
    Reused(const Reused&) = delete;
    Reused& operator=(const Reused&) = delete;
    operator SQLite::Statement&() { return s_; }
    SQLite::Statement* operator->() { return &s_; }

  private:
    SQLite::Statement& s_;
};

// The SQL condition on `column` (games.rules) of SearchFilter::rules `rules` (a preset's name:
// its games whatever their modifiers; a code: exactly it), its values appended to `binds`.
std::string rulesCondition(const std::string& column, const std::string& rules,
                           std::vector<std::string>& binds);

// The secondary indexes of games (as in the schema). An import into an empty archive drops
// them for its first batch and builds them at the end, which is cheaper than updating them row
// by row; an import finding them missing (a killed bulk load) builds them first. All but
// games_moves_key: the import looks up the games of the same moves through it as it goes.
inline constexpr const char* kGameIndexesSql =
    "CREATE INDEX IF NOT EXISTS games_year ON games(year);"
    "CREATE INDEX IF NOT EXISTS games_black ON games(black_id);"
    "CREATE INDEX IF NOT EXISTS games_white ON games(white_id);"
    "CREATE INDEX IF NOT EXISTS games_event ON games(event_id);"
    "CREATE INDEX IF NOT EXISTS games_score ON games(black_score);"
    "CREATE INDEX IF NOT EXISTS games_moves_key ON games(moves_key);";
inline constexpr int kGameIndexCount = 6;
inline constexpr const char* kDropGameIndexesSql =
    "DROP INDEX IF EXISTS games_year; DROP INDEX IF EXISTS games_black;"
    "DROP INDEX IF EXISTS games_white; DROP INDEX IF EXISTS games_event;"
    "DROP INDEX IF EXISTS games_score;";

// Schema 9 (Journal.h): the journal of changes and the games each touched, the trash (a copy of
// the games columns, created from games itself so that it has every column the file's games
// has: a migration that adds a column to games adds it to trash_games too), and the original
// record keys of edited or deleted games. meta.removed_upto: the highest id of a game ever
// taken out of games (gameIdFloor). Readers of an older file get them as empty temp tables.
inline constexpr const char* kJournalTablesSql = R"SQL(
CREATE TABLE IF NOT EXISTS journal(
    id INTEGER PRIMARY KEY,
    time INTEGER NOT NULL, user TEXT NOT NULL, kind TEXT NOT NULL,
    summary TEXT NOT NULL, details TEXT NOT NULL,
    first_game INTEGER, last_game INTEGER,
    reverts INTEGER, reverted_by INTEGER);
CREATE TABLE IF NOT EXISTS journal_games(
    game_id INTEGER NOT NULL, change_id INTEGER NOT NULL, fields TEXT NOT NULL,
    PRIMARY KEY(game_id, change_id)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS journal_games_change ON journal_games(change_id);
CREATE TABLE IF NOT EXISTS trash_games AS SELECT * FROM games WHERE 0;
CREATE UNIQUE INDEX IF NOT EXISTS trash_games_id ON trash_games(id);
CREATE TABLE IF NOT EXISTS trash(game_id INTEGER PRIMARY KEY, change_id INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS game_origins(
    game_id INTEGER PRIMARY KEY, moves_key INTEGER, record_hash INTEGER, source_id INTEGER,
    source_record INTEGER, source_line INTEGER, source_game_id TEXT);
INSERT OR IGNORE INTO meta(key, value) VALUES('removed_upto', 0);
)SQL";

}  // namespace othello::storage
