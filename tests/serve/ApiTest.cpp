// The JSON API of `othello-db serve` (web/Api.h) over loopback HTTP, on the fixture archive.
#include <cstdio>

#include "ServeTestUtil.h"
#include "storage/tournaments/Tournament.h"

using namespace servetest;

namespace {

// The fixture archive and a server on it, shared by the tests of this file (one import).
struct Fixture {
    Fixture() : dir("serve-api"), db(dir / "club.sqlite") { makeFixtureArchive(db); }
    storagetest::TempDir dir;
    fs::path db;
};

Fixture& fixture() {
    static Fixture f;
    return f;
}

// The club championship's tournament id (storage/tournaments/Tournament.h), from /api/events.
std::int64_t clubId(const RunningServer& s) {
    const json events = getJson(s, "/api/events?tournaments=1");
    REQUIRE(events["total"] == 1);
    return events["events"][0]["id"].get<std::int64_t>();
}

std::string runCli(const std::string& args) {
    const std::string command = std::string(OTHELLO_CLI) + " " + args + " 2>/dev/null";
    FILE* p = ::popen(command.c_str(), "r");
    REQUIRE(p);
    std::string out;
    char buffer[4096];
    std::size_t n;
    while ((n = std::fread(buffer, 1, sizeof buffer, p)) > 0) out.append(buffer, n);
    REQUIRE(::pclose(p) == 0);
    return out;
}

}  // namespace

TEST_CASE("API: search answers every filter of the search command", "[serve][api]") {
    RunningServer s(fixture().db);
    json all = getJson(s, "/api/search");
    CHECK(all["total"] == 9);
    CHECK(all["limit"] == 20);
    CHECK(all["offset"] == 0);
    REQUIRE(all["games"].size() == 9);
    const json& g = all["games"][0];
    for (const char* key : {"id", "black", "white", "event", "year", "result", "unfinished",
                            "black_score", "white_score", "complete", "result_known", "moves",
                            "passes", "ply", "opening", "tournament"})
        CHECK(g.contains(key));
    CHECK(g["moves"].is_array());
    CHECK(g["black"] == "Anna Berg");

    CHECK(getJson(s, "/api/search?player=anna")["total"] == 4);        // 3 round-robin + no event
    CHECK(getJson(s, "/api/search?black=Anna%20Berg")["total"] == 2);  // rounds 1 and 3
    CHECK(getJson(s, "/api/search?white=costa")["total"] == 2);
    CHECK(getJson(s, "/api/search?event=club")["total"] == 6);
    CHECK(getJson(s, "/api/search?year=2023")["total"] == 6);
    CHECK(getJson(s, "/api/search?year=2021-2022")["total"] == 3);
    CHECK(getJson(s, "/api/search?year_from=2022")["total"] == 8);
    CHECK(getJson(s, "/api/search?year_to=2021")["total"] == 1);
    // Empty fields are absent (an HTML form sends them all).
    CHECK(getJson(s, "/api/search?player=&event=&year=&result=")["total"] == 9);
    const json black = getJson(s, "/api/search?result=black");
    const json white = getJson(s, "/api/search?result=white");
    const json draw = getJson(s, "/api/search?result=draw");
    CHECK(black["total"].get<int>() + white["total"].get<int>() + draw["total"].get<int>() == 9);
    for (const auto& row : black["games"])
        CHECK(row["black_score"].get<int>() > row["white_score"].get<int>());

    // Position: as moves (any order of the same position) and as a board string.
    const json f5 = getJson(s, "/api/search?moves=f5");
    CHECK(f5["total"] == 9);
    CHECK(f5.contains("opening"));
    CHECK(f5["games"][0]["ply"] == 1);
    const json deep = getJson(s, "/api/search?moves=f5f6e6f4g5");
    CHECK(deep["total"].get<int>() >= 1);
    CHECK(deep["total"].get<int>() < 9);
    const json start = getJson(
        s, "/api/search?board=" + std::string(27, '-') + "OX------XO" + std::string(27, '-') + "X");
    CHECK(start["total"] == 9);

    // Sort, order and paging.
    const json byYear = getJson(s, "/api/search?sort=-year&limit=3");
    REQUIRE(byYear["games"].size() == 3);
    CHECK(byYear["games"][0]["year"] == 2023);
    const json ascending = getJson(s, "/api/search?sort=year&order=asc&limit=1");
    CHECK(ascending["games"][0]["year"] == 2021);
    const json page2 = getJson(s, "/api/search?limit=4&offset=4");
    CHECK(page2["total"] == 9);
    REQUIRE(page2["games"].size() == 4);
    CHECK(page2["games"][0]["id"] == all["games"][4]["id"]);
    CHECK(getJson(s, "/api/search?offset=100")["games"].empty());
}

