// /api/search?pattern=... (web/Api.h): the answers of `search --pattern --json`, the corpus
// kept per filter by web/ApiPatternCache.h and dropped when the archive changes.
#include <sys/wait.h>

#include <cctype>
#include <cstdio>
#include <thread>
#include <vector>

#include "../storage/CliDb.h"
#include "ServeTestUtil.h"
#include "web/ApiEventIndex.h"
#include "web/ApiPatternCache.h"

using namespace servetest;

namespace {

struct PatternFixture {
    PatternFixture() : dir("serve-pattern"), db(dir / "club.sqlite") { makeFixtureArchive(db); }
    storagetest::TempDir dir;
    fs::path db;
};

PatternFixture& patternFixture() {
    static PatternFixture f;
    return f;
}

// The output of a shell command and its exit status.
std::string shellOutput(const std::string& command, int& status) {
    FILE* p = ::popen(command.c_str(), "r");
    REQUIRE(p);
    std::string out;
    char buffer[4096];
    std::size_t n;
    while ((n = std::fread(buffer, 1, sizeof buffer, p)) > 0) out.append(buffer, n);
    status = WEXITSTATUS(::pclose(p));
    return out;
}

json cliPatternJson(const std::string& args) {
    int status = 0;
    const std::string out =
        shellOutput(std::string(OTHELLO_CLI) + " " + args + " --json 2>/dev/null", status);
    REQUIRE(status == 0);
    return json::parse(out);
}

std::string urlEncoded(const std::string& s) {
    std::string out;
    for (const unsigned char c : s) {
        if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '*') {
            out += static_cast<char>(c);
        } else {
            char hex[4];
            std::snprintf(hex, sizeof hex, "%%%02X", c);
            out += hex;
        }
    }
    return out;
}

// One search both ways: the API's query string and the command line's options.
struct Both {
    std::string pattern, params, cli;
};

// The API's answer equals the command line's: total, pattern, and every row of the page but the
// web's own `tournament`; limit and offset are the request's.
json checkSame(const RunningServer& s, const fs::path& db, const Both& q) {
    const std::string path = "/api/search?pattern=" + urlEncoded(q.pattern) + q.params;
    INFO(path);
    const json cli =
        cliPatternJson("search --db '" + db.string() + "' --pattern '" + q.pattern + "' " + q.cli);
    const json api = getJson(s, path);
    CHECK(api["total"] == cli["total"]);
    CHECK(api["pattern"] == cli["pattern"]);
    REQUIRE(api["games"].size() == cli["games"].size());
    for (std::size_t i = 0; i < cli["games"].size(); ++i) {
        json row = api["games"][i];
        CHECK(row.erase("tournament") == 1);
        CHECK(row == cli["games"][i]);
    }
    return api;
}

int total(const json& j) {
    return j["total"].get<int>();
}

}  // namespace

