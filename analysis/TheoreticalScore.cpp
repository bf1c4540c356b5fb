// The theoretical score of a record: the solver at the record's stated depth.
#include "TheoreticalScore.h"

#include "core/Replay.h"

namespace othello::analysis {

TheoreticalSolve solveTheoretical(const core::Position& start, const std::vector<int>& moves,
                                  int depth, Solver& solver) {
    const core::ReplayResult game = core::replay(start, moves);
    TheoreticalSolve out;
    for (std::size_t i = 0; i < game.positions.size(); ++i) {
        const core::Position& p = game.positions[i];
        out.ply = static_cast<int>(i);
        out.empties = p.emptyCount();
        if (out.empties <= depth) {
            const SolveResult r = solver.solve(p);
            const int black = p.toMove() == core::Color::Black ? r.value : -r.value;
            out.status = TheoreticalSolve::Status::Solved;
            out.blackDiscs = blackDiscsOfDifference(black);
            return out;
        }
    }
    const core::Position& last = game.final();
    if (last.isGameOver()) {
        out.status = TheoreticalSolve::Status::FinalScore;
        out.blackDiscs = last.finalScore().black;
    }
    return out;
}

}  // namespace othello::analysis
