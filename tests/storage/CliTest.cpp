// The archive commands of othello-db, end to end, with --json.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "../core/CliProcess.h"
#include "CliDb.h"
#include "StorageTestUtil.h"

using namespace storagetest;
using testing::runCli;
using testing::shellQuote;

namespace {

const std::string kFixtures = std::string(OTHELLO_SOURCE_DIR) + "/tests/fixtures/storage/";

struct Db : CliDb {
    Db() : CliDb("cli") {}
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
    // Moves as `check --json` and `show` give them: lowercase squares, passes omitted.
    CHECK(g["moves"] == nlohmann::json::array({"f5", "f6", "e6", "f4", "e3"}));
    CHECK(g["passes"] == 0);
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
    // The unfinished game states no result: counted in games, not as a win.
    CHECK(j["black_wins"] == 0);
    CHECK(j["draws"] == 1);
    CHECK(j["white_wins"] == 1);
    CHECK(j["unfinished"] == 1);
    // The average is over the draw and the White win only.
    CHECK(j["avg_black_score"].get<double>() < 32.0);
    CHECK(db.json("search --result black")["total"] == 0);
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
    CHECK(j["moves"].size() == 60);  // passes omitted...
    CHECK(j["passes"] == 2);         // ...and counted
    CHECK(j["moves"][0] == "f5");
    CHECK(j["opening"] == "Nicolet: 酉アッパー");  // a line of the Japanese list
    CHECK(db.run("show 99").exitCode == 1);
    CHECK(db.run("show 1 --ply 99").exitCode == 1);

    j = db.json("info");
    CHECK(j["games"] == 3);
    CHECK(j["players"] == 4);
    CHECK(j["events"] == 2);
    CHECK(j["positions"] == 63 + 61 + 6);
    CHECK(j["file_size"] > 0);

