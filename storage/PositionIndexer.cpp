// The position index: every position of every game under its canonical hash.
#include <sqlite3.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <future>
#include <string>

#include "ArchiveImpl.h"

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
// of one per row, which made the per-row overhead of SQLite the bulk of an import).
struct RowsCursor {
    sqlite3_vtab_cursor base;
    PendingRows rows;
    std::size_t i;
};

int rowsConnect(sqlite3* db, void* aux, int, const char* const*, sqlite3_vtab** out, char**) {
    std::string sql = "CREATE TABLE x(";
    const auto columns = reinterpret_cast<std::intptr_t>(aux);
    for (std::intptr_t c = 0; c < columns; ++c) {
        if (c) sql += ", ";
        sql += 'c';
        sql += std::to_string(c);
        sql += " INTEGER";
    }
    sql += ")";
    const int rc = sqlite3_declare_vtab(db, sql.c_str());
    if (rc != SQLITE_OK) return rc;
    *out = static_cast<sqlite3_vtab*>(sqlite3_malloc(sizeof(sqlite3_vtab)));
    if (!*out) return SQLITE_NOMEM;
    **out = sqlite3_vtab{};
    return SQLITE_OK;
}
int rowsDisconnect(sqlite3_vtab* vtab) {
    sqlite3_free(vtab);
    return SQLITE_OK;
}
int rowsBestIndex(sqlite3_vtab*, sqlite3_index_info* info) {
    info->estimatedCost = 1e6;
    return SQLITE_OK;
}
int rowsOpen(sqlite3_vtab*, sqlite3_vtab_cursor** out) {
    auto* c = static_cast<RowsCursor*>(sqlite3_malloc(sizeof(RowsCursor)));
    if (!c) return SQLITE_NOMEM;
    *c = RowsCursor{};
    *out = &c->base;
    return SQLITE_OK;
}
int rowsClose(sqlite3_vtab_cursor* cur) {
    sqlite3_free(cur);
    return SQLITE_OK;
}
int rowsFilter(sqlite3_vtab_cursor* cur, int, const char*, int, sqlite3_value**) {
    auto* c = reinterpret_cast<RowsCursor*>(cur);
    c->rows = tlsRows;
    c->i = 0;
    return SQLITE_OK;
}
int rowsNext(sqlite3_vtab_cursor* cur) {
    ++reinterpret_cast<RowsCursor*>(cur)->i;
    return SQLITE_OK;
}
int rowsEof(sqlite3_vtab_cursor* cur) {
    const auto* c = reinterpret_cast<RowsCursor*>(cur);
    return c->rows.columns == 0 || c->i >= c->rows.count;
}
int rowsColumn(sqlite3_vtab_cursor* cur, sqlite3_context* ctx, int column) {
    const auto* c = reinterpret_cast<RowsCursor*>(cur);
    if (column < 0 || static_cast<std::size_t>(column) >= c->rows.columns) {
        sqlite3_result_null(ctx);
        return SQLITE_OK;
    }
    sqlite3_result_int64(ctx,
                         c->rows.data[c->rows.columns * c->i + static_cast<std::size_t>(column)]);
    return SQLITE_OK;
}
int rowsRowid(sqlite3_vtab_cursor* cur, sqlite3_int64* rowid) {
    *rowid = static_cast<sqlite3_int64>(reinterpret_cast<RowsCursor*>(cur)->i);
    return SQLITE_OK;
}

sqlite3_module makeModule() {
    sqlite3_module m{};
    m.xConnect = rowsConnect;  // no xCreate: eponymous only, nothing stored in the schema
    m.xBestIndex = rowsBestIndex;
    m.xDisconnect = rowsDisconnect;
    m.xOpen = rowsOpen;
    m.xClose = rowsClose;
    m.xFilter = rowsFilter;
    m.xNext = rowsNext;
    m.xEof = rowsEof;
    m.xColumn = rowsColumn;
    m.xRowid = rowsRowid;
    return m;
}
const sqlite3_module kRowsModule = makeModule();

// Stable LSD radix sort on the hash (as a signed 64-bit key, SQLite's order), 16 bits a pass.
// Rows of one hash keep their insertion order, which is game order.
// hist: the counts of each 16-bit digit, pass after pass (4 x 65536), counted as rows were
// added, which saves the sort a read of every row a pass.
template <typename Row>
void sortByHash(std::vector<Row>& rows, std::vector<std::size_t>& hist) {
    std::vector<Row> tmp(rows.size());
    for (int pass = 0; pass < 4; ++pass) {
        const int shift = pass * 16;
        const auto digit = [shift](const Row& r) {
            // Flip the sign bit so negative hashes sort first.
            const auto u = static_cast<std::uint64_t>(r.hash) ^ (std::uint64_t{1} << 63);
            return static_cast<std::size_t>((u >> shift) & 0xFFFF);
        };
        std::size_t* count = hist.data() + pass * 65536;
        std::size_t sum = 0;
        for (std::size_t d = 0; d < 65536; ++d) {
            const std::size_t n = count[d];
            count[d] = sum;
            sum += n;
        }
        for (const Row& r : rows) tmp[count[digit(r)]++] = r;
        rows.swap(tmp);
    }
}

}  // namespace

