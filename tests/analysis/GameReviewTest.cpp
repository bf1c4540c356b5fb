// The endgame review (GameReviewer, ReviewOptions::midgame false, no store) against a plain
// minimax (Minimax.h): values, losses, best moves, summaries, passes and unfinished games.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <random>

#include "../core/TestBoards.h"
#include "Minimax.h"
#include "analysis/GameReviewer.h"
#include "analysis/TheoreticalScore.h"
#include "core/Replay.h"

using namespace othello;

namespace {

using testing::minimax;

// A random game from the start; `stopEmpties` > 0 cuts it when that many squares are left.
std::vector<int> randomGame(std::uint64_t seed, int stopEmpties = 0) {
    std::mt19937_64 rng(seed);
    core::Position p = core::Position::start();
    std::vector<int> moves;
    while (!p.isGameOver() && p.emptyCount() > stopEmpties) {
        if (!p.canMove()) {
            p.pass();
            moves.push_back(core::kPass);
            continue;
        }
        const int sq = testing::randomMove(p.legalMoves(), rng);
        p.play(sq);
        moves.push_back(sq);
    }
    return moves;
}

// The endgame review of a game from the start, without a cache.
analysis::GameReview endgameReview(const std::vector<int>& moves, int maxEmpties) {
    analysis::GameReviewer reviewer(4);
    return reviewer.review(core::Position::start(), moves,
                           analysis::endgameReviewOptions(maxEmpties));
}

// The review the minimax gives, move by move (Black's point of view).
struct Expected {
    int value, playedValue, loss;
    std::vector<int> best;
};
std::map<int, Expected> expectedReview(const std::vector<int>& moves, int maxEmpties) {
    const core::ReplayResult game = core::replay(core::Position::start(), moves);
    std::map<int, Expected> out;
    for (std::size_t i = 0; i < game.plies.size(); ++i) {
        const core::Position& p = game.positions[i];
        if (game.plies[i].square == core::kPass || p.emptyCount() > maxEmpties) continue;
        const int sign = p.toMove() == core::Color::Black ? 1 : -1;
        Expected e{};
        int best = -65;
        std::map<int, int> values;
        for (core::Bitboard b = p.legalMoves(); b; b &= b - 1) {
            core::Position q = p;
            const int sq = core::lowestSquare(b);
            q.play(sq);
            values[sq] = -minimax(q);
            best = std::max(best, values[sq]);
        }
        for (const auto& [sq, v] : values)
            if (v == best) e.best.push_back(sq);
        e.value = sign * best;
        e.playedValue = sign * values.at(game.plies[i].square);
        e.loss = best - values.at(game.plies[i].square);
        out[static_cast<int>(i)] = e;
    }
    return out;
}

void checkAgainstMinimax(const std::vector<int>& moves, int maxEmpties) {
    const analysis::GameReview r = endgameReview(moves, maxEmpties);
    const auto expected = expectedReview(moves, maxEmpties);
    REQUIRE(r.moves.size() == expected.size());
    analysis::SideSummary black, white;
    for (const analysis::ReviewedMove& m : r.moves) {
        INFO("ply " << m.ply);
        REQUIRE(expected.count(m.ply) == 1);
        const Expected& e = expected.at(m.ply);
        CHECK(m.move == moves[static_cast<std::size_t>(m.ply)]);
        CHECK(m.value == e.value);
        CHECK(m.playedValue == e.playedValue);
        CHECK(m.loss == e.loss);
        CHECK(m.bestMoves == e.best);
        CHECK(m.empties <= maxEmpties);
        analysis::SideSummary& s = m.side == core::Color::Black ? black : white;
        ++s.movesChecked;
        s.perfectMoves += m.loss == 0;
        s.discsLost += m.loss;
        s.maxLoss = std::max(s.maxLoss, m.loss);
    }
    CHECK(r.black.movesChecked == black.movesChecked);
    CHECK(r.black.perfectMoves == black.perfectMoves);
    CHECK(r.black.discsLost == black.discsLost);
    CHECK(r.black.maxLoss == black.maxLoss);
    CHECK(r.white.movesChecked == white.movesChecked);
    CHECK(r.white.perfectMoves == white.perfectMoves);
    CHECK(r.white.discsLost == white.discsLost);
    CHECK(r.white.maxLoss == white.maxLoss);
    CHECK(r.maxLoss() == std::max(black.maxLoss, white.maxLoss));
}

}  // namespace

