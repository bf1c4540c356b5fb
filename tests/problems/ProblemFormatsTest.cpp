// The problem formats: OBF and JSON written and read back unchanged, hostile OBF lines and
// JSON members located while the rest of the file is read.
#include <catch2/catch.hpp>

#include <random>

#include "../analysis/SolverTestUtil.h"
#include "core/Notation.h"
#include "problems/JsonFormat.h"
#include "problems/ObfFormat.h"

using namespace othello;

namespace {

// A random problem of `empties` empties (the side to move able to move), with stated values of
// some legal moves and, in JSON, everything else a problem holds.
problems::Problem randomProblem(std::mt19937_64& rng, int empties, bool forObf) {
    problems::Problem p;
    do {
        p.position = solvertest::randomPosition(rng, empties);
    } while (!p.position.canMove());
    std::vector<int> legal;
    for (core::Bitboard m = p.position.legalMoves(); m; m &= m - 1)
        legal.push_back(core::lowestSquare(m));
    int best = -65;
    for (const int m : legal)
        if (rng() % 2) {
            const int v = static_cast<int>(rng() % 129) - 64;
            p.values.push_back({m, v});
            best = std::max(best, v);
        }
    // OBF: the answer is what the values imply, or a bare move when no value is stated.
    if (!p.values.empty()) {
        for (const auto& v : p.values)
            if (v.value == best) p.answers.push_back(v.move);
    } else {
        p.answers = {legal[rng() % legal.size()]};
    }
    p.title = "problem " + std::to_string(rng() % 1000);
    p.source = "random";
    if (!forObf) {
        p.goal = static_cast<problems::Goal>(rng() % 4);
        p.line = {p.answers[0]};
        p.tags = {"a", "b"};
        p.comment = "ünïcode ok";
        p.question = "what?";
        p.difficulty.goalMoves = 1;
    }
    problems::fillDifficulty(p);
    return p;
}

}  // namespace

TEST_CASE("OBF: random problems written and read back unchanged", "[problems][formats]") {
    std::mt19937_64 rng(29);
    problems::ProblemSet set;
    set.name = "random";
    set.description = "round trip";
    for (int i = 0; i < 300; ++i) {
        problems::Problem p = randomProblem(rng, 4 + static_cast<int>(rng() % 40), true);
        p.set = "random";
        set.problems.push_back(p);
    }
    problems::ObfReadOptions o;
    o.setName = "random";
    o.source = "random";
    const problems::ReadResult back = problems::readObf(problems::writeObf(set), o);
    CHECK(back.diagnostics.empty());
    CHECK(back.set.description == "round trip");
    REQUIRE(back.set.problems.size() == set.problems.size());
    for (std::size_t i = 0; i < set.problems.size(); ++i) {
        INFO(problems::obfLine(set.problems[i]));
        CHECK(back.set.problems[i] == set.problems[i]);
    }
}

TEST_CASE("OBF: the FFO form with passes and bare answers and comments", "[problems][formats]") {
    const std::string text =
        "% FFO positions\n"
        "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12; "
        "H7:+6; A2:+6;\r\n"
        "\n"
        "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; h7; % my title\n";
    problems::ObfReadOptions o;
    o.titlePrefix = "FFO #";
    o.firstNumber = 1;
    const auto r = problems::readObf(text, o);
    CHECK(r.diagnostics.empty());
    CHECK(r.set.description == "FFO positions");
    REQUIRE(r.set.problems.size() == 2);
    CHECK(r.set.problems[0].title == "FFO #1");
    CHECK(r.set.problems[0].answers == std::vector<int>{core::parseSquare("g8")});
    CHECK(r.set.problems[0].values.size() == 4);
    CHECK(r.set.problems[0].difficulty.empties == 14);
    CHECK(r.set.problems[1].title == "my title");
    CHECK(r.set.problems[1].answers == std::vector<int>{core::parseSquare("h7")});
    CHECK(r.set.problems[1].values.empty());
    // A pass: White has no move in this position, Black to move... the side that must pass
    // answers PS.
    const auto pass = problems::readObf(
        "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO- O; PS:-64;\n");
    REQUIRE(pass.diagnostics.empty());
    REQUIRE(pass.set.problems.size() == 1);
    CHECK(pass.set.problems[0].answers == std::vector<int>{core::kPass});
    CHECK(problems::obfLine(pass.set.problems[0]).find("PS:-64;") != std::string::npos);
}

