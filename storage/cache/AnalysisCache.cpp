// The analysis tables: solved positions by canonical position, and per-game reviews.
#include "storage/cache/AnalysisCache.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <sqlite3.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <unordered_map>

#include "core/Symmetry.h"
#include "storage/ArchiveImpl.h"
#include "storage/database/StatementCache.h"

namespace othello::storage {

using analysis::ValueKind;

namespace {

// A stored square: 0..63, 64 = pass, 255 = none.
int storedSquare(int square) {
    return square >= 0 && square <= core::kPass ? square : 255;
}
int loadedSquare(int stored) {
    return stored >= 0 && stored <= core::kPass ? stored : core::kNoSquare;
}

int clampValue(int v) {
    return std::clamp(v, -64, 64);
}

// How good a cached result is; a row is replaced only by a strictly better one.
int rank(const CachedPosition& e) {
    switch (e.kind) {
        case ValueKind::Exact:
            return e.allMoves ? 5 : 4;
        case ValueKind::WinLossDraw:
            return 3;
        case ValueKind::Bound:
            return 2;
        case ValueKind::Estimate:
            return 1;
    }
    return 0;
}

bool better(const CachedPosition& candidate, const CachedPosition& stored) {
    const int a = rank(candidate), b = rank(stored);
    if (a != b) return a > b;
    if (candidate.kind == ValueKind::Bound)
        return candidate.upper - candidate.lower < stored.upper - stored.lower;
    if (candidate.kind == ValueKind::Estimate) {
        if (candidate.engine != stored.engine || candidate.engineVersion != stored.engineVersion ||
            candidate.weightsVersion != stored.weightsVersion)
            return true;  // a stale estimate (another search or evaluation) never stays
        if (candidate.depth != stored.depth) return candidate.depth > stored.depth;
        return candidate.moves.size() > stored.moves.size();  // a merge: more moves valued
    }
    return false;
}

bool current(AnalysisEngine engine, int version) {
    return engine != AnalysisEngine::Solver || version == analysis::kSolverVersion;
}

// One judged move in game_analysis.plies: ply, move number, side, empties, move, value + 64,
// played value + 64, loss, then the best moves as a 64-bit mask (little-endian).
constexpr std::size_t kPlyBytes = 16;

std::string encodePlies(const analysis::GameReview& r) {
    std::string out;
    out.reserve(r.moves.size() * kPlyBytes);
    for (const analysis::ReviewedMove& m : r.moves) {
        out += static_cast<char>(m.ply);
        out += static_cast<char>(m.moveNumber);
        out += static_cast<char>(m.side == core::Color::Black ? 0 : 1);
        out += static_cast<char>(m.empties);
        out += static_cast<char>(storedSquare(m.move));
        out += static_cast<char>(clampValue(m.value) + 64);
        out += static_cast<char>(clampValue(m.playedValue) + 64);
        out += static_cast<char>(std::clamp(m.loss, 0, 128));
        core::Bitboard best = 0;
        for (int sq : m.bestMoves)
            if (sq >= 0 && sq < 64) best |= core::bit(sq);
        for (int i = 0; i < 8; ++i) out += static_cast<char>((best >> (8 * i)) & 0xFF);
    }
    return out;
}

std::vector<analysis::ReviewedMove> decodePlies(const void* data, int size) {
    std::vector<analysis::ReviewedMove> out;
    const auto* b = static_cast<const unsigned char*>(data);
    for (std::size_t at = 0; at + kPlyBytes <= static_cast<std::size_t>(size); at += kPlyBytes) {
        analysis::ReviewedMove m;
        m.ply = b[at];
        m.moveNumber = b[at + 1];
        m.side = b[at + 2] ? core::Color::White : core::Color::Black;
        m.empties = b[at + 3];
        m.move = loadedSquare(b[at + 4]);
        m.value = b[at + 5] - 64;
        m.playedValue = b[at + 6] - 64;
        m.loss = b[at + 7];
        core::Bitboard best = 0;
        for (int i = 0; i < 8; ++i) best |= core::Bitboard{b[at + 8 + i]} << (8 * i);
        for (; best; best &= best - 1) m.bestMoves.push_back(core::lowestSquare(best));
        out.push_back(std::move(m));
    }
    return out;
}

bool isBusy(const SQLite::Exception& e) {
    const int code = e.getErrorCode() & 0xFF;
    return code == SQLITE_BUSY || code == SQLITE_LOCKED;
}

}  // namespace

analysis::SolveResult CachedPosition::toSolveResult(const core::Position& position) const {
    analysis::SolveResult r;
    r.complete = kind == ValueKind::Exact || kind == ValueKind::WinLossDraw;
    r.value = value;
    r.kind = kind;
    r.lower = lower;
    r.upper = upper;
    r.bestMove = bestMove;
    r.moves = moves;
    r.nodes = 0;
    r.empties = position.emptyCount();
    return r;
}

struct AnalysisCache::Impl {
    SQLite::Database db;
    bool readOnly;
    int busyTimeoutMs;

