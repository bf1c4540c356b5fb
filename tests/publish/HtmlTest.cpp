// Escaping (web/Html.h) and the path scheme (web/SitePaths.h) of the web archive.
#include <catch2/catch.hpp>

#include "web/Html.h"
#include "web/SitePaths.h"

using namespace othello::web;

TEST_CASE("escapeHtml turns markup into text") {
    CHECK(escapeHtml("<script>alert(1)</script>") == "&lt;script&gt;alert(1)&lt;/script&gt;");
    CHECK(escapeHtml("</script><b>x") == "&lt;/script&gt;&lt;b&gt;x");
    CHECK(escapeHtml("O'Neil & \"Co\"") == "O&#39;Neil &amp; &quot;Co&quot;");
    CHECK(escapeHtml("&amp;") == "&amp;amp;");  // already escaped text stays what it says
    CHECK(escapeHtml("Zoë Ünal") == "Zoë Ünal");
    CHECK(escapeHtml("") == "");
}

TEST_CASE("jsonForScript cannot end or break a script") {
    const nlohmann::json j{{"name", "</script><script>alert(1)</script><!--"}};
    const std::string s = jsonForScript(j);
    CHECK(s.find('<') == std::string::npos);
    CHECK(s.find('>') == std::string::npos);
    CHECK(s.find("\\u003c/script\\u003e") != std::string::npos);
    // Still JSON, with the same value.
    CHECK(nlohmann::json::parse(s) == j);

    const nlohmann::json separators{{"name",
                                     "a\xE2\x80\xA8"
                                     "b\xE2\x80\xA9"
                                     "c"}};
    const std::string t = jsonForScript(separators);
    CHECK(t.find("\xE2\x80\xA8") == std::string::npos);
    CHECK(t.find("\xE2\x80\xA9") == std::string::npos);
    CHECK(t.find("\\u2028") != std::string::npos);
    CHECK(t.find("\\u2029") != std::string::npos);
    CHECK(nlohmann::json::parse(t) == separators);

    // & (so "&lt;" in a name is not decoded by anything) and other UTF-8 kept as it is.
    CHECK(jsonForScript(nlohmann::json("a&b")) == "\"a\\u0026b\"");
    CHECK(jsonForScript(nlohmann::json("Zoë")) == "\"Zoë\"");
    // Invalid UTF-8 does not throw: it becomes U+FFFD.
    CHECK(jsonForScript(nlohmann::json(std::string("a\xFF"))) == "\"a\xEF\xBF\xBD\"");
}

TEST_CASE("site paths: the canonical spellings parse") {
    auto p = parseSitePath("index.html");
    REQUIRE(p);
    CHECK(p->kind == SitePath::Kind::Index);
    CHECK(p->number == 1);
    p = parseSitePath("index-3.html");
    REQUIRE(p);
    CHECK(p->kind == SitePath::Kind::Index);
    CHECK(p->number == 3);
    p = parseSitePath("events/10002021.html");
    REQUIRE(p);
    CHECK(p->kind == SitePath::Kind::Event);
    CHECK(p->number == 10002021);
    p = parseSitePath("data/event-10002021.js");
    REQUIRE(p);
    CHECK(p->kind == SitePath::Kind::Data);
    CHECK(p->number == 10002021);
    p = parseSitePath("game.html");
    REQUIRE(p);
    CHECK(p->kind == SitePath::Kind::Game);
    p = parseSitePath("assets/style.css");
    REQUIRE(p);
    CHECK(p->kind == SitePath::Kind::Asset);
    CHECK(p->asset == "style.css");
}

TEST_CASE("site paths: anything else is no path") {
    for (const char* bad : {"",
                            "/index.html",
                            "index-1.html",
                            "index-0.html",
                            "index-x.html",
                            "events/.html",
                            "events/010.html",
                            "events/-5.html",
                            "events/5.htm",
                            "events/5.html/",
                            "events/5",
                            "events/../index.html",
                            "../index.html",
                            "events/1/../2.html",
                            "data/event-.js",
                            "data/event-7.html",
                            "data/../events/1.html",
                            "assets/",
                            "assets/../Site.h",
                            "assets/.hidden",
                            "assets/a/b.css",
                            "assets/..",
                            "game.html?event=1",
                            "events/1234567890123456789.html",
                            "Index.html",
                            "index.html\n",
                            "events/1 .html",
                            "events/%31.html",
                            "./index.html"}) {
        INFO(bad);
        CHECK_FALSE(parseSitePath(bad));
    }
}

TEST_CASE("site paths: built from ids") {
    CHECK(indexPath(1) == "index.html");
    CHECK(indexPath(2) == "index-2.html");
    CHECK(eventPath(22024) == "events/22024.html");
    CHECK(dataPath(22024) == "data/event-22024.js");
    CHECK(gameLink(22024, 7) == "game.html?event=22024&game=7");
    CHECK(gameLink(22024, 7, 12) == "game.html?event=22024&game=7&ply=12");
    for (const auto& path : {indexPath(5), eventPath(1), dataPath(99)}) CHECK(parseSitePath(path));
}