TEST_CASE("API: a result links to its game page through its tournament", "[serve][api]") {
    RunningServer s(fixture().db);
    const std::int64_t club = clubId(s);
    const json rows = getJson(s, "/api/search?event=club");
    for (const auto& row : rows["games"]) CHECK(row["tournament"] == club);
    const json casual = getJson(s, "/api/search?event=casual");
    REQUIRE(casual["total"] == 2);
    CHECK(casual["games"][0]["tournament"].is_number());
    CHECK(casual["games"][0]["tournament"] != club);
    // The game without an event has a tournament id too (the site publishes it somewhere).
    const json none = getJson(s, "/api/search?year=2021");
    CHECK(none["games"][0]["tournament"].is_number());
}

TEST_CASE("API: bad parameters are 400 with a message naming them", "[serve][api]") {
    RunningServer s(fixture().db);
    const auto bad = [&](const std::string& path, const std::string& word) {
        const json j = getJson(s, path, 400);
        REQUIRE(j.contains("error"));
        INFO(path << ": " << j["error"]);
        CHECK(j["error"].get<std::string>().find(word) != std::string::npos);
    };
    bad("/api/search?limit=abc", "limit");
    bad("/api/search?limit=-5", "limit");
    bad("/api/search?limit=12abc", "limit");
    bad("/api/search?offset=-1", "offset");
    bad("/api/search?offset=x", "offset");
    bad("/api/search?board=XO-", "board");
    bad("/api/search?board=" + std::string(64, 'Z'), "board");
    bad("/api/search?moves=f5f5", "moves");
    bad("/api/search?moves=z9", "moves");
    bad("/api/search?moves=f5&board=" + std::string(64, '-'), "board or moves");
    bad("/api/search?opening=tigr", "no opening named");
    bad("/api/search?opening=tiger&moves=f5", "not two of them");
    bad("/api/search?result=maybe", "result");
    bad("/api/search?year=20x3", "year");
    bad("/api/search?year=2023-2020", "year");
    bad("/api/search?year=0", "year");
    bad("/api/search?sort=colour", "sort");
    bad("/api/search?order=sideways", "order");
    bad("/api/search?lost_discs=500", "lost_discs");
    bad("/api/search?lost_by=black", "lost_discs");
    bad("/api/search?plyer=anna", "plyer");
    bad("/api/search?player=a&player=b", "twice");
    bad("/api/stats?board=nonsense", "board");
    bad("/api/stats?moves=a1", "moves");
    bad("/api/game/abc", "game");
    bad("/api/game/0", "game");
    bad("/api/game/1?ply=200", "ply");
    bad("/api/game/1?ply=-1", "ply");
    bad("/api/event/x1", "event");
    bad("/api/event/1?bq=0", "bq");
    bad("/api/events?limit=lots", "limit");
    bad("/api/events?tournaments=maybe", "tournaments");
    bad("/api/events?year=abc", "year");
}

TEST_CASE("API: unknown ids and paths are 404 with an error", "[serve][api]") {
    RunningServer s(fixture().db);
    CHECK(getJson(s, "/api/game/999999", 404)["error"].get<std::string>().find("999999") !=
          std::string::npos);
    CHECK(getJson(s, "/api/game/549755813887", 404).contains("error"));  // the largest id
    CHECK(getJson(s, "/api/event/99999999", 404).contains("error"));
    CHECK(getJson(s, "/api/event/" + std::to_string(clubId(s) + 1), 404).contains("error"));
    CHECK(getJson(s, "/api/nothing", 404).contains("error"));
    CHECK(getJson(s, "/api/", 404).contains("error"));
    CHECK(getJson(s, "/api/game/1/moves", 404).contains("error"));
    CHECK(getJson(s, "/api/game/", 404).contains("error"));
}