    Impl(const std::filesystem::path& path, Archive::Mode mode, int busyTimeoutMs)
        : Impl(prepare(path, mode), mode, busyTimeoutMs) {}

    Impl(const SqliteTarget& target, Archive::Mode mode, int busyTimeoutMs)
        : db(target.name, target.flags, busyTimeoutMs),
          readOnly(mode == Archive::Mode::ReadOnly),
          busyTimeoutMs(busyTimeoutMs) {
        if (readOnly) {
            // A reader never upgrades an older archive (storage/Archive.h): empty stand-ins for
            // the tables schema 6 adds, so every lookup simply finds nothing.
            if (db.execAndGet("PRAGMA user_version").getInt() < 6) {
                db.exec(
                    "CREATE TEMP TABLE IF NOT EXISTS analysis_positions(id INTEGER PRIMARY KEY, "
                    "black INTEGER NOT NULL, white INTEGER NOT NULL, to_move INTEGER NOT NULL, "
                    "value INTEGER NOT NULL, kind INTEGER NOT NULL, lower INTEGER NOT NULL, "
                    "upper INTEGER NOT NULL, best_move INTEGER NOT NULL, depth INTEGER NOT NULL, "
                    "engine INTEGER NOT NULL, engine_version INTEGER NOT NULL, "
                    "weights_version INTEGER NOT NULL, nodes INTEGER NOT NULL, moves BLOB, "
                    "UNIQUE(black, white, to_move))");
                db.exec(
                    "CREATE TEMP TABLE IF NOT EXISTS game_analysis(game_id INTEGER PRIMARY KEY, "
                    "moves_key INTEGER NOT NULL, empties INTEGER NOT NULL, "
                    "solver_version INTEGER NOT NULL, black_checked INTEGER NOT NULL, "
                    "black_perfect INTEGER NOT NULL, black_lost INTEGER NOT NULL, "
                    "black_max INTEGER NOT NULL, white_checked INTEGER NOT NULL, "
                    "white_perfect INTEGER NOT NULL, white_lost INTEGER NOT NULL, "
                    "white_max INTEGER NOT NULL, max_loss INTEGER NOT NULL, plies BLOB NOT NULL)");
            }
            return;
        }
        // SQLite falls back to a read-only file descriptor when the file is not writable.
        if (sqlite3_db_readonly(db.getHandle(), "main") == 1)
            throw StorageError("archive is read-only: the analysis cache cannot be written");
        // As Archive's writers: the -wal and -shm files stay after the last connection closes
        // (readers in a folder they cannot write read through them), and ~Impl leaves the
        // main file complete.
        int persist = 1;
        sqlite3_file_control(db.getHandle(), "main", SQLITE_FCNTL_PERSIST_WAL, &persist);
        db.exec("PRAGMA synchronous = NORMAL");
        // Another solver: its values and the reviews made from them may differ; drop them.
        if (meta("analysis_solver_version") != analysis::kSolverVersion) {
            write([&] {
                SQLite::Statement del(db, "DELETE FROM analysis_positions WHERE engine = ?");
                del.bind(1, static_cast<int>(AnalysisEngine::Solver));
                del.exec();
                db.exec("DELETE FROM game_analysis");
                SQLite::Statement set(
                    db, "UPDATE meta SET value = ? WHERE key = 'analysis_solver_version'");
                set.bind(1, analysis::kSolverVersion);
                set.exec();
            });
        }
    }

    ~Impl() {
        if (readOnly) return;
        statements.resetAll();
        checkpointOnClose(db.getHandle(),
                          std::min(std::chrono::milliseconds(busyTimeoutMs), kCloseCheckpointWait));
    }
    Impl(const Impl&) = delete;
    Impl& operator=(const Impl&) = delete;

