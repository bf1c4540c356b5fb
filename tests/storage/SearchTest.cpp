// Search filters and position statistics, checked against a plain scan of the games.
#include <catch2/catch.hpp>
#include <map>
#include <set>

#include "StorageTestUtil.h"
#include "core/Symmetry.h"
#include "storage/Archive.h"

using namespace storagetest;
using othello::storage::Archive;
using othello::storage::ResultFilter;
using othello::storage::SearchFilter;
using othello::storage::SortKey;

namespace {

struct Fixture {
    TempDir dir{"search"};
    std::vector<importers::GameRecord> games;
    Archive archive{dir / "games.sqlite"};

    explicit Fixture(int count = 400, std::uint64_t seed = 11) {
        std::mt19937_64 rng(seed);
        const std::vector<std::string> players = {"Éric Penloup",     "Marc Juhem",
                                                  "Hideshi Tamenori", "Ben Seeley",
                                                  "Makoto Suekuni",   "Brian Rose"};
        const std::vector<std::string> events = {"Championnat de France", "World Championship",
                                                 "Paris Open 100%", "Tokyo_Cup"};
        for (int i = 0; i < count; ++i) {
            // Short random openings so that positions repeat, then random play.
            std::vector<int> moves = randomGame(rng, i % 10 == 0 ? 30 : 200);
            games.push_back(makeRecord(
                players[rng() % players.size()], players[rng() % players.size()],
                events[rng() % events.size()], 1980 + int(rng() % 40), moves, "gen.moves", i + 1));
        }
        // Transpositions and symmetric twins of a known line.
        // The four symmetries that keep the start position map the Tiger onto itself.
        for (core::Symmetry s : {0, 3, 4, 7})
            games.push_back(
                makeRecord("Twin A", "Twin B", "Twins", 2020,
                           core::transformMoves(core::parseMoves("f5d6c3d3c4f4").moves, s)));
        const auto r = archive.importRecords(games);
        REQUIRE(r.rejected == 0);
        REQUIRE(r.imported + r.duplicates == static_cast<std::int64_t>(games.size()));
    }
};

// Black's result on the 64-disc scale; -1 for an unfinished game without a stated result
// (unknown: never a win, draw or loss).
int result(const importers::GameRecord& g) {
    if (g.complete()) return g.score.black;
    if (g.statedBlackDiscs) return *g.statedBlackDiscs;
    return -1;
}

}  // namespace

TEST_CASE("filters: players, event, year, result, accents, LIKE characters", "[storage]") {
    Fixture fx;
    Archive& a = fx.archive;
    const auto countIf = [&](auto pred) {
        // Distinct stored games (duplicates were skipped).
        std::set<std::string> seen;
        std::int64_t n = 0;
        for (const auto& g : fx.games) {
            const std::string key = g.black + "|" + g.white + "|" + core::movesString(g.moves);
            if (!seen.insert(key).second) continue;
            n += pred(g);
        }
        return n;
    };
    SearchFilter f;
    f.player = "ERIC penloup";
    CHECK(a.search(f).total == countIf([](const auto& g) {
              return g.black == "Éric Penloup" || g.white == "Éric Penloup";
          }));
    f = {};
    f.black = "éric";
    f.white = "juhem";
    CHECK(a.count(f) == countIf([](const auto& g) {
              return g.black == "Éric Penloup" && g.white == "Marc Juhem";
          }));
    f = {};
    f.event = "100%";
    CHECK(a.count(f) == countIf([](const auto& g) { return g.event == "Paris Open 100%"; }));
    f.event = "0%";  // % is literal, not a wildcard
    CHECK(a.count(f) == countIf([](const auto& g) { return g.event == "Paris Open 100%"; }));
    f.event = "o_c";  // _ is literal too
    CHECK(a.count(f) == countIf([](const auto& g) { return g.event == "Tokyo_Cup"; }));
    f.event = "championnat de FRANCE";
    CHECK(a.count(f) == countIf([](const auto& g) { return g.event == "Championnat de France"; }));
    f = {};
    f.yearFrom = 1990;
    f.yearTo = 1999;
    CHECK(a.count(f) == countIf([](const auto& g) { return g.year >= 1990 && g.year <= 1999; }));
    f = {};
    f.result = ResultFilter::BlackWin;
    CHECK(a.count(f) == countIf([](const auto& g) { return result(g) > 32; }));
    f.result = ResultFilter::Draw;
    CHECK(a.count(f) == countIf([](const auto& g) { return result(g) == 32; }));
    f.result = ResultFilter::WhiteWin;
    CHECK(a.count(f) == countIf([](const auto& g) { return result(g) >= 0 && result(g) < 32; }));
}

TEST_CASE("paging and sorting", "[storage]") {
    Fixture fx;
    Archive& a = fx.archive;
    SearchFilter f;
    f.limit = -1;
    const auto all = a.search(f);
    CHECK(all.total == static_cast<std::int64_t>(all.games.size()));
    f.limit = 10;
    f.offset = 5;
    const auto page = a.search(f);
    CHECK(page.total == all.total);
    REQUIRE(page.games.size() == 10);
    CHECK(page.games[0].id == all.games[5].id);
    f.sort = SortKey::Year;
    f.descending = true;
    f.offset = 0;
    f.limit = 50;
    const auto byYear = a.search(f);
    for (std::size_t i = 1; i < byYear.games.size(); ++i)
        CHECK(byYear.games[i - 1].year >= byYear.games[i].year);
    f.sort = SortKey::Black;
    f.descending = false;
    const auto byBlack = a.search(f);
    for (std::size_t i = 1; i < byBlack.games.size(); ++i)
        CHECK(othello::storage::foldText(byBlack.games[i - 1].black) <=
              othello::storage::foldText(byBlack.games[i].black));
    f.sort = SortKey::Event;
    f.descending = true;
    f.limit = -1;
    const auto byEvent = a.search(f);
    CHECK(static_cast<std::int64_t>(byEvent.games.size()) == all.total);
    for (std::size_t i = 1; i < byEvent.games.size(); ++i)
        CHECK(othello::storage::foldText(byEvent.games[i - 1].event) >=
              othello::storage::foldText(byEvent.games[i].event));
    f.sort = SortKey::White;
    f.descending = false;
    f.player = "tamenori";
    f.limit = 5;
    f.offset = 2;
    const auto byWhite = a.search(f);
    CHECK(byWhite.total == a.count(f));
    CHECK(byWhite.games.size() <= 5);
}

