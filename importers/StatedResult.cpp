// The one comparison of a stated result with the replay (StatedResult.h).
#include "StatedResult.h"

#include <cmath>

#include "ReaderUtil.h"
#include "RecordReplay.h"

namespace othello::importers {
namespace {

bool anyStated(const GameRecord& r) {
    return r.statedDiscDiff || r.statedBlackDiscs || r.statedWinner;
}

// The result as the message shows it: as written, with whom a bare winner names ("1" in a CSV
// winner column, "1-0" in PGN) so that the sentence reads the same from every format.
std::string shownResult(const GameRecord& r) {
    std::string shown = r.statedResult;
    if (shown.empty()) {
        if (r.statedDiscDiff)
            shown = std::to_string(*r.statedDiscDiff);
        else if (r.statedBlackDiscs)
            shown = std::to_string(*r.statedBlackDiscs) + "-" +
                    std::to_string(64 - *r.statedBlackDiscs);
    }
    if (r.statedWinner && !r.statedBlackDiscs && !r.statedDiscDiff) {
        const char* who = *r.statedWinner > 0   ? "Black wins"
                          : *r.statedWinner < 0 ? "White wins"
                                                : "a draw";
        shown += shown.empty() ? who : std::string(" (") + who + ")";
    }
    return shown;
}

std::string board(const GameRecord& r) {
    return std::to_string(r.score.black) + "-" + std::to_string(r.score.white);
}

}  // namespace

StatedResultCheck compareStatedResult(const GameRecord& r) {
    if (!anyStated(r) || !r.ok()) return StatedResultCheck::None;
    // An unfinished game's result was decided off the board: nothing to count it against.
    if (!r.complete()) return StatedResultCheck::NotReached;
    bool agrees = true;
    if (r.statedDiscDiff)
        agrees = std::abs(*r.statedDiscDiff - blackResult(r.score, r.variant)) <= 0.0051;
    else if (r.statedBlackDiscs) {
        agrees = *r.statedBlackDiscs == r.score.black;
        // Under disc scoring the counts need not sum to 64: White's stated count is checked
        // too ("34-30" for a game that ends 34-29).
        if (const auto s = text::parseScore(r.statedResult);
            agrees && s && r.rules.scoring == core::Scoring::Discs)
            agrees = s->second == r.score.white;
    }
    else
        agrees = *r.statedWinner == winnerOf(r.score, r.variant);
    return agrees ? StatedResultCheck::Agrees : StatedResultCheck::Mismatch;
}

StatedResultCheck checkStatedResult(GameRecord& r, const StatedResultSite& site) {
    const StatedResultCheck verdict = compareStatedResult(r);
    if (site.decided) return verdict;
    if (verdict == StatedResultCheck::Mismatch) {
        std::string m = site.what;
        m += " says " + shownResult(r) + " but the game ends " + board(r);
        if (!r.variant.standard()) m += " (" + variantLabel(r.variant) + ")";
        addDiagnostic(r, site.severity, site.where, site.code, std::move(m));
    } else if (verdict == StatedResultCheck::NotReached && site.notReachedCode) {
        const int discMoves = static_cast<int>(r.moves.size()) - r.passes();
        std::string m = site.what;
        m += " says " + shownResult(r) + " but the moves end after move " +
             std::to_string(discMoves) + ", before the game is over (" + board(r) +
             " on the board)";
        addDiagnostic(r, Severity::Warning, site.where, site.notReachedCode, std::move(m));
    }
    return verdict;
}

bool parseStatedResult(GameRecord& r, std::string_view written) {
    written = text::trim(written);
    if (written.empty() || written == "*") return true;
    r.statedResult = std::string(written);
    if (written == "1-0") {
        r.statedWinner = 1;
    } else if (written == "0-1") {
        r.statedWinner = -1;
    } else if (written == "1/2-1/2" || written == "½-½") {
        r.statedWinner = 0;
    } else if (const auto s = text::parseScore(written)) {
        r.statedBlackDiscs = s->first;
    } else {
        return false;
    }
    return true;
}

std::string writtenResult(const GameRecord& g) {
    // A finished game whose stated count agrees: its own score, scored by its rules (a Reversi
    // game's 34-29; for Othello's the same text as the stated count gives below).
    if (g.complete() && compareStatedResult(g) != StatedResultCheck::Mismatch)
        return std::to_string(g.score.black) + "-" + std::to_string(g.score.white);
    if (g.statedBlackDiscs && *g.statedBlackDiscs >= 0 && *g.statedBlackDiscs <= 64)
        return std::to_string(*g.statedBlackDiscs) + "-" + std::to_string(64 - *g.statedBlackDiscs);
    if (g.complete()) return std::to_string(g.score.black) + "-" + std::to_string(g.score.white);
    if (g.statedWinner)
        return *g.statedWinner > 0 ? "1-0" : *g.statedWinner < 0 ? "0-1" : "1/2-1/2";
    return "*";
}

}  // namespace othello::importers
