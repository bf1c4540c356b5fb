// The player pages of the web archive (web/PlayerPage.h, players/<id>.html in web/Site.h):
// linked from event pages, the profile's figures, the archive rating as inline SVG, links
// only to published events, the path scheme, and a filtered site's players.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

#include "../storage/StorageTestUtil.h"
#include "storage/Archive.h"
#include "storage/players/PlayerProfile.h"
#include "storage/players/Ratings.h"
#include "storage/tournaments/Tournament.h"
#include "web/PlayerPage.h"
#include "web/Site.h"
#include "web/SitePaths.h"

using namespace othello;
using namespace storagetest;

namespace {

// Anna plays a round robin of three (a tournament of 2019) and one casual game in 2018;
// Bruno and Carl play only the round robin.
struct PlayerSite {
    TempDir dir{"publish-players"};
    storage::Archive archive{dir / "a.sqlite"};
    PlayerSite() {
        std::mt19937_64 rng(5);
        std::vector<importers::GameRecord> r;
        for (const auto& [b, w] : std::vector<std::pair<std::string, std::string>>{
                 {"Anna Ash", "Bruno Birch"}, {"Carl Cole", "Anna Ash"}, {"Bruno Birch", "Carl Cole"}})
            r.push_back(makeRecord(b, w, "Club Open", 2019, randomGame(rng)));
        r.push_back(makeRecord("Anna Ash", "Dora Dale", "Diverses parties", 2018, randomGame(rng)));
        archive.importRecords(r);
    }
    std::int64_t id(const std::string& name) {
        const auto l = archive.findPlayer(name);
        REQUIRE(l.player);
        return l.player->id;
    }
    std::int64_t event(const std::string& name) {
        for (const auto& t : archive.tournaments())
            if (t.name == name) return t.id;
        FAIL("no event " << name);
        return 0;
    }
};

}  // namespace

TEST_CASE("site: a page per player, linked from the event pages", "[publish][player]") {
    PlayerSite f;
    web::Site site(f.archive, {});
    const std::int64_t anna = f.id("Anna Ash"), open = f.event("Club Open");
    const auto event = site.render(web::eventPath(open));
    REQUIRE(event);
    CHECK(event->find("href=\"../players/" + std::to_string(anna) + ".html\">Anna Ash</a>") !=
          std::string::npos);
    const auto page = site.render(web::playerPath(anna));
    REQUIRE(page);
    CHECK(page->find("<h1>Anna Ash</h1>") != std::string::npos);
    CHECK(page->find("Player #" + std::to_string(anna) + ": 3 games, 2018–2019.") !=
          std::string::npos);
    CHECK(page->find("Archive rating") != std::string::npos);
    CHECK(page->find("not a federation") != std::string::npos);
    CHECK(page->find("<polyline class=\"history\"") != std::string::npos);
    CHECK(page->find("0 of 3 games analysed") != std::string::npos);
    CHECK(page->find("href=\"../" + web::eventPath(open) + "\">Club Open</a>") !=
          std::string::npos);
    // Paths: only the canonical spelling; an unknown player has no page.
    CHECK_FALSE(site.render("players/0" + std::to_string(anna) + ".html"));
    CHECK_FALSE(site.render("players/999999.html"));
    // publish writes the four players' pages.
    std::set<std::string> players;
    const web::SiteCounts counts = site.forEachFile([&](const std::string& path, const std::string&) {
        if (path.rfind("players/", 0) == 0) players.insert(path);
    });
    CHECK(counts.players == 4);
    CHECK(players.size() == 4);
}

TEST_CASE("site: a filtered site has pages for the players of its games only", "[publish][player]") {
    PlayerSite f;
    web::SiteOptions o;
    o.filter.yearFrom = 2018;
    o.filter.yearTo = 2018;
    web::Site site(f.archive, o);
    CHECK(site.render(web::playerPath(f.id("Dora Dale"))));
    const auto anna = site.render(web::playerPath(f.id("Anna Ash")));
    REQUIRE(anna);
    // The round robin is not published: named, not linked.
    CHECK(anna->find("href=\"../" + web::eventPath(f.event("Club Open")) + "\"") == std::string::npos);
    CHECK(anna->find("Club Open") != std::string::npos);
    CHECK_FALSE(site.render(web::playerPath(f.id("Bruno Birch"))));
}

TEST_CASE("site: the rating graph is an SVG of the history", "[publish][player]") {
    storage::RatingHistory h;
    CHECK(web::ratingSvg(h).empty());
    h.points.push_back({});
    h.points.back().year = 2019;
    h.points.back().event = "Open <b>";
    h.points.back().before = 1500;
    h.points.back().after = 1620;
    const std::string svg = web::ratingSvg(h, 400, 200);
    CHECK(svg.find("<svg") == 0);
    CHECK(svg.find("viewBox=\"0 0 400 200\"") != std::string::npos);
    CHECK(svg.find("Open &lt;b&gt;") != std::string::npos);
    CHECK(svg.find("<b>") == std::string::npos);
    // Two points: the start and the rating after the event.
    const auto at = svg.find("points=\"");
    REQUIRE(at != std::string::npos);
    const std::string points = svg.substr(at + 8, svg.find('"', at + 8) - at - 8);
    CHECK(std::count(points.begin(), points.end(), ',') == 2);
}
