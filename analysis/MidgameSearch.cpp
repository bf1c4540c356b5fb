// The midgame search: iterative deepening PVS over the evaluation (see MidgameSearch.h).
// Its table keeps depth-tagged bounds in evaluation units, unlike the solver's table of proven
// bounds, so the two are separate.
#include "MidgameSearch.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iterator>
#include <string>

#include "FinalScore.h"
#include "Flips.h"
#include "Mobility.h"
#include "MoveOrdering.h"
#include "SearchControl.h"
#include "Solver.h"
#include "TranspositionTable.h"

namespace othello::analysis {
namespace {

constexpr int kUnits = kEvalUnitsPerDisc;
constexpr int kInfinity = 65 * kUnits;

int roundToDiscs(int units) {
    return static_cast<int>(std::lround(static_cast<double>(units) / kUnits));
}

// CRC-32 (IEEE), bitwise: only used to name an evaluator.
std::uint32_t nameCrc(const std::string& text) {
    std::uint32_t crc = 0xFFFFFFFFu;
    for (const unsigned char c : text) {
        crc ^= c;
        for (int k = 0; k < 8; ++k) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    return ~crc;
}

// Two entries per bucket: the first kept for the deeper search, the second always replaced.
class MidgameTable {
  public:
    struct Entry {
        std::uint64_t key = 0;
        std::int16_t lower = -kInfinity, upper = kInfinity;
        std::int8_t depth = -1;
        std::int8_t move = -1;
        std::uint8_t generation = 0;
    };

    explicit MidgameTable(std::size_t megabytes) {
        std::size_t buckets = 1;
        while (buckets * 2 * 2 * sizeof(Entry) <= (std::max<std::size_t>(megabytes, 1) << 20))
            buckets *= 2;
        entries_.resize(buckets * 2);
        mask_ = buckets - 1;
    }
    const Entry* probe(std::uint64_t key) const {
        const Entry* b = &entries_[(key & mask_) * 2];
        if (b[0].key == key && b[0].depth >= 0) return &b[0];
        if (b[1].key == key && b[1].depth >= 0) return &b[1];
        return nullptr;
    }
    void store(std::uint64_t key, int depth, int lower, int upper, int move) {
        Entry* b = &entries_[(key & mask_) * 2];
        Entry* target;
        if (b[0].key == key)
            target = &b[0];
        else if (b[1].key == key)
            target = &b[1];
        else if (b[0].generation != generation_ || b[0].depth <= depth)
            target = &b[0];
        else
            target = &b[1];
        if (target->key == key && target->depth > depth) return;  // keep the deeper result
        if (move < 0 && target->key == key) move = target->move;
        *target = {key,
                   static_cast<std::int16_t>(lower),
                   static_cast<std::int16_t>(upper),
                   static_cast<std::int8_t>(depth),
                   static_cast<std::int8_t>(move),
                   generation_};
    }
    void newSearch() { ++generation_; }
    void clear() { std::fill(entries_.begin(), entries_.end(), Entry{}); }

  private:
    std::vector<Entry> entries_;
    std::size_t mask_ = 0;
    std::uint8_t generation_ = 1;
};

struct Move {
    int square;
    Bitboard flips;
    int score;
};

}  // namespace

struct MidgameSearch::Impl {
    Impl(const Evaluator& e, std::size_t mb) : eval(e), table(mb) {}

    const Evaluator& eval;
    MidgameTable table;
    std::unique_ptr<Solver> solver;  // made on the first handover

    // The running search.
    const MidgameOptions* options = nullptr;
    std::chrono::steady_clock::time_point start;
    std::uint64_t nodes = 0;
    int untilPoll = kMidgamePollInterval;
    double lastReport = 0;
    StopReason stopped = StopReason::None;
    bool budgeted = true;  // false: only cancel stops the search (minDepth, move values)
    MidgameProgress progress;
    // True values of root moves found by the iterations (by square), and their depth: the
    // last iteration searches the requested moves with an open window, so valueRootMoves()
    // need not search them again.
    int rootValue[64] = {};
    int rootValueDepth[64] = {};

    static bool wanted(const MidgameOptions& o, int square) {
        return o.allMoves ||
               std::find(o.valueMoves.begin(), o.valueMoves.end(), square) != o.valueMoves.end();
    }

