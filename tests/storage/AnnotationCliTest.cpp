// Comments and variations on the command line, end to end: show (text and --json), edit
// (--comment, --clear-comments, --clear-variations, --annotations-from, moves edits), import
// (annotated duplicates reported, --merge-annotations), export, history and revert.
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
    Db() : CliDb("annotation-cli") {}
    std::string file(const std::string& name, const std::string& text) const {
        writeFile(dir / name, text);
        return shellQuote((dir / name).string());
    }
};

const std::string kHeaders =
    "[Event \"Club Cup\"]\n[Date \"2024.05.01\"]\n[Black \"Anna\"]\n[White \"Bob\"]\n"
    "[Result \"*\"]\n\n";
const std::string kAnnotated =
    kHeaders +
    "{before the game} 1. F5 {the usual} D6 (1... F6 2. E6 {parallel} (2. D3)) 2. C3 D3 {ok} "
    "3. C4 *\n";
const std::string kPlain = kHeaders + "1. F5 D6 2. C3 D3 3. C4 *\n";

}  // namespace

TEST_CASE("cli show prints comments and variations inline and in --json",
          "[storage][cli][annotations]") {
    Db db;
    CHECK(db.json("import " + db.file("a.pgn", kAnnotated))["imported"] == 1);
    const auto text = db.run("show 1");
    CHECK(text.exitCode == 0);
    CHECK(text.out.find("annotated: {before the game} 1. F5 {the usual}") != std::string::npos);
    CHECK(text.out.find("(1... F6 2. E6 {parallel} (2. D3))") != std::string::npos);
    const auto j = db.json("show 1");
    CHECK(j["comments"] == nlohmann::json::parse(
                               R"([{"ply":0,"text":"before the game"},{"ply":1,"text":"the usual"},
                                   {"ply":4,"text":"ok"}])"));
    REQUIRE(j["variations"].size() == 1);
    CHECK(j["variations"][0]["ply"] == 1);
    CHECK(j["variations"][0]["moves"] == nlohmann::json::parse(R"(["f6","e6"])"));
    CHECK(j["variations"][0]["comments"][0]["ply"] == 2);
    CHECK(j["variations"][0]["variations"][0]["moves"] == nlohmann::json::parse(R"(["d3"])"));
    CHECK(db.run("show --help").out.find("\"variations\"") != std::string::npos);
    // A game without annotations: empty lists, no "annotated" line.
    db.json("add --moves f5d6c3");
    CHECK(db.json("show 2")["comments"].empty());
    CHECK(db.json("show 2")["variations"].empty());
    CHECK(db.run("show 2").out.find("annotated") == std::string::npos);
    // export: PGN writes them all; GGF says it drops the variations.
    const auto pgn = db.dir / "out.pgn";
    db.json("export --to pgn -o " + shellQuote(pgn.string()));
    std::ifstream in(pgn);
    const std::string written((std::istreambuf_iterator<char>(in)), {});
    CHECK(written.find("{the usual}") != std::string::npos);
    CHECK(written.find("(1... F6 2. E6 {parallel} (2. D3))") != std::string::npos);
    const auto ggf = db.json("export --to ggf -o " + shellQuote((db.dir / "out.ggf").string()));
    REQUIRE(ggf["warnings"].size() == 1);
    CHECK(ggf["warnings"][0]["code"] == "variations-not-kept");
}

