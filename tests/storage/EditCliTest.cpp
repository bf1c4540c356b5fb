// othello-db add, edit, delete, trash, restore, purge, history, revert and rename-event, end to
// end, with --json and the exit codes of ui/cli/Command.h.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "../core/CliProcess.h"
#include "CliDb.h"
#include "StorageTestUtil.h"

using namespace storagetest;
using testing::runCli;
using testing::shellQuote;

namespace {

struct Db : CliDb {
    Db() : CliDb("edit-cli") {}
};

const std::string& kTiger = kTigerGame;

}  // namespace

TEST_CASE("cli add: replayed, checked, journalled", "[storage][cli][edit]") {
    Db db;
    auto j = db.json("add --moves " + kTiger +
                     " --black Anna --white Bob --event 'Club Cup' --date 2024-05-01 --round 3 "
                     "--place Paris --user alice");
    const std::int64_t id = j["game"];
    CHECK(id == 1);
    CHECK(j["complete"] == true);
    auto show = db.json("show 1");
    CHECK(show["black"] == "Anna");
    CHECK(show["event"] == "Club Cup");
    CHECK(show["round"] == "3");
    CHECK(show["place"] == "Paris");
    CHECK(show["year"] == 2024);
    // An illegal move: exit 1, the ply and the move named; nothing stored.
    auto bad = db.run("add --moves f5d6c3f5");
    CHECK(bad.exitCode == 1);
    CHECK(bad.err.find("ply 4") != std::string::npos);
    CHECK(bad.err.find("f5") != std::string::npos);
    // A result the finished game contradicts: exit 1.
    CHECK(db.run("add --moves " + kTiger + " --result 64-0").exitCode == 1);
    // A stated result on an unfinished game (a resignation) is kept as stated.
    j = db.json("add --moves f5d6c3 --result 0-1");
    CHECK(j["result"] == "0-1 (unfinished)");
    // Syntax errors are usage errors.
    CHECK(db.run("add --moves f5zz").exitCode == 2);
    CHECK(db.run("add --moves f5 --from notaboard").exitCode == 2);
    // A handicap start from a board string.
    const std::string board =
        "X-------"
        "--------"
        "--------"
        "---OX---"
        "---XO---"
        "--------"
        "--------"
        "--------";
    j = db.json("add --moves d3 --from " + board);
    CHECK(db.json("info")["games"] == 3);
    auto h = db.json("history");
    REQUIRE(h["changes"].size() == 3);
    CHECK(h["changes"][2]["kind"] == "add");
    CHECK(h["changes"][2]["user"] == "alice");
    CHECK(h["changes"][2]["games"] == nlohmann::json::array({1}));
}

TEST_CASE("cli edit, delete, trash, restore, purge, history and revert", "[storage][cli][edit]") {
    Db db;
    db.json("add --moves " + kTiger + " --black Anna --white Bob");
    db.json("add --moves f5d6c3d3c4 --black Carl --white Dora");
    // Headers.
    auto e = db.json("edit 1 --black 'Anna B' --event Open --date 1999");
    CHECK(e["fields"] == nlohmann::json::array({"black", "event", "date"}));
    const std::int64_t c1 = e["change"];
    CHECK(db.json("show 1")["black"] == "Anna B");
    CHECK(db.json("search --player 'Anna B'")["total"] == 1);
    // Moves: re-indexed.
    e = db.json("edit 2 --moves f5f6e6f4");
    CHECK(db.json("search --moves f5f6e6f4")["total"] == 1);
    CHECK(db.json("search --moves f5d6c3d3c4")["total"] == 1);
    // Nothing to change; a game that is not there; an illegal move.
    CHECK(db.run("edit 1").exitCode == 2);
    CHECK(db.run("edit 99 --black X").exitCode == 1);
    CHECK(db.run("edit 2 --moves f5f5").exitCode == 1);
    CHECK(db.run("edit 1 --result 0-64").exitCode == 1);
    // Text mode says what changed.
    const auto text = db.run("edit 1 --round 2");
    CHECK(text.exitCode == 0);
    CHECK(text.out.find("round \"\" -> \"2\"") != std::string::npos);

    // Delete: out of search and statistics at once; the trash lists it.
    auto d = db.json("delete 2");
    const std::int64_t del = d["change"];
    CHECK(db.json("search --moves f5f6e6f4")["total"] == 0);
    CHECK(db.json("info")["games"] == 1);
    auto t = db.json("trash");
    REQUIRE(t["games"].size() == 1);
    CHECK(t["games"][0]["id"] == 2);
    CHECK(t["games"][0]["change"] == del);
    CHECK(db.run("delete 2").exitCode == 1);  // already in the trash
    CHECK(db.json("restore 2")["game"] == 2);
    CHECK(db.json("search --moves f5f6e6f4")["total"] == 1);
    CHECK(db.json("trash")["games"].empty());

    // Revert: a later change of the same field blocks it, and it changes nothing.
    const std::int64_t c2 = db.json("edit 1 --black 'Anna C'")["change"];
    auto blocked = db.json("revert " + std::to_string(c1), 1);
    CHECK(blocked["blocked_by"] == c2);
    CHECK(blocked["message"].get<std::string>().find("change " + std::to_string(c2)) !=
          std::string::npos);
    CHECK(db.json("show 1")["black"] == "Anna C");
    CHECK(db.json("revert " + std::to_string(c2))["reverted"] == c2);
    CHECK(db.json("revert " + std::to_string(c1))["reverted"] == c1);
    auto shown = db.json("show 1");
    CHECK(shown["black"] == "Anna");
    CHECK(shown["event"] == "");
    CHECK(db.run("revert " + std::to_string(c1)).exitCode == 1);  // already reverted
    CHECK(db.run("revert 999").exitCode == 1);
    // Reverting a revert redoes the change; reverting that undoes it again.
    const std::int64_t undo = db.json("history --limit 1")["changes"][0]["id"];
    const std::int64_t redo = db.json("revert " + std::to_string(undo))["change"];
    CHECK(db.json("show 1")["black"] == "Anna B");
    db.json("revert " + std::to_string(redo));
    CHECK(db.json("show 1")["black"] == "Anna");

    // History of one game, newest first, with old and new values.
    auto h = db.json("history 1");
    REQUIRE(h["changes"].size() >= 5);
    CHECK(h["changes"][0]["kind"] == "revert");
    CHECK(h["changes"].back()["kind"] == "add");
    bool sawOld = false;
    for (const auto& c : h["changes"])
        if (c["id"] == c1) {
            CHECK(c["details"]["fields"]["black"]["old"] == "Anna");
            CHECK(c["details"]["fields"]["black"]["new"] == "Anna B");
            CHECK(c["reverted_by"].is_number());
            sawOld = true;
        }
    CHECK(sawOld);
    CHECK(db.run("history").out.find("edit") != std::string::npos);

    // Purge: for good, and its revert refused.
    db.json("delete 1 2");
    auto p = db.json("purge 1");
    CHECK(p["purged"] == 1);
    CHECK(db.run("revert " + std::to_string(p["change"].get<std::int64_t>())).exitCode == 1);
    p = db.json("purge");
    CHECK(p["purged"] == 1);
    CHECK(db.json("purge")["purged"] == 0);
    CHECK(db.json("info")["games"] == 0);
    CHECK(db.run("purge --help").out.find("IRREVERSIBLE") != std::string::npos);
}

