// PROVISIONAL simple implementation (plain alpha-beta, no table): correct, slow. To be replaced
// by the real solver (transposition table, ordering, stability, threads).
#include "Solver.h"

#include <algorithm>
#include <chrono>

namespace othello::analysis {

using core::Bitboard;

const char* valueKindName(ValueKind kind) {
    switch (kind) {
    case ValueKind::Exact: return "exact";
    case ValueKind::WinLossDraw: return "wld";
    case ValueKind::Bound: return "bound";
    case ValueKind::Estimate: return "estimate";
    }
    return "?";
}

const char* stopReasonName(StopReason reason) {
    switch (reason) {
    case StopReason::None: return "none";
    case StopReason::NodeBudget: return "nodes";
    case StopReason::TimeBudget: return "time";
    case StopReason::Cancelled: return "cancelled";
    }
    return "?";
}

namespace {

int finalDiff(Bitboard p, Bitboard o) {
    const int a = core::popcount(p), b = core::popcount(o), e = 64 - a - b;
    if (a > b) return a - b + e;
    if (a < b) return a - b - e;
    return 0;
}

struct Plain {
    std::uint64_t nodes = 0;
    int search(Bitboard p, Bitboard o, int alpha, int beta, bool passed) {
        ++nodes;
        Bitboard moves = core::legalMoves(p, o);
        if (!moves) {
            if (passed) return finalDiff(p, o);
            if (!core::legalMoves(o, p)) return finalDiff(p, o);
            return -search(o, p, -beta, -alpha, true);
        }
        int best = -65;
        for (; moves; moves &= moves - 1) {
            const int sq = core::lowestSquare(moves);
            const Bitboard f = core::flips(p, o, sq);
            const int v = -search(o ^ f, p ^ f ^ core::bit(sq), -beta, -std::max(alpha, best), false);
            if (v > best) {
                best = v;
                if (best >= beta) break;
            }
        }
        return best;
    }
};

}  // namespace

struct Solver::Impl {};

Solver::Solver(std::size_t) : impl_(std::make_unique<Impl>()) {}
Solver::~Solver() = default;
void Solver::clearTable() {}

SolveResult Solver::solve(const core::Position& position, const SolveOptions& options) {
    const auto t0 = std::chrono::steady_clock::now();
    SolveResult r;
    r.empties = position.emptyCount();
    Plain plain;
    const Bitboard p = position.player(), o = position.opponentDiscs();
    Bitboard moves = core::legalMoves(p, o);
    if (!moves && !core::legalMoves(o, p)) {
        r.complete = true;
        r.value = r.lower = r.upper = finalDiff(p, o);
        return r;
    }
    std::vector<MoveValue> all;
    if (!moves) {
        const int v = -plain.search(o, p, -64, 64, true);
        all.push_back({core::kPass, v, ValueKind::Exact, v, v});
    }
    for (; moves; moves &= moves - 1) {
        const int sq = core::lowestSquare(moves);
        const Bitboard f = core::flips(p, o, sq);
        const int v = -plain.search(o ^ f, p ^ f ^ core::bit(sq), -64, 64, false);
        all.push_back({sq, v, ValueKind::Exact, v, v});
    }
    std::stable_sort(all.begin(), all.end(), [](auto& a, auto& b) { return a.value > b.value; });
    r.complete = true;
    r.value = r.lower = r.upper = all.front().value;
    r.bestMove = all.front().square;
    r.pv = {r.bestMove};
    if (options.allMoves) r.moves = all;
    r.nodes = plain.nodes;
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return r;
}

}  // namespace othello::analysis
