// othello-db duplicates and rename-player --dry-run end to end (issue 25): text, --json and the
// exit codes of ui/cli/Command.h.
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
    Db() : CliDb("dup-cli") {}
};

const std::string& kTiger = kTigerGame;

// "1. f5 d6 2. c3 ... *", as PGN writes moves.
std::string pgnMoves(const std::string& moves) {
    std::string out;
    for (std::size_t i = 0; i < moves.size(); i += 2) {
        if (i % 4 == 0) out += std::to_string(i / 4 + 1) + ". ";
        out += moves.substr(i, 2) + " ";
    }
    return out + "*";
}

}  // namespace

TEST_CASE(
    "cli rename-player --dry-run lists every spelling, then the rename reports the "
    "games it makes identical",
    "[storage][cli][duplicates]") {
    Db db;
    writeFile(db.dir / "new.pgn",
              "[Event \"Larix Moscow - 2023\"]\n[Date \"2023\"]\n[Black \"Melnikov Aleksandr\"]\n"
              "[White \"Sennov Yuri\"]\n\n" +
                  pgnMoves(kTiger) +
                  "\n\n[Event \"Larix Moscow - 2023\"]\n[Black \"MELNIKOV ALEKSANDR\"]\n"
                  "[White \"Gutorov Ivan\"]\n\n1. f5 d6 2. c3 *\n");
    writeFile(db.dir / "old.pgn",
              "[Event \"Larix Moscow - 2023\"]\n[Date \"2023\"]\n[Black \"Melnikov Alexandr\"]\n"
              "[White \"Sennov Yuri\"]\n\n" +
                  pgnMoves(kTiger) + "\n");
    REQUIRE(db.run("import " + shellQuote((db.dir / "new.pgn").string())).exitCode == 0);
    REQUIRE(db.run("import " + shellQuote((db.dir / "old.pgn").string())).exitCode == 0);
    auto plan = db.json("rename-player 'melnikov aleksandr' 'Melnikov Alexandr' --dry-run");
    CHECK(plan["dry_run"] == true);
    CHECK(plan["change"].is_null());
    REQUIRE(plan["spellings"].size() == 2);
    CHECK(plan["spellings"][0]["name"] == "MELNIKOV ALEKSANDR");
    CHECK(plan["spellings"][1]["name"] == "Melnikov Aleksandr");
    CHECK(plan["games"] == 2);
    REQUIRE(plan["identical"].size() == 1);
    CHECK(plan["identical"][0]["games"].size() == 2);
    const auto text = db.run("rename-player 'melnikov aleksandr' 'Melnikov Alexandr' --dry-run");
    CHECK(text.exitCode == 0);
    CHECK(text.out.find("\"MELNIKOV ALEKSANDR\"  1 game") != std::string::npos);
    CHECK(text.out.find("would make 1 group of games identical") != std::string::npos);
    CHECK(text.out.find("nothing was changed") != std::string::npos);
    CHECK(db.json("show 1")["black"] == "Melnikov Aleksandr");
    const auto done = db.json("rename-player 'melnikov aleksandr' 'Melnikov Alexandr'");
    CHECK(done["games"] == 2);
    CHECK(done["merged"] == true);
    CHECK(done["identical"].size() == 1);
    CHECK(db.json("show 1")["black"] == "Melnikov Alexandr");
    CHECK(db.run("rename-player Nobody X").exitCode == 1);
}

TEST_CASE("cli duplicates lists, resolves, merges, marks and reverts",
          "[storage][cli][duplicates]") {
    Db db;
    REQUIRE(db.run("add --moves " + kTiger + " --black Ann --white Bob --date 2021").exitCode == 0);
    REQUIRE(db.run("add --moves " + kTiger +
                   " --black Ann --white Bob --date 2021-05-02 --event 'Club Cup'")
                .exitCode == 0);
    REQUIRE(db.run("add --moves f5d6c3 --black Carl --white Dan").exitCode == 0);
    REQUIRE(db.run("add --moves f5d6c3 --black Eve --white Fay").exitCode == 0);
    auto list = db.json("duplicates");
    CHECK(list["total"] == 2);
    REQUIRE(list["groups"].size() == 2);
    CHECK(list["groups"][0]["kind"] == "same players");
    CHECK(list["groups"][0]["differ"] == nlohmann::json::array({"event", "date"}));
    CHECK(list["groups"][1]["short"] == true);
    const auto text = db.run("duplicates");
    CHECK(text.exitCode == 0);
    CHECK(text.out.find("2 groups of possible duplicates (4 games)") != std::string::npos);
    CHECK(text.out.find("a short game (3 moves)") != std::string::npos);
    CHECK(db.json("duplicates --min-moves 20")["too_short"] == 1);
    // A merge with a conflict: exit 1, nothing changed; settled per field, it goes through.
    auto refused = db.json("duplicates --keep 1 --merge", 1);
    CHECK(refused["change"].is_null());
    CHECK(refused["conflicts"][0]["field"] == "date");
    CHECK(db.run("duplicates --keep 1 --merge").err.find("--prefer") != std::string::npos);
    CHECK(db.json("info")["games"] == 4);
    CHECK(db.run("duplicates --keep 1 --prefer 2").exitCode == 2);  // --prefer needs --merge
    CHECK(db.run("duplicates --keep 1 --merge --field date").exitCode == 2);
    auto dry = db.json("duplicates --keep 1 --merge --field date=2 --dry-run");
    CHECK(dry["change"].is_null());
    CHECK(dry["set"].size() == 2);
    auto done = db.json("duplicates --keep 1 --merge --field date=2");
    CHECK(done["trashed"] == nlohmann::json::array({2}));
    CHECK(db.json("show 1")["date"] == "2021-05-02");
    CHECK(db.json("show 1")["event"] == "Club Cup");
    CHECK(db.json("trash")["games"].size() == 1);
    // The short pair: other players; marked not duplicates, it is no longer listed.
    auto mark = db.json("duplicates --not-duplicates 3 4");
    CHECK(db.json("duplicates")["total"] == 0);
    CHECK(db.json("duplicates")["marked"] == 1);
    CHECK(db.json("duplicates --all")["groups"][0]["marks"][0]["games"] ==
          nlohmann::json::array({3, 4}));
    db.json("revert " + std::to_string(mark["change"].get<std::int64_t>()));
    CHECK(db.json("duplicates")["total"] == 1);
    db.json("revert " + std::to_string(done["change"].get<std::int64_t>()));
    CHECK(db.json("show 1")["date"] == "2021");
    CHECK(db.json("trash")["games"].empty());
    CHECK(db.json("duplicates")["total"] == 2);
    CHECK(db.run("duplicates --keep 99").exitCode == 1);
    CHECK(db.run("duplicates --keep 1 --not-duplicates 1 2").exitCode == 2);
}
