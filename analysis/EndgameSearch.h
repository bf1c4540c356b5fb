#pragma once
// One thread's exact endgame search: fail-soft null-window alpha-beta over (player, opponent)
// bitboards.
//
// Contract of nws(player, opponent, alpha): v is the true value (final disc difference from
// `player`'s side, empties to the winner). The result r satisfies: r > alpha implies v >= r;
// r <= alpha implies v <= r. Throws Aborted when SearchControl says stop (or when the split
// point's cut-off flag given by setAbortFlag is set); nothing computed so far is then returned.
//
// The work is split by the number of empty squares:
// - >= kTableEmpties: transposition table, enhanced transposition and stability cut-offs, the
//   table's move first (searched before the others are ordered), then fastest-first move
//   ordering (MoveOrdering.h), and from 14 empties up an ordering by a 1-3 ply shallow search
//   over a mobility / potential mobility / corners evaluation (EndgameSearch.cpp);
// - fewer: no table, quadrant-parity ordering, the last empty solved by counting flips
//   (LastEmpties.cpp).
#include <atomic>
#include <cstdint>

#include "SearchControl.h"
#include "core/Bitboard.h"

namespace othello::analysis {

using core::Bitboard;

inline constexpr int kTableEmpties = 8;

struct OrderedMove {
    int square = 0;
    Bitboard flips = 0;
    int score = 0;
};

class EndgameSearch {
  public:
    EndgameSearch(SearchControl& control, bool isMain) : control_(control), isMain_(isMain) {}

    int nws(Bitboard player, Bitboard opponent, int alpha);

    // The legal moves of the position ordered best first (table move, then fastest-first or,
    // with many empties, a shallow search);
    // returns their number (at most 32).
    int orderedMoves(Bitboard player, Bitboard opponent, int tableMove, OrderedMove* out);

    // While set, a true flag makes the search throw Aborted (a sibling cut at a split point).
    void setAbortFlag(const std::atomic<bool>* flag) { abort_ = flag; }
    // Adds the nodes counted since the last flush to the shared count.
    void flushNodes();
    // Polls the budgets now (and calls the progress hook on the main thread).
    void poll();
    SearchControl& control() { return control_; }
    std::uint64_t& nodeCounter() { return nodes_; }

  private:
    int nwsTable(Bitboard player, Bitboard opponent, int alpha, int empties);
    int nwsShallow(Bitboard player, Bitboard opponent, int alpha, int empties, bool passed);
    int solveLast1(Bitboard player, Bitboard opponent, int square);
    int solveLast2(Bitboard player, Bitboard opponent, int alpha, Bitboard empties, bool passed);
    void countNode() {
        ++nodes_;
        if (--untilPoll_ <= 0) poll();
    }

    SearchControl& control_;
    bool isMain_ = false;
    const std::atomic<bool>* abort_ = nullptr;
    std::uint64_t nodes_ = 0;  // counted, not yet flushed
    int untilPoll_ = kPollInterval;
    double lastHook_ = 0;
    static constexpr int kPollInterval = 4096;
};

}  // namespace othello::analysis
