#pragma once
// The viewer's only door to storage/: one archive connection with Qt-side types. An object
// belongs to the thread that created it (storage connections are per thread); the viewer
// creates them on its worker threads only, never on the UI thread.
#include <QString>
#include <QVariantMap>
#include <QStringList>
#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "curation/DuplicateRows.h"
#include "game/GameInfo.h"
#include "importers/Annotations.h"
#include "importers/GameRecord.h"
#include "importers/GameVariant.h"
#include "storage/problems/ProblemStore.h"

namespace othello::viewer {

struct BackendError : std::runtime_error {
    using std::runtime_error::runtime_error;
};
// A game typed or edited by the user failed a check (storage::EditError: an illegal move, a
// result the moves contradict, a date that is no date): nothing was changed. The message says
// what and where in plain words.
struct EditRejected : BackendError {
    using BackendError::BackendError;
};
// A revert that a later change depends on (storage::RevertBlocked): `blocker` is that change
// (0: the change can never be reverted, a purge). Nothing was changed.
struct RevertRefused : BackendError {
    RevertRefused(const std::string& what, qint64 by) : BackendError(what), blocker(by) {}
    qint64 blocker = 0;
};

// A board pattern (core/Pattern.h grammar: a mask or a list, same() constraints) the games
// must show within plies [plyFrom, plyTo] (SearchBackend.h).
struct PatternSpec {
    QString text;
    bool underSymmetry = true;
    int plyFrom = 0;
    int plyTo = 10000;
    bool operator==(const PatternSpec&) const = default;
};

struct SearchQuery {
    enum Result { AnyResult, BlackWin, WhiteWin, Draw };
    enum Sort { ById, ByYear, ByBlack, ByWhite, ByEvent, ByScore, ByPly };
    QString player;
    QString event;
    int yearFrom = 0;  // 0: open
    int yearTo = 0;
    Result result = AnyResult;
    std::optional<core::Position> position;  // games reaching it, any symmetry
    // Games showing it; each row's ply is then the first ply where it holds.
    std::optional<PatternSpec> pattern;
    Sort sort = ById;
    bool descending = false;
};

struct SearchRow {
    qint64 id = 0;
    QString black;
    QString white;
    QString event;
    int year = 0;
    int blackScore = 0;
    int whiteScore = 0;
    int ply = -1;                    // position searches: the ply reaching the position;
                                     // pattern searches: the first ply the pattern holds
    bool complete = true;            // false: an unfinished game ("33-31 (unfinished)", as the CLI)
    bool resultKnown = true;         // false: unfinished without a stated result (shown "*")
    importers::GameVariant variant;  // anti-Othello, komi: shown with the result
};

struct SearchPage {
    qint64 total = 0;
    std::vector<SearchRow> rows;
};

struct TreeMove {
    int square = 0;
    qint64 games = 0;
    qint64 blackWins = 0;
    qint64 draws = 0;
    qint64 whiteWins = 0;
    double avgBlackScore = 0;
};

struct TreeData {
    qint64 games = 0;
    qint64 blackWins = 0;
    qint64 draws = 0;
    qint64 whiteWins = 0;
    double avgBlackScore = 0;
    QString opening;
    std::vector<TreeMove> moves;
};

struct ImportStatus {
    int filesDone = 0;
    int filesTotal = 0;
    QString currentFile;
    qint64 gamesRead = 0;
    qint64 imported = 0;
    qint64 duplicates = 0;
    qint64 rejected = 0;
    double seconds = 0;
};

struct Rejection {
    QString location;  // "path:line" or "path#record"
    QString code;
    QString message;  // the whole diagnostic line
};

// An event in a year (storage/tournaments/Tournament.h): a tournament, or a collection of games.
struct EventSummary {
    qint64 id = 0;
    QString name;  // without its year
    int year = 0;  // 0: unknown
    qint64 games = 0;
    qint64 players = 0;
    bool isTournament = true;
    QString reason;         // why it is no tournament ("" when it is)
    QStringList spellings;  // the event names as stored
};

// One game of a player in an event's standings (storage/tournaments/Standings.h PlayerResult).
struct EventResult {
    qint64 game = 0;
    int round = 0;      // 0: unknown
    int opponent = -1;  // index in EventData::standings; -1: a bye
    bool black = true;
    bool scored = true;  // false: unfinished without a result
    int points2 = 0;     // half points
    int discs = 0;
    int opponentDiscs = 0;
};

struct EventStanding {
    QString player;
    int rank = 0;
    bool tied = false;  // shares its rank
    int points2 = 0;
    qint64 brightwell2 = 0;  // twice the Brightwell quotient
    int discs = 0;
    int games = 0;
    int wins = 0, draws = 0, losses = 0;
    int unscored = 0;
    int byes = 0;
    bool withdrawn = false;
    int withdrewAfterRound = 0;        // 0: not known
    bool withdrawalStored = false;     // stored with the tournament (`event --withdraw`)
    std::vector<EventResult> results;  // by round, then file order
};

// An event with its standings (empty for a collection).
// A game played apart from the Swiss (a play-off, a final): never in the standings.
struct EventStageGame {
    qint64 game = 0;
    bool final = false;   // else a play-off
    bool marked = false;  // stored with `event --stage`; else its round names the stage
    QString round, black, white, result;
};

struct EventData {
    EventSummary summary;
    enum class Rounds { Source, FileOrder, Estimated };
    Rounds roundsFrom = Rounds::Estimated;
    int rounds = 0;  // Estimated: the stated rounds, else the games most players played
    bool roundsStated = false;
    int brightwellConstant = 0;
    std::vector<EventStanding> standings;  // in rank order
    // What is stated, the source's or guessed, in words (storage::structureNotes, as
    // `othello-db event` prints them).
    QStringList notes;
    std::vector<EventStageGame> stageGames;  // in file order
};

// ---- Editing (storage/Archive.h "Editing, the trash and the journal") ----

// Headers as typed in the editor form; nullopt: not given (unchanged, for an edit). The result
// as PGN writes it ("33-31", Black's discs first; "1-0", "0-1", "1/2-1/2"; "" or "*": none).
struct HeaderEdit {
    std::optional<QString> black, white, event, date, round, place, result;
};

// A game to add, or the changes of an edit. `start` only matters for an add (an edit keeps
// the game's own start); `moves` and `annotations` unset: unchanged (an edit).
struct GameEdit {
    HeaderEdit headers;
    core::Rules rules = core::othelloRules();  // a new game's (addGame); start is theirs
    core::Position start = core::Position::start();
    std::optional<std::vector<int>> moves;
    bool setAnnotations = false;
    std::vector<importers::Comment> comments;
    std::vector<importers::Variation> variations;
};

// The record a new game is stored as (ArchiveBackend::addGame): its moves replayed from
// `start` under `rules` (storage::enteredGame), the headers, the annotations when set. Throws
// storage::EditError as enteredGame does.
importers::GameRecord enteredRecord(const GameEdit& game);

struct EditOutcome {
    qint64 game = 0;
    qint64 change = 0;  // 0: nothing changed
    QStringList fields;
};

// A stored game's headers as the editor form shows them (the result as it would be typed).
struct StoredHeaders {
    qint64 id = 0;
    QString black, white, event, date, round, place;
    QString result;      // "33-31", "1-0", "*" (importers::GameResult::scoreText)
    QString resultText;  // as lists show it: "33-31 (unfinished)"
    bool complete = false;
};

// A game in the trash (storage::TrashedGame).
struct TrashRow {
    SearchRow row;
    QString score;  // as the search list shows it
    qint64 change = 0;
    qint64 time = 0;  // seconds since 1970, UTC
    QString user;
};

// A journalled change (storage::Change).
struct ChangeRow {
    qint64 id = 0;
    qint64 time = 0;
    QString user;
    QString kind;  // "add", "edit", "delete", "restore", "purge", "import", "rename-*", "revert"
    QString summary;
    std::vector<qint64> games;
    qint64 firstGame = 0, lastGame = 0;  // an import's games
    qint64 revertedBy = 0;
    qint64 reverts = 0;
};

struct ImportOutcome {
    ImportStatus status;
    bool cancelled = false;
    std::vector<Rejection> rejections;
    // Files in which no format was detected (a README, a photo), skipped: by name, as the
    // command line lists them (storage::ImportResult::notGameRecords).
    QStringList notGameRecords;
};

// A stored game as the viewer shows it: the headers (the result as lists show it, the file's
// value where the game reached its depth), the rules, start, moves and annotations.
GameInfo gameInfoOf(qint64 id, const importers::GameRecord& record, const std::string& opening);

class PatternCache;

class ArchiveBackend {
  public:
    // The database othello-db uses by default.
    static QString defaultPath();

