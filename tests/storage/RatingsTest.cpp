// Archive ratings (storage/players/Ratings.h): a small archive rated by hand.
#include <SQLiteCpp/SQLiteCpp.h>

#include <catch2/catch.hpp>

#include "StorageTestUtil.h"
#include "core/Notation.h"
#include "storage/Archive.h"
#include "storage/players/Ratings.h"
#include "storage/tournaments/Tournament.h"

using namespace othello;
using namespace storagetest;
using storage::Archive;

namespace {

// A game entered by hand: one move then the stated result (an unfinished game is rated by its
// stated result), or no move at all (a forfeit).
importers::GameRecord ratedGame(const std::string& black, const std::string& white,
                                const std::string& event, const std::string& date,
                                const std::string& result, bool forfeit = false) {
    storage::GameHeaders h;
    h.black = black;
    h.white = white;
    h.event = event;
    h.date = date;
    h.result = result;
    return storage::enteredGame(core::Position::start(),
                                forfeit ? std::vector<int>{} : std::vector<int>{37}, h);
}

double ratingOf(const storage::RatingTable& t, const std::string& player) {
    for (const auto& r : t.rows)
        if (r.player == player) return r.rating;
    FAIL("no row for " << player);
    return 0;
}

}  // namespace

TEST_CASE("ratings: a small archive rated by hand", "[storage][ratings]") {
    TempDir dir("ratings-hand");
    Archive a(dir / "a.sqlite");
    // Everybody starts at 1500 with K = 40 (fewer than 30 rated games).
    // Alpha Open 2020 (year only): A beats B, A beats C, B draws C. Every expected score 1/2.
    //   A: 1500 + 40 (2 - 1)   = 1540;  B: 1500 + 40 (0.5 - 1) = 1480;  C likewise 1480.
    a.addGame(ratedGame("A", "B", "Alpha Open", "2020", "1-0"));
    a.addGame(ratedGame("C", "A", "Alpha Open", "2020", "0-1"));
    a.addGame(ratedGame("B", "C", "Alpha Open", "2020", "1/2-1/2"));
    // Beta Cup 2020, rated after Alpha Open (same date, the end of 2020: by name): B beats A.
    //   E(B) = 1 / (1 + 10^((1540 - 1480) / 400)) = 1 / (1 + 10^0.15) = 0.4145013213
    //   B: 1480 + 40 (1 - 0.4145013213) = 1503.4199471;  A: 1540 - 23.4199471 = 1516.5800529.
    // A forfeit (no move) and a game against the unknown player "???" are not rated, nor a
    // game of a collection ("Diverses parties"), nor a game under other rules.
    a.addGame(ratedGame("B", "A", "Beta Cup", "2020", "1-0"));
    a.addGame(ratedGame("A", "C", "Beta Cup", "2020", "1-0", true));
    a.addGame(ratedGame("A", "???", "Beta Cup", "2020", "0-1"));
    a.addGame(ratedGame("C", "A", "Diverses parties", "2020", "1-0"));
    // Nor a game under other rules (anti-Othello here; classic Reversi and handicaps alike).
    auto anti = ratedGame("B", "A", "Beta Cup", "2020", "1-0");
    anti.variant.anti = true;
    a.addGame(anti);
    // 2021: Zeta Open, dated 2021-03-01, comes before Alpha Cup (known by its year only: the
    // end of 2021) although its name sorts after it. C beats B:
    //   E(C) = 1 / (1 + 10^((1503.4199471 - 1480) / 400)) = 0.4663469427
    //   C: 1480 + 40 (1 - 0.4663469427) = 1501.3461223;  B: 1503.4199471 - 21.3461223 =
    //   1482.0738249.
    // Alpha Cup 2021: A draws C: E(A) = 1 / (1 + 10^((1501.3461223 - 1516.5800529) / 400))
    //   = 0.5219093497;  A: 1516.5800529 + 40 (0.5 - 0.5219093497) = 1515.7036789;
    //   C: 1501.3461223 + 40 (0.5 - 0.4780906503) = 1502.2224963.
    a.addGame(ratedGame("A", "C", "Alpha Cup", "2021", "1/2-1/2"));
    a.addGame(ratedGame("C", "B", "Zeta Open", "2021-03-01", "1-0"));

    const auto close = [](double v) { return Approx(v).margin(1e-6); };
    SECTION("the table as of each date") {
        const auto end2020 = a.ratingTable({std::string("2020"), 0});
        CHECK(end2020.asOfDate == "2020-12-31");
        CHECK(end2020.periods == 2);
        REQUIRE(end2020.rows.size() == 3);
        CHECK(end2020.rows[0].player == "A");
        CHECK(end2020.rows[0].rating == close(1516.5800528531));
        CHECK(end2020.rows[0].ratedGames == 3);  // not the forfeit, "???" or the collection
        CHECK(end2020.rows[1].player == "B");
        CHECK(end2020.rows[1].rating == close(1503.4199471469));
        CHECK(ratingOf(end2020, "C") == close(1480.0));
        CHECK(end2020.rows[2].lastEvent == "Alpha Open");

        // Mid-2021: Zeta Open is in, Alpha Cup (the end of 2021) is not.
        const auto mid2021 = a.ratingTable({std::string("2021-06-30"), 0});
        CHECK(mid2021.periods == 3);
        CHECK(ratingOf(mid2021, "C") == close(1501.3461222911));
        CHECK(ratingOf(mid2021, "B") == close(1482.0738248557));
        CHECK(ratingOf(mid2021, "A") == close(1516.5800528531));

        const auto now = a.ratingTable({});
        CHECK(now.periods == 4);
        CHECK(ratingOf(now, "A") == close(1515.7036788670));
        CHECK(ratingOf(now, "C") == close(1502.2224962773));
        CHECK(a.ratingTable({std::string("2019"), 0}).rows.empty());
        CHECK(a.ratingTable({std::string("2021"), 1}).rows.size() == 1);
        CHECK_THROWS_AS(a.ratingTable({std::string("2021-02-30"), 0}), storage::StorageError);
    }
    SECTION("a player's history") {
        const auto h = a.ratingHistory("c");  // the name rule: case ignored
        CHECK(h.player == "C");
        REQUIRE(h.points.size() == 3);
        CHECK(h.points[0].event == "Alpha Open");
        CHECK(h.points[0].games == 2);
        CHECK(h.points[0].score == 0.5);
        CHECK(h.points[0].expected == close(1.0));
        CHECK(h.points[1].event == "Zeta Open");
        CHECK(h.points[1].date == "2021-03-01");
        CHECK(h.points[1].before == close(1480.0));
        CHECK(h.points[1].after == close(1501.3461222911));
        CHECK(h.points[2].event == "Alpha Cup");
        CHECK(h.points[2].date == "2021-12-31");
        CHECK(h.points[2].ratedGames == 4);
        for (const auto& t : a.tournaments())
            if (t.name == "Alpha Cup") CHECK(h.points[2].eventId == t.id);
        CHECK_THROWS_AS(a.ratingHistory("Nobody"), storage::StorageError);
    }
    SECTION("a rebuild finds nothing to change") {
        const auto r = a.rebuildRatings();
        CHECK(r.periods == 4);
        CHECK(r.players == 3);
        CHECK(r.ratedGames == 6);
        CHECK(r.differences == 0);
    }
}

