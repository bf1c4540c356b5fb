#pragma once
// Possible duplicates as the viewer shows them (storage/curation/Duplicates.h with Qt-side types):
// what ArchiveBackend::duplicates returns to DuplicatesModel.
#include <QString>
#include <QStringList>
#include <utility>
#include <vector>

namespace othello::viewer {

struct DuplicateGameRow {
    qint64 id = 0;
    QString black, white, event, date, round, place;
    QString result;  // as lists show it ("33-31", "1-0 (unfinished)", "*")
    QString source;  // "file.pgn:12", "WTH_2021.wtb#3"; "" for a game typed in
    int comments = 0, variations = 0;
};

struct DuplicateGroupRow {
    int moves = 0;         // moves played, passes not counted
    bool isShort = false;  // fewer than storage::kShortGameMoves: listed last
    QString kind;          // "same game", "same players", "unknown or look-alike names", ...
    QStringList why;       // why the games match, in words
    QStringList differ;    // the fields whose values differ
    std::vector<DuplicateGameRow> games;
    // Marks of some of its games as not duplicates: (the change, the games).
    std::vector<std::pair<qint64, std::vector<qint64>>> marks;
};

struct DuplicateListing {
    std::vector<DuplicateGroupRow> groups;
    qint64 games = 0;     // in the groups listed
    qint64 marked = 0;    // groups left out: marked not duplicates
    qint64 tooShort = 0;  // groups left out by the minimum of moves
};

}  // namespace othello::viewer
