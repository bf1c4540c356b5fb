#pragma once
// The evaluation's weights and their file (analysis/data/othello-eval.bin, made by
// tools/train's othello-train).
//
// File format, little-endian, version 3 (version 2 wrote every weight as a plain i16 and is
// still read; version 1 had the first layout: 46 pattern instances, no potential mobility):
//   magic "OTHEVAL\x1a" (8 bytes); u32 version; u32 layout checksum (PatternLayout::checksum);
//   u32 stages; u32 weights per stage; u32 units per disc; u32 description length, then that
//   many bytes of UTF-8 (how the weights were trained); the stages * weights-per-stage
//   weights, stage 0 first, as i16 values where a 0 is followed by a u16 run length (1..65535
//   zeros: most pattern configurations never occur, and the file stays small); u32 CRC-32
//   (IEEE) of every byte before it.
//
// Contract
// - load() either returns weights that fit the current PatternLayout or throws
//   EvalWeightsError naming the file and the reason (missing, truncated, bad magic, other
//   version, other layout, bad CRC): a missing or damaged file is never an all-zero evaluation.
// - findWeightsFile() looks, in order: $OTHELLO_EVAL_WEIGHTS (must exist when set); next to
//   the running executable; <dir>/share/othello-db/ for the executable's directory and its
//   three parents (an installed prefix/bin/.., the build tree's share/); the build tree and the
//   source tree paths compiled in. Throws EvalWeightsError listing the places tried.
#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace othello::analysis {

// The weights' version (Evaluation::name, caches of estimates); the file format's is
// kEvalWeightsFileFormat.
inline constexpr std::uint32_t kEvalWeightsVersion = 2;
inline constexpr std::uint32_t kEvalWeightsFileFormat = 3;
inline constexpr int kEvalUnitsPerDisc = 32;  // weights and evaluations: 1/32 disc
inline constexpr const char* kEvalWeightsFileName = "othello-eval.bin";

class EvalWeightsError : public std::runtime_error {
  public:
    EvalWeightsError(const std::filesystem::path& path, const std::string& reason);
    const std::filesystem::path& path() const { return path_; }

  private:
    std::filesystem::path path_;
};

struct EvalWeights {
    std::uint32_t layoutChecksum = 0;
    int stages = 0;
    int weightsPerStage = 0;
    std::string description;
    std::vector<std::int16_t> weights;  // stages * weightsPerStage

    // Zero weights shaped for the current PatternLayout (for the trainer to fill).
    static EvalWeights empty();

    std::int16_t at(int stage, int index) const {
        return weights[static_cast<std::size_t>(stage) * static_cast<std::size_t>(weightsPerStage) +
                       static_cast<std::size_t>(index)];
    }

    static EvalWeights load(const std::filesystem::path& path);
    // Writes to `path` (through a temporary file renamed over it); throws EvalWeightsError.
    void save(const std::filesystem::path& path) const;
};

std::filesystem::path findWeightsFile();

std::uint32_t crc32(const void* data, std::size_t size, std::uint32_t crc = 0);

}  // namespace othello::analysis
