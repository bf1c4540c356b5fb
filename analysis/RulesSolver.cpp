// The generic exact solver (RulesSolver.h): negamax alpha-beta, fail-soft, over the moves of
// core::ruleMoves (generated here into one reused buffer: the search makes no allocation per
// node), a transposition table of proven bounds (Othello's table, holding the index of the best
// move in generation order rather than a square: a line move is no square), fastest-first
// ordering near the root of the search.
#include "RulesSolver.h"

#include <algorithm>
#include <chrono>
#include <optional>
#include <utility>
#include <vector>

#include "TranspositionTable.h"

namespace othello::analysis {

using core::Bitboard;
using core::Position;

bool othelloAnalysisApplies(const core::Rules& rules) {
    return rules.flipping == core::Flipping::AllLines &&
           rules.scoring == core::Scoring::EmptiesToWinner &&
           rules.start != core::Start::Placements;
}

namespace {

// Thrown when a budget or the cancel flag stops the search; caught by solve().
struct Stopped {};

struct Move {
    int token = core::kPass;  // as core::ruleMoves names it
    int square = core::kPass;
    Bitboard flips = 0;
    int index = 0;  // its rank in generation order: what the table keeps (the ordering moves it)
    int order = 0;  // smaller first
};

// Below this many empties no table and no ordering: the subtrees are too small to pay for them.
constexpr int kTableEmpties = 5;
// The most moves one position can have: 64 squares, each outflanking at most 8 lines.
constexpr std::size_t kMaxMoves = 64 * 8;
// The table keeps a move index in one byte (TranspositionTable::pack): -1 beyond.
constexpr int kMaxStoredIndex = 254;

// The rules' final score of a finished game, from the side to move's view (core::finalScore:
// the one scoring function).
int finalValue(const Position& p, core::Scoring scoring) {
    const core::Score s = core::finalScore(p, scoring);
    const int diff = s.black - s.white;
    return p.toMove() == core::Color::Black ? diff : -diff;
}

class Search {
  public:
    Search(TranspositionTable& table, const core::Rules& rules, const SolveOptions& options)
        : table_(table), rules_(rules), options_(options), buffer_(kMaxMoves * 8) {}

    // The position's value (side to move's view) when it lies in (alpha, beta); else a bound
    // on the side of the window it fell (fail-soft).
    int value(const Position& p, int alpha, int beta) {
        if ((++nodes_ & 4095) == 0) poll();
        const std::size_t at = top_;
        const int n = generate(p, at);
        if (n == 0) return finalValue(p, rules_.scoring);
        if (buffer_[at].square == core::kPass) {
            Position q = p;
            q.pass();
            return -value(q, -beta, -alpha);
        }
        const int empties = p.emptyCount();
        const bool useTable = empties >= kTableEmpties;
        const std::uint64_t hash = TranspositionTable::hash(p.player(), p.opponentDiscs());
        int tableMove = -1;
        if (useTable) {
            TableEntry e;
            if (table_.probe(hash, e)) {
                if (e.lower >= beta || e.lower == e.upper) return e.lower;
                if (e.upper <= alpha) return e.upper;
                alpha = std::max(alpha, e.lower);
                beta = std::min(beta, e.upper);
                tableMove = e.bestMove;
            }
            order(p, at, n, tableMove);
        }
        top_ = at + static_cast<std::size_t>(n);
        int best = -65, bestIndex = -1;
        for (int i = 0; i < n; ++i) {
            const Move m = buffer_[at + static_cast<std::size_t>(i)];
            Position q = p;
            q.play(m.square, m.flips);
            const int v = -value(q, -beta, -std::max(alpha, best));
            if (v > best) {
                best = v;
                bestIndex = m.index;
                if (best >= beta) break;
            }
        }
        top_ = at;
        if (useTable) {
            const int stored = bestIndex <= kMaxStoredIndex ? bestIndex : -1;
            if (best >= beta)
                table_.store(hash, empties, best, 64, stored);
            else if (best <= alpha)
                table_.store(hash, empties, -64, best, stored);
            else
                table_.store(hash, empties, best, best, stored);
        }
        return best;
    }

    std::uint64_t nodes() const { return nodes_; }

  private:
    // Writes the moves of `p` at buffer_[at...] in core::ruleMoves's order and returns their
    // count: 0 when the game is over, one kPass move for a forced pass.
    int generate(const Position& p, std::size_t at) {
        if (buffer_.size() < at + kMaxMoves) buffer_.resize(at + kMaxMoves);
        int n = 0;
        const auto push = [&](int token, int square, Bitboard flips) {
            buffer_[at + static_cast<std::size_t>(n)] = Move{token, square, flips, n, 0};
            ++n;
        };
        if (core::inPlacements(p, rules_)) {
            for (Bitboard b = core::placementSquares(p, rules_); b; b &= b - 1)
                push(core::lowestSquare(b), core::lowestSquare(b), 0);
            return n;
        }
        const Bitboard player = p.player(), opponent = p.opponentDiscs();
        const Bitboard legal = core::legalMoves(player, opponent);
        if (!legal) {
            if (core::legalMoves(opponent, player)) push(core::kPass, core::kPass, 0);
            return n;
        }
        for (Bitboard b = legal; b; b &= b - 1) {
            const int sq = core::lowestSquare(b);
            if (rules_.flipping == core::Flipping::AllLines) {
                push(sq, sq, core::flips(player, opponent, sq));
                continue;
            }
            core::LineFlip lines[8];
            const int count = core::lineFlips(player, opponent, sq, lines);
            for (int i = 0; i < count; ++i)
                push(count > 1 ? core::lineMove(sq, lines[i].end) : sq, sq, lines[i].discs);
        }
        return n;
    }

