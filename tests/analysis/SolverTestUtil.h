#pragma once
// Helpers of the solver tests: an obviously-right reference search and random endgame positions.
// (Minimax.h has a plain negamax without pruning; this one prunes, so that thousands of
// positions with 10 empties stay fast.)
#include <algorithm>
#include <random>
#include <vector>

#include "../core/TestBoards.h"
#include "core/Position.h"

namespace solvertest {

using namespace othello;
using core::Bitboard;

inline int finalDiff(Bitboard p, Bitboard o) {
    const int a = core::popcount(p), b = core::popcount(o), e = 64 - a - b;
    return a > b ? a - b + e : a < b ? a - b - e : 0;
}

// Plain negamax over core's own move kernels, with nothing but alpha-beta (full window at the
// root of each call): slow and obviously right. Value from `p`'s side.
inline int reference(Bitboard p, Bitboard o, int alpha = -65, int beta = 65, bool passed = false) {
    Bitboard moves = core::legalMoves(p, o);
    if (!moves) {
        if (passed) return finalDiff(p, o);
        return -reference(o, p, -beta, -alpha, true);
    }
    int best = -65;
    for (; moves; moves &= moves - 1) {
        const int sq = core::lowestSquare(moves);
        const Bitboard f = core::flips(p, o, sq);
        const int v = -reference(o ^ f, p ^ f ^ core::bit(sq), -beta, -std::max(alpha, best));
        best = std::max(best, v);
        if (best >= beta) break;
    }
    return best;
}

// The exact value of every legal move of (p, o) (or of the pass), by the reference search.
struct RefMove {
    int square;
    int value;
};
inline std::vector<RefMove> referenceMoves(Bitboard p, Bitboard o) {
    std::vector<RefMove> out;
    Bitboard moves = core::legalMoves(p, o);
    if (!moves) {
        if (core::legalMoves(o, p)) out.push_back({core::kPass, -reference(o, p, -65, 65, true)});
        return out;
    }
    for (; moves; moves &= moves - 1) {
        const int sq = core::lowestSquare(moves);
        const Bitboard f = core::flips(p, o, sq);
        out.push_back({sq, -reference(o ^ f, p ^ f ^ core::bit(sq))});
    }
    return out;
}

// A position reached by random legal moves from the start with `empties` empty squares (or
// the end of the game if it ends sooner).
inline core::Position randomPosition(std::mt19937_64& rng, int empties) {
    core::Position pos = core::Position::start();
    while (pos.emptyCount() > empties && !pos.isGameOver()) {
        const Bitboard legal = pos.legalMoves();
        if (!legal) {
            pos.pass();
            continue;
        }
        pos.play(testing::randomMove(legal, rng));
    }
    return pos;
}

}  // namespace solvertest
