// Repairs of transcript diagrams: the single edits that make a failing diagram replay.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>

#include "ReaderTestSupport.h"
#include "core/Replay.h"
#include "importers/TranscriptRepair.h"

using namespace othello;
using namespace othello::importers;
using namespace othello::importers::testing;

namespace {

TranscriptGrid penloupGrid() {
    TranscriptGrid g;
    const auto moves = core::parseMoves(kPenloupMoves).moves;
    for (std::size_t i = 0; i < moves.size(); ++i) g.number[moves[i]] = static_cast<int>(i) + 1;
    return g;
}

int sq(const char* name) {
    return core::parseSquare(name);
}

bool offersGame(const std::vector<RepairCandidate>& repairs, const std::string& moves) {
    for (const RepairCandidate& c : repairs)
        if (core::movesString(c.moves, true) == moves) return true;
    return false;
}

}  // namespace

TEST_CASE("repairs: a well-formed diagram is its own sequence") {
    const TranscriptGrid g = penloupGrid();
    const auto seq = gridSequence(g);
    REQUIRE(seq);
    CHECK(core::movesString(*seq) == kPenloupMoves);
    TranscriptGrid dup = g;
    dup.number[sq("f8")] = 59;
    CHECK(!gridSequence(dup));
}

TEST_CASE("repairs: two swapped numbers are found, with what changes and the final score") {
    TranscriptGrid g = penloupGrid();
    std::swap(g.number[sq("c3")], g.number[sq("d3")]);
    const auto repairs = findRepairs(g, std::nullopt, false);
    REQUIRE(!repairs.empty());
    const RepairCandidate& best = repairs.front();
    CHECK(best.change == "swap 4 (c3) and 3 (d3)");
    CHECK(best.changedMoves == 2);
    CHECK(best.status == GameStatus::Complete);
    CHECK(best.score == core::Score{20, 44});
    CHECK(core::movesString(best.moves, true) == kPenloupMoves);
    CHECK(!best.matchesStatedScore);
}

TEST_CASE("repairs: fewest changed moves first, then the declared score") {
    TranscriptGrid g = penloupGrid();
    g.number[sq("f8")] = 59;  // 59 on g7 and f8; 60 missing
    const auto plain = findRepairs(g, std::nullopt, false);
    REQUIRE(plain.size() >= 2);
    CHECK(offersGame(plain, kPenloupMoves));
    for (std::size_t i = 1; i < plain.size(); ++i)
        CHECK(plain[i - 1].changedMoves <= plain[i].changedMoves);
    // With the declared score, the candidate that reaches it comes first.
    const auto ranked = findRepairs(g, 20, false);
    REQUIRE(!ranked.empty());
    CHECK(ranked.front().change == "change 59 (f8) to 60");
    CHECK(ranked.front().matchesStatedScore);
    CHECK(core::movesString(ranked.front().moves, true) == kPenloupMoves);
}

TEST_CASE("repairs: a missing number written on a blank square, a number moved off the centre") {
    TranscriptGrid missing = penloupGrid();
    missing.number[sq("e1")] = 0;
    const auto a = findRepairs(missing, 20, false);
    REQUIRE(!a.empty());
    CHECK(a.front().change == "write 31 on e1");
    CHECK(a.front().changedMoves == 1);

    TranscriptGrid centre = penloupGrid();
    centre.number[sq("f5")] = 0;
    centre.number[sq("e5")] = 1;
    const auto b = findRepairs(centre, 20, false);
    REQUIRE(!b.empty());
    CHECK(b.front().change == "move 1 from e5 to f5");
    CHECK(b.front().changedMoves == 1);
}

TEST_CASE("repairs: a diagram that replays to another score only gets candidates reaching it") {
    const TranscriptGrid g = penloupGrid();
    const auto repairs = findRepairs(g, 22, true);
    for (const RepairCandidate& c : repairs) {
        CHECK(c.matchesStatedScore);
        CHECK(c.score.black == 22);
    }
}

TEST_CASE("repairs: two independent errors are beyond a single edit") {
    TranscriptGrid g = penloupGrid();
    std::swap(g.number[sq("c3")], g.number[sq("d3")]);
    std::swap(g.number[sq("a1")], g.number[sq("h8")]);
    const auto repairs = findRepairs(g, 20, false);
    CHECK(!offersGame(repairs, kPenloupMoves));
    for (const RepairCandidate& c : repairs) CHECK(!c.moves.empty());
}

TEST_CASE("repairs: the limit bounds the list") {
    TranscriptGrid g = penloupGrid();
    g.number[sq("h8")] = 0;  // 57 missing below 60: many legal single edits
    CHECK(findRepairs(g, std::nullopt, false, 3).size() <= 3);
}

