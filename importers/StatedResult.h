#pragma once
// The one check of the result a file states against the replay. Every reader fills the stated
// fields of GameRecord (statedBlackDiscs, statedDiscDiff, statedWinner, statedResult) as its
// format writes them, then calls checkStatedResult with how its format names that result; the
// comparison, the variant's rule (anti-Othello, komi: GameVariant.h) and the wording are here,
// so that the same disagreement reads the same from every format.
//
//  - A finished game whose stated result disagrees with the replay gets the format's code
//    (PGN and move lists "result-mismatch", GGF "re-mismatch", CSV "winner-mismatch", WTHOR and
//    transcripts "score-mismatch"): a warning, an error for transcripts (a diagram is the game).
//  - An unfinished game with a stated result (a resignation, a loss on time) keeps it as stated:
//    no diagnostic, and every list shows it flagged "(unfinished)" (GameResult.h). Only a
//    transcript, whose score line declares a final score unless marked unfinished, warns
//    "score-not-reached".
#include <string>
#include <string_view>

#include "GameRecord.h"

namespace othello::importers {

// How a reader's format names its stated result, for the diagnostics.
struct StatedResultSite {
    const char* code = "result-mismatch";  // the format's mismatch code (see above)
    SourceLocation where;                  // where the result is written
    const char* what = "the result";       // the message's subject: "RE", "the winner column"
    Severity severity = Severity::Warning;
    // The file says the result was decided off the board (a GGF RE with ":r", a transcript
    // score marked "(unfinished)"): it stands as stated and is compared with nothing.
    bool decided = false;
    // When set, a stated result on a game that stops before its end is this warning (a
    // transcript's "score-not-reached"); otherwise it is a resignation, said by nothing more.
    const char* notReachedCode = nullptr;
};

enum class StatedResultCheck {
    None,        // no result stated (or the record did not replay)
    Agrees,      // a finished game that ends as stated
    Mismatch,    // a finished game that ends otherwise
    NotReached,  // an unfinished game: the stated result is a decision, not a count
};

// How the stated result of `record` compares with its replay: a GGF disc difference under the
// variant's rule (within 0.0051: GGS rounds komi results), else Black's discs, else the winner.
StatedResultCheck compareStatedResult(const GameRecord& record);

// compareStatedResult, with the diagnostic `site` says for a mismatch (and a result not
// reached, when site.notReachedCode is set). Call it once the record is replayed.
StatedResultCheck checkStatedResult(GameRecord& record, const StatedResultSite& site);

// Reads a result written as PGN and the JSON move lists write it: "1-0", "0-1", "1/2-1/2"
// ("½-½"), or a score "33-31" (Black's discs first). Sets statedResult (as written) and
// statedWinner or statedBlackDiscs; "*" and "" state nothing. False when the text is none of
// these (statedResult is still kept, shown as written).
bool parseStatedResult(GameRecord& record, std::string_view written);

// The result to write for `record` in that form, which parseStatedResult reads back: a finished
// game's score when no stated count disagrees with it (scored by the game's rules: a Reversi
// game's 34-29), else the stated score (a game that stops early has no other, and a finished
// game whose stated score disagrees with the replay keeps saying so), else the stated winner
// ("1-0", "0-1", "1/2-1/2"), else "*".
std::string writtenResult(const GameRecord& record);

}  // namespace othello::importers
