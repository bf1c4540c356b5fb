// WTHOR names files: <PREFIX>.JOU / <PREFIX>.TRN beside <PREFIX>_<YEAR>.wtb (the dumps of
// online servers), WTHOR.* / WTH.* as before, files named on the command line, and warnings
// that say which names were looked for. Fixtures are written here with the WTHOR writer.
#include <catch2/catch.hpp>

#include "ReaderTestSupport.h"
#include "WthorTestSupport.h"
#include "core/Notation.h"
#include "importers/Reader.h"
#include "importers/RecordReplay.h"
#include "importers/WthorReader.h"
#include "importers/WthorWriter.h"

using namespace othello;
using namespace othello::importers;
using othello::importers::testing::CliRun;
using othello::importers::testing::fileCode;
using othello::importers::testing::movesOf;
using othello::importers::testing::runCli;
using wthortest::ScratchDir;

namespace {

GameRecord namedGame(const std::string& black, const std::string& white, const std::string& event) {
    GameRecord g;
    g.format = Format::Moves;
    replayRecord(g, core::parseMoves("f5d6c3d3c4f4").moves, {});
    g.black = black;
    g.white = white;
    g.event = event;
    g.year = 2023;
    return g;
}

// Writes `wtb` in `dir` with WTHOR.JOU / WTHOR.TRN, then renames the names files to
// `jou` / `trn` (empty: removed).
void writeDump(const std::filesystem::path& dir, const std::string& wtb, const std::string& jou,
               const std::string& trn, const std::string& black = "Alice",
               const std::string& event = "PlayOK rated") {
    writeWthorFiles({namedGame(black, "Bob", event)}, dir / wtb);
    if (jou.empty())
        std::filesystem::remove(dir / "WTHOR.JOU");
    else if (jou != "WTHOR.JOU")
        std::filesystem::rename(dir / "WTHOR.JOU", dir / jou);
    if (trn.empty())
        std::filesystem::remove(dir / "WTHOR.TRN");
    else if (trn != "WTHOR.TRN")
        std::filesystem::rename(dir / "WTHOR.TRN", dir / trn);
}

}  // namespace

TEST_CASE("wthor names: the prefix of the file name finds its own names files") {
    ScratchDir dir;
    writeDump(dir.path(), "PLAYOK_2023.wtb", "PLAYOK.JOU", "playok.trn");
    const FileResult r = readFile(dir.path() / "PLAYOK_2023.wtb");
    REQUIRE(r.records.size() == 1);
    CHECK(r.fileDiagnostics.empty());
    CHECK(r.records[0].black == "Alice");
    CHECK(r.records[0].white == "Bob");
    CHECK(r.records[0].event == "PlayOK rated");
    // readWthor, the reader's own entry point, finds them the same way.
    CHECK(readWthor(dir.path() / "PLAYOK_2023.wtb", {}).records.at(0).black == "Alice");
}

TEST_CASE("wthor names: the prefix's files win over WTHOR.* in the same folder") {
    ScratchDir dir;
    writeDump(dir.path(), "PLAYOK_2023.wtb", "PLAYOK.JOU", "PLAYOK.TRN");
    // The federation's names beside it, other players under the same ids.
    ScratchDir other;
    writeDump(other.path(), "WTH_1990.wtb", "WTHOR.JOU", "WTHOR.TRN", "Federation player",
              "Federation event");
    std::filesystem::copy_file(other.path() / "WTHOR.JOU", dir.path() / "WTHOR.JOU");
    std::filesystem::copy_file(other.path() / "WTHOR.TRN", dir.path() / "WTHOR.TRN");
    const FileResult r = readFile(dir.path() / "PLAYOK_2023.wtb");
    REQUIRE(r.records.size() == 1);
    CHECK(r.records[0].black == "Alice");
    CHECK(r.records[0].event == "PlayOK rated");
    // A federation file still uses WTHOR.*.
    std::filesystem::copy_file(other.path() / "WTH_1990.wtb", dir.path() / "WTH_1990.wtb");
    CHECK(readFile(dir.path() / "WTH_1990.wtb").records.at(0).black == "Federation player");
}

TEST_CASE("wthor names: WTHOR.* still serve a prefixed file that has no names of its own") {
    ScratchDir dir;
    writeDump(dir.path(), "PLAYOK_2023.wtb", "WTHOR.JOU", "wth.trn");
    const FileResult r = readFile(dir.path() / "PLAYOK_2023.wtb");
    REQUIRE(r.records.size() == 1);
    CHECK(r.records[0].black == "Alice");
    CHECK(r.records[0].event == "PlayOK rated");
    // ... and the reader says whose names it took: they may be another archive's players.
    REQUIRE(r.fileDiagnostics.size() == 1);
    const Diagnostic* d = fileCode(r, "names-borrowed");
    REQUIRE(d);
    CHECK(d->severity == Severity::Note);
    CHECK(d->message.find("WTHOR.JOU and wth.trn") != std::string::npos);
    CHECK(d->message.find("no PLAYOK.JOU / PLAYOK.TRN") != std::string::npos);
}

TEST_CASE("wthor names: the warning says which names files were looked for") {
    ScratchDir dir;
    writeDump(dir.path(), "PLAYOK_2023.wtb", "", "");
    const FileResult r = readFile(dir.path() / "PLAYOK_2023.wtb");
    REQUIRE(r.records.size() == 1);
    const Diagnostic* d = fileCode(r, "no-names-file");
    REQUIRE(d);
    CHECK(d->message.find("PLAYOK.JOU, WTHOR.JOU, WTH.JOU") != std::string::npos);
    CHECK(d->message.find("PLAYOK.TRN, WTHOR.TRN, WTH.TRN") != std::string::npos);
    CHECK(d->message.find("--players") != std::string::npos);
    CHECK(r.records[0].black.empty());
}

