// Defect 8: file names and names read from records that are not plain printable UTF-8 (byte
// 0xff, ESC, newlines) never break --json and never reach the terminal raw.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "../core/CliProcess.h"
#include "../storage/StorageTestUtil.h"
#include "importers/TextEscape.h"

using namespace storagetest;
using othello::importers::text::escapeForTerminal;
using testing::runCli;
using testing::shellQuote;

namespace {

// Two good games and a record with an illegal move, so that diagnostics name the file.
const char* kGames =
    "[Event \"Test Open\"]\n[Date \"2001\"]\n[Black \"Alpha\"]\n[White \"Beta\"]\n"
    "[Result \"*\"]\n1. f5 d6 2. c3 d3 *\n\n"
    "[Event \"Test Open\"]\n[Date \"2002\"]\n[Black \"Gamma\"]\n[White \"Delta\"]\n"
    "[Result \"*\"]\n1. f5 f6 2. e6 f4 *\n\n"
    "[Event \"Test Open\"]\n[Date \"2003\"]\n[Black \"Bad\"]\n[White \"Record\"]\n"
    "[Result \"*\"]\n1. a1 *\n";

std::string q(const fs::path& p) {
    return shellQuote(p.string());
}

nlohmann::json parsed(const testing::CliResult& r) {
    INFO(r.out << "\n" << r.err);
    REQUIRE(r.exitCode >= 0);
    REQUIRE(r.exitCode <= 1);
    return nlohmann::json::parse(r.out);
}

// The exact bytes of member `key` of `j`: its KEY_bytes sibling when there is one.
std::string exact(const nlohmann::json& j, const std::string& key) {
    if (j.contains(key + "_bytes")) {
        std::string bytes;
        REQUIRE(
            othello::importers::text::bytesFromHex(j[key + "_bytes"].get<std::string>(), bytes));
        return bytes;
    }
    return j[key].get<std::string>();
}

// No byte a terminal would obey: no C0 control but the line ends the program writes itself.
bool terminalSafe(const std::string& s) {
    for (char c : s)
        if ((static_cast<unsigned char>(c) < 0x20 && c != '\n') || c == 0x7f) return false;
    return othello::importers::text::isUtf8(s);
}

}  // namespace

TEST_CASE("a file name that is not UTF-8 keeps every --json output valid and exact",
          "[output][cli]") {
    TempDir dir("nonutf8");
    const fs::path file = dir / "bad\xff.pgn";
    const fs::path db = dir / "db\xfe.sqlite";
    writeFile(file, kGames);
    const std::string dbArg = " --db " + q(db);

    auto j = parsed(runCli("check --json " + q(file)));
    CHECK(exact(j["files"][0], "path") == file.string());
    CHECK(exact(j["games"][0], "source").rfind(file.string(), 0) == 0);

    // The games are stored, then the output must not fail (it did: rc 1, type_error.316).
    j = parsed(runCli("import --json " + q(file) + dbArg));
    CHECK(j["imported"] == 2);
    REQUIRE(j["errors"].size() == 1);
    CHECK(exact(j["errors"][0], "path") == file.string());
    CHECK(exact(j["errors"][0], "source").rfind(file.string(), 0) == 0);

    j = parsed(runCli("search --json" + dbArg));
    CHECK(j["total"] == 2);
    j = parsed(runCli("show 1 --json" + dbArg));
    CHECK(exact(j, "source") == file.string() + ":1");
    CHECK(j["source"].get<std::string>().find("\xef\xbf\xbd") != std::string::npos);
    j = parsed(runCli("info --json" + dbArg));
    CHECK(exact(j, "path") == db.string());
    const fs::path out = dir / "out\xfd.pgn";
    j = parsed(runCli("export --to pgn -o " + q(out) + " --json" + dbArg));
    CHECK(j["exported"] == 2);
    CHECK(exact(j, "path") == out.string());
    CHECK(fs::exists(out));
    j = parsed(runCli("rename-player Alpha " + shellQuote("Al\xffpha") + " --json" + dbArg));
    CHECK(exact(j, "to") == "Al\xffpha");

    // Text output shows the bytes as \xNN.
    const auto show = runCli("show 1" + dbArg);
    CHECK(show.exitCode == 0);
    CHECK(show.out.find("bad\\xFF.pgn:1") != std::string::npos);
    CHECK(terminalSafe(show.out));
    const auto info = runCli("info" + dbArg);
    CHECK(info.out.find("db\\xFE.sqlite") != std::string::npos);
    CHECK(terminalSafe(info.out));
}

