#pragma once
// Replay of a record: a start position plus a move sequence gives every position.
// Passes may be explicit (kPass) or omitted: a side with no legal move passes.
// Never throws, never crashes, whatever the input.
// replay(start, moves) is Othello's; replay(start, moves, rules) plays under any rules
// (core/Rules.h): placements, one-line moves ("c4>e6"), the rules' scoring.
#include <optional>
#include <string>
#include <vector>

#include "Position.h"
#include "Rules.h"

namespace othello::core {

enum class ReplayErrorCode {
    NotASquare,     // a token that is neither a square nor a pass
    Occupied,       // the square already holds a disc
    NoFlips,        // the move outflanks nothing
    GameOver,       // a move after neither side can move
    IllegalPass,    // a pass while a move is available
    InvalidStart,   // the start board has a square that is both black and white
    BadPlacement,   // a placement off the free centre squares or off the player's diagonal
    AmbiguousLine,  // a one-line move whose square outflanks several lines, none named
    WrongLine,      // a named line the square does not outflank (or the rules flip every line)
};
const char* replayErrorCodeName(ReplayErrorCode code);  // "occupied", "no-flips", ...

struct ReplayError {
    // The number of the move that failed, counting discs played (1-based): passes, written or
    // inferred, do not count, so the number is the same whether or not a record writes them.
    int moveNumber = 0;
    // The token: a square, kPass, a line move; kNoSquare for a non-square.
    int square = kNoSquare;
    Color side = Color::Black;  // the side to move when the token was read
    ReplayErrorCode code = ReplayErrorCode::NotASquare;
    std::string reason;  // plain words: "square is occupied", ...
    // "move 12 (c4, white): square is occupied", "move 12 (c4>e6, black): ..."
    std::string describe() const;
};

struct Ply {
    int square = kPass;  // kPass for a pass
    Color side = Color::Black;
    Bitboard flips = 0;
    bool inferredPass = false;  // a pass the record did not write
    // The one-line rule: the far end of the series flipped when the square outflanked several
    // lines (the record named it), else kNoSquare.
    std::int8_t line = kNoSquare;  // one byte: Ply stays 24 bytes (replay is a hot path)
    bool placement = false;        // a disc placed on the centre during the placements
    // The move as a token: the square, a line move when a line was named, or kPass.
    int token() const { return line == kNoSquare ? square : lineMove(square, line); }
};

struct ReplayResult {
    Position start;
    std::vector<Ply> plies;            // every move and pass, in order
    std::vector<Position> positions;   // positions[0] = start, positions[i] = after plies[i-1]
    bool over = false;                 // neither side can move at the end (placements done)
    std::optional<ReplayError> error;  // set: plies/positions hold the legal prefix
    int passes = 0;
    Scoring scoring = Scoring::EmptiesToWinner;  // the rules' scoring (Othello's by default)

    const Position& final() const { return positions.back(); }
    std::vector<int> moves() const;  // tokens (Ply::token), passes made explicit
    // moves() without the passes (line moves stay tokens: moveSquare gives their square).
    std::vector<int> squaresOnly() const;
    // Disc counts; once the game is over, scored by the rules (core::finalScore).
    Score score() const { return over ? finalScore(final(), scoring) : final().discCount(); }
};

// Replays `moves` (squares 0..63 or kPass) from `start`. A forced pass at the end of the
// record (the side to move has no move, the opponent has one) is made explicit too.
// A line move is an error here (NotASquare: every line flips under Othello's rules).
ReplayResult replay(const Position& start, const std::vector<int>& moves);

// Replays `moves` from `start` under `rules`. While inPlacements (Rules.h) each token is a
// placement (a square of placementSquares; BadPlacement otherwise, a pass included). Under the
// one-line rule a square that outflanks one line may be written bare or with its line; one that
// outflanks several needs its line ("c4>e6"): without it, AmbiguousLine names the choices
// ("move 12 (c4, black): outflanks 2 lines, say which: c4>c6 or c4>e6"); a line it does not
// outflank is WrongLine, as is any named line when every line flips. Passes as replay's.
// Scored by rules.scoring. With every line and no placements it plays as replay(start, moves)
// (the same loop).
ReplayResult replay(const Position& start, const std::vector<int>& moves, const Rules& rules);

}  // namespace othello::core
