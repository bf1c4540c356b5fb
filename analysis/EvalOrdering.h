#pragma once
// Move ordering by the learned evaluation, for the exact solver's nodes with many empties and
// for its root: a shallow alpha-beta search over Evaluator::evaluate (Evaluation.h) estimates
// each move's value, so that the move most likely to cut is searched first and the root's
// null-window probes start next to the value (few probes, each near the truth).
//
// Contract
// - evalSearch returns a fail-soft alpha-beta value of `depth` plies over the evaluator, in
//   1/kEvalUnitsPerDisc disc from `player`'s side; a finished game scores its exact final
//   difference (times kEvalUnitsPerDisc). A pass is not a ply. `nodes` counts the positions
//   visited (the solver adds them to its node count: the ordering is part of its work).
// - Only an estimate: the solver never takes a value from it, only an order and a first guess,
//   so a wrong estimate costs time, never correctness.
#include <cstdint>

#include "Evaluation.h"
#include "core/Bitboard.h"

namespace othello::analysis {

using core::Bitboard;

inline constexpr int kEvalInfinity = 1 << 20;

int evalSearch(const Evaluator& evaluator, Bitboard player, Bitboard opponent, int depth, int alpha,
               int beta, std::uint64_t& nodes);

// The evaluator's estimate in whole discs, rounded to the nearest even value (final disc
// differences are even once the empties go to the winner), clamped to [-64, 64].
int estimateToEvenDiscs(int units);

}  // namespace othello::analysis
