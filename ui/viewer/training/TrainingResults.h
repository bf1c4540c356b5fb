#pragma once
// A player's training results (the Problems tab): per problem the attempts, whether the first
// answer was right, whether and how fast it was solved. Kept in the user's own data folder
// (QStandardPaths::AppDataLocation, "training-results.json"), never in the archive: an archive
// may be read-only or shared by a club, and one player's results are nobody else's.
//
// A problem is known by a stable key, not by the archive's row id (a set exported and imported
// elsewhere, or rebuilt, keeps its results): the set's name, the position's canonical form under
// the 8 symmetries with the side to move (core::canonical), and the goal. problemKey makes it.
//
// The file is JSON ({"format": "othello-viewer training", "version": 1, "problems": {key:
// {...}}}). Two viewers may train at once on one file: each answer is saved under a lock
// (QLockFile "<file>.lock", waited for up to 5 s) by reading the file again, applying the
// answers not yet saved to what it holds, and writing it whole through QSaveFile (a temporary
// file renamed over it), so neither viewer loses the other's results and a crash never leaves
// half a file. An answer that could not be saved (the lock held too long, a write failing) is
// kept and saved with the next one. A file that exists but cannot be read as such is never
// overwritten (the results in it are the player's): `error` says why and nothing is saved
// until it is moved away.
#include <QDateTime>
#include <QHash>
#include <QString>
#include <QStringList>
#include <vector>

#include "core/Position.h"
#include "problems/Problem.h"

namespace othello::viewer {

struct ProblemResult {
    int attempts = 0;              // answers given, right or wrong
    bool solved = false;           // a right answer was given
    bool solvedFirstTime = false;  // the first answer ever given was right
    double seconds = 0;            // from the problem shown to the first right answer
    QDateTime last;                // the last answer (UTC)
};

struct SetSummary {
    int total = 0;            // problems in the set
    int attempted = 0;        // with at least one answer
    int solved = 0;           // with a right answer
    int solvedFirstTime = 0;  // right at the first answer
    double seconds = 0;       // time to solve, summed over the solved ones
};

class TrainingResults {
  public:
    // <AppDataLocation>/training-results.json.
    static QString defaultPath();
    // "SET|<canonical board string with side>|GOAL".
    static QString problemKey(const QString& set, const core::Position& position,
                              problems::Goal goal);

    // Reads `path` (a missing file: no results yet).
    explicit TrainingResults(const QString& path);

    QString path() const { return path_; }
    // Why results cannot be read or saved ("" when all is well).
    QString error() const { return error_; }

    ProblemResult result(const QString& key) const { return results_.value(key); }
    // Records an answer to problem `key`, `seconds` after it was shown, and saves. Returns
    // false (with `error`) when the file could not be written; the answer is kept in memory.
    bool record(const QString& key, bool right, double seconds);
    // The summary of a set whose problems have these keys.
    SetSummary summary(const QStringList& keys) const;

  private:
    struct Answer {
        QString key;
        bool right = false;
        double seconds = 0;
        QDateTime when;
    };
    static void apply(ProblemResult& r, const Answer& a);
    // Reads the file into results_ (a missing file: none); false, with error_, when it exists
    // and cannot be read as ours (writable_ then false).
    bool read();
    bool save();  // under the lock: read again, apply pending_, write

    QString path_;
    QString error_;
    bool writable_ = true;  // false when an existing file could not be read
    QHash<QString, ProblemResult> results_;
    std::vector<Answer> pending_;  // answers not yet in the file
};

}  // namespace othello::viewer
