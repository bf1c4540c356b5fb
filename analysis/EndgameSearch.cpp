#include "EndgameSearch.h"

#include <algorithm>

#include "EvalOrdering.h"
#include "FinalScore.h"
#include "Flips.h"
#include "Mobility.h"
#include "MoveOrdering.h"
#include "Neighbours.h"
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

// Deep nodes order their moves by a shallow search instead of the one-ply fastest-first score:
// a better first move there saves whole subtrees. From kEvalOrderEmpties up, over the learned
// evaluation (EvalOrdering.h), when there is one; else, and below, from kShallowOrderEmpties
// up, over a cheap static evaluation (mobility, potential mobility, corners).
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
// The learned evaluation orders from 16 empties, 1 ply deep, 2 from 19; its
// estimate (in discs) is worth kEvalOrderWeight fastest-first units; the search's window stops
// at kEvalSortWindow discs below the node's alpha (moves worse than that are not told apart).
// Measured on WTH_2021 at 22 empties (20 games, total nodes, root estimates in all): from 16
// with weight 32, 362 M against 403 M with the static evaluation. (Before the stability cut-off
// of the last empties: from 14 with weight 32, 64, 128: 614, 670, 740 M; from 16 with 64: 616 M;
// static: 630 M.) 3 plies from 22 empties: 9% and 11% more nodes on FFO #45 and #49, and more
// time.
constexpr int kEvalOrderEmpties = 16;
inline int evalOrderDepth(int empties) {
    return empties >= 19 ? 2 : 1;
}
constexpr int kEvalOrderWeight = 32, kEvalSortWindow = 8;
// The root's moves are estimated by a search of up to this many plies over the learned
// evaluation (EvalOrdering.h): the best estimate is searched first and each estimate is where
// the move's null-window probes start. (WTH_2021 at 22 empties, 20 games, with the node
// ordering from 14 empties: 652, 670, 646 M nodes at 4, 6, 8 plies; without root estimates,
// 717 M with the static ordering alone.)
constexpr int kRootEstimateDepth = 6;

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

namespace {
void sortMoves(OrderedMove* out, int n) {
    // Insertion sort: a dozen moves at most, usually.
    for (int i = 1; i < n; ++i) {
        const OrderedMove x = out[i];
        int j = i;
        for (; j > 0 && out[j - 1].score < x.score; --j) out[j] = out[j - 1];
        out[j] = x;
    }
}
}  // namespace

int EndgameSearch::orderedMoves(Bitboard player, Bitboard opponent, int tableMove, OrderedMove* out,
                                int alpha) {
    const Bitboard odd = oddQuadrantSquares(~(player | opponent));
    const int empties = 64 - core::popcount(player | opponent);
    const Evaluator* evaluator = control_.evaluator;
    const bool byEval = evaluator && empties >= kEvalOrderEmpties;
    const int depth = byEval                            ? evalOrderDepth(empties)
                      : empties >= kShallowOrderEmpties ? orderDepth(empties)
                                                        : -1;
    // Fail-soft with a window: a move shown to be far below alpha stops there.
    const int sortBeta =
        alpha > -64 ? -(alpha - kEvalSortWindow) * kEvalUnitsPerDisc : kEvalInfinity;
    int n = 0;
    std::uint64_t evalNodes = 0;
    for (Bitboard m = legalMovesOf(player, opponent); m; m &= m - 1) {
        const int sq = core::lowestSquare(m);
        const Bitboard f = flipsAt(player, opponent, sq);
        OrderedMove& mv = out[n++];
        mv.square = sq;
        mv.flips = f;
        mv.estimate = 0;
        mv.hasEstimate = false;
        const Bitboard nextPlayer = opponent ^ f, nextOpponent = player ^ f ^ core::bit(sq);
        if (sq == tableMove) {
            mv.score = 1 << 30;
        } else if (byEval) {
            mv.estimate = -evalSearch(*evaluator, nextPlayer, nextOpponent, depth, -kEvalInfinity,
                                      sortBeta, evalNodes);
            mv.hasEstimate = true;
            mv.score = mv.estimate * kEvalOrderWeight / kEvalUnitsPerDisc +
                       fastestFirstScore(nextPlayer, nextOpponent, sq, odd);
        } else if (depth >= 0) {
            mv.score = -shallowSearch(nextPlayer, nextOpponent, depth, -1000000, 1000000) *
                           kShallowWeight +
                       fastestFirstScore(nextPlayer, nextOpponent, sq, odd);
        } else {
            mv.score = fastestFirstScore(nextPlayer, nextOpponent, sq, odd);
        }
    }
    if (evalNodes) {
        nodes_ += evalNodes;
        untilPoll_ -= static_cast<int>(evalNodes);
    }
    sortMoves(out, n);
    return n;
}

int EndgameSearch::rootMoves(Bitboard player, Bitboard opponent, OrderedMove* out) {
    const Evaluator* evaluator = control_.evaluator;
    const int empties = 64 - core::popcount(player | opponent);
    if (!evaluator) return orderedMoves(player, opponent, -1, out);
    // Deeper than inside the tree: a dozen searches for the whole solve. Not deeper than the
    // game (the evaluation would only be replaced by the same search's exact leaves).
    const int depth = std::min(kRootEstimateDepth, std::max(0, empties - 2));
    // Under a node budget the estimates take at most a small part of it (each ply costs about
    // four times the previous one): a tight budget is spent proving bounds, not estimating.
    const std::uint64_t budget = control_.maxNodes.load(std::memory_order_relaxed);
    const Bitboard odd = oddQuadrantSquares(~(player | opponent));
    int n = 0;
    for (Bitboard m = legalMovesOf(player, opponent); m; m &= m - 1) {
        const int sq = core::lowestSquare(m);
        OrderedMove& mv = out[n++];
        mv.square = sq;
        mv.flips = flipsAt(player, opponent, sq);
        mv.estimate = 0;
        mv.hasEstimate = false;
    }
    std::uint64_t evalNodes = 0;
    for (int d = 0; d <= depth; ++d) {
        if (budget && evalNodes * 4 > budget / 16) break;
        for (int i = 0; i < n; ++i) {
            OrderedMove& mv = out[i];
            const Bitboard nextPlayer = opponent ^ mv.flips,
                           nextOpponent = player ^ mv.flips ^ core::bit(mv.square);
            mv.estimate = -evalSearch(*evaluator, nextPlayer, nextOpponent, d, -kEvalInfinity,
                                      kEvalInfinity, evalNodes);
            mv.hasEstimate = true;
            // The estimate decides; fastest-first only breaks ties.
            mv.score =
                mv.estimate * 1024 + fastestFirstScore(nextPlayer, nextOpponent, mv.square, odd);
        }
    }
    nodes_ += evalNodes;
    untilPoll_ -= static_cast<int>(std::min<std::uint64_t>(evalNodes, 1 << 20));
    if (!out[0].hasEstimate) return orderedMoves(player, opponent, -1, out);
    sortMoves(out, n);
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
        const int n = orderedMoves(player, opponent, tableMove, list, alpha);
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
