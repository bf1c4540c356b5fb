#pragma once
// Rules as data: one value says how a game is played (../shared/rules/ describes them all).
//
// - Flipping: every outflanked line flips (Othello's), or only one line, chosen by the mover
//   (classic Reversi: "on ne peut retourner dans ce cas qu'une seule série de pions"; the sheet
//   does not say who chooses: we take the mover).
// - Start: the standard cross (d5, e4 black; d4, e5 white), its mirror image (d4, e5 black),
//   placements (the board starts empty; the two players place their discs on the four centre
//   squares in turn, first mover first, each player's two discs on one diagonal, so the result is
//   one of the two crosses), the standard cross plus handicap corners for one player (the Mattel
//   booklet), or any position (the record gives its own board).
// - Scoring: empty squares to the winner once the game is over (Othello's, as everywhere
//   before), or the discs as they stand on the board (the Reversi sheet, the Mattel booklet).
// - Who moves first: Black by default (for Reversi the player with the pointed discs: Black).
//
// Passes and the end of the game are the same under every rule set: a side that cannot move
// passes, and the game ends when neither can (a full board and a colour wiped out are cases of
// it). Under the one-line rule a square is playable exactly when it is under Othello's, so
// Position::legalMoves, mustPass and isGameOver hold for it too, placement plies aside.
//
// Each rule set has a stable text code ("othello", "reversi", "reversi-all-lines", and the
// modifiers below) for records and storage.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "Position.h"

namespace othello::core {

enum class Flipping : std::uint8_t { AllLines, OneLine };
enum class Start : std::uint8_t { Cross, MirroredCross, Placements, Handicap, AnyPosition };

struct Rules {
    Flipping flipping = Flipping::AllLines;
    Start start = Start::Cross;
    Scoring scoring = Scoring::EmptiesToWinner;
    Color firstToMove = Color::Black;
    // Start::Handicap only: the corners (one to four of a1, h1, a8, h8) given to `handicapTo`;
    // left at their defaults (none, Black) under every other start: a valid value.
    Bitboard handicapCorners = 0;
    Color handicapTo = Color::Black;

    bool operator==(const Rules&) const = default;
    bool isOthello() const;  // exactly the default value
    // Othello as played everywhere: every line, empties to the winner, from the cross with Black
    // first or from a board of the record's own (GGF random starts, XOT): no other rule to say.
    bool playsAsOthello() const;
};

// The presets. Othello: the default value. Classic Reversi: placements, one line, discs on the
// board. Reversi with every line: the sheet's variant (placements, all lines, discs).
Rules othelloRules();
Rules reversiRules();
Rules reversiAllLinesRules();

// The stable text code: a preset's name, then '+'-joined modifiers for what differs from it, in
// this order: the start ("cross", "mirrored", "placements", "position", or
// "handicap-<corners>-<colour>" such as "handicap-a1h8-white"), the scoring ("empties",
// "discs"), the first mover ("black-first", "white-first"). The preset is "reversi" under the
// one-line rule, "reversi-all-lines" for every line with placements and disc scoring, else
// "othello". Examples: "othello", "reversi+mirrored", "othello+handicap-a1h8-white+white-first".
std::string rulesCode(const Rules& rules);
struct RulesParse {
    Rules rules;
    std::optional<std::string> error;  // what is wrong, naming the offending part
};
// Parses a code as printed by rulesCode, in any case; every modifier at most once per field.
// parseRules(rulesCode(r)).rules == r for every valid r (see handicapCorners).
RulesParse parseRules(std::string_view code);
// Words for people: "classic Reversi (placements on the centre, one line flips, chosen by the
// mover, discs on the board, black first)".
std::string rulesDescription(const Rules& rules);

// The four centre squares (the placements) and the corners (the handicaps).
inline constexpr Bitboard kCentre = 0x0000001818000000ULL;   // d4, e4, d5, e5
inline constexpr Bitboard kCorners = 0x8100000000000081ULL;  // a1, h1, a8, h8

// The position play starts from: the cross, its mirror, the empty board (placements), the cross
// with the handicap corners; the first mover to move. std::nullopt for Start::AnyPosition.
std::optional<Position> rulesStart(const Rules& rules);

// The rules' start fitted to a record's own start position: `base` (its flipping and scoring
// kept) with `start` and `firstToMove` set to what `start` is: the cross or its mirror; the
// cross plus one to four corners of one colour (a handicap, given to that colour), when
// `recogniseHandicap`; the empty board when base's start is Placements; else AnyPosition.
// rulesStart(result) == start whenever result.start != AnyPosition. Readers call it with the
// start a record gives (a handicap is recognised on import); storage's migration without
// handicaps (a stored board is never taken for a handicap by guess).
Rules fitStart(const Rules& base, const Position& start, bool recogniseHandicap = true);

// True while the rules' placements are still being made: placements rules, fewer than four
// discs, all on the centre squares. Decided from the position alone, so any position can ask.
bool inPlacements(const Position& p, const Rules& rules);
// The squares the side to move may place on (0 when not in the placements): empty centre
// squares; the partner on the diagonal of the player's own placed disc once there is one;
// before that, never a square whose partner holds an opponent's disc (that player could no
// longer complete a diagonal).
Bitboard placementSquares(const Position& p, const Rules& rules);

// A move under some rules: its token (a square; a line move, see Bitboard.h; kPass), the square
// (kPass for a pass), and the discs it flips.
struct RuleMove {
    int move = kPass;
    int square = kPass;
    Bitboard flips = 0;
    bool operator==(const RuleMove&) const = default;
};
// Every move of the side to move: placements during the placements; otherwise one move per
// playable square (every line), or one per (square, line) under the one-line rule (the token
// names the line when its square outflanks several, else is the bare square); a single pass
// when the side cannot move but the opponent can; nothing when the game is over. Ordered by
// square, then by far end.
std::vector<RuleMove> ruleMoves(const Position& p, const Rules& rules);
// Plays a move returned by ruleMoves (a placement adds a disc and flips nothing).
void playRuleMove(Position& p, const RuleMove& m);
// The game is over under these rules: not in the placements, and neither side can move.
bool isGameOver(const Position& p, const Rules& rules);

}  // namespace othello::core
