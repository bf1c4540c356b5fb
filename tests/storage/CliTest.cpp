// The archive commands of othello-db, end to end, with --json.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "../core/CliProcess.h"
#include "StorageTestUtil.h"

using namespace storagetest;
using testing::runCli;
using testing::shellQuote;

namespace {

const std::string kFixtures = std::string(OTHELLO_SOURCE_DIR) + "/tests/fixtures/storage/";

struct Db {
    TempDir dir{"cli"};
    std::string arg = " --db " + shellQuote((dir / "games.sqlite").string());

    testing::CliResult run(const std::string& args) const { return runCli(args + arg); }
    nlohmann::json json(const std::string& args, int expectedExit = 0) const {
        const auto r = run(args + " --json");
        INFO(args << "\n" << r.err);
        REQUIRE(r.exitCode == expectedExit);
        return nlohmann::json::parse(r.out);
    }
};

}  // namespace

TEST_CASE("cli import: summary, duplicates, rejected records, exit codes", "[storage][cli]") {
    Db db;
    auto j = db.json("import " + kFixtures + "players.pgn");
    CHECK(j["imported"] == 3);
    CHECK(j["duplicates"] == 0);
    CHECK(j["rejected"] == 0);
    CHECK(j["errors"].empty());
    j = db.json("import " + kFixtures + "players.pgn");
    CHECK(j["imported"] == 0);
    CHECK(j["duplicates"] == 3);
    // One bad record: the rest imports, exit 1, the diagnosis located.
    j = db.json("import " + kFixtures + "mixed.moves", 1);
    CHECK(j["imported"] == 2);
    CHECK(j["rejected"] == 1);
    REQUIRE(j["errors"].size() == 1);
    CHECK(j["errors"][0]["line"] == 3);
    CHECK(j["errors"][0]["code"] == "no-flips");
    CHECK(j["possible_duplicates"] == 1);
    CHECK(j["prefixes"] == 1);
    // Text mode: path:line: error: message [code] on stderr, a summary on stdout.
    const auto text = db.run("import " + kFixtures + "mixed.moves");
    CHECK(text.exitCode == 1);
    CHECK(text.err.find("mixed.moves:3: error:") != std::string::npos);
    CHECK(text.err.find("[no-flips]") != std::string::npos);
    CHECK(text.out.find("imported 0, duplicates 2, rejected 1") != std::string::npos);
    // Nothing readable: exit 2.
    CHECK(db.run("import /nonexistent/file.pgn").exitCode == 2);
    CHECK(db.run("import").exitCode == 2);
}

