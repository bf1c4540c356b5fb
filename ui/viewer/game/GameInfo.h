#pragma once
// A game as the viewer shows it: header fields plus start position and moves. Filled from the
// archive (on a worker thread) or built locally (a new game, a set-up position).
#include <QString>
#include <vector>

#include "core/Position.h"
#include "core/Rules.h"
#include "importers/Annotations.h"

namespace othello::viewer {

struct GameInfo {
    qint64 id = 0;  // 0: not from the archive
    QString black;
    QString white;
    QString event;
    QString round;
    QString date;
    int year = 0;
    QString result;       // importers::resultText: "33-31", "33-31 (unfinished)", "*"
    QString theoretical;  // the file's value, "36 at 24 empties", or "" (GameResult.h)
    QString opening;      // deepest named opening reached, or ""
    QString source;       // where the game was imported from
    // The rules the game is played under (importers::GameRecord::rules); `start` is
    // rulesStart(rules) unless rules.start is AnyPosition (GameController::setGame fits the
    // rules to `start` when they disagree).
    core::Rules rules = core::othelloRules();
    core::Position start = core::Position::start();
    std::vector<int> moves;  // move tokens: squares, core::kPass, line moves (c4>e6)
    // The game's comments and variations as stored (importers/Annotations.h): on the main
    // line `moves`, plies counted with passes explicit.
    std::vector<importers::Comment> comments;
    std::vector<importers::Variation> variations;
};

}  // namespace othello::viewer
