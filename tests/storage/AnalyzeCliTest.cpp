// othello-db analyze (a stored game, a file, --all with kill -9), search --lost-discs, show's
// blunder marks and check --verify-theoretical, end to end.
#include <SQLiteCpp/SQLiteCpp.h>
#include <signal.h>
#include <sys/wait.h>

#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdlib>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <thread>

#include "../analysis/Minimax.h"
#include "../core/CliProcess.h"
#include "CliDb.h"
#include "StorageTestUtil.h"
#include "analysis/Solver.h"
#include "importers/WthorWriter.h"
#include "storage/Archive.h"

using namespace storagetest;
using testing::runCli;
using testing::shellQuote;

namespace {

struct Db : CliDb {
    Db() : CliDb("analyze") {}
};

std::vector<std::vector<int>> randomGames(int count, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<std::vector<int>> games;
    for (int i = 0; i < count; ++i) games.push_back(randomGame(rng));
    return games;
}

// One game per line, as the move-list reader takes them.
fs::path writeMoves(const TempDir& dir, const std::string& name,
                    const std::vector<std::vector<int>>& games) {
    std::string text;
    for (const auto& g : games) text += core::movesString(g) + "\n";
    const fs::path p = dir / name;
    writeFile(p, text);
    return p;
}

// The JSON review of one game checked against the minimax, move by move.
void checkReviewJson(const nlohmann::json& g, const std::vector<int>& moves, int empties) {
    const core::ReplayResult game = core::replay(core::Position::start(), moves);
    std::size_t k = 0;
    int lost[2] = {0, 0}, checked[2] = {0, 0}, perfect[2] = {0, 0}, worst[2] = {0, 0};
    for (std::size_t i = 0; i < game.plies.size(); ++i) {
        const core::Position& p = game.positions[i];
        if (game.plies[i].square == core::kPass || p.emptyCount() > empties) continue;
        REQUIRE(k < g["moves"].size());
        const nlohmann::json& m = g["moves"][k++];
        INFO("ply " << i << ": " << m.dump());
        // Exactly these fields.
        std::set<std::string> keys;
        for (const auto& [key, value] : m.items()) keys.insert(key);
        CHECK(keys == std::set<std::string>{"ply", "move_number", "side", "empties", "move",
                                            "value", "best_moves", "played_value", "loss", "kind",
                                            "depth"});
        CHECK(m["kind"] == "exact");
        CHECK(m["depth"] == p.emptyCount());
        const auto values = testing::minimaxMoves(p);
        int best = -65, played = 0;
        for (const auto& [sq, v] : values) {
            best = std::max(best, v);
            if (sq == game.plies[i].square) played = v;
        }
        nlohmann::json bestMoves = nlohmann::json::array();
        for (const auto& [sq, v] : values)
            if (v == best) bestMoves.push_back(core::squareName(sq));
        const int sign = p.toMove() == core::Color::Black ? 1 : -1;
        const int side = p.toMove() == core::Color::Black ? 0 : 1;
        CHECK(m["ply"] == i);
        CHECK(m["side"] == core::colorName(p.toMove()));
        CHECK(m["empties"] == p.emptyCount());
        CHECK(m["move_number"] == 61 - p.emptyCount());
        CHECK(m["move"] == core::squareName(game.plies[i].square));
        CHECK(m["value"] == sign * best);
        CHECK(m["played_value"] == sign * played);
        CHECK(m["loss"] == best - played);
        CHECK(m["best_moves"] == bestMoves);
        ++checked[side];
        perfect[side] += best == played;
        lost[side] += best - played;
        worst[side] = std::max(worst[side], best - played);
    }
    CHECK(k == g["moves"].size());
    CHECK(g["point_of_view"] == "black");
    CHECK(g["empties"] == empties);
    const char* names[2] = {"black", "white"};
    for (int s = 0; s < 2; ++s) {
        const auto& sum = g["summary"][names[s]];
        CHECK(sum["moves_checked"] == checked[s]);
        CHECK(sum["perfect_moves"] == perfect[s]);
        CHECK(sum["discs_lost"] == lost[s]);
        CHECK(sum["max_loss"] == worst[s]);
    }
}

std::int64_t sqlScalar(const fs::path& db, const std::string& sql) {
    SQLite::Database raw(db.string(), SQLite::OPEN_READONLY);
    return raw.execAndGet(sql).getInt64();
}

}  // namespace

