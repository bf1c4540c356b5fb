// canonical() is the smallest (black, white) image of the 8 transforms, and among transforms
// giving that same image the first one: the position index stores next moves in the orientation
// of that symmetry, so it must not change between versions (core/Symmetry.h).
#include <catch2/catch.hpp>
#include <random>

#include "core/Symmetry.h"

using namespace othello::core;

namespace {

// The definition, transform by transform.
Canonical slowCanonical(const Position& p) {
    Canonical best{transformPosition(p, 0), 0};
    for (Symmetry s = 1; s < kSymmetryCount; ++s) {
        const Position t = transformPosition(p, s);
        if (t.black() < best.position.black() ||
            (t.black() == best.position.black() && t.white() < best.position.white()))
            best = Canonical{t, s};
    }
    return best;
}

}  // namespace

TEST_CASE("canonical is the smallest image and the first symmetry giving it") {
    std::mt19937_64 rng(31337);
    std::vector<Position> positions = {Position::start(), Position()};
    // Symmetric boards (several transforms give the same image): the tie-break matters there.
    for (int i = 0; i < 2000; ++i) {
        const Bitboard a = rng() & rng(), b = rng() & rng() & ~a;
        const Symmetry s = static_cast<Symmetry>(rng() % kSymmetryCount);
        const Bitboard sa = a | transformBitboard(a, s), sb = (b | transformBitboard(b, s)) & ~sa;
        positions.emplace_back(sa, sb, i % 2 ? Color::White : Color::Black);
        positions.emplace_back(a, b, i % 2 ? Color::Black : Color::White);
    }
    int symmetric = 0;
    for (const Position& p : positions) {
        const Canonical want = slowCanonical(p);
        const Canonical got = canonical(p);
        REQUIRE(got.position == want.position);
        REQUIRE(int(got.symmetry) == int(want.symmetry));
        for (Symmetry s = 1; s < kSymmetryCount; ++s)
            if (transformPosition(p, s) == p) {
                ++symmetric;
                break;
            }
    }
    CHECK(symmetric > 100);  // the tie-break was exercised
}
