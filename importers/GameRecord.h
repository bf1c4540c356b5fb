#pragma once
// One game as every reader produces it and every writer and the storage consume it.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "Annotations.h"
#include "Diagnostic.h"
#include "GameVariant.h"
#include "core/Position.h"
#include "core/Replay.h"
#include "core/Rules.h"

namespace othello::importers {

enum class Format { Auto, Moves, Transcript, Wthor, Ggf, Pgn, Csv };
const char* formatName(Format f);  // "moves", "transcript", "wthor", "ggf", "pgn", "csv"
std::optional<Format> parseFormat(const std::string& name);
// The code a format is stored under in archives (games.format). Explicit and stable: never
// renumber (tests/importers/FormatTableTest pins them). Unknown codes give nullopt.
int storedFormatCode(Format f);
std::optional<Format> formatFromStoredCode(int code);

enum class GameStatus { Complete, Incomplete, Error };
const char* statusName(GameStatus s);  // "complete" / "incomplete" / "error"

// Where a record read from a WTHOR file came from: the raw bytes, kept so that writing the
// records of a .wtb back gives the same bytes (see WthorWriter.h).
struct WthorOrigin {
    std::array<std::uint8_t, 16> header{};  // the .wtb file header
    std::array<std::uint8_t, 68> bytes{};   // the game record as stored
    std::uint16_t tournamentId = 0;
    std::uint16_t blackId = 0;
    std::uint16_t whiteId = 0;
};

// One single edit of a transcript diagram that makes it replay legally (TranscriptRepair.h).
struct RepairCandidate {
    std::string change;      // plain words: "swap 23 (f4) and 24 (g4)"
    int changedMoves = 0;    // moves of the game whose square the edit changes
    std::vector<int> moves;  // the repaired game, passes explicit
    GameStatus status = GameStatus::Incomplete;
    core::Score score;  // as GameRecord::score
    bool matchesStatedScore = false;
};

// What was found when a record's comments and variations were checked against its start and
// moves (checkAnnotations below).
enum class AnnotationsCheck { Unchecked, Fit, Unfit };

struct GameRecord {
    // Metadata, UTF-8.
    std::string black;
    std::string white;
    std::string event;
    std::string round;
    std::string date;  // ISO 8601, possibly partial ("1992", "1992-08", "1992-08-14")
    int year = 0;      // 0 when unknown
    std::string place;

    // The game. `moves` holds squares and core::kPass with the passes made explicit by the
    // replay; an unfinished record ends where it ends (no forced pass appended after it).
    core::Position start = core::Position::start();
    bool standardStart = true;
    GameVariant variant;  // the GGF type (GameVariant.h); default: plain Othello
    // The rules the game is played under (core/Rules.h): Othello's by default. `start` is
    // rulesStart(rules) unless rules.start is AnyPosition (the empty board for placements, the
    // cross plus the corners for a handicap). Moves are core's tokens: placements are squares,
    // a one-line move that had a choice names its line (core::lineMove).
    core::Rules rules;
    std::vector<int> moves;
    // Annotations of the main line (Annotations.h): comments on its positions (ply k = after
    // moves[k-1], ply 0 = before the first move) and variations branching off its plies. Only
    // PGN carries both, GGF comments only (C[], GgfWriter.h); other formats keep neither and
    // their writers say how many games lost them (Writer.h conversionWarnings).
    std::vector<Comment> comments;
    std::vector<Variation> variations;
    // Whether the comments and variations fit start and moves, found where the record was
    // built (checkAnnotations): every reader's records as they are kept (keepRecord), a typed
    // game's where its annotations are added (the viewer's editor). Storage keeps a record's
    // annotations at import and addGame only when they were found to Fit, without replaying
    // them again, and says why not otherwise. Whoever changes moves, comments or variations
    // after the check checks again.
    AnnotationsCheck annotationsCheck = AnnotationsCheck::Unchecked;
    std::string annotationsUnfit;  // Unfit: what is wrong, in plain words (annotationsValid)

    // What the file states, checked against the replay where the format allows.
    std::optional<int> statedBlackDiscs;  // WTHOR, PGN Result, transcript Score
    std::optional<int> theoreticalScore;  // WTHOR: Black's discs with perfect play
    std::optional<int> theoreticalDepth;  // WTHOR: empties at which it was computed
    // GGF RE: Black's result under the variant's rule (blackResult in GameVariant.h): the disc
    // difference for plain games, with the komi taken off for komi games, (white - black) for
    // anti-Othello; positive when Black wins. statedBlackDiscs is only derived from it for
    // plain and synchro games, where it stands for a disc count.
    std::optional<double> statedDiscDiff;
    std::optional<int> statedWinner;  // CSV: 1 Black, -1 White, 0 draw
    std::string statedResult;         // the result as written in the file

    // Computed by the replay.
    GameStatus status = GameStatus::Error;
    // Final score (empties to the player with more discs: the winner, or in anti-Othello the
    // loser) when complete, else disc counts. Who won: winnerOf(score, variant).
    core::Score score;

    Format format = Format::Auto;
    SourceLocation source;
    std::optional<WthorOrigin> wthor;      // set by the WTHOR reader only
    std::string gameId;                    // an identifier the file gives (CSV id column)
    std::vector<RepairCandidate> repairs;  // transcripts that fail: the edits that fix them
    std::vector<Diagnostic> diagnostics;   // warnings; plus the error when status == Error

    bool ok() const { return status != GameStatus::Error; }
    bool complete() const { return status == GameStatus::Complete; }
    int passes() const;
    bool annotated() const { return !comments.empty() || !variations.empty(); }
};

// Checks r's comments and variations against its start and moves (annotationsValid) and sets
// r.annotationsCheck and r.annotationsUnfit to what it found. A record without any is Fit at
// no cost (nothing replayed).
void checkAnnotations(GameRecord& r);

}  // namespace othello::importers
