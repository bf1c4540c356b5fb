// `othello-db check` and `import` on damaged and hostile files: damage is printed and exits 1,
// and memory stays bounded (run under `ulimit -v`) whatever the number of broken records. The
// big files are generated here at run time, never committed.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "ReaderTestSupport.h"

using namespace othello::importers::testing;
using nlohmann::json;

namespace {

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

std::string shellWord(const std::string& word) {
    std::string out = "'";
    for (char c : word) {
        if (c == '\'')
            out += "'\\''";
        else
            out += c;
    }
    return out + "'";
}

// Runs othello-db under a virtual memory limit (KiB), its output in files of `dir`.
CliRun runLimited(const std::filesystem::path& dir, long limitKiB,
                  const std::vector<std::string>& args) {
    std::string inner = "ulimit -v " + std::to_string(limitKiB) + "; exec";
    inner += ' ';
    inner += shellWord(OTHELLO_CLI);
    for (const std::string& a : args) {
        inner += ' ';
        inner += shellWord(a);
    }
    const std::filesystem::path out = dir / "stdout", err = dir / "stderr";
    std::string command = "bash -c ";
    command += shellWord(inner);
    command += " >";
    command += shellWord(out.string());
    command += " 2>";
    command += shellWord(err.string());
    const int status = std::system(command.c_str());
    CliRun r;
    r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.out = slurp(out);
    r.err = slurp(err);
    return r;
}

void writeFile(const std::filesystem::path& p, const std::string& text) {
    std::ofstream(p, std::ios::binary) << text;
}

// About 1 GB of address space: the program maps its libraries and reads the file whole (32
// MB); a copy of the whole input per record, or a JSON document of 2 million games held in
// memory (9 GB before these limits), does not fit.
constexpr long kLimitKiB = 1000000;

}  // namespace

TEST_CASE("hostile: 2 million unclosed GGF games, check --json under ulimit -v") {
    const auto dir = tempDir("hostile-ggf");
    std::string bomb;
    const std::string unit = "(;GM[Othello]PB[";
    bomb.reserve(unit.size() * 2000000);
    for (int i = 0; i < 2000000; ++i) bomb += unit;
    writeFile(dir / "bomb.ggf", bomb);
    bomb.clear();
    bomb.shrink_to_fit();
    const CliRun r = runLimited(dir, kLimitKiB, {"check", "--json", str(dir / "bomb.ggf")});
    INFO(r.err.substr(0, 2000));
    CHECK(r.exitCode == 1);
    const json j = json::parse(r.out);  // one valid document, written as it went
    CHECK(j["summary"]["records"] == 2000000);
    CHECK(j["summary"]["error"] == 2000000);
    CHECK(j["summary"]["damaged"] == 2000000);
    // The first records in full, the rest counted and summed up.
    CHECK(j["games"].size() == 1000);
    CHECK(j["games"][0]["error"]["code"] == "bad-game");
    CHECK(j["games"][0]["error"]["damage"] == true);
    REQUIRE(j["files"].size() == 1);
    CHECK(j["files"][0]["diagnostics_not_kept"] == 1999000);
    bool summarised = false;
    for (const json& d : j["files"][0]["diagnostics"])
        summarised |= d["code"] == "diagnostic-limit";
    CHECK(summarised);
    std::filesystem::remove_all(dir);
}

TEST_CASE("hostile: a million '*' lines, check under ulimit -v") {
    const auto dir = tempDir("hostile-stars");
    std::string stars;
    for (int i = 0; i < 1000000; ++i) stars += "*\n";
    writeFile(dir / "stars.moves", stars);
    // Read as moves (nothing in it looks like moves: detected, it is skipped as no game record).
    const CliRun r =
        runLimited(dir, kLimitKiB, {"check", "--format", "moves", str(dir / "stars.moves")});
    CHECK(r.exitCode == 1);
    CHECK(contains(r.out, "1000000 records in 1 file: 0 complete, 0 incomplete, 1000000 errors"));
    CHECK(contains(r.out, "999000 more diagnostics past the first 1000 of the file not kept"));
    // Bounded output: the first 1000 errors, then the summary.
    CHECK(r.out.size() < 200000);
    std::filesystem::remove_all(dir);
}