void registerPositionRows(SQLite::Database& db) {
    for (std::intptr_t columns : {2, 7}) {
        std::string name = "othello_rows";
        name += std::to_string(columns);
        const int rc = sqlite3_create_module_v2(db.getHandle(), name.c_str(), &kRowsModule,
                                                reinterpret_cast<void*>(columns), nullptr);
        if (rc != SQLITE_OK) throw StorageError("cannot register the " + name + " table");
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
    // for the worker when the caller ends.
    if (jobs_.size() >= 2048) launch();
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
    if (hist_.empty()) hist_.assign(4 * 65536, 0);
    if (rows_.capacity() < reserve_) rows_.reserve(reserve_);
    core::Position p = start;
    const int score = resultBlack == kOutsideStats ? kOutsideStats
                      : resultBlack < 0            ? kUnknownResult
                                                   : std::clamp(resultBlack, 0, 64);
    for (std::size_t ply = 0; ply <= moves.size(); ++ply) {
        const core::Canonical c = core::canonical(p);
        int next = kNoNextMove;
        if (ply < moves.size()) next = core::transformSquare(moves[ply], c.symmetry);
        const auto hash = static_cast<std::int64_t>(core::canonicalHash(c.position));
        std::int64_t entry =
            packEntry(gameId, static_cast<int>(std::min<std::size_t>(ply, 255)), next, score);
        if (64 - core::popcount(p.empties()) <= statsMaxDiscs_) entry |= kShallowBit;
        rows_.push_back(Row{hash, entry});
        const auto u = static_cast<std::uint64_t>(hash) ^ (std::uint64_t{1} << 63);
        ++hist_[u & 0xFFFF];
        ++hist_[65536 + (u >> 16 & 0xFFFF)];
        ++hist_[2 * 65536 + (u >> 32 & 0xFFFF)];
        ++hist_[3 * 65536 + (u >> 48)];
        if (ply == moves.size() || !playStoredMove(p, moves[ply])) break;
    }
}

void PositionIndexer::flushPending() {
    launch();
    drain();
    counted_ = 0;
    if (rows_.empty()) return;
    insertRows(db_,
               "INSERT OR IGNORE INTO temp.pending_positions(hash, entry) SELECT c0, c1 FROM "
               "othello_rows2",
               reinterpret_cast<const std::int64_t*>(rows_.data()), rows_.size(), 2);
    rows_.clear();
    hist_.clear();
    ordered_ = true;
    sorted_ = false;
}

void PositionIndexer::sortRows() {
    // Key order: the b-tree is appended to rather than split at random, so pages stay full.
    if (ordered_) {
        sortByHash(rows_, hist_);
    } else {
        std::sort(rows_.begin(), rows_.end(), [](const Row& a, const Row& b) {
            return a.hash != b.hash ? a.hash < b.hash : a.entry < b.entry;
        });
    }
    sorted_ = true;
}

void PositionIndexer::prepare() {
    launch();
    drain();
    if (rows_.empty() || sorted_) return;
    worker_ = std::async(std::launch::async, [this] { sortRows(); });
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
    const std::vector<std::int64_t> stats = statsRows();
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
    if (!sorted_) sortRows();
    static_assert(sizeof(Row) == 2 * sizeof(std::int64_t));
    // The statistics are summed on another thread while SQLite writes the positions: both
    // only read rows_.
    auto stats = std::async(std::launch::async, [this] { return statsRows(); });
    try {
        insertRows(db_, kInsertPositionsSql, reinterpret_cast<const std::int64_t*>(rows_.data()),
                   rows_.size(), 2);
    } catch (...) {
        stats.wait();
        throw;
    }
    const std::vector<std::int64_t> sorted = stats.get();
    insertRows(db_, kUpsertStatsSql, sorted.data(), sorted.size() / 7, 7);
    rows_.clear();
    hist_.clear();
    rows_.shrink_to_fit();
    ordered_ = true;
    sorted_ = false;
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

std::vector<std::int64_t> PositionIndexer::statsRows() const {
    // Statistics of the shallow positions, one row per (hash, next), in key order.
    std::vector<std::int64_t> sorted;
    std::vector<std::pair<std::int64_t, Figures>> byNext;  // of one hash, few entries
    for (std::size_t i = 0; i < rows_.size();) {
        std::size_t j = i;
        byNext.clear();
        for (; j < rows_.size() && rows_[j].hash == rows_[i].hash; ++j) {
            const std::int64_t e = rows_[j].entry;
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
            sorted.insert(sorted.end(), {rows_[i].hash, next, f.games, f.blackWins, f.draws,
                                         f.whiteWins, f.sumBlackScore});
        }
        i = j;
    }
    return sorted;
}

}  // namespace othello::storage
