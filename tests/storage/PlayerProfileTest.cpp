// A player's page (storage/players/PlayerProfile.h): finding a player without guessing,
// results by colour, events with their rank, spellings merged by rename-player, the openings
// chosen and the replies met, main-line departures, the cached analysis with its coverage,
// head-to-head, and `othello-db player` (text, --json, candidates).
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "CliDb.h"
#include "StorageTestUtil.h"
#include "analysis/GameReviewer.h"
#include "storage/Archive.h"
#include "storage/cache/AnalysisCache.h"
#include "storage/curation/Duplicates.h"
#include "storage/players/PlayerJson.h"
#include "storage/players/PlayerProfile.h"

using namespace storagetest;
using namespace othello::storage;

namespace {

// A random finished game that `winner` wins (Black or White), from a seeded generator.
std::vector<int> gameWonBy(std::mt19937_64& rng, core::Color winner) {
    for (;;) {
        std::vector<int> moves = randomGame(rng);
        const core::Score s = core::replay(core::Position::start(), moves).score();
        if ((winner == core::Color::Black) == (s.black > s.white) && s.black != s.white)
            return moves;
    }
}

std::int64_t idOf(Archive& archive, const std::string& name) {
    const PlayerLookup l = archive.findPlayer(name);
    REQUIRE(l.player);
    return l.player->id;
}

const PlayerEvent* eventNamed(const PlayerProfile& p, const std::string& name) {
    for (const PlayerEvent& e : p.events)
        if (e.name == name) return &e;
    return nullptr;
}

// Anne Ash wins all her Club Open 2019 games (a round robin of three), loses one casual game
// to Bob Birch, and plays the Tiger line to Rose-Bill twice as Black; Anne Ashe is another
// player, whatever the likeness.
void fill(Archive& archive) {
    std::mt19937_64 rng(30);
    using core::Color;
    std::vector<importers::GameRecord> r;
    r.push_back(makeRecord("Anne Ash", "Bob Birch", "Club Open", 2019, gameWonBy(rng, Color::Black)));
    r.push_back(makeRecord("Cara Cole", "Anne Ash", "Club Open", 2019, gameWonBy(rng, Color::White)));
    r.push_back(makeRecord("Bob Birch", "Cara Cole", "Club Open", 2019, gameWonBy(rng, Color::Black)));
    r.push_back(makeRecord("Anne Ash", "Cara Cole", "Diverses parties", 2018, kTigerGame));
    r.push_back(makeRecord("Anne Ash", "Bob Birch", "Diverses parties", 2018, kTigerGame));
    r.push_back(makeRecord("Bob Birch", "Anne Ash", "Diverses parties", 2018,
                           gameWonBy(rng, Color::Black)));
    r.push_back(makeRecord("Anne Ashe", "Bob Birch", "Diverses parties", 2018,
                           gameWonBy(rng, Color::Black)));
    r.push_back(makeRecord("Cara Cole", "Bob Birch", "Diverses parties", 2018, "f5f6e6f4"));
    // Enough Tiger games elsewhere that f5 d6 is the most played reply whatever the random
    // games played.
    for (int i = 0; i < 6; ++i)
        r.push_back(makeRecord("Dan Dale", "Eve East", "Diverses parties", 2017, kTigerGame));
    archive.importRecords(r);
}

}  // namespace

