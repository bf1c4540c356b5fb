#pragma once
// The theoretical score of a game record (WTHOR's "score théorique"): Black's discs at the end
// of the game under perfect play from the position the game reaches with `depth` empty
// squares (empties to the winner, 64-disc scale).
//
// - The position is the first one of the replay with `depth` empties (a move always fills one
//   square, so a game going that deep reaches it; a pass right there changes nothing, the
//   solver plays it).
// - A game over with more than `depth` empties has its final score as its theoretical score
//   (nothing is left to play).
// - A record that stops earlier without the game being over (unfinished) has none.
#include <vector>

#include "Solver.h"
#include "core/Position.h"

namespace othello::analysis {

struct TheoreticalSolve {
    enum class Status {
        Solved,      // the position with `depth` empties was solved
        FinalScore,  // the game was over earlier: its final score
        NotReached,  // the record stops earlier, unfinished
    };
    Status status = Status::NotReached;
    int ply = 0;         // the ply of the position solved (or of the end)
    int empties = 0;     // its empty squares
    int blackDiscs = 0;  // Black's discs with perfect play (Solved, FinalScore)
};

TheoreticalSolve solveTheoretical(const core::Position& start, const std::vector<int>& moves,
                                  int depth, Solver& solver);

// Black's discs (64-disc scale, empties to the winner) for a disc difference from Black's
// point of view.
constexpr int blackDiscsOfDifference(int difference) {
    return (64 + difference) / 2;
}

}  // namespace othello::analysis
