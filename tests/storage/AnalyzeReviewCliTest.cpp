// othello-db analyze reviewing the whole game: estimates before --empties and exact values
// after, marked in JSON and text; the JSON shape; a second run answered by the archive's
// cache (no search, no solve); deeper requests searched again; every legal move's value with
// --all-moves and with `--all` beside a target; the syntax errors; a missing evaluation.
// The evaluation is a weights file written here for the current pattern layout (random small
// weights: the tests check the review, not the evaluation's judgement).
#include <SQLiteCpp/SQLiteCpp.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <random>
#include <set>

#include "../analysis/Minimax.h"
#include "../core/CliProcess.h"
#include "CliDb.h"
#include "StorageTestUtil.h"
#include "analysis/EvalWeights.h"

using namespace storagetest;
using testing::runCli;
using testing::shellQuote;

namespace {

// A weights file for the current layout, named by OTHELLO_EVAL_WEIGHTS while it lives.
struct TestWeights {
    TempDir dir{"review-weights"};
    fs::path path = dir / "eval.bin";
    TestWeights() {
        auto w = othello::analysis::EvalWeights::empty();
        std::mt19937 rng(7);
        for (auto& x : w.weights) x = static_cast<std::int16_t>(static_cast<int>(rng() % 97) - 48);
        w.description = "analyze review tests";
        w.save(path);
        setenv("OTHELLO_EVAL_WEIGHTS", path.c_str(), 1);
    }
    ~TestWeights() { unsetenv("OTHELLO_EVAL_WEIGHTS"); }
};

struct Db : CliDb {
    Db() : CliDb("analyze-review") {}
    // Imports `moves` as the only game; returns its id.
    std::int64_t importGame(const std::vector<int>& moves) const {
        const fs::path file = dir / "game.moves";
        writeFile(file, core::movesString(moves) + "\n");
        json("import " + shellQuote(file.string()));
        return json("search")["games"][0]["id"];
    }
};

std::vector<int> someGame(std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    return randomGame(rng);
}

std::set<std::string> keysOf(const nlohmann::json& j) {
    std::set<std::string> keys;
    for (const auto& [key, value] : j.items()) keys.insert(key);
    return keys;
}

// The review of `moves` in JSON checked: every move judged, estimates before `empties` at
// `depth`, exact (the minimax) from there, losses consistent, summaries adding up.
void checkWholeReview(const nlohmann::json& g, const std::vector<int>& moves, int empties,
                      int depth) {
    const core::ReplayResult game = core::replay(core::Position::start(), moves);
    CHECK(g["midgame"] == true);
    CHECK(g["depth"] == depth);
    CHECK(g["complete"] == true);
    CHECK(g["empties"] == empties);
    std::size_t k = 0;
    int checked = 0, exact = 0, mistakes = 0, blunders = 0, lost = 0;
    for (std::size_t i = 0; i < game.plies.size(); ++i) {
        if (game.plies[i].square == core::kPass) continue;
        const core::Position& p = game.positions[i];
        REQUIRE(k < g["moves"].size());
        const nlohmann::json& m = g["moves"][k++];
        INFO("ply " << i << ": " << m.dump());
        CHECK(keysOf(m) == std::set<std::string>{"ply", "move_number", "side", "empties", "move",
                                                 "kind", "depth", "value", "best_moves",
                                                 "played_value", "loss"});
        CHECK(m["ply"] == i);
        CHECK(m["move"] == core::squareName(game.plies[i].square));
        const int mover = p.toMove() == core::Color::Black ? 1 : -1;
        const int loss = m["loss"];
        CHECK(loss >= 0);
        CHECK(loss == mover * (m["value"].get<int>() - m["played_value"].get<int>()));
        if (p.emptyCount() <= empties) {
            CHECK(m["kind"] == "exact");
            CHECK(m["depth"] == p.emptyCount());
            int best = -65;
            for (const auto& [sq, v] : testing::minimaxMoves(p)) best = std::max(best, v);
            CHECK(m["value"] == mover * best);
            ++exact;
        } else {
            CHECK(m["kind"] == "estimate");
            CHECK(m["depth"] == depth);
        }
        if (p.toMove() == core::Color::Black) {
            ++checked;
            lost += loss;
            mistakes += loss >= 2;
            blunders += loss >= 6;
        }
    }
    CHECK(k == g["moves"].size());
    const auto& black = g["summary"]["black"];
    CHECK(keysOf(black) == std::set<std::string>{"moves_checked", "exact_moves", "perfect_moves",
                                                 "discs_lost", "average_loss", "mistakes",
                                                 "blunders", "max_loss", "max_loss_at"});
    CHECK(black["moves_checked"] == checked);
    CHECK(black["discs_lost"] == lost);
    CHECK(black["mistakes"] == mistakes);
    CHECK(black["blunders"] == blunders);
    CHECK(black["average_loss"].get<double>() ==
          Approx(checked ? double(lost) / checked : 0.0).margin(0.006));
    CHECK(black["exact_moves"].get<int>() + g["summary"]["white"]["exact_moves"].get<int>() ==
          exact);
    if (black["max_loss"].get<int>() > 0)
        CHECK(keysOf(black["max_loss_at"]) == std::set<std::string>{"ply", "move_number", "move"});
    else
        CHECK(black["max_loss_at"].is_null());
}

}  // namespace

