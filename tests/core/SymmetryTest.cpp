// Symmetry laws: the 8 transforms form a group, the canonical form and hash are invariant,
// legal moves and replays commute with transforms.
#include <catch2/catch.hpp>
#include <random>
#include <set>

#include "TestBoards.h"
#include "core/Replay.h"
#include "core/Symmetry.h"

using namespace othello::core;

namespace {

std::vector<int> randomGame(std::mt19937_64& rng) {
    Position p = Position::start();
    std::vector<int> moves;
    while (!p.isGameOver()) {
        const Bitboard legal = p.legalMoves();
        if (!legal) {
            p.pass();
            continue;
        }
        moves.push_back(testing::randomMove(legal, rng));
        p.play(moves.back());
    }
    return moves;
}

}  // namespace

TEST_CASE("square transforms: bitboards agree square by square, inverse undoes") {
    for (Symmetry s = 0; s < kSymmetryCount; ++s) {
        std::set<int> images;
        for (int sq = 0; sq < 64; ++sq) {
            const int t = transformSquare(sq, s);
            images.insert(t);
            CHECK(transformBitboard(bit(sq), s) == bit(t));
            CHECK(transformSquare(t, inverse(s)) == sq);
        }
        CHECK(images.size() == 64);  // a bijection
    }
    CHECK(transformSquare(parseSquare("a1"), 4) == parseSquare("a1"));  // transpose keeps a1
    CHECK(transformSquare(parseSquare("b1"), 4) == parseSquare("a2"));
    CHECK(transformSquare(parseSquare("a1"), 1) == parseSquare("h1"));
    CHECK(transformSquare(parseSquare("a1"), 2) == parseSquare("a8"));
    CHECK(transformSquare(kPass, 3) == kPass);
}

TEST_CASE("the start position maps onto itself under exactly 4 symmetries") {
    int same = 0;
    for (Symmetry s = 0; s < kSymmetryCount; ++s)
        same += transformPosition(Position::start(), s) == Position::start();
    CHECK(same == 4);
    // The four first moves are one position up to symmetry.
    std::set<std::uint64_t> hashes;
    for (const char* m : {"f5", "d3", "c4", "e6"}) {
        Position p = Position::start();
        p.play(parseSquare(m));
        hashes.insert(positionHash(p));
    }
    CHECK(hashes.size() == 1);
}

TEST_CASE("canonical form and hash are the same for all 8 transforms, side to move included") {
    std::mt19937_64 rng(99);
    for (int g = 0; g < 300; ++g) {
        const ReplayResult r = replay(Position::start(), randomGame(rng));
        REQUIRE_FALSE(r.error);
        for (const Position& p : r.positions) {
            const Canonical c = canonical(p);
            CHECK(transformPosition(p, c.symmetry) == c.position);
            const std::uint64_t h = positionHash(p);
            for (Symmetry s = 0; s < kSymmetryCount; ++s) {
                const Position t = transformPosition(p, s);
                REQUIRE(canonical(t).position == c.position);
                REQUIRE(positionHash(t) == h);
                // legal moves of the transform = transformed legal moves
                REQUIRE(t.legalMoves() == transformBitboard(p.legalMoves(), s));
            }
            Position other = p;
            other.pass();
            CHECK(positionHash(other) != h);  // the side to move is part of the position
        }
    }
}

TEST_CASE("a move sequence and its transform replay to transformed positions") {
    std::mt19937_64 rng(2026);
    for (int g = 0; g < 200; ++g) {
        const std::vector<int> moves = randomGame(rng);
        const ReplayResult r = replay(Position::start(), moves);
        REQUIRE_FALSE(r.error);
        for (Symmetry s = 0; s < kSymmetryCount; ++s) {
            const Position start = transformPosition(Position::start(), s);
            const ReplayResult t = replay(start, transformMoves(moves, s));
            REQUIRE_FALSE(t.error);
            REQUIRE(t.positions.size() == r.positions.size());
            for (std::size_t i = 0; i < r.positions.size(); ++i)
                REQUIRE(t.positions[i] == transformPosition(r.positions[i], s));
            CHECK(t.score() == r.score());
        }
    }
}

TEST_CASE("mapping back: a canonical move maps to the query's orientation") {
    Position p = Position::start();
    p.play(parseSquare("f5"));
    const Canonical c = canonical(p);
    // A move in the canonical orientation, mapped back with the inverse, is legal here.
    for (Bitboard m = c.position.legalMoves(); m; m &= m - 1) {
        const int back = transformSquare(lowestSquare(m), inverse(c.symmetry));
        CHECK(p.isLegal(back));
    }
}