    double seconds() const {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    }
    void report() {
        if (!options->onProgress) return;
        progress.nodes = nodes;
        progress.seconds = seconds();
        options->onProgress(progress);
    }
    void poll() {
        untilPoll = kMidgamePollInterval;
        const MidgameOptions& o = *options;
        if (o.cancel && o.cancel->load(std::memory_order_relaxed))
            stopped = StopReason::Cancelled;
        else if (budgeted && o.maxNodes && nodes >= o.maxNodes)
            stopped = StopReason::NodeBudget;
        const double t = seconds();
        if (stopped == StopReason::None && budgeted && o.maxSeconds > 0 && t >= o.maxSeconds)
            stopped = StopReason::TimeBudget;
        if (stopped != StopReason::None) throw Aborted{};
        if (t - lastReport >= 0.05) {
            lastReport = t;
            report();
        }
    }
    void countNode() {
        ++nodes;
        if (--untilPoll <= 0) poll();
    }

    // The legal moves, best first: the table's move, then by the evaluation after the move
    // (deeper nodes) or by the opponent's mobility (fastest first, next to the leaves).
    int orderMoves(Bitboard p, Bitboard o, Bitboard legal, int tableMove, int depth, Move* out) {
        int n = 0;
        for (Bitboard m = legal; m; m &= m - 1) {
            const int sq = core::lowestSquare(m);
            const Bitboard f = flipsAt(p, o, sq);
            const Bitboard np = o ^ f, no = p ^ f ^ core::bit(sq);
            int score;
            if (sq == tableMove)
                score = 1 << 30;
            else if (depth >= 3)
                score = -eval.evaluate(np, no);
            else
                score = fastestFirstScore(np, no, sq, 0);
            out[n++] = {sq, f, score};
        }
        for (int i = 1; i < n; ++i) {  // insertion sort: at most a few dozen moves
            const Move x = out[i];
            int j = i - 1;
            while (j >= 0 && out[j].score < x.score) {
                out[j + 1] = out[j];
                --j;
            }
            out[j + 1] = x;
        }
        return n;
    }

    // Fail-soft principal-variation search, values in evaluation units from p's side.
    int pvs(Bitboard p, Bitboard o, int alpha, int beta, int depth) {
        countNode();
        const Bitboard legal = legalMovesOf(p, o);
        if (!legal) {
            if (!legalMovesOf(o, p)) return finalDifference(p, o) * kUnits;
            return -pvs(o, p, -beta, -alpha, depth);  // a pass is not a ply
        }
        if (depth <= 0) return eval.evaluate(p, o);

        const std::uint64_t key = TranspositionTable::hash(p, o);
        int tableMove = -1;
        if (const auto* e = table.probe(key)) {
            tableMove = e->move;
            if (e->depth >= depth) {
                if (e->lower >= beta) return e->lower;
                if (e->upper <= alpha) return e->upper;
                if (e->lower == e->upper) return e->lower;
                alpha = std::max(alpha, static_cast<int>(e->lower));
                beta = std::min(beta, static_cast<int>(e->upper));
            }
        }
        Move moves[32];
        const int n = orderMoves(p, o, legal, tableMove, depth, moves);
        const int alpha0 = alpha;
        int best = -kInfinity, bestMove = -1;
        for (int i = 0; i < n; ++i) {
            const Move& m = moves[i];
            const Bitboard np = o ^ m.flips, no = p ^ m.flips ^ core::bit(m.square);
            int v;
            if (i == 0) {
                v = -pvs(np, no, -beta, -alpha, depth - 1);
            } else {
                v = -pvs(np, no, -alpha - 1, -alpha, depth - 1);
                if (v > alpha && v < beta) v = -pvs(np, no, -beta, -alpha, depth - 1);
            }
            if (v > best) {
                best = v;
                bestMove = m.square;
                if (v > alpha) alpha = v;
                if (v >= beta) break;
            }
        }
        if (best <= alpha0)
            table.store(key, depth, -kInfinity, best, bestMove);
        else if (best >= beta)
            table.store(key, depth, best, kInfinity, bestMove);
        else
            table.store(key, depth, best, best, bestMove);
        return best;
    }

