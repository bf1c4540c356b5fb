// `othello-db check`: text lines, JSON, exit codes.
#include <catch2/catch.hpp>

#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>

#include "ReaderTestSupport.h"

using namespace othello::importers::testing;
using nlohmann::json;

namespace {

bool hasLine(const std::string& out, const std::string& wanted) {
    std::istringstream lines(out);
    for (std::string l; std::getline(lines, l);)
        if (l == wanted) return true;
    return false;
}

}  // namespace

TEST_CASE("check: good files exit 0 with a summary") {
    const CliRun r = runCli(
        {"check", str(sourcePath("tests/fixtures/samples/games.moves")), str(sourcePath("tests/fixtures/samples/games.pgn")),
         str(sourcePath("tests/fixtures/samples/games.csv")), str(sourcePath("tests/fixtures/samples/wc1992.transcript"))});
    CHECK(r.exitCode == 0);
    CHECK(hasLine(r.out, "16 records in 4 files: 14 complete, 2 incomplete, 0 errors, 0 warnings"));
}

TEST_CASE("check: a bad record prints path:line: error: message [code] and exits 1") {
    const std::string file = str(fixture("moves/occupied.moves"));
    const CliRun r = runCli({"check", file});
    CHECK(r.exitCode == 1);
    std::string wanted = file;
    wanted.append(":3: error: move 5 (f5, black): square is occupied [occupied]");
    CHECK(hasLine(r.out, wanted));
    CHECK(hasLine(r.out, "2 records in 1 file: 0 complete, 1 incomplete, 1 error, 0 warnings"));
}

TEST_CASE("check: transcript repairs are printed after the error") {
    const CliRun r = runCli({"check", str(fixture("transcript/illegal-move.transcript"))});
    CHECK(r.exitCode == 1);
    CHECK(r.out.find("note: repair 1: swap 4 (c3) and 3 (d3) -> complete 20-44 (the declared "
                     "score)") != std::string::npos);
}

TEST_CASE("check: --json has games and summary with the documented fields") {
    const CliRun r = runCli({"check", "--json", str(fixture("transcript/illegal-move.transcript")),
                             str(sourcePath("tests/fixtures/samples/wc1992.transcript")),
                             str(fixture("moves/occupied.moves"))});
    CHECK(r.exitCode == 1);
    const json j = json::parse(r.out);
    REQUIRE(j["games"].size() == 4);
    const json& bad = j["games"][0];
    CHECK(bad["status"] == "error");
    CHECK(bad["format"] == "transcript");
    CHECK(bad["error"]["code"] == "no-flips");
    CHECK(bad["error"]["line"] == 10);
    CHECK(bad["error"]["move_number"] == 3);
    CHECK(bad["error"]["square"] == "d3");
    CHECK(!bad["error"]["message"].get<std::string>().empty());
    REQUIRE(bad["repairs"].size() == 1);
    CHECK(bad["repairs"][0]["change"] == "swap 4 (c3) and 3 (d3)");
    CHECK(bad["repairs"][0]["black"] == 20);
    CHECK(bad["repairs"][0]["white"] == 44);
    CHECK(bad["repairs"][0]["matches_declared_score"] == true);

    const json& good = j["games"][1];
    CHECK(good["status"] == "complete");
    CHECK(good["source"].get<std::string>().find("wc1992.transcript:5") != std::string::npos);
    CHECK(good["moves"].size() == 60);
    CHECK(good["moves"][0] == "f5");
    CHECK(good["passes"] == 2);
    CHECK(good["black"] == 20);
    CHECK(good["white"] == 44);
    CHECK(good["names"]["black"] == "Penloup Dominique");
    CHECK(good["names"]["white"] == "Juhem Philippe");
    CHECK(good["event"] == "World Othello Championship");
    CHECK(good["year"] == 1992);

    CHECK(j["games"][2]["status"] == "incomplete");
    CHECK(j["games"][3]["error"]["square"] == "f5");
    CHECK(j["summary"]["complete"] == 1);
    CHECK(j["summary"]["incomplete"] == 1);
    CHECK(j["summary"]["error"] == 2);
}

