// On real data (a few shared years, skipped when ../shared/data is absent): WTHOR and PGN of
// one year are the same games, and the figures hold together.
#include <catch2/catch.hpp>

#include "StorageTestUtil.h"
#include "storage/Archive.h"

using namespace storagetest;
using othello::storage::Archive;

TEST_CASE("WTHOR and PGN of 2021 are the same games, and re-import adds nothing",
          "[storage][shared]") {
    const fs::path data = OTHELLO_SHARED_DATA;
    const fs::path wtb = data / "wthor" / "WTH_2021.wtb", pgn = data / "pgn" / "WTH_2021.pgn";
    if (!fs::exists(wtb) || !fs::exists(pgn)) {
        WARN("shared data absent (" << data << "): test skipped");
        return;
    }
    TempDir dir("shared");
    Archive a(dir / "games.sqlite");
    const auto w = a.importFiles({wtb});
    CHECK(w.rejected == 0);
    CHECK(w.imported + w.duplicates == 320);
    const auto p = a.importFiles({pgn});
    CHECK(p.imported == 0);
    CHECK(p.duplicates == 320);
    const auto again = a.importFiles({wtb, pgn});
    CHECK(again.imported == 0);
    CHECK(again.duplicates == 640);
    const auto info = a.info();
    CHECK(info.games == w.imported);
    CHECK(a.stats(core::Position::start()).games == info.games);
    // WTHOR names: Latin-1 converted, matched without accents or case.
    othello::storage::SearchFilter f;
    f.event = "";
    f.yearFrom = f.yearTo = 2021;
    CHECK(a.count(f) == info.games);
    const auto g = a.game(1);
    REQUIRE(g);
    CHECK(g->record.year == 2021);
    CHECK(!g->record.black.empty());
    CHECK(g->opening.size() > 0);
}
