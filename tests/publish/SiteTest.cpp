// web::Site on the fixture round_robin.pgn: what each path renders, what it refuses, filters,
// paging, escaping in pages and data, and every crosstable link landing on a published game.
#include <fmt/core.h>
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>

#include "../storage/StorageTestUtil.h"
#include "core/Rules.h"
#include "storage/Archive.h"
#include "storage/tournaments/Standings.h"
#include "storage/tournaments/Tournament.h"
#include "web/Html.h"
#include "web/Site.h"

using namespace othello;
using storagetest::TempDir;

namespace {

const char* kFixture = OTHELLO_SOURCE_DIR "/tests/publish/round_robin.pgn";

struct Fixture {
    TempDir dir{"publish"};
    storage::Archive archive{dir / "a.sqlite"};
    std::int64_t cup = 0, casual = 0;
    Fixture() {
        const auto r = archive.importFiles({kFixture});
        REQUIRE(r.imported == 21);
        for (const auto& t : archive.tournaments()) (t.isTournament ? cup : casual) = t.id;
        REQUIRE(cup != 0);
        REQUIRE(casual != 0);
    }
};

std::size_t occurrences(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

// The JSON an event data script registers.
nlohmann::json dataOf(const std::string& script) {
    const auto start = script.find("] = ");
    REQUIRE(start != std::string::npos);
    REQUIRE(script.size() > start + 6);
    const std::string json = script.substr(start + 4, script.rfind(';') - start - 4);
    return nlohmann::json::parse(json);
}

}  // namespace

TEST_CASE("site: every path of the scheme renders, nothing else does") {
    Fixture f;
    web::Site site(f.archive, {});
    CHECK(site.render("index.html"));
    CHECK(site.render("game.html"));
    CHECK(site.render("assets/style.css"));
    CHECK(site.render("assets/game.js"));
    CHECK(site.render(fmt::format("events/{}.html", f.cup)));
    CHECK(site.render(fmt::format("data/event-{}.js", f.casual)));
    // Unknown ids and pages.
    CHECK_FALSE(site.render("index-2.html"));
    CHECK_FALSE(site.render("events/999990000.html"));
    CHECK_FALSE(site.render(fmt::format("events/{}.html", f.cup + 1)));  // another year
    CHECK_FALSE(site.render("data/event-12345.js"));
    CHECK_FALSE(site.render("assets/nothing.css"));
    // Outside the site, or not canonical.
    CHECK_FALSE(site.render("../index.html"));
    CHECK_FALSE(site.render("events/../index.html"));
    CHECK_FALSE(site.render(fmt::format("events/0{}.html", f.cup)));
    CHECK_FALSE(site.render("assets/../../CMakeLists.txt"));
    CHECK_FALSE(site.render("/etc/passwd"));
    // The server's search page is no file of a static site.
    CHECK_FALSE(site.render("search.html"));
}

TEST_CASE("site: names are text in pages and data") {
    Fixture f;
    web::Site site(f.archive, {});
    const std::string event = *site.render(fmt::format("events/{}.html", f.cup));
    const std::string index = *site.render("index.html");
    for (const std::string& page : {event, index}) {
        CHECK(page.find("<script>alert") == std::string::npos);
        CHECK(page.find("</script><b>") == std::string::npos);
        CHECK(page.find("<b>&amp;</b>") == std::string::npos);
        CHECK(page.find("Spring Cup &lt;b&gt;&amp;amp;&lt;/b&gt;") != std::string::npos);
        // No script of any kind in the event and index pages.
        CHECK(page.find("<script") == std::string::npos);
    }
    CHECK(event.find("&lt;script&gt;alert(1)&lt;/script&gt;") != std::string::npos);
    CHECK(event.find("&lt;/script&gt;&lt;b&gt;x") != std::string::npos);
    CHECK(event.find("Eve O&#39;Neil &amp; Co") != std::string::npos);

    const std::string data = *site.render(fmt::format("data/event-{}.js", f.cup));
    CHECK(data.find('<') == std::string::npos);
    CHECK(data.find('>') == std::string::npos);
    const nlohmann::json j = dataOf(data);
    CHECK(j["title"] == "Spring Cup <b>&amp;</b> 2024");
    REQUIRE(j["games"].size() == 18);
    std::set<std::string> names;
    bool pass = false, unfinished = false;
    for (const auto& g : j["games"]) {
        names.insert(g["black"].get<std::string>());
        const std::string moves = g["moves"];
        CHECK(moves.size() % 2 == 0);
        pass = pass || moves.find("pa") != std::string::npos;
        unfinished = unfinished || g["result"] == "*";
        CHECK_FALSE(g.contains("start"));  // standard starts are not written
    }
    // The handicap game of the collection carries its start board and side to move.
    const nlohmann::json casual = dataOf(*site.render(fmt::format("data/event-{}.js", f.casual)));
    REQUIRE(casual["games"].size() == 3);
    CHECK(casual["games"][2]["start"] ==
          "X------X-------------------OX------XO-------------------X------X X");
    CHECK(names.count("<script>alert(1)</script>"));
    CHECK(names.count("</script><b>x"));
    CHECK(pass);
    CHECK(unfinished);
}

TEST_CASE("site: the crosstable links every game, a pair met twice links both") {
    Fixture f;
    web::Site site(f.archive, {});
    const std::string event = *site.render(fmt::format("events/{}.html", f.cup));
    const auto t = f.archive.tournament(f.cup);
    REQUIRE(t);
    const storage::Standings st = storage::computeStandings(t->games);
    // Crosstable section only (the games list links every game too).
    const auto from = event.find("class=\"crosstable\"");
    const auto to = event.find("id=\"games\"");
    REQUIRE(from != std::string::npos);
    REQUIRE(to != std::string::npos);
    const std::string table = event.substr(from, to - from);
    int twice = 0;
    for (const auto& pair : st.pairs) {
        for (const std::int64_t game : pair.games) {
            const std::string link = fmt::format("event={}&amp;game={}\"", f.cup, game);
            // Once in the row of each player, unless unscored games are left out: never.
            CHECK(occurrences(table, link) == 2);
        }
        twice += pair.games.size() == 2;
    }
    CHECK(twice == 3);
    // The unfinished game shows "*" in the list of games.
    CHECK(event.find("\">*</a>") != std::string::npos);
    // The data file holds every game the page links.
    const nlohmann::json j = dataOf(*site.render(fmt::format("data/event-{}.js", f.cup)));
    std::set<std::int64_t> ids;
    for (const auto& g : j["games"]) ids.insert(g["id"].get<std::int64_t>());
    const std::regex link("game=([0-9]+)\"");
    for (auto it = std::sregex_iterator(event.begin(), event.end(), link);
         it != std::sregex_iterator(); ++it)
        CHECK(ids.count(std::stoll((*it)[1].str())));
}

TEST_CASE("site: a collection has no standings, served pages link the search") {
    Fixture f;
    web::Site site(f.archive, {});
    const std::string casual = *site.render(fmt::format("events/{}.html", f.casual));
    CHECK(casual.find("Not a tournament") != std::string::npos);
    CHECK(casual.find("Standings") == std::string::npos);
    CHECK(casual.find("crosstable") == std::string::npos);
    CHECK(site.render("index.html")->find("not a tournament") != std::string::npos);
    CHECK(site.render("index.html")->find("search.html") == std::string::npos);

    web::SiteOptions served;
    served.served = true;
    served.title = "Club <archive>";
    web::Site server(f.archive, served);
    for (const std::string& path : {std::string("index.html"), std::string("game.html"),
                                    fmt::format("events/{}.html", f.cup)}) {
        const std::string page = *server.render(path);
        CHECK(page.find("search.html\">Search</a>") != std::string::npos);
        CHECK(page.find("Club &lt;archive&gt;") != std::string::npos);
    }
}

TEST_CASE("site: filters choose events, collections keep their matching games") {
    Fixture f;
    web::SiteOptions o;
    o.filter.black = "Bob Berg";
    web::Site site(f.archive, o);
    std::map<std::string, std::string> files;
    const web::SiteCounts counts =
        site.forEachFile([&](const std::string& path, const std::string& content) {
            CHECK(files.emplace(path, content).second);  // each file once
        });
    CHECK(counts.events == 2);
    CHECK(counts.games == 18 + 1);  // the tournament whole, one of the three casual games
    CHECK(counts.files == static_cast<std::int64_t>(files.size()));
    const nlohmann::json casual = dataOf(files.at(fmt::format("data/event-{}.js", f.casual)));
    REQUIRE(casual["games"].size() == 1);
    CHECK(casual["games"][0]["black"] == "Bob Berg");
    CHECK(dataOf(files.at(fmt::format("data/event-{}.js", f.cup)))["games"].size() == 18);
    CHECK(files.count("index.html"));
    CHECK(files.count("game.html"));
    CHECK(files.count("assets/game.js"));
    CHECK_FALSE(files.count("assets/search.js"));  // the server's, not a static site's

    web::SiteOptions none;
    none.filter.player = "nobody at all";
    web::Site empty(f.archive, none);
    CHECK_FALSE(empty.render(fmt::format("events/{}.html", f.cup)));
    CHECK(empty.render("index.html")->find("0 events, 0 games") != std::string::npos);
}

TEST_CASE("site: the index is paged, newest first") {
    Fixture f;
    web::SiteOptions o;
    o.indexPageSize = 1;
    web::Site site(f.archive, o);
    const std::string first = *site.render("index.html");
    const std::string second = *site.render("index-2.html");
    CHECK_FALSE(site.render("index-3.html"));
    CHECK(first.find("index-2.html") != std::string::npos);
    CHECK(second.find("index.html") != std::string::npos);
    // One event a page; same year, so by name: "Casual games" first.
    CHECK(first.find("Casual games") != std::string::npos);
    CHECK(first.find("Spring Cup") == std::string::npos);
    CHECK(second.find("Spring Cup") != std::string::npos);
    // The winner of the tournament is named on its line.
    CHECK(second.find("&lt;script&gt;alert(1)&lt;/script&gt;</td>") != std::string::npos);
}

TEST_CASE("site: a withdrawal stored with the event is marked and counted on its page") {
    Fixture f;
    const std::string path = fmt::format("events/{}.html", f.cup);
    const std::string before = *web::Site(f.archive, {}).render(path);
    CHECK(before.find("(w)") == std::string::npos);
    REQUIRE(f.archive.withdraw(f.cup, "Alice Arnaud") > 0);
    const std::string after = *web::Site(f.archive, {}).render(path);
    // The mark after the name, as `othello-db event` shows it, and the rule in the legend.
    CHECK(occurrences(after, "title=\"withdrew\">(w)</span>") == 1);
    // The name links to the player's page (players/ID.html).
    const auto name = after.find("Alice Arnaud</a> <span class=\"note\" title=\"withdrew\">(w)");
    CHECK(name != std::string::npos);
    CHECK(after.find("(w) withdrew: each game against a withdrawn player counts 32 +") !=
          std::string::npos);
    // The quotients on the page are the standings with the withdrawal.
    const storage::Standings st = storage::computeStandings(*f.archive.tournament(f.cup));
    const storage::Standings plain = storage::computeStandings(f.archive.tournament(f.cup)->games);
    bool changed = false;
    for (std::size_t i = 0; i < st.players.size(); ++i)
        changed = changed || st.players[i].brightwell2 != plain.players[i].brightwell2;
    CHECK(changed);
    CHECK(after != before);
    // With the round, the title says it.
    f.archive.unwithdraw(f.cup, "Alice Arnaud");
    const auto t = f.archive.tournament(f.cup);
    const storage::Standings s = storage::computeStandings(*t);
    int last = 0;
    for (const auto& p : s.players)
        if (p.player == "Alice Arnaud")
            for (const auto& r : p.results) last = std::max(last, r.round);
    REQUIRE(last > 0);
    f.archive.withdraw(f.cup, "Alice Arnaud", last);
    const std::string withRound = *web::Site(f.archive, {}).render(path);
    CHECK(withRound.find(fmt::format("title=\"withdrew after round {}\">(w)", last)) !=
          std::string::npos);
}

TEST_CASE("site: the event's structure as `event` states it, stage games in their own table") {
    Fixture f;
    const std::string path = fmt::format("events/{}.html", f.cup);
    const auto t = f.archive.tournament(f.cup);
    REQUIRE(t);
    const std::int64_t last = t->games.back().id;
    REQUIRE(f.archive.setEventRounds(f.cup, 7) > 0);
    REQUIRE(f.archive.setGameStages(f.cup, {last}, storage::Stage::Final) > 0);
    const std::string page = *web::Site(f.archive, {}).render(path);
    // Every note of `othello-db event`, in the same words (escaped as text).
    const auto st = storage::computeStandings(*f.archive.tournament(f.cup));
    const auto notes = storage::structureNotes(st, f.cup);
    REQUIRE(notes.size() >= 2);
    CHECK(notes[0].find("7 rounds (stated), Brightwell constant 3") == 0);
    for (const std::string& n : notes) {
        INFO(n);
        CHECK(page.find("<li>" + web::escapeHtml(n) + "</li>") != std::string::npos);
    }
    // The final: in its own table, linked, and out of the standings' game counts.
    const auto stages = page.find("<h2 id=\"stages\">Play-offs and finals</h2>");
    REQUIRE(stages != std::string::npos);
    CHECK(page.find(fmt::format("game={}", last), stages) != std::string::npos);
    CHECK(st.stageGames.size() == 1);
    for (const auto& p : st.players)
        for (const auto& r : p.results) CHECK(r.game != last);
}

// An event whose games are scored by different rules: a classic Reversi game (discs on the
// board) added to the round robin (empties to the winner). The page shows one standings table
// and crosstable per scoring, never one sum over both; the game is marked with its rules in
// the games list, and its data carries them for game.js.
TEST_CASE("site: an event mixing scoring rules gets one table per scoring, games marked") {
    Fixture f;
    const auto cup = f.archive.tournament(f.cup);
    REQUIRE(cup);
    const std::string black = cup->games.front().black, white = cup->games.front().white;
    core::Position p = *core::rulesStart(core::reversiRules());
    std::vector<int> moves;
    while (!core::isGameOver(p, core::reversiRules())) {
        const std::vector<core::RuleMove> ms = core::ruleMoves(p, core::reversiRules());
        const core::RuleMove m = ms.back();  // the last: a line move whenever there is a choice
        moves.push_back(m.move);
        core::playRuleMove(p, m);
    }
    REQUIRE(std::any_of(moves.begin(), moves.end(), core::isLineMove));
    storage::GameHeaders h;
    h.black = black;
    h.white = white;
    h.event = cup->summary.name;
    h.date = std::to_string(cup->summary.year);
    f.archive.addGame(storage::enteredGame(core::reversiRules(), std::nullopt, moves, h));
    REQUIRE(f.archive.tournament(f.cup)->games.size() == cup->games.size() + 1);

    web::Site site(f.archive, {});
    const std::string page = *site.render(fmt::format("events/{}.html", f.cup));
    CHECK(page.find("one table per scoring") != std::string::npos);
    CHECK(occurrences(page, "id=\"standings-empties\"") == 1);
    CHECK(occurrences(page, "id=\"standings-discs\"") == 1);
    CHECK(occurrences(page, "id=\"crosstable-discs\"") == 1);
    CHECK(page.find("id=\"standings\"") == std::string::npos);
    CHECK(occurrences(page, "<span class=\"rules\"") == 1);
    const nlohmann::json data = dataOf(*site.render(fmt::format("data/event-{}.js", f.cup)));
    int marked = 0;
    for (const auto& g : data["games"])
        if (g.contains("rules")) {
            ++marked;
            CHECK(g["rules"] == "reversi");
            CHECK(g["placements"] == true);
            CHECK(g["one_line"] == true);
            CHECK(g["moves"].get<std::string>().find('>') != std::string::npos);
        }
    CHECK(marked == 1);
}
