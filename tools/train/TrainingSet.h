#pragma once
// The training positions: every position of the WTHOR games of the chosen years, with its
// features (PatternLayout) and a label, the final disc difference from the side to move that
// the best source at hand gives for it:
// - the WTHOR theoretical score (perfect play from the game's position at the file's depth,
//   usually 24 empties: exact there) for positions at that depth or before it;
// - optionally the exact values of the game's positions at each of `exactEmpties` empties,
//   computed by the solver (or read from the solve cache), for positions nearer to one of them
//   than to the theoretical score's position;
// - the game's final result for positions nearer to the end than to any of the above.
// Each label thus comes from the nearest point of the game where the value is known, so it
// carries the errors of as few moves as possible; with `interpolate`, a position between two
// such points gets their values interpolated by empties (the errors of the moves between them
// spread evenly). Positions with an exact label are marked (Sample::exact): the fit selects
// its iteration on them and the trainer reports its error on them.
#include <cstdint>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "analysis/PatternLayout.h"

namespace othello::train {

// One position's features in a compact form: one compact index per pattern instance (in the
// layout's instance order; the class offset is added when read), the mobility slots and parity.
struct Sample {
    static constexpr int kInstances = 54;
    std::uint16_t pattern[kInstances];
    std::uint8_t playerMobility;
    std::uint8_t opponentMobility;
    std::uint8_t playerPotential;
    std::uint8_t opponentPotential;
    std::uint8_t parity;
    std::uint8_t empties;
    std::uint8_t exact;  // 1: the label is this position's exact value
    float label;         // disc difference, side to move
    float weight;        // of its squared error: exact labels count more than estimated ones
};

struct StageSet {
    std::vector<Sample> train;
    std::vector<Sample> validation;
};

struct LoadOptions {
    std::filesystem::path directory;  // WTH_<year>.wtb files
    int firstYear = 1977;
    int lastYear = 2018;
    std::vector<int> exactEmpties;  // empty: no solver labels
    // Exact values solved by earlier runs, one "player opponent value" line per position (hex
    // bitboards, value from the side to move), appended to as positions are solved: a run that
    // is stopped keeps what it solved, and the next run solves only the rest. Empty: no cache.
    std::filesystem::path solveCache;
    // Solve nothing new: positions missing from the cache get no exact label (their games are
    // labelled from their other known points).
    bool cachedOnly = false;
    // Solve, append to the cache and return without labelling (no positions): a labelling job
    // that can run for hours and be stopped at any point. Games are solved in an order drawn
    // with `seed`, so a part of the work covers all years alike.
    bool solveOnly = false;
    // Off-path positions: for each training game, this many positions reached by leaving the
    // game with random legal moves a few plies before one of `deviationEmpties` empties and
    // playing random moves down to it, each labelled by the solver (through the solve cache)
    // and trained as exact. A search evaluates mostly positions after moves nobody played;
    // games alone teach the evaluation only the positions good players reach.
    int deviations = 0;
    std::vector<int> deviationEmpties;
    int threads = 2;
    int maxGames = 0;       // 0: every game
    double holdout = 0.05;  // share of games kept for validation
    // A position also trains the stages whose empties are within this many of its own: more
    // positions per stage and weights that change smoothly from one stage to the next.
    int overlap = 0;
    // The weight of a position whose label is exact (its own theoretical score or solver
    // value) against 1 for labels taken from another point of the game.
    double exactWeight = 4;
    // Positions between two known points of their game are labelled by linear interpolation
    // between them (by empties) instead of with the nearer point's value.
    bool interpolate = true;
    std::uint64_t seed = 1;
};

struct LoadReport {
    int files = 0;
    std::int64_t games = 0;
    std::int64_t skippedGames = 0;
    std::int64_t positions = 0;
    std::int64_t theoreticalLabels = 0;
    std::int64_t exactLabels = 0;
    std::int64_t resultLabels = 0;
    std::int64_t deviationLabels = 0;  // off-path positions, exact
    std::int64_t solved = 0;           // by this run
    std::int64_t cachedSolves = 0;     // exact values read from the cache and used
    std::int64_t missingSolves = 0;    // positions left unsolved (cachedOnly)
    double solveSeconds = 0;
};

// The empties stage `stage` covers, first to last (the last stage also takes 60), and whether
// a position with `empties` trains it when each stage also learns from the positions within
// `overlap` empties of its own (LoadOptions::overlap).
struct EmptiesRange {
    int first = 0, last = 0;
};
constexpr EmptiesRange stageEmpties(int stage) {
    const int first = stage * analysis::kStageEmpties;
    return {first, stage == analysis::kStageCount - 1 ? 60 : first + analysis::kStageEmpties - 1};
}
constexpr bool trainsStage(int empties, int stage, int overlap) {
    const EmptiesRange r = stageEmpties(stage);
    return analysis::stageOf(empties) == stage ||
           (empties >= r.first - overlap && empties <= r.last + overlap);
}

// Reads, labels and sorts the positions by stage (kStageCount sets).
std::vector<StageSet> loadTrainingSet(const LoadOptions& options, LoadReport& report);

// The features of a sample as indices into its stage's weight vector.
int sampleIndices(const Sample& s, const analysis::PatternLayout& layout, std::uint32_t* out);

}  // namespace othello::train
