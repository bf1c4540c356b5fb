// The stages of one solve (RootDriver.h): the probe sequence that narrows a value's bounds
// (narrow), the root moves shared by the threads, and the result with its best line.
#include "RootDriver.h"

#include <algorithm>
#include <thread>

#include "EvalOrdering.h"

namespace othello::analysis {

namespace {

using Bounds = RootDriver::Bounds;

int roundUpEven(int v) {
    return v + (v & 1);
}
int roundDownEven(int v) {
    return v - (v & 1);
}

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

// The threads of one solve: as asked (0: one per core), one below kMinSplitEmpties.
int threadCount(const SolveOptions& options, int empties) {
    int threads = options.threads > 0 ? options.threads
                                      : static_cast<int>(std::thread::hardware_concurrency());
    threads = std::clamp(threads, 1, 64);
    return empties < kMinSplitEmpties ? 1 : threads;
}

// The budgets, cancel flag and evaluator of one solve, set before the threads that share the
// control exist.
SearchControl& configured(SearchControl& control, const SolveOptions& options,
                          const Evaluator* evaluator) {
    control.maxNodes = options.maxNodes;
    control.maxSeconds = options.maxSeconds;
    control.cancel = options.cancel;
    control.evaluator = evaluator;
    return control;
}

}  // namespace

RootDriver::RootDriver(TranspositionTable& table, const Evaluator* evaluator,
                       const core::Position& position, const SolveOptions& options)
    : options_(options),
      wld_(options.winLossDraw),
      empties_(position.emptyCount()),
      player_(position.player()),
      opponent_(position.opponentDiscs()),
      control_(table),
      search_(configured(control_, options, evaluator), threadCount(options, empties_)) {
    listMoves();
    // After the ordering: progress reports start with the root moves known.
    control_.onPoll = [this] { report(); };
}

void RootDriver::listMoves() {
    if (!core::legalMoves(player_, opponent_)) {
        moves_.push_back({core::kPass, opponent_, player_, {}, false, 0, false});
        return;
    }
    OrderedMove list[32];
    const int n = search_.main().rootMoves(player_, opponent_, list);
    for (int i = 0; i < n; ++i) {
        const OrderedMove& m = list[i];
        moves_.push_back({m.square,
                          opponent_ ^ m.flips,
                          player_ ^ m.flips ^ core::bit(m.square),
                          {},
                          false,
                          m.hasEstimate ? estimateToEvenDiscs(m.estimate) : 0,
                          m.hasEstimate});
    }
}

// Not the whole root probed around the estimate (as solveWinLossDraw does): each probe above
// the value would refute every move again. The first move exactly, then one null window per
// other move, with the best line's first move taken from these results: 11% fewer nodes on
// WTH_2021 at 24 empties, 8 games, one thread (777 M against 872 M).
void RootDriver::solveBestValue() {
    RootMove& first = moves_.front();
    Bounds child;
    try {
        narrow(search_.main(), first.next, first.nextOpponent, child, false, -first.guess,
               nullptr);
    } catch (const Aborted&) {
        stopped_ = true;
    }
    {
        std::lock_guard<std::mutex> lock(mutex_);
        record(first, child, !stopped_);
    }
    nextMove_ = 1;
    if (!stopped_)
        search_.runOnEveryThread([this](EndgameSearch& s) { searchMovesInTurn(s, false); });
    boundsFromMoves();
}

// The threads solve whole moves, each taking the next one in order (a thread with none left
// helps the others through their split jobs). With one thread, the moves in order.
void RootDriver::solveEveryMove() {
    search_.runOnEveryThread([this](EndgameSearch& s) { searchMovesInTurn(s, true); });
    // The moves other threads finished last, in one report.
    if (movesReported_ != movesDone_) report();
    boundsFromMoves();
}

void RootDriver::solveWinLossDraw() {
    try {
        narrow(search_.main(), player_, opponent_, bounds_, true, moves_.front().guess,
               [this] { report(); });
    } catch (const Aborted&) {
        stopped_ = true;
    }
}

int RootDriver::GuessCorrection::guessFor(const RootMove& move) {
    int guess = previous;
    if (move.estimated) {
        const int correction = solved ? errorSum / solved : 0;
        guess = roundUpEven(std::clamp(move.guess + correction, -64, 64));
    } else if (first) {
        guess = move.guess;
    }
    first = false;
    return guess;
}

void RootDriver::GuessCorrection::learn(const RootMove& move, bool wld) {
    previous = move.bounds.lower;
    if (move.estimated && !wld) {
        errorSum += move.bounds.lower - move.guess;
        ++solved;
    }
}

void RootDriver::searchMovesInTurn(EndgameSearch& search, bool everyValue) {
    for (;;) {
        RootMove* move = nullptr;
        int guess = 0, best = 0;
        {
            std::lock_guard<std::mutex> lock(mutex_);
            if (stopped_ || nextMove_ >= moves_.size()) return;
            move = &moves_[nextMove_++];
            if (everyValue)
                guess = guesses_.guessFor(*move);
            else
                best = bounds_.lower;
        }
        Bounds child;  // from the opponent's side, negated by record()
        try {
            if (everyValue) {
                narrow(search, move->next, move->nextOpponent, child, wld_, -guess, nullptr);
            } else {
                // The move is better than `best` when the child's value is below -best.
                const int t = -best - 1;
                const int v = search.nws(move->next, move->nextOpponent, t);
                if (v > t) {
                    child.lower = roundUpEven(v);  // refuted: the move is at most -child.lower
                } else {
                    child.upper = roundDownEven(v);
                    narrow(search, move->next, move->nextOpponent, child, false, -move->guess,
                           nullptr);
                }
            }
        } catch (const Aborted&) {
            std::lock_guard<std::mutex> lock(mutex_);
            record(*move, child, false);
            return;
        }
        {
            std::lock_guard<std::mutex> lock(mutex_);
            record(*move, child, true);
            if (everyValue) guesses_.learn(*move, wld_);
        }
        // Progress comes from the calling thread only (the others' moves show in its next
        // report).
        if (&search == &search_.main()) report();
    }
}

void RootDriver::record(RootMove& move, const Bounds& child, bool finished) {
    move.bounds = {-child.upper, -child.lower};
    if (!finished) {
        stopped_ = true;
        return;
    }
    move.done = true;
    ++movesDone_;
    bounds_.lower = std::max(bounds_.lower, move.bounds.lower);
}

// The position is worth at most its best move's upper bound. Its lower bound is the best
// finished move's (record); after a stop, a move cut short counts too: its bounds are proven.
void RootDriver::boundsFromMoves() {
    bounds_.upper = -64;
    for (const RootMove& move : moves_) {
        bounds_.upper = std::max(bounds_.upper, move.bounds.upper);
        if (stopped_) bounds_.lower = std::max(bounds_.lower, move.bounds.lower);
    }
}

void RootDriver::report() {
    if (!options_.onProgress) return;
    // Only this thread's count: the helpers may be searching (they flush on their own).
    search_.main().flushNodes();
    SolveProgress p;
    p.empties = empties_;
    p.nodes = control_.nodes.load();
    p.seconds = control_.seconds();
    p.movesTotal = moveCount();
    {
        std::lock_guard<std::mutex> lock(mutex_);
        p.movesDone = movesReported_ = movesDone_;
        p.lower = bounds_.lower;
        p.upper = bounds_.upper;
    }
    options_.onProgress(p);
}

SolveResult RootDriver::finish() {
    search_.flushNodes();
    SolveResult r;
    r.empties = empties_;
    r.complete = !stopped_;
    r.stop = r.complete ? StopReason::None : control_.stopReason();
    const ValueKind kind = r.complete ? settledKind(bounds_, wld_) : ValueKind::Bound;
    const Bounds shown = kind == ValueKind::WinLossDraw ? wldRange(bounds_) : bounds_;
    r.kind = kind;
    r.value = shownValue(bounds_, kind);
    r.lower = shown.lower;
    r.upper = shown.upper;
    if (options_.allMoves) r.moves = moveValues();

    if (r.complete) {
        r.pv = bestLine();
        search_.flushNodes();
        if (!r.pv.empty()) r.bestMove = r.pv.front();
        if (r.bestMove == core::kNoSquare && !r.moves.empty()) r.bestMove = r.moves.front().square;
    } else if (options_.allMoves && !r.moves.empty() && r.moves.front().lower > -64) {
        r.bestMove = r.moves.front().square;  // the best proven so far
    }
    if (r.complete && options_.allMoves && r.bestMove >= 0) {
        // Keep `moves` best first with the best line's move first among equals.
        std::stable_partition(r.moves.begin(), r.moves.end(),
                              [&](const MoveValue& m) { return m.square == r.bestMove; });
    }
    r.nodes = control_.nodes.load();
    r.seconds = control_.seconds();
    return r;
}

// Every root move's value, best first: a move cut short by a stop shows its bounds.
std::vector<MoveValue> RootDriver::moveValues() const {
    std::vector<MoveValue> values;
    for (const RootMove& move : moves_) {
        MoveValue mv;
        mv.square = move.square;
        const ValueKind k = move.done ? settledKind(move.bounds, wld_) : ValueKind::Bound;
        const Bounds b = k == ValueKind::WinLossDraw ? wldRange(move.bounds) : move.bounds;
        mv.kind = k;
        mv.value = shownValue(move.bounds, k);
        mv.lower = b.lower;
        mv.upper = b.upper;
        values.push_back(mv);
    }
    std::stable_sort(values.begin(), values.end(), [](const MoveValue& a, const MoveValue& b) {
        return a.lower != b.lower ? a.lower > b.lower : a.upper > b.upper;
    });
    return values;
}

// The best line: from the position, at each ply the first move (in the search's order) proven
// to keep the value, until the game ends. A stop while verifying keeps the part already proven.
std::vector<int> RootDriver::bestLine() {
    std::vector<int> pv;
    try {
        Bitboard p = player_, o = opponent_;
        // In win/loss/draw mode, only the first move is verified (keeps the sign).
        int need = wld_ ? (bounds_.lower > 0 ? 1 : bounds_.upper < 0 ? -64 : 0) : bounds_.lower;
        // A root move whose exact value is the position's goes first (its check is a table
        // hit).
        int knownBest = -1;
        if (!wld_) {
            for (const RootMove& move : moves_) {
                if (move.done && move.square != core::kPass &&
                    move.bounds.lower == move.bounds.upper && move.bounds.lower == bounds_.lower) {
                    knownBest = move.square;
                    break;
                }
            }
        }
        // The value is proven: the budgets no longer apply to finding the best move (a few
        // null-window searches on a warm table); the rest of the line is best effort.
        const std::uint64_t maxNodes = control_.maxNodes.load();
        const double maxSeconds = control_.maxSeconds.load();
        control_.maxNodes = 0;
        control_.maxSeconds = 0;
        for (int ply = 0; ply < 64; ++ply) {
            if (!pv.empty() && pv.back() != core::kPass) {
                control_.maxNodes = maxNodes;
                control_.maxSeconds = maxSeconds;
            }
            const Bitboard m = core::legalMoves(p, o);
            if (!m) {
                if (!core::legalMoves(o, p)) break;
                pv.push_back(core::kPass);
                std::swap(p, o);
                need = -need;
                continue;
            }
            OrderedMove list[32];
            TableEntry e;
            // At the root, the known best move first; else the table's move.
            const int tableMove = ply == 0 && knownBest >= 0 ? knownBest
                                  : control_.table.probe(TranspositionTable::hash(p, o), e)
                                      ? e.bestMove
                                      : -1;
            const int n = search_.main().orderedMoves(p, o, tableMove, list);
            int chosen = -1;
            for (int i = 0; i < n && chosen < 0; ++i) {
                const Bitboard np = o ^ list[i].flips;
                const Bitboard no = p ^ list[i].flips ^ core::bit(list[i].square);
                // The move keeps `need` when the child's value is <= -need.
                if (need == -64 || search_.main().nws(np, no, -need) <= -need) {
                    chosen = list[i].square;
                    p = np;
                    o = no;
                }
            }
            if (chosen < 0) break;  // cannot happen with a proven value
            pv.push_back(chosen);
            need = -need;
            if (wld_) break;
        }
    } catch (const Aborted&) {
        // Stopped while verifying the line: keep the part already proven.
    }
    return pv;
}

}  // namespace othello::analysis
