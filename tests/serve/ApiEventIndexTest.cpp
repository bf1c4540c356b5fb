// The server's cached tournament list (web/ApiEventIndex.h) while an import adds games.
#include "ServeTestUtil.h"
#include "web/ApiEventIndex.h"

using namespace servetest;

TEST_CASE("api event index: a game committed after the list finds its tournament at once",
          "[serve]") {
    storagetest::TempDir dir("serve-event-index");
    const fs::path db = dir / "club.sqlite";
    makeFixtureArchive(db);
    storage::Archive reader(db, storage::Archive::Mode::ReadOnly);
    web::ApiEventIndex events;  // a list kept 30 s
    const auto before = events.list(reader);
    // A batch of a new event committed right after the list was read (within its second).
    {
        storage::Archive writer(db);
        REQUIRE(writer
                    .importRecords(
                        {storagetest::makeRecord("Ann", "Bob", "Autumn Open", 2024, "f5d6c3d3c4f4"),
                         storagetest::makeRecord("Bob", "Ann", "Autumn Open", 2024, "f5f6e6f4")})
                    .imported == 2);
    }
    storage::SearchFilter f;
    f.event = "autumn";
    const auto rows = reader.search(f);
    REQUIRE(rows.games.size() == 2);
    // Before the fix the list reloaded once a second at most: both games had no tournament
    // (and every game of the batch kept none until a second had passed).
    for (const auto& row : rows.games) {
        const auto id = events.tournamentOf(reader, row.event, row.year, row.id);
        REQUIRE(id.has_value());
        const auto t = reader.tournament(*id);
        REQUIRE(t);
        CHECK(t->summary.name == "Autumn Open");
    }
    CHECK(events.list(reader)->maxGameId >= rows.games.back().id);
    CHECK(events.list(reader) != before);
    // An old game's tournament is found in the list as it is: no reload.
    const auto current = events.list(reader);
    storage::SearchFilter club;
    club.event = "club";
    const auto old = reader.search(club);
    REQUIRE(!old.games.empty());
    CHECK(events.tournamentOf(reader, old.games[0].event, old.games[0].year, old.games[0].id));
    CHECK(events.list(reader) == current);
}
