// Repairs of transcript diagrams: the single edits that make a failing diagram replay.
#include <catch2/catch.hpp>

#include "ReaderTestSupport.h"
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
