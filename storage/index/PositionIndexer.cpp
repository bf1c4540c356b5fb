// The position index: every position of every game under its canonical hash.
#include <sqlite3.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <future>
#include <mutex>
#include <string>

#include "storage/ArchiveImpl.h"
#include "storage/index/VirtualTable.h"

namespace othello::storage {
namespace {

// The rows being flushed, for the othello_rows2 / othello_rows7 tables (read on the flushing
// thread: an Archive is used by one thread at a time).
struct PendingRows {
    const std::int64_t* data = nullptr;  // row-major, `columns` integers a row
    std::size_t count = 0;
    std::size_t columns = 0;
};
thread_local PendingRows tlsRows;

// othello_rowsN: eponymous read-only virtual tables of N integer columns c0.. over
// PendingRows, so a whole flush goes in with one INSERT ... SELECT (one statement step instead
// of one per row, which made the per-row overhead of SQLite the bulk of an import). The
// module's scaffolding is storage/index/VirtualTable.h; aux is the number of columns.
class RowsCursor {
  public:
    static std::string schema(void* aux) {
        std::string sql = "CREATE TABLE x(";
        const auto columns = reinterpret_cast<std::intptr_t>(aux);
        for (std::intptr_t c = 0; c < columns; ++c) {
            if (c) sql += ", ";
            sql += 'c';
            sql += std::to_string(c);
            sql += " INTEGER";
        }
        sql += ")";
        return sql;
    }
    static void bestIndex(sqlite3_index_info* info) { info->estimatedCost = 1e6; }
    explicit RowsCursor(void*) {}
    void filter(int, int, sqlite3_value**) {
        rows_ = tlsRows;
        i_ = 0;
    }
    void next() { ++i_; }
    bool eof() const { return rows_.columns == 0 || i_ >= rows_.count; }
    void column(sqlite3_context* ctx, int column) const {
        if (column < 0 || static_cast<std::size_t>(column) >= rows_.columns) {
            sqlite3_result_null(ctx);
            return;
        }
        sqlite3_result_int64(ctx,
                             rows_.data[rows_.columns * i_ + static_cast<std::size_t>(column)]);
    }
    sqlite3_int64 rowid() const { return static_cast<sqlite3_int64>(i_); }

