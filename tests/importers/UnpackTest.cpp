// Compressed files and archives read directly (importers/Unpack.h): every compression, zip and
// tar archives with WTHOR names files inside, one level of archives inside archives, damage and
// the limits against decompression bombs. Fixtures: tests/fixtures/importers/packed
// (make_fixtures.py), from the sample files.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "ReaderTestSupport.h"
#include "importers/Unpack.h"

using namespace othello::importers;
using namespace othello::importers::testing;
using nlohmann::json;

namespace {

std::filesystem::path packed(const std::string& name) {
    return fixture("packed/" + name);
}
std::filesystem::path sample(const std::string& name) {
    return sourcePath("tests/fixtures/samples/" + name);
}

std::vector<FileResult> each(const std::filesystem::path& p, ReadOptions o = {}) {
    std::vector<FileResult> out;
    readEach(p, o, [&](FileResult&& r) { out.push_back(std::move(r)); });
    return out;
}

// The moves of every record, in order.
std::vector<std::string> movesOfAll(const FileResult& r) {
    std::vector<std::string> out;
    for (const GameRecord& g : r.records) out.push_back(movesOf(g));
    return out;
}

const Diagnostic* code(const FileResult& r, const std::string& c) {
    return fileCode(r, c);
}

}  // namespace

TEST_CASE("unpack: recognised by their first bytes, whatever their name") {
    CHECK(packingOf(slurp(packed("games.pgn.gz"))) == Packing::Gzip);
    CHECK(packingOf(slurp(packed("games.moves.bz2"))) == Packing::Bzip2);
    CHECK(packingOf(slurp(packed("games.ggf.xz"))) == Packing::Xz);
    CHECK(packingOf(slurp(packed("wthor.zip"))) == Packing::Zip);
    CHECK(packingOf(slurp(sample("games.pgn"))) == Packing::None);
    CHECK(packingOf(slurp(sample("games.wtb"))) == Packing::None);
    CHECK(unpackedName("a/WTH_1980.wtb.gz") == std::filesystem::path("a/WTH_1980.wtb"));
    CHECK(unpackedName("games.zip") == std::filesystem::path("games.zip"));
}

TEST_CASE("unpack: a compressed file reads as the file it holds, under its own name") {
    struct Case {
        const char* packed;
        const char* plain;
    };
    for (const Case c : {Case{"games.pgn.gz", "games.pgn"}, Case{"games.moves.bz2", "games.moves"},
                         Case{"games.ggf.xz", "games.ggf"}}) {
        INFO(c.packed);
        const FileResult plain = readFile(sample(c.plain));
        const FileResult r = readFile(packed(c.packed));
        CHECK(r.readable);
        CHECK(r.format == plain.format);
        CHECK(r.path == str(packed(c.packed)));
        CHECK(r.recordCount == plain.recordCount);
        CHECK(r.errorRecords == 0);
        CHECK(movesOfAll(r) == movesOfAll(plain));
        REQUIRE_FALSE(r.records.empty());
        CHECK(r.records[0].source.path == str(packed(c.packed)));
    }
}

TEST_CASE("unpack: a zip holds several files and formats, a WTHOR year with its names files") {
    const std::vector<FileResult> files = each(packed("wthor.zip"));
    // WTH_2026.wtb, README.txt (no game record), more/games.pgn; the names files serve the
    // .wtb, the hidden file is left out as in folders.
    REQUIRE(files.size() == 3);
    const std::string zip = str(packed("wthor.zip"));
    CHECK(files[0].path == zip + "/WTH_2026.wtb");
    CHECK(files[0].format == Format::Wthor);
    CHECK(files[0].recordCount == 7);
    CHECK_FALSE(code(files[0], "no-names-file"));
    const FileResult plain = readFile(sample("games.wtb"));
    REQUIRE(files[0].records.size() == plain.records.size());
    for (std::size_t i = 0; i < plain.records.size(); ++i) {
        CHECK(files[0].records[i].black == plain.records[i].black);
        CHECK(files[0].records[i].event == plain.records[i].event);
        CHECK(movesOf(files[0].records[i]) == movesOf(plain.records[i]));
    }
    CHECK_FALSE(files[0].records[0].black.empty());
    CHECK(files[1].path == zip + "/README.txt");
    CHECK(files[1].skipped);
    CHECK(files[2].path == zip + "/more/games.pgn");
    CHECK(files[2].recordCount == 3);
    // readFile sums them up.
    const FileResult all = readFile(packed("wthor.zip"));
    CHECK(all.recordCount == 10);
    CHECK(all.readable);
}

