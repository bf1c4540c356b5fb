#pragma once
// The game archive: one SQLite file holding games, players, events and every position of every
// game indexed by its canonical hash (the 8 symmetries of a position share one entry). The values
// it takes and returns (options, filters, rows, results, changes) are in storage/ArchiveTypes.h.
//
// Thread-safety: an Archive is a connection. Use one Archive per thread (open the same path in
// each thread); never share one object between threads without a lock of your own.
//
// Writers and readers. Any number of readers (ReadOnly or ReadWrite archives) may run while one
// thread or process writes: the file is in WAL mode with a busy timeout, so a read never fails
// because of a writer. Every query (search, count, forEachGame, game, stats, info) reads one
// snapshot: its statements run in one read transaction, so no figure mixes two states. Writers
// of games, players and events (import, rename-player, rename-event, add, edit, delete,
// restore, purge, revert, duplicates: see "Editing, the trash and the journal") exclude each
// other with the writer lock (storage/database/WriterLock.h, which states the rule for future
// writers): a second one waits up to the busy timeout (Options::busyTimeout, default
// $OTHELLO_BUSY_TIMEOUT or 10 s), then gets
// ArchiveBusy ("archive busy: import by process 1234"). An import also checks, before each batch
// commits, that its games point to existing players, events and sources.
//
// Games not yet indexed. An import commits its games in batches and indexes their positions at
// its end, in one transaction (meta.indexed_upto marks how far the index goes). Readers see each
// committed batch whole, in position searches and statistics too: correctness first, a position
// search never misses a committed game. While an import runs, a reader replays the committed,
// unindexed games, once per process for all its connections (storage/index/PendingPositions.h), and
// searches their positions with the index (slower: the CLI warns "N games not yet indexed",
// see unindexedGames()). Games a killed import left unindexed
// are indexed once, for good, by the next connection that may write when no writer runs: a
// writable open, an import, or a reader on writable media (it takes the writer lock and indexes
// them through a connection of its own, in bounded transactions). Where that is impossible (a
// read-only archive, a full disk) readers keep replaying them, with the warning. A reader
// replays at most kMaxReplayedGames: an import bigger than that writes its positions to sorted
// runs on disk and indexes them all at its end (storage/index/PositionRuns.h, which keeps a 10 M-game
// import fast), and until then position searches and statistics leave its games out (the CLI
// says so).
//
// Creating and opening. Only writable opens create a file (readers throw "does not exist");
// creation and migration run under the writer lock, so processes opening a new path at once all
// succeed, and the schema is checked in one statement. A reader never upgrades an older schema:
// it reads the file as it is (temp views stand in for newer columns and tables).
//
// Read-only archives (a read-only folder, a read-only mount, a CD). Options::media, probed with
// statvfs (ST_RDONLY: a read-only mount) and access(W_OK) on the folder, decides. Writers keep
// the -wal and -shm files beside the archive (SQLITE_FCNTL_PERSIST_WAL) and leave the main file
// complete when they close (a full checkpoint), so the file alone is the whole archive. A
// reader on read-only media opens it mode=ro through its -wal and -shm when both are beside it
// (seeing a writer that may write there, and what a killed writer left in the -wal), else
// immutable, as a snapshot: the file as it is, without locks (a copy of the file alone, a CD).
// A snapshot that may leave changes out (a non-empty -wal without its -shm, which a read-only
// reader cannot read) says so: accessWarning(). Writable opens there throw
// StorageError("archive is read-only: ...").
//
// Errors: StorageError (a std::runtime_error) for an unusable database (missing, a directory,
// unreadable, corrupt, written by a newer program, which is never modified), refused writes and
// a busy archive (ArchiveBusy, storage/database/WriterLock.h); a failing disk while querying surfaces as
// SQLite::Exception (a std::runtime_error too). A failing disk during an import does not throw:
// ImportResult::failure says why it stopped, and `imported` counts the games committed. Bad
// records are never exceptions: they come back as diagnostics in ImportResult.
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
#include "storage/ArchiveTypes.h"