TEST_CASE("damage: check and import print it and exit 1, the records after it are kept") {
    const auto dir = tempDir("damage");
    writeFile(dir / "u.pgn",
              "[Event \"A\"]\n\n1. F5 D6 2. C3 {never ends\n3. D3 C4\n\n[Event \"B\"]\n1. F5 F6\n");
    writeFile(dir / "u.csv", "id,winner,moves\n1,1,\"f5d6\n2,1,f5d6c3\n3,0,\n");
    const CliRun c = runCli({"check", str(dir / "u.pgn"), str(dir / "u.csv")});
    CHECK(c.exitCode == 1);
    CHECK(contains(c.out, "u.pgn:3: warning: this '{' comment is not closed before the next game"));
    CHECK(contains(c.out, "u.csv:2: warning: this '\"' is never closed"));
    CHECK(contains(c.out, "u.csv:4: warning: the record has no moves"));
    CHECK(contains(c.out,
                   "5 records in 2 files: 0 complete, 5 incomplete, 0 errors, 3 warnings; "
                   "2 damaged records"));

    const CliRun j = runCli({"check", "--json", str(dir / "u.csv")});
    CHECK(j.exitCode == 1);
    const json doc = json::parse(j.out);
    CHECK(doc["games"].size() == 3);
    CHECK(doc["games"][0]["warnings"][0]["code"] == "unterminated-quote");
    CHECK(doc["games"][0]["warnings"][0]["damage"] == true);
    CHECK(doc["summary"]["damaged"] == 1);

    // convert writes every record read, and says the input was damaged.
    const CliRun v = runCli({"convert", str(dir / "u.pgn"), "--to", "moves", "-o", "-"});
    CHECK(v.exitCode == 1);
    // Games with an event are JSON object lines, which read back with it.
    CHECK(v.out == "{\"moves\":\"f5d6c3\",\"event\":\"A\"}\n"
                   "{\"moves\":\"f5f6\",\"event\":\"B\"}\n");
    CHECK(contains(v.err, "[unterminated-comment]"));

    const std::string db = str(dir / "games.sqlite");
    const CliRun i =
        runCli({"import", "--db", db, str(dir / "u.pgn"), str(dir / "u.csv")});
    CHECK(i.exitCode == 1);
    CHECK(contains(i.err, "u.pgn:3: warning: this '{' comment is not closed"));
    CHECK(contains(i.err, "u.csv:4: warning: the record has no moves"));
    CHECK(contains(i.err, "2 damaged records or files"));
    CHECK(contains(i.out, "5 games read"));

    const CliRun ij =
        runCli({"import", "--db", str(dir / "other.sqlite"), "--json", str(dir / "u.pgn")});
    CHECK(ij.exitCode == 1);
    const json id = json::parse(ij.out);
    CHECK(id["damaged"] == 1);
    REQUIRE(id["warnings"].size() == 1);
    CHECK(id["warnings"][0]["code"] == "unterminated-comment");
    CHECK(id["records_read"] == 2);
    std::filesystem::remove_all(dir);
}

TEST_CASE("hostile: import of 2 million unclosed GGF games under ulimit -v") {
    // The records are stored as they are read (storage/import/RecordStream.h): before, the import held
    // every record of the file at once and took 1.2 GB for this 32 MB file.
    const auto dir = tempDir("hostile-import");
    std::string bomb;
    const std::string unit = "(;GM[Othello]PB[";
    bomb.reserve(unit.size() * 2000000);
    for (int i = 0; i < 2000000; ++i) bomb += unit;
    bomb += "(;GM[Othello]PB[Black]PW[White]RE[+64]BO[8 ---------------------------O*------*O---"
            "------------------------ *]B[f5]W[d6]B[c3];)";
    writeFile(dir / "bomb.ggf", bomb);
    bomb.clear();
    bomb.shrink_to_fit();
    const CliRun r = runLimited(dir, 600000,
                                {"import", "--json", "--db", str(dir / "games.sqlite"),
                                 str(dir / "bomb.ggf")});
    INFO(r.err.substr(0, 2000));
    CHECK(r.exitCode == 1);
    const json j = json::parse(r.out);
    CHECK(j["records_read"] == 2000001);
    CHECK(j["imported"] == 1);
    CHECK(j["damaged"] == 2000000);
    std::filesystem::remove_all(dir);
}
