#pragma once
// The review of a game: every move played, judged against the best move of its position.
// Positions with at most ReviewOptions::exactEmpties empty squares are solved exactly; the
// others are searched by the midgame search (MidgameSearch.h) at ReviewOptions::depth, or for
// secondsPerPosition each. An endgame review (ReviewOptions::midgame false, `analyze --endgame`
// and `analyze --all`) judges the exact part only. Every review goes through here, with or
// without a cache (ReviewOptions::store). (The viewer can call valuePosition() for the shown
// position and review() for the game, from a worker thread, with a cancel flag and onProgress.)
//
// Contract
// - The results are analysis::GameReview (GameReview.h): values are final disc differences from
//   BLACK's point of view, a loss is counted from the mover's side and is never negative, each
//   judged move says whether its values are exact or estimates (ReviewedMove::kind, depth).
// - Exact part of a whole-game review: the position is solved (value and best move) and so is
//   the position after the move played, which is the next position of the game, solved once
//   for both: a review costs one solve per position, not one per legal move. So `bestMoves`
//   holds the solver's best move (and the move played when it is as good), all of them only
//   with allMoves, which solves every legal move (slower: Solver allMoves).
// - An endgame review solves every legal move of each position (its positions are few and
//   small), so `bestMoves` holds every move reaching the value; ReviewedMove::moves is filled
//   only with allMoves. A move the solver did not value is a logic_error (it values them all).
// - Estimates: the position is searched at depth D (iterative deepening, the table kept from
//   one position to the next); the move played, when it is not the best, is valued by a
//   full-window search of the position after it at depth D - 1, i.e. at the same depth as the
//   best move (MidgameSearch.h, "Move values"). loss = value - playedValue (mover's view),
//   computed on the rounded disc values, so it is >= 0 and the text adds up. With allMoves every
//   legal move is valued the same way.
// - A time budget (secondsPerPosition) bounds the search of each position; the depth finished
//   in time is the depth of its values (at least 1). Exact positions have no budget: the solver
//   runs to the end (cancel stops it).
// - Cache (ReviewOptions::store, PositionStore.h; nullptr: none, every value is computed):
//   each position is looked up first; a cached estimate is
//   used when it was made by this search version and evaluator (kMidgameSearchVersion,
//   weightsVersionOf) at depth >= ReviewOptions::reuseDepth (default: `depth`) and holds the
//   values asked for; when it lacks only the move played, that move alone is searched (at the
//   cached depth - 1) and the merged estimate stored back. Exact values are used when stored
//   (with every move's value for allMoves and endgame reviews). Every value computed is stored
//   (but the scores of finished games, which need no solver).
// - Cancel: checked during every search and between positions; the review returned then has
//   complete false and holds the moves judged so far (the position being worked on is not
//   judged). Progress: onProgress after each judged move, from the calling thread.
// - An endgame reviewer (made without an evaluator) has no midgame search: a position beyond
//   exactEmpties (a whole-game review, valuePosition) is a logic_error; weightsVersion() is 0.
// - Threads: one review at a time per GameReviewer (it owns a MidgameSearch and a Solver, whose
//   tables it keeps between reviews); call it from a worker thread, set the cancel flag from
//   any thread. The store is called from the reviewing thread only.
#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <tuple>
#include <utility>
#include <vector>

#include "Evaluation.h"
#include "GameReview.h"
#include "MidgameSearch.h"
#include "PositionStore.h"
#include "Solver.h"
#include "core/Position.h"

