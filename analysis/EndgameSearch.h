#pragma once
// One thread's exact endgame search: fail-soft null-window alpha-beta over (player, opponent)
// bitboards.
//
// Contract of nws(player, opponent, alpha): v is the true value (final disc difference from
// `player`'s side, empties to the winner). The result r satisfies: r > alpha implies v >= r;
// r <= alpha implies v <= r. Throws Aborted when SearchControl says stop (or when a split job it
// works for, or one above it, was cut off); nothing computed so far is then returned.
//
// The work is split by the number of empty squares:
// - >= kTableEmpties: transposition table, enhanced transposition and stability cut-offs, the
//   table's move first (searched before the others are ordered), then fastest-first move
//   ordering (MoveOrdering.h), and from 14 empties up an ordering by a 1-4 ply shallow search
//   over a mobility / potential mobility / corners evaluation, from 16 up by a 1-2 ply search
//   over the learned evaluation (EndgameSearch.cpp, EvalOrdering.h); from
//   kSplitEmpties up, the moves after the first are shared with idle threads (ParallelSearch);
// - fewer: no table, a stability cut-off from 4 empties when alpha is high, quadrant-parity
//   ordering, code of its own for each of the last 4 empties, the last empty solved by
//   counting flips in table lookups (LastEmpties.cpp, lastFlipCount in LastFlip.h);
// - the root (RootDriver.cpp): ordered, and each move's probes started, by estimates from the
//   learned evaluation (rootMoves, EvalOrdering.h).
#include <atomic>
#include <cstdint>

#include "SearchControl.h"
#include "core/Bitboard.h"

namespace othello::analysis {

using core::Bitboard;

inline constexpr int kTableEmpties = 8;

struct SplitJob;
struct SplitPool;

// Trivially constructible: the search declares an array of 32 at every node with a table, and
// zeroing it (1 KB) took 5% of nwsTable's own time. orderedMoves / rootMoves set every field.
struct OrderedMove {
    int square;
    Bitboard flips;
    int score;
    // The learned evaluation's estimate of the move in 1/kEvalUnitsPerDisc disc, from the mover's
    // side, when the ordering computed one (hasEstimate).
    int estimate;
    bool hasEstimate;
};

class EndgameSearch {
  public:
    EndgameSearch(SearchControl& control, bool isMain) : control_(control), isMain_(isMain) {}

    int nws(Bitboard player, Bitboard opponent, int alpha);

    // The legal moves of the position ordered best first (table move, then fastest-first or,
    // with many empties, a shallow search); returns their number (at most 32). `alpha`: the
    // null window the node tests, when known: the learned evaluation's search then only tells
    // apart the moves down to a few discs below it (the others are not tried early anyway).
    int orderedMoves(Bitboard player, Bitboard opponent, int tableMove, OrderedMove* out,
                     int alpha = -64);
    // The root's ordering: every move estimated by a search of up to 6 plies over the learned
    // evaluation (SearchControl::evaluator; without one, as orderedMoves), best estimate
    // first. The estimate nodes count in the node total.
    int rootMoves(Bitboard player, Bitboard opponent, OrderedMove* out);

    // The pool where this thread offers and takes split jobs (none: never splits).
    void setPool(SplitPool* pool) { pool_ = pool; }
    // Works on `job` (joined already) until its moves run out or it is cut, then leaves it.
    void helpJob(SplitJob& job);
    // Adds the nodes counted since the last flush to the shared count.
    void flushNodes();
    // Polls the budgets now (and calls the progress hook on the main thread).
    void poll();
    SearchControl& control() { return control_; }
    std::uint64_t& nodeCounter() { return nodes_; }

  private:
    int nwsTable(Bitboard player, Bitboard opponent, int alpha, int empties);
    int nwsShallow(Bitboard player, Bitboard opponent, int alpha, int empties, bool passed);
    // Offers moves[0..count) of the node to idle threads and searches them with them; false
    // (nothing searched) when no thread is idle. Updates best / bestMove.
    bool trySplit(Bitboard player, Bitboard opponent, int alpha, const OrderedMove* moves,
                  int count, int& best, int& bestMove);
    void workOn(SplitJob& job);
    bool cutAbove() const;
    // The last four empties, each with its own code (no move generation, no loops over the
    // empties): the squares are passed, ordered by quadrant parity; nws's contract.
    int solveLast1(Bitboard player, Bitboard opponent, int alpha, int square);
    int solveLast2(Bitboard player, Bitboard opponent, int alpha, int a, int b, bool passed);
    int solveLast3(Bitboard player, Bitboard opponent, int alpha, int x1, int x2, int x3,
                   bool passed);
    int solveLast4(Bitboard player, Bitboard opponent, int alpha, Bitboard empties, bool passed);
    void countNode() {
        ++nodes_;
        if (--untilPoll_ <= 0) poll();
    }

    SearchControl& control_;
    bool isMain_ = false;
    SplitPool* pool_ = nullptr;
    const SplitJob* job_ = nullptr;  // the split job this thread works for, if any
    std::uint64_t nodes_ = 0;        // counted, not yet flushed
    int untilPoll_ = kPollInterval;
    double lastHook_ = 0;
    static constexpr int kPollInterval = 4096;
};

}  // namespace othello::analysis