    // The table's move first, then fastest first: fewest replies for the opponent, corners
    // before other squares.
    void order(const Position& p, std::size_t at, int n, int tableMove) {
        for (int i = 0; i < n; ++i) {
            Move& m = buffer_[at + static_cast<std::size_t>(i)];
            if (i == tableMove) {
                m.order = -1000;
                continue;
            }
            Position q = p;
            q.play(m.square, m.flips);
            m.order = core::popcount(q.legalMoves()) * 4 -
                      ((core::bit(m.square) & core::kCorners) ? 3 : 0);
        }
        std::stable_sort(buffer_.begin() + static_cast<std::ptrdiff_t>(at),
                         buffer_.begin() + static_cast<std::ptrdiff_t>(at) + n,
                         [](const Move& a, const Move& b) { return a.order < b.order; });
    }

    void poll() {
        if (options_.cancel && options_.cancel->load(std::memory_order_relaxed))
            why_ = StopReason::Cancelled;
        else if (options_.maxSeconds > 0 && seconds() >= options_.maxSeconds)
            why_ = StopReason::TimeBudget;
        else if (options_.maxNodes > 0 && nodes_ >= options_.maxNodes)
            why_ = StopReason::NodeBudget;
        if (why_ != StopReason::None) throw Stopped{};
    }

  public:
    StopReason stopReason() const { return why_; }
    double seconds() const {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    }

  private:
    TranspositionTable& table_;
    const core::Rules& rules_;
    const SolveOptions& options_;
    std::vector<Move> buffer_;
    std::size_t top_ = 0;
    std::uint64_t nodes_ = 0;
    StopReason why_ = StopReason::None;
    std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

// The root's moves, fastest first (fewest replies): a good first move narrows the window of
// the others (best-value mode).
std::vector<core::RuleMove> rootMoves(const Position& p, const core::Rules& rules) {
    std::vector<core::RuleMove> moves = core::ruleMoves(p, rules);
    std::vector<std::pair<int, core::RuleMove>> keyed;
    for (const core::RuleMove& m : moves) {
        Position q = p;
        core::playRuleMove(q, m);
        keyed.emplace_back(core::popcount(q.legalMoves()), m);
    }
    std::stable_sort(keyed.begin(), keyed.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    for (std::size_t i = 0; i < moves.size(); ++i) moves[i] = keyed[i].second;
    return moves;
}

// The best line from `p` of value `v`: at each ply the first move whose position has the
// opposite value, proven by a search of the window around it (the table makes it cheap). A
// budget stopping it leaves the line shorter.
std::vector<int> bestLine(Position p, int v, const core::Rules& rules, Search& search) {
    std::vector<int> pv;
    try {
        while (!core::isGameOver(p, rules)) {
            bool found = false;
            for (const core::RuleMove& m : core::ruleMoves(p, rules)) {
                Position q = p;
                core::playRuleMove(q, m);
                if (search.value(q, -v - 1, -v + 1) != -v) continue;
                pv.push_back(m.move);
                p = q;
                v = -v;
                found = true;
                break;
            }
            if (!found) break;  // cannot happen for an exact v; never loop
        }
    } catch (const Stopped&) {
    }
    return pv;
}

}  // namespace

struct RulesSolver::Impl {
    explicit Impl(std::size_t megabytes) : table(megabytes) {}
    TranspositionTable table;
    std::optional<core::Rules> rules;  // of the table's entries
};

RulesSolver::RulesSolver(std::size_t tableMegabytes)
    : impl_(std::make_unique<Impl>(tableMegabytes)) {}
RulesSolver::~RulesSolver() = default;

SolveResult RulesSolver::solve(const Position& position, const core::Rules& rules,
                               const SolveOptions& options) {
    if (impl_->rules != rules) {
        impl_->table.clear();
        impl_->rules = rules;
    }
    impl_->table.newSearch();
    SolveResult r;
    r.empties = position.emptyCount();
    if (core::isGameOver(position, rules)) {
        r.complete = true;
        r.value = r.lower = r.upper = finalValue(position, rules.scoring);
        return r;
    }
    Search search(impl_->table, rules, options);
    const std::vector<core::RuleMove> moves = rootMoves(position, rules);
    const bool every = options.allMoves || moves.size() == 1;
    int best = -65;
    try {
        for (const core::RuleMove& m : moves) {
            Position q = position;
            core::playRuleMove(q, m);
            // Every move: its exact value (full window); the best only: whether it beats the
            // best so far, exactly when it does.
            const int v = -search.value(q, -65, every ? 65 : -best);
            if (options.allMoves) r.moves.push_back(MoveValue{m.move, v, ValueKind::Exact, v, v});
            if (v > best) {
                best = v;
                r.bestMove = m.move;
            }
        }
        r.complete = true;
    } catch (const Stopped&) {
        r.stop = search.stopReason();
    }
    std::stable_sort(r.moves.begin(), r.moves.end(),
                     [](const MoveValue& a, const MoveValue& b) { return a.value > b.value; });
    if (r.complete) {
        r.kind = ValueKind::Exact;
        r.value = r.lower = r.upper = best;
        r.pv = bestLine(position, best, rules, search);
    } else {
        // What is proven: the best move solved so far is a lower bound, nothing more.
        r.kind = ValueKind::Bound;
        r.lower = best > -65 ? best : -64;
        r.upper = 64;
        r.value = best > -65 ? r.lower : r.upper;
        r.bestMove = core::kNoSquare;
    }
    r.nodes = search.nodes();
    r.seconds = search.seconds();
    return r;
}

}  // namespace othello::analysis
