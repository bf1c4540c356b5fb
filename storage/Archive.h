#pragma once
// The game archive: one SQLite file holding games, players, events and every position of every
// game indexed by its canonical hash (the 8 symmetries of a position share one entry).
//
// Thread-safety: an Archive is a connection. Use one Archive per thread (open the same path in
// each thread); never share one object between threads without a lock of your own. Any number of
// readers (ReadOnly or ReadWrite archives) may run while one thread or process imports: the file
// is in WAL mode with a busy timeout, so a read never fails because of an import. Readers see
// each committed batch of games at once, in position searches and statistics too: games not
// yet in the position index (written at the end of an import, in one transaction; an import
// killed before that leaves committed games unindexed, meta.indexed_upto marks how far it
// goes) are replayed by the reader into a per-connection temp table searched with the index.
// A writable open (when no import runs) and the next import index them for good.
// Only one import runs at a time per file: a second one, from any thread or process, gets a
// StorageError ("another import ... is running") at once.
//
// Errors: StorageError (a std::runtime_error) for an unusable database (unreadable, corrupt,
// written by a newer program, which is never modified) and refused imports; a failing disk
// while querying surfaces as SQLite::Exception (a std::runtime_error too). Bad records are never
// exceptions: they come back as diagnostics in ImportResult.
#include <atomic>
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
inline constexpr int kSchemaVersion = 5;

// ---- Import -------------------------------------------------------------------------------

struct ImportProgress {
    std::size_t filesDone = 0;
    std::size_t filesTotal = 0;
    std::string currentFile;
    std::int64_t gamesRead = 0;        // records read so far (good and bad)
    std::int64_t fileRecords = 0;      // records of the current file
    std::int64_t fileRecordsDone = 0;  // of them, stored or counted so far
    std::int64_t imported = 0;
    std::int64_t duplicates = 0;
    std::int64_t rejected = 0;
    double seconds = 0;  // since the import started
};
using ProgressCallback = std::function<void(const ImportProgress&)>;

struct ImportOptions {
    importers::Format format = importers::Format::Auto;  // Auto: detected per file
    bool strict = false;                                 // reader warnings reject the record
    // Called on the importing thread after each file and every progressEvery records within a
    // file (so a large file shows progress too).
    ProgressCallback progress;
    std::size_t progressEvery = 2000;
    const std::atomic<bool>* cancel = nullptr;  // set: stop soon, keep what was read
    std::size_t batchGames = 20000;             // games per transaction
};

struct ImportResult {
    std::int64_t imported = 0;
    std::int64_t duplicates = 0;          // same start, moves and players as a stored game
    std::int64_t rejected = 0;            // records with an error (see `errors`)
    std::int64_t possibleDuplicates = 0;  // same moves under other names: kept, reported
    std::int64_t prefixes = 0;            // unfinished games that are a prefix of another: kept,
                                          // each reported once per import
    std::int64_t recordsRead = 0;         // good and bad records found in the files
    std::size_t filesRead = 0;
    std::size_t filesUnreadable = 0;
    bool cancelled = false;
    // Rejected records and unreadable files (severity Error).
    std::vector<importers::Diagnostic> errors;
    // Possible duplicates and prefixes (severity Warning, codes "possible-duplicate", "prefix").
    std::vector<importers::Diagnostic> notes;
    // File-level warnings and notes of the readers (e.g. "not-a-game-file" for a WTHOR.JOU
    // given alone, "count-mismatch"); file-level errors are in `errors`.
    std::vector<importers::Diagnostic> fileNotes;
};

// ---- Search -------------------------------------------------------------------------------

enum class ResultFilter { Any, BlackWin, WhiteWin, Draw };
enum class SortKey { Id, Year, Black, White, Event, Score, Ply };
// "id", "year", "black", "white", "event", "score", "ply"; nullopt when unknown.
std::optional<SortKey> parseSortKey(const std::string& name);

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
};

struct SearchResult {
    std::int64_t total = 0;  // all matching games, ignoring limit/offset
    std::vector<GameRow> games;
};

// ---- Games, statistics, info --------------------------------------------------------------