namespace othello::analysis {

// The midgame depth of a review when none is asked for: 10 plies (about 0.3 s a position on
// this project's 2-core machine, 4-13 s for the 36 midgame positions of a game; a whole
// 60-move game with the exact part from 24 empties: 16 s median, bench/bench_review).
inline constexpr int kDefaultReviewDepth = 10;

struct ReviewProgress {
    int judged = 0;                      // moves judged so far
    int toJudge = 0;                     // moves (not passes) the game has
    const ReviewedMove* last = nullptr;  // the move just judged
    ReviewStats stats;                   // so far
};

struct ReviewOptions {
    int exactEmpties = kDefaultReviewEmpties;  // solved exactly from this many empties on
    bool midgame = true;                       // false: judge the exact part only
    int depth = kDefaultReviewDepth;           // midgame search depth (the cap with a budget)
    double secondsPerPosition = 0;             // > 0: a time budget for each midgame position
    int reuseDepth = 0;                        // cached estimates used from this depth; 0: depth
    bool allMoves = false;                     // every legal move's value (ReviewedMove::moves)
    const std::atomic<bool>* cancel = nullptr;
    std::function<void(const ReviewProgress&)> onProgress;
    int solverThreads = 0;  // SolveOptions::threads for the exact part (0: every core)
    // Where values are read first and kept (not owned; nullptr: no cache). The caller keeps
    // it alive during the call.
    PositionStore* store = nullptr;
};

// The options of an endgame review (midgame false): the moves from positions with at most
// `exactEmpties` empty squares, solved exactly, through `store` when given.
ReviewOptions endgameReviewOptions(int exactEmpties, PositionStore* store = nullptr);

// One position's values as a review judges them, from the side to move's point of view.
struct PositionValues {
    bool ok = false;  // false: cancelled before the values were known
    ValueKind kind = ValueKind::Exact;
    int depth = 0;
    int value = 0;
    int bestMove = core::kNoSquare;
    std::vector<MoveValue> moves;  // the moves valued, best first
    bool allMoves = false;         // `moves` holds every legal move
};

class GameReviewer {
  public:
    // `evaluator`: the midgame search's evaluation (Evaluation::standard() for the real one).
    explicit GameReviewer(std::shared_ptr<const Evaluator> evaluator,
                          std::size_t searchMegabytes = 64, std::size_t solverMegabytes = 64);
    // An endgame reviewer: the exact solver only (no evaluation needed, no midgame table).
    explicit GameReviewer(std::size_t solverMegabytes);
    ~GameReviewer();
    GameReviewer(const GameReviewer&) = delete;
    GameReviewer& operator=(const GameReviewer&) = delete;

    // Reviews the moves of the game (`moves`: squares and core::kPass from `start`, as replay
    // takes them; a record whose replay fails is judged up to its last legal move).
    GameReview review(const core::Position& start, const std::vector<int>& moves,
                      const ReviewOptions& options = {});

    // The values of one position as review() finds them: exact at <= exactEmpties,
    // else estimated, with at least the value of `played` (a legal square; kNoSquare for none)
    // and of every move with allMoves. The position must have a legal move. `stats` is added to.
    PositionValues valuePosition(const core::Position& position, int played,
                                 const ReviewOptions& options, ReviewStats& stats);

    // weightsVersionOf(the evaluator); 0 for an endgame reviewer.
    std::int64_t weightsVersion() const { return weightsVersion_; }

  private:
    enum class Source { Solved, Stored, Known };
    // The exact value of `position` (every move's with allMoves): from this review's memo, the
    // store, or the solver (then stored). nullopt: cancelled.
    std::optional<SolveResult> exactValue(const core::Position& position, bool allMoves,
                                          const ReviewOptions& options, ReviewStats& stats,
                                          Source& source);
    PositionValues exactValues(const core::Position& position, int played,
                               const ReviewOptions& options, ReviewStats& stats);
    PositionValues estimatedValues(const core::Position& position, int played,
                                   const ReviewOptions& options, ReviewStats& stats);

    std::shared_ptr<const Evaluator> evaluator_;  // nullptr: an endgame reviewer
    std::int64_t weightsVersion_;
    std::unique_ptr<MidgameSearch> search_;  // nullptr: an endgame reviewer
    Solver solver_;
    // Exact values found during the current review, by position: the value after a move
    // played is the next position's value, solved once.
    std::map<std::tuple<core::Bitboard, core::Bitboard, int>, std::pair<SolveResult, Source>> memo_;
};

}  // namespace othello::analysis