TEST_CASE("wthor names: half the names found is said too") {
    ScratchDir dir;
    writeDump(dir.path(), "PLAYOK_2023.wtb", "PLAYOK.JOU", "");
    const FileResult r = readFile(dir.path() / "PLAYOK_2023.wtb");
    REQUIRE(r.records.size() == 1);
    CHECK(r.records[0].black == "Alice");
    CHECK(r.records[0].event.empty());
    const Diagnostic* d = fileCode(r, "no-names-file");
    REQUIRE(d);
    CHECK(d->message ==
          "no tournaments file (looked for PLAYOK.TRN, WTHOR.TRN, WTH.TRN): tournament names "
          "are left empty");
}

TEST_CASE("wthor names: files named in ReadOptions are used whatever their names") {
    ScratchDir dir;
    writeDump(dir.path(), "dump.wtb", "players.bin", "events.bin");
    ReadOptions o;
    o.wthorPlayers = dir.path() / "players.bin";
    o.wthorTournaments = dir.path() / "events.bin";
    const FileResult r = readFile(dir.path() / "dump.wtb", o);
    REQUIRE(r.records.size() == 1);
    CHECK(r.fileDiagnostics.empty());
    CHECK(r.records[0].black == "Alice");
    CHECK(r.records[0].event == "PlayOK rated");

    // A named file that is missing: the .wtb is not read rather than read without names.
    o.wthorPlayers = dir.path() / "missing.jou";
    const FileResult missing = readFile(dir.path() / "dump.wtb", o);
    CHECK_FALSE(missing.readable);
    REQUIRE(fileCode(missing, "names-file"));
    CHECK(fileCode(missing, "names-file")->message.find("missing.jou") != std::string::npos);
}

TEST_CASE("wthor names: the prefix of a file name") {
    CHECK(wthorPrefix("PLAYOK_2023.wtb") == "PLAYOK");
    CHECK(wthorPrefix("/a/b/My_Club_1999.WTB") == "My_Club");
    CHECK(wthorPrefix("WTH_1990.wtb") == "WTH");
    CHECK(wthorPrefix("games.wtb").empty());
}

TEST_CASE("wthor names: check and import take --players and --tournaments") {
    ScratchDir dir;
    writeDump(dir.path(), "dump.wtb", "p.names", "t.names");
    const std::string wtb = (dir.path() / "dump.wtb").string();
    const std::string players = (dir.path() / "p.names").string();
    const std::string events = (dir.path() / "t.names").string();
    const CliRun check =
        runCli({"check", "--json", wtb, "--players", players, "--tournaments", events});
    CHECK(check.exitCode == 0);
    CHECK(check.out.find("\"black\":\"Alice\"") != std::string::npos);
    const CliRun without = runCli({"check", wtb});
    CHECK(without.out.find("no-names-file") != std::string::npos);

    const std::string db = (dir.path() / "games.sqlite").string();
    const CliRun import = runCli(
        {"import", "--db", db, "--json", wtb, "--players", players, "--tournaments", events});
    CHECK(import.exitCode == 0);
    const CliRun search = runCli({"search", "--db", db, "--player", "Alice", "--json"});
    CHECK(search.exitCode == 0);
    CHECK(search.out.find("PlayOK rated") != std::string::npos);
}

TEST_CASE("wthor names: a folder import skips <PREFIX>.JOU / .TRN as names files") {
    ScratchDir dir;
    writeDump(dir.path(), "PLAYOK_2023.wtb", "PLAYOK.JOU", "PLAYOK.TRN");
    const CliRun check = runCli({"check", dir.path().string()});
    CHECK(check.exitCode == 0);
    CHECK(check.out.find("1 record in 1 file") != std::string::npos);
    ScratchDir dbDir;  // not in the folder imported
    const std::string db = (dbDir.path() / "games.sqlite").string();
    const CliRun import = runCli({"import", "--db", db, "--quiet", dir.path().string()});
    CHECK(import.exitCode == 0);
    CHECK(import.out.find("imported 1,") != std::string::npos);
}

TEST_CASE("wthor names: a shared-archive year renamed as another server's dump keeps its names") {
    if (!wthortest::haveSharedData()) {
        WARN("shared data absent, skipped: wthor/WTH_2021.wtb as PLAYOK_2021.wtb");
        return;
    }
    ScratchDir dir;
    const auto shared = [](const char* name) {
        return wthortest::sharedData(std::string("wthor/") + name);
    };
    std::filesystem::copy_file(shared("WTH_2021.wtb"), dir.path() / "PLAYOK_2021.wtb");
    std::filesystem::copy_file(shared("WTHOR.JOU"), dir.path() / "PLAYOK.JOU");
    std::filesystem::copy_file(shared("WTHOR.TRN"), dir.path() / "PLAYOK.TRN");
    const FileResult original = readFile(shared("WTH_2021.wtb"));
    const FileResult renamed = readFile(dir.path() / "PLAYOK_2021.wtb");
    REQUIRE(renamed.records.size() == original.records.size());
    CHECK(renamed.fileDiagnostics.empty());
    std::size_t named = 0;
    for (std::size_t i = 0; i < original.records.size(); ++i) {
        CHECK(renamed.records[i].black == original.records[i].black);
        CHECK(renamed.records[i].event == original.records[i].event);
        named += !renamed.records[i].black.empty();
    }
    CHECK(named == renamed.records.size());
}
