#include "Rules.h"

#include <algorithm>
#include <array>

#include "Notation.h"

namespace othello::core {

bool Rules::isOthello() const {
    return *this == Rules{};
}

bool Rules::playsAsOthello() const {
    return flipping == Flipping::AllLines && scoring == Scoring::EmptiesToWinner &&
           (start == Start::AnyPosition || (start == Start::Cross && firstToMove == Color::Black));
}

Rules othelloRules() {
    return Rules{};
}

Rules reversiRules() {
    Rules r;
    r.flipping = Flipping::OneLine;
    r.start = Start::Placements;
    r.scoring = Scoring::Discs;
    return r;
}

Rules reversiAllLinesRules() {
    Rules r = reversiRules();
    r.flipping = Flipping::AllLines;
    return r;
}

namespace {

constexpr std::array<Bitboard, 4> kCornerSquares = {bit(0), bit(7), bit(56), bit(63)};

// The preset a code starts from: the one-line rule is Reversi's; every line with placements
// and disc scoring is the sheet's variant; anything else is Othello with modifiers.
Rules baseOf(const Rules& r) {
    if (r.flipping == Flipping::OneLine) return reversiRules();
    if (r.start == Start::Placements && r.scoring == Scoring::Discs) return reversiAllLinesRules();
    return othelloRules();
}

const char* baseName(const Rules& base) {
    if (base.flipping == Flipping::OneLine) return "reversi";
    return base.start == Start::Placements ? "reversi-all-lines" : "othello";
}

// "a1h8": the corners of `corners`, in the order a1, h1, a8, h8.
std::string cornerNames(Bitboard corners) {
    std::string names;
    for (const Bitboard corner : kCornerSquares)
        if (corners & corner) names += squareName(lowestSquare(corner));
    return names;
}

std::string startCode(const Rules& r) {
    switch (r.start) {
        case Start::Cross:
            return "cross";
        case Start::MirroredCross:
            return "mirrored";
        case Start::Placements:
            return "placements";
        case Start::AnyPosition:
            return "position";
        case Start::Handicap:
            break;
    }
    std::string code = "handicap-";
    code += cornerNames(r.handicapCorners);
    return code + "-" + colorName(r.handicapTo);
}

// 'text', built by appending: g++ 12 warns falsely (-Wrestrict) on "'" + std::string(...).
std::string quoted(std::string_view text) {
    std::string q;
    q += '\'';
    q += text;
    q += '\'';
    return q;
}

std::string lowerCase(std::string_view text) {
    std::string s(text);
    for (char& c : s)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c | 0x20);
    return s;
}

// "handicap-a1h8-white": the corners (one to four, each once) and the colour given them.
std::optional<std::string> parseHandicap(std::string_view text, Rules& r) {
    const std::size_t dash = text.rfind('-');
    const std::string_view corners = text.substr(9, dash - 9);
    const std::string_view colour = text.substr(dash + 1);
    if (dash <= 9 || corners.empty() || corners.size() % 2 != 0 || corners.size() > 8)
        return quoted(text) + " is not handicap-<corners>-<colour>, e.g. handicap-a1h8-white";
    Bitboard given = 0;
    for (std::size_t i = 0; i < corners.size(); i += 2) {
        const int sq = parseSquare(corners.substr(i, 2));
        if (sq == kNoSquare || !(kCorners & bit(sq)) || (given & bit(sq)))
            return quoted(corners.substr(i, 2)) + " in " + quoted(text) +
                   " is not a corner given once (a1, h1, a8, h8)";
        given |= bit(sq);
    }
    if (colour != "black" && colour != "white")
        return quoted(colour) + " in " + quoted(text) + " is not a colour (black or white)";
    r.start = Start::Handicap;
    r.handicapCorners = given;
    r.handicapTo = colour == "black" ? Color::Black : Color::White;
    return std::nullopt;
}

// Applies one modifier; `seen` says which fields were set already (start, scoring, first).
std::optional<std::string> applyModifier(std::string_view m, Rules& r, std::array<bool, 3>& seen) {
    int field = -1;
    std::optional<std::string> error;
    if (m == "cross" || m == "mirrored" || m == "placements" || m == "position") {
        field = 0;
        r.start = m == "cross"        ? Start::Cross
                  : m == "mirrored"   ? Start::MirroredCross
                  : m == "placements" ? Start::Placements
                                      : Start::AnyPosition;
    } else if (m.substr(0, 9) == "handicap-") {
        field = 0;
        error = parseHandicap(m, r);
    } else if (m == "empties" || m == "discs") {
        field = 1;
        r.scoring = m == "discs" ? Scoring::Discs : Scoring::EmptiesToWinner;
    } else if (m == "black-first" || m == "white-first") {
        field = 2;
        r.firstToMove = m == "black-first" ? Color::Black : Color::White;
    } else {
        std::string message = "unknown rules modifier ";
        message += quoted(m);
        message +=
            " (cross, mirrored, placements, position, handicap-<corners>-<colour>, empties, "
            "discs, black-first, white-first)";
        return message;
    }
    if (error) return error;
    if (seen[static_cast<std::size_t>(field)])
        return quoted(m) + " sets a rule a modifier before it already set";
    seen[static_cast<std::size_t>(field)] = true;
    return std::nullopt;
}

}  // namespace