TEST_CASE("cli analyze: a stored game, values from Black's view, per-player summary",
          "[storage][cli][analysis]") {
    Db db;
    const auto games = randomGames(3, 5);
    db.json("import " + shellQuote(writeMoves(db.dir, "g.moves", games).string()));
    const auto found = db.json("search --sort id");
    REQUIRE(found["games"].size() == 3);
    for (std::size_t i = 0; i < games.size(); ++i) {
        const std::int64_t id = found["games"][i]["id"];
        const auto j = db.json("analyze " + std::to_string(id) + " --endgame --empties 9");
        CHECK(j["point_of_view"] == "black");
        CHECK(j["empties"] == 9);
        CHECK(j["solver_version"] == othello::analysis::kSolverVersion);
        REQUIRE(j["games"].size() == 1);
        CHECK(j["games"][0]["id"] == id);
        checkReviewJson(j["games"][0], games[i], 9);
    }
    // Text: says how to read the values, one line per move, a summary per player.
    const std::int64_t id = found["games"][0]["id"];
    const auto text = db.run("analyze " + std::to_string(id) + " --endgame --empties 9");
    REQUIRE(text.exitCode == 0);
    CHECK(text.out.find("Black's point of view") != std::string::npos);
    CHECK(text.out.find("Black: ") != std::string::npos);
    CHECK(text.out.find("White: ") != std::string::npos);
    // The second analysis answers from the cache (the positions are all there).
    const std::int64_t cached = sqlScalar(db.path, "SELECT count(*) FROM analysis_positions");
    CHECK(cached > 0);
    db.json("analyze " + std::to_string(id) + " --endgame --empties 9");
    CHECK(sqlScalar(db.path, "SELECT count(*) FROM analysis_positions") == cached);
    // Errors: no such game, bad depth.
    CHECK(db.run("analyze 999 --empties 9").exitCode == 1);
    CHECK(db.run("analyze " + std::to_string(id) + " --empties 61").exitCode == 2);
    CHECK(db.run("analyze").exitCode == 2);
}

TEST_CASE("cli analyze FILE: every record of the file, unfinished ones too",
          "[storage][cli][analysis]") {
    Db db;
    auto games = randomGames(2, 9);
    games[1].resize(games[1].size() - 5);  // unfinished: stops five moves early
    while (!games[1].empty() && games[1].back() == core::kPass) games[1].pop_back();
    const fs::path file = writeMoves(db.dir, "two.moves", games);
    // No database: nothing is created, the solver answers directly.
    const fs::path none = db.dir / "none.sqlite";
    setenv("OTHELLO_DB", none.c_str(), 1);
    const auto r = runCli("analyze " + shellQuote(file.string()) + " --endgame --empties 8 --json");
    unsetenv("OTHELLO_DB");
    CHECK_FALSE(fs::exists(none));
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    const auto j = nlohmann::json::parse(r.out);
    REQUIRE(j["games"].size() == 2);
    for (std::size_t i = 0; i < 2; ++i) {
        CHECK(j["games"][i]["id"].is_null());
        CHECK(j["games"][i]["source"].get<std::string>().find("two.moves") != std::string::npos);
        checkReviewJson(j["games"][i], games[i], 8);
    }
}