TEST_CASE("API: pattern search answers as search --pattern --json", "[serve][api][pattern]") {
    const fs::path& db = patternFixture().db;
    RunningServer s(db);
    // A corner taken with its X-square empty: in some games, at a ply of their own.
    const json corner = checkSame(s, db, {"a1=X b2=-", "", ""});
    CHECK(total(corner) > 0);
    CHECK(total(corner) < 9);
    bool late = false;
    for (const auto& g : corner["games"]) late = late || g["ply"].get<int>() > 20;
    CHECK(late);  // the first matching ply, not the reach of a position (0 or 1)
    CHECK(corner["limit"] == 20);
    CHECK(corner["offset"] == 0);

    // Paging: the same hits, a page at a time, as --limit/--offset.
    const json all = checkSame(s, db, {"a1=*", "", ""});
    REQUIRE(total(all) >= 4);
    const json page = checkSame(s, db, {"a1=*", "&limit=2&offset=1", "--limit 2 --offset 1"});
    REQUIRE(page["games"].size() == 2);
    CHECK(page["games"][0] == all["games"][1]);
    CHECK(page["games"][1] == all["games"][2]);
    CHECK(page["total"] == all["total"]);
    CHECK(page["limit"] == 2);
    CHECK(page["offset"] == 1);
    checkSame(s, db, {"a1=*", "&sort=-year&limit=3", "--sort=-year --limit 3"});

    // symmetry=0: the pattern as written only, fewer games than under the 8 symmetries.
    const json white = checkSame(s, db, {"a1=O", "", ""});
    const json oneCorner = checkSame(s, db, {"a1=O", "&symmetry=0", "--no-symmetry"});
    CHECK(total(oneCorner) < total(white));
    CHECK(total(oneCorner) > 0);

    // ply=A-B: within the window only; the first ply counted from its start.
    const json window = checkSame(s, db, {"a1=O", "&ply=0-40", "--ply 0-40"});
    CHECK(total(window) < total(white));
    CHECK(total(window) > 0);
    for (const auto& g : window["games"]) CHECK(g["ply"].get<int>() <= 40);
    const json later = checkSame(s, db, {"a1=*", "&ply=50-60", "--ply 50-60"});
    for (const auto& g : later["games"]) CHECK(g["ply"].get<int>() >= 50);
    checkSame(s, db, {"d4=O d5=X e4=X e5=O", "&ply=0", "--ply 0"});

    // Combined with the other filters: a player's games only.
    const json anna = checkSame(s, db, {"a1=*", "&player=anna", "--player anna"});
    CHECK(total(anna) > 0);
    CHECK(total(anna) < total(all));
    for (const auto& g : anna["games"])
        CHECK((g["black"] == "Anna Berg" || g["white"] == "Anna Berg"));
    checkSame(s, db, {"a1=* same(a1,h8)", "&year=2023&result=black", "--year 2023 --result black"});
    // A 64-square mask, spaces between its rows.
    checkSame(s, db,
              {"???????? ???????? ???????? ???OX??? ???XO??? ???????? ???????? ????????", "", ""});
}

TEST_CASE("API: a bad pattern, ply or symmetry is a 400 naming it", "[serve][api][pattern]") {
    RunningServer s(patternFixture().db);
    const auto bad = [&](const std::string& query, const std::string& words) {
        const json j = getJson(s, "/api/search?" + query, 400);
        INFO(query << ": " << j["error"]);
        CHECK(j["error"].get<std::string>().find(words) != std::string::npos);
    };
    // The parser's message, with the column of the mistake, as the command line gives it.
    int status = 0;
    const std::string cli =
        shellOutput(std::string(OTHELLO_CLI) + " search --db '" + patternFixture().db.string() +
                        "' --pattern 'a1=X b2=Q' 2>&1",
                    status);
    CHECK(status == 2);
    const json j = getJson(s, "/api/search?pattern=" + urlEncoded("a1=X b2=Q"), 400);
    const std::string message = j["error"];
    CHECK(message.rfind("pattern: column ", 0) == 0);
    // The same words after the option's name.
    INFO(cli);
    CHECK(cli.find("--" + message) != std::string::npos);
    bad("pattern=" + urlEncoded("XXXX"), "pattern: column");
    bad("pattern=a1%3DX&ply=40-20", "ply: 40-20 is an empty range");
    bad("pattern=a1%3DX&ply=x", "ply: expected A-B");
    bad("pattern=a1%3DX&symmetry=2", "symmetry");
    bad("ply=20-40", "go with pattern");
    bad("symmetry=0", "go with pattern");
    bad("pattern=a1%3DX&year=abc", "year");
    // An empty pattern is refused as `search --pattern ''` is (it ran a plain search, 200).
    bad("pattern=", "pattern");
    bad("pattern=%20", "pattern");
}

