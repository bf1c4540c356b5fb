// The server's cached tournament list (web/ApiEventIndex.h) while an import adds games.
#include <atomic>
#include <condition_variable>
#include <cstdlib>
#include <thread>
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

TEST_CASE("api event index: requests arriving together before the first list all get it",
          "[serve]") {
    storagetest::TempDir dir("serve-event-index-first");
    const fs::path db = dir / "club.sqlite";
    makeFixtureArchive(db);
    // A thread finding another reloading and no list yet waited for the reload while holding
    // the lock the reloader takes to publish: every thread hung (seen in ApiPatternTest's six
    // threads). Deadlocked threads cannot be joined: past the deadline the test fails and ends
    // the process rather than hang the suite.
    constexpr int kThreads = 4, kRounds = 20;
    for (int round = 0; round < kRounds; ++round) {
        auto events = std::make_shared<web::ApiEventIndex>();
        auto state = std::make_shared<std::pair<std::mutex, std::condition_variable>>();
        auto done = std::make_shared<int>(0);
        auto go = std::make_shared<std::atomic<bool>>(false);
        for (int t = 0; t < kThreads; ++t)
            std::thread([=] {
                storage::Archive archive(db, storage::Archive::Mode::ReadOnly);
                while (!go->load()) std::this_thread::yield();
                const bool got = events->list(archive) != nullptr;
                std::lock_guard<std::mutex> lock(state->first);
                *done += got ? 1 : 0;
                state->second.notify_all();
            }).detach();
        go->store(true);
        std::unique_lock<std::mutex> lock(state->first);
        if (!state->second.wait_for(lock, std::chrono::seconds(20),
                                    [&] { return *done == kThreads; })) {
            FAIL_CHECK("round " << round << ": " << *done << " of " << kThreads
                                << " requests got the list in 20 s (deadlock)");
            std::_Exit(1);
        }
    }
}
