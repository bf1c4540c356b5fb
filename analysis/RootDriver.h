#pragma once
// The solver's root: the stages of one solve, kept apart from the search they drive
// (EndgameSearch, LastEmpties, ParallelSearch), as Edax keeps root.c apart from endgame.c.
// Every stage is a sequence of null-window searches that narrow proven bounds until a value is
// exact (or its sign known), so a stop at any moment leaves valid bounds.
// - Best value (solveBestValue): the first root move exactly, then one null window per other
//   move ("better than the best so far?"), narrowed to its exact value only when it is.
// - Every move's value (solveEveryMove): each move narrowed in turn. Also the best value of a
//   position with one move (a pass included): nothing to compare it with.
// - Win/loss/draw (solveWinLossDraw): the whole root probed around 0.
// - Best line (finish): the principal variation by verified descent, once the value is proven.
// In the first two, the threads share the root moves (ParallelSearch::runOnEveryThread).
//
// Contract
// - One RootDriver per solve: Solver::solve makes it, runs one stage, then calls finish(),
//   which returns the SolveResult that Solver.h describes. The position is not a finished game
//   (Solver::solve scores those itself): it has one root move at least.
// - The budgets and the cancel flag of SolveOptions hold until the value is proven (the root
//   moves' ordering, at construction, counts in the nodes: EndgameSearch::rootMoves); the best
//   move is then found without them (a few null windows on a warm table), the rest of the line
//   with them.
#include <cstddef>
#include <mutex>
#include <vector>

#include "ParallelSearch.h"
#include "SearchControl.h"
#include "Solver.h"

namespace othello::analysis {

class RootDriver {
  public:
    // What is proven about a value: lower <= value <= upper. Final values are even (64 discs
    // in all once the empties go to the winner), so the bounds are kept even.
    struct Bounds {
        int lower = -64, upper = 64;
        // Nothing left to prove: the value is exact or, in win/loss/draw mode, its sign known.
        bool settled(bool wld) const {
            if (lower >= upper) return true;
            return wld && (lower > 0 || upper < 0 || (lower == 0 && upper == 0));
        }
    };

    // `table`: the solver's, kept between solves; `evaluator`: orders the root moves and
    // starts their probes (none: the static mobility ordering, probes from 0).
    RootDriver(TranspositionTable& table, const Evaluator* evaluator,
               const core::Position& position, const SolveOptions& options);

    int moveCount() const { return static_cast<int>(moves_.size()); }

    void solveBestValue();
    void solveEveryMove();
    void solveWinLossDraw();
    // The value and its kind, every move's value (allMoves), the best move and line.
    SolveResult finish();

  private:
    // A root move, best estimate first: the position after it (from the opponent's side),
    // what is proven about it (from the side to move at the root) and where its probes start.
    struct RootMove {
        int square;
        Bitboard next, nextOpponent;
        Bounds bounds;
        bool done = false;
        int guess = 0;  // the evaluation's estimate, even discs
        bool estimated = false;
    };

    // Where each move's probes start in solveEveryMove. The evaluation errs by about the same
    // amount on every move of a position: the mean error on the moves solved so far corrects
    // the next moves' estimates. Without an evaluation: the previous move's value.
    struct GuessCorrection {
        bool first = true;
        int previous = 0;
        int errorSum = 0, solved = 0;
        int guessFor(const RootMove& move);
        void learn(const RootMove& move, bool wld);
    };

    void listMoves();
    // One thread's share of the root moves: the next move in order until none is left or the
    // solve stops. `everyValue`: each move's value (solveEveryMove), else only whether it
    // beats the best so far (solveBestValue).
    void searchMovesInTurn(EndgameSearch& search, bool everyValue);
    // A root move's bounds from its child's (the caller holds mutex_): solved, or cut short by
    // a stop (the solve then ends; what was proven stays).
    void record(RootMove& move, const Bounds& child, bool finished);
    // The position's bounds from its moves' once a stage that searched them ends.
    void boundsFromMoves();
    void report();
    std::vector<MoveValue> moveValues() const;
    std::vector<int> bestLine();

    const SolveOptions& options_;
    const bool wld_;
    const int empties_;
    const Bitboard player_, opponent_;
    SearchControl control_;
    ParallelSearch search_;
    std::vector<RootMove> moves_;
    Bounds bounds_;  // the position's, from the side to move
    // Guards moves_, bounds_, the counts below, stopped_ and guesses_ while several threads
    // solve root moves.
    std::mutex mutex_;
    std::size_t nextMove_ = 0;  // the next root move a thread takes
    int movesDone_ = 0, movesReported_ = 0;
    bool stopped_ = false;
    GuessCorrection guesses_;
};

}  // namespace othello::analysis
