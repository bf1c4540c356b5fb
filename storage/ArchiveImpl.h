#pragma once
// Private to storage/: the connection behind an Archive, the schema and shared helpers.
#include <SQLiteCpp/SQLiteCpp.h>

#include <chrono>
#include <filesystem>
#include <future>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "Archive.h"
#include "StatementCache.h"
#include "core/Symmetry.h"

namespace othello::storage {

// Positions with at most this many discs (14 plies from the start) have their statistics kept
// in position_stats: they are the ones thousands of games reach (about 140,000 distinct ones in
// the world archive); deeper ones are aggregated from the positions index. A database keeps
// the value it was created with in meta.stats_max_discs.
inline constexpr int kStatsCacheMaxDiscs = 18;
// positions.next for the last position of a game (no move follows).
inline constexpr int kNoNextMove = 255;

// positions.entry: game_id << 24 | ply << 16 | next << 8 | shallow << 7 | result, where
// shallow marks positions with at most stats_max_discs discs (counted in position_stats).
constexpr std::int64_t packEntry(std::int64_t game, int ply, int next, int result) {
    return (game << 24) | (std::int64_t{ply & 255} << 16) | (std::int64_t{next & 255} << 8) |
           std::int64_t{result & 255};
}
constexpr std::int64_t entryGame(std::int64_t e) {
    return e >> 24;
}
constexpr int entryPly(std::int64_t e) {
    return static_cast<int>((e >> 16) & 255);
}
constexpr int entryNext(std::int64_t e) {
    return static_cast<int>((e >> 8) & 255);
}
constexpr int entryResult(std::int64_t e) {
    return static_cast<int>(e & 127);
}
constexpr bool entryShallow(std::int64_t e) {
    return (e & 128) != 0;
}
inline constexpr std::int64_t kShallowBit = 128;

// Moves stored one byte per ply: the square 0..63, core::kPass (64) for a pass.
std::string encodeMoves(const std::vector<int>& moves);
std::vector<int> decodeMoves(const void* data, int size);
// A non-standard start: 17 bytes (black, white little-endian, side to move).
std::string encodeStart(const core::Position& p);
core::Position decodeStart(const void* data, int size);
// Hash of the start position and the moves: the duplicate key.
std::int64_t movesKey(const core::Position& start, const std::vector<int>& moves);
// The key of the moves of `key` followed by `move`.
std::int64_t extendMovesKey(std::int64_t key, int move);
// Black's result on the 64-disc scale used by statistics and result filters: the final score of
// a finished game; for an unfinished one the stated result, else the discs with the empties
// given to the leader.
int resultBlack(const importers::GameRecord& r);
// False for an unfinished game whose record states no result: its result is unknown (counted in
// `games`, never as a win, draw or in the average score). WTHOR's unfinished games state theirs.
bool resultKnown(const importers::GameRecord& r);
// entryResult() of a game whose result is unknown.
inline constexpr int kUnknownResult = 127;

// The canonical form of a position and the symmetries that leave it unchanged.
struct CanonicalForm {
    core::Position position;
    core::Symmetry symmetry = 0;  // transformPosition(original, symmetry) == position
    std::uint8_t stabilizer = 1;  // bit t set: transformPosition(position, t) == position
};
CanonicalForm canonicalForm(const core::Position& p);

// Thrown by a read-only Impl on an empty file (version 0, no table): a creation killed early.
struct EmptyArchive : StorageError {
    using StorageError::StorageError;
};

// How SQLite opens an archive file: a plain path, or a file: URI with mode=ro (a read-only
// folder: through the -wal/-shm files writers keep) or immutable=1 (a read-only mount only).
// Throws StorageError when a read-only folder lacks the -wal/-shm files (see Archive.h).
struct SqliteTarget {
    std::string name;
    int flags = 0;
};
SqliteTarget sqliteTarget(const std::filesystem::path& database, bool readOnly, Media media);
// "its folder is not writable", ...
const char* describeMedia(Media media);
// Readers of an archive of an older schema: temp views and tables standing in for what later
// migrations add (the file itself is never changed by a reader).
void createCompatibilityViews(SQLite::Database& db, int version);

struct Archive::Impl {
    std::filesystem::path path;
    SqliteTarget target;
    SQLite::Database db;
    bool readOnly = false;
    Media media = Media::Writable;
    std::chrono::milliseconds busyTimeout;    // writer lock and SQLite busy handler
    int schemaVersion = 0;                    // of the file (readers leave older ones as is)
    int statsMaxDiscs = kStatsCacheMaxDiscs;  // from meta

