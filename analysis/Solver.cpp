// The exact solver's front: it keeps the transposition table and the learned evaluation from
// one solve to the next, scores a finished game at once, and hands any other position to a
// RootDriver (RootDriver.h), which runs the stage the options ask for. The search itself is in
// EndgameSearch / LastEmpties / ParallelSearch.
#include "Solver.h"

#include "Evaluation.h"
#include "FinalScore.h"
#include "RootDriver.h"
#include "TranspositionTable.h"

namespace othello::analysis {

struct Solver::Impl {
    explicit Impl(std::size_t mb) : table(mb) {
        // The learned evaluation only orders moves: without its weights file the solver still
        // solves (ordered by the static mobility evaluation), only more slowly.
        try {
            evaluation = Evaluation::standard();
        } catch (const EvalWeightsError&) {
            evaluation = nullptr;
        }
    }
    TranspositionTable table;
    std::shared_ptr<const Evaluation> evaluation;
};

Solver::Solver(std::size_t tableMegabytes) : impl_(std::make_unique<Impl>(tableMegabytes)) {}
Solver::~Solver() = default;
void Solver::clearTable() {
    impl_->table.clear();
}

SolveResult Solver::solve(const core::Position& position, const SolveOptions& options) {
    // Every solve is a generation of the table, a finished game's included: the table replaces
    // an older solve's entries first.
    impl_->table.newSearch();
    const Bitboard player = position.player(), opponent = position.opponentDiscs();
    if (!core::legalMoves(player, opponent) && !core::legalMoves(opponent, player)) {
        SolveResult r;
        r.complete = true;
        r.empties = position.emptyCount();
        r.value = r.lower = r.upper = finalDifference(player, opponent);
        r.kind = ValueKind::Exact;
        return r;
    }
    RootDriver root(impl_->table, impl_->evaluation.get(), position, options);
    if (options.allMoves || root.moveCount() == 1)
        root.solveEveryMove();  // with one move (or a pass), its value is the best value
    else if (options.winLossDraw)
        root.solveWinLossDraw();
    else
        root.solveBestValue();
    return root.finish();  // the value, every move's (allMoves), the best move and line
}

}  // namespace othello::analysis
