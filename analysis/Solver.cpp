// The solver's driver: sequences of null-window searches that narrow proven bounds until a
// value is exact (or its sign known), so a stop at any moment leaves valid bounds. The best
// value: the first root move exactly, then one null window per other move ("better?"); every
// move's value: each move narrowed in turn; the root moves shared by the threads in both
// (ParallelSearch::runOnEveryThread). Win/loss/draw of the best move: the whole root probed
// around 0. The principal variation by verified descent. The search itself is in
// EndgameSearch / LastEmpties / ParallelSearch.
#include "Solver.h"

#include <algorithm>
#include <mutex>
#include <thread>

#include "EndgameSearch.h"
#include "EvalOrdering.h"
#include "Evaluation.h"
#include "Flips.h"
#include "ParallelSearch.h"
#include "TranspositionTable.h"

namespace othello::analysis {

namespace {

// Final values are even (64 discs in all once the empties go to the winner).
int roundUpEven(int v) {
    return v + (v & 1);
}
int roundDownEven(int v) {
    return v - (v & 1);
}

struct Bounds {
    int lower = -64, upper = 64;
    bool settled(bool wld) const {
        if (lower >= upper) return true;
        return wld && (lower > 0 || upper < 0 || (lower == 0 && upper == 0));
    }
};

// The gallop's next step after `run` probes in the same direction: the first guess is usually
// within a few discs of the value (an evaluation's estimate), so the step doubles only from the
// third probe on (2% fewer nodes than doubling at once on WTH_2021 at 22 empties).
int nextStep(int step, int run) {
    return run < 2 ? step : step * 2;
}

// Narrows `b` for (player, opponent) until settled: one principal-variation search with the
// window of what is not yet proven (exact mode), or null-window probes around 0 (win/loss/draw).
// Throws Aborted with `b` holding what was proven, the root moves finished included.
void narrow(EndgameSearch& search, Bitboard player, Bitboard opponent, Bounds& b, bool wld,
            int guess, const std::function<void()>& afterProbe) {
    int step = 2, lastDirection = 0, gallopDirection = 0, run = 0;
    bool bracketed = false;
    guess = roundUpEven(guess);
    while (!b.settled(wld)) {
        if (wld) {
            const int t = b.upper > 0 && b.lower <= 0 ? 0 : -1;  // the probe asks: value > t ?
            const int v = search.nws(player, opponent, t);
            if (v > t)
                b.lower = std::max(b.lower, roundUpEven(v));
            else
                b.upper = std::min(b.upper, roundDownEven(v));
        } else {
            // Ask "value >= guess" (guess even, in [lower + 2, upper]). Gallop away from the
            // first guess until the value is bracketed, then walk back one value at a time from
            // the bound the gallop had reached: the overshooting probe doubled the step, and
            // the value usually lies just past that bound. Probes far from the value are cheap,
            // those near it are not; bisecting the bracket landed near it more often (14% more
            // nodes on FFO #40-#49).
            if (bracketed) guess = gallopDirection == 1 ? b.lower + 2 : b.upper;
            guess = std::clamp(guess, b.lower + 2, b.upper);
            const int t = guess - 1;
            const int v = search.nws(player, opponent, t);
            if (v > t) {
                b.lower = std::max(b.lower, roundUpEven(v));
                if (lastDirection == -1 && !bracketed) {
                    bracketed = true;
                    gallopDirection = -1;
                }
                step = lastDirection == 1 ? nextStep(step, ++run) : (run = 0, 2);
                lastDirection = 1;
                guess = b.lower + step;
            } else {
                b.upper = std::min(b.upper, roundDownEven(v));
                if (lastDirection == 1 && !bracketed) {
                    bracketed = true;
                    gallopDirection = 1;
                }
                step = lastDirection == -1 ? nextStep(step, ++run) : (run = 0, 2);
                lastDirection = -1;
                guess = b.upper - step + 2;
            }
        }
        if (afterProbe) afterProbe();
    }
}

ValueKind settledKind(const Bounds& b, bool wld) {
    if (wld) return ValueKind::WinLossDraw;
    return b.lower == b.upper ? ValueKind::Exact : ValueKind::Bound;
}

// The value shown for bounds: exact, the sign (wld), or the proven side of a bound (the lower
// bound when something was proven above -64, else the upper bound).
int shownValue(const Bounds& b, ValueKind kind) {
    switch (kind) {
        case ValueKind::Exact:
            return b.lower;
        case ValueKind::WinLossDraw:
            return b.lower > 0 ? 1 : b.upper < 0 ? -1 : 0;
        default:
            return b.lower > -64 ? b.lower : b.upper;
    }
}

// The bounds reported for a win/loss/draw result: the matching range.
Bounds wldRange(const Bounds& b) {
    if (b.lower > 0) return {1, 64};
    if (b.upper < 0) return {-64, -1};
    return {0, 0};
}

}  // namespace

struct Solver::Impl {
    explicit Impl(std::size_t mb) : table(mb) {
        // The learned evaluation only orders moves: without its weights file the solver still
        // solves (ordered by the static mobility evaluation), only more slowly.
        try {
            evaluation = Evaluation::standard();
        } catch (const EvalWeightsError&) {
            evaluation = nullptr;
        }
    }
    TranspositionTable table;
    std::shared_ptr<const Evaluation> evaluation;
};

Solver::Solver(std::size_t tableMegabytes) : impl_(std::make_unique<Impl>(tableMegabytes)) {}
Solver::~Solver() = default;
void Solver::clearTable() {
    impl_->table.clear();
}

SolveResult Solver::solve(const core::Position& position, const SolveOptions& options) {
    SearchControl control(impl_->table);
    control.maxNodes = options.maxNodes;
    control.maxSeconds = options.maxSeconds;
    control.cancel = options.cancel;
    control.evaluator = impl_->evaluation.get();
    impl_->table.newSearch();

    SolveResult r;
    r.empties = position.emptyCount();
    const Bitboard player = position.player(), opponent = position.opponentDiscs();
    const bool wld = options.winLossDraw;
    const Bitboard legal = core::legalMoves(player, opponent);
    if (!legal && !core::legalMoves(opponent, player)) {
        r.complete = true;
        r.value = r.lower = r.upper = finalDifference(player, opponent);
        r.kind = ValueKind::Exact;
        return r;
    }

    int threads = options.threads > 0 ? options.threads
                                      : static_cast<int>(std::thread::hardware_concurrency());
    threads = std::clamp(threads, 1, 64);
    if (r.empties < kMinSplitEmpties) threads = 1;
    ParallelSearch search(control, threads);

    // Root moves: (square, position after it from the opponent's side).
    struct Root {
        int square;
        Bitboard next, nextOpponent;
        Bounds bounds;  // from the side to move at the root
        bool done = false;
        int guess = 0;  // where the probes start: the evaluation's estimate, even discs
        bool estimated = false;
    };
    std::vector<Root> roots;
    if (!legal) {
        roots.push_back({core::kPass, opponent, player, {}, false, 0, false});
    } else {
        OrderedMove list[32];
        const int n = search.main().rootMoves(player, opponent, list);
        for (int i = 0; i < n; ++i) {
            const OrderedMove& m = list[i];
            roots.push_back({m.square,
                             opponent ^ m.flips,
                             player ^ m.flips ^ core::bit(m.square),
                             {},
                             false,
                             m.hasEstimate ? estimateToEvenDiscs(m.estimate) : 0,
                             m.hasEstimate});
        }
    }

    Bounds rootBounds;
    int movesDone = 0, movesReported = 0;
    // Guards roots, rootBounds and movesDone while several threads solve root moves.
    std::mutex rootMutex;
    auto report = [&] {
        if (!options.onProgress) return;
        // Only this thread's count: the helpers may be searching (they flush on their own).
        search.main().flushNodes();
        SolveProgress p;
        p.empties = r.empties;
        p.nodes = control.nodes.load();
        p.seconds = control.seconds();
        p.movesTotal = static_cast<int>(roots.size());
        {
            std::lock_guard<std::mutex> lock(rootMutex);
            p.movesDone = movesReported = movesDone;
            p.lower = rootBounds.lower;
            p.upper = rootBounds.upper;
        }
        options.onProgress(p);
    };
    control.onPoll = report;

    bool stopped = false;
    // A root move's bounds from its child's (the caller holds rootMutex): solved, or cut short
    // by a stop (the solve then ends; what was proven stays).
    auto record = [&](Root& root, const Bounds& child, bool finished) {
        root.bounds = {-child.upper, -child.lower};
        if (!finished) {
            stopped = true;
            return;
        }
        root.done = true;
        ++movesDone;
        rootBounds.lower = std::max(rootBounds.lower, root.bounds.lower);
    };
    if (options.allMoves || roots.size() == 1) {
        // Every root move's value: the threads solve whole moves, each taking the next one in
        // order (a thread with none left helps the others through their split jobs). With
        // one thread, the moves in order.
        std::size_t nextRoot = 0;
        bool first = true;
        int previous = 0;
        // The evaluation errs by about the same amount on every move of a position: the
        // mean error on the moves solved so far corrects the next moves' estimates.
        int errorSum = 0, solved = 0;
        search.runOnEveryThread([&](EndgameSearch& s) {
            for (;;) {
                Root* root = nullptr;
                int guess = 0;
                {
                    std::lock_guard<std::mutex> lock(rootMutex);
                    if (stopped || nextRoot >= roots.size()) return;
                    root = &roots[nextRoot++];
                    // The child's bounds, from the opponent's side, then negated. The probes
                    // start at the move's corrected estimate (without an evaluation: the
                    // previous move's value).
                    guess = previous;
                    if (root->estimated) {
                        const int correction = solved ? errorSum / solved : 0;
                        guess = roundUpEven(std::clamp(root->guess + correction, -64, 64));
                    } else if (first) {
                        guess = root->guess;
                    }
                    first = false;
                }
                Bounds child;
                try {
                    narrow(s, root->next, root->nextOpponent, child, wld, -guess, nullptr);
                } catch (const Aborted&) {
                    std::lock_guard<std::mutex> lock(rootMutex);
                    record(*root, child, false);
                    return;
                }
                {
                    std::lock_guard<std::mutex> lock(rootMutex);
                    record(*root, child, true);
                    previous = root->bounds.lower;
                    if (root->estimated && !wld) {
                        errorSum += root->bounds.lower - root->guess;
                        ++solved;
                    }
                }
                // Progress comes from the calling thread only (the others' moves show in its
                // next report).
                if (&s == &search.main()) report();
            }
        });
        // The moves other threads finished last, in one report.
        if (movesReported != movesDone) report();
        if (!stopped) {
            rootBounds.upper = -64;
            for (const Root& root : roots)
                rootBounds.upper = std::max(rootBounds.upper, root.bounds.upper);
        }
    } else if (wld) {
        try {
            narrow(search.main(), player, opponent, rootBounds, wld, roots.front().guess, report);
        } catch (const Aborted&) {
            stopped = true;
        }
    } else {
        // The best value: the first move (the best estimate) exactly, then every other move
        // asked "better than the best so far?" with one null window, narrowed to its exact
        // value only when it is. (Probing the whole root around the estimate instead refutes
        // every move again at each probe above the value; with the principal variation's first
        // move taken from these results, 11% fewer nodes on WTH_2021 at 24 empties, 8 games,
        // one thread: 777 M against 872 M.) The other moves are shared by the threads like
        // the moves of all-moves mode.
        Root& firstRoot = roots.front();
        Bounds child;
        try {
            narrow(search.main(), firstRoot.next, firstRoot.nextOpponent, child, false,
                   -firstRoot.guess, nullptr);
        } catch (const Aborted&) {
            stopped = true;
        }
        {
            std::lock_guard<std::mutex> lock(rootMutex);
            record(firstRoot, child, !stopped);
        }
        std::size_t nextRoot = 1;
        if (!stopped) {
            search.runOnEveryThread([&](EndgameSearch& s) {
                for (;;) {
                    Root* root = nullptr;
                    int best = 0;
                    {
                        std::lock_guard<std::mutex> lock(rootMutex);
                        if (stopped || nextRoot >= roots.size()) return;
                        root = &roots[nextRoot++];
                        best = rootBounds.lower;
                    }
                    Bounds c;  // the child's bounds, from the opponent's side
                    try {
                        // The move is better than `best` when the child's value is below -best.
                        const int t = -best - 1;
                        const int v = s.nws(root->next, root->nextOpponent, t);
                        if (v > t) {
                            c.lower = roundUpEven(v);  // refuted: the move is at most -c.lower
                        } else {
                            c.upper = roundDownEven(v);
                            narrow(s, root->next, root->nextOpponent, c, false, -root->guess,
                                   nullptr);
                        }
                    } catch (const Aborted&) {
                        std::lock_guard<std::mutex> lock(rootMutex);
                        record(*root, c, false);
                        return;
                    }
                    {
                        std::lock_guard<std::mutex> lock(rootMutex);
                        record(*root, c, true);
                    }
                    if (&s == &search.main()) report();
                }
            });
        }
        rootBounds.upper = -64;
        for (const Root& root : roots)
            rootBounds.upper = std::max(rootBounds.upper, root.bounds.upper);
    }
    search.flushNodes();

    if (stopped && (options.allMoves || roots.size() == 1 || !wld)) {
        rootBounds.upper = -64;
        for (const Root& root : roots) {
            rootBounds.upper = std::max(rootBounds.upper, root.bounds.upper);
            rootBounds.lower = std::max(rootBounds.lower, root.bounds.lower);
        }
    }
    r.complete = !stopped;
    r.stop = r.complete ? StopReason::None : control.stopReason();
    ValueKind kind = r.complete ? settledKind(rootBounds, wld) : ValueKind::Bound;
    Bounds shown = kind == ValueKind::WinLossDraw ? wldRange(rootBounds) : rootBounds;
    r.kind = kind;
    r.value = shownValue(rootBounds, kind);
    r.lower = shown.lower;
    r.upper = shown.upper;

    if (options.allMoves) {
        for (const Root& root : roots) {
            MoveValue mv;
            mv.square = root.square;
            const ValueKind k = root.done ? settledKind(root.bounds, wld) : ValueKind::Bound;
            const Bounds b = k == ValueKind::WinLossDraw ? wldRange(root.bounds) : root.bounds;
            mv.kind = k;
            mv.value = shownValue(root.bounds, k);
            mv.lower = b.lower;
            mv.upper = b.upper;
            r.moves.push_back(mv);
        }
        std::stable_sort(r.moves.begin(), r.moves.end(),
                         [](const MoveValue& a, const MoveValue& b) {
                             return a.lower != b.lower ? a.lower > b.lower : a.upper > b.upper;
                         });
    }

    // Best move and principal variation: descend through moves proven to keep the value.
    if (r.complete) {
        try {
            Bitboard p = player, o = opponent;
            // In win/loss/draw mode, only the first move is verified (keeps the sign).
            int need = wld ? (rootBounds.lower > 0   ? 1
                              : rootBounds.upper < 0 ? -64
                                                     : 0)
                           : rootBounds.lower;
            // The value is proven: the budgets no longer apply to finding the best move (a
            // few null-window searches on a warm table); the rest of the line is best effort.
            int knownBest = -1;
            if (!wld) {
                for (const Root& root : roots) {
                    if (root.done && root.square != core::kPass &&
                        root.bounds.lower == root.bounds.upper &&
                        root.bounds.lower == rootBounds.lower) {
                        knownBest = root.square;
                        break;
                    }
                }
            }
            const std::uint64_t maxNodes = control.maxNodes.load();
            const double maxSeconds = control.maxSeconds.load();
            control.maxNodes = 0;
            control.maxSeconds = 0;
            for (int ply = 0; ply < 64; ++ply) {
                if (!r.pv.empty() && r.pv.back() != core::kPass) {
                    control.maxNodes = maxNodes;
                    control.maxSeconds = maxSeconds;
                }
                const Bitboard m = core::legalMoves(p, o);
                if (!m) {
                    if (!core::legalMoves(o, p)) break;
                    r.pv.push_back(core::kPass);
                    std::swap(p, o);
                    need = -need;
                    continue;
                }
                OrderedMove list[32];
                TableEntry e;
                // At the root, a move whose exact value is the position's comes first (its
                // check is a table hit); else the table's move.
                const int tableMove = ply == 0 && knownBest >= 0 ? knownBest
                                      : impl_->table.probe(TranspositionTable::hash(p, o), e)
                                          ? e.bestMove
                                          : -1;
                const int n = search.main().orderedMoves(p, o, tableMove, list);
                int chosen = -1;
                for (int i = 0; i < n && chosen < 0; ++i) {
                    const Bitboard np = o ^ list[i].flips;
                    const Bitboard no = p ^ list[i].flips ^ core::bit(list[i].square);
                    // The move keeps `need` when the child's value is <= -need.
                    if (need == -64 || search.main().nws(np, no, -need) <= -need) {
                        chosen = list[i].square;
                        p = np;
                        o = no;
                    }
                }
                if (chosen < 0) break;  // cannot happen with a proven value
                r.pv.push_back(chosen);
                need = -need;
                if (wld) break;
            }
        } catch (const Aborted&) {
            // Stopped while verifying the line: keep the part already proven.
        }
        search.flushNodes();
        if (!r.pv.empty()) r.bestMove = r.pv.front();
        if (r.bestMove == core::kNoSquare && !r.moves.empty()) r.bestMove = r.moves.front().square;
    } else if (options.allMoves && !r.moves.empty() && r.moves.front().lower > -64) {
        r.bestMove = r.moves.front().square;  // the best proven so far
    }
    if (r.complete && options.allMoves && r.bestMove >= 0) {
        // Keep `moves` best first with the PV's move first among equals.
        std::stable_partition(r.moves.begin(), r.moves.end(),
                              [&](const MoveValue& m) { return m.square == r.bestMove; });
    }
    r.nodes = control.nodes.load();
    r.seconds = control.seconds();
    return r;
}

}  // namespace othello::analysis