TEST_CASE("cli analyze --all: resumable after kill -9, each game once, then search and show",
          "[storage][cli][analysis]") {
    Db db;
    const int total = 40;
    const auto games = randomGames(total, 31);
    db.json("import " + shellQuote(writeMoves(db.dir, "all.moves", games).string()));
    const int empties = 10;

    // A child analyses the archive; it is killed once a few games are done.
    const pid_t pid = fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        const std::string e = std::to_string(empties);
        execl(OTHELLO_CLI, OTHELLO_CLI, "analyze", "--all", "--empties", e.c_str(), "--quiet",
              "--db", db.path.c_str(), static_cast<char*>(nullptr));
        _exit(127);
    }
    const auto reviewed = [&] {
        try {
            return sqlScalar(db.path, "SELECT count(*) FROM game_analysis");
        } catch (const std::exception&) {
            return std::int64_t{0};
        }
    };
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(5);
    while (reviewed() < 3 && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    kill(pid, SIGKILL);
    int status = 0;
    waitpid(pid, &status, 0);
    const std::int64_t before = reviewed();
    INFO("reviewed before the kill: " << before);
    CHECK(before >= 3);
    CHECK(before < total);  // killed mid-way
    {
        SQLite::Database raw(db.path.string(), SQLite::OPEN_READWRITE);
        CHECK(raw.execAndGet("PRAGMA integrity_check").getString() == "ok");
    }
    // The rerun does exactly the rest.
    const auto j = db.json("analyze --all --empties " + std::to_string(empties));
    CHECK(j["already_done"] == before);
    CHECK(j["analysed"] == total - before);
    CHECK(j["reviewed"] == total);
    CHECK(j["remaining"] == 0);
    CHECK(j.contains("games_per_hour"));
    CHECK(sqlScalar(db.path, "SELECT count(*) FROM game_analysis") == total);
    CHECK(sqlScalar(db.path, "SELECT count(DISTINCT game_id) FROM game_analysis") == total);
    const auto again = db.json("analyze --all --empties " + std::to_string(empties));
    CHECK(again["analysed"] == 0);
    // A shallower depth is covered by the deeper reviews.
    CHECK(db.json("analyze --all --empties 6")["analysed"] == 0);

    // search --lost-discs: the games whose review has a move losing >= N discs.
    const auto all = db.json("search --limit -1");
    std::map<std::int64_t, int> maxLoss, blackLoss;
    for (const auto& g : all["games"]) {
        const std::int64_t id = g["id"];
        const auto a = db.json("analyze " + std::to_string(id) + " --endgame --empties " +
                               std::to_string(empties));
        const auto& s = a["games"][0]["summary"];
        maxLoss[id] =
            std::max(s["black"]["max_loss"].get<int>(), s["white"]["max_loss"].get<int>());
        blackLoss[id] = s["black"]["max_loss"];
    }
    int top = 0;
    for (const auto& [id, l] : maxLoss) top = std::max(top, l);
    REQUIRE(top >= 2);
    for (int n : {1, 2, top}) {
        const auto found = db.json("search --limit -1 --lost-discs " + std::to_string(n));
        std::set<std::int64_t> expected, got;
        for (const auto& [id, l] : maxLoss)
            if (l >= n) expected.insert(id);
        for (const auto& g : found["games"]) got.insert(g["id"].get<std::int64_t>());
        CHECK(got == expected);
        const auto black =
            db.json("search --limit -1 --lost-by black --lost-discs " + std::to_string(n));
        std::set<std::int64_t> expectedBlack, gotBlack;
        for (const auto& [id, l] : blackLoss)
            if (l >= n) expectedBlack.insert(id);
        for (const auto& g : black["games"]) gotBlack.insert(g["id"].get<std::int64_t>());
        CHECK(gotBlack == expectedBlack);
    }
    CHECK(db.run("search --lost-by black").exitCode == 2);
    CHECK(db.run("search --lost-discs 1 --lost-by red").exitCode == 2);

    // show marks the moves that lost discs, by how many.
    std::int64_t blundered = 0;
    for (const auto& [id, l] : maxLoss)
        if (l == top) blundered = id;
    const auto shown = db.json("show " + std::to_string(blundered));
    REQUIRE(shown["analysis"].is_object());
    CHECK(shown["analysis"]["empties"] == empties);
    int worst = 0;
    for (const auto& b : shown["analysis"]["blunders"]) {
        CHECK(b["loss"].get<int>() > 0);
        worst = std::max(worst, b["loss"].get<int>());
    }
    CHECK(worst == top);
    const auto text = db.run("show " + std::to_string(blundered));
    CHECK(text.out.find("blunders: ") != std::string::npos);
    CHECK(text.out.find(" -" + std::to_string(top)) != std::string::npos);
}

TEST_CASE("cli show: no analysis section for a game never analysed", "[storage][cli][analysis]") {
    Db db;
    db.json("import " + shellQuote(writeMoves(db.dir, "one.moves", randomGames(1, 4)).string()));
    const std::int64_t id = db.json("search")["games"][0]["id"];
    CHECK(db.json("show " + std::to_string(id))["analysis"].is_null());
    CHECK(db.run("show " + std::to_string(id)).out.find("blunders") == std::string::npos);
}

