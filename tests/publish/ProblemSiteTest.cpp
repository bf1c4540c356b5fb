// The published problem sets (web/ProblemPages.h): problems/<id>.html renders for a stored set
// and for nothing else, the index lists the sets, the page's data judges every legal move as
// the engine does (the booklet's corner goal; a best-value endgame against the solver's own
// values, ties all right), names are escaped, and publish writes the page and its script.
#include <catch2/catch.hpp>

#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "../storage/StorageTestUtil.h"
#include "analysis/Solver.h"
#include "core/Notation.h"
#include "problems/JsonFormat.h"
#include "storage/Archive.h"
#include "storage/problems/ProblemStore.h"
#include "web/Site.h"

using namespace othello;
using storagetest::TempDir;

namespace {

const char* kEndgame = "XXXXXXXX XOOOOOXX XOXXOOXX XOXOXOXX XOOXXOXX XO--XO-X X--O-O-O --X---O- O";

struct ProblemFixture {
    TempDir dir{"publish-problems"};
    storage::Archive archive{dir / "a.sqlite"};
    std::int64_t booklet = 0, hostile = 0;
    ProblemFixture() {
        std::ifstream in(OTHELLO_SOURCE_DIR "/samples/problems/mattel-booklet-puzzles.json");
        std::stringstream text;
        text << in.rdbuf();
        problems::ReadResult read = problems::readJson(text.str());
        REQUIRE(read.set.problems.size() == 4);
        storage::ProblemStore store(archive);
        booklet = store.add(read.set).setId;
        problems::ProblemSet set;
        set.name = "<script>alert(1)</script> endgames";
        problems::Problem p;
        p.title = "Endgame </script>";
        p.position = core::parseBoard(kEndgame).position;
        p.goal = problems::Goal::Best;
        problems::fillDifficulty(p);
        set.problems = {p};
        hostile = store.add(set).setId;
        REQUIRE(booklet != 0);
        REQUIRE(hostile != 0);
    }
};

// The page's data (window.OTHELLO_PROBLEM_SET = {...};).
nlohmann::json pageData(const std::string& page) {
    const std::string marker = "window.OTHELLO_PROBLEM_SET = ";
    const auto start = page.find(marker);
    REQUIRE(start != std::string::npos);
    const auto end = page.find(";</script>", start);
    REQUIRE(end != std::string::npos);
    return nlohmann::json::parse(page.substr(start + marker.size(), end - start - marker.size()));
}

}  // namespace

TEST_CASE("problem pages: a page per stored set, nothing else") {
    ProblemFixture f;
    web::Site site(f.archive, {});
    CHECK(site.render("problems/" + std::to_string(f.booklet) + ".html"));
    CHECK_FALSE(site.render("problems/999.html"));
    CHECK_FALSE(site.render("problems/0.html"));
    CHECK_FALSE(site.render("problems/0" + std::to_string(f.booklet) + ".html"));
    CHECK_FALSE(site.render("problems/../index.html"));
    const auto index = site.render("index.html");
    REQUIRE(index);
    CHECK(index->find("href=\"problems/" + std::to_string(f.booklet) + ".html\">Mattel booklet puzzles</a>") !=
          std::string::npos);
    CHECK(index->find("<script>alert(1)") == std::string::npos);
    CHECK(index->find("&lt;script&gt;alert(1)&lt;/script&gt; endgames") != std::string::npos);
}

TEST_CASE("problem pages: the booklet's corner goal judged for every move") {
    ProblemFixture f;
    web::Site site(f.archive, {});
    const auto page = site.render("problems/" + std::to_string(f.booklet) + ".html");
    REQUIRE(page);
    CHECK(page->find("src=\"../assets/problems.js\"") != std::string::npos);
    CHECK(page->find("fetch(") == std::string::npos);
    const nlohmann::json data = pageData(*page);
    REQUIRE(data["problems"].size() == 4);
    const nlohmann::json& first = data["problems"][0];
    CHECK(first["title"] == "Puzzle #1");
    CHECK(first["black"] == true);
    // H2 is the only move forcing a corner (the booklet, checked by the engine).
    for (const auto& [square, move] : first["moves"].items()) {
        CHECK(move["right"] == (square == "h2"));
        CHECK_FALSE(move["text"].get<std::string>().empty());
    }
    CHECK(first["moves"]["h2"]["text"].get<std::string>().rfind("Right: h2 forces a corner", 0) == 0);
    CHECK(first["solution"].size() == 24);
    CHECK(data["problems"][1]["moves"]["b6"]["right"] == true);  // puzzle 2: B6
}

TEST_CASE("problem pages: best value judged by the solver's values, names escaped") {
    ProblemFixture f;
    web::Site site(f.archive, {});
    const auto page = site.render("problems/" + std::to_string(f.hostile) + ".html");
    REQUIRE(page);
    CHECK(page->find("<script>alert(1)") == std::string::npos);
    CHECK(page->find("Endgame </script>") == std::string::npos);
    const nlohmann::json p = pageData(*page)["problems"][0];
    CHECK(p["title"] == "Endgame </script>");

    analysis::Solver solver(16);
    analysis::SolveOptions options;
    options.allMoves = true;
    const analysis::SolveResult truth = solver.solve(core::parseBoard(kEndgame).position, options);
    REQUIRE(p["moves"].size() == truth.moves.size());
    int right = 0;
    for (const analysis::MoveValue& m : truth.moves) {
        const nlohmann::json& move = p["moves"][core::squareName(m.square)];
        std::string value = m.value > 0 ? "+" : "";
        value += std::to_string(m.value);
        CHECK(move["value"] == value);
        CHECK(move["right"] == (m.value == truth.value));
        right += m.value == truth.value;
    }
    CHECK(right >= 1);
    CHECK(p["values"] == "Values: exact");  // the solver's, not a source's
}

TEST_CASE("problem pages: publish writes each set's page and its script") {
    ProblemFixture f;
    web::Site site(f.archive, {});
    std::set<std::string> paths;
    site.forEachFile([&](const std::string& path, const std::string&) { paths.insert(path); });
    CHECK(paths.count("problems/" + std::to_string(f.booklet) + ".html"));
    CHECK(paths.count("problems/" + std::to_string(f.hostile) + ".html"));
    CHECK(paths.count("assets/problems.js"));
}
