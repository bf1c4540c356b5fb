#pragma once
// The least-squares fit of one stage's weights: minimise
//   sum over positions (label - sum of its features' weights)^2 + ridge * sum of weights^2
// by conjugate gradients preconditioned with each weight's count of positions (+ ridge). The
// ridge term pulls weights of configurations seen in few positions towards zero instead of
// letting them fit their few labels. The weights kept are those of the iteration with the
// lowest mean absolute error on the validation positions (checked every few iterations).
#include <functional>
#include <string>
#include <vector>

#include "TrainingSet.h"

namespace othello::train {

struct FitOptions {
    int iterations = 60;
    double ridge = 3.0;
    int checkEvery = 5;
};

struct FitResult {
    std::vector<double> weights;  // in discs, PatternLayout::weightsPerStage()
    int bestIteration = 0;
    double trainMae = 0;
    double validationMae = 0;
};

FitResult fitStage(const StageSet& set, const FitOptions& options);

// Mean absolute error of `weights` (discs) on `samples`; `units` > 0 rounds every weight to
// 1/units disc first, as the weights file stores them.
double meanAbsoluteError(const std::vector<Sample>& samples, const std::vector<double>& weights,
                         int units = 0);

}  // namespace othello::train
