// The sample collection samples/problems/mattel-booklet-puzzles.json against the booklet's own
// words (../shared/rules/othello-mattel-en-fr-es.txt, "PUZZLE SOLUTIONS"): each answer forces a
// corner and is the only move that does, White's replies are the ones the booklet names with
// the corners they give, and puzzle 1's line replays to 54-10 with White having one move at
// every turn.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "core/Notation.h"
#include "core/Rules.h"
#include "problems/GoalChecker.h"
#include "problems/JsonFormat.h"

using namespace othello;

namespace {

problems::ProblemSet booklet() {
    std::ifstream in(std::filesystem::path(OTHELLO_SOURCE_DIR) / "samples" / "problems" /
                     "mattel-booklet-puzzles.json");
    std::stringstream text;
    text << in.rdbuf();
    const auto r = problems::readJson(text.str());
    REQUIRE(r.diagnostics.empty());
    return r.set;
}

std::set<std::string> names(core::Bitboard b) {
    std::set<std::string> out;
    for (; b; b &= b - 1) out.insert(core::squareName(core::lowestSquare(b)));
    return out;
}

}  // namespace

TEST_CASE("the booklet's puzzles: answers and White's replies with the corners they give",
          "[problems][booklet]") {
    const problems::ProblemSet set = booklet();
    CHECK(set.name == "Mattel booklet puzzles");
    CHECK(set.source.find("Mattel") != std::string::npos);
    REQUIRE(set.problems.size() == 4);
    // title, answer, {reply -> corners}, as the booklet says.
    struct Fact {
        const char* title;
        const char* answer;
        std::map<std::string, std::set<std::string>> replies;
    };
    const std::vector<Fact> facts = {
        {"Puzzle #1", "h2", {{"h7", {"h8"}}}},
        {"Puzzle #2", "b6", {{"b7", {"a8"}}, {"g1", {"h1"}}}},
        {"Puzzle #3", "f8", {{"b7", {"a8"}}, {"b8", {"a8"}}}},
        {"Puzzle #5", "g7", {{"g8", {"h8"}}, {"h7", {"h8"}}}},
    };
    for (std::size_t i = 0; i < facts.size(); ++i) {
        const problems::Problem& p = set.problems[i];
        INFO(p.title);
        CHECK(p.title == facts[i].title);
        CHECK(p.goal == problems::Goal::Corner);
        CHECK(p.position.toMove() == core::Color::Black);
        CHECK(p.answers == std::vector<int>{core::parseSquare(facts[i].answer)});
        std::map<std::string, std::set<std::string>> replies;
        for (const auto& r : problems::cornerReplies(p.position, p.answers[0]))
            replies[core::squareName(r.reply)] = names(r.corners);
        CHECK(replies == facts[i].replies);
        // The only move that forces a corner.
        int forcing = 0;
        for (core::Bitboard m = p.position.legalMoves(); m; m &= m - 1)
            forcing += problems::forcesCorner(p.position, core::lowestSquare(m)) ? 1 : 0;
        CHECK(forcing == 1);
    }
}

TEST_CASE("puzzle 1's line: White has one move at every turn and Black wins 54 to 10",
          "[problems][booklet]") {
    const problems::Problem p = booklet().problems[0];
    REQUIRE(p.line.size() == 24);
    CHECK(p.line[0] == p.answers[0]);
    core::Position q = p.position;
    int whiteTurns = 0;
    for (const int m : p.line) {
        REQUIRE(m != core::kPass);
        REQUIRE(q.isLegal(m));
        if (q.toMove() == core::Color::White) {
            CHECK(core::popcount(q.legalMoves()) == 1);
            ++whiteTurns;
        }
        q.play(m);
    }
    CHECK(whiteTurns == 12);
    CHECK(q.isGameOver());
    CHECK(q.discCount() == core::Score{54, 10});
}
