// Issue 25, done when: a year of ../shared/data/wthor imported twice, once with a player's name
// spelled otherwise (the second copy's WTHOR.JOU altered in a temporary folder): import, rename,
// `duplicates` lists every pair, resolving keeps one of each and trashes the other, the
// standings then count each game once, and `revert` restores all. Skipped when the shared data
// is absent.
#include <catch2/catch.hpp>
#include <map>

#include "StorageTestUtil.h"
#include "importers/Reader.h"
#include "storage/Archive.h"
#include "storage/curation/Duplicates.h"
#include "storage/tournaments/Standings.h"
#include "storage/tournaments/Tournament.h"

using namespace storagetest;
using othello::storage::Archive;
using othello::storage::DuplicateQuery;

namespace {

// Games per player in every tournament of the archive, as the standings count them.
std::map<std::int64_t, std::map<std::string, int>> standingGames(Archive& a) {
    std::map<std::int64_t, std::map<std::string, int>> out;
    for (const auto& t : a.tournaments()) {
        if (!t.isTournament) continue;
        const auto tournament = a.tournament(t.id);
        REQUIRE(tournament);
        for (const auto& s : othello::storage::computeStandings(*tournament).players)
            out[t.id][s.player] = s.games;
    }
    return out;
}

}  // namespace

TEST_CASE("a year imported twice under two spellings: rename, resolve, standings, revert",
          "[storage][shared][duplicates]") {
    const fs::path data = fs::path(OTHELLO_SHARED_DATA) / "wthor";
    const fs::path wtb = data / "WTH_2021.wtb";
    if (!fs::exists(wtb) || !fs::exists(data / "WTHOR.JOU") || !fs::exists(data / "WTHOR.TRN")) {
        WARN("shared data absent (" << data << "): test skipped");
        return;
    }
    // The player of most games that year, and where the names file spells them.
    const auto file = othello::importers::readFile(wtb);
    std::map<int, int> gamesOf;
    std::map<int, std::string> nameOf;
    for (const auto& r : file.records) {
        REQUIRE(r.wthor);
        ++gamesOf[r.wthor->blackId];
        ++gamesOf[r.wthor->whiteId];
        nameOf[r.wthor->blackId] = r.black;
        nameOf[r.wthor->whiteId] = r.white;
    }
    int player = 0;
    for (const auto& [id, n] : gamesOf)
        if (n > gamesOf[player] && nameOf[id] != "???") player = id;
    const std::string name = nameOf[player];
    const int games = gamesOf[player];
    REQUIRE(games >= 5);
    // The older copy: the same file, that player spelled otherwise (one letter changed).
    TempDir dir("dup-shared");
    const fs::path old = dir / "old";
    fs::create_directories(old);
    fs::copy_file(wtb, old / "WTH_2021.wtb");
    fs::copy_file(data / "WTHOR.TRN", old / "WTHOR.TRN");
    std::string jou = readFile(data / "WTHOR.JOU");
    const std::size_t at = 16 + 20 * static_cast<std::size_t>(player);
    REQUIRE(jou.compare(at, name.size(), name) == 0);
    char& last = jou[at + name.size() - 1];
    last = last == 'e' ? 'a' : 'e';
    const std::string otherSpelling = jou.substr(at, name.size());
    writeFile(old / "WTHOR.JOU", jou);
    for (const auto& [id, n] : nameOf) REQUIRE(n != otherSpelling);

    Archive a(dir / "games.sqlite");
    const auto first = a.importFiles({wtb});
    REQUIRE(first.rejected == 0);
    const std::int64_t stored = a.info().games;
    const auto before = standingGames(a);
    const auto second = a.importFiles({old / "WTH_2021.wtb"});
    CHECK(second.imported == games);  // the other spelling's games: kept, possible duplicates
    CHECK(second.possibleDuplicates == games);
    CHECK(a.info().games == stored + games);

    const auto rename = a.rename(Archive::NameKind::Player, otherSpelling, name);
    CHECK(rename.games == games);
    CHECK(rename.merged);
    CHECK(static_cast<int>(rename.identical.size()) == games);  // every pair, reported

    const auto list = a.duplicates(DuplicateQuery{});
    CHECK(list.total == games);
    REQUIRE(static_cast<int>(list.groups.size()) == games);
    for (const auto& g : list.groups) {
        REQUIRE(g.games.size() == 2);
        CHECK(g.kind == othello::storage::DuplicateKind::SameGame);
        CHECK(g.games[0].id <= stored);  // one of each import
        CHECK(g.games[1].id > stored);
        CHECK(g.differ == std::vector<std::string>{"source"});
    }
    // Twice over: the standings count the copies.
    CHECK(standingGames(a) != before);

    std::vector<std::int64_t> changes;
    for (const auto& g : list.groups) {
        othello::storage::DuplicateResolve r;
        r.keep = g.games[0].id;
        const auto done = a.resolveDuplicates(r);
        CHECK(done.trashed == std::vector<std::int64_t>{g.games[1].id});
        changes.push_back(done.change);
    }
    CHECK(a.duplicates(DuplicateQuery{}).total == 0);
    CHECK(a.info().games == stored);
    CHECK(static_cast<int>(a.trash().size()) == games);
    CHECK(standingGames(a) == before);  // each game counted once

    // revert restores all: the resolutions, the rename, the second import.
    for (auto c = changes.rbegin(); c != changes.rend(); ++c) a.revert(*c);
    CHECK(a.trash().empty());
    CHECK(a.duplicates(DuplicateQuery{}).total == games);
    a.revert(rename.change);
    const auto unrenamed = a.duplicates(DuplicateQuery{});
    CHECK(unrenamed.total == games);
    for (const auto& g : unrenamed.groups)
        CHECK(g.kind != othello::storage::DuplicateKind::SameGame);
    a.revert(second.change);
    CHECK(a.info().games == stored);
    CHECK(a.duplicates(DuplicateQuery{}).total == 0);
    CHECK(standingGames(a) == before);
}
