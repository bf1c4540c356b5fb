#pragma once
// Private to storage/: the positions of games committed but not yet indexed, as readers see
// them (Archive.h, "Games not yet indexed": an import running in another process commits its
// games in batches and indexes their positions at its end; a killed one left them unindexed).
//
// Readers replay those games to find their positions. The replay is shared by every
// connection of the process to the same file (a served archive holds one per worker thread):
// a PendingStore per file (by device and inode) keeps the replayed rows in chunks of game ids,
// and a connection that needs games no chunk holds replays them once, under the store's lock,
// while the others needing them wait and then share them. (Each connection used to replay
// every unindexed game into a temp table of its own: 16 server threads replayed the same
// 20,000 games 16 times, seconds of CPU each, and requests timed out.) Chunks every snapshot
// sees indexed are dropped. Game ids are never reused (Archive::Impl::gameIdFloor) and a
// committed game is what every later snapshot sees under its id, so rows replayed through one
// connection hold for all; each connection still sees only the games of its own snapshot
// (PendingView: the ids in (from, to]).
//
// SQL reads them through the eponymous virtual table othello_pending(hash, entry) (registered
// per connection by registerPendingPositions), with `hash = ?` answered by binary search:
//   SELECT entry FROM othello_pending WHERE hash = ?
#include <SQLiteCpp/SQLiteCpp.h>

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

namespace othello::storage {

struct PendingRow {
    std::int64_t hash;
    std::int64_t entry;  // packEntry: game id << 24 | ...
};

// The rows of the games with ids in (from, to], in (hash, entry) order.
struct PendingChunk {
    std::int64_t from = 0;
    std::int64_t to = 0;
    std::vector<PendingRow> rows;
};

// What one read snapshot of one connection sees: the games with ids in (from, to], found in
// `chunks` (which may hold games outside that range: those are skipped).
struct PendingView {
    std::int64_t from = 0;
    std::int64_t to = 0;
    std::vector<std::shared_ptr<const PendingChunk>> chunks;
};

class PendingStore {
  public:
    // The store of the file at `path` (shared while any connection holds it).
    static std::shared_ptr<PendingStore> forFile(const std::filesystem::path& path);

    // Rows of the games (a, b], replayed through the caller's connection and snapshot.
    using Replay = std::function<std::vector<PendingRow>(std::int64_t a, std::int64_t b)>;
    // The view of games (from, to]: the chunks that hold them, the missing ranges replayed
    // now (one thread at a time: the others wait for it and share the rows). Chunks of games
    // at or below `from` (indexed for this snapshot and every later one) are dropped.
    std::shared_ptr<const PendingView> view(std::int64_t from, std::int64_t to,
                                            const Replay& replay);
    // Every game up to `upto` is indexed (a snapshot's watermark): their chunks are dropped.
    void indexedUpTo(std::int64_t upto);
    // Rows held (tests).
    std::size_t rows() const;
    // Games replayed by this store so far (tests: a replay is shared, not repeated).
    std::int64_t replayedGames() const;

  private:
    mutable std::mutex mutex_;
    std::map<std::int64_t, std::shared_ptr<const PendingChunk>> chunks_;  // by `from`
    std::int64_t replayed_ = 0;
};

// Makes othello_pending on `db`, reading *view (nullptr or empty: no rows). `view` must outlive
// the connection.
void registerPendingPositions(SQLite::Database& db, const std::shared_ptr<const PendingView>* view);

// The positions of games not yet indexed (Impl::refreshPending) as SQL, read in the same
// statement as the watermark so that a game indexed meanwhile is never counted twice (search,
// count and stats select from it).
inline constexpr const char* kPendingEntries =
    "SELECT hash, entry FROM othello_pending WHERE entry >= "
    "(((SELECT value FROM meta WHERE key = 'indexed_upto') + 1) << 24)";

}  // namespace othello::storage
