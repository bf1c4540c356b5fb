#pragma once
// The analysis panel's words: what the shown position's analysis is doing or found
// (AnalysisController::statusText) and how far the rest of the line is
// (AnalysisController::backgroundText). Pure functions of facts the controller gathers, so the
// controller keeps the scheduling and the models, and the wording lives here.
//
// Contract
// - Values are the side to move's (ValueRange::text / signedText); estimates carry "~" and
//   say "estimate"; a solve stopped by the time budget is a bound, never exact.
// - Text still in progress ends with "…"; the translation context is AnalysisController's.
// - Under rules Othello's analysis does not hold for (analysis::othelloAnalysisApplies false)
//   there is no estimate: beyond maxEmpties, and where the generic solver stopped at the
//   budget, the words say "estimates unavailable for these rules".
#include <QCoreApplication>
#include <QString>
#include <cstdint>
#include <optional>

#include "analysis/MidgameSearch.h"
#include "analysis/Solver.h"
#include "analysis/ValueRange.h"
#include "core/Position.h"
#include "core/Rules.h"

namespace othello::viewer {

// The shown position and what is known of it (the analysis on, a game shown, not editing).
struct ShownFacts {
    core::Position position;
    core::Rules rules;        // the game's (a finished game, estimates: see the contract)
    int maxEmpties = 24;      // exact values from this many empties
    int midgameDepth = 0;     // the midgame search's target depth
    QString evaluationError;  // why there are no estimates ("" none)
    // Above maxEmpties, when the side to move must pass: the estimate through the pass.
    std::optional<int> passEstimate;
    // Above maxEmpties: the midgame search's every-move estimate, once there is one.
    struct Estimate {
        int value = 0;
        int depth = 0;
        bool complete = true;  // false: the time budget stopped the deepening
    };
    std::optional<Estimate> estimate;
    // Up to maxEmpties: every move's value, once solved (exact or as far as the budget went).
    struct Solved {
        ValueRange value;
        bool fromCache = false;
    };
    std::optional<Solved> solved;
    bool running = false;  // the worker is on this position now
    analysis::MidgameProgress midgame;
    analysis::SolveProgress solve;
};

// The rest of the line: the jobs still pending for positions other than the shown one.
struct BackgroundFacts {
    int left = 0;     // pending
    int toSolve = 0;  // of them, solves (the others are estimates)
    // The pending job the worker is on, if any.
    struct Running {
        int ply = 0;
        int empties = 0;
        std::uint64_t nodes = 0;  // the solve's nodes so far (0: an estimate, or not known)
    };
    std::optional<Running> running;
    // With nothing left: the line's positions solved and estimated.
    int solved = 0;
    int estimated = 0;
    int maxEmpties = 24;
    int midgameDepth = 0;
};

class AnalysisStatus {
    Q_DECLARE_TR_FUNCTIONS(AnalysisController)

  public:
    // "Black to move: +4 with perfect play (exact, 12 empties)." and the like.
    static QString shown(const ShownFacts& facts);
    // "Rest of the line: 12 positions to solve, now ply 40 (20 empties, 3 M nodes)…"; "" when
    // nothing was or is being analysed there.
    static QString background(const BackgroundFacts& facts);
    // "830 nodes", "12 k nodes", "1.5 M nodes", "12 M nodes".
    static QString nodesText(std::uint64_t nodes);
};

}  // namespace othello::viewer
