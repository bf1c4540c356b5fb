#include "StageFit.h"

#include <cmath>

namespace othello::train {
namespace {

using analysis::PatternLayout;

constexpr int kMaxFeatures = 64;

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
                         int units) {
    if (samples.empty()) return 0;
    const PatternLayout& layout = PatternLayout::get();
    std::vector<double> w = weights;
    if (units > 0)
        for (double& v : w) v = std::round(v * units) / units;
    double sum = 0;
    for (const Sample& s : samples) sum += std::abs(s.label - predict(s, w, layout));
    return sum / static_cast<double>(samples.size());
}

FitResult fitStage(const StageSet& set, const FitOptions& options) {
    const PatternLayout& layout = PatternLayout::get();
    const auto size = static_cast<std::size_t>(layout.weightsPerStage());
    const double ridge = options.ridge;
    FitResult result;
    std::vector<double> w(size, 0.0), count(size, 0.0);
    std::uint32_t idx[kMaxFeatures];
    double mean = 0, totalWeight = 0;
    for (const Sample& s : set.train) {
        const int n = sampleIndices(s, layout, idx);
        for (int k = 0; k < n; ++k) count[idx[k]] += s.weight;
        mean += s.label * s.weight;
        totalWeight += s.weight;
    }
    if (set.train.empty()) {
        result.weights = w;
        return result;
    }
    w[static_cast<std::size_t>(layout.scalars().bias)] = mean / totalWeight;

    // r = A^T (y - A w) - ridge w: minus the gradient (halved) of the objective.
    std::vector<double> r(size, 0.0);
    for (const Sample& s : set.train) {
        const int n = sampleIndices(s, layout, idx);
        double pred = 0;
        for (int k = 0; k < n; ++k) pred += w[idx[k]];
        const double residual = (s.label - pred) * s.weight;
        for (int k = 0; k < n; ++k) r[idx[k]] += residual;
    }
    for (std::size_t f = 0; f < size; ++f) r[f] -= ridge * w[f];
    std::vector<double> z(size), p(size), q(size);
    for (std::size_t f = 0; f < size; ++f) z[f] = r[f] / (count[f] + ridge);
    p = z;
    double rz = dot(r, z);

    result.weights = w;
    result.validationMae = meanAbsoluteError(set.validation, w);
    for (int it = 1; it <= options.iterations && rz > 1e-12; ++it) {
        // q = (A^T A + ridge I) p
        std::fill(q.begin(), q.end(), 0.0);
        for (const Sample& s : set.train) {
            const int n = sampleIndices(s, layout, idx);
            double ap = 0;
            for (int k = 0; k < n; ++k) ap += p[idx[k]];
            ap *= s.weight;
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
            const double mae = set.validation.empty() ? 0 : meanAbsoluteError(set.validation, w);
            if (set.validation.empty() || mae < result.validationMae) {
                result.validationMae = mae;
                result.weights = w;
                result.bestIteration = it;
            }
        }
    }
    result.trainMae = meanAbsoluteError(set.train, result.weights);
    return result;
}

}  // namespace othello::train