TEST_CASE("cli check --verify-theoretical: a wrong stored theoretical score is reported",
          "[storage][cli][analysis]") {
    TempDir dir("theory");
    const int depth = 10;
    // Four games; the theoretical scores by the minimax at `depth` empties, one made wrong.
    const auto games = randomGames(4, 77);
    std::vector<importers::GameRecord> records;
    std::vector<int> truth;
    for (std::size_t i = 0; i < games.size(); ++i) {
        auto r = makeRecord("A", "B", "Open", 2003, games[i]);
        const core::ReplayResult game = core::replay(core::Position::start(), games[i]);
        int black = -1;
        for (const core::Position& p : game.positions)
            if (p.emptyCount() == depth) {
                const int v = testing::minimax(p);
                black = (64 + (p.toMove() == core::Color::Black ? v : -v)) / 2;
                break;
            }
        REQUIRE(black >= 0);
        truth.push_back(black);
        r.theoreticalScore = i == 2 ? (black + 3) % 65 : black;
        r.theoreticalDepth = depth;
        records.push_back(r);
    }
    const fs::path wtb = dir / "WTH_2003.wtb";
    importers::writeWthorFiles(records, wtb);

    const auto r = runCli("check " + shellQuote(wtb.string()) + " --verify-theoretical --json");
    INFO(r.err);
    CHECK(r.exitCode == 1);
    const auto j = nlohmann::json::parse(r.out);
    const auto& t = j["theoretical"];
    CHECK(t["checked"] == 4);
    CHECK(t["agree"] == 3);
    CHECK(t["disagree"] == 1);
    REQUIRE(t["disagreements"].size() == 1);
    const auto& d = t["disagreements"][0];
    CHECK(d["record"] == 3);  // the third record, counted from 1 as in "source"
    CHECK(d["stored"] == (truth[2] + 3) % 65);
    CHECK(d["solved"] == truth[2]);
    CHECK(d["depth"] == depth);
    CHECK(d["path"].get<std::string>().find("WTH_2003.wtb") != std::string::npos);

    // Text: the record is named on stderr, the summary on stdout.
    const auto text = runCli("check " + shellQuote(wtb.string()) + " --verify-theoretical");
    CHECK(text.exitCode == 1);
    CHECK(text.err.find("theoretical score " + std::to_string((truth[2] + 3) % 65) + " stored") !=
          std::string::npos);
    CHECK(text.out.find("4 checked, 3 agree, 1 disagree") != std::string::npos);
    // Without the flag nothing is solved and the file is fine.
    CHECK(runCli("check " + shellQuote(wtb.string())).exitCode == 0);
}

TEST_CASE("cli analyze --all runs beside an import: both finish, nothing lost",
          "[storage][cli][analysis][concurrency]") {
    Db db;
    const int first = 30;
    db.json("import " +
            shellQuote(writeMoves(db.dir, "first.moves", randomGames(first, 41)).string()));
    // A larger import in this process, in small batches, while analyze --all runs.
    const fs::path more = writeMoves(db.dir, "more.moves", randomGames(1500, 42));
    std::atomic<bool> importing{true};
    std::int64_t imported = -1;
    std::thread importer([&] {
        othello::storage::Archive a(db.path);
        othello::storage::ImportOptions options;
        options.batchGames = 50;
        imported = a.importFiles({more}, options).imported;
        importing = false;
    });
    const auto j = db.json("analyze --all --empties 8 --max-games " + std::to_string(first));
    const bool overlapped = importing.load();
    importer.join();
    CHECK(imported == 1500);
    CHECK(j["analysed"] == first);
    CHECK(sqlScalar(db.path, "SELECT count(*) FROM game_analysis") == first);
    CHECK(sqlScalar(db.path, "SELECT count(*) FROM games") == first + 1500);
    // (On a very fast machine the import may finish first; the counts above hold either way.)
    WARN("the import was still running when analyze finished: " << overlapped);
    SQLite::Database raw(db.path.string(), SQLite::OPEN_READONLY);
    CHECK(raw.execAndGet("PRAGMA integrity_check").getString() == "ok");
}
