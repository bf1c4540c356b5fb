#include "ParallelSearch.h"

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
    unsigned roundSeen = 0;
    for (;;) {
        SplitJob* job = nullptr;
        const std::function<void(EndgameSearch&)>* task = nullptr;
        {
            std::unique_lock<std::mutex> lock(pool_.mutex);
            auto newTask = [&] { return pool_.task && pool_.taskRound != roundSeen; };
            pool_.idle.fetch_add(1);
            pool_.changed.wait(lock, [&] {
                return pool_.quit || newTask() || (pool_.open && pool_.open->joinable());
            });
            pool_.idle.fetch_sub(1);
            if (pool_.quit) return;
            if (newTask()) {
                roundSeen = pool_.taskRound;
                task = pool_.task;
                ++pool_.taskBusy;
            } else {
                job = pool_.open;
                ++job->workers;
            }
        }
        if (task) {
            (*task)(*search);
            search->flushNodes();
            {
                std::lock_guard<std::mutex> lock(pool_.mutex);
                --pool_.taskBusy;
            }
            pool_.changed.notify_all();
        } else {
            search->helpJob(*job);
        }
    }
}

void ParallelSearch::runOnEveryThread(const std::function<void(EndgameSearch&)>& task) {
    if (helpers_.empty()) {
        task(main_);
        return;
    }
    {
        std::lock_guard<std::mutex> lock(pool_.mutex);
        pool_.task = &task;
        ++pool_.taskRound;
    }
    pool_.changed.notify_all();
    task(main_);
    main_.flushNodes();
    std::unique_lock<std::mutex> lock(pool_.mutex);
    // Withdraw the task (a worker not yet woken will not start it), then wait for the workers
    // inside it, helping the jobs they post.
    pool_.task = nullptr;
    while (pool_.taskBusy > 0) {
        SplitJob* other = pool_.open;
        if (other && other->joinable()) {
            ++other->workers;
            lock.unlock();
            main_.helpJob(*other);
            lock.lock();
            continue;
        }
        pool_.idle.fetch_add(1);
        pool_.changed.wait(lock);
        pool_.idle.fetch_sub(1);
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
