#pragma once
// Private to storage/: one import into an archive. Reads nothing itself: the caller feeds it
// records (add), then calls finish(). Games are committed in batches (ImportOptions::batchGames);
// their positions are indexed at the end in one transaction that also advances
// meta.indexed_upto, so a kill between the two leaves games that the next import indexes first.
// It holds the writer lock (storage/database/WriterLock.h) from start to end: the players, events and
// sources it caches cannot change under it; before each batch commits it checks that the
// batch's games point to existing players, events and sources all the same. Games are not held
// in memory: duplicates are looked up in SQLite (games_moves_key) behind Bloom filters of fixed
// size, so memory stays bounded whatever the archive and the files hold.
#include <chrono>
#include <optional>
#include <unordered_map>
#include <unordered_set>

#include "storage/ArchiveImpl.h"
#include "storage/database/GameColumns.h"
#include "storage/database/WriterLock.h"
#include "storage/import/BloomFilter.h"
#include "storage/import/SessionKeys.h"

namespace othello::storage {

class ImportSession {
  public:
    ImportSession(Archive::Impl& impl, const ImportOptions& options);
    ~ImportSession();
    ImportSession(const ImportSession&) = delete;
    ImportSession& operator=(const ImportSession&) = delete;
    ImportResult& result() { return result_; }
    ImportProgress& progress() { return progress_; }
    bool cancelled() const { return options_.cancel && options_.cancel->load(); }

    // Stores one record (or counts it as rejected / duplicate).
    void add(const importers::GameRecord& r);
    // Commits the open batch and reports progress.
    void commitBatch();
    void report();
    // Commits, indexes the positions, reports prefixes. Call once, at the end.
    void finish();
    // After a database error (a full disk): rolls back the open batch and returns the result
    // with `imported` counting the committed games and `failure` saying what happened.
    ImportResult stopped(const SQLite::Exception& e);
    // The same for a refused batch (StorageError: a dangling reference), with its message.
    ImportResult stopped(const std::string& failure);
    // "disk full: database or disk is full", ...
    static std::string describeFailure(const SQLite::Exception& e);

    // OTHELLO_IMPORT_TRACE=1 prints the time of each phase (for tuning).
    void trace(const char* phase);

  private:
    // Positions queued before they are spilled to a sorted run (defaultSpillRows: 12 M rows of
    // 16 bytes, 192 MB, and as much for the sort's bucketed copy) in a vector reserved once (no
    // doubling), so that an import holds at most about 800 MB whatever its size, SQLite's cache,
    // the filters and the statistics rows included. A whole world archive (8 M positions) is
    // written in one go at the end, without runs.
    std::size_t flushRows() const {
        return options_.spillRows ? options_.spillRows : defaultSpillRows();
    }
    static constexpr std::size_t kMaxPliesPerGame = 130;  // 60 moves, passes, the start
    WriterLock lock_;  // first: taken before anything is read, released last
    // A stored game with the same moves as a new record, as add() compares them.
    struct SameMoves {
        std::int64_t id = 0;
        std::int64_t black = 0;
        std::int64_t white = 0;
        std::int64_t event = 0;
        std::string date;
    };
    // The stored game `r` duplicates exactly (nullopt: none); `other` gets a game of the same
    // moves that it only may duplicate (names or other headers unknown on either side).
    std::optional<std::int64_t> findDuplicate(const importers::GameRecord& r, std::int64_t key,
                                              std::int64_t hash, std::optional<SameMoves>& other);
    // The id of the source `path` if stored (never inserts it).
    std::optional<std::int64_t> storedSourceId(const std::string& path);
    void load();
    std::string displayName(std::int64_t id);
    const std::string& folded(const std::string& name);
    // The folded name a record's player is compared under: an alias's player's folded name.
    const std::string& matchName(const std::string& name);
    std::int64_t playerId(const std::string& name);
    std::optional<std::int64_t> eventId(const std::string& name);
    std::optional<std::int64_t> sourceId(const std::string& path);
    std::int64_t insertGame(const importers::GameRecord& r, std::int64_t key, std::int64_t hash);

    // Opens the batch's transaction if none is open.
    void beginBatch();
    // A duplicate record with comments or variations (see ImportResult::annotatedDuplicates):
    // reported when game `stored` lacks some, merged into it when exact and asked for.
    void annotatedDuplicate(const importers::GameRecord& r, std::int64_t stored, bool exact);
    std::unordered_set<std::int64_t> annotatedReported_;
    // The comments and variations of a new game (game_annotations), when it has any.
    void storeAnnotations(const importers::GameRecord& r, std::int64_t id);
    // Reports stored unfinished games that are a prefix of this one.
    void checkPrefixOf(const importers::GameRecord& r, std::int64_t id);
    // Game `shorter`, of `plies` moves, is a prefix of `longer`; `r` is the record of one of
    // them (of the shorter when `atShorter`). Short ones (kShortPrefixPlies) are only counted.
    void addPrefix(std::int64_t shorter, std::int64_t longer, const importers::GameRecord& r,
                   int plies, bool atShorter);
    // The one note for the short prefixes counted (ImportResult::shortPrefixes).
    void reportShortPrefixes();
    std::vector<std::string> shortPrefixFiles_;  // the files they come from (two at most)

