// Sorted searches with a selective filter: the rows a filter keeps come out in the same order
// as in the unfiltered sort (the query finds them through the filter and sorts them instead of
// walking a whole name index: storage/query/ArchiveQuery.cpp rowsFrom).
#include <catch2/catch.hpp>

#include <random>

#include "StorageTestUtil.h"
#include "core/Replay.h"
#include "storage/Archive.h"

using namespace othello;
namespace fs = std::filesystem;

namespace {

// `count` random games between `names`, in `events`, of 1990-2019, imported; the records.
std::vector<importers::GameRecord> importRandomGames(storage::Archive& archive, unsigned seed,
                                                     int count,
                                                     const std::vector<std::string>& names,
                                                     const std::vector<std::string>& events) {
    std::mt19937_64 rng(seed);
    std::vector<importers::GameRecord> records;
    for (int i = 0; i < count; ++i)
        records.push_back(storagetest::makeRecord(
            names[rng() % names.size()], names[rng() % names.size()], events[rng() % events.size()],
            1990 + int(rng() % 30), storagetest::randomGame(rng), "r.moves", i + 1));
    REQUIRE(archive.importRecords(records).imported == count);
    return records;
}

// Each page (`limit` rows from each of `offsets`) of the search `all` is the slice of the full
// sorted list (limit -1: never walks, reads every match and sorts), with the same total and
// plies.
void checkPages(storage::Archive& archive, storage::SearchFilter all, std::int64_t limit,
                const std::vector<std::int64_t>& offsets) {
    all.limit = -1;
    const storage::SearchResult full = archive.search(all);
    REQUIRE(!full.games.empty());
    for (const std::int64_t offset : offsets) {
        INFO("offset " << offset);
        storage::SearchFilter page = all;
        page.limit = limit;
        page.offset = offset;
        const storage::SearchResult r = archive.search(page);
        CHECK(r.total == full.total);
        std::vector<std::pair<std::int64_t, std::optional<int>>> got, expected;
        for (const auto& g : r.games) got.emplace_back(g.id, g.ply);
        for (std::size_t i = std::size_t(offset);
             i < full.games.size() && i < std::size_t(offset + limit); ++i)
            expected.emplace_back(full.games[i].id, full.games[i].ply);
        CHECK(got == expected);
    }
}

}  // namespace

TEST_CASE("archive: name sorts with a name filter keep the unfiltered order") {
    storagetest::TempDir dir("sorted");
    const fs::path db = dir / "a.sqlite";
    storage::Archive archive(db);
    importRandomGames(archive, 11, 300,
                      {"Zoë", "alice", "Bob", "bob", "Émile", "carl", "Anna Berg"},
                      {"Paris Open", "Open de Lyon", "Club night"});

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

// A position search sorted by year, score or a name walks the games in that order when the
// position is common (walkPositionOrder, walkPositionNames) and sorts the matches when it is
// rare: both give the page of the full sorted list, with the right ply and total.
TEST_CASE("archive: position searches sorted by year score or name page like the full sort") {
    storagetest::TempDir dir("sorted-position");
    const fs::path db = dir / "a.sqlite";
    storage::Archive archive(db);
    const std::vector<importers::GameRecord> records =
        importRandomGames(archive, 12, 400, {"Zoë", "alice", "Bob", "bob", "?", "carl"},
                          {"Paris Open", "", "Club night", "???"});

    // After one move (every game reaches it under symmetry: the walk) and after five plies of
    // one game (a few games: the sort).
    const std::vector<int> five(records[7].moves.begin(), records[7].moves.begin() + 5);
    for (const auto& moves : {std::vector<int>{records[0].moves[0]}, five}) {
        const core::Position position =
            core::replay(core::Position::start(), moves).positions.back();
        for (const auto key :
             {storage::SortKey::Year, storage::SortKey::Score, storage::SortKey::Black,
              storage::SortKey::White, storage::SortKey::Event}) {
            for (const bool descending : {false, true}) {
                INFO("plies " << moves.size() << " sort " << int(key)
                              << (descending ? " desc" : ""));
                storage::SearchFilter all;
                all.position = position;
                all.sort = key;
                all.descending = descending;
                checkPages(archive, all, 20, {0, 3, 150});
            }
        }
    }
}

// A filter that keeps many games (a common name, an event, a result) with a sort by id, year
// or score walks the games in that order with the filter unindexed (walkOrder); a name sort
// with a filter on that name walks the names the filter keeps (Walk::Names). Every page is
// the slice of the full sorted list (limit -1 never walks), with the same total.
TEST_CASE("archive: dense filters walk in sort order and page like the full sort") {
    storagetest::TempDir dir("sorted-dense");
    const fs::path db = dir / "a.sqlite";
    storage::Archive archive(db);
    importRandomGames(archive, 13, 600, {"Anders", "Andersson", "Bob", "?", "Carla", "Mandela"},
                      {"Open de Paris", "Parties diverses", "", "Parties Internet"});

    std::vector<storage::SearchFilter> filters(6);
    filters[0].player = "and";  // most games: Anders, Andersson, Mandela on either side
    filters[1].event = "parties";
    filters[2].event = "parties";
    filters[2].yearFrom = 1995;
    filters[2].yearTo = 2012;
    filters[3].black = "ander";
    filters[3].result = storage::ResultFilter::BlackWin;
    filters[4].white = "a";
    filters[4].result = storage::ResultFilter::Draw;
    filters[5].player = "carla";  // few games: sorted, not walked
    for (std::size_t i = 0; i < filters.size(); ++i) {
        for (const auto key :
             {storage::SortKey::Id, storage::SortKey::Year, storage::SortKey::Score,
              storage::SortKey::Black, storage::SortKey::White, storage::SortKey::Event}) {
            for (const bool descending : {false, true}) {
                INFO("filter " << i << " sort " << int(key) << (descending ? " desc" : ""));
                storage::SearchFilter all = filters[i];
                all.sort = key;
                all.descending = descending;
                checkPages(archive, all, 10, {0, 7, 100});
            }
        }
    }
}
