#pragma once
// The learned evaluation: a position's expected final disc difference, from the side to move,
// as the sum of pattern, mobility and parity weights of its game stage (PatternLayout.h), in
// 1/kEvalUnitsPerDisc disc.
//
// Contract
// - evaluate(player, opponent) is the side to move's estimate; the 8 symmetric images of a
//   position get exactly the same value. The result is clamped to (-64, 64) discs, exclusive:
//   an estimate never claims a wipe-out.
// - Positions where the side to move must pass are evaluated as they stand (the search handles
//   passes); a finished game should be scored, not evaluated.
// - Construction from EvalWeights cannot fail (load() already checked the file); standard()
//   loads findWeightsFile() once and throws EvalWeightsError when it is missing or damaged.
// - Immutable after construction: one Evaluation may be shared by any number of threads.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "EvalWeights.h"
#include "core/Bitboard.h"

namespace othello::analysis {

using core::Bitboard;

// What a search calls at its leaves; values in 1/kEvalUnitsPerDisc disc from `player`'s side.
class Evaluator {
  public:
    virtual ~Evaluator() = default;
    virtual int evaluate(Bitboard player, Bitboard opponent) const = 0;
    // Names the evaluation in results and caches ("pattern v2 <crc>", "mobility").
    virtual std::string name() const = 0;
};

class Evaluation final : public Evaluator {
  public:
    explicit Evaluation(const EvalWeights& weights);

    // The evaluation of the weights file found by findWeightsFile(), loaded on first use.
    static std::shared_ptr<const Evaluation> standard();

    int evaluate(Bitboard player, Bitboard opponent) const override;
    std::string name() const override { return name_; }
    const std::string& description() const { return description_; }

  private:
    // Per stage: every class's weights indexed by raw configuration (the compact weights
    // expanded at load, so evaluation is one lookup per instance), then the scalars.
    struct Instance {
        std::int8_t squares[10];
        std::int8_t size;
        int tableOffset;  // of the class's raw table within a stage
    };
    std::vector<Instance> instances_;
    std::vector<std::int16_t> tables_;  // stages * stageSize_
    std::size_t stageSize_ = 0;
    std::size_t scalarOffset_ = 0;  // within a stage: bias, parity, 2 mobility, 2 potential
    std::string name_;
    std::string description_;
};

}  // namespace othello::analysis
