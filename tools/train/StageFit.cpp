#include "StageFit.h"

#include <cmath>

namespace othello::train {
namespace {

using analysis::PatternLayout;

constexpr int kMaxFeatures = analysis::FeatureList::kMax;

double predict(const Sample& s, const std::vector<double>& w, const PatternLayout& layout) {
    std::uint32_t idx[kMaxFeatures];
    const int n = sampleIndices(s, layout, idx);
    double sum = 0;
    for (int k = 0; k < n; ++k) sum += w[idx[k]];
    return sum;
}

double dot(const std::vector<double>& a, const std::vector<double>& b) {
    double s = 0;
    for (std::size_t i = 0; i < a.size(); ++i) s += a[i] * b[i];
    return s;
}

}  // namespace

double meanAbsoluteError(const std::vector<Sample>& samples, const std::vector<double>& weights,
                         int units, bool onlyExact) {
    const PatternLayout& layout = PatternLayout::get();
    std::vector<double> w = weights;
    if (units > 0)
        for (double& v : w) v = std::round(v * units) / units;
    double sum = 0;
    std::size_t n = 0;
    for (const Sample& s : samples) {
        if (onlyExact && !s.exact) continue;
        sum += std::abs(s.label - predict(s, w, layout));
        ++n;
    }
    return n == 0 ? 0 : sum / static_cast<double>(n);
}

FitResult fitStage(const StageSet& set, const FitOptions& options,
                   const std::vector<double>* prior) {
    const PatternLayout& layout = PatternLayout::get();
    const auto size = static_cast<std::size_t>(layout.weightsPerStage());
    const double ridge = options.ridge;
    FitResult result;
    std::vector<double> w(size, 0.0);
    std::uint32_t idx[kMaxFeatures];
    // The training positions within the options' empties, each with its weight.
    std::vector<const Sample*> train;
    for (const Sample& s : set.train)
        if (s.empties >= options.minEmpties && s.empties <= options.maxEmpties) train.push_back(&s);
    std::vector<double> weight(train.size());
    for (std::size_t i = 0; i < train.size(); ++i) weight[i] = train[i]->weight;
    result.trainUsed = train.size();
    for (const Sample& s : set.validation) result.validationExact += s.exact;
    const bool selectExact = result.validationExact >= kMinExactValidation;
    auto validationError = [&](const std::vector<double>& weights) {
        if (set.validation.empty()) return 0.0;
        return meanAbsoluteError(set.validation, weights, 0, selectExact);
    };
    if (train.empty()) {
        result.weights = prior ? *prior : w;
        return result;
    }
    if (prior) {
        w = *prior;
    } else {
        double mean = 0, totalWeight = 0;
        for (std::size_t i = 0; i < train.size(); ++i) {
            mean += train[i]->label * weight[i];
            totalWeight += weight[i];
        }
        w[static_cast<std::size_t>(layout.scalars().bias)] = mean / totalWeight;
    }
    const std::vector<double> centre = prior ? *prior : std::vector<double>(size, 0.0);
    result.weights = w;
    result.validationMae = validationError(w);

    std::vector<double> count(size), r(size), z(size), p(size), q(size);
    for (int round = 0; round <= options.huberRounds; ++round) {
        if (round > 0) {
            // Huber's loss by reweighting: a position whose residual exceeds huberDelta counts
            // as if its error were linear (weight delta/|residual|), so a few labels far off
            // (a blunder after the labelled point) stop pulling the weights.
            w = result.weights;
            for (std::size_t i = 0; i < train.size(); ++i) {
                const double e = std::abs(train[i]->label - predict(*train[i], w, layout));
                weight[i] =
                    train[i]->weight * (e > options.huberDelta ? options.huberDelta / e : 1.0);
            }
        }
        std::fill(count.begin(), count.end(), 0.0);
        for (std::size_t i = 0; i < train.size(); ++i) {
            const int n = sampleIndices(*train[i], layout, idx);
            for (int k = 0; k < n; ++k) count[idx[k]] += weight[i];
        }
        // r = A^T (y - A w) - ridge (w - centre): minus the gradient (halved) of the objective.
        std::fill(r.begin(), r.end(), 0.0);
        for (std::size_t i = 0; i < train.size(); ++i) {
            const int n = sampleIndices(*train[i], layout, idx);
            double pred = 0;
            for (int k = 0; k < n; ++k) pred += w[idx[k]];
            const double residual = (train[i]->label - pred) * weight[i];
            for (int k = 0; k < n; ++k) r[idx[k]] += residual;
        }
        for (std::size_t f = 0; f < size; ++f) r[f] -= ridge * (w[f] - centre[f]);
        for (std::size_t f = 0; f < size; ++f) z[f] = r[f] / (count[f] + ridge);
        p = z;
        double rz = dot(r, z);
        for (int it = 1; it <= options.iterations && rz > 1e-12; ++it) {
            // q = (A^T A + ridge I) p
            std::fill(q.begin(), q.end(), 0.0);
            for (std::size_t i = 0; i < train.size(); ++i) {
                const int n = sampleIndices(*train[i], layout, idx);
                double ap = 0;
                for (int k = 0; k < n; ++k) ap += p[idx[k]];
                ap *= weight[i];
                for (int k = 0; k < n; ++k) q[idx[k]] += ap;
            }
            for (std::size_t f = 0; f < size; ++f) q[f] += ridge * p[f];
            const double alpha = rz / dot(p, q);
            for (std::size_t f = 0; f < size; ++f) {
                w[f] += alpha * p[f];
                r[f] -= alpha * q[f];
                z[f] = r[f] / (count[f] + ridge);
            }
            const double rzNext = dot(r, z);
            const double beta = rzNext / rz;
            rz = rzNext;
            for (std::size_t f = 0; f < size; ++f) p[f] = z[f] + beta * p[f];
            if (it % options.checkEvery == 0 || it == options.iterations) {
                const double mae = validationError(w);
                if (set.validation.empty() || mae < result.validationMae) {
                    result.validationMae = mae;
                    result.weights = w;
                    result.bestIteration = round * 1000 + it;
                }
            }
        }
    }
    double trainError = 0;
    for (const Sample* s : train)
        trainError += std::abs(s->label - predict(*s, result.weights, layout));
    result.trainMae = trainError / static_cast<double>(train.size());
    result.validationMae = meanAbsoluteError(set.validation, result.weights);
    result.validationExactMae = meanAbsoluteError(set.validation, result.weights, 0, true);
    // Diagnostic: the scale of the predictions that would fit the validation labels best.
    double spp = 0, spy = 0;
    for (const Sample& s : set.validation) {
        if (selectExact && !s.exact) continue;
        const double pr = predict(s, result.weights, layout) -
                          result.weights[static_cast<std::size_t>(layout.scalars().bias)];
        spp += pr * pr;
        spy += pr * (s.label - result.weights[static_cast<std::size_t>(layout.scalars().bias)]);
    }
    result.validationSlope = spp > 0 ? spy / spp : 1.0;
    return result;
}

}  // namespace othello::train