    enum class Access {
        Query,          // a read-only connection; the file must exist
        QueryOrCreate,  // the same, creating a missing file first (the default database)
        Import,         // a read-write connection to an existing file
    };
    // Opens the archive; throws BackendError with the reason. Query connections are read-only,
    // so archives the user cannot write can still be viewed.
    ArchiveBackend(const QString& path, Access access);
    // Why imports into `path` cannot work ("" when the file and its folder are writable).
    static QString writeProblem(const QString& path);
    // The deepest named opening reached along `moves` from the standard start ("" if none);
    // no database involved.
    static QString deepestOpening(const std::vector<int>& moves);
    ~ArchiveBackend();
    ArchiveBackend(const ArchiveBackend&) = delete;
    ArchiveBackend& operator=(const ArchiveBackend&) = delete;

    // A page of the games `query` selects. With a pattern, the games the other filters select
    // are kept in memory between searches (SearchBackend.h) until they or the archive change.
    SearchPage search(const SearchQuery& query, qint64 offset, qint64 limit);
    // The archive changed (an import, an edit, a revert): cached pattern corpora are dropped.
    void archiveChanged();
    // Times a pattern corpus was loaded on this connection (tests).
    int patternCorpusLoads() const;
    std::optional<GameInfo> game(qint64 id);
    TreeData stats(const core::Position& position);
    // The events of the archive, by year then name (Archive::tournaments).
    std::vector<EventSummary> events();
    // One event and, for a tournament, its standings; null when `id` names none.
    std::optional<EventData> event(qint64 id);
    // The page of the player `query` names, with the head-to-head against `vs` ("": none):
    // `player --json` as QML values plus found: true (storage/players/PlayerJson.h), or
    // {found: false, candidates} when it names no one player. BackendError for a `vs` that
    // names no one player.
    QVariantMap player(const QString& query, const QString& vs);
    // "12,345 games, 678 players, 90 events" for the status line; without the events (the
    // costly figure) when `withEvents` is false.
    QString summary(bool withEvents = true);
    qint64 gameCount();

