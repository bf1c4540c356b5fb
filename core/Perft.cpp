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

// The one-line rule: the same walk, one child per outflanked line. Leaves at depth 1 are the
// lines counted per square (bulk counting, as above).
std::uint64_t perftOneLine(Bitboard player, Bitboard opp, int depth, bool passed) {
    const Bitboard moves = legalMoves(player, opp);
    if (!moves) {
        if (depth == 1 || passed) return 1;  // the pass, or the finished game, is one leaf
        return perftOneLine(opp, player, depth - 1, true);
    }
    std::uint64_t total = 0;
    for (Bitboard m = moves; m; m &= m - 1) {
        const int sq = lowestSquare(m);
        LineFlip lines[8];
        const int n = lineFlips(player, opp, sq, lines);
        if (depth == 1) {
            total += static_cast<std::uint64_t>(n);
            continue;
        }
        for (int i = 0; i < n; ++i) {
            const Bitboard f = lines[i].discs;
            total += perftOneLine(opp ^ f, player ^ f ^ bit(sq), depth - 1, false);
        }
    }
    return total;
}

}  // namespace

std::uint64_t perft(const Position& p, int depth, const Rules& rules) {
    if (depth <= 0) return 1;
    if (inPlacements(p, rules)) {
        std::uint64_t total = 0;
        for (const RuleMove& m : ruleMoves(p, rules)) {
            Position q = p;
            playRuleMove(q, m);
            total += perft(q, depth - 1, rules);
        }
        return total;
    }
    if (rules.flipping == Flipping::AllLines) return perft(p, depth);
    return perftOneLine(p.player(), p.opponentDiscs(), depth, false);
}

std::uint64_t perft(const Position& p, int depth) {
    if (depth <= 0) return 1;
    return perftRec(p.player(), p.opponentDiscs(), depth, false);
}

}  // namespace othello::core
