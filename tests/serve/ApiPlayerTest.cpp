// /api/player/ID (web/Api.h): a player's page as `othello-db player --json` gives it, with the
// archive-rating history and, with vs=ID, the head-to-head; unknown ids 404, bad ones 400.
#include <cstdio>

#include "ServeTestUtil.h"

using namespace servetest;

namespace {

struct PlayerFixture {
    PlayerFixture() : dir("serve-api-player"), db(dir / "club.sqlite") { makeFixtureArchive(db); }
    storagetest::TempDir dir;
    fs::path db;
};

PlayerFixture& playerFixture() {
    static PlayerFixture f;
    return f;
}

// `othello-db player ARGS --json` on the fixture.
json cliPlayer(const std::string& args) {
    const std::string command = std::string(OTHELLO_CLI) + " player " + args + " --json --db '" +
                                playerFixture().db.string() + "' 2>/dev/null";
    FILE* p = ::popen(command.c_str(), "r");
    REQUIRE(p);
    std::string out;
    char buffer[4096];
    std::size_t n;
    while ((n = std::fread(buffer, 1, sizeof buffer, p)) > 0) out.append(buffer, n);
    REQUIRE(::pclose(p) == 0);
    return json::parse(out);
}

}  // namespace

TEST_CASE("API: a player's page is player --json, with the archive rating", "[serve][api]") {
    RunningServer s(playerFixture().db);
    const json cli = cliPlayer("'Anna Berg'");
    const std::int64_t id = cli["player"]["id"];
    const json j = getJson(s, "/api/player/" + std::to_string(id));
    CHECK(j == cli);
    CHECK(j["player"]["name"] == "Anna Berg");
    CHECK(j["results"]["total"]["games"] == 4);  // 3 round-robin games + one without an event
    CHECK(j["rating"]["label"] == "archive rating");
    CHECK(j["rating"]["points"].size() == 1);  // the Club Championship
    bool ranked = false;
    for (const json& e : j["events"])
        if (e["name"] == "Club Championship") ranked = e["rank"].is_number();
    CHECK(ranked);
    CHECK(j["analysis"]["coverage"] == "0 of 4 games analysed");
    // vs=ID: the head-to-head, as --vs gives it.
    const json bruno = cliPlayer("'Bruno Costa'");
    const std::int64_t brunoId = bruno["player"]["id"];
    const json h = getJson(s, "/api/player/" + std::to_string(id) + "?vs=" + std::to_string(brunoId));
    CHECK(h["vs"]["opponent"]["name"] == "Bruno Costa");
    CHECK(h["vs"] == cliPlayer("'Anna Berg' --vs 'Bruno Costa'")["vs"]);
}

TEST_CASE("API: unknown players are 404, bad ids and parameters 400", "[serve][api]") {
    RunningServer s(playerFixture().db);
    CHECK(getJson(s, "/api/player/999999", 404)["error"].get<std::string>().find("999999") !=
          std::string::npos);
    CHECK(getJson(s, "/api/player/1?vs=999999", 404).contains("error"));
    CHECK(getJson(s, "/api/player/abc", 400).contains("error"));
    CHECK(getJson(s, "/api/player/1?colour=black", 400).contains("error"));
    CHECK(getJson(s, "/api/player/1/games", 404).contains("error"));
}