std::string rulesCode(const Rules& r) {
    const Rules base = baseOf(r);
    std::string code = baseName(base);
    if (r.start != base.start) {
        code += '+';
        code += startCode(r);
    }
    if (r.scoring != base.scoring) code += r.scoring == Scoring::Discs ? "+discs" : "+empties";
    if (r.firstToMove != base.firstToMove)
        code += r.firstToMove == Color::Black ? "+black-first" : "+white-first";
    return code;
}

RulesParse parseRules(std::string_view code) {
    RulesParse out;
    const std::string text = lowerCase(code);
    const std::size_t plus = std::min(text.find('+'), text.size());
    const std::string base = text.substr(0, plus);
    if (base == "othello")
        out.rules = othelloRules();
    else if (base == "reversi")
        out.rules = reversiRules();
    else if (base == "reversi-all-lines")
        out.rules = reversiAllLinesRules();
    else {
        std::string message = "unknown rules ";
        message += quoted(printableText(base));
        message += " (othello, reversi, reversi-all-lines, then +modifiers)";
        out.error = message;
        return out;
    }
    std::array<bool, 3> seen{};
    for (std::size_t at = plus; at < text.size();) {
        const std::size_t next = std::min(text.find('+', at + 1), text.size());
        const std::string modifier = text.substr(at + 1, next - at - 1);
        if (auto error = applyModifier(modifier, out.rules, seen)) {
            out.error = printableText(*error);
            return out;
        }
        at = next;
    }
    return out;
}

std::string rulesDescription(const Rules& r) {
    std::string name = r.flipping == Flipping::OneLine        ? "classic Reversi"
                       : baseOf(r).start == Start::Placements ? "Reversi with every line"
                                                              : "Othello";
    const char* flipping = r.flipping == Flipping::OneLine ? "one line flips, chosen by the mover"
                                                           : "every line flips";
    std::string start;
    switch (r.start) {
        case Start::Cross:
            start = "the standard cross";
            break;
        case Start::MirroredCross:
            start = "the mirrored cross";
            break;
        case Start::Placements:
            start = "placements on the centre";
            break;
        case Start::AnyPosition:
            start = "a given position";
            break;
        case Start::Handicap:
            start = "handicap corners " + cornerNames(r.handicapCorners) + " to " +
                    colorName(r.handicapTo);
            break;
    }
    const char* scoring =
        r.scoring == Scoring::Discs ? "discs on the board" : "empties to the winner";
    return name + " (" + start + ", " + flipping + ", " + scoring + ", " +
           colorName(r.firstToMove) + " first)";
}