TEST_CASE("unpack: tar.gz, and archives inside an archive one level down") {
    const std::vector<FileResult> tar = each(packed("games.tar.gz"));
    REQUIRE(tar.size() == 2);
    CHECK(tar[0].recordCount == 3);
    CHECK(tar[1].recordCount == 6);

    const std::vector<FileResult> nested = each(packed("nested.zip"));
    REQUIRE(nested.size() == 2);
    const std::string zip = str(packed("nested.zip"));
    CHECK(nested[0].path == zip + "/inner.zip/games.ggf");
    CHECK(nested[0].recordCount == 7);
    CHECK(nested[1].path == zip + "/games.moves.gz");
    CHECK(nested[1].recordCount == 6);

    const std::vector<FileResult> deep = each(packed("deep.zip"));
    REQUIRE(deep.size() == 2);
    CHECK(deep[0].path == str(packed("deep.zip")) + "/middle.zip/inner.zip");
    CHECK_FALSE(deep[0].readable);
    REQUIRE(code(deep[0], "nested-archive"));
    CHECK(deep[1].recordCount == 3);  // the rest of the archive is read
}

TEST_CASE("unpack: a damaged stream keeps the games before the damage and says so") {
    const FileResult r = readFile(packed("cut.moves.gz"));
    CHECK_FALSE(r.readable);
    const Diagnostic* d = code(r, "unpack-error");
    REQUIRE(d);
    CHECK(d->damage);
    CHECK(r.damaged());
    CHECK(r.recordCount > 0);
    CHECK(r.recordCount < 2000);
    CHECK(r.errorRecords == 0);
    CHECK_FALSE(code(r, "unreadable"));  // said once, with the unpacker's words
}

TEST_CASE("unpack: a decompression bomb stops at the limit with a file error") {
    const FileResult r = readFile(packed("bomb.moves.bz2"));
    CHECK_FALSE(r.readable);
    const Diagnostic* d = code(r, "unpack-limit");
    REQUIRE(d);
    CHECK(d->message.find("times its size") != std::string::npos);
}

TEST_CASE("unpack: names files compressed beside a compressed .wtb") {
    const auto dir = tempDir("packed-names");
    std::filesystem::copy_file(sample("games.wtb"), dir / "WTH_2026.wtb");
    for (const char* n : {"WTHOR.JOU", "WTHOR.TRN"})
        std::filesystem::copy_file(sample(n), dir / n);
    REQUIRE(std::system(("gzip -n " + str(dir / "WTH_2026.wtb") + " " + str(dir / "WTHOR.JOU") +
                         " " + str(dir / "WTHOR.TRN"))
                            .c_str()) == 0);
    const FileResult r = readFile(dir / "WTH_2026.wtb.gz");
    CHECK(r.recordCount == 7);
    CHECK_FALSE(code(r, "no-names-file"));
    REQUIRE_FALSE(r.records.empty());
    CHECK(r.records[0].black == readFile(sample("games.wtb")).records[0].black);
    // A folder of them: the names files are no game files to read.
    const CliRun c = runCli({"check", str(dir)});
    CHECK(c.exitCode == 0);
    CHECK(c.out.find("7 records in 1 file") != std::string::npos);
    std::filesystem::remove_all(dir);
}

TEST_CASE("unpack: check and import read compressed files and list each file inside") {
    const auto dir = tempDir("packed-cli");
    const CliRun c = runCli({"check", "--json", str(packed("wthor.zip"))});
    CHECK(c.exitCode == 0);
    const json out = json::parse(c.out);
    CHECK(out["summary"]["files"] == 3);
    CHECK(out["summary"]["records"] == 10);
    CHECK(out["summary"]["not_game_records"] ==
          json::array({str(packed("wthor.zip")) + "/README.txt"}));
    const std::string db = str(dir / "a.sqlite");
    const CliRun i = runCli({"import", "--db", db, "--json", str(packed("wthor.zip")),
                             str(packed("games.moves.bz2")), str(packed("bomb.moves.bz2"))});
    CHECK(i.exitCode == 1);  // the bomb
    const json j = json::parse(i.out);
    CHECK(j["imported"] == 16);
    CHECK(j["files_read"] == 3);
    CHECK(j["files_unreadable"] == 1);
    CHECK(j["files_skipped"] == 1);
    // Sources name the file inside the archive.
    const CliRun s = runCli({"show", "1", "--db", db});
    CHECK(s.out.find("wthor.zip/WTH_2026.wtb#1") != std::string::npos);
    std::filesystem::remove_all(dir);
}
