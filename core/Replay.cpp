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

// The bookkeeping both replays share: the result being built, the position, the discs played.
struct Replayer {
    ReplayResult r;
    Position pos;
    // Move numbers count the discs played, so they do not depend on whether a record writes
    // its passes: the move that would place the next disc is move `played + 1`.
    int played = 0;

    Replayer(const Position& start, std::size_t moves) : pos(start) {
        r.start = start;
        r.positions.reserve(moves + 4);
        r.plies.reserve(moves + 4);
        r.positions.push_back(start);
        if (!start.isValid())
            r.error = ReplayError{0, kNoSquare, start.toMove(), ReplayErrorCode::InvalidStart,
                                  "the start board has a square that is both black and white"};
    }
    void addPass(bool inferred) {
        r.plies.push_back(Ply{kPass, pos.toMove(), 0, inferred});
        pos.pass();
        r.positions.push_back(pos);
        ++r.passes;
    }
    void fail(int square, ReplayErrorCode code, std::string reason) {
        r.error = ReplayError{played + 1, square, pos.toMove(), code, std::move(reason)};
    }
    void add(const Ply& ply) {
        r.plies.push_back(ply);
        pos.play(ply.square, ply.flips);
        r.positions.push_back(pos);
        ++played;
    }
    // The checks every move token goes through before its flips: the game is over, a pass,
    // not a square, an omitted forced pass, an occupied square. False when the token is done
    // with (a pass played, or an error set).
    bool checkToken(int token, Bitboard legal) {
        if (legal == 0 && pos.isGameOver()) {
            fail(token, ReplayErrorCode::GameOver, "the game is already over");
            return false;
        }
        if (token == kPass) {
            if (legal)
                fail(kPass, ReplayErrorCode::IllegalPass, "pass while a move is available");
            else
                addPass(false);
            return false;
        }
        const int square = moveSquare(token);
        if (square < 0 || square >= 64) {
            fail(kNoSquare, ReplayErrorCode::NotASquare, "not a square");
            return false;
        }
        if (legal == 0) addPass(true);  // the record omitted a forced pass
        if (!(pos.empties() & bit(square))) {
            fail(token, ReplayErrorCode::Occupied, "square is occupied");
            return false;
        }
        return true;
    }
    ReplayResult finish() {
        if (!r.error && pos.mustPass()) addPass(true);
        r.over = pos.isGameOver();
        return std::move(r);
    }
};

}  // namespace

ReplayResult replay(const Position& start, const std::vector<int>& moves) {
    Replayer p(start, moves.size());
    if (p.r.error) return std::move(p.r);
    for (const int token : moves) {
        if (!p.checkToken(token, p.pos.legalMoves())) {
            if (p.r.error) break;
            continue;
        }
        if (isLineMove(token)) {
            p.fail(token, ReplayErrorCode::NotASquare,
                   "names a line, but every outflanked line flips under these rules");
            break;
        }
        const Bitboard f = p.pos.flipsOf(token);
        if (f == 0) {
            p.fail(token, ReplayErrorCode::NoFlips, "move outflanks nothing");
            break;
        }
        p.add(Ply{token, p.pos.toMove(), f, false});
    }
    return p.finish();
}

namespace {

std::string lineChoices(int square, const LineFlip* lines, int n) {
    std::string s;
    for (int i = 0; i < n; ++i) {
        if (i > 0) s += i + 1 == n ? " or " : ", ";
        s += moveName(lineMove(square, lines[i].end));
    }
    return s;
}

// One move of the one-line rule: the line named, or the only one; errors name the choices.
bool playOneLine(Replayer& p, int token) {
    const int square = moveSquare(token), end = lineEnd(token);
    LineFlip lines[8];
    const int n = lineFlips(p.pos.player(), p.pos.opponentDiscs(), square, lines);
    if (n == 0) {
        p.fail(token, ReplayErrorCode::NoFlips, "move outflanks nothing");
        return false;
    }
    if (end == kNoSquare && n > 1) {
        p.fail(token, ReplayErrorCode::AmbiguousLine,
               "outflanks " + std::to_string(n) +
                   " lines, say which: " + lineChoices(square, lines, n));
        return false;
    }
    const LineFlip* chosen = n == 1 && end == kNoSquare ? &lines[0] : nullptr;
    for (int i = 0; i < n && !chosen; ++i)
        if (lines[i].end == end) chosen = &lines[i];
    if (!chosen) {
        p.fail(token, ReplayErrorCode::WrongLine,
               "outflanks no line ending at " + squareName(end) + " (" +
                   (n == 1 ? "its line: " : "its lines: ") + lineChoices(square, lines, n) + ")");
        return false;
    }
    p.add(Ply{square, p.pos.toMove(), chosen->discs, false, n > 1 ? chosen->end : kNoSquare});
    return true;
}

bool place(Replayer& p, int token, const Rules& rules) {
    if (token < 0 || token >= 64 || !(placementSquares(p.pos, rules) & bit(token))) {
        const bool named = (token >= 0 && token <= kPass) || isLineMove(token);
        p.fail(named ? token : kNoSquare, ReplayErrorCode::BadPlacement,
               "a placement goes on a free centre square (d4, e4, d5, e5), the player's two "
               "discs on one diagonal");
        return false;
    }
    p.add(Ply{token, p.pos.toMove(), 0, false, kNoSquare, true});
    return true;
}

}  // namespace

ReplayResult replay(const Position& start, const std::vector<int>& moves, const Rules& rules) {
    if (rules.flipping == Flipping::AllLines && rules.start != Start::Placements) {
        ReplayResult r = replay(start, moves);
        r.scoring = rules.scoring;
        return r;
    }
    Replayer p(start, moves.size());
    p.r.scoring = rules.scoring;
    if (p.r.error) return std::move(p.r);
    for (const int token : moves) {
        if (inPlacements(p.pos, rules)) {
            if (!place(p, token, rules)) break;
            continue;
        }
        if (!p.checkToken(token, p.pos.legalMoves())) {
            if (p.r.error) break;
            continue;
        }
        if (rules.flipping == Flipping::OneLine) {
            if (!playOneLine(p, token)) break;
            continue;
        }
        if (isLineMove(token)) {
            p.fail(token, ReplayErrorCode::WrongLine,
                   "names a line, but every outflanked line flips under these rules");
            break;
        }
        const Bitboard f = p.pos.flipsOf(token);
        if (f == 0) {
            p.fail(token, ReplayErrorCode::NoFlips, "move outflanks nothing");
            break;
        }
        p.add(Ply{token, p.pos.toMove(), f, false});
    }
    if (inPlacements(p.pos, rules)) {
        p.r.over = false;
        return std::move(p.r);
    }
    return p.finish();
}

}  // namespace othello::core