    // The values of the requested root moves at the last finished depth r.depth: the best
    // move's is the iteration's (searched with an open window); the others get a full-window
    // search one ply shallower. Budgets off, cancel on (a cancel leaves r.moves empty).
    void valueRootMoves(MidgameResult& r, const MidgameOptions& o, Bitboard p, Bitboard opp,
                        const Move* roots, int n) {
        budgeted = false;
        // A budget may have stopped the iterations: that stop is the result's, not these
        // searches' (only a cancel stops them).
        const StopReason iterationsStop = stopped;
        stopped = StopReason::None;
        std::vector<MidgameMoveValue> values;
        try {
            for (int i = 0; i < n; ++i) {
                const Move& m = roots[i];
                if (!wanted(o, m.square)) continue;
                const Bitboard np = opp ^ m.flips, no = p ^ m.flips ^ core::bit(m.square);
                int v = r.valueUnits;
                if (m.square != r.bestMove)
                    v = rootValueDepth[m.square] == r.depth
                            ? rootValue[m.square]
                            : -pvs(np, no, -kInfinity, kInfinity, r.depth - 1);
                // A move ending the game has its final score: exact whatever the depth.
                const bool over = !legalMovesOf(np, no) && !legalMovesOf(no, np);
                values.push_back({m.square, roundToDiscs(v), v, over ? ValueKind::Exact : r.kind});
            }
        } catch (const Aborted&) {
            r.complete = false;
            r.stop = stopped;
            return;
        }
        stopped = iterationsStop;
        std::stable_sort(values.begin(), values.end(),
                         [](const MidgameMoveValue& a, const MidgameMoveValue& b) {
                             return a.valueUnits > b.valueUnits;
                         });
        if (!values.empty() && values.front().valueUnits > r.valueUnits) {
            // A search instability: the shallower search of a move beat the iteration's best.
            r.valueUnits = values.front().valueUnits;
            r.bestMove = values.front().square;
            r.pv = principalVariation(p, opp, r.bestMove, r.depth);
        }
        r.moves = std::move(values);
    }

