// The named-openings catalogue (storage/query/openings.txt): every line legal, one entry a
// position, names unique; a game's opening under the 8 symmetries and the longest-line rule;
// names found in English and Japanese; `search --opening` and `openings` end to end.
#include <catch2/catch.hpp>

#include <bit>
#include <fstream>
#include <set>

#include "../core/CliProcess.h"
#include "CliDb.h"
#include "StorageTestUtil.h"
#include "core/Notation.h"
#include "core/Replay.h"
#include "core/Symmetry.h"
#include "storage/Archive.h"

using namespace storagetest;
using othello::storage::deepestOpening;
using othello::storage::findOpening;
using othello::storage::openingCatalogue;
using othello::storage::openingOfPosition;

namespace {

std::vector<int> openingLine(const std::string& moves) {
    const auto parsed = core::parseMoves(moves);
    REQUIRE(!parsed.error);
    return parsed.moves;
}

// The usual English name of the game's opening, "" when none.
std::string englishOpeningOf(const std::vector<int>& moves) {
    const auto o = deepestOpening(moves);
    return o && !o->english.empty() ? o->english.front() : std::string();
}

}  // namespace

TEST_CASE("openings: every catalogue line is an entry, legal, and over 100 names", "[storage]") {
    const auto& catalogue = openingCatalogue();
    std::ifstream in(std::string(OTHELLO_SOURCE_DIR) + "/storage/query/openings.txt");
    REQUIRE(in);
    int entries = 0;
    for (std::string line; std::getline(in, line);)
        if (!line.empty() && line[0] != '#') ++entries;
    // A line that does not parse, does not replay or needs a pass is left out by the loader.
    CHECK(static_cast<int>(catalogue.size()) == entries);
    int english = 0, japanese = 0, both = 0;
    for (const auto& o : catalogue) {
        INFO(o.name);
        const auto r = core::replay(core::Position::start(), o.moves);
        CHECK(!r.error);
        CHECK(r.passes == 0);
        CHECK(o.moves.front() == core::parseSquare("f5"));  // written in the f5 orientation
        CHECK(!o.sources.empty());
        english += !o.english.empty();
        japanese += !o.japanese.empty();
        both += !o.english.empty() && !o.japanese.empty();
    }
    CHECK(english >= 100);
    CHECK(japanese >= 100);
    CHECK(both >= 50);
}

TEST_CASE("openings: no two entries name one position, no name two entries", "[storage]") {
    const auto& catalogue = openingCatalogue();
    std::set<std::uint64_t> positions;
    for (const auto& o : catalogue) {
        INFO(o.name);
        const auto final = core::replay(core::Position::start(), o.moves).final();
        // Two lines to one position (a symmetric twin, a transposition) must be one entry,
        // their names aliases on its line.
        CHECK(positions.insert(core::positionHash(final)).second);
        CHECK(openingOfPosition(final)->name == o.name);
        // Each name, English or Japanese, finds this entry and no other.
        for (const auto* names : {&o.english, &o.japanese})
            for (const auto& n : *names) {
                INFO(n);
                const auto found = findOpening(n);
                REQUIRE(found.opening);
                CHECK(found.opening->name == o.name);
            }
    }
}

TEST_CASE("openings: a dozen named lines are named alike under the 8 symmetries", "[storage]") {
    const std::vector<std::pair<std::string, std::string>> lines = {
        {"f5 d6", "Perpendicular"},
        {"f5 f6", "Diagonal"},
        {"f5 f4", "Parallel"},
        {"f5 d6 c3 d3 c4", "Tiger"},
        {"f5 d6 c3 d3 c4 f4 c5 b3 c2", "Rose-Bill"},
        {"f5 d6 c3 d3 c4 f4 f6 f3", "Comp'Oth"},
        {"f5 d6 c4 d3 c5", "Cat"},
        {"f5 d6 c5 f4 e3 c6 d3 f6 e6 d7", "Rose"},
        {"f5 d6 c5 f4 e3 c6 d3 f6 e6 d7 g4", "Flat"},
        {"f5 f6 e6 d6 c5", "Cow"},
        {"f5 f6 e6 d6 c3", "Buffalo"},
        {"f5 f6 e6 d6 c5 e3 e7", "Bat"},
        {"f5 f6 e6 d6 f7", "Snake"},
        {"f5 d6 c3 d3 c4 f4 c5 b4 b5 c6 f3 e6 e3 g6 f6 g5 d7 g3", "Mainline Tiger"},
    };
    for (const auto& [text, name] : lines) {
        INFO(text << " " << name);
        const auto moves = openingLine(text);
        const auto final = core::replay(core::Position::start(), moves).final();
        int games = 0;
        for (core::Symmetry s = 0; s < 8; ++s) {
            INFO("symmetry " << int(s));
            // Four symmetries keep the start position: the game so transformed is a game.
            const auto transformed = core::transformMoves(moves, s);
            if (!core::replay(core::Position::start(), transformed).error) {
                ++games;
                CHECK(englishOpeningOf(transformed) == name);
            }
            // Every transform of its position is named the same.
            const auto named = openingOfPosition(core::transformPosition(final, s));
            REQUIRE(named);
            CHECK(named->english.front() == name);
        }
        CHECK(games == 4);
    }
}

