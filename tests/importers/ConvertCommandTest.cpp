// `othello-db convert` and the writers behind it: every format written and read back.
#include <catch2/catch.hpp>

#include "ReaderTestSupport.h"
#include "importers/Writer.h"

using namespace othello;
using namespace othello::importers;
using namespace othello::importers::testing;

namespace {

// The same games: moves, status and score (metadata is checked where the format keeps it).
void checkSameGames(const std::vector<GameRecord>& a, const std::vector<GameRecord>& b) {
    REQUIRE(a.size() == b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        INFO("game " << i);
        CHECK(a[i].moves == b[i].moves);
        CHECK(a[i].status == b[i].status);
        CHECK(a[i].score == b[i].score);
        CHECK(a[i].start == b[i].start);
    }
}

}  // namespace

TEST_CASE("convert: every sample through every writer reads back to the same games") {
    const std::filesystem::path dir = tempDir("convert");
    const Format targets[] = {Format::Moves, Format::Transcript, Format::Ggf, Format::Pgn,
                              Format::Wthor};
    for (const char* rel : {"tests/fixtures/samples/games.moves", "tests/fixtures/samples/wc1992.transcript", "tests/fixtures/samples/games.pgn",
                            "tests/fixtures/samples/games.csv", "tests/fixtures/samples/games.ggf", "tests/fixtures/samples/games.wtb"}) {
        const FileResult in = readFile(sourcePath(rel));
        REQUIRE(!in.records.empty());
        for (Format to : targets) {
            INFO(rel << " -> " << formatName(to));
            std::string leaf = std::filesystem::path(rel).stem().string();
            leaf.push_back('.');
            leaf.append(to == Format::Wthor ? "wtb" : formatName(to));
            const std::filesystem::path out = dir / leaf;
            const CliRun r =
                runCli({"convert", str(sourcePath(rel)), "--to", formatName(to), "-o", str(out)});
            CHECK(r.exitCode == 0);
            // Only warnings about what the format cannot keep (conversionWarnings).
            CHECK(r.err.find(": error:") == std::string::npos);
            const FileResult back = readFile(out);
            CHECK(back.format == to);
            checkSameGames(in.records, back.records);
            if (to != Format::Moves) {
                // Names are kept (WTHOR writes an unknown name as "?").
                for (std::size_t i = 0; i < in.records.size() && i < back.records.size(); ++i) {
                    if (to == Format::Wthor && in.records[i].black.empty()) continue;
                    CHECK(in.records[i].black == back.records[i].black);
                    CHECK(in.records[i].white == back.records[i].white);
                }
            }
        }
    }
    std::filesystem::remove_all(dir);
}

TEST_CASE("convert: bad records are reported and skipped, exit 1") {
    const std::filesystem::path dir = tempDir("convert-bad");
    const CliRun r = runCli({"convert", str(fixture("moves/occupied.moves")), "--to", "pgn", "-o",
                             str(dir / "out.pgn")});
    CHECK(r.exitCode == 1);
    CHECK(r.err.find("[occupied]") != std::string::npos);
    CHECK(r.err.find("[not-converted]") != std::string::npos);
    const FileResult back = readFile(dir / "out.pgn");
    CHECK(back.records.size() == 1);
    std::filesystem::remove_all(dir);
}

TEST_CASE("convert: to standard output, and usage errors") {
    const std::string in = str(sourcePath("tests/fixtures/samples/game.moves"));
    const CliRun r = runCli({"convert", in, "--to", "transcript", "-o", "-"});
    CHECK(r.exitCode == 0);
    CHECK(r.out.find(" 1 45 32 19 18 31 24 44 43") == std::string::npos);
    CHECK(r.out.find("1 45 32 19 18 31 24 44 43") != std::string::npos);
    CHECK(runCli({"convert", in, "--to", "csv", "-o", "x"}).exitCode == 2);
    CHECK(runCli({"convert", in, "-o", "x"}).exitCode == 2);
    {
        // A unique output path: tests may run in parallel with other checkouts.
        const std::filesystem::path dir = tempDir("convert-usage");
        CHECK(
            runCli({"convert", "/nonexistent", "--to", "pgn", "-o", str(dir / "x.pgn")}).exitCode ==
            2);
        CHECK(!std::filesystem::exists(dir / "x.pgn"));
        std::filesystem::remove_all(dir);
    }
    CHECK(runCli({"convert", in, "--to", "wthor", "-o", "-"}).exitCode == 2);
}

