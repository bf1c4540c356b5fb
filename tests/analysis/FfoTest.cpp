// FFO endgame positions #1-#19 (14-16 empties) from the shared data: every listed move's value.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>

#include "analysis/ObfProblem.h"
#include "analysis/Solver.h"
#include "core/Notation.h"

using namespace othello;

TEST_CASE("OBF lines parse", "[solver][obf]") {
    const auto p = analysis::parseObfLine(
        "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12; "
        "B1:-4;\r");
    REQUIRE(p);
    CHECK(p->position.toMove() == core::Color::Black);
    CHECK(p->position.emptyCount() == 14);
    REQUIRE(p->moves.size() == 3);
    CHECK(p->moves[0].square == core::parseSquare("g8"));
    CHECK(p->moves[0].value == 18);
    CHECK(p->moves[2].value == -4);
    CHECK_FALSE(analysis::parseObfLine(""));
    CHECK_FALSE(analysis::parseObfLine(std::string(64, '-') + "; A1:+2"));  // no side
    CHECK_FALSE(analysis::parseObfLine(std::string(64, '-') + " X; Z9:+2"));
    CHECK_FALSE(analysis::parseObfLine(std::string(64, '-') + " X; A1:+2x"));
}

TEST_CASE("FFO #1-#19: every listed move's exact value", "[solver][ffo]") {
    const std::filesystem::path file =
        std::filesystem::path(OTHELLO_SHARED_DATA) / "obf" / "fforum-1-19.obf";
    if (!std::filesystem::exists(file)) {
        WARN("skipped: " << file.string()
                         << " is absent (the shared data is not beside the "
                            "project)");
        return;
    }
    std::ifstream in(file);
    std::string line;
    analysis::Solver solver(64);
    int number = 0;
    while (std::getline(in, line)) {
        const auto problem = analysis::parseObfLine(line);
        if (!problem) continue;
        ++number;
        INFO("FFO #" << number << ": " << line);
        analysis::SolveOptions o;
        o.allMoves = true;
        const analysis::SolveResult r = solver.solve(problem->position, o);
        REQUIRE(r.complete);
        CHECK(r.kind == analysis::ValueKind::Exact);
        CHECK(r.value == problem->moves.front().value);
        std::map<int, int> got;
        for (const auto& m : r.moves) {
            CHECK(m.kind == analysis::ValueKind::Exact);
            got[m.square] = m.value;
        }
        for (const auto& m : problem->moves) {
            INFO(core::squareName(m.square));
            REQUIRE(got.count(m.square));
            CHECK(got[m.square] == m.value);
        }
        // The best move is one of those with the best value.
        CHECK(got.at(r.bestMove) == r.value);
    }
    CHECK(number == 19);
}