TEST_CASE("cli analyze: the whole game, estimates marked, a second run reads the cache",
          "[storage][cli][analysis][review]") {
    TestWeights weights;
    Db db;
    const auto moves = someGame(3);
    const std::int64_t id = db.importGame(moves);
    const std::string cmd = "analyze " + std::to_string(id) + " --empties 8 --depth 2";

    const auto first = db.json(cmd);
    CHECK(first["point_of_view"] == "black");
    CHECK(first.contains("search_version"));
    REQUIRE(first["games"].size() == 1);
    const auto& g = first["games"][0];
    CHECK(g["id"] == id);
    checkWholeReview(g, moves, 8, 2);
    CHECK(keysOf(g["stats"]) == std::set<std::string>{"searched", "solved", "cached_estimates",
                                                      "cached_exact", "nodes", "seconds"});
    CHECK(g["stats"]["searched"].get<int>() > 0);
    CHECK(g["stats"]["solved"].get<int>() > 0);

    // The second review: every position from the cache, the same review.
    const auto second = db.json(cmd);
    const auto& g2 = second["games"][0];
    CHECK(g2["stats"]["searched"] == 0);
    CHECK(g2["stats"]["solved"] == 0);
    CHECK(g2["stats"]["cached_estimates"].get<int>() + g2["stats"]["cached_exact"].get<int>() ==
          static_cast<int>(g2["moves"].size()));
    CHECK(g2["moves"] == g["moves"]);
    CHECK(g2["summary"] == g["summary"]);

    // Deeper than the cache: searched again (the exact part stays cached).
    const auto deeper = db.json("analyze " + std::to_string(id) + " --empties 8 --depth 3");
    CHECK(deeper["games"][0]["stats"]["searched"].get<int>() > 0);
    CHECK(deeper["games"][0]["stats"]["solved"] == 0);
    checkWholeReview(deeper["games"][0], moves, 8, 3);

    // The game keeps the exact part of its review (search --lost-discs, show).
    SQLite::Database raw(db.path.string(), SQLite::OPEN_READONLY);
    const int exactMoves = g["summary"]["black"]["exact_moves"].get<int>() +
                           g["summary"]["white"]["exact_moves"].get<int>();
    CHECK(raw.execAndGet("SELECT length(plies) / 16 FROM game_analysis").getInt() == exactMoves);
    CHECK(raw.execAndGet("SELECT count(*) FROM analysis_positions WHERE engine = 1 AND depth = 3")
              .getInt() > 0);

    // An endgame review with every move's value keeps the estimates (it has no evaluation).
    const auto estimates = [&] {
        return SQLite::Database(db.path.string(), SQLite::OPEN_READONLY)
            .execAndGet("SELECT count(*) FROM analysis_positions WHERE engine = 1")
            .getInt();
    };
    const int before = estimates();
    db.json("analyze " + std::to_string(id) + " --empties 8 --endgame --all-moves");
    CHECK(estimates() == before);

    // Text: estimates marked and their depth (3: the cache's deeper estimates answer a request
    // for depth 2), the summary per player.
    const auto text = db.run(cmd);
    REQUIRE(text.exitCode == 0);
    CHECK(text.out.find("estimates (~)") != std::string::npos);
    CHECK(text.out.find("depth 3") != std::string::npos);
    CHECK(text.out.find("depth 2") == std::string::npos);
    CHECK(text.out.find("exact") != std::string::npos);
    CHECK(text.out.find("average") != std::string::npos);
    CHECK(text.out.find("mistake") != std::string::npos);
}