TEST_CASE("player lookup: an id, a name (case ignored), an old spelling, else candidates",
          "[storage][player]") {
    TempDir dir("player-lookup");
    Archive archive(dir / "a.sqlite");
    fill(archive);
    const PlayerLookup byName = archive.findPlayer("anne ASH");
    REQUIRE(byName.player);
    CHECK(byName.player->name == "Anne Ash");
    CHECK(byName.how == "name");
    CHECK(byName.player->games == 5);  // Anne Ashe's game is not hers
    const PlayerLookup byId = archive.findPlayer("#" + std::to_string(byName.player->id));
    REQUIRE(byId.player);
    CHECK(byId.player->name == "Anne Ash");
    // Never a guess: "Anne" names no one; both Annes are candidates, most games first.
    const PlayerLookup anne = archive.findPlayer("Anne");
    CHECK_FALSE(anne.player);
    REQUIRE(anne.candidates.size() == 2);
    CHECK(anne.candidates[0].name == "Anne Ash");
    CHECK(anne.candidates[1].name == "Anne Ashe");
    CHECK(archive.findPlayer("Zed").candidates.empty());
    // rename-player: the old spelling finds the player, and the page lists it.
    archive.rename(Archive::NameKind::Player, "Bob Birch", "Robert Birch");
    const PlayerLookup bob = archive.findPlayer("bob birch");
    REQUIRE(bob.player);
    CHECK(bob.player->name == "Robert Birch");
    CHECK(bob.how == "alias");
    const PlayerProfile p = archive.playerProfile(bob.player->id, {});
    REQUIRE(p.spellings.size() == 1);
    CHECK(p.spellings[0].name == "Bob Birch");
    CHECK(p.spellings[0].change > 0);
    CHECK(archive.playerProfile(idOf(archive, "Anne Ash"), {}).spellings.empty());
}

TEST_CASE("player profile: results by colour, years, events with rank, best, head-to-head",
          "[storage][player]") {
    TempDir dir("player-profile");
    Archive archive(dir / "a.sqlite");
    fill(archive);
    ProfileOptions o;
    o.vs = idOf(archive, "Bob Birch");
    const PlayerProfile p = archive.playerProfile(idOf(archive, "Anne Ash"), o);
    CHECK(p.total.games == 5);
    CHECK(p.asBlack.games == 3);
    CHECK(p.asWhite.games == 2);
    // Her two wins in the Club Open; the casual game against Bob as White lost.
    CHECK(p.asWhite.losses == 1);
    CHECK(p.asWhite.wins == 1);
    CHECK(p.total.wins + p.total.draws + p.total.losses == 5);
    CHECK(p.firstYear == 2018);
    CHECK(p.lastYear == 2019);
    REQUIRE(p.years.size() == 2);
    CHECK(p.years[1].record.games == 2);
    const PlayerEvent* open = eventNamed(p, "Club Open");
    REQUIRE(open);
    CHECK(open->isTournament);
    CHECK(open->rank == 1);
    CHECK(open->points == 2.0);
    CHECK(open->players == 3);
    const PlayerEvent* casual = eventNamed(p, "Diverses parties");
    REQUIRE(casual);
    CHECK_FALSE(casual->isTournament);
    CHECK(casual->rank == 0);
    REQUIRE_FALSE(p.best.empty());
    for (std::size_t i = 1; i < p.best.size(); ++i) CHECK(p.best[i - 1].discs >= p.best[i].discs);
    for (const PlayerGame& g : p.best) CHECK(g.discs > 32);
    CHECK(p.countryNote.find("no source") != std::string::npos);
    REQUIRE(p.vs);
    CHECK(p.vs->total.games == 3);  // the Club Open game, the Tiger, the casual loss
    CHECK(p.vs->asWhite.losses == 1);
}

TEST_CASE("player repertoire: the line chosen by the player's move, the reply met, departures",
          "[storage][player]") {
    TempDir dir("player-repertoire");
    Archive archive(dir / "a.sqlite");
    fill(archive);
    const PlayerProfile p = archive.playerProfile(idOf(archive, "Anne Ash"), {});
    // The Tiger game: Black's c2 (move 9) makes the Rose-Bill, White's e3 (move 10) the
    // Nicolet (the catalogue's names carry the Japanese one after the English: "Rose-Bill
    // (花形定石ローズビル)", and a deeper Japanese-named line follows its English one).
    REQUIRE_FALSE(p.openingsBlack.empty());
    CHECK(p.openingsBlack[0].name == "Rose-Bill (花形定石ローズビル)");
    CHECK(p.openingsBlack[0].record.games == 2);
    REQUIRE_FALSE(p.repliesBlack.empty());
    CHECK(p.repliesBlack[0].name == "Nicolet: 酉アッパー");
    CHECK(p.repliesBlack[0].last.id > 0);
    // Departures: the Tiger game is played twice (its own main line, never left); the casual
    // f5 f6 game of Cara and Bob left the main line (f5 d6, most played) at move 2.
    const PlayerProfile cara = archive.playerProfile(idOf(archive, "Cara Cole"), {});
    bool found = false;
    for (const Departure& d : cara.departures) {
        if (d.ply != 1 || d.move != core::parseSquare("f6")) continue;
        found = true;
        CHECK(d.mainMove == core::parseSquare("d6"));
        CHECK(d.byPlayer == false);  // Bob (White) played f6
        CHECK(d.mainGames >= 2);
    }
    CHECK(found);
}

