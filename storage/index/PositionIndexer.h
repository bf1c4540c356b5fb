#pragma once
// Private to storage/: the position index (positions, position_stats) and how its entries pack
// a game's id, ply, next move and result.
#include <SQLiteCpp/SQLiteCpp.h>

#include <cstdint>
#include <filesystem>
#include <future>
#include <memory>
#include <utility>
#include <vector>

#include "storage/Archive.h"
#include "storage/database/Codec.h"
#include "storage/index/PositionRuns.h"

namespace othello::storage {

// Plays one move of a stored game (a square, a one-line move naming its line, core::kPass) on
// `p`. Stored games were replayed on import under their rules, so the rules need not be known
// here: a square that flips nothing on a board of fewer than four discs, on an empty centre
// square, is a placement (no game played as Othello ever has such a board, and its moves all
// flip); a line move flips its one line; a bare square flips what it outflanks (under the
// one-line rule a bare square outflanks one line only). An illegal move means a corrupt blob:
// false, and the caller stops there. Othello's moves take the first branch, as before.
bool playRuleToken(core::Position& p, int move);
inline bool playStoredMove(core::Position& p, int move) {
    if (move == core::kPass) {
        p.pass();
        return true;
    }
    const core::Bitboard flips = move < 64 ? p.flipsOf(move) : 0;
    if (!flips) return playRuleToken(p, move);
    p.play(move, flips);
    return true;
}

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

// entryResult() of a game whose result is unknown.
inline constexpr int kUnknownResult = 127;

// entryResult() of a game kept out of position statistics (an anti-Othello game, where the
// fewest discs win: its results would read backwards among normal games). Position searches
// find it; position_stats and stats() never count it.
inline constexpr int kOutsideStats = 126;

// The resultBlack argument of PositionIndexer::add for a row of games (SQL, columns of games):
// anti-Othello games (a variant type holding 'a') and games under rules not played as Othello
// (Codec.h playedAsOthello: classic Reversi, disc scoring, handicaps) out of statistics,
// unknown results -1. indexResult is the same for a record.
inline constexpr const char* kIndexResultSql =
    "CASE WHEN instr(coalesce(variant, ''), 'a') > 0 THEN 126 "
    "WHEN rules IS NOT NULL AND NOT (rules LIKE 'othello+%' AND rules NOT LIKE '%discs%' AND "
    "rules NOT LIKE '%handicap%' AND rules NOT LIKE '%placements%') THEN 126 "
    "WHEN result_known THEN black_score ELSE -1 END";
static_assert(kOutsideStats == 126, "kIndexResultSql writes kOutsideStats as 126");
// Anti-Othello games, and games under other rules, are searchable by position but stay out of
// every statistic of Othello: their results read backwards or count otherwise next to normal
// games (statistics under their own rules: Archive::stats with a rules filter).
inline int indexResult(const importers::GameRecord& r) {
    if (r.variant.anti || !(r.rules.isOthello() || playedAsOthello(r.rules))) return kOutsideStats;
    return resultKnown(r) ? resultBlack(r) : -1;
}

// Adds one entry's result to `f` (unknown results count in `games` only; results outside
// statistics not at all): the one place that turns results into win/draw/score sums.
void add(Figures& f, int entryResult);
// Adds the figures of `from` to `to`.
void add(Figures& to, const Figures& from);

// Positions an import or a re-indexing holds in memory before it spills them to a sorted run:
// 12 M (about 800 MB for a whole import), or the environment's OTHELLO_SPILL_ROWS (tests).
std::size_t defaultSpillRows();

// Makes the othello_rows2 / othello_rows7 tables PositionIndexer::flush reads from.
void registerPositionRows(SQLite::Database& db);

// Writes positions and position statistics for games; used by import and recovery.
class PositionIndexer {
  public:
    PositionIndexer(SQLite::Database& db, int statsMaxDiscs)
        : db_(db), statsMaxDiscs_(statsMaxDiscs) {}
    // Queues every position of one game (its moves replayed from start); resultBlack < 0: the
    // result is unknown (see resultKnown); kOutsideStats: kept out of statistics.
    void add(std::int64_t gameId, const core::Position& start, const std::vector<int>& moves,
             int resultBlack);
    // As add, but the replay and hashing run on a worker thread, a chunk of games at a time,
    // while the caller goes on (the import stores the next games meanwhile). Rows keep the
    // order of the calls. flush / takeRows / the destructor wait for the worker.
    void queue(std::int64_t gameId, const core::Position& start, std::vector<int> moves,
               int resultBlack);
    // Rows queued or added, not yet written.
    std::size_t pending() const { return counted_; }
    // Capacity for `rows` rows, taken when the first row comes (and again after each flush):
    // a vector grown by doubling would hold up to twice that at its peak.
    void reserve(std::size_t rows) { reserve_ = rows; }
    // Optional, before flush: partitions the rows for the sort on the worker thread while the
    // caller goes on (the import builds the games' indexes meanwhile); flush sorts them bucket
    // by bucket on another thread, ahead of SQLite's insert.
    void prepare();
    // Writes the queued rows in key order inside the caller's transaction; after spill(), merges
    // every run and the rows queued since into the index, one key range after the other.
    void flush();
    // Sorts the queued rows and writes them and their statistics to a sorted run in an unlinked
    // temporary file in `directory` (PositionRuns.h) instead of the index, freeing their memory:
    // what a big import does each time its memory is full, so that the index is written once.
    void spill(const std::filesystem::path& directory);
    // Rows spilled to runs and not yet merged into the index.
    std::uint64_t spilled() const { return positionRuns_ ? positionRuns_->rows() : 0; }
    // The queued rows as (hash, entry) in key order, handed over instead of written (no
    // statistics): readers' replay of unindexed games (storage/index/PendingPositions.h).
    std::vector<std::pair<std::int64_t, std::int64_t>> takeRows();

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
    // Sorts rows_ in key order (hash, entry): partition() then every bucket sorted.
    void sortRows();
    // Scatters rows_ into scratch_ by the top bits_ bits of their hash (one pass): buckets in
    // key order, each small enough to sort in cache. hist_[b] is then the end of bucket b. The
    // sort proper (sortBucket) can then run one bucket after the other, ahead of SQLite's
    // insert (flush), instead of a whole sort before it.
    void partition();
    // Sorts bucket b of scratch_ in place.
    void sortBucket(std::size_t b);
    // position_stats rows (7 integers each) summed from `count` sorted rows.
    static std::vector<std::int64_t> statsRows(const Row* rows, std::size_t count);
    // Hands the queued jobs to the worker (after the previous chunk is done).
    void launch();
    // Waits for the worker: rows_ and ordered_ are the caller's again.
    void drain();
    SQLite::Database& db_;
    int statsMaxDiscs_;
    std::size_t counted_ = 0;
    std::size_t reserve_ = 0;
    std::vector<Row> rows_;     // touched by the worker while worker_ is valid
    bool ordered_ = true;       // games added in increasing id order
    bool sorted_ = false;       // rows_ in key order
    bool partitioned_ = false;  // scratch_ holds rows_ by bucket (partition ran, no sort yet)
    int bits_ = 0;              // of the hash that number the buckets
    // Bucket ends in scratch_ (partition); empty otherwise.
    std::vector<std::size_t> hist_;
    std::unique_ptr<Row[]> scratch_;  // scratchRows_ rows (partition)
    std::size_t scratchRows_ = 0;
    std::vector<Job> jobs_;
    std::unique_ptr<PositionRuns> positionRuns_, statsRuns_;  // made by the first spill
    std::future<void> worker_;  // last member: destroyed (joined) first
};

}  // namespace othello::storage