TEST_CASE("check: --strict counts warnings as errors") {
    const std::string file = str(fixture("csv/winner-mismatch.csv"));
    const CliRun lax = runCli({"check", file});
    CHECK(lax.exitCode == 0);
    CHECK(lax.out.find(":3: warning: ") != std::string::npos);
    CHECK(lax.out.find("[winner-mismatch]") != std::string::npos);
    CHECK(runCli({"check", "--strict", file}).exitCode == 1);
}

TEST_CASE("check: --format overrides detection") {
    const std::string file = str(sourcePath("tests/fixtures/samples/games.csv"));
    const CliRun r = runCli({"check", "--json", "--format", "moves", file});
    CHECK(r.exitCode == 1);
    CHECK(json::parse(r.out)["games"][0]["format"] == "moves");
    CHECK(runCli({"check", "--format", "nonsense", file}).exitCode == 2);
}

TEST_CASE("check: usage errors and unreadable files exit 2") {
    CHECK(runCli({"check"}).exitCode == 2);
    const CliRun missing = runCli({"check", "/nonexistent/file.pgn"});
    CHECK(missing.exitCode == 2);
    CHECK(hasLine(missing.out,
                  "/nonexistent/file.pgn: error: no such file or not readable "
                  "[unreadable]"));
    // One readable file among unreadable ones: the bad one counts as bad input.
    CHECK(
        runCli({"check", "/nonexistent/file.pgn", str(sourcePath("tests/fixtures/samples/games.pgn"))}).exitCode ==
        1);
    CHECK(runCli({"check", str(fixture("csv/no-moves-column.csv"))}).exitCode == 2);
}

TEST_CASE("check: a file without records is an error [no-games], exit 1") {
    for (const char* rel : {"empty/empty.moves", "csv/header-only.csv"}) {
        INFO(rel);
        const CliRun r = runCli({"check", str(fixture(rel))});
        CHECK(r.exitCode == 1);
        CHECK(r.out.find(": error: no game found") != std::string::npos);
        CHECK(r.out.find("[no-games]") != std::string::npos);
        CHECK(r.out.find("1 file with an error") != std::string::npos);
    }
    const CliRun g = runCli({"check", "--format", "ggf", str(fixture("pgn/comments.pgn"))});
    CHECK(g.exitCode == 1);
    CHECK(g.out.find("[no-games]") != std::string::npos);
    const CliRun j = runCli({"check", "--json", str(fixture("empty/empty.moves"))});
    CHECK(j.exitCode == 1);
    const json out = json::parse(j.out);
    CHECK(out["summary"]["file_errors"] == 1);
    CHECK(out["files"][0]["diagnostics"][0]["code"] == "no-games");
}

TEST_CASE("check: WTHOR names files are skipped with a note, binary garbage too") {
    const CliRun names = runCli({"check", str(fixture("wthor/good.wtb")),
                                 str(fixture("wthor/WTHOR.JOU")), str(fixture("wthor/WTHOR.TRN"))});
    CHECK(names.exitCode == 0);
    CHECK(names.out.find("WTHOR.JOU: note: a WTHOR names file (players), not a game file") !=
          std::string::npos);
    CHECK(names.out.find("2 files skipped (not game files)") != std::string::npos);
    const CliRun bin =
        runCli({"check", str(fixture("binary/garbage.bin")), str(fixture("wthor/good.wtb"))});
    CHECK(bin.exitCode == 0);
    CHECK(bin.out.find("garbage.bin: note: not a game record (binary data): skipped "
                       "[not-a-game-record]") != std::string::npos);
    CHECK(runCli({"check", "--strict", str(fixture("binary/garbage.bin")),
                  str(fixture("wthor/good.wtb"))})
              .exitCode == 1);
    const CliRun forced = runCli({"check", "--format", "moves", str(fixture("binary/garbage.bin"))});
    CHECK(forced.out.find("garbage.bin: error: binary data, not a record file [binary]") !=
          std::string::npos);
    // No raw control byte reaches the terminal.
    CHECK(bin.out.find('\x1B') == std::string::npos);
    CHECK(bin.out.find('\x07') == std::string::npos);
    const CliRun zero = runCli({"check", "/dev/zero"});
    CHECK(zero.exitCode == 2);
    CHECK(zero.out.find("not a regular file") != std::string::npos);
}