TEST_CASE("cli search, stats, show, info", "[storage][cli]") {
    Db db;
    db.json("import " + kFixtures + "players.pgn");
    auto j = db.json("search --player ERIC");
    CHECK(j["total"] == 3);
    j = db.json("search --black \"éric lenoir\" --event paris");
    CHECK(j["total"] == 1);
    REQUIRE(j["games"].size() == 1);
    const auto& g = j["games"][0];
    CHECK(g["white"] == "Jean Dupont");
    CHECK(g["year"] == 2001);
    CHECK(g["moves"] == "f5f6e6f4e3");
    CHECK(g.contains("black_score"));
    CHECK(g.contains("event"));
    CHECK(g.contains("id"));
    CHECK(g["ply"].is_null());
    j = db.json("search --year 1990-1999");
    CHECK(j["total"] == 1);
    j = db.json("search --result draw");
    CHECK(j["total"] == 1);
    j = db.json("search --result white");
    CHECK(j["total"] == 1);
    // Position queries: any symmetry (c4 e3 is f5 d6 rotated, d3 c5 reflected), ply of arrival.
    j = db.json("search --moves c4e3");
    CHECK(j["total"] == 2);
    for (const auto& game : j["games"]) CHECK(game["ply"] == 2);
    j = db.json("search --moves f5 --sort -year --limit 1");
    CHECK(j["total"] == 3);
    REQUIRE(j["games"].size() == 1);
    CHECK(j["games"][0]["year"] == 2001);
    j = db.json(
        "search --position "
        "\"------------------------"
        "---OX------XO---"
        "------------------------ X\"");
    CHECK(j["total"] == 3);

    j = db.json("stats --moves f5");
    CHECK(j["games"] == 3);
    CHECK(j["black_wins"] == 1);  // the unfinished game counts with Black ahead
    CHECK(j["draws"] == 1);
    CHECK(j["white_wins"] == 1);
    REQUIRE(j["moves"].size() == 2);
    CHECK(j["moves"][0]["move"] == "d6");
    CHECK(j["moves"][0]["games"] == 2);
    CHECK(j["moves"][1]["move"] == "f6");
    // The same position seen from another orientation: moves mapped back.
    j = db.json("stats --moves e6");
    CHECK(j["games"] == 3);
    CHECK(j["moves"][0]["move"] == "f4");

    j = db.json("show 1 --ply 3");
    CHECK(j["black"] == "Éric Lenoir");
    CHECK(j["event"] == "Championnat de France");
    CHECK(j["ply"] == 3);
    CHECK(j["moves"].size() == 62);  // its two passes made explicit
    CHECK(j["opening"] == "Nicolet");
    CHECK(db.run("show 99").exitCode == 1);
    CHECK(db.run("show 1 --ply 99").exitCode == 1);

    j = db.json("info");
    CHECK(j["games"] == 3);
    CHECK(j["players"] == 4);
    CHECK(j["events"] == 2);
    CHECK(j["positions"] == 63 + 61 + 6);
    CHECK(j["file_size"] > 0);

    CHECK(db.run("search --year 19x").exitCode == 1);
    CHECK(db.run("search --result nobody").exitCode == 1);
    CHECK(db.run("search --moves f5a1").exitCode == 1);
    CHECK(db.run("search --no-such-flag").exitCode == 2);
}

TEST_CASE("cli export and rename-player", "[storage][cli]") {
    Db db;
    db.json("import " + kFixtures + "players.pgn");
    for (const char* format : {"pgn", "ggf", "moves", "wthor"}) {
        const auto out =
            db.dir / (std::string("out.") + (std::string(format) == "wthor" ? "wtb" : format));
        auto j = db.json(std::string("export --event paris --to ") + format + " -o " +
                         shellQuote(out.string()));
        INFO(format);
        CHECK(j["exported"] == 2);
        REQUIRE(fs::exists(out));
        // Read back into a fresh database: the same games.
        Db other;
        j = other.json("import " + shellQuote(out.string()));
        CHECK(j["imported"] == 2);
    }
    auto j = db.json("rename-player \"Eric Lenoir\" \"Éric Lenoir\"");
    CHECK(j["games"] == 1);
    j = db.json("search --player \"Éric Lenoir\" --sort id");
    CHECK(j["total"] == 3);
    CHECK(db.json("info")["players"] == 3);
    CHECK(db.run("rename-player Nobody Somebody").exitCode == 1);
}

TEST_CASE("cli: the default database comes from OTHELLO_DB, created on first use, --db wins",
          "[storage][cli]") {
    TempDir dir("clidefault");
    const std::string env = (dir / "env" / "games.sqlite").string();
    const char* old = std::getenv("OTHELLO_DB");
    const std::string saved = old ? old : "";
    setenv("OTHELLO_DB", env.c_str(), 1);
    auto r = runCli("info --json");
    CHECK(r.exitCode == 0);
    CHECK(nlohmann::json::parse(r.out)["path"] == env);
    CHECK(fs::exists(env));
    const std::string other = (dir / "other.sqlite").string();
    r = runCli("info --json --db " + shellQuote(other));
    CHECK(nlohmann::json::parse(r.out)["path"] == other);
    if (old)
        setenv("OTHELLO_DB", saved.c_str(), 1);
    else
        unsetenv("OTHELLO_DB");
}