    // Bad arguments are usage errors (exit 2), found by the parser or after it.
    CHECK(db.run("search --year 19x").exitCode == 2);
    CHECK(db.run("search --result nobody").exitCode == 2);
    CHECK(db.run("search --moves f5a1").exitCode == 2);
    CHECK(db.run("search --no-such-flag").exitCode == 2);
}

TEST_CASE("cli info says its counts in words that agree with them", "[storage][cli]") {
    // samples/: 4 events (World Championship in 4 years), all of them tournaments, one name.
    // It said "the rest collections of games" of none and "1 event names".
    const CliDb db("cli_info_words");
    REQUIRE(db.run("import " + testing::shellQuote(std::string(OTHELLO_SOURCE_DIR) + "/samples"))
                .exitCode == 0);
    const auto r = db.run("info");
    INFO(r.out);
    CHECK(r.out.find("events: 4 (an event name in a year; all of them tournaments; 1 event "
                     "name)\n") != std::string::npos);
}

TEST_CASE("cli input checks: years, trimming, start position, usage exit codes", "[storage][cli]") {
    Db db;
    db.json("import " + kFixtures + "players.pgn");
    // Years are 1..9999; a reversed range is refused (not swapped).
    for (const char* bad : {"-2021", "0", "10000", "2022-2021", "2021-", "20x1"}) {
        const auto r = db.run(std::string("search --year ") + bad);
        INFO(bad << ": " << r.err);
        CHECK(r.exitCode == 2);
        CHECK(r.err.find("--year") != std::string::npos);
    }
    CHECK(db.json("search --year 2001")["total"] == 2);
    CHECK(db.json("search --year \" 1995 - 2000 \"")["total"] == 1);
    CHECK(db.json("search --year 1-9999")["total"] == 3);
    // Filter text is trimmed.
    CHECK(db.json("search --player \"  ERIC \"")["total"] == 3);
    CHECK(db.json("search --event \" paris \"")["total"] ==
          db.json("search --event paris")["total"]);
    // stats without a position: usage, exit 2; the start position by --start or --moves "".
    const auto none = db.run("stats");
    CHECK(none.exitCode == 2);
    CHECK(none.err.find("--start") != std::string::npos);
    CHECK(db.run("stats --moves f5 --position " + std::string(64, '-')).exitCode == 2);
    CHECK(db.json("stats --start")["games"] == 3);
    CHECK(db.json("stats --moves \"\"")["games"] == 3);
    // --position without a side to move: Black is to move (said in --help).
    CHECK(db.run("stats --help").out.find("Black (X) is to move") != std::string::npos);
    CHECK(db.run("stats --help").out.find("unfinished") != std::string::npos);
}

TEST_CASE("cli: the deepest named opening along --moves", "[storage][cli]") {
    Db db;
    db.json("import " + kFixtures + "players.pgn");
    // Nicolet (10 moves) and one more move that no catalogue line names.
    const std::string seq = "f5d6c3d3c4f4c5b3c2e3f3";
    auto j = db.json("stats --moves " + seq);
    CHECK(j["opening"] == "Nicolet (酉定石)");
    j = db.json("search --moves " + seq);
    CHECK(j["opening"] == "Nicolet (酉定石)");
    CHECK(j["total"] == 0);
    // An exactly named position keeps its own name; --position gives the exact name only.
    CHECK(db.json("stats --moves f5d6c3d3c4")["opening"] == "Tiger (虎定石)");
    CHECK(db.json("search --moves f5d6")["opening"] == "Perpendicular (縦取り)");
}

TEST_CASE("cli import of a file that holds no games says why, exit 2", "[storage][cli]") {
    Db db;
    // A WTHOR names file given alone.
    const fs::path jou = db.dir / "WTHOR.JOU";
    std::string header(16, '\0');
    header[4] = 1;  // one name
    writeFile(jou, header + std::string(20, 'A'));
    const auto r = db.run("import " + shellQuote(jou.string()));
    INFO(r.out << r.err);
    CHECK(r.exitCode == 2);
    CHECK(r.out.find("0 games read (") != std::string::npos);
    const auto j = db.json("import " + shellQuote(jou.string()), 2);
    CHECK(j["records_read"] == 0);
    CHECK(!j["reason"].get<std::string>().empty());
    // Plural grammar in the summary.
    const auto one = db.run("import " + kFixtures + "players.pgn");
    CHECK(one.out.find("3 games read") != std::string::npos);
    CHECK(one.out.find("1 file read") != std::string::npos);
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
    // A path given with --db is created by writers only: a reader's typo leaves nothing.
    const std::string other = (dir / "other.sqlite").string();
    r = runCli("info --json --db " + shellQuote(other));
    CHECK(r.exitCode == 1);
    CHECK(r.err.find("does not exist") != std::string::npos);
    CHECK(!fs::exists(other));
    r = runCli("rename-player A B --db " + shellQuote(other));
    CHECK(r.exitCode == 1);  // no player A, but the writer created the archive
    CHECK(fs::exists(other));
    r = runCli("info --json --db " + shellQuote(other));
    CHECK(nlohmann::json::parse(r.out)["path"] == other);
    if (old)
        setenv("OTHELLO_DB", saved.c_str(), 1);
    else
        unsetenv("OTHELLO_DB");
}

TEST_CASE(
    "cli search --pattern: an empty pattern is refused, nothing fixed reads as 64 '?', "
    "the hits carry their openings",
    "[storage][cli][pattern]") {
    CliDb db("pattern-cli");
    REQUIRE(db.run("add --moves " + kTigerGame + " --black A --white B").exitCode == 0);
    // --pattern '' was taken for no pattern: a plain search of every game.
    const auto empty = db.run("search --pattern ''");
    CHECK(empty.exitCode == 2);
    CHECK(empty.err.find("--pattern") != std::string::npos);
    // A mask of '?' only fixes nothing: every game at ply 0, written back so it reads again
    // (it was written back as "").
    const auto any = db.json("search --pattern " + std::string(64, '?'));
    CHECK(any["pattern"] == std::string(64, '?'));
    REQUIRE(any["games"].size() == 1);
    CHECK(any["games"][0]["ply"] == 0);
    // The row names the game's opening as a plain search does (pattern hits had none).
    const auto hit = db.json("search --pattern 'f5=X'");
    REQUIRE(hit["games"].size() == 1);
    CHECK(hit["games"][0]["opening"] != "");
    CHECK(hit["games"][0]["opening"] == db.json("search")["games"][0]["opening"]);
}
