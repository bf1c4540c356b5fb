#include "Perft.h"

namespace othello::core {
namespace {

std::uint64_t perftRec(Bitboard player, Bitboard opp, int depth, bool passed) {
    const Bitboard moves = legalMoves(player, opp);
    if (depth == 1) {
        // Bulk count: with no move, the pass (or the finished game) is one leaf.
        return moves ? static_cast<std::uint64_t>(popcount(moves)) : 1;
    }
    if (!moves) {
        if (passed) return 1;  // game over: one leaf
        return perftRec(opp, player, depth - 1, true);
    }
    std::uint64_t total = 0;
    for (Bitboard m = moves; m; m &= m - 1) {
        const int sq = lowestSquare(m);
        const Bitboard f = flips(player, opp, sq);
        total += perftRec(opp ^ f, player ^ f ^ bit(sq), depth - 1, false);
    }
    return total;
}

}  // namespace

std::uint64_t perft(const Position& p, int depth) {
    if (depth <= 0) return 1;
    return perftRec(p.player(), p.opponentDiscs(), depth, false);
}

}  // namespace othello::core
