// Sorted searches with a selective filter: the rows a filter keeps come out in the same order
// as in the unfiltered sort (the query finds them through the filter and sorts them instead of
// walking a whole name index: storage/ArchiveQuery.cpp rowsFrom).
#include <catch2/catch.hpp>

#include <random>

#include "StorageTestUtil.h"
#include "storage/Archive.h"

using namespace othello;
namespace fs = std::filesystem;

TEST_CASE("archive: name sorts with a name filter keep the unfiltered order") {
    storagetest::TempDir dir("sorted");
    const fs::path db = dir / "a.sqlite";
    storage::Archive archive(db);
    std::mt19937_64 rng(11);
    const char* names[] = {"Zoë", "alice", "Bob", "bob", "Émile", "carl", "Anna Berg"};
    const char* events[] = {"Paris Open", "Open de Lyon", "Club night"};
    std::vector<importers::GameRecord> records;
    for (int i = 0; i < 300; ++i)
        records.push_back(storagetest::makeRecord(names[rng() % 7], names[rng() % 7],
                                                  events[rng() % 3], 2000 + int(rng() % 20),
                                                  storagetest::randomGame(rng), "s.moves", i + 1));
    REQUIRE(archive.importRecords(records).imported == 300);

    for (const auto key :
         {storage::SortKey::Black, storage::SortKey::White, storage::SortKey::Event}) {
        for (const bool descending : {false, true}) {
            INFO("sort " << int(key) << (descending ? " desc" : ""));
            storage::SearchFilter all;
            all.sort = key;
            all.descending = descending;
            all.limit = -1;
            storage::SearchFilter some = all;
            some.black = "bob";
            some.event = "open";
            // The filtered rows, in the unfiltered order.
            std::vector<std::int64_t> expected;
            for (const storage::GameRow& g : archive.search(all).games) {
                const bool bob = g.black == "Bob" || g.black == "bob";
                if (bob && g.event.find("Open") != std::string::npos) expected.push_back(g.id);
            }
            std::vector<std::int64_t> got;
            for (const storage::GameRow& g : archive.search(some).games) got.push_back(g.id);
            REQUIRE(!expected.empty());
            CHECK(got == expected);
            // A page of it is the same slice.
            some.limit = 3;
            some.offset = 2;
            std::vector<std::int64_t> page;
            for (const storage::GameRow& g : archive.search(some).games) page.push_back(g.id);
            CHECK(page == std::vector<std::int64_t>(expected.begin() + 2, expected.begin() + 5));
        }
    }
}
