#pragma once
// Replay of a record: a start position plus a move sequence gives every position.
// Passes may be explicit (kPass) or omitted: a side with no legal move passes.
// Never throws, never crashes, whatever the input.
#include <optional>
#include <string>
#include <vector>

#include "Position.h"

namespace othello::core {

enum class ReplayErrorCode {
    NotASquare,     // a token that is neither a square nor a pass
    Occupied,       // the square already holds a disc
    NoFlips,        // the move outflanks nothing
    GameOver,       // a move after neither side can move
    IllegalPass,    // a pass while a move is available
    InvalidStart,   // the start board has a square that is both black and white
};
const char* replayErrorCodeName(ReplayErrorCode code);  // "occupied", "no-flips", ...

struct ReplayError {
    // The number of the move that failed, counting discs played (1-based): passes, written or
    // inferred, do not count, so the number is the same whether or not a record writes them.
    int moveNumber = 0;
    int square = kNoSquare;  // the square, kPass for a pass, kNoSquare for a non-square
    Color side = Color::Black;  // the side to move when the token was read
    ReplayErrorCode code = ReplayErrorCode::NotASquare;
    std::string reason;  // plain words: "square is occupied", ...
    // "move 12 (c4, white): square is occupied"
    std::string describe() const;
};

struct Ply {
    int square = kPass;  // kPass for a pass
    Color side = Color::Black;
    Bitboard flips = 0;
    bool inferredPass = false;  // a pass the record did not write
};

struct ReplayResult {
    Position start;
    std::vector<Ply> plies;           // every move and pass, in order
    std::vector<Position> positions;  // positions[0] = start, positions[i] = after plies[i-1]
    bool over = false;                // neither side can move at the end
    std::optional<ReplayError> error; // set: plies/positions hold the legal prefix
    int passes = 0;

    const Position& final() const { return positions.back(); }
    std::vector<int> moves() const;         // squares and kPass, passes made explicit
    std::vector<int> squaresOnly() const;   // passes left out
    // Disc counts, with the empties given to the winner once the game is over.
    Score score() const { return final().finalScore(); }
};

// Replays `moves` (squares 0..63 or kPass) from `start`. A forced pass at the end of the
// record (the side to move has no move, the opponent has one) is made explicit too.
ReplayResult replay(const Position& start, const std::vector<int>& moves);

}  // namespace othello::core
