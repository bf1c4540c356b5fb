// othello-db problems through the real binary: import (bad lines named, exit 1, the rest
// stored), list, show, export and import back, check's exit codes, from-game, remove and
// revert, and generate on a small archive of random games: each problem has exactly one
// winning move (the solver's word, move by move) and no two are the same position under a
// symmetry.
#include <catch2/catch.hpp>

#include <map>
#include <set>

#include "../analysis/SolverTestUtil.h"
#include "../storage/CliDb.h"
#include "core/Notation.h"
#include "core/Replay.h"
#include "problems/GoalChecker.h"
#include "core/Symmetry.h"
#include "problems/JsonFormat.h"

using namespace othello;
using storagetest::CliDb;

namespace {

const std::string kFfo1 =
    "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12; H7:+6;";

}  // namespace

TEST_CASE("problems import then list and show and export and check", "[problems][cli]") {
    CliDb db("problems-cli");
    const auto file = db.dir / "set.obf";
    storagetest::writeFile(file, kFfo1 + " % first\n" + kFfo1.substr(0, 66) + "Q; G8:+18;\n" +
                                     "-XXXXXX---XOOOO--XOXXOOX-OOOOOOOOOOOXXOOOOOXXOOX--XXOO----"
                                     "XXXXX- X; A4:+10; % second\n");
    const auto imp = db.run("problems import --set club " + file.string());
    INFO(imp.out << imp.err);
    CHECK(imp.exitCode == 1);  // one bad line, named; the two others stored
    CHECK(imp.err.find("set.obf: line 2, column 67") != std::string::npos);
    // A file of which no problem could be read makes no set (it made an empty one).
    const auto none = db.dir / "none.obf";
    storagetest::writeFile(none, "XXXX\n\xff\xfe;\n");
    const auto noneImp = db.run("problems import --set empty " + none.string());
    CHECK(noneImp.exitCode == 1);
    CHECK(noneImp.err.find("none.obf: line 1") != std::string::npos);
    const auto sets = db.json("problems list");
    REQUIRE(sets["sets"].size() == 1);
    CHECK(sets["sets"][0]["problems"] == 2);
    const auto list = db.json("problems list club");
    REQUIRE(list["problems"].size() == 2);
    CHECK(list["problems"][0]["title"] == "first");
    const std::int64_t first = list["problems"][0]["id"].get<std::int64_t>();
    const auto show = db.run("problems show " + std::to_string(first));
    CHECK(show.exitCode == 0);
    CHECK(show.out.find("answer: g8") != std::string::npos);

    // check: clean, exit 0; a wrong answer: exit 1, both values named.
    const auto clean = db.json("problems check club");
    CHECK(clean["failed"] == 0);
    CHECK(clean["problems"][0]["exact"] == true);
    CHECK(list["problems"][0]["difficulty"].count("goal_moves") == 0);  // not counted yet
    const auto stored = db.json("problems check --store club");
    REQUIRE(stored["stored_change"].is_number());
    CHECK(db.json("problems list club")["problems"][0]["difficulty"]["goal_moves"] == 1);
    CHECK(db.json("problems check --store club")["stored_change"].is_null());  // nothing new
    CHECK(
        db.run("revert " + std::to_string(stored["stored_change"].get<std::int64_t>())).exitCode ==
        0);
    CHECK(db.json("problems list club")["problems"][0]["difficulty"].count("goal_moves") == 0);
    const auto wrongFile = db.dir / "wrong.obf";
    storagetest::writeFile(wrongFile, kFfo1.substr(0, 67) + " H1; % wrong\n");
    const auto wrong = db.run("problems check --file " + wrongFile.string());
    CHECK(wrong.exitCode == 1);
    CHECK(wrong.out.find("answer h1 (+12) does not reach the goal") != std::string::npos);
    CHECK(wrong.out.find("best value +18") != std::string::npos);
    const auto wrongJson = db.json("problems check --file " + wrongFile.string(), 1);
    CHECK(wrongJson["problems"][0]["failing_answers"][0]["value"] == 12);
    CHECK(wrongJson["problems"][0]["best_value"] == 18);
    CHECK(db.run("problems check --depth 0 club").exitCode == 2);
    CHECK(db.run("problems check nosuchset").exitCode == 1);

    // export as JSON and import again into another set: the same problems.
    const auto out = db.dir / "club.json";
    CHECK(db.run("problems export club -o " + out.string()).exitCode == 0);
    CHECK(db.run("problems import --set again " + out.string()).exitCode == 0);
    const auto again = db.json("problems list again");
    REQUIRE(again["problems"].size() == 2);
    CHECK(again["problems"][1]["board"] == list["problems"][1]["board"]);
    CHECK(again["problems"][1]["values"] == list["problems"][1]["values"]);
    // The same file again: both are repeats of the set, skipped.
    const auto repeat = db.json("problems import --set again " + out.string());
    CHECK(repeat["imports"][0]["skipped"] == 2);
    // An upper-case .OBF is Edax's format both ways (it was written and read as JSON).
    const auto upper = db.dir / "CLUB.OBF";
    CHECK(db.run("problems export club -o " + upper.string()).exitCode == 0);
    CHECK(storagetest::readFile(upper).rfind("--XXXXX--OOOXX-O", 0) == 0);
    // A set name of blanks is refused as a usage error (it made a set listed as nothing).
    CHECK(db.run("problems import --set '   ' " + upper.string()).exitCode == 2);
    CHECK(db.json("problems list")["sets"].size() == 2);
    CHECK(db.json("problems import --set upper " + upper.string())["imports"][0]["added"].size() ==
          2);
    CHECK(db.json("problems remove --set upper")["change"].is_number());

    // --db before the command reaches the sub-commands (it failed: "unknown option --db for
    // `problems`").
    const auto before =
        testing::runCli("--db " + testing::shellQuote(db.path.string()) + " problems list club");
    INFO(before.err);
    CHECK(before.exitCode == 0);
    CHECK(before.out.find("first") != std::string::npos);

    // remove and revert through the journal.
    const auto removed = db.json("problems remove --set again");
    CHECK(db.json("problems list")["sets"].size() == 1);
    CHECK(db.run("revert " + std::to_string(removed["change"].get<std::int64_t>())).exitCode == 0);
    CHECK(db.json("problems list")["sets"].size() == 2);
}