TEST_CASE("writer: games a format cannot hold are left out, with the reason") {
    GameRecord g;
    g.start = core::Position(core::bit(0), core::bit(1), core::Color::Black);
    g.standardStart = false;
    g.status = GameStatus::Incomplete;
    std::string why;
    CHECK(!canWrite(g, Format::Moves, &why));
    CHECK(!why.empty());
    CHECK(!canWrite(g, Format::Transcript));
    CHECK(canWrite(g, Format::Pgn));
    CHECK(canWrite(g, Format::Ggf));
    GameRecord bad;
    bad.status = GameStatus::Error;
    CHECK(!canWrite(bad, Format::Pgn, &why));
    CHECK(writeGamesToString({g, bad}, Format::Moves).empty());
    CHECK_THROWS(writeGamesToString({g}, Format::Wthor));
    // PGN keeps a set-up board as a FEN tag.
    const FileResult back = readWith("fen.pgn", writeGamesToString({g}, Format::Pgn), Format::Auto);
    REQUIRE(back.records.size() == 1);
    CHECK(back.records[0].start == g.start);
}

TEST_CASE("convert: what the output format cannot keep is said, never lost silently") {
    const std::filesystem::path dir = tempDir("convert-lossy");
    const std::string in = str(fixture("pgn/two-years.pgn"));
    const CliRun w = runCli({"convert", in, "--to", "wthor", "-o", str(dir / "out.wtb")});
    CHECK(w.exitCode == 0);
    CHECK(w.err.find("[mixed-years]") != std::string::npos);
    CHECK(w.err.find("games of 2 years (1992, 1993)") != std::string::npos);
    CHECK(w.err.find("'Penloup Dominique Jean-Marie' is longer than 19 bytes: written as "
                     "'Penloup Dominique J' [name-truncated]") != std::string::npos);
    CHECK(w.err.find("is longer than 25 bytes") != std::string::npos);
    CHECK(w.err.find("[name-not-latin1]") != std::string::npos);
    CHECK(w.err.find("1 game lacks a player or tournament name: written as '?' [unknown-name]") !=
          std::string::npos);
    CHECK(w.err.find("[theoretical-score]") != std::string::npos);
    // What was written is what the warnings say.
    const FileResult back = readFile(dir / "out.wtb");
    REQUIRE(back.records.size() == 2);
    CHECK(back.records[0].black == "Penloup Dominique J");
    CHECK(back.records[1].white == "?");
    CHECK(back.records[0].theoreticalScore == back.records[0].statedBlackDiscs.value_or(-1));
    // A move list keeps names, event and date (JSON object lines): nothing to say.
    const CliRun m = runCli({"convert", in, "--to", "moves", "-o", "-"});
    CHECK(m.exitCode == 0);
    CHECK(m.err.empty());
    const FileResult mb = readWith("m.moves", m.out, Format::Moves);
    REQUIRE(mb.records.size() == 2);
    CHECK(mb.records[0].black == "Penloup Dominique Jean-Marie");
    CHECK(mb.records[0].date == "1992-08-14");
    CHECK(mb.records[1].event == "Paris");
    // A round or a place it cannot keep is said.
    const std::string withRound = str(dir / "round.pgn");
    std::ofstream(withRound) << "[Event \"E\"]\n[Round \"3\"]\n\n1. F5 D6\n";
    const CliRun mr = runCli({"convert", withRound, "--to", "moves", "-o", "-"});
    CHECK(mr.exitCode == 0);
    CHECK(mr.err.find("[metadata-not-kept]") != std::string::npos);
    // Formats that keep the metadata say nothing.
    const CliRun p = runCli({"convert", in, "--to", "pgn", "-o", "-"});
    CHECK(p.err.empty());
    // A file with no game: said, and bad input.
    const CliRun e = runCli({"convert", str(fixture("empty/empty.moves")), "--to", "pgn", "-o",
                             str(dir / "empty.pgn")});
    CHECK(e.exitCode == 1);
    CHECK(e.err.find("[no-games]") != std::string::npos);
    std::filesystem::remove_all(dir);
}
