// The format table (importers/FormatTable.h): stored codes never change (archives hold them),
// names and aliases round-trip, every list of formats elsewhere (the fuzz targets, the CLI's
// validators) comes from the table, and an unknown format is a usage error (exit 2) everywhere.
#include <catch2/catch.hpp>

#include <regex>
#include <set>

#include "ReaderTestSupport.h"
#include "importers/FormatTable.h"

using namespace othello;
using namespace othello::importers;
using namespace othello::importers::testing;

namespace {

const Format kEveryFormat[] = {Format::Auto, Format::Moves, Format::Transcript, Format::Wthor,
                               Format::Ggf,  Format::Pgn,   Format::Csv};

// The words of a list such as "foreach(reader moves transcript ...)" found by `pattern` (one
// capture group) in a source file.
std::vector<std::string> listIn(const std::string& relative, const std::string& pattern) {
    const std::string text = slurp(sourcePath(relative));
    std::smatch m;
    std::vector<std::string> words;
    if (!std::regex_search(text, m, std::regex(pattern))) return words;
    std::istringstream in(m[1].str());
    for (std::string w; in >> w;) words.push_back(w);
    return words;
}

std::vector<std::string> tableReaders() {
    std::vector<std::string> names;
    for (const FormatInfo& row : formatTable())
        if (row.format != Format::Auto) names.emplace_back(row.name);
    return names;
}

}  // namespace

TEST_CASE("format table: the stored codes are pinned (archives hold them)") {
    // Never change these: games.format in every existing archive holds them.
    CHECK(storedFormatCode(Format::Auto) == 0);
    CHECK(storedFormatCode(Format::Moves) == 1);
    CHECK(storedFormatCode(Format::Transcript) == 2);
    CHECK(storedFormatCode(Format::Wthor) == 3);
    CHECK(storedFormatCode(Format::Ggf) == 4);
    CHECK(storedFormatCode(Format::Pgn) == 5);
    CHECK(storedFormatCode(Format::Csv) == 6);
    std::set<int> codes;
    for (Format f : kEveryFormat) {
        INFO(formatName(f));
        CHECK(formatInfo(f).format == f);  // every Format has its own row
        CHECK(codes.insert(storedFormatCode(f)).second);
        CHECK(formatFromStoredCode(storedFormatCode(f)) == f);
    }
    CHECK(formatTable().size() == std::size(kEveryFormat));
    CHECK_FALSE(formatFromStoredCode(7).has_value());
    CHECK_FALSE(formatFromStoredCode(-1).has_value());
}

TEST_CASE("format table: names and aliases round-trip, in any case") {
    for (const FormatInfo& row : formatTable()) {
        INFO(row.name);
        CHECK(parseFormat(row.name) == row.format);
        CHECK(std::string(formatName(row.format)) == row.name);
        std::string upper = row.name;
        for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        CHECK(parseFormat(upper) == row.format);
        for (const char* alias : row.aliases) {
            CHECK(parseFormat(alias) == row.format);
            CHECK(std::string(formatName(*parseFormat(alias))) == row.name);
        }
    }
    CHECK(parseFormat("wtb") == Format::Wthor);
    CHECK(parseFormat("move-list") == Format::Moves);
    CHECK_FALSE(parseFormat("x").has_value());
    CHECK_FALSE(parseFormat("").has_value());
}

TEST_CASE("format table: every row can be read, detected and written as it says") {
    for (const FormatInfo& row : formatTable()) {
        INFO(row.name);
        if (row.format == Format::Auto) continue;
        // Text formats have a reader; WTHOR is read from its bytes with its names files.
        CHECK((row.read != nullptr) == (row.format != Format::Wthor));
        if (row.detectRank > 0) CHECK(row.detect != nullptr);
        if (row.canWrite) CHECK((row.writeText != nullptr) != (row.writeFile != nullptr));
        if (row.boundary) CHECK(row.read != nullptr);
    }
    CHECK(formatNames(false, true, "|") == "auto|moves|transcript|wthor|ggf|pgn|csv");
    CHECK(formatNames(true, true, ", ") == "moves, transcript, wthor, ggf, pgn");
    CHECK(detectTextFormat("(;GM[Othello]PB[a]B[f5];)") == Format::Ggf);
    CHECK(detectTextFormat("[Event \"x\"]\n1. F5\n") == Format::Pgn);
    CHECK(detectTextFormat("id,moves\n1,f5d6\n") == Format::Csv);
    CHECK(detectTextFormat("f5d6c3\n") == Format::Moves);
    CHECK(isNamesFile("WTHOR.JOU"));
    CHECK(isNamesFile("dumps/PLAYOK.trn"));
    CHECK_FALSE(isNamesFile("WTH_1990.wtb"));
    CHECK_FALSE(isNamesFile("games.pgn"));
}

TEST_CASE("format table: the fuzz targets are the table's readers") {
    // CMake builds one fuzz_<reader> per word of its foreach list, scripts/fuzz runs its own
    // list: both must name every row, so that a new format is fuzzed.
    CHECK(listIn("tests/fuzz/CMakeLists.txt", R"(foreach\(reader ([a-z ]+)\))") == tableReaders());
    CHECK(listIn("scripts/fuzz", R"(readers=\(([a-z ]+)\))") == tableReaders());
}

TEST_CASE("format table: an unknown format is a usage error (exit 2) in every command") {
    const auto dir = tempDir("format-usage");
    const std::string db = (dir / "a.sqlite").string();
    const std::string file = sourcePath("tests/fixtures/samples/games.pgn").string();
    const std::vector<std::vector<std::string>> runs = {
        {"check", "--format", "x", file},
        {"convert", file, "--to", "csv", "-o", (dir / "out.csv").string()},
        {"convert", file, "--to", "x", "-o", (dir / "out.x").string()},
        {"import", "--format", "x", file, "--db", db},
        {"export", "--to", "x", "-o", (dir / "out.x").string(), "--db", db},
        {"export", "--to", "csv", "-o", (dir / "out.csv").string(), "--db", db}};
    for (const auto& args : runs) {
        INFO(args[0] << ' ' << args[1] << ' ' << args[2] << ' ' << args[3]);
        const CliRun r = runCli(args);
        CHECK(r.exitCode == 2);
        CHECK(r.err.find("expected one of") != std::string::npos);
    }
    std::filesystem::remove_all(dir);
}

TEST_CASE("format table: no reader includes the front door") {
    // Reader.h includes every reader; the readers take their types from ReadTypes.h.
    for (const auto& e : std::filesystem::directory_iterator(sourcePath("importers"))) {
        const std::string file = e.path().filename().string();
        if (file == "Reader.cpp" || file == "Reader.h") continue;
        INFO(file);
        CHECK(slurp(e.path()).find("#include \"Reader.h\"") == std::string::npos);
    }
}
