#pragma once
// The evaluation's features: which squares each pattern reads, how a pattern's configuration
// maps to a weight, and the scalar terms (bias, parity, mobility). Shared by the evaluation
// (analysis/Evaluation) and the trainer (tools/train), so that both read a position the same way.
//
// Contract
// - A pattern class is an ordered list of squares (its base). Its instances are the distinct
//   square sets among the 8 symmetric images of the base; an instance reads its squares in the
//   order the image gives them. A configuration is a base-3 number, first square most
//   significant, digit 0 empty, 1 the side to move's disc, 2 the opponent's.
// - Images that cover the same square set in another order (the 3x3 corner read along its
//   transpose, an edge read from the other end) must share a weight: a configuration and its
//   re-orderings map to one compact index. With that, the 8 images of a position get the same
//   features as a multiset, so the evaluation is exactly symmetric (tests/analysis/EvaluationTest).
// - One weight vector per game stage: the compact weights of every class one after the other,
//   then the scalars. The stage of a position is min(empties, 59) / kStageEmpties.
// - checksum() changes whenever any of this changes: a weights file made for another layout is
//   refused instead of being read into the wrong places.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "Neighbours.h"
#include "core/Bitboard.h"

namespace othello::analysis {

using core::Bitboard;

inline constexpr int kStageEmpties = 5;
inline constexpr int kStageCount = 12;  // empties 0-4, 5-9, ..., 55-60
inline constexpr int kMaxPatternSize = 10;
inline constexpr int kMobilitySlots = 32;                      // mobility 0..31 (more counts as 31)
inline constexpr int kScalarWeights = 2 + 4 * kMobilitySlots;  // bias, parity, 4 counts

constexpr int stageOf(int empties) {
    return (empties > 59 ? 59 : empties < 0 ? 0 : empties) / kStageEmpties;
}

struct PatternClass {
    std::string name;
    int size = 0;                          // squares
    int rawCount = 0;                      // 3^size
    int compactCount = 0;                  // weights after sharing re-orderings
    int offset = 0;                        // of its first weight in a stage's vector
    std::vector<std::uint16_t> compactOf;  // raw configuration -> compact index
    std::vector<std::array<std::int8_t, kMaxPatternSize>> instances;  // squares, in reading order
};

// Where the scalar weights sit in a stage's vector (after the patterns).
struct ScalarSlots {
    int bias = 0;
    int parity = 0;             // counted when the number of empties is odd
    int playerMobility = 0;     // + min(moves of the side to move, 31)
    int opponentMobility = 0;   // + min(moves of the opponent, 31)
    int playerPotential = 0;    // + min(potential mobility of the side to move, 31)
    int opponentPotential = 0;  // + min(potential mobility of the opponent, 31)
};

// The scalar features' values of a position (each already capped to its slots).
struct ScalarValues {
    int parity = 0;  // 1 when the number of empties is odd
    int playerMobility = 0, opponentMobility = 0;
    int playerPotential = 0, opponentPotential = 0;
};

// Potential mobility of `player`: the empty squares next to an opponent disc, the moves a
// player may get later (Rosenbloom's frontier measure). Cheap, and what the mobility count
// misses: a wall of discs with no move today still hands the opponent moves tomorrow.
inline int potentialMobility(Bitboard player, Bitboard opponent) {
    return core::popcount(neighbours(opponent, ~(player | opponent)));
}

// The features of one position: one compact weight index per pattern instance (offsets
// included), then the scalar indices.
struct FeatureList {
    static constexpr int kMax = 64;
    std::array<std::uint32_t, kMax> index{};
    int count = 0;
    int stage = 0;
};

class PatternLayout {
  public:
    static const PatternLayout& get();  // built once, on first use

    const std::vector<PatternClass>& classes() const { return classes_; }
    const ScalarSlots& scalars() const { return scalars_; }
    int weightsPerStage() const { return weightsPerStage_; }
    int instanceCount() const { return instanceCount_; }
    std::uint32_t checksum() const { return checksum_; }

    // The raw configuration of `squares` (size `n`) for (player, opponent).
    static int rawIndex(Bitboard player, Bitboard opponent, const std::int8_t* squares, int n) {
        int index = 0;
        for (int k = 0; k < n; ++k) {
            const int sq = squares[k];
            index = index * 3 + static_cast<int>((player >> sq) & 1) +
                    2 * static_cast<int>((opponent >> sq) & 1);
        }
        return index;
    }

    // Every feature of the position (player to move).
    void features(Bitboard player, Bitboard opponent, FeatureList& out) const;
    static ScalarValues scalarValues(Bitboard player, Bitboard opponent);

  private:
    PatternLayout();
    void addClass(const std::string& name, const std::vector<int>& base);

    std::vector<PatternClass> classes_;
    ScalarSlots scalars_;
    int weightsPerStage_ = 0;
    int instanceCount_ = 0;
    std::uint32_t checksum_ = 0;
};

}  // namespace othello::analysis
