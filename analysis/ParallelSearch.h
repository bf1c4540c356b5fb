#pragma once
// The solver's threads: a null-window search that uses every thread by splitting along the
// leftmost path (PV-split): at a node with enough empties, the first move is searched first
// (splitting again below it), then the remaining moves are shared by all threads through a
// counter; a move that cuts stops its siblings. Workers share the transposition table.
//
// Contract: nws has EndgameSearch::nws's contract. Only the owning thread calls them; the
// worker threads live as long as the object.
#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "EndgameSearch.h"

namespace othello::analysis {

// Below this many empties a node is searched by one thread: a split costs a wake-up.
inline constexpr int kMinSplitEmpties = 13;

class ParallelSearch {
  public:
    ParallelSearch(SearchControl& control, int threads);
    ~ParallelSearch();
    ParallelSearch(const ParallelSearch&) = delete;
    ParallelSearch& operator=(const ParallelSearch&) = delete;

    int nws(Bitboard player, Bitboard opponent, int alpha);
    EndgameSearch& main() { return main_; }
    // Adds every thread's uncounted nodes to the shared count (call when no job runs).
    void flushNodes();

  private:
    struct Job {
        Bitboard player = 0, opponent = 0;
        int alpha = 0;  // the null window tested: value > alpha ?
        const OrderedMove* moves = nullptr;
        int count = 0;
        std::atomic<int> next{0};
        std::atomic<bool> cutoff{false};
        // Per move, written by the thread that searched it, read after the join.
        int results[32] = {};
        bool done[32] = {};
    };

    int splitNws(Bitboard player, Bitboard opponent, int alpha, int empties);
    // Runs the null-window tests of `job` on every thread; throws Aborted if the solve stops.
    void runShared(Job& job);
    static void runJob(Job& job, EndgameSearch& search);
    void workerLoop(EndgameSearch* search);

    SearchControl& control_;
    EndgameSearch main_;
    std::vector<std::unique_ptr<EndgameSearch>> helpers_;
    std::vector<std::thread> threads_;
    std::mutex mutex_;
    std::condition_variable wake_, done_;
    Job* job_ = nullptr;
    std::uint64_t jobNumber_ = 0;
    int pending_ = 0;
    bool quit_ = false;
};

}  // namespace othello::analysis
