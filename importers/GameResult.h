#pragma once
// The one way a game's result is shown: every list and header of the command line and the
// viewer takes its text from here, so a game reads the same everywhere.
//
//  - a finished game: its final score, "33-31" (the replay's: empties to the winner), with the
//    variant's rule named when it is not plain Othello ("33-31 (anti)");
//  - an unfinished game whose record states a result (a resignation, a loss on time, WTHOR's
//    official result): the result as stated, flagged: "33-31 (unfinished)", "1-0 (unfinished)";
//  - an unfinished game without a stated result: "*", as PGN writes it. Never a score projected
//    from the discs on the board (a 61-3 that nobody won).
#include <optional>
#include <string>

#include "GameRecord.h"

namespace othello::importers {

struct GameResult {
    enum class Kind {
        Final,    // the game is over: black/white are its final score
        Stated,   // unfinished, with the result its record states
        Unknown,  // unfinished, no result stated
    };
    Kind kind = Kind::Unknown;
    int black = 0;  // Final, and Stated with a score: discs, on the 64-disc scale
    int white = 0;
    // Stated without a score: the winner the record names (1 Black, -1 White, 0 a draw), or
    // failing that the result as written (a GGF RE of an anti or komi game).
    std::optional<int> winner;
    std::string written;
    std::string variant;  // variantLabel of a non-standard game ("anti", "komi 2.5")

    // The result of a record as read or stored.
    static GameResult of(const GameRecord& record);
    // The result of a listed game (storage::GameRow): its 64-disc score, whether the game is
    // finished, whether its record states a result (GameRow::resultKnown), and its variant
    // (plain Othello when the list does not carry it).
    static GameResult ofRow(bool complete, bool resultKnown, int blackScore, int whiteScore,
                            const GameVariant& variant = {});

    bool unfinished() const { return kind != Kind::Final; }
    bool known() const { return kind != Kind::Unknown; }
    // "33-31", "33-31 (unfinished)", "1-0 (unfinished)", "33-31 (anti)" or "*".
    std::string text() const;
    // The score part alone, without the flags: "33-31", "1-0", "*".
    std::string scoreText() const;
};

// GameResult::of(record).text(): the result of a record as every list shows it.
std::string resultText(const GameRecord& record);

// The theoretical score a file states for a game (WTHOR's, PGN's TheoreticalScore): Black's
// discs with perfect play from the position with `depth` empties, computed by whoever made the
// file, never by us. Shown (`show`, the viewer) only for a game that reached that position or
// was over before it: for a game abandoned earlier the value is of a position it never
// reached (PlayOK stores 64 for a game stopped after 2 moves). nullopt: nothing to show.
struct FileTheoretical {
    int blackDiscs = 0;
    int depth = 0;  // 0: the file does not say
};
std::optional<FileTheoretical> shownTheoretical(const GameRecord& record);
// "36 at 24 empties, the file's value" (or "36, the file's value" without a depth).
std::string theoreticalText(const FileTheoretical& value);

}  // namespace othello::importers
