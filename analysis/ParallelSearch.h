#pragma once
// The solver's threads: young-brothers-wait splitting anywhere in the tree. A node with enough
// empties whose first move did not cut, searched while another thread is idle, offers its
// remaining moves as a SplitJob: the idle threads join it and every participant takes the next
// move through a counter; a move that cuts stops the job (and, through the parent links, every
// job posted below it). A thread waiting for the others to finish its job helps the jobs they
// post meanwhile, so no thread waits while work below it remains. The threads share the
// transposition table.
//
// Contract: nws has EndgameSearch::nws's contract. Only the owning thread calls it; the worker
// threads live as long as the object.
#include <atomic>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "EndgameSearch.h"

namespace othello::analysis {

// Below this many empties at the root a solve uses one thread: a split costs a wake-up.
inline constexpr int kMinSplitEmpties = 13;
// Nodes with fewer empties are never split: their subtrees are too small to pay for it.
inline constexpr int kSplitEmpties = 12;

// The remaining moves of one node, shared by the threads that join.
struct SplitJob {
    Bitboard player = 0, opponent = 0;
    int alpha = 0;  // the null window tested: value > alpha ?
    const OrderedMove* moves = nullptr;
    int count = 0;
    const SplitJob* parent = nullptr;  // the job its poster works for: a cut there stops this
    std::atomic<int> next{0};
    std::atomic<bool> cutoff{false};
    int workers = 1;  // threads inside, the poster included (guarded by the pool's mutex)
    std::mutex resultMutex;
    int best = -65, bestMove = -1;  // guarded by resultMutex

    bool cutAbove() const {
        for (const SplitJob* j = this; j; j = j->parent)
            if (j->cutoff.load(std::memory_order_relaxed)) return true;
        return false;
    }
    bool descendsFrom(const SplitJob* ancestor) const {
        for (const SplitJob* j = this; j; j = j->parent)
            if (j == ancestor) return true;
        return false;
    }
    bool joinable() const {
        return next.load(std::memory_order_relaxed) < count &&
               !cutoff.load(std::memory_order_relaxed);
    }
};

// Where jobs are offered: one open job at a time, and the number of threads waiting for work;
// and the task every thread runs at once (ParallelSearch::runOnEveryThread), if any.
struct SplitPool {
    std::mutex mutex;
    std::condition_variable changed;  // an open job, a worker leaving a job or a task, or quit
    SplitJob* open = nullptr;
    std::atomic<int> idle{0};
    bool quit = false;
    const std::function<void(EndgameSearch&)>* task = nullptr;
    unsigned taskRound = 0;  // bumped for each task: a worker runs each one at most once
    int taskBusy = 0;        // workers inside the task
};

class ParallelSearch {
  public:
    ParallelSearch(SearchControl& control, int threads);
    ~ParallelSearch();
    ParallelSearch(const ParallelSearch&) = delete;
    ParallelSearch& operator=(const ParallelSearch&) = delete;

    int nws(Bitboard player, Bitboard opponent, int alpha) {
        return main_.nws(player, opponent, alpha);
    }
    EndgameSearch& main() { return main_; }
    // Runs task(search) on every thread at once, each with its own search, the caller's
    // thread with main(); returns once every thread's call has returned. A thread whose call
    // returned helps the others through the split jobs they post, so no core idles while work
    // remains. For work that splits cleanly at the root (the values of every root move: each
    // thread solves whole moves, taken from a shared counter). `task` must not throw; a worker
    // that wakes after the caller's call returned may not run it at all.
    void runOnEveryThread(const std::function<void(EndgameSearch&)>& task);
    int threads() const { return static_cast<int>(helpers_.size()) + 1; }
    // Adds every thread's uncounted nodes to the shared count (call when no job runs).
    void flushNodes();

  private:
    void workerLoop(EndgameSearch* search);

    SplitPool pool_;
    EndgameSearch main_;
    std::vector<std::unique_ptr<EndgameSearch>> helpers_;
    std::vector<std::thread> threads_;
};

}  // namespace othello::analysis
