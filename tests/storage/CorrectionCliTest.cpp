// Correcting games through othello-db (issue 26, "Corrections"): edit --move, what history
// shows of a moves edit, calendar dates (typed and imported), and what show says of a game in
// the trash, of a game entered by hand, and of its date and place.
#include <SQLiteCpp/SQLiteCpp.h>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "../core/CliProcess.h"
#include "CliDb.h"
#include "StorageTestUtil.h"
#include "importers/ReaderUtil.h"

using namespace storagetest;
using testing::runCli;
using testing::shellQuote;

namespace {

struct Db : CliDb {
    Db() : CliDb("correction-cli") {}
};

// An unfinished game of 18 plies; b1 (ply 18, White) could have been d1.
const std::string kGame = "f5d6c3d3c4f4c5b3c2e6c6b4b5d2e3a6c1b1";

// The same game in PGN with a variation on ply 18 and a comment after it.
const std::string kAnnotatedPgn =
    "[Event \"Club\"]\n[Black \"Ann\"]\n[White \"Bob\"]\n[Result \"*\"]\n\n"
    "1. F5 D6 2. C3 D3 3. C4 F4 4. C5 B3 5. C2 E6 6. C6 B4 7. B5 D2 8. E3 A6 9. C1 B1 "
    "(9... D1 10. B1) {after b1} *\n";

std::string movesOf(const nlohmann::json& shown) {
    std::string out;
    for (const auto& m : shown["moves"]) out += m.get<std::string>();
    return out;
}

}  // namespace

TEST_CASE("cli edit --move corrects one move and replays the rest", "[storage][cli][edit]") {
    Db db;
    const fs::path pgn = db.dir / "annotated.pgn";
    writeFile(pgn, kAnnotatedPgn);
    REQUIRE(db.json("import " + shellQuote(pgn.string()))["imported"] == 1);

    auto e = db.json("edit 1 --move 18 d1");
    CHECK(e["fields"] == nlohmann::json::array({"moves"}));
    CHECK(e["summary"] == "game 1: moves from ply 18: b1 -> d1");
    CHECK(movesOf(db.json("show 1")) == kGame.substr(0, 34) + "d1");
    // The comment and the variation still fit: kept.
    CHECK(db.run("show 1").out.find("{after b1}") != std::string::npos);

    // A change the rest of the game no longer follows: refused, the ply named, nothing changed.
    auto r = db.run("edit 1 --move 3 c4");
    CHECK(r.exitCode == 1);
    CHECK(r.err.find("c4 instead of c3 at ply 3") != std::string::npos);
    CHECK(r.err.find("no longer replays from ply 5: c4 is not a legal move for Black") !=
          std::string::npos);
    CHECK(movesOf(db.json("show 1")) == kGame.substr(0, 34) + "d1");
    // Two moves written in each other's place: one edit.
    e = db.json("edit 1 --move 3 c4 --move 5 c3");
    CHECK(e["summary"] ==
          "game 1: moves from ply 3: c3 d3 c4 f4 c5 b3 ... -> c4 d3 c3 f4 c5 b3 ...");
    CHECK(movesOf(db.json("show 1")).substr(0, 10) == "f5d6c4d3c3");
    db.json("edit 1 --move 3 c3 --move 5 c4 --move 18 b1");
    CHECK(movesOf(db.json("show 1")) == kGame);

    // The variation on ply 18 (d1, b1) no longer replays once White plays d1 at ply 16: the
    // rule of edit --moves, refused unless the edit says what becomes of it.
    r = db.run("edit 1 --move 16 d1");
    CHECK(r.exitCode == 1);
    CHECK(r.err.find("comments or variations") != std::string::npos);
    CHECK(db.json("edit 1 --move 16 d1 --clear-variations")["fields"] ==
          nlohmann::json::array({"moves", "annotations"}));

    // Usage: a ply outside the game, a square that is not one, both --moves and --move.
    CHECK(db.run("edit 1 --move 19 a1").exitCode == 2);
    CHECK(db.run("edit 1 --move 0 a1").exitCode == 2);
    CHECK(db.run("edit 1 --move 18 z9").exitCode == 2);
    CHECK(db.run("edit 1 --move 18 d1 --moves " + kGame).exitCode == 2);
    CHECK(db.run("edit 1 --move 17 e1").exitCode == 1);  // not legal there
}