TEST_CASE("OBF: each hostile line is located and the others are read", "[problems][formats]") {
    const std::string good =
        "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18;";
    const std::string text =
        good + "\n" +                                                                    // 1 ok
        "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO--; G8:+18;\n" +  // 2 no
                                                                                         // side
        good.substr(0, 67) + " Z9:+2;\n" +                                         // 3 bad move
        good.substr(0, 67) + " G8:+1x;\n" +                                        // 4 bad value
        good.substr(0, 67) + " G8:+99;\n" +                                        // 5 out of range
        "--XXXQX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X;\n" +  // 6 bad char
        good.substr(0, 67) + " A1:+4;\n" +                                         // 7 illegal move
        std::string("\x01\xff garbage;\n") +                                       // 8 binary
        good + " % still read\n";                                                  // 9 ok
    const auto r = problems::readObf(text);
    REQUIRE(r.set.problems.size() == 2);
    CHECK(r.set.problems[1].title == "still read");
    REQUIRE(r.diagnostics.size() == 7);
    CHECK(r.diagnostics[0].line == 2);
    CHECK(r.diagnostics[0].message.find("side to move") != std::string::npos);
    CHECK(r.diagnostics[1].line == 3);
    CHECK(r.diagnostics[1].column == 69);
    CHECK(r.diagnostics[1].message.find("'Z9'") != std::string::npos);
    CHECK(r.diagnostics[2].line == 4);
    CHECK(r.diagnostics[2].column == 72);
    CHECK(r.diagnostics[2].message.find("'+1x'") != std::string::npos);
    CHECK(r.diagnostics[3].line == 5);
    CHECK(r.diagnostics[4].line == 6);
    CHECK(r.diagnostics[4].column == 6);
    CHECK(r.diagnostics[5].line == 7);
    CHECK(r.diagnostics[5].message.find("a1") != std::string::npos);
    CHECK(r.diagnostics[6].line == 8);
    CHECK(problems::describe(r.diagnostics[1]).rfind("line 3, column 69: ", 0) == 0);
}

TEST_CASE("JSON: random problems written and read back unchanged", "[problems][formats]") {
    std::mt19937_64 rng(2929);
    problems::ProblemSet set;
    set.name = "json set";
    set.description = "all fields";
    set.source = "tests";
    for (int i = 0; i < 200; ++i) {
        problems::Problem p = randomProblem(rng, 4 + static_cast<int>(rng() % 40), false);
        p.set = set.name;
        set.problems.push_back(p);
    }
    const auto back = problems::readJson(problems::writeJson(set));
    CHECK(back.diagnostics.empty());
    CHECK(back.set.name == set.name);
    CHECK(back.set.description == set.description);
    REQUIRE(back.set.problems.size() == set.problems.size());
    for (std::size_t i = 0; i < set.problems.size(); ++i)
        CHECK(back.set.problems[i] == set.problems[i]);
}

TEST_CASE("JSON: a bad problem is named by its member and the others are read",
          "[problems][formats]") {
    const std::string board =
        "\"--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO--\"";
    const std::string text =
        "{\"name\": \"s\", \"problems\": ["
        "{\"board\": " +
        board +
        ", \"to_move\": \"black\", \"answers\": [\"g8\"]},"
        "{\"board\": " +
        board +
        ", \"to_move\": \"black\", \"answers\": [\"z9\"]},"
        "{\"board\": " +
        board +
        ", \"to_move\": \"blue\"},"
        "{\"board\": " +
        board +
        ", \"to_move\": \"black\", \"goal\": \"mate\"},"
        "{\"board\": " +
        board +
        ", \"to_move\": \"black\", \"answers\": [\"a1\"]},"
        "{\"board\": " +
        board +
        ", \"to_move\": \"black\", \"goal\": \"text\"},"
        "42]}";
    const auto r = problems::readJson(text);
    REQUIRE(r.set.problems.size() == 1);
    CHECK(r.set.problems[0].set == "s");
    REQUIRE(r.diagnostics.size() == 6);
    CHECK(r.diagnostics[0].path == "problems[1].answers[0]");
    CHECK(r.diagnostics[1].path == "problems[2].to_move");
    CHECK(r.diagnostics[2].path == "problems[3].goal");
    CHECK(r.diagnostics[3].path == "problems[4]");
    CHECK(r.diagnostics[3].message.find("not a legal move") != std::string::npos);
    CHECK(r.diagnostics[4].message.find("question") != std::string::npos);
    CHECK(r.diagnostics[5].path == "problems[6]");
    CHECK(problems::readJson("{\"problems\": [").diagnostics.size() == 1);
    CHECK(problems::readJson("[]").diagnostics.empty());
}

TEST_CASE("JSON: values and counts out of range are refused, not wrapped",
          "[problems][formats]") {
    const std::string head =
        "{\"problems\": [{\"board\": "
        "\"--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO--\", "
        "\"to_move\": \"black\", ";
    // 4294967314 is 2^32 + 18: read as +18 by get<int>.
    const auto wrapped = problems::readJson(head + "\"values\": [{\"move\": \"g8\", "
                                                   "\"value\": 4294967314}]}]}");
    CHECK(wrapped.set.problems.empty());
    REQUIRE(wrapped.diagnostics.size() == 1);
    CHECK(wrapped.diagnostics[0].path == "problems[0].values[0].value");
    CHECK(problems::readJson(head + "\"values\": [{\"move\": \"g8\", \"value\": -66}]}]}")
              .set.problems.empty());
    const auto ok =
        problems::readJson(head + "\"values\": [{\"move\": \"g8\", \"value\": 64}], "
                                  "\"difficulty\": {\"goal_moves\": 1}}]}");
    REQUIRE(ok.set.problems.size() == 1);
    CHECK(ok.set.problems[0].difficulty.goalMoves == 1);
    for (const char* n : {"99", "-3", "\"two\""}) {
        const auto bad =
            problems::readJson(head + "\"difficulty\": {\"goal_moves\": " + n + "}}]}");
        INFO(n);
        CHECK(bad.set.problems.empty());
        REQUIRE(bad.diagnostics.size() == 1);
        CHECK(bad.diagnostics[0].path == "problems[0].difficulty.goal_moves");
    }
}
