#pragma once
// The values the archive takes and returns (storage/Archive.h): its errors, import options and
// results, search filters and rows, statistics, info, openings, journalled changes and edits.
// Plain structs, no SQLite; what the archive does with them is stated in Archive.h.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/Position.h"
#include "importers/GameRecord.h"
#include "importers/Reader.h"

namespace othello::storage {

struct StorageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// The schema version this program writes (PRAGMA user_version).
inline constexpr int kSchemaVersion = 17;

// ---- Import -------------------------------------------------------------------------------

struct ImportProgress {
    std::size_t filesDone = 0;
    std::size_t filesTotal = 0;
    std::string currentFile;
    std::int64_t gamesRead = 0;  // records read so far (good and bad)
    // The current file is read as a stream (its records are stored while it is read, so memory
    // stays bounded whatever its size): its record count is not known until it ends.
    std::int64_t fileRecordsDone = 0;  // records of the current file stored or counted so far
    std::int64_t fileBytes = 0;        // the current file's size
    std::int64_t fileBytesDone = -1;   // where its last record stored starts; -1: unknown
                                       // (formats whose records carry no byte offset)
    std::int64_t imported = 0;
    std::int64_t duplicates = 0;
    std::int64_t rejected = 0;
    double seconds = 0;  // since the import started
};
using ProgressCallback = std::function<void(const ImportProgress&)>;

struct ImportOptions {
    importers::Format format = importers::Format::Auto;  // Auto: detected per file
    bool strict = false;                                 // reader warnings reject the record
    // Passed to the readers (importers::ReadOptions): WTHOR names files given on the command
    // line, and the first move logbook lines omit.
    std::filesystem::path wthorPlayers;
    std::filesystem::path wthorTournaments;
    std::optional<int> firstMove;
    // Called on the importing thread after each file and every progressEvery records within a
    // file (so a large file shows progress too).
    ProgressCallback progress;
    std::size_t progressEvery = 2000;
    const std::atomic<bool>* cancel = nullptr;  // set: stop soon, keep what was read
    std::size_t batchGames = 20000;             // games per transaction
    // Positions held in memory before they go to a sorted run on disk (0: 12 M, about 800 MB
    // at most for the whole import); tests make it small to exercise the runs.
    std::size_t spillRows = 0;
    // A duplicate record (exact: the same game) bringing comments or variations the stored
    // game lacks has them merged into it (storage/curation/AnnotationStore.h mergeAnnotations), one
    // journalled edit (field "annotations", revertible) per game; else they are only
    // reported (ImportResult::annotatedDuplicates).
    bool mergeAnnotations = false;
};

// An import keeps at most this many diagnostics in each of ImportResult's lists (errors,
// notes, warnings), whatever the number of files and records: memory stays bounded on a folder
// of broken files. The counts (rejected, possibleDuplicates, damaged, ...) stay exact and
// `diagnosticsNotKept` counts what was left out.
inline constexpr std::size_t kMaxImportDiagnostics = 10000;
// Unfinished games of at most this many moves that are a prefix of another game are reported
// together, in one note, not one by one (a server dump holds hundreds of games abandoned after
// a move or two: their notes drowned the others).
inline constexpr int kShortPrefixPlies = 4;

struct ImportResult {
    std::int64_t imported = 0;
    // Exact duplicates, not stored: the same record as a stored game (same source file and
    // record number, the same id the file gives the game, or the same content: moves and every
    // header, storage/database/Codec.h recordHash), or the same moves with the same known players and
    // an event and date known on both sides that agree (one the start of the other: "2021" and
    // "2021-05-02").
    std::int64_t duplicates = 0;
    std::int64_t rejected = 0;  // records with an error (see `errors`)
    // Same moves as a stored game, but names, event or date other or unknown on either side
    // (a dump without its name files): stored, and reported ("possible-duplicate").
    std::int64_t possibleDuplicates = 0;
    std::int64_t prefixes = 0;     // unfinished games that are a prefix of another: kept,
                                   // each reported once per import; those of at most
                                   // kShortPrefixPlies moves (abandoned openings) in one note
                                   // "short-prefixes" (shortPrefixes counts them), the longer
                                   // ones one note "prefix" each
    std::int64_t shortPrefixes = 0;
    std::int64_t recordsRead = 0;  // good and bad records found in the files
    std::size_t filesRead = 0;  // files inside archives count one each
    std::size_t filesUnreadable = 0;
    // Files in which no format was detected (a README, a photo: importers::FileResult::
    // skipped), by name (at most kMaxImportDiagnostics; filesSkipped counts them all), each a
    // note "not-a-game-record" in fileNotes too. Not an error, but with
    // ImportOptions::strict the import fails.
    std::vector<std::string> notGameRecords;
    std::size_t filesSkipped = 0;
    bool cancelled = false;
    // Rejected records and unreadable files (severity Error).
    std::vector<importers::Diagnostic> errors;
    // Possible duplicates and prefixes (severity Warning, codes "possible-duplicate", "prefix").
    std::vector<importers::Diagnostic> notes;
    // Records of games that were edited or deleted in the archive since this record was
    // imported (their original record key matches: same file and record number, the file's own
    // id of the game, or the same content): not imported again, so that an edit or a deletion
    // is never undone by a re-import. Each is listed in `notes` ("edited-in-archive",
    // "deleted-in-archive", "purged-from-archive") naming the game.
    std::int64_t editedInArchive = 0;
    // The journal entry of this import (0: it stored nothing); `history` lists it and `revert`
    // of it moves its games to the trash.
    std::int64_t change = 0;
    // Set when a database error stopped the import (a full disk: "disk full: ..."): `imported`
    // then counts the games committed (kept), the files after the failure were not read, and
    // any committed games left unindexed are indexed by the next writer.
    std::string failure;
    // Duplicates whose record brings comments or variations (importers/Annotations.h) that
    // the stored game lacks: never dropped silently. An exact duplicate is not stored, so its
    // annotations are reported (or merged: ImportOptions::mergeAnnotations); a possible one is
    // stored with them, and reported all the same. Each is a note ("annotated-duplicate",
    // "annotations-merged") naming the stored game; `annotatedDuplicateGames` lists the stored
    // games' ids (each once, at most kMaxImportDiagnostics), `annotationsMerged` counts the
    // merges (their journal entries are edits of the stored games).
    std::int64_t annotatedDuplicates = 0;
    std::vector<std::int64_t> annotatedDuplicateGames;
    std::int64_t annotationsMerged = 0;
    // Diagnostics past kMaxImportDiagnostics in a list, counted and not kept.
    std::int64_t diagnosticsNotKept = 0;
    // Appends `d` to `list` unless the list is full (then counts it in diagnosticsNotKept).
    void keep(std::vector<importers::Diagnostic>& list, importers::Diagnostic d);
    // File-level warnings and notes of the readers (e.g. "not-a-game-file" for a WTHOR.JOU
    // given alone, "count-mismatch"); file-level errors are in `errors`.
    std::vector<importers::Diagnostic> fileNotes;
    // The warnings of the records read (severity Warning: "no-moves", "result-mismatch",
    // "unterminated-comment", ...), as the readers keep them (importers/ReadLimits.h).
    std::vector<importers::Diagnostic> warnings;
    // Records, and stretches of files before any record, whose text was damaged (a comment,
    // quote or value never closed: importers::Diagnostic::damage). The import exits 1.
    std::int64_t damaged = 0;
};

// ---- Search -------------------------------------------------------------------------------

enum class ResultFilter { Any, BlackWin, WhiteWin, Draw };
enum class SortKey { Id, Year, Black, White, Event, Score, Ply };

struct SearchFilter {
    std::string player;  // either colour; substring, case- and accent-insensitive
    std::string black;
    std::string white;
    std::string event;
    std::optional<int> yearFrom;  // inclusive
    std::optional<int> yearTo;    // inclusive
    ResultFilter result = ResultFilter::Any;
    // Games reaching this position (any symmetry, any move order).
    std::optional<core::Position> position;
    // Games whose endgame review (`analyze`, storage/cache/AnalysisCache.h) has a move that lost at
    // least this many discs, played by `lostBy` (nullopt: either side). Unreviewed games never
    // match.
    std::optional<int> lostDiscs;
    std::optional<core::Color> lostBy;
    // Games under these rules (games.rules, core/Rules.h): a preset's name ("othello",
    // "reversi", "reversi-all-lines") matches every game of that preset whatever its modifiers
    // ("reversi" finds classic Reversi from either cross and with either scoring); a code with
    // modifiers ("reversi+empties", "othello+handicap-a1h8-white") matches that code exactly.
    // Normalised by rulesFilterText (any case, modifiers in any order); empty: any rules.
    std::string rules;
    // Handicap games (rules with Start::Handicap): 0 for any corners, else exactly these corners
    // (a1, h1, a8, h8 bits), to either colour.
    std::optional<core::Bitboard> handicap;
    // Name sorts (Black, White, Event) order by the folded name and put unknown names ("",
    // "?", "???": only question marks) last, in either direction.
    SortKey sort = SortKey::Id;
    bool descending = false;
    std::int64_t limit = 50;  // < 0: no limit
    std::int64_t offset = 0;
    bool withOpenings = false;  // fill GameRow::opening (replays each hit: a little slower)
};

struct GameRow {
    std::int64_t id = 0;
    std::string black;
    std::string white;
    std::string event;
    int year = 0;
    // Black's result on the 64-disc scale (whiteScore = 64 - blackScore): the final score
    // (empties to the winner); for an unfinished game the result the record states, else the
    // discs with the empties given to the leader (shown, marked, when resultKnown is false).
    int blackScore = 0;
    int whiteScore = 0;
    bool complete = false;
    std::vector<int> moves;  // squares and core::kPass
    std::optional<int> ply;  // position searches: the ply at which the game reaches it
    std::string opening;     // deepest named opening (SearchFilter::withOpenings)
    // False for an unfinished game whose record states no result: its result is unknown, so
    // result filters (--result) never match it and statistics count it only in `games`.
    // (WTHOR's unfinished games state their official result and count by it.)
    bool resultKnown = true;
    // The kind of game (GGF TY, komi); plain Othello for most: lists show "64-0 (anti)".
    importers::GameVariant variant;
    // The rules (games.rules): Othello's for most. Under disc scoring (classic Reversi) the
    // result a list shows of a finished game is `discs` as they stand (34-29), blackScore
    // staying on the 64-disc scale (35) that sorts and result filters use.
    core::Rules rules;
    // Set to the stored code when this program cannot read it (a later version wrote it):
    // `rules` is then a stand-in (Othello's from the start) and lists say "unknown rules".
    std::optional<std::string> unreadableRules;
    core::Score discs;
};

// A game as Archive::forEachMoves gives it: its moves as stored (storage/database/Codec.h: one
// byte per ply, a line move two), its rules and its start (the cross when none is stored).
struct GameMoves {
    std::int64_t id = 0;
    const unsigned char* moves = nullptr;
    int size = 0;
    core::Rules rules;
    core::Position start = core::Position::start();
};

// The SearchFilter::rules text for what a user typed: a preset's name as it is, a code with
// modifiers as rulesCode writes it; nullopt (with `error` set) when it is no rules code.
std::optional<std::string> rulesFilterText(const std::string& typed, std::string& error);
// "a1,h8" (any case, ',' or spaces between) -> the corners; nullopt (with `error` set) when a
// name is no corner or a corner repeats.
std::optional<core::Bitboard> parseCorners(const std::string& typed, std::string& error);
// "a1,h8": the corners in a1, h1, a8, h8 order.
std::string cornersText(core::Bitboard corners);

// Game ids are below 2^39 (the position index packs them with the ply into 64 bits).
inline constexpr std::int64_t kMaxGameId = (std::int64_t{1} << 39) - 1;

struct SearchResult {
    std::int64_t total = 0;  // all matching games, ignoring limit/offset
    std::vector<GameRow> games;
};

// ---- Games, statistics, info --------------------------------------------------------------

struct StoredGame {
    std::int64_t id = 0;
    importers::GameRecord record;  // names, event, round, date, year, place, start, moves,
                                   // stated/theoretical scores, status, score, format, source,
                                   // comments and variations (storage/curation/AnnotationStore.h)
    std::string opening;           // deepest named opening reached ("" when none)
    // As GameRow::unreadableRules: the stored rules code this program cannot read.
    std::optional<std::string> unreadableRules;
};

// `games` counts every game; unfinished games without a stated result (result unknown, see
// GameRow::resultKnown) are in no other figure: not wins, draws or the average Black score.
struct Figures {
    std::int64_t games = 0;
    std::int64_t blackWins = 0;
    std::int64_t draws = 0;
    std::int64_t whiteWins = 0;
    std::int64_t sumBlackScore = 0;  // over the games with a known result
    std::int64_t decided() const { return blackWins + draws + whiteWins; }
    std::int64_t unknownResults() const { return games - decided(); }
    double avgBlackScore() const {
        return decided() ? double(sumBlackScore) / double(decided()) : 0.0;
    }
};

struct MoveFigures : Figures {
    // The square, in the orientation of the queried position, or core::kPass. Moves that a
    // symmetry of the position maps onto each other are one row (shown as most games played it).
    int move = 0;
};

struct PositionStats : Figures {
    std::vector<MoveFigures> moves;  // by games played, most first
    std::string opening;             // deepest named opening of the queried position
};

struct ArchiveInfo {
    std::string path;
    int schemaVersion = 0;
    std::int64_t games = 0;
    std::int64_t players = 0;
    // Distinct event names recorded (not events: an event is a name in a year, see
    // Archive::eventCounts, which `info` and the viewer show).
    std::int64_t eventNames = 0;
    std::int64_t positions = 0;  // indexed positions
    // Games stored but not yet in the position index (an import running, or killed before
    // its index transaction; the next connection that may write indexes them, see above).
    // Position searches and statistics find them all the same, by replaying them (up to
    // maxReplayedGames(); past that they leave them out until the import ends).
    std::int64_t unindexedGames = 0;
    std::int64_t fileBytes = 0;  // database file plus its WAL (when read)
    // Games per rule set (core::rulesCode), most first; "othello" for the games under Othello's
    // rules exactly (the rest of `games`).
    std::vector<std::pair<std::string, std::int64_t>> gamesByRules;
    // How this connection reads the file (see "Read-only archives"): "read-write",
    // "read-only", or "read-only snapshot" (the file alone, as it is).
    std::string access;
    std::string accessWarning;  // Archive::accessWarning()
};

// ---- Named openings -----------------------------------------------------------------------

// One entry of the catalogue (storage/query/openings.txt): a line and every name players give
// the position it reaches.
struct Opening {
    // What lists show: the usual English name, then the usual Japanese one in parentheses
    // ("Tiger (虎定石)"); with no English name, the deepest English-named opening its line
    // passes, then the Japanese name ("Comp'Oth: 砂虎").
    std::string name;
    std::vector<std::string> english;   // the usual English name first, then its aliases
    std::vector<std::string> japanese;  // the usual Japanese name first (日本語), then aliases
    std::vector<std::string> sources;   // tags of the lists naming it (openings.txt header)
    std::vector<int> moves;             // from the standard start, in the f5 orientation
};

// A name looked up in the catalogue (findOpening): the opening, else the names it could mean.
struct OpeningLookup {
    std::optional<Opening> opening;
    // No opening: the names of every opening the text is a prefix of (ambiguous), else the
    // catalogue's names nearest to it (a typo); at most 8 either way.
    std::vector<std::string> candidates;
    bool ambiguous = false;  // several openings start with the text
};

// ---- Editing, the trash and the journal (see Archive.h) -----------------------------------

// A game entered or edited by hand fails a check (an illegal move, a result the moves
// contradict, an empty name): nothing was changed. The message says what and where ("move 12
// (ply 13): e3 is not a legal move").
struct EditError : StorageError {
    using StorageError::StorageError;
};
// A revert blocked by a later change (`blocker`, with a message naming it), or a change that
// cannot be reverted (a purge, the revert of a rename; blocker 0): nothing was changed.
struct RevertBlocked : StorageError {
    RevertBlocked(const std::string& what, std::int64_t by) : StorageError(what), blocker(by) {}
    std::int64_t blocker = 0;
};

// The headers of a game as typed by a user; nullopt: not given (unchanged, for an edit).
struct GameHeaders {
    std::optional<std::string> black, white, event, date, round, place;
    // As PGN and the move lists write it: "33-31" (Black's discs first), "1-0", "0-1",
    // "1/2-1/2"; "" or "*": no result stated.
    std::optional<std::string> result;
};

// One journalled change.
struct Change {
    std::int64_t id = 0;
    std::int64_t time = 0;  // seconds since 1970, UTC
    std::string user;
    // "add", "edit", "delete", "restore", "purge", "import", "rename-player",
    // "rename-event", "withdraw", "unwithdraw", "event-rounds", "stage", "duplicates",
    // "not-duplicates", "problems-add", "problems-remove", "problems-edit"
    // (storage/problems/ProblemStore.h), "revert"
    std::string kind;
    std::string summary;              // one line: "game 12: black \"Tamenori\" -> \"Tamenori H.\""
    std::vector<std::int64_t> games;  // the games it changed (an import: see firstGame)
    std::int64_t firstGame = 0, lastGame = 0;  // an import's games: ids in [first, last]
    // Old and new values, as JSON text: {"fields": {"black": {"old": .., "new": ..}, ..}},
    // {"games": [..]}, {"from": .., "to": ..}, ...
    std::string details;
    std::int64_t revertedBy = 0;  // the revert that undid it (0: in effect)
    std::int64_t reverts = 0;     // a revert: the change it undid
};

struct HistoryFilter {
    std::optional<std::int64_t> game;  // only the changes of this game
    std::int64_t limit = 100;          // newest first; < 0: all
};

// A game in the trash.
struct TrashedGame {
    GameRow row;              // as search lists it
    std::int64_t change = 0;  // the change that deleted it
    std::int64_t time = 0;
    std::string user;
};

// The comments and variations of a game (importers/Annotations.h), as an edit sets them all
// at once: what the viewer's move list holds, saved with the game.
struct GameAnnotations {
    std::vector<importers::Comment> comments;
    std::vector<importers::Variation> variations;
    bool operator==(const GameAnnotations&) const = default;
};

// The result of an add or an edit.
struct EditResult {
    std::int64_t game = 0;
    std::int64_t change = 0;          // 0: nothing changed (the values were already those)
    std::vector<std::string> fields;  // the fields changed: "black", ..., "moves", "annotations"
};
}  // namespace othello::storage