TEST_CASE("API: huge limits are capped, not refused", "[serve][api]") {
    RunningServer s(fixture().db);
    CHECK(getJson(s, "/api/search?limit=100000")["limit"] == web::kApiMaxLimit);
    CHECK(getJson(s, "/api/search?limit=99999999999999999999999999")["limit"] == web::kApiMaxLimit);
    CHECK(getJson(s, "/api/search?limit=-1")["limit"] == web::kApiMaxLimit);
    const json capped = getJson(s, "/api/search?limit=100000");
    CHECK(capped["games"].size() == 9);
    CHECK(getJson(s, "/api/search?limit=0")["games"].empty());
    CHECK(getJson(s, "/api/events?limit=100000")["limit"] == web::kApiMaxLimit);
}

TEST_CASE("API: a game, a position's statistics, events and an event", "[serve][api]") {
    RunningServer s(fixture().db);
    const json first = getJson(s, "/api/search?limit=1")["games"][0];
    const json game = getJson(s, "/api/game/" + std::to_string(first["id"].get<int>()));
    CHECK(game["black"] == first["black"]);
    CHECK(game["white"] == first["white"]);
    CHECK(game["moves"] == first["moves"]);
    CHECK(game["round"] == "1");
    CHECK(game["tournament"] == clubId(s));
    CHECK(!game.contains("source"));  // the server's file paths stay on the server
    CHECK(game["board"].get<std::string>().size() == 64);
    const json ply0 = getJson(s, "/api/game/1?ply=0");
    CHECK(ply0["board"] == std::string(27, '-') + "OX------XO" + std::string(27, '-'));
    CHECK(ply0["to_move"] == "black");

    const json root = getJson(s, "/api/stats");  // no position: the start
    CHECK(root["games"] == 9);
    REQUIRE(root["moves"].size() == 1);  // f5 and its symmetric equivalents are one row
    CHECK(root["moves"][0]["games"] == 9);
    for (const char* key : {"games", "black_wins", "draws", "white_wins", "avg_black_score",
                            "unfinished", "opening", "board", "moves"})
        CHECK(root.contains(key));
    const json f5 = getJson(s, "/api/stats?moves=f5");
    CHECK(f5["games"] == 9);
    std::int64_t sum = 0;
    for (const auto& m : f5["moves"]) sum += m["games"].get<std::int64_t>();
    CHECK(sum == 9);
    const json nothing = getJson(s, "/api/stats?moves=f5f4");  // the parallel opening: nobody
    CHECK(nothing["games"] == 0);
    CHECK(nothing["moves"].empty());

    const json events = getJson(s, "/api/events");
    CHECK(events["total"] == 3);
    CHECK(events["events"].size() == 3);
    const json paged = getJson(s, "/api/events?limit=1&offset=1");
    REQUIRE(paged["events"].size() == 1);
    CHECK(paged["events"][0] == events["events"][1]);
    CHECK(getJson(s, "/api/events?year=2022")["total"] == 1);
    CHECK(getJson(s, "/api/events?name=club%20championship")["total"] == 1);

    const json event = getJson(s, "/api/event/" + std::to_string(clubId(s)));
    CHECK(event["name"] == "Club Championship");
    CHECK(event["year"] == 2023);
    CHECK(event["is_tournament"] == true);
    CHECK(event["rounds"] == 3);
    CHECK(event["rounds_from"] == "source");
    REQUIRE(event["standings"].size() == 4);
    CHECK(event["crosstable"].size() == 6);
    CHECK(event["game_list"].size() == 6);
    bool script = false;
    for (const auto& p : event["standings"])
        script = script || p["player"] == "<script>alert(1)</script>";
    CHECK(script);  // JSON carries names as they are; pages escape them
    const json casual = getJson(s, "/api/event/" + paged["events"][0]["id"].dump());
    CHECK(casual["standings"].is_null());
}

