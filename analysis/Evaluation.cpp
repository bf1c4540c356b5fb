#include "Evaluation.h"

#include <algorithm>
#include <cstdio>
#include <mutex>

#include "PatternLayout.h"

namespace othello::analysis {

Evaluation::Evaluation(const EvalWeights& w) : description_(w.description) {
    const PatternLayout& layout = PatternLayout::get();
    std::size_t rawTotal = 0;
    for (const PatternClass& c : layout.classes()) {
        for (const auto& squares : c.instances) {
            Instance inst{};
            std::copy(squares.begin(), squares.begin() + c.size, inst.squares);
            inst.size = static_cast<std::int8_t>(c.size);
            inst.tableOffset = static_cast<int>(rawTotal);
            instances_.push_back(inst);
        }
        rawTotal += static_cast<std::size_t>(c.rawCount);
    }
    scalarOffset_ = rawTotal;
    stageSize_ = rawTotal + kScalarWeights;
    tables_.assign(stageSize_ * static_cast<std::size_t>(w.stages), 0);
    for (int s = 0; s < w.stages; ++s) {
        std::int16_t* t = &tables_[stageSize_ * static_cast<std::size_t>(s)];
        std::size_t at = 0;
        for (const PatternClass& c : layout.classes()) {
            for (int raw = 0; raw < c.rawCount; ++raw)
                t[at + static_cast<std::size_t>(raw)] =
                    w.at(s, c.offset + c.compactOf[static_cast<std::size_t>(raw)]);
            at += static_cast<std::size_t>(c.rawCount);
        }
        const ScalarSlots& sc = layout.scalars();
        t[at] = w.at(s, sc.bias);
        t[at + 1] = w.at(s, sc.parity);
        for (int m = 0; m < kMobilitySlots; ++m) {
            const auto k = static_cast<std::size_t>(m);
            t[at + 2 + k] = w.at(s, sc.playerMobility + m);
            t[at + 2 + kMobilitySlots + k] = w.at(s, sc.opponentMobility + m);
            t[at + 2 + 2 * kMobilitySlots + k] = w.at(s, sc.playerPotential + m);
            t[at + 2 + 3 * kMobilitySlots + k] = w.at(s, sc.opponentPotential + m);
        }
    }
    char crc[16];
    std::snprintf(crc, sizeof crc, "%08x",
                  crc32(w.weights.data(), w.weights.size() * sizeof(std::int16_t)));
    name_ = "pattern v" + std::to_string(kEvalWeightsVersion) + " " + crc;
}

std::shared_ptr<const Evaluation> Evaluation::standard() {
    static std::mutex mutex;
    static std::shared_ptr<const Evaluation> loaded;
    std::lock_guard lock(mutex);
    if (!loaded)  // a failure throws and leaves nothing cached: the next call tries again
        loaded = std::make_shared<const Evaluation>(EvalWeights::load(findWeightsFile()));
    return loaded;
}

int Evaluation::evaluate(Bitboard player, Bitboard opponent) const {
    const int empties = 64 - core::popcount(player | opponent);
    const std::int16_t* t = &tables_[stageSize_ * static_cast<std::size_t>(stageOf(empties))];
    int sum = 0;
    for (const Instance& inst : instances_)
        sum += t[static_cast<std::size_t>(inst.tableOffset) +
                 static_cast<std::size_t>(
                     PatternLayout::rawIndex(player, opponent, inst.squares, inst.size))];
    const std::int16_t* s = t + scalarOffset_;
    const ScalarValues v = PatternLayout::scalarValues(player, opponent);
    if (v.parity) sum += s[1];
    sum += s[0] + s[2 + v.playerMobility] + s[2 + kMobilitySlots + v.opponentMobility] +
           s[2 + 2 * kMobilitySlots + v.playerPotential] +
           s[2 + 3 * kMobilitySlots + v.opponentPotential];
    constexpr int kLimit = 64 * kEvalUnitsPerDisc - 1;
    return std::clamp(sum, -kLimit, kLimit);
}

}  // namespace othello::analysis
