// perft under each rule set against a slow reference written another way: an 8x8 array of
// characters, rays walked square by square, placements allowed by trying every completion. The
// published figures (README, Rule sets) are built in and checked against both.
#include <array>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <map>
#include <random>
#include <vector>

#include "TestBoards.h"
#include "core/Perft.h"
#include "core/Rules.h"

using namespace othello::core;

namespace {

// The reference's own board: '.', 'X' (black), 'O' (white), and the side to move.
struct Board {
    std::array<std::array<char, 8>, 8> cell{};
    char toMove = 'X';
};

char other(char side) {
    return side == 'X' ? 'O' : 'X';
}

Board toBoard(const Position& p) {
    Board b;
    for (int r = 0; r < 8; ++r)
        for (int c = 0; c < 8; ++c) {
            const Bitboard s = bit(r * 8 + c);
            b.cell[r][c] = (p.black() & s) ? 'X' : (p.white() & s) ? 'O' : '.';
        }
    b.toMove = p.toMove() == Color::Black ? 'X' : 'O';
    return b;
}

bool inside(int r, int c) {
    return r >= 0 && r < 8 && c >= 0 && c < 8;
}

// Every board after one move of the side to move: one per line under the one-line rule, one per
// square when every line flips.
std::vector<Board> slowChildren(const Board& b, bool oneLine) {
    std::vector<Board> out;
    const char me = b.toMove, them = other(me);
    for (int r = 0; r < 8; ++r) {
        for (int c = 0; c < 8; ++c) {
            if (b.cell[r][c] != '.') continue;
            Board all = b;
            bool any = false;
            for (int dr = -1; dr <= 1; ++dr) {
                for (int dc = -1; dc <= 1; ++dc) {
                    if (dr == 0 && dc == 0) continue;
                    int n = 0;
                    while (inside(r + (n + 1) * dr, c + (n + 1) * dc) &&
                           b.cell[r + (n + 1) * dr][c + (n + 1) * dc] == them)
                        ++n;
                    const int er = r + (n + 1) * dr, ec = c + (n + 1) * dc;
                    if (n == 0 || !inside(er, ec) || b.cell[er][ec] != me) continue;
                    any = true;
                    Board one = b;
                    for (int k = 0; k <= n; ++k) {
                        one.cell[r + k * dr][c + k * dc] = me;
                        all.cell[r + k * dr][c + k * dc] = me;
                    }
                    one.toMove = them;
                    if (oneLine) out.push_back(one);
                }
            }
            all.toMove = them;
            if (any && !oneLine) out.push_back(all);
        }
    }
    return out;
}

const std::array<std::array<int, 2>, 4> kCentreCells = {{{3, 3}, {3, 4}, {4, 3}, {4, 4}}};

int discCount(const Board& b) {
    int n = 0;
    for (const auto& row : b.cell)
        for (char x : row) n += x != '.';
    return n;
}

// With four discs placed: each colour's two discs touch diagonally.
bool diagonalsDone(const Board& b) {
    for (const char side : {'X', 'O'}) {
        std::vector<std::array<int, 2>> at;
        for (const auto& [r, c] : kCentreCells)
            if (b.cell[r][c] == side) at.push_back({r, c});
        if (at.size() != 2 || std::abs(at[0][0] - at[1][0]) != 1 ||
            std::abs(at[0][1] - at[1][1]) != 1)
            return false;
    }
    return true;
}

bool completable(const Board& b) {
    if (discCount(b) == 4) return diagonalsDone(b);
    for (const auto& [r, c] : kCentreCells) {
        if (b.cell[r][c] != '.') continue;
        Board next = b;
        next.cell[r][c] = b.toMove;
        next.toMove = other(b.toMove);
        if (completable(next)) return true;
    }
    return false;
}

bool placing(const Board& b, const Rules& rules) {
    if (rules.start != Start::Placements || discCount(b) >= 4) return false;
    for (int r = 0; r < 8; ++r)
        for (int c = 0; c < 8; ++c)
            if (b.cell[r][c] != '.' && (r < 3 || r > 4 || c < 3 || c > 4)) return false;
    return true;
}

std::uint64_t slowPerft(const Board& b, int depth, const Rules& rules, bool passed = false) {
    if (depth == 0) return 1;
    std::vector<Board> children;
    if (placing(b, rules)) {
        for (const auto& [r, c] : kCentreCells) {
            if (b.cell[r][c] != '.') continue;
            Board next = b;
            next.cell[r][c] = b.toMove;
            next.toMove = other(b.toMove);
            if (completable(next)) children.push_back(next);
        }
    } else {
        children = slowChildren(b, rules.flipping == Flipping::OneLine);
    }
    if (children.empty()) {
        if (passed) return 1;  // neither side can move: one leaf
        Board next = b;
        next.toMove = other(b.toMove);
        return slowPerft(next, depth - 1, rules, true);
    }
    std::uint64_t n = 0;
    for (const Board& child : children) n += slowPerft(child, depth - 1, rules, false);
    return n;
}

// The published figures from the cross, after the placements (README, Rule sets).
const std::map<int, std::uint64_t> kReversi = {
    {1, 4},     {2, 12},     {3, 64},     {4, 340},     {5, 2244},
    {6, 14688}, {7, 114328}, {8, 938684}, {9, 8576976},
};
const std::map<int, std::uint64_t> kOthello = {
    {1, 4}, {2, 12}, {3, 56}, {4, 244}, {5, 1396}, {6, 8200}, {7, 55092}, {8, 390216}, {9, 3005288},
};

Position mirroredCross() {
    Rules mirrored;
    mirrored.start = Start::MirroredCross;
    return *rulesStart(mirrored);
}

}  // namespace