namespace othello::storage {

// ---- Import -------------------------------------------------------------------------------

// The files an import reads (`check` too): files as given; folders recursively, sorted,
// without hidden files and WTHOR names files (.JOU / .TRN, whatever their prefix).
std::vector<std::filesystem::path> expandImportPaths(
    const std::vector<std::filesystem::path>& paths);

// ---- Search -------------------------------------------------------------------------------

// "id", "year", "black", "white", "event", "score", "ply"; nullopt when unknown.
std::optional<SortKey> parseSortKey(const std::string& name);

// ---- Games, statistics, info --------------------------------------------------------------

// The most unindexed games a reader replays into its position searches (see above), and from
// how many pending games the next writer indexes them in one pass over sorted runs.
inline constexpr std::int64_t kMaxReplayedGames = 250'000;
// kMaxReplayedGames, or the environment's OTHELLO_MAX_REPLAYED_GAMES (tests lower it).
std::int64_t maxReplayedGames();

// ---- Named openings -----------------------------------------------------------------------

// The catalogue shipped with the program (storage/query/openings.txt, compiled in): one entry
// per named position, no two reaching the same position under the 8 symmetries.
const std::vector<Opening>& openingCatalogue();
// A game's opening: the deepest (longest) catalogue line whose position the game reaches at
// the same ply, under any of the 8 symmetries and through transpositions (another move order to
// the same position). A game following the Tiger then leaving it is a Tiger game; one going on
// into the Rose-Bill is a Rose-Bill game. Only games from the standard start have openings.
std::optional<Opening> deepestOpening(const std::vector<int>& moves);
// The opening of exactly this position (null when none is named).
std::optional<Opening> openingOfPosition(const core::Position& position);
// The opening called `name`: any of its names, English or Japanese, case-, accent- and
// punctuation-insensitive ("no kung" is "No-Kung", "fat" is "F.A.T."); an exact name wins, else
// a prefix of the names of one opening only.
OpeningLookup findOpening(const std::string& name);

// ---- Editing, the trash and the journal ---------------------------------------------------
//
// Every change to games, players and events is journalled in the archive (table journal):
// what changed with its old and new values, when, and by whom (Archive::setUser, else the OS
// user name). history() lists the changes; revert() undoes one. A revert that a later change
// depends on (an edit of the same field of the same game, a deletion, a purge, a rename of
// the same name) says which change blocks it (RevertBlocked) and changes nothing: revert that
// one first. A revert is journalled too, and marks the change it undid; reverting a revert
// redoes the change (undo and redo make a chain of reverts, each undoing the one before).
//
// Edits. Every edit runs in one transaction under the writer lock: the game's row, its
// positions in the index and the position statistics, its duplicate keys (moves_key,
// record_hash) and its opening change together, so a reader sees the old game or the new one,
// never a mix. A moves edit drops the game's cached endgame review (AnalysisCache.h).
//
// The trash. deleteGames() moves games to the trash (table trash_games): they leave search,
// counts, tournaments and position statistics at once; restoreGame() brings one back under
// its id, re-indexed; purgeGames() deletes trashed games for good, the one change that cannot
// be reverted. Game ids are never reused, not even a purged game's. A game's comments and
// variations (storage/curation/AnnotationStore.h) stay with it in the trash and go with a purge.
//
// Original record keys. An edited or deleted game keeps the key of the record it was imported
// from (table game_origins: file and record number, the file's id of the game, the content
// hash), so importing that file again skips the record ("edited/deleted in the archive",
// ImportResult::editedInArchive) instead of bringing the old version back.

// The record of a game entered by hand: `moves` (squares and core::kPass; passes may be left
// out where forced) replayed from `start`, with the headers. Throws EditError for an illegal
// move (its move number, ply and square), a result that disagrees with a finished game's
// final score, a result that is not a result, or a date that is not ISO 8601 (YYYY, YYYY-MM,
// YYYY-MM-DD) or not in the calendar (2024-02-30, 2023-02-29). A result stated for an unfinished
// game is kept as stated (a resignation, a loss on time or by forfeit). Names default to "?"
// (unknown), like PGN.
importers::GameRecord enteredGame(const core::Position& start, const std::vector<int>& moves,
                                  const GameHeaders& headers);
// The same under `rules` (core/Rules.h): played from `start` when given (the rules' start
// fitted to it, core::fitStart), else from the rules' own start (the empty board for
// placements, the cross with the handicap corners); the result is checked under the rules'
// scoring (a classic Reversi game ending 34-29 on the board has that result). EditError too
// for rules with no start of their own (AnyPosition) and no start given.
importers::GameRecord enteredGame(const core::Rules& rules,
                                  const std::optional<core::Position>& start,
                                  const std::vector<int>& moves, const GameHeaders& headers);

// ---- The archive --------------------------------------------------------------------------

struct TournamentSummary;  // storage/tournaments/Tournament.h
struct Tournament;
enum class Stage;  // storage/tournaments/EventStructure.h
struct RenameResult;  // storage/curation/Duplicates.h
struct DuplicateList;
struct DuplicateQuery;
struct DuplicateResolve;
struct DuplicateResolution;
struct RatingHistory;  // storage/players/Ratings.h
struct RatingQuery;
struct RatingTable;
struct RatingsRebuild;
struct PlayerLookup;  // storage/players/PlayerProfile.h
struct PlayerProfile;
struct ProfileOptions;

// Where the archive's file lives, as far as writing it goes (see "Read-only archives" above).
enum class Media { Writable, ReadOnlyFolder, ReadOnlyMount };
// statvfs (ST_RDONLY) and access(W_OK) on the folder of `database` (its nearest existing one).
Media probeMedia(const std::filesystem::path& database);

class Archive {
  public:
    enum class Mode { ReadWrite, ReadOnly };

