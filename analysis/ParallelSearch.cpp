#include "ParallelSearch.h"

#include "Flips.h"

namespace othello::analysis {
namespace {

Bitboard nextPlayer(Bitboard, Bitboard opponent, const OrderedMove& m) {
    return opponent ^ m.flips;
}
Bitboard nextOpponent(Bitboard player, Bitboard, const OrderedMove& m) {
    return player ^ m.flips ^ core::bit(m.square);
}

}  // namespace

ParallelSearch::ParallelSearch(SearchControl& control, int threads)
    : control_(control), main_(control, true) {
    for (int i = 1; i < threads; ++i) {
        helpers_.push_back(std::make_unique<EndgameSearch>(control, false));
        EndgameSearch* s = helpers_.back().get();
        threads_.emplace_back([this, s] { workerLoop(s); });
    }
}

ParallelSearch::~ParallelSearch() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        quit_ = true;
    }
    wake_.notify_all();
    for (auto& t : threads_) t.join();
}

void ParallelSearch::flushNodes() {
    main_.flushNodes();
    for (auto& h : helpers_) h->flushNodes();
}

int ParallelSearch::nws(Bitboard player, Bitboard opponent, int alpha) {
    return splitNws(player, opponent, alpha, 64 - core::popcount(player | opponent));
}

void ParallelSearch::runJob(Job& job, EndgameSearch& search) {
    search.setAbortFlag(&job.cutoff);
    try {
        for (;;) {
            const int i = job.next.fetch_add(1);
            if (i >= job.count || job.cutoff.load(std::memory_order_relaxed)) break;
            const OrderedMove& mv = job.moves[i];
            const int v = -search.nws(nextPlayer(job.player, job.opponent, mv),
                                      nextOpponent(job.player, job.opponent, mv), -job.alpha - 1);
            job.results[i] = v;
            job.done[i] = true;
            if (v > job.alpha) job.cutoff.store(true);
        }
    } catch (const Aborted&) {
        // A sibling beat the window, or the whole solve stops: the caller tells which.
    }
    search.setAbortFlag(nullptr);
    search.flushNodes();
}

void ParallelSearch::workerLoop(EndgameSearch* search) {
    std::uint64_t seen = 0;
    for (;;) {
        Job* job = nullptr;
        {
            std::unique_lock<std::mutex> lock(mutex_);
            wake_.wait(lock, [&] { return quit_ || jobNumber_ != seen; });
            if (quit_) return;
            seen = jobNumber_;
            job = job_;
        }
        runJob(*job, *search);
        {
            std::lock_guard<std::mutex> lock(mutex_);
            if (--pending_ == 0) done_.notify_one();
        }
    }
}

void ParallelSearch::runShared(Job& job) {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        job_ = &job;
        ++jobNumber_;
        pending_ = static_cast<int>(helpers_.size());
    }
    wake_.notify_all();
    runJob(job, main_);
    {
        std::unique_lock<std::mutex> lock(mutex_);
        done_.wait(lock, [&] { return pending_ == 0; });
        job_ = nullptr;
    }
    if (control_.stop.load()) throw Aborted{};
}

int ParallelSearch::splitNws(Bitboard player, Bitboard opponent, int alpha, int empties) {
    if (helpers_.empty() || empties < kMinSplitEmpties) return main_.nws(player, opponent, alpha);
    ++main_.nodeCounter();
    const Bitboard moves = core::legalMoves(player, opponent);
    if (!moves) {
        if (!core::legalMoves(opponent, player)) return finalDifference(player, opponent);
        return -splitNws(opponent, player, -alpha - 1, empties);
    }
    TranspositionTable& table = control_.table;
    const std::uint64_t key = TranspositionTable::hash(player, opponent);
    TableEntry entry;
    int tableMove = -1;
    if (table.probe(key, entry)) {
        if (entry.lower > alpha) return entry.lower;
        if (entry.upper <= alpha) return entry.upper;
        tableMove = entry.bestMove;
    }
    OrderedMove list[32];
    const int n = main_.orderedMoves(player, opponent, tableMove, list);
    // The eldest brother alone (split again below it), then the others shared.
    int best = -splitNws(nextPlayer(player, opponent, list[0]),
                         nextOpponent(player, opponent, list[0]), -alpha - 1, empties - 1);
    int bestMove = list[0].square;
    if (best <= alpha && n > 1) {
        Job job;
        job.player = player;
        job.opponent = opponent;
        job.alpha = alpha;
        job.moves = list + 1;
        job.count = n - 1;
        runShared(job);
        for (int i = 0; i < job.count; ++i) {
            if (job.done[i] && job.results[i] > best) {
                best = job.results[i];
                bestMove = job.moves[i].square;
            }
        }
    }
    table.storeNullWindow(key, empties, alpha, best, bestMove);
    return best;
}

}  // namespace othello::analysis
