// core/Pattern.h: the grammar (mask, list, same()), located errors, matching, and matching
// under symmetry by transforming the pattern checked against transforming the board.
#include <catch2/catch.hpp>
#include <algorithm>
#include <iterator>
#include <random>

#include "core/Notation.h"
#include "core/Pattern.h"

using namespace othello::core;

namespace {

Pattern parsed(std::string_view text) {
    PatternParse p = parsePattern(text);
    INFO(text << " -> " << p.error);
    REQUIRE(p.pattern);
    return *p.pattern;
}

std::string errorOf(std::string_view text) {
    PatternParse p = parsePattern(text);
    REQUIRE_FALSE(p.pattern);
    return p.error;
}

// A position after `plies` random legal moves from the start (passes when needed).
Position randomPosition(std::mt19937_64& rng, int plies) {
    Position p = Position::start();
    for (int i = 0; i < plies; ++i) {
        Bitboard moves = p.legalMoves();
        if (!moves) {
            if (!legalMoves(p.opponentDiscs(), p.player())) break;
            p = Position(p.black(), p.white(), opponent(p.toMove()));
            continue;
        }
        int n = static_cast<int>(rng() % static_cast<unsigned>(popcount(moves)));
        while (n--) moves &= moves - 1;
        p.play(lowestSquare(moves));
    }
    return p;
}

// A random pattern in list form: a few squares fixed to random values, maybe a same() pair;
// `cells` and `same` keep what it says for the square-by-square reference below.
struct RandomPattern {
    std::string text;
    char cells[64];
    std::vector<std::pair<int, int>> same;
};
RandomPattern randomPattern(std::mt19937_64& rng) {
    static const char kValues[] = "XO-*?";
    RandomPattern r;
    std::fill(std::begin(r.cells), std::end(r.cells), '?');
    Bitboard used = 0;
    const int count = 1 + static_cast<int>(rng() % 5);
    for (int i = 0; i < count; ++i) {
        const int sq = static_cast<int>(rng() % 64);
        if (used & bit(sq)) continue;
        used |= bit(sq);
        r.cells[sq] = kValues[rng() % 5];
        r.text += squareName(sq) + "=" + r.cells[sq] + " ";
    }
    if (rng() % 3 == 0) {
        const int a = static_cast<int>(rng() % 64), b = static_cast<int>(rng() % 64);
        if (a != b) {
            r.text += "same(" + squareName(a) + "," + squareName(b) + ")";
            r.same.emplace_back(a, b);
        }
    }
    if (r.text.empty()) r.text = "a1=?";
    return r;
}

// The reference: the pattern read square by square against one board.
bool referenceMatch(const RandomPattern& r, const Position& p) {
    auto at = [&](int sq) { return (p.black() & bit(sq)) ? 'X' : (p.white() & bit(sq)) ? 'O' : '-'; };
    for (int sq = 0; sq < 64; ++sq) {
        const char c = r.cells[sq], v = at(sq);
        if (c == '?') continue;
        if (c == '*' ? v == '-' : c != v) return false;
    }
    for (const auto& [a, b] : r.same)
        if (at(a) == '-' || at(a) != at(b)) return false;
    return true;
}

}  // namespace

TEST_CASE("Pattern: a 64-square mask, rows separated by whitespace, matches the start") {
    const Pattern p = parsed(
        "???????? ???????? ???????? ???OX??? ???XO??? ???????? ???????? ????????");
    CHECK(p.base().black == (bit(parseSquare("e4")) | bit(parseSquare("d5"))));
    CHECK(p.base().white == (bit(parseSquare("d4")) | bit(parseSquare("e5"))));
    CHECK(p.base().matches(Position::start()));
    const Pattern empty = parsed(std::string(27, '-') + "OX------XO" + std::string(27, '-'));
    CHECK(empty.base().matches(Position::start()));
    CHECK(popcount(empty.base().empty) == 60);
    // the colours swapped: no longer the start, but its image under symmetry is
    const Pattern swapped = parsed(std::string(27, '-') + "XO------OX" + std::string(27, '-'));
    CHECK_FALSE(swapped.base().matches(Position::start()));
    CHECK(matchesAny(swapped.variants(true), Position::start().black(), Position::start().white()));
}

