// An import's memory stays bounded: its diagnostics lists are capped (the counts stay exact), and
// files are stored as they are read (storage/import/RecordStream.h).
#include <catch2/catch.hpp>

#include "StorageTestUtil.h"
#include "storage/Archive.h"

using namespace storagetest;
using othello::storage::Archive;

TEST_CASE("an import keeps at most kMaxImportDiagnostics errors and counts the rest",
          "[storage][limits]") {
    TempDir dir("bounds");
    Archive a(dir / "games.sqlite");
    const std::size_t extra = 37;
    const std::size_t n = othello::storage::kMaxImportDiagnostics + extra;
    std::vector<importers::GameRecord> records;
    records.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
        // a1 is no legal first move: every record is rejected with one error.
        records.push_back(makeRecord("A", "B", "", 2000, std::vector<int>{othello::core::parseSquare("a1")}, "bad.moves", int(i) + 1));
        REQUIRE_FALSE(records.back().ok());
    }
    const auto r = a.importRecords(records);
    CHECK(r.rejected == std::int64_t(n));
    CHECK(r.errors.size() == othello::storage::kMaxImportDiagnostics);
    CHECK(r.diagnosticsNotKept == std::int64_t(extra));
}

TEST_CASE("importing files streams their records in order, across files", "[storage][limits]") {
    TempDir dir("stream");
    std::string text;
    // More records than the hand-off queue holds, so the reader waits for the writer.
    for (int i = 0; i < 5000; ++i) text += "f5d6c3d3c4\n";
    writeFile(dir / "a.moves", text);
    writeFile(dir / "b.moves", "f5f6e6f4\na1\n");
    Archive a(dir / "games.sqlite");
    othello::storage::ImportOptions o;
    std::vector<std::string> files;
    o.progress = [&](const othello::storage::ImportProgress& p) {
        if (files.empty() || files.back() != p.currentFile) files.push_back(p.currentFile);
    };
    const auto r = a.importFiles({dir / "a.moves", dir / "b.moves"}, o);
    CHECK(r.recordsRead == 5002);
    CHECK(r.imported == 2);  // 4999 exact duplicates of the first game
    CHECK(r.duplicates == 4999);
    CHECK(r.rejected == 1);
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].where.path.find("b.moves") != std::string::npos);
    CHECK(r.errors[0].where.line == 2);
    CHECK(r.filesRead == 2);
    REQUIRE(files.size() >= 2);
    CHECK(files.front().find("a.moves") != std::string::npos);
}