TEST_CASE("check: the shared WTHOR folder, names files included, checks clean") {
    const auto dir = shared("wthor");
    if (dir.empty()) {
        WARN("shared data absent, skipped: wthor/");
        return;
    }
    std::vector<std::string> args{"check"};
    for (const auto& e : std::filesystem::directory_iterator(dir))
        args.push_back(e.path().string());
    const CliRun r = runCli(args);
    CHECK(r.exitCode == 0);
    CHECK(r.out.find(": error:") == std::string::npos);
}

TEST_CASE("check: --strict shows the file warnings that fail the run in the summary") {
    // More records than the header announces: a file warning, nothing lost (fewer would be a
    // file cut short: damage, exit 1 without --strict).
    const auto dir = tempDir("strict-file-warning");
    std::string bytes = slurp(fixture("wthor/count_mismatch.wtb"));
    bytes[4] = 1;
    const std::string file = str(dir / "more.wtb");
    std::ofstream(file, std::ios::binary) << bytes;
    const CliRun lax = runCli({"check", file});
    CHECK(lax.exitCode == 0);
    CHECK(lax.out.find("file with an error") == std::string::npos);
    const CliRun strict = runCli({"check", "--strict", file});
    CHECK(strict.exitCode == 1);
    CHECK(strict.out.find("[count-mismatch]") != std::string::npos);
    CHECK(strict.out.find("1 file with an error (--strict: file warnings count)") !=
          std::string::npos);
    const CliRun j = runCli({"check", "--strict", "--json", file});
    CHECK(j.exitCode == 1);
    CHECK(json::parse(j.out)["summary"]["file_errors"] == 1);
    std::filesystem::remove_all(dir);
}

TEST_CASE("check: a GGF file with a byte-order mark has no stray text") {
    const CliRun r = runCli({"check", "--strict", str(fixture("ggf/bom.ggf"))});
    CHECK(r.exitCode == 0);
    CHECK(r.out.find("stray-text") == std::string::npos);
    CHECK(hasLine(r.out, "1 record in 1 file: 1 complete, 0 incomplete, 0 errors, 0 warnings"));
}

TEST_CASE("check: a mistyped move is reported, exit 1") {
    const CliRun r = runCli({"check", "--json", str(fixture("moves/typo-mid-line.moves"))});
    CHECK(r.exitCode == 1);
    const json out = json::parse(r.out);
    REQUIRE(out["games"].size() == 1);
    CHECK(out["games"][0]["status"] == "error");
    CHECK(out["games"][0]["event"] == "");
    CHECK(out["games"][0]["error"]["code"] == "not-a-square");
    CHECK(out["games"][0]["error"]["column"] == 13);
}

namespace {

void writeText(const std::filesystem::path& p, const std::string& text) {
    std::filesystem::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << text;
}

}  // namespace

TEST_CASE("check: folders are read as import reads them") {
    const auto dir = tempDir("check-folder");
    writeText(dir / "a.moves", "f5d6\n");
    writeText(dir / "sub" / "b.moves", "f5d6c3\n");
    writeText(dir / ".hidden.moves", "zz zz\n");  // hidden files are left out, as by import
    writeText(dir / "PLAYOK.JOU", "not read: names files are left out");
    const CliRun r = runCli({"check", str(dir)});
    CHECK(r.exitCode == 0);
    CHECK(hasLine(r.out, "2 records in 2 files: 0 complete, 2 incomplete, 0 errors, 0 warnings"));
    const auto dbDir = tempDir("check-folder-db");  // not inside the folder imported
    const CliRun db = runCli({"import", "--db", str(dbDir / "games.sqlite"), "--quiet", str(dir)});
    CHECK(db.exitCode == 0);
    CHECK(db.out.find("2 games read") != std::string::npos);
}

