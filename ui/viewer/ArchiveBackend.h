#pragma once
// The viewer's only door to storage/: one archive connection with Qt-side types. An object
// belongs to the thread that created it (storage connections are per thread); the viewer
// creates them on its worker threads only, never on the UI thread.
#include <QString>
#include <QStringList>
#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <vector>

#include "GameInfo.h"
#include "importers/GameVariant.h"

namespace othello::viewer {

struct BackendError : std::runtime_error {
    using std::runtime_error::runtime_error;
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
    int ply = -1;                    // position searches: the ply reaching the position
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

// An event in a year (storage/Tournament.h): a tournament, or a collection of games.
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

// One game of a player in an event's standings (storage/Standings.h PlayerResult).
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
    std::vector<EventResult> results;  // by round, then file order
};

// An event with its standings (empty for a collection).
struct EventData {
    EventSummary summary;
    enum class Rounds { Source, FileOrder, Estimated };
    Rounds roundsFrom = Rounds::Estimated;
    int rounds = 0;  // Estimated: the games most players played
    int brightwellConstant = 0;
    std::vector<EventStanding> standings;  // in rank order
};

struct ImportOutcome {
    ImportStatus status;
    bool cancelled = false;
    std::vector<Rejection> rejections;
};

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

    SearchPage search(const SearchQuery& query, qint64 offset, qint64 limit);
    std::optional<GameInfo> game(qint64 id);
    TreeData stats(const core::Position& position);
    // The events of the archive, by year then name (Archive::tournaments).
    std::vector<EventSummary> events();
    // One event and, for a tournament, its standings; null when `id` names none.
    std::optional<EventData> event(qint64 id);
    // "12,345 games, 678 players" for the status line.
    QString summary();
    qint64 gameCount();

    ImportOutcome importFiles(const QStringList& paths,
                              const std::function<void(const ImportStatus&)>& progress,
                              const std::atomic<bool>* cancel);

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace othello::viewer
