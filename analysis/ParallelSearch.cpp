#include "ParallelSearch.h"

#include "Flips.h"

namespace othello::analysis {

ParallelSearch::ParallelSearch(SearchControl& control, int threads) : main_(control, true) {
    if (threads <= 1) return;
    main_.setPool(&pool_);
    for (int i = 1; i < threads; ++i) {
        helpers_.push_back(std::make_unique<EndgameSearch>(control, false));
        EndgameSearch* s = helpers_.back().get();
        s->setPool(&pool_);
        threads_.emplace_back([this, s] { workerLoop(s); });
    }
}

ParallelSearch::~ParallelSearch() {
    {
        std::lock_guard<std::mutex> lock(pool_.mutex);
        pool_.quit = true;
    }
    pool_.changed.notify_all();
    for (auto& t : threads_) t.join();
}

void ParallelSearch::flushNodes() {
    main_.flushNodes();
    for (auto& h : helpers_) h->flushNodes();
}

void ParallelSearch::workerLoop(EndgameSearch* search) {
    for (;;) {
        SplitJob* job = nullptr;
        {
            std::unique_lock<std::mutex> lock(pool_.mutex);
            pool_.idle.fetch_add(1);
            pool_.changed.wait(
                lock, [&] { return pool_.quit || (pool_.open && pool_.open->joinable()); });
            pool_.idle.fetch_sub(1);
            if (pool_.quit) return;
            job = pool_.open;
            ++job->workers;
        }
        search->helpJob(*job);
    }
}

// The split itself: EndgameSearch's side (it runs inside whichever thread searches the node).

void EndgameSearch::workOn(SplitJob& job) {
    for (;;) {
        const int i = job.next.fetch_add(1);
        if (i >= job.count || job.cutoff.load(std::memory_order_relaxed)) break;
        const OrderedMove& mv = job.moves[i];
        const int v = -nws(job.opponent ^ mv.flips, job.player ^ mv.flips ^ core::bit(mv.square),
                           -job.alpha - 1);
        {
            std::lock_guard<std::mutex> lock(job.resultMutex);
            if (v > job.best) {
                job.best = v;
                job.bestMove = mv.square;
            }
        }
        if (v > job.alpha) {
            job.cutoff.store(true);
            break;
        }
    }
}

void EndgameSearch::helpJob(SplitJob& job) {
    const SplitJob* saved = job_;
    job_ = &job;
    try {
        workOn(job);
    } catch (const Aborted&) {
        // A cut-off in the job (or above it), or the solve stops: the poster sorts it out.
    }
    job_ = saved;
    flushNodes();  // before leaving: once the job is over, the poster may read the count
    {
        std::lock_guard<std::mutex> lock(pool_->mutex);
        --job.workers;
    }
    pool_->changed.notify_all();
}

bool EndgameSearch::trySplit(Bitboard player, Bitboard opponent, int alpha,
                             const OrderedMove* moves, int count, int& best, int& bestMove) {
    SplitJob job;
    job.player = player;
    job.opponent = opponent;
    job.alpha = alpha;
    job.moves = moves;
    job.count = count;
    job.parent = job_;
    job.best = best;
    job.bestMove = bestMove;
    {
        std::lock_guard<std::mutex> lock(pool_->mutex);
        if (pool_->open || pool_->idle.load() == 0) return false;
        pool_->open = &job;
    }
    pool_->changed.notify_all();
    const SplitJob* saved = job_;
    job_ = &job;
    try {
        workOn(job);
    } catch (const Aborted&) {
        // Decided below, once the other participants have left.
    }
    {
        // Wait for the others; meanwhile help the jobs they post (all below this one).
        std::unique_lock<std::mutex> lock(pool_->mutex);
        if (pool_->open == &job) pool_->open = nullptr;
        while (job.workers > 1) {
            SplitJob* other = pool_->open;
            if (other && other->joinable() && other->descendsFrom(&job)) {
                ++other->workers;
                lock.unlock();
                helpJob(*other);
                lock.lock();
                continue;
            }
            pool_->idle.fetch_add(1);
            pool_->changed.wait(lock);
            pool_->idle.fetch_sub(1);
        }
    }
    job_ = saved;
    if (control_.stop.load(std::memory_order_relaxed) || (saved && saved->cutAbove()))
        throw Aborted{};
    best = job.best;
    bestMove = job.bestMove;
    return true;
}

}  // namespace othello::analysis