std::optional<Position> rulesStart(const Rules& r) {
    const Position cross = Position::start();
    switch (r.start) {
        case Start::Cross:
            return Position(cross.black(), cross.white(), r.firstToMove);
        case Start::MirroredCross:
            return Position(cross.white(), cross.black(), r.firstToMove);
        case Start::Placements:
            return Position(0, 0, r.firstToMove);
        case Start::Handicap: {
            const Bitboard corners = r.handicapCorners & kCorners;
            Bitboard black = cross.black(), white = cross.white();
            (r.handicapTo == Color::Black ? black : white) |= corners;
            return Position(black, white, r.firstToMove);
        }
        case Start::AnyPosition:
            break;
    }
    return std::nullopt;
}

Rules fitStart(const Rules& base, const Position& start, bool recogniseHandicap) {
    Rules r = base;
    r.firstToMove = start.toMove();
    r.handicapCorners = 0;
    r.handicapTo = Color::Black;
    const Position cross = Position::start();
    if (base.start == Start::Placements && start.black() == 0 && start.white() == 0) return r;
    if (start.black() == cross.black() && start.white() == cross.white()) {
        r.start = Start::Cross;
        return r;
    }
    if (start.black() == cross.white() && start.white() == cross.black()) {
        r.start = Start::MirroredCross;
        return r;
    }
    const Bitboard blackCorners = start.black() & ~cross.black();
    const Bitboard whiteCorners = start.white() & ~cross.white();
    const bool crossKept = (start.black() & cross.black()) == cross.black() &&
                           (start.white() & cross.white()) == cross.white();
    if (recogniseHandicap && crossKept && (blackCorners == 0) != (whiteCorners == 0) &&
        ((blackCorners | whiteCorners) & ~kCorners) == 0) {
        r.start = Start::Handicap;
        r.handicapCorners = blackCorners | whiteCorners;
        r.handicapTo = blackCorners ? Color::Black : Color::White;
        return r;
    }
    r.start = Start::AnyPosition;
    return r;
}

namespace {

// The other square of a centre square's diagonal: d4-e5, e4-d5.
constexpr int partner(int square) {
    return square == 27 ? 36 : square == 36 ? 27 : square == 28 ? 35 : 28;
}

}  // namespace

bool inPlacements(const Position& p, const Rules& rules) {
    const Bitboard occupied = p.black() | p.white();
    return rules.start == Start::Placements && (occupied & ~kCentre) == 0 && popcount(occupied) < 4;
}

Bitboard placementSquares(const Position& p, const Rules& rules) {
    if (!inPlacements(p, rules)) return 0;
    const Bitboard own = p.player() & kCentre, theirs = p.opponentDiscs() & kCentre;
    Bitboard out = 0;
    for (Bitboard b = kCentre & p.empties(); b; b &= b - 1) {
        const int sq = lowestSquare(b);
        const Bitboard other = bit(partner(sq));
        if (own ? (own & other) != 0 : (theirs & other) == 0) out |= bit(sq);
    }
    return out;
}

std::vector<RuleMove> ruleMoves(const Position& p, const Rules& rules) {
    std::vector<RuleMove> out;
    if (inPlacements(p, rules)) {
        for (Bitboard b = placementSquares(p, rules); b; b &= b - 1)
            out.push_back(RuleMove{lowestSquare(b), lowestSquare(b), 0});
        return out;
    }
    const Bitboard legal = p.legalMoves();
    if (!legal) {
        if (!p.isGameOver()) out.push_back(RuleMove{kPass, kPass, 0});
        return out;
    }
    for (Bitboard b = legal; b; b &= b - 1) {
        const int sq = lowestSquare(b);
        if (rules.flipping == Flipping::AllLines) {
            out.push_back(RuleMove{sq, sq, p.flipsOf(sq)});
            continue;
        }
        LineFlip lines[8];
        const int n = lineFlips(p.player(), p.opponentDiscs(), sq, lines);
        for (int i = 0; i < n; ++i)
            out.push_back(RuleMove{n > 1 ? lineMove(sq, lines[i].end) : sq, sq, lines[i].discs});
    }
    return out;
}

void playRuleMove(Position& p, const RuleMove& m) {
    if (m.square == kPass)
        p.pass();
    else
        p.play(m.square, m.flips);
}

bool isGameOver(const Position& p, const Rules& rules) {
    return !inPlacements(p, rules) && p.isGameOver();
}

}  // namespace othello::core
