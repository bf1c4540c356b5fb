#include "EndgameSearch.h"

#include <algorithm>

#include "Flips.h"
#include "MoveOrdering.h"
#include "ParallelSearch.h"
#include "Stability.h"

namespace othello::analysis {
namespace {

// The stability cut-off costs a few hundred nanoseconds; it pays only when alpha is high
// enough that enough stable opponent discs are plausible.
// Enhanced transposition cut-offs cost a table probe per move: worth it only high in the tree.
constexpr int kEtcEmpties = 10;

inline bool tryStability(int alpha, int empties) {
    return alpha >= 2 * empties - 8;
}

// Deep nodes order their moves by a shallow search with a cheap static evaluation (mobility,
// potential mobility, corners) instead of the one-ply fastest-first score: a better first move
// there saves whole subtrees.
constexpr int kShallowOrderEmpties = 14;
// The shallow search's depth: deeper where the subtrees are larger (tuned on node counts).
inline int orderDepth(int empties) {
    return empties >= 20 ? 4 : empties >= 17 ? 3 : empties >= 15 ? 2 : 1;
}
// Weights of the static evaluation (mobility with corners counted twice, potential mobility,
// corners held) and of the shallow search's value against the fastest-first score. Tuned on
// FFO #20-#39 node counts: an X-square term and heavier/lighter weights measured worse.
constexpr int kMobilityWeight = 16, kPotentialWeight = 4, kCornerWeight = 64;
constexpr int kShallowWeight = 4;

// A static evaluation from the side to move's point of view, in arbitrary units.
inline int quickEval(Bitboard player, Bitboard opponent) {
    const Bitboard empties = ~(player | opponent);
    const Bitboard mine = legalMovesOf(player, opponent);
    const Bitboard theirs = legalMovesOf(opponent, player);
    const int mobility = core::popcount(mine) + core::popcount(mine & kCorners) -
                         core::popcount(theirs) - core::popcount(theirs & kCorners);
    const int potential =
        core::popcount(neighbours(opponent, empties)) - core::popcount(neighbours(player, empties));
    const int corners = core::popcount(player & kCorners) - core::popcount(opponent & kCorners);
    return mobility * kMobilityWeight + potential * kPotentialWeight + corners * kCornerWeight;
}

// Alpha-beta (fail-soft) to `depth` plies over quickEval; finished games score by the disc
// difference, far above any evaluation.
int shallowSearch(Bitboard player, Bitboard opponent, int depth, int alpha, int beta) {
    if (depth == 0) return quickEval(player, opponent);
    Bitboard moves = legalMovesOf(player, opponent);
    if (!moves) {
        if (!legalMovesOf(opponent, player)) return finalDifference(player, opponent) * 256;
        return -shallowSearch(opponent, player, depth, -beta, -alpha);
    }
    int best = -1000000;
    for (; moves; moves &= moves - 1) {
        const int sq = core::lowestSquare(moves);
        const Bitboard f = flipsAt(player, opponent, sq);
        const int v = -shallowSearch(opponent ^ f, player ^ f ^ core::bit(sq), depth - 1, -beta,
                                     -std::max(alpha, best));
        if (v > best) {
            best = v;
            if (v >= beta) break;
        }
    }
    return best;
}

}  // namespace

void EndgameSearch::flushNodes() {
    if (nodes_) {
        control_.nodes.fetch_add(nodes_, std::memory_order_relaxed);
        nodes_ = 0;
    }
}

void EndgameSearch::poll() {
    untilPoll_ = kPollInterval;
    flushNodes();
    SearchControl& c = control_;
    if (!c.stop.load(std::memory_order_relaxed)) {
        if (c.cancel && c.cancel->load(std::memory_order_relaxed)) {
            c.requestStop(StopReason::Cancelled);
        } else if (const std::uint64_t most = c.maxNodes.load(std::memory_order_relaxed);
                   most && c.nodes.load(std::memory_order_relaxed) >= most) {
            c.requestStop(StopReason::NodeBudget);
        } else if (const double limit = c.maxSeconds.load(std::memory_order_relaxed);
                   limit > 0 || (isMain_ && c.onPoll)) {
            const double s = c.seconds();
            if (limit > 0 && s >= limit) c.requestStop(StopReason::TimeBudget);
            if (isMain_ && c.onPoll && s - lastHook_ >= 0.05) {
                lastHook_ = s;
                c.onPoll();
            }
        }
    }
    if (c.stop.load(std::memory_order_relaxed)) throw Aborted{};
    if (cutAbove()) throw Aborted{};
}

bool EndgameSearch::cutAbove() const {
    return job_ && job_->cutAbove();
}

int EndgameSearch::nws(Bitboard player, Bitboard opponent, int alpha) {
    const int empties = 64 - core::popcount(player | opponent);
    if (empties >= kTableEmpties) return nwsTable(player, opponent, alpha, empties);
    if (empties == 0) {
        countNode();
        return finalDifference(player, opponent);
    }
    return nwsShallow(player, opponent, alpha, empties, false);
}

int EndgameSearch::orderedMoves(Bitboard player, Bitboard opponent, int tableMove,
                                OrderedMove* out) {
    const Bitboard odd = oddQuadrantSquares(~(player | opponent));
    const int empties = 64 - core::popcount(player | opponent);
    const int depth = empties >= kShallowOrderEmpties ? orderDepth(empties) : -1;
    int n = 0;
    for (Bitboard m = legalMovesOf(player, opponent); m; m &= m - 1) {
        const int sq = core::lowestSquare(m);
        const Bitboard f = flipsAt(player, opponent, sq);
        OrderedMove& mv = out[n++];
        mv.square = sq;
        mv.flips = f;
        const Bitboard nextPlayer = opponent ^ f, nextOpponent = player ^ f ^ core::bit(sq);
        if (sq == tableMove)
            mv.score = 1 << 30;
        else if (depth >= 0)
            mv.score = -shallowSearch(nextPlayer, nextOpponent, depth, -1000000, 1000000) *
                           kShallowWeight +
                       fastestFirstScore(nextPlayer, nextOpponent, sq, odd);
        else
            mv.score = fastestFirstScore(nextPlayer, nextOpponent, sq, odd);
    }
    // Insertion sort: a dozen moves at most, usually.
    for (int i = 1; i < n; ++i) {
        const OrderedMove x = out[i];
        int j = i;
        for (; j > 0 && out[j - 1].score < x.score; --j) out[j] = out[j - 1];
        out[j] = x;
    }
    return n;
}

int EndgameSearch::nwsTable(Bitboard player, Bitboard opponent, int alpha, int empties) {
    countNode();
    if (cutAbove()) throw Aborted{};
    TranspositionTable& table = control_.table;
    const std::uint64_t key = TranspositionTable::hash(player, opponent);
    table.prefetch(key);  // the bucket loads while the moves are generated
    const Bitboard moves = legalMovesOf(player, opponent);
    if (!moves) {
        if (!legalMovesOf(opponent, player)) return finalDifference(player, opponent);
        return -nwsTable(opponent, player, -alpha - 1, empties);
    }
    if (tryStability(alpha, empties)) {
        const int most = 64 - 2 * core::popcount(stableDiscs(opponent, player));
        if (most <= alpha) return most;
    }
    TableEntry entry;
    int tableMove = -1;
    if (table.probe(key, entry)) {
        if (entry.lower > alpha) return entry.lower;
        if (entry.upper <= alpha) return entry.upper;
        tableMove = entry.bestMove;
    }
    if (empties >= kEtcEmpties) {
        // Enhanced transposition cut-off: a child already proven bad enough for the opponent
        // cuts here without a search.
        // The children's buckets are all requested first: their cache misses overlap.
        std::uint64_t keys[32];
        int squares[32], count = 0;
        for (Bitboard m = moves; m; m &= m - 1) {
            const int sq = core::lowestSquare(m);
            const Bitboard f = flipsAt(player, opponent, sq);
            keys[count] = TranspositionTable::hash(opponent ^ f, player ^ f ^ core::bit(sq));
            table.prefetch(keys[count]);
            squares[count++] = sq;
        }
        for (int i = 0; i < count; ++i) {
            TableEntry child;
            if (table.probe(keys[i], child) && -child.upper > alpha) {
                table.store(key, empties, -child.upper, 64, squares[i]);
                return -child.upper;
            }
        }
    }
    auto child = [&](int sq, Bitboard f) {
        const Bitboard nextPlayer = opponent ^ f;
        const Bitboard nextOpponent = player ^ f ^ core::bit(sq);
        return empties - 1 >= kTableEmpties
                   ? -nwsTable(nextPlayer, nextOpponent, -alpha - 1, empties - 1)
                   : -nwsShallow(nextPlayer, nextOpponent, -alpha - 1, empties - 1, false);
    };
    int best = -65, bestMove = -1;
    // The table's move first, before the (costly) ordering of the others: it often cuts.
    if (tableMove >= 0 && (moves & core::bit(tableMove))) {
        best = child(tableMove, flipsAt(player, opponent, tableMove));
        bestMove = tableMove;
    } else {
        tableMove = -1;
    }
    if (best <= alpha) {
        OrderedMove list[32];
        const int n = orderedMoves(player, opponent, tableMove, list);
        for (int i = tableMove >= 0 ? 1 : 0; i < n; ++i) {
            // Young brothers wait: once one move failed to cut, the rest may be shared.
            if (i > 0 && pool_ && empties >= kSplitEmpties &&
                pool_->idle.load(std::memory_order_relaxed) > 0 &&
                trySplit(player, opponent, alpha, list + i, n - i, best, bestMove))
                break;
            const OrderedMove& mv = list[i];
            const int v = child(mv.square, mv.flips);
            if (v > best) {
                best = v;
                bestMove = mv.square;
                if (v > alpha) break;
            }
        }
    }
    table.storeNullWindow(key, empties, alpha, best, bestMove);
    return best;
}

}  // namespace othello::analysis