TEST_CASE("player analysis: phases from the cached reviews, with the coverage",
          "[storage][player]") {
    TempDir dir("player-analysis");
    const fs::path db = dir / "a.sqlite";
    Archive archive(db);
    fill(archive);
    const std::int64_t anne = idOf(archive, "Anne Ash");
    AnalysisCache cache(db);
    ProfileOptions o;
    o.analysis = &cache;
    PlayerProfile p = archive.playerProfile(anne, o);
    CHECK(p.analysis.available);
    CHECK(p.analysis.gamesAnalysed == 0);
    CHECK(coverageText(p.analysis) == "0 of 5 games analysed");
    // One game reviewed (its last 10 empties, exactly).
    SearchFilter f;
    f.player = "Anne Ash";
    f.event = "Club Open";
    const auto games = archive.search(f).games;
    REQUIRE_FALSE(games.empty());
    analysis::GameReviewer reviewer(4);
    const auto review = reviewer.review(core::Position::start(), games[0].moves,
                                        analysis::endgameReviewOptions(10, &cache));
    cache.storeReview(games[0].id, review);
    p = archive.playerProfile(anne, o);
    CHECK(p.analysis.gamesAnalysed == 1);
    CHECK(coverageText(p.analysis) == "1 of 5 games analysed");
    REQUIRE(p.analysis.phases.size() == 3);
    const bool black = games[0].black == "Anne Ash";
    const auto& side = black ? review.black : review.white;
    CHECK(p.analysis.phases[2].moves == side.movesChecked);
    CHECK(p.analysis.phases[2].discsLost == side.discsLost);
    CHECK(p.analysis.phases[0].moves == 0);
    for (const Mistake& m : p.analysis.mistakes) CHECK(m.game.id == games[0].id);
}

TEST_CASE("othello-db player: text, --json, --vs, and candidates instead of a guess",
          "[storage][player][cli]") {
    CliDb db("player-cli");
    {
        Archive archive(db.path);
        fill(archive);
    }
    const auto text = db.run("player \"anne ash\"");
    INFO(text.out << text.err);
    REQUIRE(text.exitCode == 0);
    CHECK(text.out.find("Anne Ash (player #") != std::string::npos);
    CHECK(text.out.find("archive rating") != std::string::npos);
    CHECK(text.out.find("Rose-Bill") != std::string::npos);
    CHECK(text.out.find("0 of 5 games analysed") != std::string::npos);
    const auto j = db.json("player \"Anne Ash\" --vs \"Bob Birch\"");
    CHECK(j["player"]["name"] == "Anne Ash");
    CHECK(j["results"]["total"]["games"] == 5);
    CHECK(j["vs"]["total"]["games"] == 3);
    CHECK(j["rating"]["label"] == "archive rating");
    CHECK(j["rating"]["points"].size() == 1);  // the Club Open
    const auto none = db.run("player Anne");
    CHECK(none.exitCode == 1);
    CHECK(none.err.find("\"Anne Ash\"") != std::string::npos);
    CHECK(none.err.find("\"Anne Ashe\"") != std::string::npos);
    const auto candidates = db.json("player Anne", 1);
    CHECK(candidates["found"] == false);
    CHECK(candidates["candidates"].size() == 2);
}