TEST_CASE("problems from-game and generate on a small archive", "[problems][cli][generator]") {
    CliDb db("problems-generate");
    std::mt19937_64 rng(1129);
    std::string games;
    for (int i = 0; i < 150; ++i)
        games += core::movesString(storagetest::randomGame(rng), true) + "\n";
    storagetest::writeFile(db.dir / "random.moves", games);
    REQUIRE(db.run("import " + (db.dir / "random.moves").string()).exitCode == 0);

    const auto fromGame = db.json("problems from-game 1 --ply 50 --set mine");
    REQUIRE(fromGame["added"].size() == 1);
    CHECK(fromGame["problem"]["source"].get<std::string>().find("game 1 (") == 0);
    CHECK(db.run("problems from-game 1 --ply 500").exitCode == 1);

    // A position where no move forces a corner is no corner problem: from-game refuses it (it
    // stored one with no answer) and check fails it (it printed "ok (no stated answer)").
    std::mt19937_64 again(1129);  // game 1 again
    const core::ReplayResult played =
        core::replay(core::Position::start(), storagetest::randomGame(again));
    int noCorner = -1;
    for (std::size_t ply = 44; ply + 1 < played.positions.size() && noCorner < 0; ++ply) {
        const core::Position& q = played.positions[ply];
        if (!q.canMove()) continue;
        bool any = false;
        for (core::Bitboard m = q.legalMoves(); m; m &= m - 1)
            any = any || problems::forcesCorner(q, std::countr_zero(m));
        if (!any) noCorner = static_cast<int>(ply);
    }
    REQUIRE(noCorner > 0);
    const auto refused = db.run("problems from-game 1 --goal corner --set corners --ply " +
                                std::to_string(noCorner));
    CHECK(refused.exitCode == 1);
    CHECK(refused.err.find("no move reaches the goal") != std::string::npos);
    CHECK(db.json("problems list")["sets"].size() == 1);  // "mine" alone: nothing stored
    problems::ProblemSet unanswerable;
    unanswerable.name = "no answer";
    problems::Problem q;
    q.position = played.positions[static_cast<std::size_t>(noCorner)];
    q.goal = problems::Goal::Corner;
    q.title = "no corner";
    unanswerable.problems = {q};
    storagetest::writeFile(db.dir / "unanswerable.json", problems::writeJson(unanswerable));
    const auto failed = db.run("problems check --file " + (db.dir / "unanswerable.json").string());
    INFO(failed.out);
    CHECK(failed.exitCode == 1);
    CHECK(failed.out.find("FAIL") == 0);

    // Nothing qualifies: no set made, exit 1 (it made an empty, journalled set).
    const std::size_t setsBefore = db.json("problems list")["sets"].size();
    const auto historyBefore = db.run("history").out;
    CHECK(db.run("problems generate --set nothing --player 'Nobody At All' --empties 10")
              .exitCode == 1);
    CHECK(db.json("problems list")["sets"].size() == setsBefore);
    CHECK(db.run("history").out == historyBefore);

    const auto gen = db.json("problems generate --set only --empties 10 --count 8");
    const auto problemsJson = db.json("problems list only")["problems"];
    REQUIRE(problemsJson.size() == 8);
    CHECK(gen["added"].size() == 8);
    std::set<std::pair<core::Bitboard, core::Bitboard>> seen;
    for (const auto& j : problemsJson) {
        const core::Position p = core::parseBoard(j["board"].get<std::string>() + " " +
                                                  (j["to_move"] == "black" ? "X" : "O"))
                                     .position;
        CHECK(p.emptyCount() == 10);
        const auto ref = solvertest::referenceMoves(p.player(), p.opponentDiscs());
        int winning = 0, winner = core::kNoSquare;
        for (const auto& m : ref)
            if (m.value > 0) {
                ++winning;
                winner = m.square;
            }
        CHECK(winning == 1);
        REQUIRE(j["answers"].size() == 1);
        CHECK(j["answers"][0] == core::squareName(winner));
        CHECK(j["goal"] == "win");
        const core::Canonical c = core::canonical(p);
        CHECK(seen.insert({c.position.black(), c.position.white()}).second);
    }
    // Deterministic: the same options give the same set.
    const auto other = db.dir / "again.json";
    CHECK(db.run("problems generate --empties 10 --count 8 -o " + other.string()).exitCode == 0);
    const auto file = problems::readJson(storagetest::readFile(other));
    REQUIRE(file.set.problems.size() == 8);
    for (std::size_t i = 0; i < 8; ++i)
        CHECK(core::boardString(file.set.problems[i].position) == problemsJson[i]["board"]);
    // The generated set checks clean.
    CHECK(db.run("problems check only").exitCode == 0);

    // Blunders: the move a game played lost at least --min-loss discs; the answer is the best.
    const auto blunderFile = db.dir / "blunders.json";
    CHECK(db.run("problems generate --kind blunder --empties 10 --count 5 --min-loss 6 "
                 "--max-goal-moves 1 -o " +
                 blunderFile.string())
              .exitCode == 0);
    const auto blunders = problems::readJson(storagetest::readFile(blunderFile));
    REQUIRE(blunders.set.problems.size() == 5);
    for (const auto& p : blunders.set.problems) {
        INFO(p.comment);
        CHECK(p.goal == problems::Goal::Best);
        const auto ref =
            solvertest::referenceMoves(p.position.player(), p.position.opponentDiscs());
        std::map<int, int> value;
        int best = -65;
        for (const auto& m : ref) {
            value[m.square] = m.value;
            best = std::max(best, m.value);
        }
        REQUIRE(p.answers.size() == 1);
        CHECK(value.at(p.answers[0]) == best);
        CHECK(std::count_if(ref.begin(), ref.end(),
                            [&](const auto& m) { return m.value == best; }) == 1);
        const auto at = p.comment.find("played in the game: ");
        REQUIRE(at != std::string::npos);
        const int played = core::parseSquare(p.comment.substr(at + 20, 2));
        CHECK(best - value.at(played) >= 6);
    }
}