TEST_CASE("Pattern: a list with * and ?, and same() constraints") {
    const Pattern p = parsed("a1=X b2=- c1=* d1=? same(a1, h1)");
    CHECK(p.base().black == bit(0));
    CHECK(p.base().empty == bit(9));
    CHECK(p.base().occupied == (bit(2) | bit(0) | bit(7)));
    CHECK(p.base().same == std::vector<std::pair<int, int>>{{0, 7}});
    CHECK(p.base().matches(bit(0) | bit(7), bit(2)));        // h1 black like a1, c1 a disc
    CHECK_FALSE(p.base().matches(bit(0), bit(2) | bit(7)));  // h1 white
    CHECK_FALSE(p.base().matches(bit(0), bit(2)));           // h1 empty
    CHECK_FALSE(p.base().matches(bit(0) | bit(7), 0));       // c1 empty
    CHECK(parsed("same(b1,a1)").base().same == std::vector<std::pair<int, int>>{{0, 1}});
    CHECK(parsed("A1=x").base().black == bit(0));
}

TEST_CASE("Pattern: errors name the column and what was expected") {
    CHECK(errorOf("") == "column 1: an empty pattern (a 64-square mask, or a1=X ... assignments)");
    CHECK(errorOf("a1=X b2=Z") == "column 9: expected X, O, -, * or ? after b2=");
    CHECK(errorOf("a1=X a1=O") == "column 6: a1 is given twice");
    CHECK(errorOf("a1=X same(a1 h1)") == "column 14: expected ','");
    CHECK(errorOf("same(a1,a1)") == "column 1: same() needs two different squares");
    CHECK(errorOf("same(a1,i9)") == "column 9: expected a square (a1..h8)");
    CHECK(errorOf("a1=X ?") == "column 6: a pattern is a mask or a list of a1=X, not both");
    CHECK(errorOf("a1=X# b1=O") == "column 5: expected a space after a1=X");
    CHECK(errorOf(std::string(63, '?')) == "column 64: a mask has 64 squares, this one has 63");
    CHECK(errorOf(std::string(65, '?')) == "column 65: a mask has 64 squares, this one has more");
    CHECK(errorOf("???? k") == "column 6: unexpected 'k' (expected X O - * ?, a1=X or same(a1,h1))");
}

TEST_CASE("Pattern: symmetric-equal variants are kept once") {
    CHECK(parsed("a1=X").variants(true).size() == 4);           // the four corners
    CHECK(parsed("a1=X").variants(false).size() == 1);
    CHECK(parsed("a1=X h8=X a8=X h1=X").variants(true).size() == 1);
    CHECK(parsed("a1=X b1=X").variants(true).size() == 8);
    CHECK(parsed("a1=O same(b1,c1)").variants(true).size() == 8);
    CHECK(parsed("same(a1,h8)").variants(true).size() == 2);    // the two diagonals
}

TEST_CASE("Pattern: the list form reads back as the same pattern") {
    for (const char* text : {"a1=X b2=- c1=* d1=? same(a1,h1)", "h8=O same(a1,b2) same(c3,d4)"}) {
        const Pattern p = parsed(text);
        CHECK(parsed(p.toString()).base() == p.base());
    }
}

TEST_CASE("Pattern: transformed patterns match exactly the transformed boards (random)") {
    std::mt19937_64 rng(31);
    int matched = 0;
    for (int i = 0; i < 3000; ++i) {
        const RandomPattern r = randomPattern(rng);
        const Pattern p = parsed(r.text);
        const Position pos = randomPosition(rng, static_cast<int>(rng() % 61));
        bool reference = false;
        for (Symmetry s = 0; s < kSymmetryCount; ++s)
            reference = reference || referenceMatch(r, transformPosition(pos, s));
        INFO(r.text << " at " << pos.black() << "/" << pos.white());
        CHECK(matchesAny(p.variants(true), pos.black(), pos.white()) == reference);
        CHECK(matchesAny(p.variants(false), pos.black(), pos.white()) == referenceMatch(r, pos));
        matched += reference;
    }
    CHECK(matched > 300);  // the check above is not vacuous
}