TEST_CASE("position search and stats agree with a scan, in every orientation", "[storage]") {
    Fixture fx;
    Archive& a = fx.archive;
    // The stored games (first record of each duplicate group) with their ids.
    SearchFilter all;
    all.limit = -1;
    std::vector<std::pair<std::int64_t, core::ReplayResult>> stored;
    for (const auto& row : a.search(all).games)
        stored.emplace_back(row.id, core::replay(core::Position::start(), row.moves));
    std::map<std::int64_t, int> resultOf;
    for (const auto& row : a.search(all).games)
        resultOf[row.id] = row.resultKnown ? row.blackScore : -1;

    std::mt19937_64 rng(5);
    for (int trial = 0; trial < 60; ++trial) {
        const auto& [gid, replay] = stored[rng() % stored.size()];
        const std::size_t ply =
            trial < 5 ? static_cast<std::size_t>(trial) : rng() % replay.positions.size();
        const core::Position target = replay.positions[ply];
        const auto sym = static_cast<core::Symmetry>(rng() % 8);
        const core::Position query = core::transformPosition(target, sym);
        const std::uint64_t h = core::positionHash(query);

        // The scan: games reaching the position, their first ply, the next moves mapped into
        // the query's orientation.
        std::map<std::int64_t, int> expectedPly;
        othello::storage::Figures total;
        std::map<int, std::int64_t> nextGames;  // by move in query orientation, orbits merged below
        for (const auto& [id, r] : stored) {
            for (std::size_t i = 0; i < r.positions.size(); ++i) {
                if (core::positionHash(r.positions[i]) != h) continue;
                expectedPly[id] = static_cast<int>(i);
                const int res = resultOf[id];
                ++total.games;
                if (res >= 0) {  // an unknown result is counted in games only
                    total.blackWins += res > 32;
                    total.draws += res == 32;
                    total.whiteWins += res < 32;
                    total.sumBlackScore += res;
                }
                if (i < r.plies.size()) {
                    // Which symmetry maps this game's position onto the query?
                    int mapped = -1;
                    for (core::Symmetry t = 0; t < 8 && mapped < 0; ++t)
                        if (core::transformPosition(r.positions[i], t) == query)
                            mapped = core::transformSquare(r.plies[i].square, t);
                    ++nextGames[mapped];
                }
                break;
            }
        }
        SearchFilter f;
        f.position = query;
        f.limit = -1;
        const auto res = a.search(f);
        CHECK(res.total == static_cast<std::int64_t>(expectedPly.size()));
        for (const auto& row : res.games) {
            REQUIRE(row.ply);
            CHECK(expectedPly.count(row.id) == 1);
            CHECK(*row.ply == expectedPly[row.id]);
        }
        const auto st = a.stats(query);
        CHECK(st.games == total.games);
        CHECK(st.blackWins == total.blackWins);
        CHECK(st.draws == total.draws);
        CHECK(st.whiteWins == total.whiteWins);
        CHECK(st.sumBlackScore == total.sumBlackScore);
        // Every move shown is legal in the query's orientation (or a pass), and the move
        // figures add up to the games that went on.
        std::int64_t moveGames = 0;
        for (const auto& m : st.moves) {
            moveGames += m.games;
            if (m.move != core::kPass)
                CHECK(query.isLegal(m.move));
            else
                CHECK(query.mustPass());
        }
        std::int64_t expectedMoveGames = 0;
        for (const auto& [sq, n] : nextGames) expectedMoveGames += n;
        CHECK(moveGames == expectedMoveGames);
        // Without a symmetry of its own, each move is exactly the scan's move.
        const auto c = core::canonical(query);
        int selfSymmetries = 0;
        for (core::Symmetry t = 0; t < 8; ++t)
            selfSymmetries += core::transformPosition(c.position, t) == c.position;
        if (selfSymmetries == 1) {
            REQUIRE(st.moves.size() == nextGames.size());
            for (const auto& m : st.moves) CHECK(nextGames[m.move] == m.games);
        }
    }
}

TEST_CASE("the start position and its openings in all orientations", "[storage]") {
    Fixture fx;
    Archive& a = fx.archive;
    const auto st = a.stats(core::Position::start());
    CHECK(st.games == a.info().games);
    // The four first moves are one move under the start's symmetries.
    REQUIRE(st.moves.size() == 1);
    CHECK(st.moves[0].games == st.games);
    // The twins: f5d6c3d3c4f4 and its transposition and reflections all reach one position.
    const auto tiger = core::replay(core::Position::start(), core::parseMoves("f5d6c3d3c4").moves);
    SearchFilter f;
    f.position = tiger.final();
    f.player = "Twin";
    const auto r = a.search(f);
    CHECK(r.total == 4);
    for (const auto& g : r.games) CHECK(g.ply == 5);
    const auto s = a.stats(tiger.final());
    CHECK(s.opening == "Tiger (虎定石)");
    bool f4 = false;
    for (const auto& m : s.moves) f4 |= m.move == core::parseSquare("f4");
    CHECK(f4);
}
