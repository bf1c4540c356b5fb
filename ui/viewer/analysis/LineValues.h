#pragma once
// What the viewer's analysis knows about positions, and how it is shown: the proofs of the
// solver and the estimates of the midgame search, per position, written into the game's
// BoardModel (every move's value on its square, the best moves, the bounds), its MoveListModel
// (each move's loss) and the graph's curves. AnalysisController decides what to solve next and
// runs it (the scheduling); its answers come here (learn, addEstimate), and the models are
// filled from here (showBoard, curves, showLosses, moveValues, bestLine). No Qt object, no thread:
// the UI thread's.
//
// Contract
// - Values are kept per position (the same position reached by two lines shares them), from
//   the side to move's point of view; the curves are from Black's point of view.
// - Proofs only narrow: a solve's value intersects what was known (ValueRange::intersect), and
//   each move's value is also a proof about the position it leads to (minus the move's value).
//   A position is `final` when solved as far as it goes (exactly, or to the time budget's
//   bound); `movesFinal` when every legal move's value is known.
// - A finished game's score is known without a solve (core::scoreWithEmpties' rule, through
//   analysis::finalDifference); prepare() adds those of the line.
// - Estimates: a search of every move replaces what was estimated; a review's values (the
//   position and the moves played there) add to it, never replacing an every-move search.
//   A move a review was asked to value is not asked again (asked), even if the answer lacks it.
// - Shown: exact values "+4", bounds "≥+4" (never as exact), estimates "~+4"; a move is best on
//   the board only when proven at least as good as every other (for estimates: the highest).
//   A loss is the best value minus the played move's, shown only when it is at least 1 disc.
// - Bounded: past 200,000 proven positions (20,000 estimates) prepare() starts again.
// - Rules (setRules; Othello's by default): the values hold under one rule set, so a change
//   forgets them all. Moves are core's tokens: under the one-line rule a square may carry
//   several moves (one per line, "c4>e6"); the board shows a square's best line, moveValues
//   lists every move. A finished game is scored by the rules (core::finalScore).
#include <QList>
#include <QString>
#include <QVariantList>
#include <array>
#include <cstddef>
#include <optional>
#include <unordered_map>
#include <vector>

#include "analysis/Solver.h"
#include "analysis/ValueRange.h"
#include "core/Replay.h"
#include "core/Rules.h"
#include "core/Symmetry.h"

namespace othello::viewer {

class GameController;

class LineValues {
  public:
    // What is proven about a position.
    struct Known {
        ValueRange value;         // the position's value, side to move's point of view
        bool final = false;       // solved (exactly, or as far as the budget went)
        bool movesFinal = false;  // `moves` holds every legal move's value
        bool fromCache = false;
        std::vector<analysis::MoveValue> moves;
        std::vector<int> pv;  // with `moves`: the solver's principal variation
    };
    // A midgame estimate, side to move's point of view (moves best first; a move the search
    // proved has kind Exact). `allMoves`: every legal move's value (the shown position's
    // search, which also gives `pv`); else the value and the moves the review valued.
    struct Estimate {
        int value = 0;
        int depth = 0;
        bool allMoves = false;
        bool complete = true;  // false: the time budget stopped the deepening
        bool fromCache = false;
        std::vector<analysis::MoveValue> moves;
        std::vector<int> pv;
        std::vector<int> asked;  // moves played from here that a review was asked to value
    };
    // The graph's curves, per ply of the line, Black's point of view: lower == upper is exact,
    // [-64, 64] unknown; `estimate` where there is no exact value, else kNoEstimate.
    struct Curves {
        QList<int> lower, upper, estimate;
        bool operator==(const Curves&) const = default;
    };
    static constexpr int kNoEstimate = 127;

    const Known* find(const core::Position& position) const;
    const Estimate* findEstimate(const core::Position& position) const;
    // The estimate of the value (side to move) at `ply` of `line`, through a pass when the
    // side to move must pass there.
    std::optional<int> estimateOf(const core::ReplayResult& line, std::size_t ply) const;

    // The rules of the positions to come: a change forgets every value known.
    void setRules(const core::Rules& rules);
    const core::Rules& rules() const { return rules_; }

    // Before each refresh: starts again past the bound, scores the line's finished games.
    void prepare(const std::vector<core::Position>& positions);
    // A solve's answer for `position` (`allMoves`: every legal move's value was asked).
    void learn(const core::Position& position, bool allMoves, const analysis::SolveResult& result,
               bool fromCache);
    // A midgame answer for `position`: an every-move search (allMoves), or a review asked for
    // `played` (kNoSquare: none).
    void addEstimate(const core::Position& position, bool allMoves, int played, Estimate estimate);
    // Estimates shallower than `depth` are searched again.
    void dropEstimatesBelow(int depth);

    // Writes the values of `game`'s shown position into its board.
    void showBoard(GameController& game) const;
    // The graph's curves along `line`.
    Curves curves(const core::ReplayResult& line) const;
    // Writes the losses of `game`'s line into its move list (positions with more than
    // `maxEmpties` empties: estimated losses).
    void showLosses(GameController& game, int maxEmpties) const;
    // Empties the board's values and the move list's losses.
    static void clear(GameController& game);
    // The shown position's move values for QML (AnalysisController::moveValues); `best`: the
    // board's best moves.
    QVariantList moveValues(const core::Position& current, int maxEmpties,
                            core::Bitboard best) const;
    // The principal variation of the shown position's analysis, as far as it replays.
    QList<int> bestLine(const core::Position& current, int maxEmpties) const;
    // "exact", "bound" or "estimate" for values shown (moveValues not empty).
    QString currentKind(const core::Position& current) const;

  private:
    struct Hash {
        std::size_t operator()(const core::Position& p) const { return core::positionHash(p); }
    };
    // The played move's value at `ply` (side to move), from both ends of the move.
    ValueRange playedValue(const core::ReplayResult& line, std::size_t ply) const;
    // The move played at `ply` as the solver names it (core::ruleMoves's token).
    int playedToken(const core::ReplayResult& line, std::size_t ply) const;
    // Plays the move `token` on `p` under the rules; false when it is not a legal move there.
    bool play(core::Position& p, int token) const;
    // Othello's moves: a token is a square, played by its flips (the fast path).
    bool othelloMoves(const core::Position& p) const;

    core::Rules rules_;

    std::unordered_map<core::Position, Known, Hash> known_;
    std::unordered_map<core::Position, Estimate, Hash> estimates_;
};

}  // namespace othello::viewer
