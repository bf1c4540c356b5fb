#include "Replay.h"

#include "Notation.h"

namespace othello::core {

const char* replayErrorCodeName(ReplayErrorCode code) {
    switch (code) {
        case ReplayErrorCode::NotASquare: return "not-a-square";
        case ReplayErrorCode::Occupied: return "occupied";
        case ReplayErrorCode::NoFlips: return "no-flips";
        case ReplayErrorCode::GameOver: return "game-over";
        case ReplayErrorCode::IllegalPass: return "illegal-pass";
        case ReplayErrorCode::InvalidStart: return "invalid-start";
    }
    return "unknown";
}

std::string ReplayError::describe() const {
    const std::string where =
        (square == kPass || (square >= 0 && square < 64)) ? squareName(square) : std::string("?");
    return "move " + std::to_string(moveNumber) + " (" + where + ", " + colorName(side) +
           "): " + reason;
}

std::vector<int> ReplayResult::moves() const {
    std::vector<int> out;
    out.reserve(plies.size());
    for (const Ply& p : plies) out.push_back(p.square);
    return out;
}

std::vector<int> ReplayResult::squaresOnly() const {
    std::vector<int> out;
    out.reserve(plies.size());
    for (const Ply& p : plies)
        if (p.square != kPass) out.push_back(p.square);
    return out;
}

ReplayResult replay(const Position& start, const std::vector<int>& moves) {
    ReplayResult r;
    r.start = start;
    r.positions.reserve(moves.size() + 4);
    r.plies.reserve(moves.size() + 4);
    r.positions.push_back(start);
    if (!start.isValid()) {
        r.error = ReplayError{0, kNoSquare, start.toMove(), ReplayErrorCode::InvalidStart,
                              "the start board has a square that is both black and white"};
        return r;
    }
    Position pos = start;
    const auto addPass = [&](bool inferred) {
        r.plies.push_back(Ply{kPass, pos.toMove(), 0, inferred});
        pos.pass();
        r.positions.push_back(pos);
        ++r.passes;
    };
    // Move numbers count the discs played, so they do not depend on whether a record writes
    // its passes: the move that would place the next disc is move `played + 1`.
    int played = 0;
    const auto fail = [&](int square, ReplayErrorCode code, std::string reason) {
        r.error = ReplayError{played + 1, square, pos.toMove(), code, std::move(reason)};
    };

    for (const int token : moves) {
        const Bitboard legal = pos.legalMoves();
        if (legal == 0 && pos.isGameOver()) {
            fail(token, ReplayErrorCode::GameOver, "the game is already over");
            break;
        }
        if (token == kPass) {
            if (legal) {
                fail(kPass, ReplayErrorCode::IllegalPass, "pass while a move is available");
                break;
            }
            addPass(false);
            continue;
        }
        if (token < 0 || token >= 64) {
            fail(kNoSquare, ReplayErrorCode::NotASquare, "not a square");
            break;
        }
        if (legal == 0) addPass(true);  // the record omitted a forced pass
        if (!(pos.empties() & bit(token))) {
            fail(token, ReplayErrorCode::Occupied, "square is occupied");
            break;
        }
        const Bitboard f = pos.flipsOf(token);
        if (f == 0) {
            fail(token, ReplayErrorCode::NoFlips, "move outflanks nothing");
            break;
        }
        r.plies.push_back(Ply{token, pos.toMove(), f, false});
        pos.play(token, f);
        r.positions.push_back(pos);
        ++played;
    }
    if (!r.error && pos.mustPass()) addPass(true);
    r.over = pos.isGameOver();
    return r;
}

}  // namespace othello::core
