#include "SolverBackend.h"

#include <QObject>
#include <filesystem>

#include "ArchiveBackend.h"
#include "storage/AnalysisCache.h"

namespace othello::viewer {

struct SolverBackend::Impl {
    std::unique_ptr<analysis::Solver> solver;  // made on the first solve: its table is large
    std::unique_ptr<storage::AnalysisCache> cache;
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
        const std::optional<storage::CachedPosition> hit = impl_->cache->lookup(position);
        // Only proofs count: a bound or an estimate is solved again (with this budget).
        if (!hit || hit->kind != analysis::ValueKind::Exact) return std::nullopt;
        if (allMoves && !hit->allMoves) return std::nullopt;
        return hit->toSolveResult(position);
    } catch (const std::exception&) {
        return std::nullopt;  // an unreadable cache is no cache: solve instead
    }
}

void SolverBackend::store(const core::Position& position, const analysis::SolveResult& result) {
    if (!cacheWritable() || result.stop == analysis::StopReason::Cancelled) return;
    try {
        impl_->cache->store(position, result);
    } catch (const std::exception&) {
        // Busy, or read-only meanwhile: the value is still shown, only not kept.
    }
}

analysis::SolveResult SolverBackend::solve(const core::Position& position,
                                           const analysis::SolveOptions& options) {
    if (!impl_->solver) impl_->solver = std::make_unique<analysis::Solver>();
    return impl_->solver->solve(position, options);
}

}  // namespace othello::viewer
