// Archive::setDeadline: a query past its deadline fails with an exception (never a crash),
// says so, and the connection answers the same query once the bound is lifted.
#include <catch2/catch.hpp>

#include <random>

#include "StorageTestUtil.h"
#include "storage/Archive.h"

using namespace othello;
namespace fs = std::filesystem;

TEST_CASE("archive: a query past its deadline throws, and the connection stays usable") {
    storagetest::TempDir dir("deadline");
    const fs::path db = dir / "a.sqlite";
    {
        storage::Archive archive(db);
        std::mt19937_64 rng(3);
        std::vector<importers::GameRecord> records;
        for (int i = 0; i < 600; ++i)
            records.push_back(storagetest::makeRecord("Black " + std::to_string(i), "White", "Open",
                                                      2024, storagetest::randomGame(rng), "d.moves",
                                                      i + 1));
        REQUIRE(archive.importRecords(records).imported == 600);
    }
    storage::Archive reader(db, storage::Archive::Mode::ReadOnly);
    storage::SearchFilter filter;
    filter.player = "black";
    filter.sort = storage::SortKey::White;
    filter.limit = 5;
    const std::int64_t total = reader.search(filter).total;
    CHECK(total == 600);
    CHECK(!reader.deadlineExceeded());

    // A deadline already passed: the statement is interrupted. Before the fix, the reused
    // statement's reset rethrew the interruption from a destructor and ended the process.
    reader.setDeadline(std::chrono::steady_clock::now() - std::chrono::seconds(1));
    CHECK_THROWS(reader.search(filter));
    CHECK(reader.deadlineExceeded());
    CHECK_THROWS(reader.count(filter));

    // Lifted: the same statements answer again, with the same result.
    reader.setDeadline(std::nullopt);
    CHECK(!reader.deadlineExceeded());
    CHECK(reader.search(filter).total == total);
    // A generous deadline changes nothing.
    reader.setDeadline(std::chrono::steady_clock::now() + std::chrono::minutes(1));
    CHECK(reader.search(filter).total == total);
    CHECK(!reader.deadlineExceeded());
}