TEST_CASE("openings: a game's opening is the longest named line it follows", "[storage]") {
    const auto tiger = openingLine("f5 d6 c3 d3 c4");
    // Leave the Tiger by a reply no list names, then play on where no list goes: still the
    // Tiger, not the Perpendicular (the shorter line it also follows).
    std::vector<int> game;
    core::Position p = core::replay(core::Position::start(), tiger).final();
    for (int m = 0; m < 64 && game.empty(); ++m) {
        if (!p.isLegal(m)) continue;
        core::Position next = p;
        next.play(m);
        if (!openingOfPosition(next)) {
            game = tiger;
            game.push_back(m);
            p = next;
        }
    }
    REQUIRE(!game.empty());
    for (int ply = 0; ply < 8; ++ply) {
        const core::Bitboard moves = p.legalMoves();
        REQUIRE(moves != 0);
        const int first = std::countr_zero(moves);
        p.play(first);
        game.push_back(first);
        REQUIRE(!openingOfPosition(p));
    }
    INFO(core::movesString(game, false, " "));
    CHECK(englishOpeningOf(game) == "Tiger");
    // Going on along a deeper named line names the deeper one.
    CHECK(englishOpeningOf(openingLine("f5 d6 c3 d3 c4 f4 c5 b3 c2 e3 d2")) == "Nicolet");
    CHECK(englishOpeningOf(openingLine("f5 d6 c3 d3 c4 f4 c5 b3 c2 h1")) == "Rose-Bill");
    // Through a transposition: the Tiger's position by another move order.
    CHECK(englishOpeningOf(openingLine("f5 d6 c4 d3 c3")) == "Tiger");
    CHECK(!deepestOpening(openingLine("f5")));
    // A Japanese-only entry is shown after the English opening its line passes.
    const auto sand = findOpening("砂虎");
    REQUIRE(sand.opening);
    CHECK(sand.opening->english.empty());
    CHECK(sand.opening->name.rfind("Comp'Oth: 砂虎", 0) == 0);
}

TEST_CASE("openings: found by any name, any case, a unique prefix, else near names",
          "[storage]") {
    const auto name = [](const std::string& text) {
        const auto found = findOpening(text);
        return found.opening ? found.opening->name : std::string("none");
    };
    CHECK(name("Tiger") == "Tiger (虎定石)");
    CHECK(name("TIGER") == "Tiger (虎定石)");
    CHECK(name("虎") == "Tiger (虎定石)");  // 定石 ("joseki") left out
    CHECK(name("虎定石") == "Tiger (虎定石)");
    CHECK(name("牛") == "Cow (牛定石)");
    CHECK(name("no kung") == name("No-Kung"));
    CHECK(name("kenichi variation") == name("Buffalo"));
    CHECK(name("バッファロー") == name("Buffalo"));
    CHECK(name("stephen") == name("Stephenson"));  // a prefix of one name only
    CHECK(name("") == "none");
    const auto ambiguous = findOpening("rose-b");
    CHECK(!ambiguous.opening);
    CHECK(ambiguous.ambiguous);
    CHECK(std::find(ambiguous.candidates.begin(), ambiguous.candidates.end(), "Rose-Bill (花形定石ローズビル)") !=
          ambiguous.candidates.end());
    const auto typo = findOpening("Tigr");
    CHECK(!typo.opening);
    CHECK(!typo.ambiguous);
    REQUIRE(!typo.candidates.empty());
    CHECK(typo.candidates.front() == "Tiger (虎定石)");
}

