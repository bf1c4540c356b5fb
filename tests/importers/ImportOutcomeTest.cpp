// What check and import say and exit with for files that are damaged, are no game records, or
// keep their games in unusual ways (issue 26, "Imports"): each case as a user meets it, through
// the command line.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "ReaderTestSupport.h"

using namespace othello::importers;
using namespace othello::importers::testing;
using nlohmann::json;

namespace {

void write(const std::filesystem::path& p, const std::string& bytes) {
    std::ofstream out(p, std::ios::binary);
    out << bytes;
}

bool has(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

// "f5 d6 c3 ...": PGN movetext of a move string.
std::string spaced(const std::string& moves) {
    std::string out;
    for (std::size_t i = 0; i < moves.size(); i += 2) out += moves.substr(i, 2) + " ";
    return out;
}

}  // namespace

TEST_CASE("import: a WTHOR file cut at a record boundary is damage, its games stay imported") {
    const auto dir = tempDir("wthor-cut");
    // The header announces 7 games; the file ends after the 2nd record, at a record boundary.
    const std::string cut = str(fixture("wthor/count_mismatch.wtb"));
    const CliRun c = runCli({"check", cut});
    CHECK(c.exitCode == 1);
    CHECK(has(c.out, "the file holds 2 of the 7 games its header announces"));
    const std::string db = str(dir / "a.sqlite");
    const CliRun i = runCli({"import", "--db", db, "--json", cut});
    CHECK(i.exitCode == 1);
    const json j = json::parse(i.out);
    CHECK(j["imported"] == 2);
    CHECK(j["damaged"] == 1);
    // A real year cut to 50 games, as a download stopped at a record boundary gives it.
    const auto year = shared("wthor/WTH_2025.wtb");
    if (year.empty()) {
        WARN("shared data absent, skipped: wthor/WTH_2025.wtb");
    } else {
        write(dir / "WTH_2025.wtb", slurp(year).substr(0, 16 + 50 * 68));
        const CliRun r = runCli({"import", "--db", str(dir / "b.sqlite"), str(dir / "WTH_2025.wtb")});
        CHECK(r.exitCode == 1);
        CHECK(has(r.err, "the file holds 50 of the 2,010 games its header announces"));
        CHECK(has(r.out, "imported 50,"));
    }
    std::filesystem::remove_all(dir);
}

TEST_CASE("show: a file's theoretical score only where the game reached its depth") {
    const auto dir = tempDir("theoretical");
    // PlayOK stores a theoretical score for a game abandoned after 2 moves: the value of a
    // position the game never reached. The finished game's value is shown, as the file's.
    write(dir / "t.pgn",
          "[Event \"a\"]\n[Black \"A\"]\n[White \"B\"]\n[TheoreticalScore \"64\"]\n"
          "[TheoreticalDepth \"22\"]\n\n1. f5 d6 *\n\n"
          "[Event \"b\"]\n[Black \"C\"]\n[White \"D\"]\n[TheoreticalScore \"20\"]\n"
          "[TheoreticalDepth \"22\"]\n\n" +
              spaced(kPenloupMoves) + " 20-44\n");
    const std::string db = str(dir / "a.sqlite");
    REQUIRE(runCli({"import", "--db", db, str(dir / "t.pgn")}).exitCode == 0);
    const CliRun abandoned = runCli({"show", "1", "--db", db});
    CHECK(abandoned.exitCode == 0);
    CHECK_FALSE(has(abandoned.out, "theoretical score"));
    const CliRun finished = runCli({"show", "2", "--db", db});
    CHECK(finished.exitCode == 0);
    CHECK(has(finished.out, "theoretical score: 20 at 22 empties, the file's value"));
    std::filesystem::remove_all(dir);
}

TEST_CASE("check and import: files that are no game records are skipped, listed by name") {
    const auto dir = tempDir("not-games");
    write(dir / "README.txt", "This folder holds the games of our club.\nAsk Pierre for more.\n");
    write(dir / "players.csv", "id,name,rating\n1,Pierre,1800\n2,Anne,1750\n");
    write(dir / "photo.jpg", std::string("\xFF\xD8\xFF\xE0\x00\x10JFIF\x00\x01\x01\x00\x00\x01"
                                         "\x00\x01\x00\x00\x01\x02\x03\x04\x05\x06\x07\x08",
                                         32));
    std::filesystem::copy_file(sourcePath("tests/fixtures/samples/games.pgn"), dir / "games.pgn");
    // A damaged PGN is read and reported as it always was, never skipped.
    write(dir / "sub.pgn", "[Event \"x\"]\n[Black \"A\"]\n[White \"B\"]\n\n1. F5 Z9 *\n");
    const CliRun c = runCli({"check", str(dir)});
    CHECK(c.exitCode == 1);  // the damaged PGN's error
    CHECK(has(c.out, "README.txt: note: not a game record: skipped [not-a-game-record]"));
    CHECK(has(c.out, "photo.jpg: note: not a game record (binary data): skipped"));
    CHECK(has(c.out, "3 files skipped, not a game record: "));
    CHECK(has(c.out, "README.txt"));
    CHECK_FALSE(has(c.out, "'This' is not a square"));
    std::filesystem::remove(dir / "sub.pgn");
    CHECK(runCli({"check", str(dir)}).exitCode == 0);
    CHECK(runCli({"check", "--strict", str(dir)}).exitCode == 1);
    const CliRun cj = runCli({"check", "--json", str(dir)});
    const json summary = json::parse(cj.out)["summary"];
    CHECK(summary["not_game_records"].size() == 3);
    CHECK(summary["error"] == 0);

    // The archive outside the folder (its own files would be skipped too).
    const auto dbs = tempDir("not-games-db");
    const CliRun i = runCli({"import", "--db", str(dbs / "a.sqlite"), "--json", str(dir)});
    CHECK(i.exitCode == 0);
    const json j = json::parse(i.out);
    CHECK(j["imported"] == 3);
    CHECK(j["rejected"] == 0);
    CHECK(j["files_read"] == 1);
    CHECK(j["files_skipped"] == 3);
    CHECK(j["not_game_records"] ==
          json::array({str(dir / "README.txt"), str(dir / "photo.jpg"), str(dir / "players.csv")}));
    const CliRun text = runCli({"import", "--db", str(dbs / "b.sqlite"), str(dir)});
    CHECK(text.exitCode == 0);
    CHECK(has(text.out, "3 games read: imported 3, duplicates 0, rejected 0"));
    CHECK(has(text.out, "3 files skipped, not a game record: "));
    const CliRun strict =
        runCli({"import", "--strict", "--db", str(dbs / "c.sqlite"), str(dir)});
    CHECK(strict.exitCode == 1);
    CHECK(has(strict.out, "(--strict: exit 1)"));
    std::filesystem::remove_all(dir);
    std::filesystem::remove_all(dbs);
}

TEST_CASE("import: a logbook whose lines all omit the first move is said once") {
    const auto dir = tempDir("logbook");
    // XOT-like lines without their first move f5: every one fails at move 1.
    std::string lines;
    const char* openings[] = {"d6c4d3c2b3b4b5", "f4g3g6f3g4e3e2", "f6d3c5d6c7b5e3",
                              "f6d3c5c6e3c4b4", "d6c3f4c5d3g3b5"};
    for (int k = 0; k < 40; ++k) lines += std::string(openings[k % 5]) + "\n";
    write(dir / "logbook.txt", lines);
    const CliRun c = runCli({"check", str(dir / "logbook.txt")});
    CHECK(c.exitCode == 1);
    CHECK_FALSE(has(c.out, "logbook.txt:2: error"));
    CHECK(has(c.out, "all 40 records fail at move 1 the same way"));
    CHECK(has(c.out, "--first-move f5"));
    CHECK(has(c.out, "40 records in 1 file: 0 complete, 0 incomplete, 40 errors"));
    const CliRun i = runCli({"import", "--db", str(dir / "a.sqlite"), "--json",
                             str(dir / "logbook.txt")});
    CHECK(i.exitCode == 1);
    const json j = json::parse(i.out);
    CHECK(j["rejected"] == 40);
    CHECK(j["errors"].empty());  // said once, in the file's note
    REQUIRE(j["file_notes"].size() == 1);
    CHECK(j["file_notes"][0]["code"] == "first-move-hint");
    // Never applied by itself: with the option named, every line replays.
    const CliRun fixed = runCli({"import", "--db", str(dir / "b.sqlite"), "--first-move", "f5",
                                 str(dir / "logbook.txt")});
    CHECK(fixed.exitCode == 0);
    CHECK(has(fixed.out, "40 games read: imported 5, duplicates 35, rejected 0"));
    std::filesystem::remove_all(dir);
}

TEST_CASE("import: one move a line, squares as numbers, a pretty-printed JSON array") {
    const auto dir = tempDir("shapes");
    write(dir / "sheet.txt", "01:B(F, 5)\n02:W(D, 6)\n03:B(C, 3)\n04:W(D, 3)\n05:B(C, 4)\n");
    write(dir / "numbers.txt", "5 6\n6 4\n3 5\n");
    write(dir / "games.json", "[\n  \"f5d6c3d3c4f4\",\n  \"f5f6e6f4e3\",\n  \"e6f4c3c4d3\"\n]\n");
    const CliRun i =
        runCli({"import", "--db", str(dir / "a.sqlite"), "--json", str(dir / "sheet.txt"),
                str(dir / "numbers.txt"), str(dir / "games.json")});
    CHECK(i.exitCode == 1);  // the numbers are not read
    const json j = json::parse(i.out);
    CHECK(j["imported"] == 4);
    CHECK(j["rejected"] == 0);
    CHECK(j["records_read"] == 4);
    REQUIRE(j["errors"].size() == 1);
    CHECK(j["errors"][0]["code"] == "squares-as-numbers");
    CHECK(runCli({"show", "1", "--db", str(dir / "a.sqlite")}).out.find("f5 d6 c3 d3 c4") !=
          std::string::npos);
    std::filesystem::remove_all(dir);
}