    // The principal variation after `first` from the table.
    std::vector<int> principalVariation(Bitboard p, Bitboard o, int first, int length) {
        std::vector<int> pv{first};
        const Bitboard f = flipsAt(p, o, first);
        Bitboard np = o ^ f, no = p ^ f ^ core::bit(first);
        while (static_cast<int>(pv.size()) < length + 8) {
            const Bitboard legal = legalMovesOf(np, no);
            if (!legal) {
                if (!legalMovesOf(no, np)) break;
                pv.push_back(core::kPass);
                std::swap(np, no);
                continue;
            }
            const auto* e = table.probe(TranspositionTable::hash(np, no));
            if (!e || e->move < 0 || !(legal & core::bit(e->move))) break;
            const int sq = e->move;
            const Bitboard g = flipsAt(np, no, sq);
            const Bitboard next = no ^ g;
            no = np ^ g ^ core::bit(sq);
            np = next;
            pv.push_back(sq);
        }
        while (!pv.empty() && pv.back() == core::kPass) pv.pop_back();
        return pv;
    }
};

std::int64_t weightsVersionOf(const Evaluator& evaluator) {
    const std::int64_t v = nameCrc(evaluator.name());
    return v == 0 ? 1 : v;
}

MidgameSearch::MidgameSearch(std::shared_ptr<const Evaluator> evaluator, std::size_t tableMegabytes)
    : evaluator_(std::move(evaluator)),
      impl_(std::make_unique<Impl>(*evaluator_, tableMegabytes)) {}
MidgameSearch::~MidgameSearch() = default;

void MidgameSearch::clearTable() {
    impl_->table.clear();
}

MidgameResult MidgameSearch::evaluate(const core::Position& position) const {
    MidgameResult r;
    const Bitboard p = position.player(), o = position.opponentDiscs();
    r.empties = position.emptyCount();
    r.complete = true;
    if (!legalMovesOf(p, o) && !legalMovesOf(o, p)) {
        r.value = r.lower = r.upper = finalDifference(p, o);
        r.valueUnits = r.value * kUnits;
        r.kind = ValueKind::Exact;
        return r;
    }
    r.valueUnits = evaluator_->evaluate(p, o);
    r.value = roundToDiscs(r.valueUnits);
    r.kind = ValueKind::Estimate;
    return r;
}

MidgameResult MidgameSearch::search(const core::Position& position, const MidgameOptions& options) {
    MidgameResult r = evaluate(position);
    if (r.kind == ValueKind::Exact || options.depth <= 0) return r;
    Bitboard p = position.player(), o = position.opponentDiscs();
    const bool rootPass = !legalMovesOf(p, o);
    if (rootPass) std::swap(p, o);  // the opponent moves: search that, negate
    const int sign = rootPass ? -1 : 1;

    if (options.exactEmpties >= 0 && r.empties <= options.exactEmpties) {
        if (!impl_->solver) impl_->solver = std::make_unique<Solver>(64);
        SolveOptions so;
        so.maxNodes = options.maxNodes;
        so.maxSeconds = options.maxSeconds;
        so.cancel = options.cancel;
        so.threads = options.solverThreads;
        if (options.onProgress)
            so.onProgress = [&](const SolveProgress& sp) {
                MidgameProgress mp;
                mp.depth = sp.empties;
                mp.nodes = sp.nodes;
                mp.seconds = sp.seconds;
                mp.value = sp.lower > -64 ? sp.lower : sp.upper;
                options.onProgress(mp);
            };
        const SolveResult s = impl_->solver->solve(position, so);
        r.solved = true;
        r.complete = s.complete;
        r.stop = s.stop;
        r.kind = s.kind;
        r.value = s.value;
        r.valueUnits = s.value * kUnits;
        r.lower = s.lower;
        r.upper = s.upper;
        r.bestMove = s.bestMove;
        r.pv = s.pv;
        r.depth = r.empties;
        r.nodes = s.nodes;
        r.seconds = s.seconds;
        return r;
    }

    Impl& im = *impl_;
    im.options = &options;
    im.start = std::chrono::steady_clock::now();
    im.nodes = 0;
    im.untilPoll = kMidgamePollInterval;
    im.lastReport = 0;
    im.stopped = StopReason::None;
    im.budgeted = options.minDepth <= 0;
    im.progress = {};
    std::fill(std::begin(im.rootValueDepth), std::end(im.rootValueDepth), -1);
    im.table.newSearch();

    const Bitboard legal = legalMovesOf(p, o);
    Move roots[32];
    int n = im.orderMoves(p, o, legal, -1, 3, roots);
    r.bestMove = roots[0].square;  // until an iteration finishes
    const int lastDepth = std::min(options.depth, r.empties);
    try {
        for (int depth = 1; depth <= lastDepth; ++depth) {
            im.budgeted = depth > options.minDepth;
            im.progress.depth = depth;
            int alpha = -kInfinity, best = -kInfinity, bestIndex = 0;
            for (int i = 0; i < n; ++i) {
                const Move& m = roots[i];
                const Bitboard np = o ^ m.flips, no = p ^ m.flips ^ core::bit(m.square);
                // The last iteration gives the moves whose values were asked for an open
                // window: their true values (MidgameOptions::allMoves / valueMoves).
                const bool open = i == 0 || (depth == lastDepth && !rootPass &&
                                             (options.allMoves || !options.valueMoves.empty()) &&
                                             im.wanted(options, m.square));
                int v;
                if (open) {
                    v = -im.pvs(np, no, -kInfinity, kInfinity, depth - 1);
                    im.rootValue[m.square] = v;
                    im.rootValueDepth[m.square] = depth;
                } else {
                    v = -im.pvs(np, no, -alpha - 1, -alpha, depth - 1);
                    if (v > alpha) v = -im.pvs(np, no, -kInfinity, -alpha, depth - 1);
                }
                if (v > best) {
                    best = v;
                    bestIndex = i;
                    alpha = std::max(alpha, v);
                }
            }
            // The best move first for the next iteration, the others in their order.
            std::rotate(roots, roots + bestIndex, roots + bestIndex + 1);
            im.table.store(TranspositionTable::hash(p, o), depth, best, best, roots[0].square);
            r.depth = depth;
            r.valueUnits = sign * best;
            r.bestMove = roots[0].square;
            // Every line reached the end of the game: the value is proven.
            const bool exact = depth >= r.empties;
            r.kind = exact ? ValueKind::Exact : ValueKind::Estimate;
            im.progress.completedDepth = depth;
            im.progress.value = roundToDiscs(r.valueUnits);
            im.progress.bestMove = rootPass ? core::kPass : r.bestMove;
            r.pv = im.principalVariation(p, o, r.bestMove, depth);
            im.report();
            if (exact) break;
        }
        r.complete = true;
    } catch (const Aborted&) {
        r.complete = false;
        r.stop = im.stopped;
        if (r.depth == 0) r.pv = {r.bestMove};
    }
    if (!rootPass && r.depth > 0 && r.stop != StopReason::Cancelled &&
        (options.allMoves || !options.valueMoves.empty()))
        im.valueRootMoves(r, options, p, o, roots, n);
    if (rootPass) {
        r.pv.insert(r.pv.begin(), core::kPass);
        r.bestMove = core::kPass;
    }
    r.value = roundToDiscs(r.valueUnits);
    if (r.kind == ValueKind::Exact) {
        r.lower = r.upper = r.value;
        r.complete = true;
    } else {
        r.lower = -64;
        r.upper = 64;
    }
    r.nodes = im.nodes;
    r.seconds = im.seconds();
    return r;
}

}  // namespace othello::analysis
