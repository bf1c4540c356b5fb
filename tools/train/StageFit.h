#pragma once
// The least-squares fit of one stage's weights: minimise
//   sum over positions (label - sum of its features' weights)^2 + ridge * sum of weights^2
// by conjugate gradients preconditioned with each weight's count of positions (+ ridge). The
// ridge term pulls weights of configurations seen in few positions towards zero instead of
// letting them fit their few labels. Then `huberRounds` refits with Huber weights (a label
// further than huberDelta from the prediction counts as delta/|error|): the labels taken from
// another point of the game carry the players' mistakes since, a few of them far off, and the
// bench measures the mean absolute error, which a squared loss serves less well. The weights
// kept are those of the iteration (of any round) with the lowest mean absolute error on the
// validation positions (checked every few iterations).
#include <functional>
#include <string>
#include <vector>

#include "TrainingSet.h"

namespace othello::train {

struct FitOptions {
    int iterations = 60;
    double ridge = 3.0;
    int checkEvery = 5;
    // Training positions used: those with empties in [minEmpties, maxEmpties].
    int minEmpties = 0;
    int maxEmpties = 60;
    // Rounds of refitting with Huber weights (0: plain least squares) and Huber's threshold.
    int huberRounds = 2;
    double huberDelta = 4.0;
};

struct FitResult {
    std::vector<double> weights;  // in discs, PatternLayout::weightsPerStage()
    int bestIteration = 0;        // 1000 * Huber round + iteration
    double trainMae = 0;
    double validationMae = 0;       // the stage's validation positions
    double validationExactMae = 0;  // those of them with an exact label (0 when none)
    std::size_t validationExact = 0;
    std::size_t trainUsed = 0;
    double validationSlope = 1;  // least-squares scale of the predictions on validation labels
};

// With `prior`, the ridge term pulls each weight towards the prior's instead of towards zero
// (and the fit starts there): a stage fitted on its own few positions stays close to weights
// learned from a wider window of empties where its data says little.
// The iteration kept is the one with the lowest validation error on exact labels when the stage
// has at least kMinExactValidation of them (they measure what the evaluation is for: the true
// value), else on all of its validation positions.
inline constexpr std::size_t kMinExactValidation = 1000;
FitResult fitStage(const StageSet& set, const FitOptions& options,
                   const std::vector<double>* prior = nullptr);

// Mean absolute error of `weights` (discs) on `samples` (only those with an exact label when
// `onlyExact`); `units` > 0 rounds every weight to 1/units disc first, as the weights file
// stores them.
double meanAbsoluteError(const std::vector<Sample>& samples, const std::vector<double>& weights,
                         int units = 0, bool onlyExact = false);

}  // namespace othello::train
