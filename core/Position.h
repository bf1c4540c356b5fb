#pragma once
// A position: where the discs stand and whose turn it is. Value type, cheap to copy.
// Contract: `black & white == 0`. Every function works from any such board, not only the
// standard start (handicap games, set-up boards).
#include <array>
#include <compare>

#include "Bitboard.h"

namespace othello::core {

enum class Color : std::uint8_t { Black = 0, White = 1 };

constexpr Color opponent(Color c) {
    return c == Color::Black ? Color::White : Color::Black;
}
const char* colorName(Color c);  // "black" / "white"

// Fast kernels on (player to move, opponent).
Bitboard legalMoves(Bitboard player, Bitboard opponent);
// Discs flipped by `player` placing at `square`; 0 if the move outflanks nothing. The square
// must be empty (not checked here).
Bitboard flips(Bitboard player, Bitboard opponent, int square);

// One line a move outflanks: its far end (the mover's own disc that closes the series) and the
// opponent's discs between (what the one-line rule of classic Reversi flips).
struct LineFlip {
    int end = kNoSquare;
    Bitboard discs = 0;
};
// The lines `player` outflanks by placing on `square` (empty, not checked), in ascending order
// of their far end; returns how many (0..8) were written to `out`. Their union is flips().
int lineFlips(Bitboard player, Bitboard opponent, int square, LineFlip (&out)[8]);

struct Score {
    int black = 0;
    int white = 0;
    auto operator<=>(const Score&) const = default;
};

class Position {
  public:
    Position() = default;  // empty board, Black to move
    Position(Bitboard black, Bitboard white, Color toMove)
        : black_(black), white_(white), toMove_(toMove) {}

    static Position start();  // d4, e5 white; d5, e4 black; Black to move

    Bitboard black() const { return black_; }
    Bitboard white() const { return white_; }
    Bitboard discs(Color c) const { return c == Color::Black ? black_ : white_; }
    Bitboard player() const { return discs(toMove_); }
    Bitboard opponentDiscs() const { return discs(opponent(toMove_)); }
    Bitboard empties() const { return ~(black_ | white_); }
    Color toMove() const { return toMove_; }
    bool isValid() const { return (black_ & white_) == 0; }

    Bitboard legalMoves() const { return core::legalMoves(player(), opponentDiscs()); }
    bool isLegal(int square) const;
    Bitboard flipsOf(int square) const;  // 0 when occupied or outflanking nothing
    bool canMove() const { return legalMoves() != 0; }
    bool mustPass() const;    // no move here, but the opponent has one
    bool isGameOver() const;  // neither side can move

    // Plays a move given its flip mask (as returned by flipsOf): a few XORs.
    void play(int square, Bitboard flipMask);
    void play(int square) { play(square, flipsOf(square)); }  // caller checked legality
    void pass() { toMove_ = opponent(toMove_); }

    int count(Color c) const { return popcount(discs(c)); }
    int emptyCount() const { return popcount(empties()); }
    // Disc counts now; once the game is over, empty squares go to the winner (split on a draw).
    // Othello's case of core::finalScore (Scoring::EmptiesToWinner).
    Score finalScore() const;
    Score discCount() const { return {count(Color::Black), count(Color::White)}; }

    bool operator==(const Position&) const = default;

  private:
    Bitboard black_ = 0;
    Bitboard white_ = 0;
    Color toMove_ = Color::Black;
};

// The score rule: empty squares go to the winner, split evenly on a draw.
Score scoreWithEmpties(int black, int white, int empties);

// How a game is scored (core/Rules.h): the empties to the winner once the game is over
// (Othello's: the French sheets' 35-29 example, a wipe-out 64-0), or the discs as they stand on
// the board (the Reversi sheet; the Mattel booklet's margin is their difference).
enum class Scoring : std::uint8_t { EmptiesToWinner, Discs };
// The one scoring function: disc counts while the game goes on; once it is over, EmptiesToWinner
// gives the empties to the winner (scoreWithEmpties), Discs keeps the counts.
Score finalScore(const Position& p, Scoring scoring);

}  // namespace othello::core