    // New unfinished games that are a prefix of a stored game: the games reaching their last
    // position at the same ply, compared move by move.
    void reportPrefixes();
    void indexPositions();
    // Rates the games the import touched (storage/players/RatingsStore.h), in a transaction
    // of its own after the index.
    void rateGames();
    void reject(const importers::GameRecord& r);
    // Original records of games edited or deleted in the archive (game_origins, Journal.h):
    // such a record is skipped and reported, never imported again. Few: held in memory.
    struct Origin {
        std::int64_t game = 0;
        std::int64_t movesKey = 0;
        std::string state;  // "edited", "deleted", "purged"
    };
    std::unordered_map<std::string, Origin> originBySource_, originByGameId_;
    std::unordered_map<std::int64_t, Origin> originByHash_;
    void loadOrigins();
    // True (and reported) when `r` is the original record of an edited or deleted game.
    bool skipEdited(const importers::GameRecord& r, std::int64_t key, std::int64_t hash);
    static std::string sourceKey(const std::string& path, std::int64_t record, int line);
    // The import's journal entry (Journal.h): written with its first batch, its range and
    // counts brought up to date in each batch's transaction.
    void journalBatch();
    std::int64_t change_ = 0;
    std::int64_t firstId_ = 0;
    std::int64_t nextId_ = 0;         // the id the next game gets (explicit: above gameIdFloor)
    std::vector<std::string> paths_;  // the files games came from, in order (first ones)
    void note(const importers::GameRecord& r, const char* code, std::string message);
    Archive::Impl& impl_;
    SQLite::Database& db_;
    const ImportOptions& options_;
    PositionIndexer indexer_;
    std::chrono::steady_clock::time_point start_;
    ImportResult result_;
    ImportProgress progress_;
    std::optional<SQLite::Transaction> tx_;
    std::size_t inBatch_ = 0;
    std::int64_t committed_ = 0;     // games in committed batches
    std::int64_t batchAfterId_ = 0;  // the open batch's games have ids above this
    bool bulkLoad_ = false;          // the archive had no games when the import began
    bool indexesDropped_ = false;    // games' secondary indexes wait for the end
    std::int64_t lastId_ = 0;
    std::optional<GameColumns> insertGame_;
    std::optional<SQLite::Statement> insertPlayer_, sameMoves_, sameMovesById_, incompleteAt_,
        sourceAt_;
    // The moves keys of every game (new and stored) and of the unfinished ones, in bounded
    // memory: the keys themselves stay in SQLite (games_moves_key), looked up on a hit. Every
    // prefix of every new game is looked up among the unfinished ones, and almost none is there.
    BloomFilter movesSeen_{28, 3};  // 32 MiB: about 1 % false hits at 20 M games
    // An import into an empty archive keeps its games' keys here instead (no filter, no
    // games_moves_key until its end; see SessionKeys.h).
    std::optional<SessionKeys> sessionKeys_;
    // The games with moves key `key` (session keys or games_moves_key), with the columns
    // findDuplicate compares; `s` is stepped row by row by the caller.
    template <typename Visit>
    void forEachSameMoves(std::int64_t key, Visit&& visit);
    // 1 MiB, small enough to stay in cache: it is read for every prefix of every game (about
    // 1 % false hits at 500,000 unfinished games, each a needless indexed look-up).
    BloomFilter incompleteSeen_{23, 3};
    bool anyIncomplete_ = false;  // incompleteSeen_ holds a key
    // The moves keys of the prefixes of the record add() stores (index n: its first n moves).
    std::vector<std::int64_t> prefixKeys_;
    std::vector<std::int64_t> newIncomplete_;
    std::unordered_set<std::int64_t> prefixesReported_;  // shorter games already reported
    std::unordered_map<std::string, std::int64_t> playerIds_, eventIds_, sourceIds_;
    std::string lastSourcePath_;  // sourceId's last answer (a cached one)
    std::optional<std::int64_t> lastSourceId_;
    std::unordered_map<std::int64_t, std::string> nameOf_, foldedOf_, eventFolded_;
    std::unordered_map<std::string, std::string> foldCache_;
    std::unordered_map<std::string, std::int64_t> aliasOf_;  // folded old spelling -> player
};

}  // namespace othello::storage
