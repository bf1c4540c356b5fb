#pragma once
// Helpers for core tests: boards from square lists, moves from strings.
#include <initializer_list>
#include <string>
#include <vector>

#include "core/Notation.h"
#include "core/Position.h"

namespace testing {

inline othello::core::Bitboard squares(std::initializer_list<const char*> names) {
    othello::core::Bitboard b = 0;
    for (const char* n : names) b |= othello::core::bit(othello::core::parseSquare(n));
    return b;
}

inline std::vector<int> moves(const std::string& text) {
    return othello::core::parseMoves(text).moves;
}

// A uniformly random square among the `legal` moves (which must not be empty).
template <typename Rng>
int randomMove(othello::core::Bitboard legal, Rng& rng) {
    int pick = static_cast<int>(rng() % static_cast<unsigned>(othello::core::popcount(legal)));
    while (pick--) legal &= legal - 1;
    return othello::core::lowestSquare(legal);
}

}  // namespace testing
