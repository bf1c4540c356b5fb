#include "Replay.h"

#include "Notation.h"

namespace othello::core {

const char* replayErrorCodeName(ReplayErrorCode code) {
    switch (code) {
        case ReplayErrorCode::NotASquare:
            return "not-a-square";
        case ReplayErrorCode::Occupied:
            return "occupied";
        case ReplayErrorCode::NoFlips:
            return "no-flips";
        case ReplayErrorCode::GameOver:
            return "game-over";
        case ReplayErrorCode::IllegalPass:
            return "illegal-pass";
        case ReplayErrorCode::InvalidStart:
            return "invalid-start";
        case ReplayErrorCode::BadPlacement:
            return "bad-placement";
        case ReplayErrorCode::AmbiguousLine:
            return "ambiguous-line";
        case ReplayErrorCode::WrongLine:
            return "wrong-line";
    }
    return "unknown";
}

std::string ReplayError::describe() const {
    const bool known = square == kPass || (square >= 0 && square < 64) ||
                       (isLineMove(square) && moveSquare(square) < 64);
    const std::string where = known ? moveName(square) : std::string("?");
    return "move " + std::to_string(moveNumber) + " (" + where + ", " + colorName(side) +
           "): " + reason;
}

std::vector<int> ReplayResult::moves() const {
    std::vector<int> out;
    out.reserve(plies.size());
    for (const Ply& p : plies) out.push_back(p.token());
    return out;
}

std::vector<int> ReplayResult::squaresOnly() const {
    std::vector<int> out;
    out.reserve(plies.size());
    for (const Ply& p : plies)
        if (p.square != kPass) out.push_back(p.token());
    return out;
}

namespace {

// The loop every replay shares: the start check, passes (written, or inferred when a side has
// no move), the game end, tokens that are not squares, occupied squares; `play(pos, token, fail,
// add)` plays a token on an empty square (or a placement, while `placing(pos)`), calling
// fail(token, code, reason) or add(ply). A template, with the position a local, so that
// Othello's replay (a hot path: import, indexing) compiles to the loop it always was.
template <typename Placing, typename Play>
ReplayResult replayWith(const Position& start, const std::vector<int>& moves, Scoring scoring,
                        Placing&& placing, Play&& play) {
    ReplayResult r;
    r.scoring = scoring;
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
    const auto add = [&](const Ply& ply) {
        r.plies.push_back(ply);
        pos.play(ply.square, ply.flips);
        r.positions.push_back(pos);
        ++played;
    };

    for (const int token : moves) {
        if (placing(pos)) {
            if (!play(pos, token, fail, add)) break;
            continue;
        }
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
        const int square = moveSquare(token);
        if (square < 0 || square >= 64) {
            fail(kNoSquare, ReplayErrorCode::NotASquare, "not a square");
            break;
        }
        if (legal == 0) addPass(true);  // the record omitted a forced pass
        if (!(pos.empties() & bit(square))) {
            fail(token, ReplayErrorCode::Occupied, "square is occupied");
            break;
        }
        if (!play(pos, token, fail, add)) break;
    }
    if (placing(pos)) return r;  // no pass and no end during the placements
    if (!r.error && pos.mustPass()) addPass(true);
    r.over = pos.isGameOver();
    return r;
}

// A move under every-line flipping; a named line is an error of code `lineCode` (NotASquare in
// Othello's replay, as any token that is not a square; WrongLine under other rules).
template <typename Fail, typename Add>
bool playAllLines(const Position& pos, int token, ReplayErrorCode lineCode, Fail& fail, Add& add) {
    if (isLineMove(token)) {
        fail(token, lineCode, "names a line, but every outflanked line flips under these rules");
        return false;
    }
    const Bitboard f = pos.flipsOf(token);
    if (f == 0) {
        fail(token, ReplayErrorCode::NoFlips, "move outflanks nothing");
        return false;
    }
    add(Ply{token, pos.toMove(), f, false});
    return true;
}

std::string lineChoices(int square, const LineFlip* lines, int n) {
    std::string s;
    for (int i = 0; i < n; ++i) {
        if (i > 0) s += i + 1 == n ? " or " : ", ";
        s += moveName(lineMove(square, lines[i].end));
    }
    return s;
}

// One move of the one-line rule: the line named, or the only one; errors name the choices.
template <typename Fail, typename Add>
bool playOneLine(const Position& pos, int token, Fail& fail, Add& add) {
    const int square = moveSquare(token), end = lineEnd(token);
    LineFlip lines[8];
    const int n = lineFlips(pos.player(), pos.opponentDiscs(), square, lines);
    if (n == 0) {
        fail(token, ReplayErrorCode::NoFlips, "move outflanks nothing");
        return false;
    }
    if (end == kNoSquare && n > 1) {
        fail(token, ReplayErrorCode::AmbiguousLine,
             "outflanks " + std::to_string(n) +
                 " lines, say which: " + lineChoices(square, lines, n));
        return false;
    }
    const LineFlip* chosen = n == 1 && end == kNoSquare ? &lines[0] : nullptr;
    for (int i = 0; i < n && !chosen; ++i)
        if (lines[i].end == end) chosen = &lines[i];
    if (!chosen) {
        fail(token, ReplayErrorCode::WrongLine,
             "outflanks no line ending at " + squareName(end) + " (" +
                 (n == 1 ? "its line: " : "its lines: ") + lineChoices(square, lines, n) + ")");
        return false;
    }
    const auto line = static_cast<std::int8_t>(n > 1 ? chosen->end : kNoSquare);
    add(Ply{square, pos.toMove(), chosen->discs, false, line});
    return true;
}

template <typename Fail, typename Add>
bool place(const Position& pos, int token, const Rules& rules, Fail& fail, Add& add) {
    if (token < 0 || token >= 64 || !(placementSquares(pos, rules) & bit(token))) {
        const bool named = (token >= 0 && token <= kPass) || isLineMove(token);
        fail(named ? token : kNoSquare, ReplayErrorCode::BadPlacement,
             "a placement goes on a free centre square (d4, e4, d5, e5), the player's two discs "
             "on one diagonal");
        return false;
    }
    add(Ply{token, pos.toMove(), 0, false, kNoSquare, true});
    return true;
}

}  // namespace

ReplayResult replay(const Position& start, const std::vector<int>& moves) {
    return replayWith(
        start, moves, Scoring::EmptiesToWinner, [](const Position&) { return false; },
        [](const Position& pos, int token, auto& fail, auto& add) {
            return playAllLines(pos, token, ReplayErrorCode::NotASquare, fail, add);
        });
}

ReplayResult replay(const Position& start, const std::vector<int>& moves, const Rules& rules) {
    const auto placing = [&](const Position& pos) { return inPlacements(pos, rules); };
    return replayWith(start, moves, rules.scoring, placing,
                      [&](const Position& pos, int token, auto& fail, auto& add) {
                          if (placing(pos)) return place(pos, token, rules, fail, add);
                          if (rules.flipping == Flipping::OneLine)
                              return playOneLine(pos, token, fail, add);
                          return playAllLines(pos, token, ReplayErrorCode::WrongLine, fail, add);
                      });
}

}  // namespace othello::core
