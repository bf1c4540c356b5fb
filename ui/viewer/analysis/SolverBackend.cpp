#include "analysis/SolverBackend.h"

#include <QObject>
#include <filesystem>

#include "archive/ArchiveBackend.h"
#include "storage/cache/AnalysisCache.h"

namespace othello::viewer {

struct SolverBackend::Impl {
    std::unique_ptr<analysis::Solver> solver;  // made on the first solve: its table is large
    std::unique_ptr<analysis::RulesSolver> rulesSolver;  // other rules: made on first use
    std::unique_ptr<storage::AnalysisCache> cache;
    // The midgame side, made on first use (evaluationError()).
    bool evaluationTried = false;
    QString evaluationError;
    std::shared_ptr<const analysis::Evaluation> evaluation;
    std::unique_ptr<analysis::MidgameSearch> search;
    std::unique_ptr<analysis::GameReviewer> reviewer;
    // Whether the cache is the reviews' store: decided on first use, once the estimates of
    // another evaluation are dropped (a busy archive: estimates are searched, not kept).
    bool storeTried = false;
    bool storeUsable = false;

    analysis::PositionStore* reviewStore() {
        if (!cache || !reviewer) return nullptr;
        if (!storeTried) {
            storeTried = true;
            try {
                cache->dropOtherEstimates(reviewer->weightsVersion());
                storeUsable = true;
            } catch (const std::exception&) {
                storeUsable = false;
            }
        }
        return storeUsable ? cache.get() : nullptr;
    }
};

SolverBackend::SolverBackend() : impl_(std::make_unique<Impl>()) {}
SolverBackend::~SolverBackend() = default;

QString SolverBackend::openCache(const QString& path) {
    closeCache();
    // Never create a file here: the archive connection decides whether `path` may be created.
    if (!std::filesystem::exists(path.toStdString())) return QObject::tr("no archive file");
    const bool writable = ArchiveBackend::writeProblem(path).isEmpty();
    try {
        impl_->cache = std::make_unique<storage::AnalysisCache>(
            path.toStdString(),
            writable ? storage::Archive::Mode::ReadWrite : storage::Archive::Mode::ReadOnly,
            // A store waiting for an import's batch must not hold up the next solve for long.
            2000);
    } catch (const std::exception& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

void SolverBackend::closeCache() {
    impl_->storeTried = false;
    impl_->storeUsable = false;
    impl_->cache.reset();
}

bool SolverBackend::hasCache() const {
    return impl_->cache != nullptr;
}

bool SolverBackend::cacheWritable() const {
    return impl_->cache && !impl_->cache->readOnly();
}

std::optional<analysis::SolveResult> SolverBackend::cached(const core::Position& position,
                                                           bool allMoves) {
    if (!impl_->cache) return std::nullopt;
    try {
        // Only proofs count: a bound or an estimate is solved again (with this budget).
        return impl_->cache->exact(position, allMoves);
    } catch (const std::exception&) {
        return std::nullopt;  // an unreadable cache is no cache: solve instead
    }
}

void SolverBackend::store(const core::Position& position, const analysis::SolveResult& result) {
    if (!cacheWritable() || result.stop == analysis::StopReason::Cancelled) return;
    try {
        impl_->cache->storeExact(position, result);
    } catch (const std::exception&) {
        // Busy, or read-only meanwhile: the value is still shown, only not kept.
    }
}

analysis::SolveResult SolverBackend::solve(const core::Position& position,
                                           const analysis::SolveOptions& options) {
    if (!impl_->solver) impl_->solver = std::make_unique<analysis::Solver>();
    return impl_->solver->solve(position, options);
}

analysis::SolveResult SolverBackend::solve(const core::Position& position,
                                           const core::Rules& rules,
                                           const analysis::SolveOptions& options) {
    if (!impl_->rulesSolver) impl_->rulesSolver = std::make_unique<analysis::RulesSolver>(64);
    return impl_->rulesSolver->solve(position, rules, options);
}

}  // namespace othello::viewer

namespace othello::viewer {

QString SolverBackend::evaluationError() {
    if (!impl_->evaluationTried) {
        impl_->evaluationTried = true;
        try {
            impl_->evaluation = analysis::Evaluation::standard();
            impl_->search = std::make_unique<analysis::MidgameSearch>(impl_->evaluation, 32);
            impl_->reviewer = std::make_unique<analysis::GameReviewer>(impl_->evaluation, 32, 16);
        } catch (const std::exception& e) {
            impl_->evaluationError = QString::fromStdString(e.what());
            impl_->evaluation.reset();
            impl_->search.reset();
            impl_->reviewer.reset();
        }
    }
    return impl_->evaluationError;
}

analysis::MidgameResult SolverBackend::search(const core::Position& position,
                                              const analysis::MidgameOptions& options) {
    if (!evaluationError().isEmpty()) return {};
    return impl_->search->search(position, options);
}

void SolverBackend::storeEstimate(const core::Position& position,
                                  const analysis::MidgameResult& result) {
    if (!cacheWritable() || result.stop == analysis::StopReason::Cancelled ||
        result.moves.empty() || result.depth < 1 || !evaluationError().isEmpty())
        return;
    analysis::PositionStore* store = impl_->reviewStore();
    if (!store) return;
    analysis::PositionEstimate e;
    e.value = result.value;
    e.bestMove = result.bestMove;
    e.depth = result.depth;
    e.weightsVersion = impl_->reviewer->weightsVersion();
    for (const analysis::MidgameMoveValue& m : result.moves) {
        analysis::MoveValue v;
        v.square = m.square;
        v.value = m.value;
        v.kind = m.kind;
        v.lower = m.kind == analysis::ValueKind::Exact ? m.value : -64;
        v.upper = m.kind == analysis::ValueKind::Exact ? m.value : 64;
        e.moves.push_back(v);
    }
    e.allMoves = true;
    try {
        store->storeEstimate(position, e);
    } catch (const std::exception&) {
        // Busy or read-only meanwhile: shown, not kept.
    }
}

analysis::PositionValues SolverBackend::review(const core::Position& position, int played,
                                               const analysis::ReviewOptions& options,
                                               bool* fromCache) {
    *fromCache = false;
    if (!evaluationError().isEmpty()) return {};
    analysis::ReviewStats stats;
    analysis::ReviewOptions through = options;
    through.store = impl_->reviewStore();
    try {
        analysis::PositionValues v =
            impl_->reviewer->valuePosition(position, played, through, stats);
        *fromCache = stats.searched == 0 && stats.solved == 0;
        return v;
    } catch (const std::exception&) {
        // The cache failed (busy, locked): value the position without it.
    }
    through.store = nullptr;
    return impl_->reviewer->valuePosition(position, played, through, stats);
}

}  // namespace othello::viewer
