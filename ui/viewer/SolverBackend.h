#pragma once
// The analysis side of the viewer's storage door: the exact solver (its transposition table
// kept from one position to the next) and the archive's cache of solved positions
// (storage/AnalysisCache.h). Belongs to the thread that created it (SolverThread's worker):
// the cache is a connection of its own and the solver is called from one thread at a time.
#include <QString>
#include <memory>
#include <optional>

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

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace othello::viewer
