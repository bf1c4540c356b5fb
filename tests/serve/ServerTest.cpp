// `othello-db serve` as a server (web/Server.h): pages, path traversal, methods, read-only
// opening, and many readers while an import writes.
#include <atomic>
#include <fstream>
#include <sstream>

#include "ServeTestUtil.h"

using namespace servetest;

namespace {

std::string fileBytes(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

}  // namespace

TEST_CASE("server: pages, assets and the search page", "[serve]") {
    storagetest::TempDir dir("serve-pages");
    makeFixtureArchive(dir / "club.sqlite");
    RunningServer s(dir / "club.sqlite");

    const Reply search = get(s, "/search.html");
    CHECK(search.status == 200);
    CHECK(search.contentType.rfind("text/html", 0) == 0);
    CHECK(search.body.find("<form id=\"search-form\"") != std::string::npos);
    CHECK(search.body.find("assets/search.js") != std::string::npos);
    // The title is escaped.
    CHECK(search.body.find("Test &lt;archive&gt;") != std::string::npos);
    CHECK(search.body.find("Test <archive>") == std::string::npos);

    const Reply js = get(s, "/assets/search.js");
    CHECK(js.status == 200);
    CHECK(js.contentType.find("javascript") != std::string::npos);
    CHECK(js.body.find("api/search") != std::string::npos);
    CHECK(get(s, "/assets/search.css").status == 200);
    CHECK(get(s, "/assets/nothing.js").status == 404);

    const Reply missing = get(s, "/nothing.html");
    CHECK(missing.status == 404);
    CHECK(missing.contentType.rfind("text/html", 0) == 0);
    CHECK(missing.body.find("Not found") != std::string::npos);

    // The site's pages (web/Site.h), rendered per request.
    const Reply index = get(s, "/");
    CHECK(index.status == 200);
    CHECK(index.contentType.rfind("text/html", 0) == 0);
    CHECK(index.body.find("Club Championship") != std::string::npos);
    CHECK(get(s, "/index.html").body == index.body);
    const json events = getJson(s, "/api/events?tournaments=1");
    const std::string club = events["events"][0]["id"].dump();
    const Reply event = get(s, "/events/" + club + ".html");
    CHECK(event.status == 200);
    CHECK(event.body.find("Anna Berg") != std::string::npos);
    // A name that is markup shows as text.
    CHECK(event.body.find("<script>alert(1)</script>") == std::string::npos);
    const Reply data = get(s, "/data/event-" + club + ".js");
    CHECK(data.status == 200);
    CHECK(data.contentType.find("javascript") != std::string::npos);
    CHECK(get(s, "/game.html").status == 200);
    CHECK(get(s, "/events/99999999.html").status == 404);
}

TEST_CASE("server: paths never leave the site", "[serve]") {
    storagetest::TempDir dir("serve-traversal");
    makeFixtureArchive(dir / "club.sqlite");
    // A file beside the archive that a traversal would reach.
    { std::ofstream(dir / "secret.txt") << "top secret"; }
    RunningServer s(dir / "club.sqlite");
    for (const std::string target :
         {"/../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E/%2e%2e/etc/passwd",
          "/assets/../../secret.txt", "/assets/..%2f..%2fsecret.txt", "/assets/%2e%2e/style.css",
          "/events/..%2F..%2Fsecret.txt", "/./index.html", "//etc/passwd", "/assets//style.css",
          "/index.html%00.js", "/assets\\..\\secret.txt", "/..", "/%2e%2e", "/..%5csecret.txt",
          "/%252e%252e/secret.txt", "/club.sqlite", "/secret.txt"}) {
        std::string response;
        const int status = rawStatus(s.port(), target, &response);
        INFO(target << " -> " << response.substr(0, 200));
        CHECK(status != 200);
        CHECK(response.find("top secret") == std::string::npos);
        CHECK(response.find("root:") == std::string::npos);
        CHECK(response.find("SQLite format") == std::string::npos);
    }
    // The same paths, decoded, are fine when they stay inside.
    CHECK(rawStatus(s.port(), "/assets/search%2ejs") == 200);
}

TEST_CASE("server: read-only, GET only", "[serve]") {
    storagetest::TempDir dir("serve-readonly");
    const fs::path db = dir / "club.sqlite";
    makeFixtureArchive(db);
    const std::string before = fileBytes(db);
    const auto mtime = fs::last_write_time(db);
    {
        RunningServer s(db);
        auto c = s.client();
        const auto post = c.Post("/api/search", "{}", "application/json");
        REQUIRE(post);
        CHECK(post->status == 405);
        const auto del = c.Delete("/api/game/1");
        REQUIRE(del);
        CHECK(del->status == 405);
        for (const char* path : {"/api/search?player=anna", "/api/stats?moves=f5d6", "/api/game/3",
                                 "/api/events", "/", "/search.html"})
            CHECK(get(s, path).status == 200);
        CHECK(getJson(s, "/api/game/3")["id"] == 3);
    }
    CHECK(fileBytes(db) == before);
    CHECK(fs::last_write_time(db) == mtime);
    CHECK(getJson(RunningServer(db), "/api/search")["total"] == 9);
}

TEST_CASE("server: a missing archive is refused at start", "[serve]") {
    storagetest::TempDir dir("serve-missing");
    web::ServerOptions o;
    o.database = dir / "none.sqlite";
    o.port = 0;
    CHECK_THROWS_AS(web::Server(o), storage::StorageError);
    CHECK(!fs::exists(dir / "none.sqlite"));
}

TEST_CASE("server: many readers at once while an import writes", "[serve]") {
    storagetest::TempDir dir("serve-concurrent");
    const fs::path db = dir / "club.sqlite";
    makeFixtureArchive(db);
    RunningServer s(db, 8);
    // A writer on its own connection adds batches of random games while 8 clients read.
    std::atomic<bool> done{false};
    std::atomic<std::int64_t> imported{0};
    std::thread writer([&] {
        storage::Archive archive(db);
        std::mt19937_64 rng(13);
        storage::ImportOptions options;
        options.batchGames = 50;
        for (int batch = 0; batch < 8; ++batch) {
            std::vector<importers::GameRecord> records;
            for (int i = 0; i < 100; ++i)
                records.push_back(storagetest::makeRecord(
                    "Writer " + std::to_string(i % 7), "Reader " + std::to_string(i % 5),
                    "Concurrent Open", 2024, storagetest::randomGame(rng), "w.moves", i + 1));
            imported += archive.importRecords(records, options).imported;
        }
        done = true;
    });
    std::atomic<int> failures{0}, requests{0};
    std::vector<std::thread> clients;
    for (int t = 0; t < 8; ++t)
        clients.emplace_back([&, t] {
            auto c = s.client();
            std::int64_t lastTotal = 0;
            for (int i = 0; i < 40 || !done; ++i) {
                const char* paths[] = {"/api/search?limit=5&sort=-id", "/api/stats?moves=f5d6",
                                       "/api/game/1", "/api/events", "/api/search?moves=f5f6"};
                const auto r = c.Get(paths[(i + t) % 5]);
                ++requests;
                if (!r || r->status != 200) {
                    ++failures;
                    continue;
                }
                if ((i + t) % 5 == 0) {
                    // One snapshot per query: totals only grow.
                    const std::int64_t total = json::parse(r->body)["total"].get<std::int64_t>();
                    if (total < lastTotal) ++failures;
                    lastTotal = total;
                }
                if (i > 2000) break;
            }
        });
    for (auto& c : clients) c.join();
    writer.join();
    CHECK(imported == 800);
    CHECK(failures == 0);
    CHECK(requests >= 320);
    CHECK(getJson(s, "/api/search")["total"] == 809);
    // The new event appears (the tournament list reloads when a game's event is not in it).
    const json rows = getJson(s, "/api/search?event=concurrent&limit=1");
    CHECK(rows["games"][0]["tournament"].is_number());
}

TEST_CASE("server: a request's queries stop at the query timeout with 503", "[serve]") {
    storagetest::TempDir dir("serve-timeout");
    const fs::path db = dir / "club.sqlite";
    makeFixtureArchive(db);
    {
        // A thousand more games, so that a name search runs well past SQLite's checks.
        storage::Archive archive(db);
        std::mt19937_64 rng(5);
        std::vector<importers::GameRecord> records;
        for (int i = 0; i < 1000; ++i)
            records.push_back(storagetest::makeRecord("Timeout Black " + std::to_string(i),
                                                      "Timeout White", "Timeout Open", 2024,
                                                      storagetest::randomGame(rng), "t.moves",
                                                      i + 1));
        REQUIRE(archive.importRecords(records).imported > 900);
    }
    // Every deadline already passed: each query is interrupted, and says so.
    RunningServer s(db, 2, std::chrono::milliseconds(0));
    const std::string query = "/api/search?player=timeout%20black&sort=white&limit=5";
    const Reply r = get(s, query);
    CHECK(r.status == 503);
    const json body = json::parse(r.body);
    CHECK(body["error"].get<std::string>().find("took longer than 0 ms") != std::string::npos);
    // The connection goes back to the pool unbounded by that request, and a server with a
    // generous bound answers the same query.
    RunningServer relaxed(db, 2);
    CHECK(getJson(relaxed, query)["total"].get<std::int64_t>() == 1000);
}
