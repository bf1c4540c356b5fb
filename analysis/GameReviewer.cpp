// The review of a game: exact values near the end, midgame estimates before (see
// GameReviewer.h).
#include "GameReviewer.h"

#include <algorithm>
#include <chrono>
#include <stdexcept>

#include "core/Replay.h"

namespace othello::analysis {
namespace {

bool contains(const std::vector<MoveValue>& moves, int square) {
    return std::any_of(moves.begin(), moves.end(),
                       [&](const MoveValue& m) { return m.square == square; });
}

MoveValue moveValue(int square, int value, ValueKind kind) {
    MoveValue m;
    m.square = square;
    m.value = value;
    m.kind = kind;
    if (kind == ValueKind::Exact) m.lower = m.upper = value;
    return m;
}

void sortBestFirst(std::vector<MoveValue>& moves) {
    std::stable_sort(moves.begin(), moves.end(),
                     [](const MoveValue& a, const MoveValue& b) { return a.value > b.value; });
}

bool cancelled(const ReviewOptions& o) {
    return o.cancel && o.cancel->load(std::memory_order_relaxed);
}

PositionValues fromEstimate(const PositionEstimate& e) {
    PositionValues v;
    v.ok = true;
    v.kind = ValueKind::Estimate;
    v.depth = e.depth;
    v.value = e.value;
    v.bestMove = e.bestMove;
    v.moves = e.moves;
    v.allMoves = e.allMoves;
    return v;
}

// The judged move from its position's values (side to move's view) into Black's view.
ReviewedMove judgedMove(int ply, int moveNumber, const core::Position& before, int played,
                        const PositionValues& v, bool allMoves) {
    const auto it = std::find_if(v.moves.begin(), v.moves.end(),
                                 [&](const MoveValue& m) { return m.square == played; });
    if (it == v.moves.end()) throw std::logic_error("review: the move played was not valued");
    ReviewedMove m;
    m.ply = ply;
    m.moveNumber = moveNumber;
    m.side = before.toMove();
    m.empties = before.emptyCount();
    m.move = played;
    m.kind = v.kind;
    m.depth = v.depth;
    const int sign = m.side == core::Color::Black ? 1 : -1;
    m.value = sign * v.value;
    m.playedValue = sign * it->value;
    m.loss = std::max(0, v.value - it->value);
    for (const MoveValue& mv : v.moves)
        if (mv.value == v.value) m.bestMoves.push_back(mv.square);
    if (m.bestMoves.empty() && v.bestMove >= 0) m.bestMoves.push_back(v.bestMove);
    std::sort(m.bestMoves.begin(), m.bestMoves.end());
    if (allMoves)
        for (MoveValue mv : v.moves) {
            if (sign < 0) {
                mv.value = -mv.value;
                const int lower = mv.lower;
                mv.lower = -mv.upper;
                mv.upper = -lower;
            }
            m.moves.push_back(mv);
        }
    return m;
}

}  // namespace

ReviewOptions endgameReviewOptions(int exactEmpties, PositionStore* store) {
    ReviewOptions o;
    o.exactEmpties = exactEmpties;
    o.midgame = false;
    o.store = store;
    return o;
}

GameReviewer::GameReviewer(std::shared_ptr<const Evaluator> evaluator, std::size_t searchMegabytes,
                           std::size_t solverMegabytes)
    : evaluator_(std::move(evaluator)),
      weightsVersion_(weightsVersionOf(*evaluator_)),
      search_(std::make_unique<MidgameSearch>(evaluator_, searchMegabytes)),
      solver_(solverMegabytes) {}

GameReviewer::GameReviewer(std::size_t solverMegabytes)
    : weightsVersion_(0), solver_(solverMegabytes) {}

GameReviewer::~GameReviewer() = default;

std::optional<SolveResult> GameReviewer::exactValue(const core::Position& position, bool allMoves,
                                                    const ReviewOptions& options,
                                                    ReviewStats& stats, Source& source) {
    const auto key =
        std::make_tuple(position.black(), position.white(), static_cast<int>(position.toMove()));
    if (const auto it = memo_.find(key);
        it != memo_.end() &&
        (!allMoves || !it->second.first.moves.empty() || !position.canMove())) {
        source = it->second.second;  // where this review found it
        return it->second.first;
    }
    if (position.isGameOver()) {  // the final score: nothing to solve or store
        SolveResult r;
        r.complete = true;
        const core::Score s = position.finalScore();
        const int diff = s.black - s.white;
        r.value = r.lower = r.upper = position.toMove() == core::Color::Black ? diff : -diff;
        r.empties = position.emptyCount();
        source = Source::Known;
        memo_[key] = {r, source};
        return r;
    }
    if (options.store) {
        if (auto hit = options.store->exact(position, allMoves)) {
            source = Source::Stored;
            memo_[key] = {*hit, source};
            return hit;
        }
    }
    SolveOptions so;
    so.allMoves = allMoves;
    so.cancel = options.cancel;
    so.threads = options.solverThreads;
    SolveResult r = solver_.solve(position, so);
    ++stats.solved;
    stats.nodes += r.nodes;
    if (!r.complete) return std::nullopt;  // cancelled: no budget was set
    if (options.store) options.store->storeExact(position, r);
    source = Source::Solved;
    memo_[key] = {r, source};
    return r;
}

PositionValues GameReviewer::exactValues(const core::Position& position, int played,
                                         const ReviewOptions& options, ReviewStats& stats) {
    // An endgame review solves every move (GameReviewer.h): its best moves are all listed.
    const bool everyMove = options.allMoves || !options.midgame;
    Source own = Source::Known, after = Source::Known;
    const auto r = exactValue(position, everyMove, options, stats, own);
    if (!r) return {};
    PositionValues v;
    v.ok = true;
    v.kind = ValueKind::Exact;
    v.depth = position.emptyCount();
    v.value = r->value;
    v.bestMove = r->bestMove;
    if (everyMove) {
        v.moves = r->moves;
        v.allMoves = true;
    } else {
        v.moves.push_back(moveValue(r->bestMove, r->value, ValueKind::Exact));
        if (played >= 0 && played < 64 && played != r->bestMove) {
            // The position after the move: the next one of the game, solved once.
            core::Position child = position;
            child.play(played);
            const auto c = exactValue(child, false, options, stats, after);
            if (!c) return {};
            v.moves.push_back(moveValue(played, -c->value, ValueKind::Exact));
            sortBestFirst(v.moves);
        }
    }
    if (own != Source::Solved && after != Source::Solved &&
        (own == Source::Stored || after == Source::Stored))
        ++stats.cachedExact;
    return v;
}

PositionValues GameReviewer::estimatedValues(const core::Position& position, int played,
                                             const ReviewOptions& options, ReviewStats& stats) {
    if (!search_) throw std::logic_error("review: an endgame reviewer has no midgame search");
    PositionStore* const store = options.store;
    const int legalCount = core::popcount(position.legalMoves());
    std::vector<int> needed;
    if (options.allMoves) {
        for (core::Bitboard b = position.legalMoves(); b; b &= b - 1)
            needed.push_back(core::lowestSquare(b));
    } else if (played >= 0 && played < 64) {
        needed.push_back(played);
    }
    const int reuse = options.reuseDepth > 0 ? options.reuseDepth : options.depth;

    std::optional<PositionEstimate> cached;
    if (store) cached = store->estimate(position);
    if (cached && cached->engineVersion == kMidgameSearchVersion &&
        cached->weightsVersion == weightsVersion_ && cached->depth >= std::max(reuse, 1) &&
        !cached->moves.empty()) {
        std::vector<int> missing;
        if (!cached->allMoves)
            for (int sq : needed)
                if (!contains(cached->moves, sq)) missing.push_back(sq);
        if (missing.empty()) {
            ++stats.cachedEstimates;
            return fromEstimate(*cached);
        }
        // Only the move played is new here (another game reached the position): value it
        // alone, at the cached depth, and keep the merged estimate. (For every move, a search
        // of the position costs the same: done below.)
        if (missing.size() == 1 && !options.allMoves) {
            const int sq = missing.front();
            core::Position child = position;
            child.play(sq);
            MidgameOptions mo;
            mo.depth = cached->depth - 1;
            mo.exactEmpties = -1;
            mo.minDepth = mo.depth;  // no budget: one shallower search
            mo.cancel = options.cancel;
            const MidgameResult r = search_->search(child, mo);
            ++stats.searched;
            stats.nodes += r.nodes;
            if (r.stop == StopReason::Cancelled) return {};
            const ValueKind kind =
                r.kind == ValueKind::Exact ? ValueKind::Exact : ValueKind::Estimate;
            cached->moves.push_back(moveValue(sq, -r.value, kind));
            sortBestFirst(cached->moves);
            if (cached->moves.front().value > cached->value) {  // a search instability
                cached->value = cached->moves.front().value;
                cached->bestMove = cached->moves.front().square;
            }
            cached->allMoves = static_cast<int>(cached->moves.size()) >= legalCount;
            store->storeEstimate(position, *cached);
            ++stats.cachedEstimates;
            return fromEstimate(*cached);
        }
    }

    MidgameOptions mo;
    mo.depth = std::max(options.depth, 1);
    mo.exactEmpties = -1;
    mo.maxSeconds = options.secondsPerPosition;
    mo.minDepth = 1;
    mo.cancel = options.cancel;
    mo.allMoves = options.allMoves;
    mo.valueMoves = needed;
    const MidgameResult r = search_->search(position, mo);
    ++stats.searched;
    stats.nodes += r.nodes;
    if (r.stop == StopReason::Cancelled || r.depth == 0) return {};
    PositionEstimate e;
    e.value = r.value;
    e.bestMove = r.bestMove;
    e.depth = r.depth;
    e.weightsVersion = weightsVersion_;
    for (const MidgameMoveValue& m : r.moves)
        e.moves.push_back(moveValue(m.square, m.value, m.kind));
    if (!contains(e.moves, r.bestMove)) e.moves.push_back(moveValue(r.bestMove, r.value, r.kind));
    sortBestFirst(e.moves);
    e.allMoves = static_cast<int>(e.moves.size()) >= legalCount;
    if (store && r.kind == ValueKind::Estimate) store->storeEstimate(position, e);
    PositionValues v = fromEstimate(e);
    v.kind = r.kind;  // Exact when the search reached the end of every line
    return v;
}

PositionValues GameReviewer::valuePosition(const core::Position& position, int played,
                                           const ReviewOptions& options, ReviewStats& stats) {
    if (position.emptyCount() <= options.exactEmpties)
        return exactValues(position, played, options, stats);
    return estimatedValues(position, played, options, stats);
}

GameReview GameReviewer::review(const core::Position& start, const std::vector<int>& moves,
                                const ReviewOptions& options) {
    const auto t0 = std::chrono::steady_clock::now();
    GameReview review;
    review.maxEmpties = options.exactEmpties;
    review.midgame = options.midgame;
    review.depth = options.midgame ? options.depth : 0;
    review.secondsPerPosition = options.midgame ? options.secondsPerPosition : 0;
    review.allMoves = options.allMoves;
    const core::ReplayResult game = core::replay(start, moves);
    memo_.clear();
    const auto judged = [&](std::size_t i) {
        return game.plies[i].square != core::kPass &&
               (options.midgame || game.positions[i].emptyCount() <= options.exactEmpties);
    };
    ReviewProgress progress;
    for (std::size_t i = 0; i < game.plies.size(); ++i) progress.toJudge += judged(i);
    int discsPlayed = 0;
    for (std::size_t i = 0; i < game.plies.size(); ++i) {
        const core::Ply& ply = game.plies[i];
        if (ply.square == core::kPass) continue;
        ++discsPlayed;
        if (!judged(i)) continue;
        if (cancelled(options)) {
            review.complete = false;
            break;
        }
        const core::Position& before = game.positions[i];
        const PositionValues v = valuePosition(before, ply.square, options, review.stats);
        if (!v.ok) {
            review.complete = false;
            break;
        }
        review.moves.push_back(
            judgedMove(static_cast<int>(i), discsPlayed, before, ply.square, v, options.allMoves));
        if (options.onProgress) {
            ++progress.judged;
            progress.last = &review.moves.back();
            progress.stats = review.stats;
            progress.stats.seconds =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            options.onProgress(progress);
        }
    }
    memo_.clear();
    summarise(review);
    review.stats.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return review;
}

}  // namespace othello::analysis
