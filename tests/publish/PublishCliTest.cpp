// othello-db publish end to end: the folder it writes, what it refuses, its summary.
#include <catch2/catch.hpp>
#include <fstream>
#include <nlohmann/json.hpp>

#include "../core/CliProcess.h"
#include "../storage/StorageTestUtil.h"

using storagetest::TempDir;
using testing::runCli;
using testing::shellQuote;

namespace {

const std::string kFixture = std::string(OTHELLO_SOURCE_DIR) + "/tests/publish/round_robin.pgn";

struct Published {
    TempDir dir{"publish-cli"};
    std::string db = " --db " + shellQuote((dir / "a.sqlite").string());
    Published() { REQUIRE(runCli("import" + db + " " + shellQuote(kFixture)).exitCode == 0); }
    testing::CliResult publish(const std::string& out, const std::string& more = "") const {
        return runCli("publish" + db + " -o " + shellQuote((dir / out).string()) + more);
    }
};

}  // namespace

TEST_CASE("publish writes the site and says what it wrote") {
    Published p;
    const auto r = p.publish("site", " --json --title " + shellQuote("Club <archive>"));
    REQUIRE(r.exitCode == 0);
    const auto j = nlohmann::json::parse(r.out);
    CHECK(j["events"] == 2);
    CHECK(j["games"] == 21);
    // index, game page, 2 assets, 2 event pages, 2 data files, a page per player
    CHECK(j["players"] == 6);
    CHECK(j["files"] == 8 + 6);
    std::int64_t bytes = 0;
    for (const auto& e : std::filesystem::recursive_directory_iterator(p.dir / "site"))
        if (e.is_regular_file()) bytes += static_cast<std::int64_t>(e.file_size());
    CHECK(j["bytes"] == bytes);
    for (const char* f : {"index.html", "game.html", "assets/style.css", "assets/game.js"})
        CHECK(std::filesystem::exists(p.dir / "site" / f));
    std::ifstream in(p.dir / "site" / "index.html");
    const std::string index((std::istreambuf_iterator<char>(in)), {});
    CHECK(index.find("<title>Club &lt;archive&gt;</title>") != std::string::npos);

    const auto text = p.publish("plain");
    CHECK(text.exitCode == 0);
    CHECK(text.out.find("published 2 events, 21 games") != std::string::npos);
}

TEST_CASE("publish refuses a folder that is not empty unless --force") {
    Published p;
    std::filesystem::create_directories(p.dir / "full");
    std::ofstream(p.dir / "full" / "mine.txt") << "a file of the web master";
    const auto refused = p.publish("full");
    CHECK(refused.exitCode == 2);
    CHECK(refused.err.find("not empty") != std::string::npos);
    CHECK(refused.err.find("--force") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(p.dir / "full" / "index.html"));

    const auto forced = p.publish("full", " --force");
    CHECK(forced.exitCode == 0);
    CHECK(std::filesystem::exists(p.dir / "full" / "index.html"));
    CHECK(std::filesystem::exists(p.dir / "full" / "mine.txt"));  // other files are left

    std::ofstream(p.dir / "file") << "x";
    CHECK(p.publish("file", " --force").exitCode == 2);  // not a folder
    CHECK(runCli("publish" + p.db).exitCode == 2);       // no -o
}

TEST_CASE("publish takes the filters of search") {
    Published p;
    const auto r = p.publish("bob", " --black " + shellQuote("Bob Berg") + " --json");
    REQUIRE(r.exitCode == 0);
    const auto j = nlohmann::json::parse(r.out);
    CHECK(j["events"] == 2);
    CHECK(j["games"] == 18 + 1);  // the tournament whole, Bob's casual game with Black
    const auto none = p.publish("none", " --year 1990 --json");
    REQUIRE(none.exitCode == 0);
    CHECK(nlohmann::json::parse(none.out)["events"] == 0);
    CHECK(p.publish("bad", " --year 99999").exitCode == 2);
    CHECK(p.publish("bad", " --result nobody").exitCode == 2);
}
