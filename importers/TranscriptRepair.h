#pragma once
// Repairs of transcript diagrams: when a diagram does not replay, the single edits that make
// the whole diagram replay legally. Three kinds of edit are tried, every one of them:
//   - swap the numbers of two squares;
//   - change one square's number to a missing one (or write a missing number on a blank square);
//   - move one number to an empty square.
// Each candidate says what it changes and the final score it gives; they come sorted with the
// fewest changed moves first, then the nearest to the declared score, complete games first.
// Cost: at most ~10,000 candidates, each replayed without allocation only when its numbers are
// exactly 1..N; swaps and moves are not tried when the values written are not 1..N (they keep
// the values), and their sequence is derived from the original's when it is well formed, so a
// diagram takes milliseconds (a test checks the result against a slow reference).
#include <array>
#include <optional>
#include <vector>

#include "GameRecord.h"

namespace othello::importers {

struct TranscriptGrid {
    // The number written on each square, 0 when none; out-of-range numbers are kept as written
    // (clamped to 999999) so that a repair can change them.
    std::array<int, 64> number{};
    core::Position start = core::Position::start();
};

// The squares in number order when the grid holds exactly the numbers 1..N, each once, on
// squares empty at the start; nullopt otherwise.
std::optional<std::vector<int>> gridSequence(const TranscriptGrid& grid);

// Every single-edit repair (see above), sorted, at most `limit` of them. With
// `requireStatedScore` (the diagram replays but not to its declared score) only candidates
// that reach `statedBlack` are kept.
std::vector<RepairCandidate> findRepairs(const TranscriptGrid& grid, std::optional<int> statedBlack,
                                         bool requireStatedScore, std::size_t limit = 20);

}  // namespace othello::importers
