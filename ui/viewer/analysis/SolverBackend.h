#pragma once
// The analysis side of the viewer's storage door: the exact solver (its transposition table
// kept from one position to the next), the midgame search over the learned evaluation (for the
// shown position, with its progress and principal variation), a game reviewer for the other
// positions of the line (analysis/GameReviewer.h), and the archive's cache of solved and
// estimated positions (storage/cache/AnalysisCache.h, the reviewer's store: estimates keyed on
// the search and weights versions, those of another evaluation dropped on first use with
// AnalysisCache::dropOtherEstimates), and the generic solver of other rules
// (analysis/RulesSolver.h; its values never go through the cache, which keys positions alone
// and holds Othello's). Belongs to the thread that created it
// (SolverThread's worker): the cache is a connection of its own and the engines are called
// from one thread at a time.
#include <QString>
#include <memory>
#include <optional>

#include "analysis/GameReviewer.h"
#include "analysis/MidgameSearch.h"
#include "analysis/RulesSolver.h"
#include "analysis/Solver.h"

namespace othello::viewer {

class SolverBackend {
  public:
    SolverBackend();
    ~SolverBackend();
    SolverBackend(const SolverBackend&) = delete;
    SolverBackend& operator=(const SolverBackend&) = delete;

    // Opens the analysis cache of the archive at `path`: read-write when the file and its
    // folder are writable (values solved here are stored), else read-only (lookups only).
    // Returns "" or why there is no cache (the solver works without one).
    QString openCache(const QString& path);
    void closeCache();
    bool hasCache() const;
    bool cacheWritable() const;

    // An exact value already solved for `position` (any symmetry), with every move's value
    // when `allMoves`; nullopt when the cache has none (or no cache is open).
    std::optional<analysis::SolveResult> cached(const core::Position& position, bool allMoves);
    // Keeps `result` (not a cancelled one) for later sessions when the cache is writable;
    // a failure to write (a busy or read-only archive) only skips the store.
    void store(const core::Position& position, const analysis::SolveResult& result);

    analysis::SolveResult solve(const core::Position& position,
                                const analysis::SolveOptions& options);
    // The generic solver under `rules` (its table kept while the rules stay the same); never
    // cached: call neither cached() nor store() for its positions.
    analysis::SolveResult solve(const core::Position& position, const core::Rules& rules,
                                const analysis::SolveOptions& options);

    // The learned evaluation (Evaluation::standard()), loaded on the first call: "" when it
    // is there, else why not (a missing or damaged weights file). Without it there are no
    // estimates; the exact solver still works.
    QString evaluationError();
    // The midgame search of `position` (evaluationError() must be ""); its table is kept.
    analysis::MidgameResult search(const core::Position& position,
                                   const analysis::MidgameOptions& options);
    // Keeps a search's estimate (every move's value) in the cache when it is writable, for the
    // reviews of other games and `othello-db analyze`. (The shown position is searched again
    // rather than read back: its principal variation, the "best line", is not cached.)
    void storeEstimate(const core::Position& position, const analysis::MidgameResult& result);
    // One position of a line as a review values it (GameReviewer::valuePosition): estimated
    // (or exact) value, best move and the value of `played`, through the cache.
    // `fromCache`: the cache answered (nothing searched).
    analysis::PositionValues review(const core::Position& position, int played,
                                    const analysis::ReviewOptions& options, bool* fromCache);

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace othello::viewer