TEST_CASE("cli edit --move: the result follows the new final score", "[storage][cli][edit]") {
    // Penloup - Juhem 1992, 20-44 (Black passes twice near the end).
    const std::string game =
        "f5d6c3d3c4f4c5b3c2e3d2c6b4b5f2e2a3d1c1a4a5f3g4f1e7d7d8e6f6b6e1b1c7a6a7b2f7g3g5h4h5g2h1"
        "g1a1a2b7c8b8a8h3h6g6e8h7h2h8g8g7f8";
    Db db;
    db.json("add --moves " + game + " --result 20-44");
    CHECK(db.json("show 1")["result"] == "20-44");
    // Black's a4 (ply 20) and f3 (ply 22) written in each other's place: the rest replays, the
    // passes where the new positions force them, and the game now ends 21-43.
    const auto e = db.json("edit 1 --move 20 f3 --move 22 a4");
    CHECK(e["fields"] == nlohmann::json::array({"result", "moves"}));
    const auto shown = db.json("show 1");
    CHECK(shown["result"] == "21-43");
    CHECK(shown["complete"] == true);
    CHECK(shown["passes"] == 2);
}

TEST_CASE("cli history shows the ply a moves edit changed, and moves in notation",
          "[storage][cli][edit][journal]") {
    Db db;
    db.json("add --moves " + kGame);
    const std::int64_t change = db.json("edit 1 --moves " + kGame.substr(0, 34) + "d1")["change"];
    const auto text = db.run("history 1");
    CHECK(text.out.find("game 1: moves from ply 18: b1 -> d1") != std::string::npos);
    CHECK(text.out.find("(edited)") == std::string::npos);
    const auto h = db.json("history 1");
    REQUIRE(h["changes"].size() == 2);
    const auto& moves = h["changes"][0]["details"]["fields"]["moves"];
    REQUIRE(moves["old"].size() == 18);
    CHECK(moves["old"][17] == "b1");
    CHECK(moves["new"][17] == "d1");
    CHECK(moves["new"][0] == "f5");
    // An entry journalled by an older program, which summed both sides up by their first
    // moves, is shown from its values as well.
    {
        SQLite::Database sql(db.path.string(), SQLite::OPEN_READWRITE);
        SQLite::Statement s(sql, "UPDATE journal SET summary = ? WHERE id = ?");
        s.bind(1, "game 1: moves f5d6c3d3c4f4c5b3c2e6c6b4... -> f5d6c3d3c4f4c5b3c2e6c6b4... "
                  "(edited)");
        s.bind(2, change);
        s.exec();
    }
    CHECK(db.run("history 1").out.find("game 1: moves from ply 18: b1 -> d1") !=
          std::string::npos);
    // A revert says the same, the other way round.
    const auto reverted = db.json("revert " + std::to_string(change));
    CHECK(reverted["summary"] == "revert of change " + std::to_string(change) +
                                     ": game 1: moves from ply 18: d1 -> b1");
}