TEST_CASE("API: the pattern corpus is kept per filter, dropped when the archive changes",
          "[serve][api][pattern]") {
    storagetest::TempDir dir("serve-pattern-cache");
    const fs::path db = dir / "club.sqlite";
    makeFixtureArchive(db);
    storage::Archive reader(db, storage::Archive::Mode::ReadOnly);
    web::ApiEventIndex events;
    web::ApiPatternCache cache(db, 2);
    web::Api api(reader, events, &cache);
    const auto search = [&](const web::ApiParams& params) {
        const web::ApiResponse r = api.handle("/api/search", params);
        INFO(r.body);
        REQUIRE(r.status == 200);
        return json::parse(r.body);
    };
    const json all = search({{"pattern", "d4=O d5=X e4=X e5=O"}, {"ply", "0"}});
    CHECK(all["total"] == 9);
    CHECK(cache.loads() == 1);
    // Another page, pattern, ply range or symmetry: the same corpus.
    search({{"pattern", "a1=*"}, {"limit", "2"}, {"offset", "1"}});
    search({{"pattern", "a1=X b2=-"}, {"symmetry", "0"}, {"ply", "10-50"}});
    CHECK(cache.loads() == 1);
    // Another filter: a corpus of its own; the first one still kept (capacity 2).
    const json anna = search({{"pattern", "a1=*"}, {"player", "anna"}});
    CHECK(cache.loads() == 2);
    search({{"pattern", "a1=*"}});
    CHECK(cache.loads() == 2);
    // A third filter drops the least recently used (anna's).
    search({{"pattern", "a1=*"}, {"year", "2023"}});
    CHECK(cache.loads() == 3);
    search({{"pattern", "a1=*"}, {"player", "anna"}});
    CHECK(cache.loads() == 4);

    // Another connection commits: an import, then a rename. The next answers see both.
    {
        storage::Archive writer(db);
        const auto r = writer.importRecords({storagetest::makeRecord(
            "Dora Ek", "Anna Berg", "Club", 2024, storagetest::kTigerGame)});
        REQUIRE(r.imported == 1);
    }
    const json more = search({{"pattern", "d4=O d5=X e4=X e5=O"}, {"ply", "0"}});
    CHECK(more["total"] == 10);
    CHECK(cache.loads() == 5);
    const json annaNow = search({{"pattern", "a1=*"}, {"player", "anna"}});
    CHECK(annaNow["total"].get<int>() == anna["total"].get<int>() + 1);
    {
        storage::Archive writer(db);
        CHECK(writer.renamePlayer("Anna Berg", "Anna Lind") > 0);
    }
    const json renamed = search({{"pattern", "a1=*"}, {"player", "anna"}});
    CHECK(renamed["total"] == annaNow["total"]);
    for (const auto& g : renamed["games"]) {
        CHECK(g["black"] != "Anna Berg");
        CHECK(g["white"] != "Anna Berg");
    }
    // Nothing committed since: kept again.
    const std::int64_t loads = cache.loads();
    search({{"pattern", "a1=*"}, {"player", "anna"}, {"ply", "30-60"}});
    CHECK(cache.loads() == loads);
}

TEST_CASE("API: threads asking for one corpus at once share one load", "[serve][api][pattern]") {
    const fs::path& db = patternFixture().db;
    web::ApiEventIndex events;
    web::ApiPatternCache cache(db);
    constexpr int kThreads = 6;
    std::vector<std::string> answers(kThreads);
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t)
        threads.emplace_back([&, t] {
            storage::Archive archive(db, storage::Archive::Mode::ReadOnly);
            web::Api api(archive, events, &cache);
            answers[t] = api.handle("/api/search", {{"pattern", "a1=X b2=-"}}).body;
        });
    for (auto& t : threads) t.join();
    CHECK(cache.loads() == 1);
    for (const auto& a : answers) CHECK(a == answers[0]);
    CHECK(json::parse(answers[0])["total"].get<int>() > 0);
}

TEST_CASE("API: a served pattern search sees an import made while it runs",
          "[serve][api][pattern]") {
    storagetest::TempDir dir("serve-pattern-import");
    const fs::path db = dir / "club.sqlite";
    makeFixtureArchive(db);
    RunningServer s(db);
    const std::string query =
        "/api/search?pattern=" + urlEncoded("d4=O d5=X e4=X e5=O") + "&ply=0&player=dora";
    CHECK(getJson(s, query)["total"] == 0);
    {
        storage::Archive writer(db);
        const auto r = writer.importRecords({storagetest::makeRecord(
            "Dora Ek", "Anna Berg", "Club", 2024, storagetest::kTigerGame)});
        REQUIRE(r.imported == 1);
    }
    const json after = getJson(s, query);
    CHECK(after["total"] == 1);
    REQUIRE(after["games"].size() == 1);
    CHECK(after["games"][0]["black"] == "Dora Ek");
    CHECK(after["games"][0]["ply"] == 0);
}