TEST_CASE("the slow reference agrees with Othello's published perft from the cross") {
    for (const auto& [depth, nodes] : kOthello) {
        INFO("depth " << depth);
        CHECK(slowPerft(toBoard(Position::start()), depth, othelloRules()) == nodes);
        CHECK(perft(Position::start(), depth, othelloRules()) == nodes);
    }
}

TEST_CASE("classic Reversi perft 1..9 from both crosses equals the slow reference") {
    const Rules rules = reversiRules();
    for (const auto& [depth, nodes] : kReversi) {
        INFO("depth " << depth);
        CHECK(perft(Position::start(), depth, rules) == nodes);
        CHECK(slowPerft(toBoard(Position::start()), depth, rules) == nodes);
        // The mirrored cross is the cross reflected: the same tree, counted on its own board.
        CHECK(perft(mirroredCross(), depth, rules) == nodes);
        CHECK(slowPerft(toBoard(mirroredCross()), depth, rules) == nodes);
    }
}

TEST_CASE(
    "Reversi with every line: perft 1..9 from both crosses equals Othello's and the reference") {
    const Rules rules = reversiAllLinesRules();
    for (const auto& [depth, nodes] : kOthello) {
        INFO("depth " << depth);
        CHECK(perft(Position::start(), depth, rules) == nodes);
        CHECK(perft(mirroredCross(), depth, rules) == nodes);
        CHECK(slowPerft(toBoard(mirroredCross()), depth, rules) == nodes);
    }
}

TEST_CASE("perft from the empty board counts the 8 ways of placing, then the game") {
    for (const Rules& rules : {reversiRules(), reversiAllLinesRules()}) {
        INFO(rulesCode(rules));
        const Position empty = *rulesStart(rules);
        const std::uint64_t placements[] = {1, 4, 8, 8, 8};
        for (int depth = 0; depth <= 4; ++depth) {
            CHECK(perft(empty, depth, rules) == placements[depth]);
            CHECK(slowPerft(toBoard(empty), depth, rules) == placements[depth]);
        }
        for (int depth = 5; depth <= 9; ++depth) {
            const std::uint64_t fromCross = perft(Position::start(), depth - 4, rules);
            CHECK(perft(empty, depth, rules) == 8 * fromCross);
            CHECK(slowPerft(toBoard(empty), depth, rules) == 8 * fromCross);
        }
    }
}

TEST_CASE("perft under each rule set equals the reference on random positions") {
    std::mt19937_64 rng(2811);
    // The booklet's handicap: two corners to the weaker player, who moves first.
    const RulesParse handicap = parseRules("othello+handicap-a1h8-white+white-first+discs");
    REQUIRE_FALSE(handicap.error);
    const std::vector<Rules> sets = {othelloRules(), reversiRules(), reversiAllLinesRules(),
                                     handicap.rules};
    int checked = 0;
    for (const Rules& rules : sets) {
        for (int game = 0; game < 40; ++game) {
            // A random game of 0..50 plies under the rules, from their start.
            Position p = *rulesStart(rules);
            const int plies = static_cast<int>(rng() % 51);
            for (int i = 0; i < plies && !isGameOver(p, rules); ++i) {
                const std::vector<RuleMove> moves = ruleMoves(p, rules);
                REQUIRE_FALSE(moves.empty());  // a game not over always has a move or a pass
                playRuleMove(p, moves[rng() % moves.size()]);
            }
            for (int depth = 1; depth <= 5; ++depth) {
                INFO(rulesCode(rules) << " " << boardStringWithSide(p) << " depth " << depth);
                CHECK(perft(p, depth, rules) == slowPerft(toBoard(p), depth, rules));
                ++checked;
            }
        }
    }
    // Random boards, sparse to full, under both flipping rules.
    for (int i = 0; i < 300; ++i) {
        const int density = 1 + static_cast<int>(rng() % 15);
        Bitboard black = 0, white = 0;
        for (int sq = 0; sq < 64; ++sq)
            if (static_cast<int>(rng() % 16) < density) (rng() & 1 ? black : white) |= bit(sq);
        const Position p(black, white, rng() & 1 ? Color::Black : Color::White);
        for (const Rules& rules : {othelloRules(), reversiRules()}) {
            INFO(rulesCode(rules) << " " << boardStringWithSide(p));
            CHECK(perft(p, 3, rules) == slowPerft(toBoard(p), 3, rules));
            ++checked;
        }
    }
    CHECK(checked == 4 * 40 * 5 + 600);
}
