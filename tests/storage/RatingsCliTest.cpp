// othello-db ratings end to end: the table as of a date, a player's history, the rebuild, the
// label, --json and the exit codes of ui/cli/Command.h; an edit and its revert through the CLI
// keep the ratings up to date.
#include <SQLiteCpp/SQLiteCpp.h>
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "CliDb.h"
#include "StorageTestUtil.h"
#include "storage/database/WriterLock.h"

using namespace storagetest;

namespace {

struct RatingsDb : CliDb {
    RatingsDb() : CliDb("ratings-cli") {}
    // A game of one move with a stated result (rated by it).
    void add(const std::string& black, const std::string& white, const std::string& event,
             const std::string& date, const std::string& result) const {
        const auto r = run("add --moves f5 --black " + black + " --white " + white + " --event '" +
                           event + "' --date " + date + " --result " + result);
        REQUIRE(r.exitCode == 0);
    }
};

}  // namespace

TEST_CASE("cli ratings: table, history, rebuild", "[storage][cli][ratings]") {
    RatingsDb db;
    // Alpha Open 2020: A 1540, B and C 1480 (tests/storage/RatingsTest.cpp rates it by hand).
    db.add("A", "B", "Alpha Open", "2020", "1-0");
    db.add("C", "A", "Alpha Open", "2020", "0-1");
    db.add("B", "C", "Alpha Open", "2020", "1/2-1/2");
    // Zeta Open, dated 2021-05-01: C beats A. E(C) = 1 / (1 + 10^(60/400)) = 0.4145013;
    // C: 1480 + 40 (1 - 0.4145013) = 1503.42;  A: 1540 - 23.42 = 1516.58.
    db.add("C", "A", "Zeta Open", "2021-05-01", "1-0");

    auto text = db.run("ratings --as-of 2020");
    REQUIRE(text.exitCode == 0);
    CHECK(text.out.find("archive rating") != std::string::npos);
    CHECK(text.out.find("not a federation's") != std::string::npos);
    CHECK(text.out.find("as of 2020: 3 rated players, 1 rated event") != std::string::npos);
    CHECK(text.out.find("    1 A ") != std::string::npos);
    CHECK(text.out.find("1540") != std::string::npos);

    auto t = db.json("ratings --as-of 2021-04-30");
    CHECK(t["rating"] == "archive");
    CHECK(t["as_of_date"] == "2021-04-30");
    CHECK(t["events"] == 1);
    REQUIRE(t["rows"].size() == 3);
    CHECK(t["rows"][0]["player"] == "A");
    CHECK(t["rows"][0]["rating"].get<double>() == Approx(1540.0));

    t = db.json("ratings --limit 2");
    CHECK(t["players"] == 3);
    REQUIRE(t["rows"].size() == 2);
    CHECK(t["rows"][0]["player"] == "A");
    CHECK(t["rows"][0]["rating"].get<double>() == Approx(1516.580053).margin(1e-5));
    CHECK(t["rows"][1]["player"] == "C");
    CHECK(t["rows"][1]["rating"].get<double>() == Approx(1503.419947).margin(1e-5));
    CHECK(t["rows"][1]["last_event"] == "Zeta Open");
    CHECK(t["rows"][1]["last_date"] == "2021-05-01");

    auto h = db.json("ratings --player c");
    CHECK(h["player"] == "C");
    REQUIRE(h["history"].size() == 2);
    CHECK(h["history"][1]["event"] == "Zeta Open");
    CHECK(h["history"][1]["before"].get<double>() == Approx(1480.0));
    CHECK(h["history"][1]["games"] == 1);
    auto ht = db.run("ratings --player C");
    CHECK(ht.out.find("archive rating") != std::string::npos);
    CHECK(ht.out.find("Zeta Open") != std::string::npos);

    // An edit moves game 1 into a collection (unrated): every rating changes, and the stored
    // table is the rebuild's.
    auto edit = db.run("edit 1 --event 'Diverses parties'");
    REQUIRE(edit.exitCode == 0);
    auto r = db.json("ratings --rebuild");
    CHECK(r["rebuild"]["differences"] == 0);
    CHECK(r["rebuild"]["rated_games"] == 3);
    // Reverting the edit brings the first ratings back.
    auto journal = db.json("history");
    REQUIRE(db.run("revert " + std::to_string(journal["changes"][0]["id"].get<std::int64_t>()))
                .exitCode == 0);
    t = db.json("ratings --as-of 2020");
    CHECK(t["rows"][0]["rating"].get<double>() == Approx(1540.0));
    auto rebuilt = db.run("ratings --rebuild --limit 1");
    CHECK(rebuilt.out.find("the stored ratings were the same, bit for bit") != std::string::npos);

    // Usage errors: exit 2; an unknown player: exit 1.
    CHECK(db.run("ratings --as-of 2021-02-30").exitCode == 2);
    CHECK(db.run("ratings --as-of yesterday").exitCode == 2);
    CHECK(db.run("ratings --rebuild --player A").exitCode == 2);
    CHECK(db.run("ratings --player Nobody").exitCode == 1);
}

TEST_CASE(
    "cli ratings --player: names differing only in case are listed, never guessed, and "
    "pending ratings are said on the player's page",
    "[storage][cli][ratings]") {
    RatingsDb db;
    db.add("'Ralle Paul'", "B", "Alpha Open", "2020", "1-0");
    db.add("'RALLE PAUL'", "B", "Beta Open", "2021", "0-1");
    // It printed player #1's history as if "ralle paul" named one player.
    const auto both = db.run("ratings --player 'ralle paul'");
    CHECK(both.exitCode == 1);
    CHECK(both.err.find("\"Ralle Paul\" (#1") != std::string::npos);
    CHECK(both.err.find("\"RALLE PAUL\"") != std::string::npos);
    // Under the name rule (case ignored) the exact spelling names both too: the id chooses.
    CHECK(db.run("ratings --player 'RALLE PAUL'").exitCode == 1);
    CHECK(db.json("ratings --player '#3'")["player"] == "RALLE PAUL");
    CHECK(db.json("ratings --player '#1'")["player"] == "Ralle Paul");
    CHECK(db.run("player ''").exitCode == 2);        // it listed every player as candidates
    CHECK(db.run("player B --vs b").exitCode == 2);  // the head-to-head with oneself

    // A change no writer has rated yet (a killed import; a reader can rate it only when it
    // may write and no writer runs: the lock held here stands for one): the player's page and
    // the history say "pending" (the page showed the stale rating as current).
    CHECK_FALSE(db.json("player B")["rating"]["pending"].get<bool>());
    {
        SQLite::Database raw(db.path.string(), SQLite::OPEN_READWRITE);
        raw.exec("UPDATE meta SET value = 2020 WHERE key = 'ratings_dirty_from'");
    }
    const auto writer = othello::storage::WriterLock::tryTake(db.path, "test");
    REQUIRE(writer);
    const auto page = db.json("player B");
    CHECK(page["rating"]["pending"].get<bool>());
    CHECK(db.run("player B").out.find("pending: a change is not rated yet") != std::string::npos);
    const auto history = db.run("ratings --player B");
    CHECK(history.err.find("archive ratings pending") != std::string::npos);
    CHECK(db.json("ratings --player B")["pending"].get<bool>());
}
