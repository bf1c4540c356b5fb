// perft 1..9 against the reference figures (Aart Bik's convention: a pass is a ply, a finished
// game one leaf). The figures are built in, and cross-checked with ../shared/data when present.
#include <catch2/catch.hpp>
#include <fstream>
#include <map>
#include <sstream>

#include "core/Notation.h"
#include "core/Perft.h"
#include "core/Replay.h"

using namespace othello::core;

namespace {

const std::map<int, std::uint64_t> kReference = {
    {1, 4},         {2, 12},         {3, 56},        {4, 244},     {5, 1396},
    {6, 8200},      {7, 55092},      {8, 390216},    {9, 3005288},
};

// A slow perft that goes through Position and replay-style play, without bulk counting.
std::uint64_t slowPerft(const Position& p, int depth, bool passed) {
    if (depth == 0) return 1;
    const Bitboard moves = p.legalMoves();
    if (!moves) {
        if (passed) return 1;
        Position q = p;
        q.pass();
        return slowPerft(q, depth - 1, true);
    }
    std::uint64_t n = 0;
    for (int sq = 0; sq < 64; ++sq) {
        if (!p.isLegal(sq)) continue;
        Position q = p;
        q.play(sq);
        n += slowPerft(q, depth - 1, false);
    }
    return n;
}

}  // namespace

TEST_CASE("perft 1..9 from the start position equal the reference") {
    for (const auto& [depth, nodes] : kReference) {
        INFO("depth " << depth);
        CHECK(perft(Position::start(), depth) == nodes);
    }
}

TEST_CASE("the built-in figures agree with ../shared/data/perft/perft_reference.txt") {
    std::ifstream in(std::string(OTHELLO_SHARED_DATA) + "/perft/perft_reference.txt");
    if (!in) {
        WARN("../shared/data/perft/perft_reference.txt not found: cross-check skipped");
        return;
    }
    std::string line;
    int checked = 0;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream fields(line);
        int depth = 0;
        std::uint64_t nodes = 0;
        if (!(fields >> depth >> nodes)) continue;
        if (kReference.count(depth)) {
            CHECK(kReference.at(depth) == nodes);
            ++checked;
        }
    }
    CHECK(checked == 9);
}

TEST_CASE("the fast perft equals a slow one, including positions with passes and game ends") {
    CHECK(slowPerft(Position::start(), 6, false) == perft(Position::start(), 6));
    // A position where White must pass, and one near the end of a game.
    const BoardParse forced = parseBoard("XO" + std::string(62, '-') + " O");
    REQUIRE_FALSE(forced.error);
    for (int d = 1; d <= 4; ++d) CHECK(slowPerft(forced.position, d, false) == perft(forced.position, d));
    const ReplayResult late = replay(
        Position::start(),
        parseMoves("f5d6c3d3c4f4c5b3c2e3d2c6b4b5f2e2a3d1c1a4a5f3g4f1e7d7d8e6f6b6e1b1c7a6a7b2f7g3g5"
                   "h4h5g2h1g1a1a2b7c8")
            .moves);
    REQUIRE_FALSE(late.error);
    for (int d = 1; d <= 8; ++d)
        CHECK(slowPerft(late.final(), d, false) == perft(late.final(), d));
}
