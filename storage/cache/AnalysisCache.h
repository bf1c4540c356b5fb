#pragma once
// The archive's analysis tables: solved positions (by canonical position) and per-game endgame
// reviews. Schema 6 (storage/database/Schema.cpp) creates them in the archive file. The cache
// is the reviews' store (analysis/PositionStore.h): every review of the CLI, the viewer and the
// benches reads and keeps its positions through it (ReviewOptions::store).
//
// Positions (table analysis_positions)
// - One row per canonical position (the 8 symmetries of a position and its side to move share
//   it): the value, its kind (exact, win/loss/draw, bound, estimate), the best move, the depth
//   (the empties for solver results, the search depth for estimates), the engine, its version
//   and weights version, and, when known, every legal move's value. Squares are stored in the
//   canonical orientation and returned in the orientation of the position asked about (mapped
//   with core/Symmetry), so a game reaching the position under any rotation or reflection hits
//   the same row with correctly transformed moves.
// - Values are from the side to move's point of view, as analysis::Solver gives them.
// - Bounded: at most maxPositions() rows (meta.analysis_max_positions, default
//   kDefaultMaxAnalysisPositions; about 110 bytes a row with its index,
//   so some 110 MB at the default bound). Storing beyond the bound drops the
//   oldest rows first (a row re-stored with a better result counts as new).
// - Solver results carry analysis::kSolverVersion: a writable open by a program with another
//   solver version drops every solver row and every game review (a fixed solver may answer
//   differently); a read-only open ignores them.
// - A row is only replaced by a better result: exact with every move's value > exact >
//   win/loss/draw > bound > estimate; among estimates, one of another search version or
//   weights version is always replaced, else deeper is better, and at the same depth one with
//   more move values (a merge) is.
// - Estimates (engine Evaluation, analysis/GameReviewer.h): value and best move of the midgame
//   search at `depth`, engine_version analysis::kMidgameSearchVersion, weights_version
//   analysis::weightsVersionOf(the evaluator). Their `moves` hold the moves valued so far (the
//   best and the moves played there, or every legal move): allMoves only when that is every
//   legal move. dropOtherEstimates() drops, once per change, the estimates of any other search
//   or weights version (a retrained evaluation answers differently: they would never be used).
//
// Game reviews (table game_analysis, keyed by game id)
// - The exact part of the analysis::GameReview of a stored game (the moves judged by the
//   solver, at most maxEmpties empties: what `search --lost-discs` and `show` read). A whole-game
//   review's estimates are not kept here (the blob has no room to mark them and older programs
//   would read them as exact): they live in analysis_positions, so reviewing the game again
//   rebuilds the whole review from the cache without searching. A review with the game's
//   moves key: a review is dropped when its game is deleted or its moves change (triggers),
//   and ignored when written by another solver version.
// - Searchable: SearchFilter::lostDiscs (storage/Archive.h) finds games with a reviewed move
//   that lost at least N discs.
//
// Thread-safety and processes: an AnalysisCache is its own SQLite connection to the archive
// file (WAL): use one per thread. Reading never blocks and is never blocked by an import;
// writes are short transactions that wait for an import's batch to commit (at most
// `busyTimeoutMs` in all, then StorageError) and never take the import lock, so
// `analyze --all` runs beside imports and readers.
// Killing the process at any moment keeps every committed write.
//
// Errors: StorageError as Archive (unusable or newer database); writes on a read-only cache
// throw StorageError.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "analysis/GameReview.h"
#include "analysis/PositionStore.h"
#include "analysis/Solver.h"
#include "core/Position.h"
#include "storage/Archive.h"