TEST_CASE("API: the JSON shapes are the command line's", "[serve][api]") {
    RunningServer s(fixture().db);
    const std::string db = fixture().db.string();
    const json cliSearch = json::parse(runCli("search --db " + db + " --moves f5f6 --json"));
    const json apiSearch = getJson(s, "/api/search?moves=f5f6");
    CHECK(apiSearch["total"] == cliSearch["total"]);
    CHECK(apiSearch["opening"] == cliSearch["opening"]);
    REQUIRE(apiSearch["games"].size() == cliSearch["games"].size());
    // opening=NAME as search --opening NAME.
    const json cliOpening = json::parse(runCli("search --db " + db + " --opening cow --json"));
    const json apiOpening = getJson(s, "/api/search?opening=cow");
    CHECK(apiOpening["total"] == cliOpening["total"]);
    CHECK(apiOpening["opening"] == "Cow (牛定石)");
    CHECK(cliOpening["opening"] == "Cow (牛定石)");
    for (std::size_t i = 0; i < cliSearch["games"].size(); ++i) {
        json api = apiSearch["games"][i];
        api.erase("tournament");  // what the web adds: the game page's link
        CHECK(api == cliSearch["games"][i]);
    }

    // Sorts by name are done by the API for small result sets (web/Api.cpp): the same order as
    // the command line's SQL, offsets and limits included.
    for (const std::string sort : {"black", "-black", "white", "-white", "event", "-event"})
        for (const auto& [page, params] :
             {std::pair<std::string, std::string>{"--limit 20", "&limit=20"},
              {"--limit 3 --offset 2", "&limit=3&offset=2"},
              {"--limit 4 --offset 7", "&limit=4&offset=7"}}) {
            const std::string query = "/api/search?sort=" + sort + params;
            INFO(query);
            const json cli = json::parse(
                runCli("search --db " + db + " --sort=" + sort + " " + page + " --json"));
            const json api = getJson(s, query);
            REQUIRE(api["games"].size() == cli["games"].size());
            for (std::size_t i = 0; i < cli["games"].size(); ++i) {
                json row = api["games"][i];
                row.erase("tournament");
                CHECK(row == cli["games"][i]);
            }
        }

    const json cliStats = json::parse(runCli("stats --db " + db + " --moves f5d6 --json"));
    json apiStats = getJson(s, "/api/stats?moves=f5d6");
    apiStats.erase("board");
    CHECK(apiStats == cliStats);

    const std::string id = std::to_string(clubId(s));
    const json cliEvent = json::parse(runCli("event --db " + db + " " + id + " --json"));
    CHECK(getJson(s, "/api/event/" + id) == cliEvent);

    const json cliEvents = json::parse(runCli("events --db " + db + " --json"));
    CHECK(getJson(s, "/api/events")["events"] == cliEvents["events"]);

    const json cliShow = json::parse(runCli("show --db " + db + " 2 --json"));
    json apiGame = getJson(s, "/api/game/2");
    CHECK(apiGame.erase("tournament") == 1);
    for (auto& [key, value] : cliShow.items()) {
        if (key == "source" || key == "analysis") continue;  // left out on purpose (Api.h)
        INFO(key);
        CHECK(apiGame[key] == value);
    }
}

TEST_CASE("API: a game's JSON is the command line's, written by the same code", "[serve][api]") {
    // A copy of the fixture with a game whose name is not UTF-8 (Latin-1 "José").
    storagetest::TempDir dir("serve-same-json");
    const fs::path db = dir / "club.sqlite";
    makeFixtureArchive(db);
    {
        storage::Archive a(db);
        const auto r = a.importRecords(
            {storagetest::makeRecord("Jos\xe9", "Ann", "Club", 2024, "f5d6c3d3c4f4f6")});
        REQUIRE(r.imported == 1);
    }
    RunningServer s(db);
    const json rows = getJson(s, "/api/search?year=2024");
    REQUIRE(rows["games"].size() == 1);
    const std::string id = std::to_string(rows["games"][0]["id"].get<std::int64_t>());
    for (const std::string ply : {"", "3"}) {
        json cli = json::parse(runCli("show --db " + db.string() + " " + id + " --json" +
                                      (ply.empty() ? "" : " --ply " + ply)));
        json api = getJson(s, "/api/game/" + id + (ply.empty() ? "" : "?ply=" + ply));
        INFO("ply " << ply);
        // What each adds of its own (web/Api.h): the CLI's file path, who entered the game
        // and its review, the page link.
        CHECK(cli.erase("source") == 1);
        CHECK(cli.erase("entered") == 1);
        CHECK(cli.erase("analysis") == 1);
        CHECK(api.erase("tournament") == 1);
        CHECK(api == cli);
        // The exact bytes of the name, in both (the API used to give U+FFFD only).
        CHECK(api["black_bytes"] == "4a6f73e9");
        CHECK(api["black"] == "Jos\xef\xbf\xbd");
    }
    // The search rows too.
    json row = rows["games"][0];
    row.erase("tournament");
    const json cliRows = json::parse(runCli("search --db " + db.string() + " --year 2024 --json"));
    CHECK(row == cliRows["games"][0]);
}