    // $OTHELLO_DB, else $XDG_DATA_HOME/othello-db/games.sqlite (XDG default ~/.local/share).
    static std::filesystem::path defaultDatabasePath();

    struct Options {
        Mode mode = Mode::ReadWrite;
        std::optional<Media> media;  // nullopt: probeMedia(path); set by tests and tools that
                                     // know better
        std::optional<std::chrono::milliseconds> busyTimeout;  // nullopt: the default (above)
    };
    // Opens the database; ReadWrite creates it (and its folder) and migrates it, ReadOnly
    // neither (see the contract above). Throws StorageError when it does not exist (ReadOnly),
    // is a directory, cannot be opened, is not an archive, is newer than this program, or
    // cannot be written (ReadWrite: "archive is read-only"); ArchiveBusy when creating or
    // migrating it waits for another writer too long.
    explicit Archive(const std::filesystem::path& path, Mode mode = Mode::ReadWrite);
    Archive(const std::filesystem::path& path, const Options& options);
    ~Archive();
    Archive(const Archive&) = delete;
    Archive& operator=(const Archive&) = delete;
    Archive(Archive&&) noexcept;
    Archive& operator=(Archive&&) noexcept;

    const std::filesystem::path& path() const;
    // What a read-only snapshot leaves out, for the user ("" almost always; see "Read-only
    // archives").
    const std::string& accessWarning() const;

    // Reads the files (folders recursively, WTHOR name files skipped) and stores their games in
    // transactions of ImportOptions::batchGames games. Killing the process at any moment keeps
    // every batch committed before; running the same import again adds exactly the rest.
    // Holds the writer lock throughout (ArchiveBusy after the busy timeout); a database error
    // after the start (a full disk) ends it early with ImportResult::failure set.
    ImportResult importFiles(const std::vector<std::filesystem::path>& paths,
                             const ImportOptions& options = {});
    // Stores records already read (records with an error are counted as rejected). Their
    // comments and variations are kept when the check made where the record was built found
    // them to fit its moves (GameRecord::annotationsCheck, importers::checkAnnotations, which
    // every reader runs); else the game is kept without them, with an "annotations-not-kept"
    // note.
    ImportResult importRecords(const std::vector<importers::GameRecord>& records,
                               const ImportOptions& options = {});

    SearchResult search(const SearchFilter& filter);
    std::int64_t count(const SearchFilter& filter);
    // Calls `visit` for every matching game in order (limit/offset respected); export uses it.
    void forEachGame(const SearchFilter& filter,
                     const std::function<void(const StoredGame&)>& visit);