namespace othello::storage {

inline constexpr std::int64_t kDefaultMaxAnalysisPositions = 1'000'000;

// Which program produced a cached value.
enum class AnalysisEngine : std::uint8_t {
    Solver = 0,      // analysis::Solver (version analysis::kSolverVersion, weights 0)
    Evaluation = 1,  // the midgame search (analysis::kMidgameSearchVersion) over an evaluation
};

// A cached position, in the orientation of the position asked about.
struct CachedPosition {
    int value = 0;  // side to move's point of view
    analysis::ValueKind kind = analysis::ValueKind::Exact;
    int lower = -64, upper = 64;
    int bestMove = core::kNoSquare;  // a square, core::kPass, or kNoSquare (game over)
    int depth = 0;                   // empties (solver), search depth (estimates)
    AnalysisEngine engine = AnalysisEngine::Solver;
    int engineVersion = 0;
    std::int64_t weightsVersion = 0;
    std::uint64_t nodes = 0;
    // allMoves: `moves` holds every legal move's value, best first (values from the side to
    // move's point of view before the move, as analysis::MoveValue; empty when the side to move
    // has no move). Otherwise only the position's value is known and `moves` is empty, except
    // for an estimate, whose `moves` may hold some moves' values (best first).
    bool allMoves = false;
    std::vector<analysis::MoveValue> moves;
    // As a SolveResult (complete when the kind is Exact or WinLossDraw; pv and timing empty).
    analysis::SolveResult toSolveResult(const core::Position& position) const;
};

// A stored game review and what it was made with.
struct StoredReview {
    std::int64_t gameId = 0;
    int solverVersion = 0;
    analysis::GameReview review;  // maxEmpties, moves (with best moves), summaries
};

class AnalysisCache final : public analysis::PositionStore {
  public:
    // Opens the archive at `path` (migrating it to schema 6 first when needed, as Archive
    // does; ReadWrite creates it). Throws StorageError like Archive's constructor.
    explicit AnalysisCache(const std::filesystem::path& path,
                           Archive::Mode mode = Archive::Mode::ReadWrite,
                           int busyTimeoutMs = 60000);
    ~AnalysisCache() override;
    AnalysisCache(const AnalysisCache&) = delete;
    AnalysisCache& operator=(const AnalysisCache&) = delete;
    AnalysisCache(AnalysisCache&&) noexcept;
    AnalysisCache& operator=(AnalysisCache&&) noexcept;

    bool readOnly() const;

    // ---- Positions ----
    // The cached row of `position` (any symmetry), moves mapped to its orientation; nullopt
    // when none (or only a stale solver version's).
    std::optional<CachedPosition> lookup(const core::Position& position);
    // Stores a solver result for `position` (incomplete results as Bound), unless the cache
    // holds a better one. Evicts the oldest rows beyond maxPositions().
    void store(const core::Position& position, const analysis::SolveResult& result);
    // Stores any engine's value (e.g. an estimate), with the same "better result wins" rule.
    void store(const core::Position& position, const CachedPosition& entry);

    // ---- The reviews' store (analysis/PositionStore.h) ----
    // exact(): an Exact row (with every move's value when `allMoves`), not a bound or an
    // estimate. estimate(): an estimate row of the midgame search (any version: the reviewer
    // checks). storeExact() is store(position, result), storeEstimate() an Evaluation row; both
    // are ignored on a read-only cache (a read-only archive is analysed all the same, without
    // keeping anything).
    std::optional<analysis::SolveResult> exact(const core::Position& position,
                                               bool allMoves) override;
    void storeExact(const core::Position& position, const analysis::SolveResult& result) override;
    std::optional<analysis::PositionEstimate> estimate(const core::Position& position) override;
    void storeEstimate(const core::Position& position,
                       const analysis::PositionEstimate& estimate) override;
    // Before a review with an evaluator of `weightsVersion` (analysis::weightsVersionOf):
    // drops the estimates of any other search or weights version, once per change (the
    // archive remembers the version last seen). Read-only: nothing. An endgame review has no
    // evaluator and drops nothing (it never calls this).
    void dropOtherEstimates(std::int64_t weightsVersion);
    // Estimate rows (of any version), for tests and `analyze` figures.
    std::int64_t estimateCount();

    std::int64_t positionCount();
    std::int64_t maxPositions();
    void setMaxPositions(std::int64_t rows);  // kept in the archive; evicts at once if needed
    void clearPositions();

    // ---- Game reviews ----
    // The review of stored game `id`, if it has one made by this solver version for the
    // game's current moves.
    std::optional<StoredReview> review(std::int64_t gameId);
    // Replaces the review of game `gameId` (which must exist) in one short transaction with
    // the review's exact moves (estimates are left out: see above). A review whose judged moves
    // are no longer the game's (its moves were edited meanwhile), or a cancelled one
    // (complete false), is not stored: the game stays to be reviewed.
    void storeReview(std::int64_t gameId, const analysis::GameReview& review);
    // Game ids after `afterId`, in id order, without a current review at `maxEmpties` or
    // deeper: what `analyze --all` still has to do.
    std::vector<std::int64_t> gamesToReview(int maxEmpties, std::int64_t afterId,
                                            std::size_t limit);
    // Games with a current review at `maxEmpties` or deeper.
    std::int64_t reviewedGames(int maxEmpties);
    std::int64_t gameCount();

    struct Impl;

  private:
    std::unique_ptr<Impl> impl_;
};

}  // namespace othello::storage
