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

// Where jobs are offered: one open job at a time, and the number of threads waiting for work.
struct SplitPool {
    std::mutex mutex;
    std::condition_variable changed;  // an open job, a worker leaving a job, or quit
    SplitJob* open = nullptr;
    std::atomic<int> idle{0};
    bool quit = false;
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