TEST_CASE("cli analyze --all-moves, and --all with a target: every legal move's value",
          "[storage][cli][analysis][review]") {
    TestWeights weights;
    Db db;
    const auto moves = someGame(8);
    const std::int64_t id = db.importGame(moves);
    const core::ReplayResult game = core::replay(core::Position::start(), moves);
    for (const std::string flag : {" --all-moves", " --all"}) {
        const auto j = db.json("analyze " + std::to_string(id) + " --empties 6 --depth 1" + flag);
        const auto& g = j["games"][0];
        CHECK(g["all_moves"] == true);
        REQUIRE(g["moves"].size() > 0);
        for (const auto& m : g["moves"]) {
            INFO(flag << ": " << m.dump());
            const core::Position& p = game.positions[m["ply"].get<std::size_t>()];
            REQUIRE(m.contains("moves"));
            CHECK(static_cast<int>(m["moves"].size()) == core::popcount(p.legalMoves()));
            const int mover = p.toMove() == core::Color::Black ? 1 : -1;
            bool played = false;
            for (const auto& v : m["moves"]) {
                CHECK(keysOf(v) == std::set<std::string>{"move", "value", "kind", "loss"});
                CHECK(v["loss"] == mover * (m["value"].get<int>() - v["value"].get<int>()));
                CHECK(v["loss"].get<int>() >= 0);
                if (v["move"] == m["move"]) {
                    played = true;
                    CHECK(v["value"] == m["played_value"]);
                }
            }
            CHECK(played);
            CHECK(m["moves"][0]["loss"] == 0);
        }
    }
    // Text: a line of every move's value under each judged move.
    const auto text = db.run("analyze " + std::to_string(id) + " --empties 6 --depth 1 --all");
    CHECK(text.out.find("every move:") != std::string::npos);
}

TEST_CASE("cli analyze: the syntax of --all, --endgame and a missing evaluation",
          "[storage][cli][analysis][review]") {
    Db db;
    const auto moves = someGame(4);
    {
        TestWeights weights;
        db.importGame(moves);
        // --all without a target is the whole archive's endgames: no midgame options there.
        CHECK(db.run("analyze --all --depth 3").exitCode == 2);
        CHECK(db.run("analyze --all --all-moves").exitCode == 2);
        CHECK(db.run("analyze 1 --endgame --depth 3").exitCode == 2);
        CHECK(db.run("analyze 1 --time -1").exitCode == 2);
        const auto help = runCli("analyze --help");
        CHECK(help.out.find("--all-moves") != std::string::npos);
        CHECK(help.out.find("endgames of the whole") != std::string::npos);
        // --time: the depth reached in the time, at least 1.
        const auto timed = db.json("analyze 1 --empties 8 --time 0.01");
        for (const auto& m : timed["games"][0]["moves"])
            if (m["kind"] == "estimate") CHECK(m["depth"].get<int>() >= 1);
        CHECK(timed["games"][0]["seconds_per_position"] == 0.01);
    }
    // No weights file: the midgame cannot be reviewed (exit 1, saying why and what works);
    // --endgame still works.
    setenv("OTHELLO_EVAL_WEIGHTS", (db.dir / "missing.bin").c_str(), 1);
    const auto r = db.run("analyze 1 --empties 8");
    const auto endgame = db.run("analyze 1 --empties 8 --endgame --json");
    unsetenv("OTHELLO_EVAL_WEIGHTS");
    CHECK(r.exitCode == 1);
    CHECK(r.err.find("--endgame") != std::string::npos);
    CHECK(endgame.exitCode == 0);
}

TEST_CASE("cli analyze FILE: the whole game without an archive",
          "[storage][cli][analysis][review]") {
    TestWeights weights;
    TempDir dir("analyze-file");
    const auto moves = someGame(6);
    const fs::path file = dir / "one.moves";
    writeFile(file, core::movesString(moves) + "\n");
    const fs::path none = dir / "none.sqlite";
    setenv("OTHELLO_DB", none.c_str(), 1);
    const auto r = runCli("analyze " + shellQuote(file.string()) + " --empties 7 --depth 2 --json");
    unsetenv("OTHELLO_DB");
    CHECK_FALSE(fs::exists(none));
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    const auto j = nlohmann::json::parse(r.out);
    REQUIRE(j["games"].size() == 1);
    CHECK(j["games"][0]["id"].is_null());
    checkWholeReview(j["games"][0], moves, 7, 2);
}