TEST_CASE("ratings: K, expected scores and dates", "[storage][ratings]") {
    CHECK(storage::ratingK(0) == 40);
    CHECK(storage::ratingK(29) == 40);
    CHECK(storage::ratingK(30) == 20);
    CHECK(storage::expectedScore(1500, 1500) == 0.5);
    CHECK(storage::expectedScore(1900, 1500) == Approx(10.0 / 11.0));
    CHECK(storage::parseRatingDate("2019") == "2019-12-31");
    CHECK(storage::parseRatingDate("2020-02") == "2020-02-29");
    CHECK(storage::parseRatingDate("2019-02") == "2019-02-28");
    CHECK(storage::parseRatingDate("2019-05-17") == "2019-05-17");
    CHECK_FALSE(storage::parseRatingDate("2019-13"));
    CHECK_FALSE(storage::parseRatingDate("2019-02-29"));
    CHECK_FALSE(storage::parseRatingDate("19"));
    CHECK_FALSE(storage::parseRatingDate("2019/05/17"));
}

TEST_CASE("ratings: what a killed writer left unrated is rated by the next open",
          "[storage][ratings]") {
    TempDir dir("ratings-pending");
    const fs::path db = dir / "a.sqlite";
    {
        Archive a(db);
        a.addGame(ratedGame("A", "B", "Alpha Open", "2020", "1-0"));
    }
    // As a writer killed after its games committed and before it rated them leaves the file:
    // the first year noted, the ratings of before.
    {
        SQLite::Database raw(db.string(), SQLite::OPEN_READWRITE);
        raw.exec(
            "DELETE FROM ratings; DELETE FROM rating_periods; "
            "UPDATE meta SET value = 2020 WHERE key = 'ratings_dirty_from'");
    }
    {
        // A reader on read-only media cannot rate them: the table says they are pending.
        Archive::Options o;
        o.mode = Archive::Mode::ReadOnly;
        o.media = storage::Media::ReadOnlyFolder;
        Archive ro(db, o);
        const auto t = ro.ratingTable({});
        CHECK(t.pending);
        CHECK(t.rows.empty());
    }
    // A reader where the file may be written rates them once, for good (as it indexes).
    Archive reader(db, Archive::Mode::ReadOnly);
    const auto t = reader.ratingTable({});
    CHECK_FALSE(t.pending);
    REQUIRE(t.rows.size() == 2);
    CHECK(t.rows[0].rating == 1520.0);  // 1500 + 40 (1 - 1/2)
    Archive writer(db);
    CHECK(writer.rebuildRatings().differences == 0);
}