TEST_CASE("cli edit sets comments and variations, journalled and revertible",
          "[storage][cli][annotations]") {
    Db db;
    db.json("import " + db.file("p.pgn", kPlain));
    auto e = db.json("edit 1 --comment 2 'a  sharp   reply' --comment 0 start --user ann");
    CHECK(e["fields"] == nlohmann::json::parse(R"(["annotations"])"));
    auto j = db.json("show 1");
    CHECK(j["comments"] ==
          nlohmann::json::parse(R"([{"ply":0,"text":"start"},{"ply":2,"text":"a sharp reply"}])"));
    const auto h = db.json("history 1");
    CHECK(h["changes"][0]["user"] == "ann");
    CHECK(h["changes"][0]["details"]["fields"].contains("annotations"));
    // An empty text removes one comment; a ply off the game is a usage error.
    db.json("edit 1 --comment 0 ''");
    CHECK(db.json("show 1")["comments"].size() == 1);
    CHECK(db.run("edit 1 --comment 6 x").exitCode == 2);
    // Variations from a PGN of the same moves; a record of other moves is refused.
    db.json("edit 1 --annotations-from " + db.file("a.pgn", kAnnotated));
    j = db.json("show 1");
    CHECK(j["variations"].size() == 1);
    CHECK(j["comments"].size() == 3);
    CHECK(db.run("edit 1 --annotations-from " + db.file("o.pgn", kHeaders + "1. F5 F6 *\n"))
              .exitCode == 1);
    CHECK(db.run("edit 1 --annotations-from " + shellQuote((db.dir / "a.pgn").string()) + ":2")
              .exitCode == 1);
    // A moves edit that leaves a comment off the line is refused, and accepted with
    // --clear-comments (one change: moves and annotations).
    const auto refused = db.run("edit 1 --moves f5d6c3");
    CHECK(refused.exitCode == 1);
    CHECK(refused.err.find("off their line") != std::string::npos);
    CHECK(db.json("show 1")["moves"].size() == 5);
    e = db.json("edit 1 --moves f5d6c3 --clear-comments");
    CHECK(e["fields"] == nlohmann::json::parse(R"(["moves","annotations"])"));
    j = db.json("show 1");
    CHECK(j["comments"].empty());
    CHECK(j["variations"].size() == 1);
    db.json("edit 1 --clear-variations");
    CHECK(db.json("show 1")["variations"].empty());
    // Reverting the last two changes brings the five moves and the comments back.
    const auto last = db.json("history 1 --limit 2")["changes"];
    db.json("revert " + std::to_string(last[0]["id"].get<std::int64_t>()));
    db.json("revert " + std::to_string(last[1]["id"].get<std::int64_t>()));
    j = db.json("show 1");
    CHECK(j["moves"].size() == 5);
    CHECK(j["comments"].size() == 3);
    CHECK(j["variations"].size() == 1);
    CHECK(db.run("edit --help").out.find("--annotations-from") != std::string::npos);
}

TEST_CASE("cli import reports duplicates that bring annotations and merges them when asked",
          "[storage][cli][annotations]") {
    Db db;
    const std::string plain = db.file("p.pgn", kPlain), annotated = db.file("a.pgn", kAnnotated);
    db.json("import " + plain);
    auto r = db.json("import " + annotated);
    CHECK(r["duplicates"] == 1);
    CHECK(r["annotated_duplicates"] == 1);
    CHECK(r["annotated_duplicate_games"] == nlohmann::json::parse("[1]"));
    CHECK(r["annotations_merged"] == 0);
    CHECK(r["notes"][0]["code"] == "annotated-duplicate");
    const auto text = db.run("import " + annotated);
    CHECK(text.out.find("1 duplicate brought comments or variations") != std::string::npos);
    CHECK(text.out.find("--merge-annotations") != std::string::npos);
    CHECK(db.json("show 1")["comments"].empty());
    r = db.json("import --merge-annotations " + annotated);
    CHECK(r["annotations_merged"] == 1);
    CHECK(r["notes"][0]["code"] == "annotations-merged");
    CHECK(db.json("show 1")["comments"].size() == 3);
    // The merge is an edit of the game: revert takes it back.
    const auto h = db.json("history --limit 1")["changes"][0];
    CHECK(h["kind"] == "edit");
    CHECK(h["games"] == nlohmann::json::parse("[1]"));
    db.json("revert " + std::to_string(h["id"].get<std::int64_t>()));
    CHECK(db.json("show 1")["comments"].empty());
    // The plain file again: a duplicate, nothing to report.
    CHECK(db.json("import " + plain)["annotated_duplicates"] == 0);
    CHECK(db.run("import --help").out.find("--merge-annotations") != std::string::npos);
}