TEST_CASE("ESC and newlines in file names reach the terminal escaped", "[output][cli]") {
    TempDir dir("escname");
    const std::string evil = "esc\x1b[31m\nline";
    const std::string shown = "esc\\x1B[31m\\nline";
    const fs::path file = dir / (evil + ".pgn");
    const fs::path db = dir / (evil + ".sqlite");
    writeFile(file, kGames);
    const std::string dbArg = " --db " + q(db);

    const auto check = runCli("check " + q(file));
    CHECK(check.exitCode == 1);
    CHECK(check.out.find(shown + ".pgn:") != std::string::npos);
    CHECK(terminalSafe(check.out));

    const auto import = runCli("import " + q(file) + dbArg);
    CHECK(import.exitCode == 1);
    CHECK(import.err.find(shown + ".pgn") != std::string::npos);
    CHECK(terminalSafe(import.err));
    CHECK(terminalSafe(import.out));

    for (const std::string& args :
         {std::string("show 1"), std::string("info"), std::string("search"),
          "export --to ggf -o " + q(dir / (evil + ".ggf")),
          "rename-player Alpha " + shellQuote("A\x1b]0;pwned\x07")}) {
        const auto r = runCli(args + dbArg);
        INFO(args << "\n" << r.out << r.err);
        CHECK(r.exitCode == 0);
        CHECK(terminalSafe(r.out));
        CHECK(terminalSafe(r.err));
    }
    CHECK(runCli("show 1" + dbArg).out.find(shown + ".pgn:1 (pgn)") != std::string::npos);
    CHECK(runCli("info" + dbArg).out.find(shown + ".sqlite") != std::string::npos);

    const auto convert =
        runCli("convert " + q(file) + " --to moves -o " + q(dir / (evil + ".txt")));
    CHECK(convert.exitCode == 1);
    CHECK(convert.out.find(shown + ".txt") != std::string::npos);
    CHECK(terminalSafe(convert.out));
    CHECK(terminalSafe(convert.err));

    // An error about the database names it escaped too.
    const fs::path notDb = dir / (evil + ".notdb");
    writeFile(notDb, "this is not a database, it is text long enough to be read as a header...");
    const auto bad = runCli("info --db " + q(notDb));
    CHECK(bad.exitCode != 0);
    CHECK(terminalSafe(bad.err));
}

TEST_CASE("player and event names with ESC and invalid UTF-8 print escaped, JSON round-trips",
          "[output][cli]") {
    TempDir dir("escnames");
    const fs::path pgn = dir / "names.pgn";
    // (The readers take a file with control bytes in its first 512 bytes for binary: the
    // hostile names come after a comment.)
    writeFile(pgn, "% " + std::string(600, '.') +
                       "\n[Event \"Open\x1b[2J\"]\n[Date \"2005\"]\n[Black \"Evil\x1b[31mBlack\"]\n"
                       "[White \"Bad\xff\xfeWhite\"]\n[Result \"*\"]\n1. f5 d6 *\n");
    // GGF names that are not UTF-8: stored as they are (then JSON needs name_bytes) or taken as
    // Latin-1 by the reader; either way the output must carry them exactly.
    const fs::path ggf = dir / "names.ggf";
    writeFile(ggf,
              "(;GM[Othello]EV[Line\nbreak\xff]DT[2006]PB[Raw\xffName]PW[Csi\xc2\x9b"
              "2J]TY[8]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- "
              "-------- *]B[f5]W[f6];)\n");
    const std::string dbArg = " --db " + q(dir / "games.sqlite");
    auto j = parsed(runCli("import --json " + q(pgn) + " " + q(ggf) + dbArg));
    CHECK(j["imported"] == 2);

    j = parsed(runCli("search --json --sort year" + dbArg));
    REQUIRE(j["games"].size() == 2);
    CHECK(exact(j["games"][0], "black") == "Evil\x1b[31mBlack");
    CHECK(exact(j["games"][0], "event") == "Open\x1b[2J");
    // The PGN reader takes text that is not UTF-8 as Latin-1.
    CHECK(exact(j["games"][0], "white") == "Bad\xc3\xbf\xc3\xbeWhite");
    const std::string ggfBlack = exact(j["games"][1], "black");
    CHECK((ggfBlack == "Raw\xffName" || ggfBlack == "Raw\xc3\xbfName"));
    CHECK(exact(j["games"][1], "white") ==
          "Csi\xc2\x9b"
          "2J");
    const std::string ggfEvent = exact(j["games"][1], "event");
    CHECK((ggfEvent.find("\xff") != std::string::npos ||
           ggfEvent.find("\xc3\xbf") != std::string::npos));
    j = parsed(runCli("show 2 --json" + dbArg));
    CHECK(exact(j, "black") == ggfBlack);
    CHECK(exact(j, "event") == ggfEvent);
    j = parsed(runCli("check --json " + q(ggf)));
    CHECK(exact(j["games"][0]["names"], "black") == ggfBlack);

    for (const std::string& args : {std::string("search"), std::string("show 1"),
                                    std::string("show 2"), std::string("search --player evil")}) {
        const auto r = runCli(args + dbArg);
        INFO(args << "\n" << r.out << r.err);
        CHECK(r.exitCode == 0);
        CHECK(terminalSafe(r.out));
        CHECK(r.out.find('\x1b') == std::string::npos);
    }
    CHECK(runCli("show 1" + dbArg).out.find("Evil\\x1B[31mBlack") != std::string::npos);
    CHECK(runCli("show 2" + dbArg).out.find(escapeForTerminal(ggfBlack)) != std::string::npos);
    CHECK(runCli("show 2" + dbArg).out.find("Csi\\u{009B}2J") != std::string::npos);
    const auto rename =
        runCli("rename-player " + shellQuote("Evil\x1b[31mBlack") + " Calm" + dbArg);
    CHECK(rename.exitCode == 0);
    CHECK(rename.out.find("Evil\\x1B[31mBlack") != std::string::npos);
    CHECK(terminalSafe(rename.out));
}