struct StoredGame {
    std::int64_t id = 0;
    importers::GameRecord record;  // names, event, round, date, year, place, start, moves,
                                   // stated/theoretical scores, status, score, format, source
    std::string opening;           // deepest named opening reached ("" when none)
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
    std::int64_t events = 0;
    std::int64_t positions = 0;  // indexed positions
    // Games stored but not yet in the position index (an import running, or killed before
    // its index transaction; the next writable open or import indexes them). Position
    // searches and statistics find them all the same, by replaying them.
    std::int64_t unindexedGames = 0;
    std::int64_t fileBytes = 0;  // database file plus its WAL
};

// ---- Named openings -----------------------------------------------------------------------

struct Opening {
    std::string name;
    std::vector<int> moves;  // from the standard start
};
// The catalogue shipped with the program.
const std::vector<Opening>& openingCatalogue();
// The deepest catalogue opening whose position the game reaches at the same ply (under any
// symmetry, through transpositions). Only games from the standard start have openings.
std::optional<Opening> deepestOpening(const std::vector<int>& moves);
// The opening of exactly this position (null when none is named).
std::optional<Opening> openingOfPosition(const core::Position& position);

// ---- The archive --------------------------------------------------------------------------

class Archive {
  public:
    enum class Mode { ReadWrite, ReadOnly };

    // $OTHELLO_DB, else $XDG_DATA_HOME/othello-db/games.sqlite (XDG default ~/.local/share).
    static std::filesystem::path defaultDatabasePath();

    // Opens (creating it and its folder in ReadWrite mode) and migrates the database (ReadOnly
    // too: an older archive is upgraded first when the file is writable). Throws StorageError
    // when it cannot be opened, is not an archive, or is newer than this program.
    explicit Archive(const std::filesystem::path& path, Mode mode = Mode::ReadWrite);
    ~Archive();
    Archive(const Archive&) = delete;
    Archive& operator=(const Archive&) = delete;
    Archive(Archive&&) noexcept;
    Archive& operator=(Archive&&) noexcept;

    const std::filesystem::path& path() const;

    // Reads the files (folders recursively, WTHOR name files skipped) and stores their games in
    // transactions of ImportOptions::batchGames games. Killing the process at any moment keeps
    // every batch committed before; running the same import again adds exactly the rest.
    ImportResult importFiles(const std::vector<std::filesystem::path>& paths,
                             const ImportOptions& options = {});
    // Stores records already read (records with an error are counted as rejected).
    ImportResult importRecords(const std::vector<importers::GameRecord>& records,
                               const ImportOptions& options = {});

    SearchResult search(const SearchFilter& filter);
    std::int64_t count(const SearchFilter& filter);
    // Calls `visit` for every matching game in order (limit/offset respected); export uses it.
    void forEachGame(const SearchFilter& filter,
                     const std::function<void(const StoredGame&)>& visit);

    std::optional<StoredGame> game(std::int64_t id);
    // The first ply at which game `id` reaches `position` under any symmetry; nullopt if never.
    std::optional<int> reachPly(std::int64_t id, const core::Position& position);

    // Games reaching the position and the moves played next, in the query's orientation.
    PositionStats stats(const core::Position& position);

    ArchiveInfo info();

    // Gives every game of player `from` to player `to` (created if needed; if both exist the
    // two are merged). Returns the number of games changed; throws StorageError when `from`
    // is not a player. Names are matched exactly (after trimming). The old spelling is kept as
    // an alias of the player (table player_aliases): an import matches duplicates through
    // aliases and files new games under an old spelling to the player; player filters of
    // search match old spellings too.
    std::int64_t renamePlayer(const std::string& from, const std::string& to);

    struct Impl;  // the connection; defined in storage/ArchiveImpl.h, not part of the API

  private:
    std::unique_ptr<Impl> impl_;
};

// Lower-case, Latin-1 accents removed (é -> e, ß -> ss, æ -> ae), other UTF-8 kept: the key of
// case- and accent-insensitive matching.
std::string foldText(const std::string& utf8);

}  // namespace othello::storage
