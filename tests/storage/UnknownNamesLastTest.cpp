// Unknown names ("", "?", "???") sort last in name sorts, in either direction, on every page
// and through both plans of a name sort (the index walk and the sort of a filter's matches).
#include <catch2/catch.hpp>

#include "StorageTestUtil.h"
#include "storage/Archive.h"

using namespace storagetest;
using othello::storage::Archive;
using othello::storage::SearchFilter;
using othello::storage::SortKey;

namespace {

bool unknown(const std::string& name) {
    return name.find_first_not_of('?') == std::string::npos;
}

}  // namespace

TEST_CASE("unknown names sort last in name sorts, pages included", "[storage][search]") {
    TempDir dir("unknown-last");
    Archive a(dir / "games.sqlite");
    const std::vector<std::string> names = {"?", "Anna", "???", "zoe", "", "Émile", "?", "Bob"};
    std::vector<othello::importers::GameRecord> records;
    std::mt19937_64 rng(11);
    for (std::size_t i = 0; i < names.size() * 3; ++i) {
        const std::string& b = names[i % names.size()];
        const std::string& w = names[(i * 3 + 1) % names.size()];
        const std::string event = i % 4 == 0   ? ""
                                  : i % 4 == 1 ? "?"
                                               : "Cup " + std::to_string(i % 3);
        records.push_back(
            makeRecord(b, w, event, 2000, randomGame(rng, 20), "t.moves", static_cast<int>(i + 1)));
    }
    REQUIRE(a.importRecords(records).imported == static_cast<std::int64_t>(records.size()));
    for (const SortKey key : {SortKey::Black, SortKey::White, SortKey::Event}) {
        for (const bool descending : {false, true}) {
            for (const bool filtered : {false, true}) {
                INFO("sort " << int(key) << (descending ? " desc" : "")
                             << (filtered ? " filtered" : ""));
                SearchFilter f;
                f.sort = key;
                f.descending = descending;
                // A name filter is selective: its matches may be sorted rather than walked.
                if (filtered) f.player = "o";
                f.limit = -1;
                const auto all = a.search(f);
                const auto count = static_cast<std::int64_t>(all.games.size());
                REQUIRE(count > 0);
                const auto nameOf = [key](const othello::storage::GameRow& g) {
                    return key == SortKey::Black   ? g.black
                           : key == SortKey::White ? g.white
                                                   : g.event;
                };
                // Known names first, in order; then the unknown ones.
                bool seenUnknown = false;
                for (std::size_t i = 0; i < all.games.size(); ++i) {
                    const bool u = unknown(nameOf(all.games[i]));
                    CHECK((!seenUnknown || u));
                    seenUnknown = seenUnknown || u;
                    if (i > 0 && !u) {
                        const auto prev = othello::storage::foldText(nameOf(all.games[i - 1]));
                        const auto cur = othello::storage::foldText(nameOf(all.games[i]));
                        CHECK((descending ? prev >= cur : prev <= cur));
                    }
                }
                if (!filtered) CHECK(seenUnknown);
                // Every page of the full list is the same slice of it.
                for (const std::int64_t limit : {1, 3, 5}) {
                    for (std::int64_t offset = 0; offset <= count; offset += 2) {
                        f.limit = limit;
                        f.offset = offset;
                        const auto page = a.search(f);
                        CHECK(page.total == count);
                        std::vector<std::int64_t> got, want;
                        for (const auto& g : page.games) got.push_back(g.id);
                        for (std::int64_t i = offset;
                             i < std::min<std::int64_t>(offset + limit, count); ++i)
                            want.push_back(all.games[static_cast<std::size_t>(i)].id);
                        CHECK(got == want);
                        // export walks the same order
                        std::vector<std::int64_t> visited;
                        a.forEachGame(f, [&visited](const auto& g) { visited.push_back(g.id); });
                        CHECK(visited == want);
                    }
                }
            }
        }
    }
}