  private:
    PendingRows rows_;
    std::size_t i_ = 0;
};

// The rows' sort order as unsigned integers: the hash with its sign bit flipped, so that
// negative hashes come first (SQLite's order of signed integers).
inline std::uint64_t sortKey(std::int64_t hash) {
    return static_cast<std::uint64_t>(hash) ^ (std::uint64_t{1} << 63);
}

// Bucket bits for `rows` rows: about 8 rows a bucket, at most 2^21 buckets (16 MB of ends).
int bucketBits(std::size_t rows) {
    int bits = 1;
    while (bits < 21 && (std::size_t{8} << bits) < rows) ++bits;
    return bits;
}

}  // namespace

void registerPositionRows(SQLite::Database& db) {
    for (std::intptr_t columns : {2, 7}) {
        std::string name = "othello_rows";
        name += std::to_string(columns);
        registerEponymousTable<RowsCursor>(db, name, reinterpret_cast<void*>(columns));
    }
}

namespace {

// Runs `sql` (reading othello_rowsN) over `count` rows of `columns` integers at `data`.
void insertRows(SQLite::Database& db, const char* sql, const std::int64_t* data, std::size_t count,
                std::size_t columns) {
    tlsRows = PendingRows{data, count, columns};
    try {
        SQLite::Statement insert(db, sql);
        insert.exec();
    } catch (...) {
        tlsRows = {};
        throw;
    }
    tlsRows = {};
}

}  // namespace

void PositionIndexer::add(std::int64_t gameId, const core::Position& start,
                          const std::vector<int>& moves, int resultBlack) {
    drain();
    counted_ += moves.size() + 1;
    addRows(gameId, start, moves, resultBlack);
}

void PositionIndexer::queue(std::int64_t gameId, const core::Position& start,
                            std::vector<int> moves, int resultBlack) {
    counted_ += moves.size() + 1;
    jobs_.push_back(Job{gameId, start, std::move(moves), resultBlack});
    // Chunks big enough that handing over costs nothing, small enough that little is left
    // for the worker when the caller ends. While the worker is still busy with the last chunk
    // (it had no core for a while) the caller goes on and the chunk grows, instead of waiting
    // for it (a tenth to a third of a second of an import, on a shared machine), up to
    // kMaxQueuedGames games, whose moves are all that is held.
    constexpr std::size_t kMinChunk = 2048, kMaxQueuedGames = std::size_t{1} << 16;
    if (jobs_.size() < kMinChunk || (jobs_.size() % 256 != 0 && jobs_.size() < kMaxQueuedGames))
        return;
    if (jobs_.size() >= kMaxQueuedGames || !worker_.valid() ||
        worker_.wait_for(std::chrono::seconds(0)) == std::future_status::ready)
        launch();
}

void PositionIndexer::launch() {
    if (jobs_.empty()) return;
    drain();
    worker_ = std::async(std::launch::async, [this, jobs = std::move(jobs_)] {
        for (const Job& j : jobs) addRows(j.gameId, j.start, j.moves, j.resultBlack);
    });
    jobs_.clear();
}

void PositionIndexer::drain() {
    if (worker_.valid()) worker_.get();  // rethrows what the worker threw
}

void PositionIndexer::addRows(std::int64_t gameId, const core::Position& start,
                              const std::vector<int>& moves, int resultBlack) {
    if (!rows_.empty() && entryGame(rows_.back().entry) > gameId) ordered_ = false;
    sorted_ = false;
    if (rows_.capacity() < reserve_) rows_.reserve(reserve_);
    core::Position p = start;
    const int score = resultBlack == kOutsideStats ? kOutsideStats
                      : resultBlack < 0            ? kUnknownResult
                                                   : std::clamp(resultBlack, 0, 64);
    for (std::size_t ply = 0; ply <= moves.size(); ++ply) {
        const core::Canonical c = core::canonical(p);
        int next = kNoNextMove;
        if (ply < moves.size())
            next = core::transformSquare(core::moveSquare(moves[ply]), c.symmetry);
        const auto hash = static_cast<std::int64_t>(core::canonicalHash(c.position));
        std::int64_t entry =
            packEntry(gameId, static_cast<int>(std::min<std::size_t>(ply, 255)), next, score);
        if (64 - core::popcount(p.empties()) <= statsMaxDiscs_) entry |= kShallowBit;
        rows_.push_back(Row{hash, entry});
        if (ply == moves.size() || !playStoredMove(p, moves[ply])) break;
    }
}

std::vector<std::pair<std::int64_t, std::int64_t>> PositionIndexer::takeRows() {
    launch();
    drain();
    counted_ = 0;
    if (!rows_.empty() && !sorted_) sortRows();
    std::vector<std::pair<std::int64_t, std::int64_t>> out;
    out.reserve(rows_.size());
    for (const Row& r : rows_) out.emplace_back(r.hash, r.entry);
    rows_.clear();
    hist_.clear();
    ordered_ = true;
    sorted_ = false;
    return out;
}

void PositionIndexer::partition() {
    // Key order in the end: the b-tree is appended to rather than split at random, so pages
    // stay full. One scatter pass by the top bits of the hash (uniform: a hash), then each
    // bucket sorted alone, in cache; rows_ keeps its capacity for the next rows.
    const std::size_t n = rows_.size();
    bits_ = bucketBits(n);
    const std::size_t buckets = std::size_t{1} << bits_;
    const int shift = 64 - bits_;
    hist_.assign(buckets, 0);
    for (const Row& r : rows_) ++hist_[sortKey(r.hash) >> shift];
    std::size_t sum = 0;  // hist_[b]: the start of bucket b
    for (std::size_t& c : hist_) {
        const std::size_t count = c;
        c = sum;
        sum += count;
    }
    scratch_.reset(new Row[n]);  // no value-initialisation: every row is written below
    scratchRows_ = n;
    for (const Row& r : rows_) scratch_[hist_[sortKey(r.hash) >> shift]++] = r;
    partitioned_ = true;  // hist_[b]: the end of bucket b
}

void PositionIndexer::sortBucket(std::size_t b) {
    const std::size_t from = b ? hist_[b - 1] : 0, to = hist_[b];
    if (from == to) return;
    Row* rows = scratch_.get() + from;
    const std::size_t n = to - from;
    const auto less = [](const Row& x, const Row& y) {
        return x.hash != y.hash ? x.hash < y.hash : x.entry < y.entry;
    };
    if (n > 32) {
        // A bucket holding a position thousands of games reach (the start, the openings).
        std::sort(rows, rows + n, less);
        return;
    }
    for (std::size_t i = 1; i < n; ++i) {
        const Row v = rows[i];
        std::size_t j = i;
        for (; j > 0 && less(v, rows[j - 1]); --j) rows[j] = rows[j - 1];
        rows[j] = v;
    }
}

void PositionIndexer::sortRows() {
    if (!partitioned_) partition();
    for (std::size_t b = 0, buckets = hist_.size(); b < buckets; ++b) sortBucket(b);
    rows_.assign(scratch_.get(), scratch_.get() + scratchRows_);  // the capacity stays
    scratch_.reset();
    scratchRows_ = 0;
    hist_.clear();
    partitioned_ = false;
    sorted_ = true;
}

void PositionIndexer::prepare() {
    launch();
    drain();
    if (rows_.empty() || sorted_ || partitioned_) return;
    worker_ = std::async(std::launch::async, [this] { partition(); });
}

namespace {

// The statements a flush writes with (reading othello_rows2 / othello_rows7).
// OR IGNORE: a statement that cannot abort half-way needs no statement journal (a copy of every
// page it changes); a row already there is the same row.
constexpr const char* kInsertPositionsSql =
    "INSERT OR IGNORE INTO positions(hash, entry) SELECT c0, c1 FROM othello_rows2";
// "WHERE true" lets the parser tell the upsert clause from a join constraint.
constexpr const char* kUpsertStatsSql =
    "INSERT INTO position_stats(hash, next, games, black_wins, draws, white_wins, "
    "sum_black) SELECT c0, c1, c2, c3, c4, c5, c6 FROM othello_rows7 WHERE true "
    "ON CONFLICT(hash, next) DO UPDATE SET games = games + excluded.games, "
    "black_wins = black_wins + excluded.black_wins, draws = draws + excluded.draws, "
    "white_wins = white_wins + excluded.white_wins, "
    "sum_black = sum_black + excluded.sum_black";

}  // namespace

void PositionIndexer::spill(const std::filesystem::path& directory) {
    launch();
    drain();
    counted_ = 0;
    if (rows_.empty()) return;
    if (!sorted_) sortRows();
    if (!positionRuns_) {
        positionRuns_ = std::make_unique<PositionRuns>(directory, 2, 2);
        statsRuns_ = std::make_unique<PositionRuns>(directory, 7, 2);
    }
    const std::vector<std::int64_t> stats = statsRows(rows_.data(), rows_.size());
    positionRuns_->spill(reinterpret_cast<const std::int64_t*>(rows_.data()), rows_.size());
    statsRuns_->spill(stats.data(), stats.size() / 7);
    rows_.clear();  // the capacity stays for the next rows
    hist_.clear();
    ordered_ = true;
    sorted_ = false;
}

void PositionIndexer::flush() {
    if (positionRuns_ && positionRuns_->runs()) {
        spill({});  // the rows queued since the last spill make one more run
        positionRuns_->merge([this](const std::int64_t* rows, std::size_t n) {
            insertRows(db_, kInsertPositionsSql, rows, n, 2);
        });
        statsRuns_->merge([this](const std::int64_t* rows, std::size_t n) {
            insertRows(db_, kUpsertStatsSql, rows, n, 7);
        });
        rows_.clear();
        rows_.shrink_to_fit();
        return;
    }
    launch();
    drain();
    counted_ = 0;
    if (rows_.empty()) return;
    static_assert(sizeof(Row) == 2 * sizeof(std::int64_t));
    if (!sorted_ && !partitioned_) partition();
    // Sorted from scratch_ (unless sorted already): rows_'s memory goes back before SQLite's
    // cache fills, so that the import holds no more than one copy of the rows while it writes.
    if (partitioned_) std::vector<Row>().swap(rows_);
    const Row* rows = partitioned_ ? scratch_.get() : rows_.data();
    const std::size_t n = partitioned_ ? scratchRows_ : rows_.size();
    // Another thread sorts the buckets in key order, a range at a time, while SQLite writes
    // the rows sorted so far (the sort costs a tenth of the writing, which no longer waits for
    // it); then it sums the statistics while SQLite writes the last rows. Both only read the
    // rows SQLite reads.
    struct Progress {
        std::mutex m;
        std::condition_variable cv;
        std::size_t ready = 0;  // rows[0, ready) are in their final place and order
        bool stop = false;      // the writing failed: the sort is not wanted any more
    } progress;
    auto sorter = std::async(std::launch::async, [this, &progress, rows, n] {
        if (partitioned_) {
            constexpr std::size_t kPublishRows = std::size_t{1} << 16;
            std::size_t published = 0;
            for (std::size_t b = 0, buckets = hist_.size(); b < buckets; ++b) {
                sortBucket(b);
                if (hist_[b] - published < kPublishRows && b + 1 < buckets) continue;
                published = hist_[b];
                std::lock_guard lock(progress.m);
                if (progress.stop) return std::vector<std::int64_t>{};
                progress.ready = published;
                progress.cv.notify_one();
            }
        } else {
            std::lock_guard lock(progress.m);
            progress.ready = n;
            progress.cv.notify_one();
        }
        return statsRows(rows, n);
    });
    try {
        const auto* data = reinterpret_cast<const std::int64_t*>(rows);
        for (std::size_t done = 0; done < n;) {
            std::size_t upTo = 0;
            {
                std::unique_lock lock(progress.m);
                progress.cv.wait(lock, [&] { return progress.ready > done; });
                upTo = progress.ready;
            }
            insertRows(db_, kInsertPositionsSql, data + 2 * done, upTo - done, 2);
            done = upTo;
        }
    } catch (...) {
        {
            std::lock_guard lock(progress.m);
            progress.stop = true;
        }
        sorter.wait();
        throw;
    }
    const std::vector<std::int64_t> sorted = sorter.get();
    insertRows(db_, kUpsertStatsSql, sorted.data(), sorted.size() / 7, 7);
    rows_.clear();
    hist_.clear();
    scratch_.reset();
    scratchRows_ = 0;
    rows_.shrink_to_fit();
    ordered_ = true;
    sorted_ = false;
    partitioned_ = false;
}

bool playRuleToken(core::Position& p, int move) {
    const int square = core::moveSquare(move);
    if (square < 0 || square >= 64 || !(p.empties() & core::bit(square))) return false;
    if (core::isLineMove(move)) {
        core::LineFlip lines[8];
        const int n = core::lineFlips(p.player(), p.opponentDiscs(), square, lines);
        for (int i = 0; i < n; ++i)
            if (lines[i].end == core::lineEnd(move)) {
                p.play(square, lines[i].discs);
                return true;
            }
        return false;
    }
    // A placement (see playStoredMove).
    if (64 - p.emptyCount() >= 4 || !(core::kCentre & core::bit(square))) return false;
    p.play(square, 0);
    return true;
}

void add(Figures& f, int entryResult) {
    if (entryResult == kOutsideStats) return;
    ++f.games;
    if (entryResult == kUnknownResult) return;
    f.blackWins += entryResult > 32;
    f.draws += entryResult == 32;
    f.whiteWins += entryResult < 32;
    f.sumBlackScore += entryResult;
}

void add(Figures& to, const Figures& from) {
    to.games += from.games;
    to.blackWins += from.blackWins;
    to.draws += from.draws;
    to.whiteWins += from.whiteWins;
    to.sumBlackScore += from.sumBlackScore;
}

std::vector<std::int64_t> PositionIndexer::statsRows(const Row* rows, std::size_t count) {
    // Statistics of the shallow positions, one row per (hash, next), in key order.
    std::vector<std::int64_t> sorted;
    std::vector<std::pair<std::int64_t, Figures>> byNext;  // of one hash, few entries
    for (std::size_t i = 0; i < count;) {
        std::size_t j = i;
        byNext.clear();
        for (; j < count && rows[j].hash == rows[i].hash; ++j) {
            const std::int64_t e = rows[j].entry;
            if (!entryShallow(e)) continue;
            const int score = entryResult(e);
            if (score == kOutsideStats) continue;  // no row at all, not even a count
            const std::int64_t next = entryNext(e);
            auto it = std::find_if(byNext.begin(), byNext.end(),
                                   [next](const auto& p) { return p.first == next; });
            if (it == byNext.end()) it = byNext.insert(byNext.end(), {next, Figures{}});
            storage::add(it->second, score);
        }
        std::sort(byNext.begin(), byNext.end(),
                  [](const auto& a, const auto& b) { return a.first < b.first; });
        for (const auto& [next, f] : byNext) {
            sorted.insert(sorted.end(), {rows[i].hash, next, f.games, f.blackWins, f.draws,
                                         f.whiteWins, f.sumBlackScore});
        }
        i = j;
    }
    return sorted;
}

}  // namespace othello::storage
