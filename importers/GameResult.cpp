#include "GameResult.h"

namespace othello::importers {

namespace {

std::string score(int black, int white) {
    return std::to_string(black) + "-" + std::to_string(white);
}

}  // namespace

GameResult GameResult::of(const GameRecord& record) {
    GameResult r;
    if (!record.variant.standard()) r.variant = variantLabel(record.variant);
    if (record.complete()) {
        // The replay's score, not the stated one: a finished game whose file states another
        // result keeps its warning (re-mismatch, result-mismatch), the board decides.
        r.kind = Kind::Final;
        r.black = record.score.black;
        r.white = record.score.white;
        return r;
    }
    if (record.statedBlackDiscs && *record.statedBlackDiscs >= 0 &&
        *record.statedBlackDiscs <= 64) {
        r.kind = Kind::Stated;
        r.black = *record.statedBlackDiscs;
        r.white = 64 - r.black;
    } else if (record.statedWinner) {
        r.kind = Kind::Stated;
        r.winner = *record.statedWinner;
    } else if (record.statedDiscDiff) {
        // An anti or komi game's RE: a result under its rule, not a disc count.
        r.kind = Kind::Stated;
        r.written = record.statedResult;
        if (r.written.empty())
            r.winner = (*record.statedDiscDiff > 0) - (*record.statedDiscDiff < 0);
    } else if (!record.statedResult.empty() && record.statedResult != "*") {
        // A result in no form we read ("B+12", a club's own words) is shown as written, never
        // dropped.
        r.kind = Kind::Stated;
        r.written = record.statedResult;
    }
    return r;
}

GameResult GameResult::ofRow(bool complete, bool resultKnown, int blackScore, int whiteScore,
                             const GameVariant& variant) {
    GameResult r;
    if (!variant.standard()) r.variant = variantLabel(variant);
    if (!complete && !resultKnown) return r;  // the stored discs are a projection: not shown
    r.kind = complete ? Kind::Final : Kind::Stated;
    r.black = blackScore;
    r.white = whiteScore;
    return r;
}

std::string GameResult::scoreText() const {
    switch (kind) {
        case Kind::Unknown:
            return "*";
        case Kind::Final:
            return score(black, white);
        case Kind::Stated:
            break;
    }
    if (!written.empty()) return written;
    if (winner) return *winner > 0 ? "1-0" : *winner < 0 ? "0-1" : "1/2-1/2";
    return score(black, white);
}

std::string GameResult::text() const {
    std::string out = scoreText();
    if (kind == Kind::Unknown) return out;
    std::string flags;
    if (kind == Kind::Stated) flags = "unfinished";
    if (!variant.empty()) flags += (flags.empty() ? "" : ", ") + variant;
    if (!flags.empty()) out += " (" + flags + ")";
    return out;
}

std::string resultText(const GameRecord& record) {
    return GameResult::of(record).text();
}

std::optional<FileTheoretical> shownTheoretical(const GameRecord& r) {
    if (!r.theoreticalScore) return std::nullopt;
    const int depth = r.theoreticalDepth.value_or(0);
    int discMoves = 0;
    for (const int m : r.moves) discMoves += m != core::kPass;
    const int emptiesLeft = r.start.emptyCount() - discMoves;
    const bool reached = r.complete() || (depth > 0 && emptiesLeft <= depth);
    if (!reached) return std::nullopt;
    return FileTheoretical{*r.theoreticalScore, depth};
}

std::string theoreticalText(const FileTheoretical& v) {
    std::string out = std::to_string(v.blackDiscs);
    if (v.depth > 0) out += " at " + std::to_string(v.depth) + " empties";
    out += ", the file's value";
    return out;
}

}  // namespace othello::importers