TEST_CASE("check --json and import --json write a diagnostic the same way") {
    const auto dir = tempDir("check-json-same");
    writeText(dir / "bad.moves", "f5d6c3\nf5 d6 f5\n");
    const CliRun check = runCli({"check", "--json", str(dir / "bad.moves")});
    CHECK(check.exitCode == 1);
    const json fromCheck = json::parse(check.out)["games"][1]["error"];
    const CliRun import = runCli(
        {"import", "--json", "--db", str(dir / "games.sqlite"), str(dir / "bad.moves")});
    CHECK(import.exitCode == 1);
    const json fromImport = json::parse(import.out)["errors"][0];
    CHECK(fromCheck == fromImport);
    CHECK(fromCheck["code"] == "occupied");
    CHECK(fromCheck["column"] == 7);
    CHECK(fromCheck["path"] == str(dir / "bad.moves"));
}

TEST_CASE("cli: --db is accepted before the command") {
    const auto dir = tempDir("db-before");
    const std::string db = str(dir / "games.sqlite");
    CHECK(runCli({"--db", db, "import", "--quiet", str(sourcePath("tests/fixtures/samples/games.moves"))})
              .exitCode == 0);
    const CliRun before = runCli({"--db", db, "info", "--json"});
    const CliRun after = runCli({"info", "--json", "--db", db});
    CHECK(before.exitCode == 0);
    CHECK(before.out == after.out);
    CHECK(json::parse(before.out)["games"].get<int>() > 0);
    CHECK(runCli({"--db=" + db, "info"}).exitCode == 0);
    // A command without --db says so: a usage error.
    CHECK(runCli({"--db", db, "replay", "f5"}).exitCode == 2);
    // ... naming --db, not mistaking the archive's path for the command's own argument.
    const CliRun perft = runCli({"--db", db, "perft", "1"});
    CHECK(perft.exitCode == 2);
    CHECK(perft.err.find("--db") != std::string::npos);
    CHECK(perft.err.find("DEPTH") == std::string::npos);
}

TEST_CASE("cli: --quiet prints errors and the summary only") {
    // A file warning that is no damage: more records than the header announces.
    const auto scratch = tempDir("quiet-warned");
    std::string bytes = slurp(fixture("wthor/count_mismatch.wtb"));
    bytes[4] = 1;
    const std::string warned = str(scratch / "more.wtb");
    std::ofstream(warned, std::ios::binary) << bytes;
    const std::string bad = str(fixture("moves/occupied.moves"));
    const CliRun loud = runCli({"check", warned, bad});
    CHECK(loud.out.find("warning:") != std::string::npos);
    const CliRun quiet = runCli({"check", "--quiet", warned, bad});
    CHECK(quiet.exitCode == loud.exitCode);
    CHECK(quiet.out.find("warning:") == std::string::npos);
    CHECK(quiet.out.find("error: move 5 (f5, black): square is occupied") != std::string::npos);
    CHECK(quiet.out.find(" records in 2 files: ") != std::string::npos);

    const CliRun convert = runCli({"convert", "--quiet", warned, "--to", "moves", "-o", "-"});
    CHECK(convert.exitCode == 0);
    CHECK(convert.err.find("warning:") == std::string::npos);

    const auto dir = tempDir("quiet-import");
    const CliRun import =
        runCli({"import", "--quiet", "--db", str(dir / "games.sqlite"), warned, bad});
    CHECK(import.exitCode == 1);
    CHECK(import.err.find("warning:") == std::string::npos);
    CHECK(import.err.find("[occupied]") != std::string::npos);
    CHECK(import.out.find("games read") != std::string::npos);
    std::filesystem::remove_all(scratch);
}

TEST_CASE("cli: import --help says why the lock file stays") {
    const CliRun help = runCli({"import", "--help"});
    CHECK(help.exitCode == 0);
    CHECK(help.out.find(".writer-lock") != std::string::npos);
    CHECK(help.out.find("never delete it") != std::string::npos);
}

TEST_CASE("cli: usage errors exit 2") {
    const std::string file = str(sourcePath("tests/fixtures/samples/games.moves"));
    CHECK(runCli({"check"}).exitCode == 2);
    CHECK(runCli({"check", "--no-such-option", file}).exitCode == 2);
    CHECK(runCli({"check", "--first-move", "i9", file}).exitCode == 2);
    CHECK(runCli({"convert", "--first-move", "", file, "--to", "pgn", "-o", "-"}).exitCode == 2);
    CHECK(runCli({"import", "--first-move", "zz", file}).exitCode == 2);
}