    // Opens (and so validates and migrates) the archive the way Archive does, once, unless the
    // file already has this program's schema.
    // Opened as Archive opens it (storage/ArchiveImpl.h: read-only folders and mounts).
    static SqliteTarget prepare(const std::filesystem::path& path, Archive::Mode mode) {
        const bool readOnly = mode == Archive::Mode::ReadOnly;
        bool ready = false;
        if (std::filesystem::exists(path)) {
            try {
                const SqliteTarget probeTarget = sqliteTarget(path, true, probeMedia(path));
                SQLite::Database probe(probeTarget.name, probeTarget.flags, 10000);
                ready = probe.execAndGet("PRAGMA user_version").getInt() == kSchemaVersion;
            } catch (const std::exception&) {
                ready = false;  // Archive says why below
            }
        }
        if (!ready) Archive open(path, mode);
        return sqliteTarget(path, readOnly, probeMedia(path));
    }

    std::int64_t meta(const char* key) {
        SQLite::Statement s(db, "SELECT value FROM meta WHERE key = ?");
        s.bind(1, key);
        return s.executeStep() ? s.getColumn(0).getInt64() : 0;
    }

    // Runs `body` in a short IMMEDIATE transaction, waiting for an import's batch to commit
    // (SQLite's busy handler, then retries) for at most busyTimeoutMs in all.
    template <class F>
    void write(F&& body) {
        if (readOnly) throw StorageError("the analysis cache is open read-only");
        const auto start = std::chrono::steady_clock::now();
        for (;;) {
            try {
                SQLite::Transaction t(db, SQLite::TransactionBehavior::IMMEDIATE);
                body();
                t.commit();
                return;
            } catch (const SQLite::Exception& e) {
                if (!isBusy(e)) throw;
                if (std::chrono::steady_clock::now() - start >=
                    std::chrono::milliseconds(busyTimeoutMs))
                    throw StorageError(std::string("the archive stayed busy: ") + e.what());
                std::this_thread::sleep_for(std::chrono::milliseconds(100));
            }
        }
    }

    SQLite::Statement& statement(const char* sql) { return statements.get(sql); }
    StatementCache statements{db};

    // The row of a canonical position, squares still canonical.
    std::optional<CachedPosition> row(const core::Position& c) {
        auto& s = statement(
            "SELECT value, kind, lower, upper, best_move, depth, engine, engine_version, "
            "weights_version, nodes, moves FROM analysis_positions "
            "WHERE black = ? AND white = ? AND to_move = ?");
        s.bind(1, static_cast<std::int64_t>(c.black()));
        s.bind(2, static_cast<std::int64_t>(c.white()));
        s.bind(3, static_cast<int>(c.toMove()));
        if (!s.executeStep()) return std::nullopt;
        CachedPosition e;
        e.value = s.getColumn(0).getInt();
        e.kind = static_cast<ValueKind>(s.getColumn(1).getInt());
        e.lower = s.getColumn(2).getInt();
        e.upper = s.getColumn(3).getInt();
        e.bestMove = loadedSquare(s.getColumn(4).getInt());
        e.depth = s.getColumn(5).getInt();
        e.engine = static_cast<AnalysisEngine>(s.getColumn(6).getInt());
        e.engineVersion = s.getColumn(7).getInt();
        e.weightsVersion = s.getColumn(8).getInt64();
        e.nodes = static_cast<std::uint64_t>(s.getColumn(9).getInt64());
        const SQLite::Column moves = s.getColumn(10);
        e.allMoves = !moves.isNull();
        const auto* b = static_cast<const unsigned char*>(moves.getBlob());
        for (int at = 0; b && at + 5 <= moves.getBytes(); at += 5)
            e.moves.push_back({loadedSquare(b[at]), b[at + 1] - 64,
                               static_cast<ValueKind>(b[at + 2]), b[at + 3] - 64, b[at + 4] - 64});
        s.reset();
        // An estimate may know only some moves' values: every move only when all are there.
        if (e.kind == ValueKind::Estimate)
            e.allMoves =
                e.allMoves && static_cast<int>(e.moves.size()) >= core::popcount(c.legalMoves());
        if (!current(e.engine, e.engineVersion)) return std::nullopt;
        return e;
    }