TEST_CASE("dates are calendar dates: typed ones refused, imported ones kept and cut",
          "[storage][cli][edit]") {
    using othello::importers::text::calendarPrefix;
    CHECK(calendarPrefix("2024-02-29") == "2024-02-29");
    CHECK(calendarPrefix("2024-02-30") == "2024-02");
    CHECK(calendarPrefix("2023-02-29") == "2023-02");
    CHECK(calendarPrefix("2000-02-29") == "2000-02-29");
    CHECK(calendarPrefix("1900-02-29") == "1900-02");
    CHECK(calendarPrefix("2023-04-31") == "2023-04");
    CHECK(calendarPrefix("2023-13-01") == "2023");
    CHECK(calendarPrefix("2023-12") == "2023-12");
    CHECK(calendarPrefix("2023") == "2023");
    CHECK(calendarPrefix("14/08/1992") == "14/08/1992");  // not ISO: kept as written

    Db db;
    auto r = db.run("add --moves f5d6 --date 2024-02-30");
    CHECK(r.exitCode == 1);
    CHECK(r.err.find("February 2024 has 29 days") != std::string::npos);
    r = db.run("add --moves f5d6 --date 2023-02-29");
    CHECK(r.exitCode == 1);
    CHECK(r.err.find("February 2023 has 28 days") != std::string::npos);
    CHECK(db.json("info")["games"] == 0);
    CHECK(db.json("add --moves f5d6 --date 2024-02-29")["game"] == 1);
    CHECK(db.json("add --moves f5d6c3 --date 2024")["game"] == 2);
    CHECK(db.json("add --moves f5d6c4 --date 2024-02")["game"] == 3);
    CHECK(db.run("edit 1 --date 2023-02-29").exitCode == 1);
    CHECK(db.run("edit 1 --date 2023-04-31").exitCode == 1);
    CHECK(db.json("show 1")["date"] == "2024-02-29");

    // Imported: the record is kept, with a warning, its date as far as it is valid.
    const fs::path pgn = db.dir / "dates.pgn";
    writeFile(pgn,
              "[Event \"Club\"]\n[Date \"2023.02.29\"]\n[Black \"A\"]\n[White \"B\"]\n"
              "[Result \"*\"]\n\n1. F5 F6 2. E6 F4 *\n");
    const auto j = db.json("import " + shellQuote(pgn.string()));
    CHECK(j["imported"] == 1);
    CHECK(j.dump().find("impossible-date") != std::string::npos);
    CHECK(j.dump().find("the date 2023-02-29 is not a calendar date: stored as 2023-02") !=
          std::string::npos);
    CHECK(db.json("show 4")["date"] == "2023-02");
    CHECK(db.json("show 4")["year"] == 2023);
}

TEST_CASE("cli show: a game in the trash, a game entered by hand, date and place",
          "[storage][cli][edit]") {
    Db db;
    db.json("add --moves " + kGame +
            " --black Ann --white Bob --event Club --date 2024-05-01 --place Paris --user alice");
    auto shown = db.run("show 1");
    CHECK(shown.exitCode == 0);
    CHECK(shown.out.find("date: 2024-05-01\n") != std::string::npos);
    CHECK(shown.out.find("place: Paris\n") != std::string::npos);
    CHECK(shown.out.find("source: entered by alice on ") != std::string::npos);
    CHECK(shown.out.find("(change 1)") != std::string::npos);
    const auto j = db.json("show 1");
    CHECK(j["entered"]["user"] == "alice");
    CHECK(j["entered"]["change"] == 1);

    db.json("delete 1 --user bob");
    shown = db.run("show 1");
    CHECK(shown.exitCode == 1);
    CHECK(shown.err.find("game 1 is in the trash since ") != std::string::npos);
    CHECK(shown.err.find("deleted by bob, change 2") != std::string::npos);
    CHECK(shown.err.find("othello-db restore 1") != std::string::npos);
    db.json("purge 1");
    shown = db.run("show 1");
    CHECK(shown.exitCode == 1);
    CHECK(shown.err.find("game 1 was purged for good") != std::string::npos);
    CHECK(db.run("show 7").err.find("no game with id 7") != std::string::npos);

    // Renames say what they did in one grammar for one game and for several.
    db.json("add --moves f5d6 --black Carl --white Dora");
    const auto renamed = db.run("rename-player Carl 'Carl K'");
    // (It said "1 game now name \"Carl K\""; the rename lists each spelling it renames.)
    CHECK(renamed.out.find("now name") == std::string::npos);
    CHECK(renamed.out.find("renamed 1 spelling into \"Carl K\" (a new player name):\n  \"Carl\"  1 "
                           "game") == 0);
    CHECK(renamed.out.find("1 game changed (change ") != std::string::npos);
}