TEST_CASE("analyze prints hostile file and player names escaped, JSON exact", "[output][cli]") {
    TempDir dir("escanalyze");
    // A complete game (the first of tests/fixtures/samples/games.ggf) under hostile names and file
    // name.
    std::string game =
        storagetest::readFile(fs::path(OTHELLO_SOURCE_DIR) / "tests/fixtures/samples/games.ggf");
    game = game.substr(0, game.find(";)") + 2) + "\n";
    const auto replace = [&](const std::string& from, const std::string& to) {
        const auto at = game.find(from);
        REQUIRE(at != std::string::npos);
        game.replace(at, from.size(), to);
    };
    replace("PB[M\xc3\xbcller J\xc3\xb6rg]", "PB[Raw\xffName]");
    replace("PW[Dupr\xc3\xa9 H\xc3\xa9l\xc3\xa8ne]", "PW[Esc\x1b[2JName]");
    const fs::path file = dir / "an\xff\x1b[31m.ggf";
    writeFile(file, game);
    const std::string db = " --db " + q(dir / "games.sqlite");
    auto j = parsed(runCli("analyze " + q(file) + " --endgame --empties 4 --json" + db));
    REQUIRE(j["games"].size() == 1);
    const std::string black = exact(j["games"][0], "black");
    CHECK((black == "Raw\xffName" || black == "Raw\xc3\xbfName"));
    CHECK(exact(j["games"][0], "white") == "Esc\x1b[2JName");
    CHECK(exact(j["games"][0], "source").rfind(file.string(), 0) == 0);
    const auto text = runCli("analyze " + q(file) + " --endgame --empties 4" + db);
    INFO(text.out << text.err);
    CHECK(text.exitCode == 0);
    CHECK(terminalSafe(text.out));
    CHECK(terminalSafe(text.err));
    CHECK(text.out.find("Esc\\x1B[2JName") != std::string::npos);
}

TEST_CASE("error messages quoting arguments print them escaped", "[output][cli]") {
    TempDir dir("escargs");
    const std::string db = " --db " + q(dir / "games.sqlite");
    const std::string evil = shellQuote("x\x1b[2J\nforged: ok");
    for (const std::string& args :
         {"search --result " + evil + db, "search --year " + evil + db, "replay " + evil,
          "solve " + evil, "show 1 --db " + q(dir / "x\x1b[2J.sqlite")}) {
        const auto r = runCli(args);
        INFO(args << "\n" << r.err);
        CHECK(r.exitCode != 0);
        CHECK(terminalSafe(r.err));
        CHECK(r.err.find("\nforged") == std::string::npos);
    }
}
