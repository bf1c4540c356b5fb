#pragma once
// Board patterns: some squares fixed, the rest free (issue 31's pattern search).
//
// Grammar (parsePattern):
//   - a mask of 64 characters, a1 b1 .. h1, a2 .. h8 (row 1 first, as the board is read), each
//     `X` black, `O` white, `-` empty, `*` any disc, `?` anything (either case); whitespace may
//     separate rows or characters anywhere;
//   - or a list of assignments `a1=X b2=- c1=*` with the same five values, separated by spaces;
//   - either form may carry `same(a1,h1)` constraints: both squares hold a disc, of the same
//     colour. A pattern is a mask or a list, never both; a square is assigned at most once.
// Errors name the 1-based column in the text and what was expected there.
//
// Matching: a pattern becomes bitboard masks (squares that must be black / white / empty /
// occupied), so a test is four ANDs plus one check per same() pair. Under symmetry the pattern
// is transformed once per symmetry (core/Symmetry.h) — never the board — and symmetric-equal
// variants are kept once, so a pattern with a symmetric shape costs fewer tests.
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "Position.h"
#include "Symmetry.h"

namespace othello::core {

// One orientation of a pattern: what a position must satisfy.
struct PatternVariant {
    Bitboard black = 0;     // squares that must hold a black disc
    Bitboard white = 0;     // ... a white disc
    Bitboard empty = 0;     // ... no disc
    Bitboard occupied = 0;  // ... a disc of either colour (includes every same() square)
    std::vector<std::pair<int, int>> same;  // pairs (a < b), sorted: same colour

    bool matches(Bitboard blackDiscs, Bitboard whiteDiscs) const {
        const Bitboard discs = blackDiscs | whiteDiscs;
        if ((blackDiscs & black) != black || (whiteDiscs & white) != white ||
            (discs & empty) != 0 || (discs & occupied) != occupied)
            return false;
        for (const auto& [a, b] : same)
            if (((blackDiscs >> a) ^ (blackDiscs >> b)) & 1) return false;
        return true;
    }
    bool matches(const Position& p) const { return matches(p.black(), p.white()); }
    PatternVariant transformed(Symmetry s) const;
    bool operator==(const PatternVariant&) const = default;
};

class Pattern {
public:
    explicit Pattern(PatternVariant base) : base_(std::move(base)) {}

    const PatternVariant& base() const { return base_; }
    // The orientations to test: the pattern itself only, or its distinct images under the 8
    // symmetries (identity first).
    std::vector<PatternVariant> variants(bool underSymmetry) const;
    // The list form (`a1=X ... same(a1,h1)`), which parses back to the same pattern.
    std::string toString() const;

private:
    PatternVariant base_;
};

struct PatternParse {
    std::optional<Pattern> pattern;  // set on success
    std::string error;               // "column 7: ..." on failure
};
PatternParse parsePattern(std::string_view text);

// Any variant matches the position.
bool matchesAny(const std::vector<PatternVariant>& variants, Bitboard black, Bitboard white);

}  // namespace othello::core
