#pragma once
// A plain negamax without pruning, for tests: the final disc difference for the side to move
// (empties to the winner). Slow and obviously right; only for positions with few empties.
#include <algorithm>

#include "core/Position.h"

namespace testing {

inline int minimax(const othello::core::Position& p) {
    using namespace othello;
    const core::Bitboard moves = p.legalMoves();
    if (!moves) {
        core::Position q = p;
        q.pass();
        if (!q.canMove()) {
            const core::Score s = p.finalScore();
            const int diff = s.black - s.white;
            return p.toMove() == core::Color::Black ? diff : -diff;
        }
        return -minimax(q);
    }
    int best = -65;
    for (core::Bitboard b = moves; b; b &= b - 1) {
        core::Position q = p;
        q.play(core::lowestSquare(b));
        best = std::max(best, -minimax(q));
    }
    return best;
}

// The value of every legal move of `p` (the side to move's view), by square.
inline std::vector<std::pair<int, int>> minimaxMoves(const othello::core::Position& p) {
    std::vector<std::pair<int, int>> out;
    for (othello::core::Bitboard b = p.legalMoves(); b; b &= b - 1) {
        othello::core::Position q = p;
        const int sq = othello::core::lowestSquare(b);
        q.play(sq);
        out.emplace_back(sq, -minimax(q));
    }
    return out;
}

}  // namespace testing