    void put(const core::Position& c, const CachedPosition& e) {
        std::string moves;
        for (const analysis::MoveValue& m : e.moves) {
            moves += static_cast<char>(storedSquare(m.square));
            moves += static_cast<char>(clampValue(m.value) + 64);
            moves += static_cast<char>(m.kind);
            moves += static_cast<char>(clampValue(m.lower) + 64);
            moves += static_cast<char>(clampValue(m.upper) + 64);
        }
        auto& s = statement(
            "INSERT OR REPLACE INTO analysis_positions(black, white, to_move, value, kind, lower, "
            "upper, best_move, depth, engine, engine_version, weights_version, nodes, moves) "
            "VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
        s.bind(1, static_cast<std::int64_t>(c.black()));
        s.bind(2, static_cast<std::int64_t>(c.white()));
        s.bind(3, static_cast<int>(c.toMove()));
        s.bind(4, clampValue(e.value));
        s.bind(5, static_cast<int>(e.kind));
        s.bind(6, clampValue(e.lower));
        s.bind(7, clampValue(e.upper));
        s.bind(8, storedSquare(e.bestMove));
        s.bind(9, e.depth);
        s.bind(10, static_cast<int>(e.engine));
        s.bind(11, e.engineVersion);
        s.bind(12, e.weightsVersion);
        s.bind(13, static_cast<std::int64_t>(e.nodes));
        // A zero-length blob (not NULL) says "every move known, there are none".
        static const char kEmpty = 0;
        if (e.allMoves || !e.moves.empty())
            s.bind(14, moves.empty() ? static_cast<const void*>(&kEmpty) : moves.data(),
                   static_cast<int>(moves.size()));
        else
            s.bind(14);
        s.exec();
        evict(meta("analysis_max_positions"));
    }

    // Ids grow with every insert (a replaced row gets a new one), so keeping the newest
    // `rows` ids bounds the table at `rows` rows.
    void evict(std::int64_t rows) {
        if (rows <= 0) rows = kDefaultMaxAnalysisPositions;
        auto& s = statement(
            "DELETE FROM analysis_positions "
            "WHERE id <= (SELECT coalesce(max(id), 0) FROM analysis_positions) - ?");
        s.bind(1, rows);
        s.exec();
    }
};

AnalysisCache::AnalysisCache(const std::filesystem::path& path, Archive::Mode mode,
                             int busyTimeoutMs) {
    try {
        impl_ = std::make_unique<Impl>(path, mode, busyTimeoutMs);
    } catch (const SQLite::Exception& e) {
        throw StorageError("cannot open database " + path.string() + ": " + e.what());
    }
}

AnalysisCache::~AnalysisCache() = default;
AnalysisCache::AnalysisCache(AnalysisCache&&) noexcept = default;
AnalysisCache& AnalysisCache::operator=(AnalysisCache&&) noexcept = default;

bool AnalysisCache::readOnly() const {
    return impl_->readOnly;
}

std::optional<CachedPosition> AnalysisCache::lookup(const core::Position& position) {
    const core::Canonical c = core::canonical(position);
    auto e = impl_->row(c.position);
    if (!e) return std::nullopt;
    const core::Symmetry back = core::inverse(c.symmetry);
    e->bestMove = core::transformSquare(e->bestMove, back);
    for (analysis::MoveValue& m : e->moves) m.square = core::transformSquare(m.square, back);
    return e;
}

void AnalysisCache::store(const core::Position& position, const analysis::SolveResult& result) {
    CachedPosition e;
    e.kind = result.complete ? result.kind : ValueKind::Bound;
    e.value = result.value;
    e.lower = result.lower;
    e.upper = result.upper;
    e.bestMove = result.bestMove;
    e.depth = position.emptyCount();
    e.engine = AnalysisEngine::Solver;
    e.engineVersion = analysis::kSolverVersion;
    e.nodes = result.nodes;
    // Every move known: the solver listed them, or there is none to list.
    e.allMoves = result.complete && (!result.moves.empty() || !position.canMove());
    if (e.allMoves) e.moves = result.moves;
    store(position, e);
}

void AnalysisCache::store(const core::Position& position, const CachedPosition& entry) {
    const core::Canonical c = core::canonical(position);
    CachedPosition e = entry;
    e.bestMove = core::transformSquare(e.bestMove, c.symmetry);
    for (analysis::MoveValue& m : e.moves) m.square = core::transformSquare(m.square, c.symmetry);
    impl_->write([&] {
        const auto stored = impl_->row(c.position);
        if (stored && !better(e, *stored)) return;
        impl_->put(c.position, e);
    });
}

std::optional<analysis::SolveResult> AnalysisCache::exact(const core::Position& position,
                                                          bool allMoves) {
    const auto hit = lookup(position);
    if (!hit || hit->kind != ValueKind::Exact || (allMoves && !hit->allMoves)) return std::nullopt;
    return hit->toSolveResult(position);
}

void AnalysisCache::storeExact(const core::Position& position,
                               const analysis::SolveResult& result) {
    if (!impl_->readOnly) store(position, result);
}

std::optional<analysis::PositionEstimate> AnalysisCache::estimate(const core::Position& position) {
    const auto hit = lookup(position);
    if (!hit || hit->kind != ValueKind::Estimate || hit->engine != AnalysisEngine::Evaluation)
        return std::nullopt;
    analysis::PositionEstimate e;
    e.value = hit->value;
    e.bestMove = hit->bestMove;
    e.depth = hit->depth;
    e.engineVersion = hit->engineVersion;
    e.weightsVersion = hit->weightsVersion;
    e.moves = hit->moves;
    e.allMoves = hit->allMoves;
    return e;
}

void AnalysisCache::storeEstimate(const core::Position& position,
                                  const analysis::PositionEstimate& estimate) {
    if (impl_->readOnly) return;
    CachedPosition c;
    c.value = estimate.value;
    c.kind = ValueKind::Estimate;
    c.bestMove = estimate.bestMove;
    c.depth = estimate.depth;
    c.engine = AnalysisEngine::Evaluation;
    c.engineVersion = estimate.engineVersion;
    c.weightsVersion = estimate.weightsVersion;
    c.allMoves = estimate.allMoves;
    c.moves = estimate.moves;
    store(position, c);
}

void AnalysisCache::dropOtherEstimates(std::int64_t weightsVersion) {
    if (impl_->readOnly) return;
    // The meta row remembers the version last seen: the rows are scanned once per change.
    const std::int64_t version =
        (static_cast<std::int64_t>(analysis::kMidgameSearchVersion) << 32) ^ weightsVersion;
    if (impl_->meta("analysis_estimate_version") == version) return;
    impl_->write([&] {
        SQLite::Statement del(impl_->db,
                              "DELETE FROM analysis_positions WHERE engine = ? AND "
                              "(engine_version != ? OR weights_version != ?)");
        del.bind(1, static_cast<int>(AnalysisEngine::Evaluation));
        del.bind(2, analysis::kMidgameSearchVersion);
        del.bind(3, weightsVersion);
        del.exec();
        SQLite::Statement set(impl_->db,
                              "INSERT OR REPLACE INTO meta(key, value) "
                              "VALUES('analysis_estimate_version', ?)");
        set.bind(1, version);
        set.exec();
    });
}

std::int64_t AnalysisCache::estimateCount() {
    SQLite::Statement s(impl_->db, "SELECT count(*) FROM analysis_positions WHERE engine = ?");
    s.bind(1, static_cast<int>(AnalysisEngine::Evaluation));
    s.executeStep();
    return s.getColumn(0).getInt64();
}

std::int64_t AnalysisCache::positionCount() {
    return impl_->db.execAndGet("SELECT count(*) FROM analysis_positions").getInt64();
}

std::int64_t AnalysisCache::maxPositions() {
    const std::int64_t v = impl_->meta("analysis_max_positions");
    return v > 0 ? v : kDefaultMaxAnalysisPositions;
}

void AnalysisCache::setMaxPositions(std::int64_t rows) {
    if (rows <= 0) throw StorageError("the analysis cache needs room for at least one position");
    impl_->write([&] {
        SQLite::Statement s(impl_->db,
                            "INSERT OR REPLACE INTO meta(key, value) "
                            "VALUES('analysis_max_positions', ?)");
        s.bind(1, rows);
        s.exec();
        impl_->evict(rows);
    });
}

void AnalysisCache::clearPositions() {
    impl_->write([&] { impl_->db.exec("DELETE FROM analysis_positions"); });
}

std::optional<StoredReview> AnalysisCache::review(std::int64_t gameId) {
    auto& s = impl_->statement(
        "SELECT a.empties, a.solver_version, a.plies FROM game_analysis a "
        "JOIN games g ON g.id = a.game_id "
        "WHERE a.game_id = ? AND a.moves_key = g.moves_key AND a.solver_version = ?");
    s.bind(1, gameId);
    s.bind(2, analysis::kSolverVersion);
    if (!s.executeStep()) return std::nullopt;
    StoredReview out;
    out.gameId = gameId;
    out.review.maxEmpties = s.getColumn(0).getInt();
    out.solverVersion = s.getColumn(1).getInt();
    const SQLite::Column plies = s.getColumn(2);
    out.review.moves = decodePlies(plies.getBlob(), plies.getBytes());
    s.reset();
    analysis::summarise(out.review);
    return out;
}

void AnalysisCache::storeReview(std::int64_t gameId, const analysis::GameReview& review) {
    if (!review.complete) return;  // cancelled: some moves were never judged
    analysis::GameReview r = review;
    // The exact part only (the table's meaning: see the header).
    std::erase_if(r.moves, [&](const analysis::ReviewedMove& m) {
        return m.kind != ValueKind::Exact || m.empties > r.maxEmpties;
    });
    for (analysis::ReviewedMove& m : r.moves) m.moves.clear();
    analysis::summarise(r);
    const std::string plies = encodePlies(r);
    impl_->write([&] {
        // The game may have been edited while it was reviewed (Archive::editGame): a review
        // whose judged moves are not the game's moves now describes another game, and is not
        // filed under the new moves (it would pass for theirs). The game is reviewed again.
        {
            auto& g = impl_->statement("SELECT moves FROM games WHERE id = ?");
            g.bind(1, gameId);
            if (!g.executeStep()) throw StorageError("no game with id " + std::to_string(gameId));
            const auto blob = g.getColumn(0);
            const std::vector<int> moves = decodeMoves(blob.getBlob(), blob.getBytes());
            g.reset();
            for (const analysis::ReviewedMove& m : r.moves)
                if (m.ply < 0 || static_cast<std::size_t>(m.ply) >= moves.size() ||
                    moves[static_cast<std::size_t>(m.ply)] != m.move)
                    return;
        }
        auto& s = impl_->statement(
            "INSERT OR REPLACE INTO game_analysis(game_id, moves_key, empties, solver_version, "
            "black_checked, black_perfect, black_lost, black_max, white_checked, white_perfect, "
            "white_lost, white_max, max_loss, plies) "
            "SELECT id, moves_key, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? FROM games WHERE id = ?");
        int i = 1;
        s.bind(i++, r.maxEmpties);
        s.bind(i++, analysis::kSolverVersion);
        for (const analysis::SideSummary* side : {&r.black, &r.white}) {
            s.bind(i++, side->movesChecked);
            s.bind(i++, side->perfectMoves);
            s.bind(i++, side->discsLost);
            s.bind(i++, side->maxLoss);
        }
        s.bind(i++, r.maxLoss());
        static const char kEmpty = 0;
        s.bind(i++, plies.empty() ? static_cast<const void*>(&kEmpty) : plies.data(),
               static_cast<int>(plies.size()));
        s.bind(i++, gameId);
        if (s.exec() != 1) throw StorageError("no game with id " + std::to_string(gameId));
    });
}

std::vector<std::int64_t> AnalysisCache::gamesToReview(int maxEmpties, std::int64_t afterId,
                                                       std::size_t limit) {
    auto& s = impl_->statement(
        "SELECT g.id FROM games g WHERE g.id > ? AND NOT EXISTS (SELECT 1 FROM game_analysis a "
        "WHERE a.game_id = g.id AND a.empties >= ? AND a.solver_version = ? "
        "AND a.moves_key = g.moves_key) ORDER BY g.id LIMIT ?");
    s.bind(1, afterId);
    s.bind(2, maxEmpties);
    s.bind(3, analysis::kSolverVersion);
    s.bind(4, static_cast<std::int64_t>(limit));
    std::vector<std::int64_t> ids;
    while (s.executeStep()) ids.push_back(s.getColumn(0).getInt64());
    s.reset();
    return ids;
}

std::int64_t AnalysisCache::reviewedGames(int maxEmpties) {
    auto& s = impl_->statement(
        "SELECT count(*) FROM game_analysis a JOIN games g ON g.id = a.game_id "
        "WHERE a.empties >= ? AND a.solver_version = ? AND a.moves_key = g.moves_key");
    s.bind(1, maxEmpties);
    s.bind(2, analysis::kSolverVersion);
    s.executeStep();
    const std::int64_t n = s.getColumn(0).getInt64();
    s.reset();
    return n;
}

std::int64_t AnalysisCache::gameCount() {
    return impl_->db.execAndGet("SELECT count(*) FROM games").getInt64();
}

}  // namespace othello::storage