    // The rows search gives (the opening named, no ply) of the games `ids`, in that order; an
    // id no longer stored is left out.
    std::vector<GameRow> gameRows(const std::vector<std::int64_t>& ids);
    // What a replay needs of every game `filter` selects, in its order (limit and offset
    // ignored), read with the filter's joins only: pattern search loads 10 M games with it.
    // GameMoves::moves points into the row being read: valid during `visit` only.
    void forEachMoves(const SearchFilter& filter,
                      const std::function<void(const GameMoves&)>& visit);

    std::optional<StoredGame> game(std::int64_t id);
    // The first ply at which game `id` reaches `position` under any symmetry; nullopt if never.
    std::optional<int> reachPly(std::int64_t id, const core::Position& position);

    // Games reaching the position and the moves played next, in the query's orientation.
    // Othello's statistics: games played as Othello only (anti-Othello and games under other
    // rules are found by position searches but never counted here).
    PositionStats stats(const core::Position& position);
    // The statistics of the games under `rules` alone (SearchFilter::rules: a preset's name or
    // a code; "othello" or "" is the call above), their results on the 64-disc scale (a game
    // scored by its discs counts with the empties given to its winner).
    PositionStats stats(const core::Position& position, const std::string& rules);

    ArchiveInfo info();
    // Games committed but not yet in the position index, now (0 almost always; see above).
    std::int64_t unindexedGames();

    // Gives every game of player `from` to player `to` (created if needed; if both exist the
    // two are merged): rename(NameKind::Player, from, to).games.
    std::int64_t renamePlayer(const std::string& from, const std::string& to);

    // ---- Editing, the trash and the journal (see above) ----
    // Every one of these takes the writer lock (ArchiveBusy after the busy timeout), throws
    // StorageError on a read-only archive and for a game id that is not there, and journals
    // what it did under the user name below.
    // The user name journalled with the changes of this connection: `name`, or "" for the
    // OS user name ($USER, else the login name, else "unknown").
    void setUser(const std::string& name);
    const std::string& user() const;
    // Stores a game made by enteredGame() (or read from a file), with its comments and
    // variations (EditError when they do not fit its moves, or were not checked where the
    // record was built: GameRecord::annotationsCheck, importers::checkAnnotations); returns its
    // id. It is not a duplicate check: the user asked for this game.
    EditResult addGame(const importers::GameRecord& record);
    // Changes the given headers of game `id` and, when `moves` is set, its moves (from its own
    // start, replayed as enteredGame does), and, when `annotations` is set, its comments and
    // variations (replacing them all; checked by importers::annotationsValid against the
    // game's moves after the edit) -- all in one journalled change (field "annotations").
    // The result stated is checked against the moves as for a new game. A moves edit keeps
    // the game's comments and variations when they still fit the new moves; when they do not,
    // it throws EditError unless `annotations` is given too (the caller decides what becomes
    // of them). Throws EditError when a check fails (nothing changed). A revert of a moves
    // edit that the annotations since no longer fit (or the other way round) is blocked by
    // the later change (RevertBlocked). `rules` (a code, core/Rules.h) changes the game's
    // rules (field "rules"): refused (EditError) unless its moves (the new ones when given)
    // replay under them from their start.
    EditResult editGame(std::int64_t id, const GameHeaders& headers,
                        const std::optional<std::vector<int>>& moves = std::nullopt,
                        const std::optional<GameAnnotations>& annotations = std::nullopt,
                        const std::optional<std::string>& rules = std::nullopt);
    // Moves the games to the trash, one journalled change; returns its id. Ids not found (or
    // already in the trash) throw StorageError naming them, and nothing is deleted.
    std::int64_t deleteGames(const std::vector<std::int64_t>& ids);
    // The games in the trash, most recently deleted first.
    std::vector<TrashedGame> trash();
    // Game `id` when it is in the trash (when, by whom and by which change); nullopt else.
    std::optional<TrashedGame> trashedGame(std::int64_t id);
    // Brings a game back from the trash (with its id), re-indexed; returns the change id.
    std::int64_t restoreGame(std::int64_t id);
    // Deletes trashed games for good (every trashed game when `ids` is empty): the only change
    // that cannot be reverted. Returns the change id (0 when the trash was empty).
    std::int64_t purgeGames(const std::vector<std::int64_t>& ids);
    // The journal, newest first.
    std::vector<Change> history(const HistoryFilter& filter = {});
    std::optional<Change> change(std::int64_t id);
    // Undoes change `id` (see above); returns the id of the revert. Throws RevertBlocked when a
    // later change depends on it, StorageError when there is no such change.
    std::int64_t revert(std::int64_t id);
    // Names for completion in an editor: players (or events) that some game (or trashed game)
    // names, whose folded form (foldText) starts with the folded `prefix`, in folded order, at
    // most `limit`.
    enum class NameKind { Player, Event };
    std::vector<std::string> names(NameKind kind, const std::string& prefix,
                                   std::size_t limit = 20);
    // rename(NameKind::Event, from, to).games.
    std::int64_t renameEvent(const std::string& from, const std::string& to);
    // Renames every spelling of player (or event) `from` to `to`, merging them into `to` when
    // it is a name already (storage/curation/Duplicates.h RenameResult). Names follow the name rule
    // (caseFold): `from` matches every spelling equal to it but for case, and spellings of
    // `to` in another case are merged into `to` too; spellings equal only without accents are
    // listed (lookalikes), never renamed. Throws StorageError when no spelling matches `from`
    // (or `to` is empty, for a player). A player's old spellings are kept as aliases (table
    // player_aliases): an import matches duplicates through aliases and files new games under
    // an old spelling to the player; player filters of search match old spellings too. One
    // journalled change ("rename-player", "rename-event"), revertible. The result lists the
    // groups of games the rename makes identical (it changes nothing else). dryRun: the same
    // result, nothing changed (no writer lock either).
    RenameResult rename(NameKind kind, const std::string& from, const std::string& to,
                        bool dryRun = false);

