#pragma once
// A file of exact values solved by earlier runs, so that a long labelling or benchmark job can
// be stopped and go on later (tools/train's solve cache, bench_eval's test values).
//
// Contract
// - One line per position: "<player hex> <opponent hex> <value>", the value (-64..64) from the
//   side to move's view, the line ended by a newline.
// - readSolvedValues skips any line that is not exactly that, and a last line without its
//   newline (a stopped run's cut write: a value cut from -12 to -1 would still parse). A missing
//   file reads as empty. A position given twice keeps its last value.
// - appendSolvedValue writes one whole line and flushes it, so a run stopped at any point
//   leaves only whole lines behind it (the caller serialises threads writing one stream).
#include <filesystem>
#include <ostream>
#include <unordered_map>
#include <utility>

#include "TranspositionTable.h"
#include "core/Bitboard.h"

namespace othello::analysis {

struct PositionKeyHash {
    std::size_t operator()(const std::pair<core::Bitboard, core::Bitboard>& k) const {
        return static_cast<std::size_t>(TranspositionTable::hash(k.first, k.second));
    }
};
using SolvedValues =
    std::unordered_map<std::pair<core::Bitboard, core::Bitboard>, int, PositionKeyHash>;

SolvedValues readSolvedValues(const std::filesystem::path& path);
void appendSolvedValue(std::ostream& out, core::Bitboard player, core::Bitboard opponent,
                       int value);

}  // namespace othello::analysis