TEST_CASE("cli import reports records of edited games, history lists imports, rename-event",
          "[storage][cli][edit]") {
    Db db;
    const auto file = db.dir / "club.pgn";
    writeFile(
        file,
        "[Event \"Club\"]\n[Black \"A\"]\n[White \"B\"]\n[Result \"*\"]\n\n1. f5 d6 2. c3 *\n\n"
        "[Event \"Club\"]\n[Black \"C\"]\n[White \"D\"]\n[Result \"*\"]\n\n1. f5 f6 *\n");
    auto r = db.json("import " + shellQuote(file.string()));
    CHECK(r["imported"] == 2);
    const std::int64_t import = r["change"];
    db.json("edit 1 --black Alpha");
    r = db.json("import " + shellQuote(file.string()));
    CHECK(r["imported"] == 0);
    CHECK(r["duplicates"] == 1);
    CHECK(r["edited_in_archive"] == 1);
    REQUIRE(r["notes"].size() == 1);
    CHECK(r["notes"][0]["code"] == "edited-in-archive");
    const auto text = db.run("import " + shellQuote(file.string()));
    CHECK(text.out.find("1 edited/deleted in the archive") != std::string::npos);
    auto h = db.json("history");
    CHECK(h["changes"].back()["kind"] == "import");
    CHECK(h["changes"].back()["first_game"] == 1);
    CHECK(h["changes"].back()["last_game"] == 2);
    // Reverting the import: blocked by the edit of its game; after reverting that, its games go
    // to the trash (restorable).
    CHECK(db.json("revert " + std::to_string(import), 1)["blocked_by"].is_number());
    db.json("revert " + std::to_string(h["changes"][0]["id"].get<std::int64_t>()));
    db.json("revert " + std::to_string(import));
    CHECK(db.json("info")["games"] == 0);
    CHECK(db.json("trash")["games"].size() == 2);
    db.json("restore 1");
    // rename-event, journalled and revertible.
    auto e = db.json("rename-event Club 'Club Cup'");
    CHECK(e["games"] == 1);
    CHECK(db.json("show 1")["event"] == "Club Cup");
    const std::int64_t rename = db.json("history --limit 1")["changes"][0]["id"];
    CHECK(db.json("history --limit 1")["changes"][0]["kind"] == "rename-event");
    db.json("revert " + std::to_string(rename));
    CHECK(db.json("show 1")["event"] == "Club");
    CHECK(db.run("rename-event Nope X").exitCode == 1);
}

TEST_CASE("cli rename-player --user journals the name given", "[storage][cli][edit]") {
    Db db;
    db.json("add --moves f5d6c3 --black Anna --white Bob");
    const auto r = db.json("rename-player Anna 'Anna K.' --user archivist");
    CHECK(r["games"] == 1);
    const auto h = db.json("history --limit 1")["changes"][0];
    CHECK(h["kind"] == "rename-player");
    CHECK(h["user"] == "archivist");
    CHECK(db.run("rename-player --help").out.find("--user") != std::string::npos);
}