    // ---- Possible duplicates (storage/curation/Duplicates.h) ----
    // The groups of games with the same moves from the same start (one read).
    DuplicateList duplicates(const DuplicateQuery& query);
    // Keeps one game of a group and moves the others to the trash, merging headers when asked;
    // one journalled change ("duplicates"). Throws StorageError for a game not in the archive,
    // a game to drop whose moves or start differ from the kept game's, or games marked not
    // duplicates of it; MergeConflict for conflicts not settled. Nothing changes on a throw.
    DuplicateResolution resolveDuplicates(const DuplicateResolve& resolve);
    // Marks the games (two or more, the same moves from the same start) as different games:
    // `duplicates` no longer lists them together. Journalled ("not-duplicates"), revertible;
    // returns the change id.
    std::int64_t markNotDuplicates(const std::vector<std::int64_t>& games);

    // ---- Tournaments (storage/tournaments/Tournament.h, storage/tournaments/Standings.h) ----
    // Every event of every year, tournament or not, sorted by year then name (one read of
    // games grouped by event, year and players).
    std::vector<TournamentSummary> tournaments();
    // The events counted as `events` lists them, the one definition every view uses (README
    // "Events"): an event is an event name in a year, its spellings one ("World Championship"
    // of WTHOR and "World Championship - 2021" of a PGN); `tournaments` are the events that
    // are tournaments (the rest are collections of games); `names` the distinct event names
    // recorded ("World Championship" once, whatever its years). Computed from tournaments().
    struct EventCounts {
        std::int64_t events = 0, tournaments = 0, names = 0;
    };
    EventCounts eventCounts();
    // One tournament by its id (Tournament.h), its games in file order and its stored
    // withdrawals; nullopt when no game has that event and year.
    std::optional<Tournament> tournament(std::int64_t id);
    // Stores that `player` (spelled as the tournament's games spell the player) withdrew from
    // tournament `id` after round `afterRound` (0: not given; 1..999), replacing what was
    // stored; computeStandings(const Tournament&) then counts it. Journalled ("withdraw",
    // storage/tournaments/Withdrawals.h); returns the change id, 0 when it was stored so already. Throws
    // StorageError for an unknown id, a collection that is not a tournament, a name that plays
    // no game of it, a round outside 0..999 or (rounds from the source) past the last round or
    // before a round the player played; ArchiveBusy and read-only as every writer.
    std::int64_t withdraw(std::int64_t id, const std::string& player, int afterRound = 0);
    // Removes a stored withdrawal (journalled, "unwithdraw"); returns the change id. Throws
    // StorageError when none is stored for that player.
    std::int64_t unwithdraw(std::int64_t id, const std::string& player);
    // The structure of tournament `id` as the archivist states it (storage/tournaments/EventStructure.h,
    // stored as storage/tournaments/StructureStore.h says), which computeStandings(const Tournament&)
    // then follows in every view. Both are journalled ("event-rounds", "stage") and
    // revertible; both return the change id, 0 when it was stored so already; both throw
    // StorageError for an unknown id or a collection that is not a tournament, ArchiveBusy and
    // read-only as every writer.
    // The number of Swiss rounds (1..999; nullopt: no longer stated).
    std::int64_t setEventRounds(std::int64_t id, std::optional<int> rounds);
    // The stage of `games` (ids of the tournament's games; StorageError naming any other):
    // play-off or final (never counted in the standings) or Swiss (counted, whatever the
    // round says); nullopt removes what is stored (the round's stage again, else Swiss).
    std::int64_t setGameStages(std::int64_t id, const std::vector<std::int64_t>& games,
                               std::optional<Stage> stage);