    // Opens, checks and (writers only, under the writer lock) creates or migrates the file.
    // repair: a writable Impl indexes the games a killed import left unindexed, when no
    // writer holds the lock.
    Impl(const std::filesystem::path& p, bool ro, Media m, std::chrono::milliseconds timeout,
         bool repair = true);

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
    // killed before its index transaction) have their positions put in the connection's
    // temp.pending_positions table, which position searches and statistics read too. Returns
    // false when every game is indexed (the table is then empty).
    bool refreshPending();
    std::int64_t pendingFilledTo = 0;  // games up to this id are in temp.pending_positions
    bool pendingTable = false;
    std::int64_t scalar(const char* sql);
    void readSettings();
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

// The secondary indexes of games (as in the schema). An import into an empty archive drops
// them for its first batch and builds them at the end, which is cheaper than updating them row
// by row; an import finding them missing (a killed bulk load) builds them first.
inline constexpr const char* kGameIndexesSql =
    "CREATE INDEX IF NOT EXISTS games_year ON games(year);"
    "CREATE INDEX IF NOT EXISTS games_black ON games(black_id);"
    "CREATE INDEX IF NOT EXISTS games_white ON games(white_id);"
    "CREATE INDEX IF NOT EXISTS games_event ON games(event_id);"
    "CREATE INDEX IF NOT EXISTS games_score ON games(black_score);";
inline constexpr int kGameIndexCount = 5;
inline constexpr const char* kDropGameIndexesSql =
    "DROP INDEX IF EXISTS games_year; DROP INDEX IF EXISTS games_black;"
    "DROP INDEX IF EXISTS games_white; DROP INDEX IF EXISTS games_event;"
    "DROP INDEX IF EXISTS games_score;";

// Makes the othello_rows2 / othello_rows7 tables PositionIndexer::flush reads from.
void registerPositionRows(SQLite::Database& db);

// Writes positions and position statistics for games; used by import and recovery.
class PositionIndexer {
  public:
    PositionIndexer(SQLite::Database& db, int statsMaxDiscs)
        : db_(db), statsMaxDiscs_(statsMaxDiscs) {}
    // Queues every position of one game (its moves replayed from start); resultBlack < 0: the
    // result is unknown (see resultKnown).
    void add(std::int64_t gameId, const core::Position& start, const std::vector<int>& moves,
             int resultBlack);
    // As add, but the replay and hashing run on a worker thread, a chunk of games at a time,
    // while the caller goes on (the import stores the next games meanwhile). Rows keep the
    // order of the calls. flush / flushPending / the destructor wait for the worker.
    void queue(std::int64_t gameId, const core::Position& start, std::vector<int> moves,
               int resultBlack);
    // Rows queued or added, not yet written.
    std::size_t pending() const { return counted_; }
    // Optional, before flush: sorts the rows on the worker thread while the caller goes on
    // (the import builds the games' indexes meanwhile).
    void prepare();
    // Writes the queued rows in key order inside the caller's transaction.
    void flush();
    // Writes the queued rows into temp.pending_positions instead (no statistics).
    void flushPending();

  private:
    struct Row {
        std::int64_t hash;
        std::int64_t entry;
    };
    struct Job {
        std::int64_t gameId;
        core::Position start;
        std::vector<int> moves;
        int resultBlack;
    };
    void addRows(std::int64_t gameId, const core::Position& start, const std::vector<int>& moves,
                 int resultBlack);
    void sortRows();
    // position_stats rows (7 integers each) summed from the sorted rows_.
    std::vector<std::int64_t> statsRows() const;
    // Hands the queued jobs to the worker (after the previous chunk is done).
    void launch();
    // Waits for the worker: rows_ and ordered_ are the caller's again.
    void drain();
    SQLite::Database& db_;
    int statsMaxDiscs_;
    std::size_t counted_ = 0;
    std::vector<Row> rows_;  // touched by the worker while worker_ is valid
    bool ordered_ = true;    // games added in increasing id order
    bool sorted_ = false;    // rows_ in key order (prepare ran)
    // Digit counts of the hashes of rows_ for the radix sort (4 passes of 16 bits).
    std::vector<std::size_t> hist_;  // allocated by the first row
    std::vector<Job> jobs_;
    std::future<void> worker_;  // last member: destroyed (joined) first
};

}  // namespace othello::storage