namespace {

std::string numbered(int value, int square) {
    return std::to_string(value) + " (" + core::squareName(square) + ")";
}

// The slow, obviously right repairs: every single edit of the three kinds is applied to a copy
// of the grid, kept when the copy's numbers are 1..N (gridSequence) and its moves replay,
// with no shortcut (findRepairs skips the edits that cannot help without trying them).
std::vector<RepairCandidate> referenceRepairs(const TranscriptGrid& grid,
                                              std::optional<int> statedBlack,
                                              bool requireStatedScore) {
    const core::Bitboard occupied = grid.start.black() | grid.start.white();
    std::vector<RepairCandidate> out;
    const auto consider = [&](const TranscriptGrid& edited, std::string change) {
        const auto seq = gridSequence(edited);
        if (!seq) return;
        const core::ReplayResult r = core::replay(grid.start, *seq);
        if (r.error) return;
        const bool matches = statedBlack && r.over && r.score().black == *statedBlack;
        if (requireStatedScore && !matches) return;
        RepairCandidate c;
        c.change = std::move(change);
        c.moves = r.moves();
        c.status = r.over ? GameStatus::Complete : GameStatus::Incomplete;
        c.score = r.score();
        c.matchesStatedScore = matches;
        out.push_back(std::move(c));
    };
    const std::array<int, 64>& n = grid.number;
    for (int a = 0; a < 64; ++a)
        for (int b = a + 1; b < 64; ++b) {
            if (n[a] == 0 || n[b] == 0 || n[a] == n[b]) continue;
            TranscriptGrid e = grid;
            std::swap(e.number[a], e.number[b]);
            consider(e, "swap " + numbered(n[a], a) + " and " + numbered(n[b], b));
        }
    for (int m = 1; m <= 60; ++m) {
        if (std::find(n.begin(), n.end(), m) != n.end()) continue;
        for (int s = 0; s < 64; ++s) {
            if (occupied & core::bit(s)) continue;
            TranscriptGrid e = grid;
            e.number[s] = m;
            consider(e, n[s] == 0 ? "write " + std::to_string(m) + " on " + core::squareName(s)
                                  : "change " + numbered(n[s], s) + " to " + std::to_string(m));
        }
    }
    for (int s = 0; s < 64; ++s)
        for (int t = 0; t < 64; ++t) {
            if (n[s] == 0 || n[t] != 0 || (occupied & core::bit(t))) continue;
            TranscriptGrid e = grid;
            e.number[t] = n[s];
            e.number[s] = 0;
            consider(e, "move " + std::to_string(n[s]) + " from " + core::squareName(s) + " to " +
                            core::squareName(t));
        }
    return out;
}

}  // namespace

// findRepairs' shortcuts (edits it proves useless without a replay, sequences derived from the
// original's, descriptions written only for the edits kept) change nothing: on random games
// damaged at random (swaps, erased or changed numbers, a number moved onto the centre), it
// offers exactly the slow reference's candidates.
TEST_CASE("repairs: the fast search offers exactly the slow reference's candidates") {
    std::mt19937_64 rng(2026);
    int withCandidates = 0;
    for (int t = 0; t < 400; ++t) {
        TranscriptGrid g;
        core::Position p = core::Position::start();
        const int length = 1 + static_cast<int>(rng() % 60);
        for (int k = 0; k < length; ++k) {
            core::Bitboard legal = p.legalMoves();
            if (!legal) {
                p.pass();
                legal = p.legalMoves();
                if (!legal) break;
            }
            std::vector<int> squares;
            for (int s = 0; s < 64; ++s)
                if (legal & core::bit(s)) squares.push_back(s);
            const int s = squares[rng() % squares.size()];
            p.play(s, p.flipsOf(s));
            g.number[s] = k + 1;
        }
        const int a = static_cast<int>(rng() % 64), b = static_cast<int>(rng() % 64);
        switch (rng() % 5) {
            case 0:
                std::swap(g.number[a], g.number[b]);
                break;
            case 1:
                g.number[a] = 0;
                break;
            case 2:
                g.number[a] = static_cast<int>(rng() % 62);
                break;
            case 3: {
                const int centre = rng() % 2 ? sq("d4") : sq("e5");
                const auto it = std::find(g.number.begin(), g.number.end(), 1);
                if (it != g.number.end()) std::swap(*it, g.number[centre]);
                break;
            }
            default:
                break;  // undamaged: a diagram that replays, maybe to another score
        }
        const std::optional<int> stated =
            rng() % 2 ? std::optional<int>(static_cast<int>(rng() % 65)) : std::nullopt;
        const bool requireStated = rng() % 3 == 0;
        INFO("grid " << t);
        std::vector<RepairCandidate> fast = findRepairs(g, stated, requireStated, 100000);
        std::vector<RepairCandidate> slow = referenceRepairs(g, stated, requireStated);
        const auto byChange = [](const RepairCandidate& x, const RepairCandidate& y) {
            return x.change < y.change;
        };
        std::sort(fast.begin(), fast.end(), byChange);
        std::sort(slow.begin(), slow.end(), byChange);
        REQUIRE(fast.size() == slow.size());
        for (std::size_t i = 0; i < fast.size(); ++i) {
            CHECK(fast[i].change == slow[i].change);
            CHECK(fast[i].moves == slow[i].moves);
            CHECK(fast[i].status == slow[i].status);
            CHECK(fast[i].score.black == slow[i].score.black);
            CHECK(fast[i].matchesStatedScore == slow[i].matchesStatedScore);
        }
        withCandidates += !fast.empty();
    }
    CHECK(withCandidates > 100);  // the damage is repairable often enough to compare
}