    // ---- Archive ratings (storage/players/Ratings.h: the method, the storage) ----
    // The rating history of a player (the name rule and old spellings find the player, as
    // search does); StorageError when no player has that name. An unrated player has no point.
    RatingHistory ratingHistory(const std::string& player);
    RatingHistory ratingHistory(std::int64_t playerId);
    // The table as of a date (RatingQuery::asOf, parseRatingDate; StorageError when it is no
    // date), highest rating first (ties by name).
    RatingTable ratingTable(const RatingQuery& query);
    // Rates every period again from scratch (the writer lock, one transaction) and says how
    // many stored rows differed. The stored ratings always equal a rebuild: this is a check.
    RatingsRebuild rebuildRatings();

    // ---- A player's page (storage/players/PlayerProfile.h) ----
    // The player a query names (an id, a name under the name rule, an old spelling), or the
    // candidates when it names none or several: never a guess.
    PlayerLookup findPlayer(const std::string& query);
    // Everything the archive says of player `playerId` (one read); StorageError for an
    // unknown id (or an unknown ProfileOptions::vs).
    PlayerProfile playerProfile(std::int64_t playerId, const ProfileOptions& options);

    // ---- Bounding query time (servers) ----
    // Every SQLite statement this connection runs past `deadline` is interrupted: the call
    // throws (an "interrupted" database error; the statement's transaction rolls back) and
    // deadlineExceeded() is then true, until the next setDeadline. nullopt (the default)
    // removes the bound. Work done outside SQLite (replaying games an import has not indexed
    // yet) is not interrupted. Meant for read-only connections answering requests: set it
    // before each request.
    void setDeadline(std::optional<std::chrono::steady_clock::time_point> deadline);
    bool deadlineExceeded() const;
    // A number that changes whenever another connection, in this process or another, commits
    // to the archive (SQLite's PRAGMA data_version): two equal answers of one connection mean
    // nothing was committed between them. Answers of two connections are not comparable. A
    // server keeping what it read from the archive (web/ApiPatternCache.h) checks it per request.
    std::int64_t dataVersion();

    struct Impl;  // the connection; defined in storage/ArchiveImpl.h, not part of the API

  private:
    friend class ProblemStore;  // problem sets (storage/problems/ProblemStore.h)
    std::unique_ptr<Impl> impl_;
};

// The name rule (README "Names"): two spellings of a player or an event are the same name when
// they are equal after caseFold, Unicode simple case folding of the letters of Latin-1, Latin
// Extended-A, Greek and Cyrillic ("TAMENORI" = "Tamenori", "ÉRIC" = "éric"); accents and every
// other character count ("Müller" is not "Muller"). Bytes that are not UTF-8 are kept.
std::string caseFold(const std::string& utf8);
// caseFold, then Latin-1 accents removed (é -> e, ß -> ss, æ -> ae; œ, š, ž too), other UTF-8
// kept: the key of search, which finds look-alikes too (case- and accent-insensitive).
// foldText(caseFold(s)) == foldText(s).
std::string foldText(const std::string& utf8);

}  // namespace othello::storage