TEST_CASE("cli search --opening: English, Japanese, combined, unknown, and openings", "[storage][cli]") {
    CliDb db("openings");
    const auto add = [&](const std::string& black, const std::string& date,
                         const std::vector<int>& moves) {
        const auto r = db.run("add --black " + black + " --white W --date " + date + " --moves " +
                              core::movesString(moves, false, ""));
        INFO(r.err);
        REQUIRE(r.exitCode == 0);
    };
    const auto tigerGame = core::parseMoves(kTigerGame).moves;
    add("Alpha", "2001", tigerGame);                            // a Tiger going into the Nicolet
    // The same game in another orientation (a symmetry keeping the start position).
    std::vector<int> turned;
    for (core::Symmetry s = 1; s < 8 && turned.empty(); ++s)
        if (!core::replay(core::Position::start(), core::transformMoves(tigerGame, s)).error)
            turned = core::transformMoves(tigerGame, s);
    REQUIRE(!turned.empty());
    add("Beta", "2002", turned);
    add("Gamma", "2002", openingLine("f5 f6 e6 d6 c5 e3 e7"));  // a Bat: a Cow, not a Tiger
    const auto total = [&](const std::string& args) {
        return db.json("search " + args)["total"].get<int>();
    };
    const auto j = db.json("search --opening tiger");
    CHECK(j["total"] == 2);
    CHECK(j["opening"] == "Tiger (虎定石)");
    for (const auto& g : j["games"]) CHECK(g["opening"] == "Nicolet: 酉アッパー");  // deeper
    CHECK(total("--opening 虎") == 2);
    CHECK(total("--opening 虎 --year 2002") == 1);  // with the other filters
    CHECK(total("--opening 虎 --player gamma") == 0);
    CHECK(total("--opening cow") == 1);
    CHECK(total("--opening nicolet") == 2);
    // An unknown name: usage, with the near names.
    auto r = db.run("search --opening tigr");
    CHECK(r.exitCode == 2);
    CHECK(r.err.find("no opening named \"tigr\"") != std::string::npos);
    CHECK(r.err.find("Tiger (虎定石)") != std::string::npos);
    r = db.run("search --opening rose-b");
    CHECK(r.exitCode == 2);
    CHECK(r.err.find("several openings") != std::string::npos);
    CHECK(db.run("search --opening tiger --moves f5").exitCode == 2);
    // stats and show name the openings from the catalogue, both names.
    CHECK(db.json("stats --moves \"f5 d6 c3 d3 c4\"")["opening"] == "Tiger (虎定石)");
    CHECK(db.json("show 3")["opening"] == "Bat (こうもり定石)");
    // The catalogue: one opening by its Japanese name, and counted in the archive.
    const auto cow = db.json("openings 牛")["openings"];
    REQUIRE(cow.size() == 1);
    CHECK(cow[0]["english"][0] == "Cow");
    CHECK(cow[0]["moves"] == "f5 f6 e6 d6 c5");
    const auto counted = db.json("openings");
    CHECK(counted["games"] == 3);
    CHECK(counted["openings"][0]["name"] == "Nicolet: 酉アッパー");
    CHECK(counted["openings"][0]["games"] == 2);
}

TEST_CASE("cli show and stats --json: the opening's names apart, as openings --json lists them",
          "[storage][cli]") {
    CliDb db("opening-detail");
    const auto add = [&](const std::string& black, const std::vector<int>& moves) {
        const auto r = db.run("add --black " + black + " --white W --date 2003 --moves " +
                              core::movesString(moves, false, ""));
        INFO(r.err);
        REQUIRE(r.exitCode == 0);
    };
    // A Bat turned by a symmetry, and the Tiger game (a line of the Japanese list only).
    std::vector<int> bat;
    for (core::Symmetry s = 1; s < 8 && bat.empty(); ++s) {
        const auto turned = core::transformMoves(openingLine("f5 f6 e6 d6 c5 e3 e7"), s);
        if (!core::replay(core::Position::start(), turned).error) bat = turned;
    }
    REQUIRE(!bat.empty());
    add("Alpha", bat);
    const auto tiger = core::parseMoves(kTigerGame).moves;
    add("Beta", tiger);
    const auto idOf = [&](const std::string& player) {
        return std::to_string(db.json("search --player " + player)["games"][0]["id"].get<int>());
    };

    const auto show = db.json("show " + idOf("Alpha"));
    CHECK(show["opening"] == "Bat (こうもり定石)");  // the combined name, kept as it was
    const auto& bat1 = show["opening_detail"];
    REQUIRE(bat1.is_object());
    CHECK(bat1["name"] == "Bat (こうもり定石)");
    CHECK(bat1["english"][0] == "Bat");
    CHECK(bat1["japanese"][0] == "こうもり定石");
    CHECK(bat1["moves"] == "f5 f6 e6 d6 c5 e3 e7");  // the catalogue's line, not the game's
    auto listed = db.json("openings bat")["openings"][0];
    listed.erase("games");  // the archive's count, openings' own
    CHECK(bat1 == listed);

    const auto nicolet = db.json("show " + idOf("Beta"))["opening_detail"];
    CHECK(nicolet["name"] == "Nicolet: 酉アッパー");
    CHECK(nicolet["english"].empty());  // no English name: the name borrows its family's
    CHECK(nicolet["japanese"][0] == "酉アッパー");

    const auto stats = db.json("stats --moves \"f5 d6 c3 d3 c4\"");
    CHECK(stats["opening"] == "Tiger (虎定石)");
    CHECK(stats["opening_detail"]["english"][0] == "Tiger");
    CHECK(stats["opening_detail"]["japanese"][0] == "虎定石");
    CHECK(stats["opening_detail"]["moves"] == "f5 d6 c3 d3 c4");
    // A position no list names: no opening, a null detail.
    const auto end = core::replay(core::Position::start(), tiger).final();
    const auto unnamed = db.json("stats --position=" + testing::shellQuote(core::boardStringWithSide(end)));
    CHECK(unnamed["opening"] == "");
    CHECK(unnamed["opening_detail"].is_null());
}