TEST_CASE("review: values, losses and best moves agree with a plain minimax", "[review]") {
    int withLoss = 0;
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
        const auto moves = randomGame(seed);
        checkAgainstMinimax(moves, 9);
        withLoss += endgameReview(moves, 9).maxLoss() > 0;
    }
    // Random play blunders: the check above covered moves that lost discs.
    CHECK(withLoss > 0);
}

TEST_CASE("review: a move losing a known number of discs", "[review]") {
    // Find a random game's move that loses discs, then check its figures by hand.
    for (std::uint64_t seed = 10;; ++seed) {
        REQUIRE(seed < 200);
        const auto moves = randomGame(seed);
        const auto expected = expectedReview(moves, 8);
        const auto blunder = std::find_if(expected.begin(), expected.end(),
                                          [](const auto& e) { return e.second.loss >= 4; });
        if (blunder == expected.end()) continue;
        const auto r = endgameReview(moves, 8);
        const auto m = std::find_if(r.moves.begin(), r.moves.end(),
                                    [&](const auto& x) { return x.ply == blunder->first; });
        REQUIRE(m != r.moves.end());
        CHECK(m->loss == blunder->second.loss);
        CHECK(m->loss >= 4);
        // The loss is the mover's: Black loses by lowering the value, White by raising it.
        const int mover = m->side == core::Color::Black ? 1 : -1;
        CHECK(mover * (m->value - m->playedValue) == m->loss);
        CHECK(std::find(m->bestMoves.begin(), m->bestMoves.end(), m->move) == m->bestMoves.end());
        CHECK(r.summary(m->side).perfectMoves < r.summary(m->side).movesChecked);
        break;
    }
}

TEST_CASE("review: passes are not judged", "[review]") {
    // A random game with a pass among its last plies.
    for (std::uint64_t seed = 1;; ++seed) {
        REQUIRE(seed < 5000);
        const auto moves = randomGame(seed);
        const core::ReplayResult game = core::replay(core::Position::start(), moves);
        bool passNearEnd = false;
        for (std::size_t i = 0; i < game.plies.size(); ++i)
            passNearEnd |=
                game.plies[i].square == core::kPass && game.positions[i].emptyCount() <= 9;
        if (!passNearEnd) continue;
        checkAgainstMinimax(moves, 9);
        const auto r = endgameReview(moves, 9);
        for (const auto& m : r.moves) CHECK(m.move != core::kPass);
        // Every move played (not pass) from <= 9 empties is judged, once.
        int played = 0;
        for (std::size_t i = 0; i < game.plies.size(); ++i)
            played += game.plies[i].square != core::kPass && game.positions[i].emptyCount() <= 9;
        CHECK(static_cast<int>(r.moves.size()) == played);
        break;
    }
}

TEST_CASE("review: an unfinished game is judged on the moves it has", "[review]") {
    const auto moves = randomGame(7, 6);  // stops with 6 empties
    checkAgainstMinimax(moves, 10);
    const auto r = endgameReview(moves, 10);
    REQUIRE_FALSE(r.moves.empty());
    CHECK(r.moves.front().empties == 10);
    CHECK(r.moves.back().empties == 7);  // the last move played left 6
    CHECK(r.black.movesChecked + r.white.movesChecked == static_cast<int>(r.moves.size()));
}

TEST_CASE("review: move numbers count discs, not passes", "[review]") {
    const auto moves = randomGame(3);
    const auto r = endgameReview(moves, 6);
    for (const auto& m : r.moves) CHECK(m.moveNumber == 60 - m.empties + 1);
}

TEST_CASE("theoretical score: the solver at the stated depth, or the final score", "[review]") {
    analysis::Solver solver(4);
    const auto moves = randomGame(5);
    const core::ReplayResult game = core::replay(core::Position::start(), moves);
    REQUIRE(game.over);
    const auto s = analysis::solveTheoretical(core::Position::start(), moves, 10, solver);
    REQUIRE(s.status == analysis::TheoreticalSolve::Status::Solved);
    CHECK(s.empties == 10);
    const core::Position& p = game.positions[static_cast<std::size_t>(s.ply)];
    const int diff = p.toMove() == core::Color::Black ? minimax(p) : -minimax(p);
    CHECK(s.blackDiscs == (64 + diff) / 2);
    // At 0 empties nothing is left: the final score.
    const auto end = analysis::solveTheoretical(core::Position::start(), moves, 0, solver);
    CHECK(end.blackDiscs == game.score().black);
    // A record stopping before the depth, unfinished: nothing to compare.
    const auto cut = randomGame(5, 20);
    CHECK(analysis::solveTheoretical(core::Position::start(), cut, 10, solver).status ==
          analysis::TheoreticalSolve::Status::NotReached);
}