    // ---- Editing. Each of these writes through a second, read-write connection opened on
    // first use on the same thread (queries keep their read-only one); each takes the writer
    // lock and journals under user(). Failures throw EditRejected (a check failed),
    // RevertRefused (revert) or BackendError (read-only archive, busy, a game not there), each
    // with a message for the user; nothing is changed then.
    // The user name journalled ("" = the OS user's name).
    void setUser(const QString& name);
    QString user();
    EditOutcome addGame(const GameEdit& game);
    EditOutcome editGame(qint64 id, const GameEdit& edit);
    qint64 deleteGames(const std::vector<qint64>& ids);  // the change id
    qint64 restoreGame(qint64 id);
    qint64 purgeGames(const std::vector<qint64>& ids);  // empty: the whole trash
    qint64 revert(qint64 change);                       // the revert's change id
    std::vector<TrashRow> trash();
    std::vector<ChangeRow> history(qint64 game, int limit);  // game 0: every change
    std::optional<ChangeRow> change(qint64 id);
    // The game's headers for the editor form; null when the game is not in the archive.
    std::optional<StoredHeaders> headers(qint64 id);
    // Players (or events) for completion, starting with `prefix` (case and accents ignored).
    QStringList names(bool events, const QString& prefix, int limit);

    // ---- Possible duplicates (storage/curation/Duplicates.h, DuplicatesModel) ----
    // The groups, likeliest first (minMoves: shorter groups left out; includeMarked: also the
    // groups marked not duplicates).
    DuplicateListing duplicates(int minMoves, bool includeMarked);
    // Keeps game `keep` and moves the others of its group (those not marked as other games) to
    // the trash; `merge`: the kept game takes the headers it lacks, and with `prefer` > 0 that
    // game's values win conflicts (without, a conflict is refused with the values in the
    // message). Writes as the editing calls above; returns the change id.
    qint64 resolveDuplicates(qint64 keep, bool merge, qint64 prefer);
    // Marks the games (one group) as different games; returns the change id.
    qint64 markNotDuplicates(const std::vector<qint64>& games);

    // ---- Problems (storage/problems/ProblemStore.h; the Problems tab) ----
    std::vector<storage::ProblemSetInfo> problemSets();
    // The set's problems in order (none when there is no such set).
    problems::ProblemSet problemSet(const QString& name);
    // Adds problems to a set (created when missing), journalled; writes as the editing calls.
    storage::ProblemAddResult addProblems(const problems::ProblemSet& set);

    ImportOutcome importFiles(const QStringList& paths,
                              const std::function<void(const ImportStatus&)>& progress,
                              const std::atomic<bool>* cancel);

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
    std::unique_ptr<PatternCache> patterns_;
};

}  // namespace othello::viewer
