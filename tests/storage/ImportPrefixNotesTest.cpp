// Prefix notes (issue 26): unfinished games that are a prefix of another are kept and reported,
// the many abandoned in the opening together in one note, the others one by one, games named
// by their ids and records by their location (counted from 1).
#include <catch2/catch.hpp>

#include <set>

#include "StorageTestUtil.h"
#include "storage/Archive.h"

using namespace storagetest;
using othello::storage::Archive;

TEST_CASE("import: short prefixes in one note, longer ones one by one", "[storage]") {
    TempDir dir("prefix-notes");
    Archive a(dir / "a.sqlite");
    std::mt19937_64 rng(26);
    // Six finished games with six different first two moves, each with its opening of two
    // moves abandoned (a server dump's aborted games), and one game stopped after 10 moves.
    std::vector<othello::importers::GameRecord> records;
    std::set<std::vector<int>> openings;
    std::vector<std::vector<int>> games;
    while (games.size() < 6) {
        std::vector<int> g = randomGame(rng);
        if (openings.insert({g[0], g[1]}).second) games.push_back(g);
    }
    for (std::size_t i = 0; i < games.size(); ++i)
        records.push_back(makeRecord("A", "B", "", 0, games[i], "dump.wtb", 0));
    for (std::size_t i = 0; i < games.size(); ++i)
        records.push_back(makeRecord("C", "D", "", 0, {games[i][0], games[i][1]}, "dump.wtb", 0));
    records.push_back(makeRecord(
        "E", "F", "", 0, std::vector<int>(games[0].begin(), games[0].begin() + 10), "dump.wtb", 0));
    // WTHOR-like locations: records numbered in the file (0-based inside, shown from 1).
    for (std::size_t i = 0; i < records.size(); ++i) {
        records[i].source.line = 0;
        records[i].source.record = static_cast<std::int64_t>(i);
    }
    const auto r = a.importRecords(records);
    CHECK(r.imported == 13);
    CHECK(r.prefixes == 7);
    CHECK(r.shortPrefixes == 6);
    int grouped = 0, single = 0;
    for (const auto& n : r.notes) {
        if (n.code == "short-prefixes") {
            ++grouped;
            CHECK(n.message ==
                  "6 unfinished games of at most 4 moves are prefixes of other games (abandoned "
                  "in the opening): kept, not listed one by one");
            CHECK(n.where.path == "dump.wtb");
        } else if (n.code == "prefix") {
            ++single;
            // Record 13 of the file (the 13th, counted from 1) is game 13 here: one numbering.
            CHECK(n.format() ==
                  "dump.wtb#13: warning: game 13 (this record; unfinished, 10 moves) is a "
                  "prefix of game 1 [prefix]");
        }
    }
    CHECK(grouped == 1);
    CHECK(single == 1);
}