TEST_CASE("API: an event shows the withdrawals stored with it, as `event` does", "[serve][api]") {
    storagetest::TempDir dir("serve-withdrawals");
    const fs::path db = dir / "club.sqlite";
    makeFixtureArchive(db);
    std::int64_t club = 0;
    {
        storage::Archive a(db);
        for (const auto& t : a.tournaments())
            if (t.isTournament) club = t.id;
        REQUIRE(a.withdraw(club, "Bruno Costa", 3) > 0);
    }
    RunningServer s(db);
    const std::string id = std::to_string(club);
    const json event = getJson(s, "/api/event/" + id);
    REQUIRE(event["withdrawals"].size() == 1);
    CHECK(event["withdrawals"][0] == json{{"player", "Bruno Costa"}, {"after_round", 3}});
    int withdrawn = 0;
    for (const auto& p : event["standings"]) {
        withdrawn += p["withdrawn"].get<bool>();
        if (p["player"] == "Bruno Costa") CHECK(p["withdrawn_after_round"] == 3);
    }
    CHECK(withdrawn == 1);
    CHECK(event == json::parse(runCli("event --db " + db.string() + " " + id + " --json")));
    // The served event page marks the player.
    const Reply page = get(s, "/events/" + id + ".html");
    CHECK(page.status == 200);
    CHECK(page.body.find("Bruno Costa</a> <span class=\"note\" title=\"withdrew after round 3\">(w)") !=
          std::string::npos);
}

// Games under other rules through the API: a game says its rules (code, words, handicap), the
// search filters by them, and an event whose games are scored by different rules gives one
// table per scoring (scoring_tables), as `event --json`.
TEST_CASE("API: rules of a game, search by rules and handicap, one table per scoring",
          "[serve][api]") {
    storagetest::TempDir dir("serve-rules");
    const fs::path db = dir / "rules.sqlite";
    const std::string reversi =
        "e4 d4 d5 e5 c4 e3 f2 e2 f6 g1 f3 e6 d1 c5>e3 d3>f3 e1 f1>d3 c3>e3 f4 d2 c2>c4 c1>c5 "
        "d6>f6 g3>e3 f5 f7>c4 b2 b4 b1>e4 g6 h7 g5>e3 g2>c2 a3 h1 e7 f8 g4 h4>e4 g7>g5 b3>d3 h5 "
        "h3 h2>h5 c6>e4 e8 b5>d3 a1 h6>f6 b6>b4 a5>c3 g8 h8 a2 d7>g7 a4 c7>e5 c8>c5 d8>h8 a6 "
        "b7>d7 b8>b6 a8>d8 a7>c7";
    const std::string at = " --event Club --date 2026 --db '" + db.string() + "'";
    runCli("add --rules reversi --black Pointed --white Round --moves '" + reversi + "'" + at);
    runCli("add --handicap a1,h8 --to white --white-first --black Strong --white Weak --moves f4" +
           at);
    runCli("add --black Strong --white Pointed --moves f5d6c3d3c4f4f6f3e6e7 --result 1-0" + at);
    RunningServer s(db);
    const json found = getJson(s, "/api/search?rules=reversi");
    REQUIRE(found["total"] == 1);
    const json game = getJson(s, "/api/game/" + std::to_string(found["games"][0]["id"].get<int>()));
    CHECK(game["rules"] == "reversi");
    CHECK(game["rules_text"].get<std::string>().find("classic Reversi") == 0);
    CHECK(game["result"] == "38-26");
    CHECK(game["moves"][13] == "c5>e3");
    const json handicap = getJson(s, "/api/search?handicap=any");
    REQUIRE(handicap["total"] == 1);
    CHECK(handicap["games"][0]["handicap"]["to"] == "white");
    CHECK(getJson(s, "/api/search?handicap=a1,h8")["total"] == 1);
    CHECK(getJson(s, "/api/search?handicap=h1")["total"] == 0);
    CHECK(getJson(s, "/api/search?rules=othello")["total"] == 2);  // the handicap game too
    getJson(s, "/api/search?rules=chess", 400);
    const json events = getJson(s, "/api/events");
    REQUIRE(events["total"] == 1);
    const json event =
        getJson(s, "/api/event/" + std::to_string(events["events"][0]["id"].get<std::int64_t>()));
    REQUIRE(event["scoring_tables"].size() == 2);
    CHECK(event["scoring_tables"][0]["scoring"] == "empties");
    CHECK(event["scoring_tables"][1]["scoring"] == "discs");
}
