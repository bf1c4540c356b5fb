#pragma once
// The archive's tournaments (storage::Archive::tournaments), kept by the server for every
// thread: the paged event list, and the tournament of a game, which the site's game page needs
// in its URL (game.html?event=<tournament>&game=<id>) and no game row carries.
//
// Computing the list reads every game (a GROUP BY), about 0.1 s on the 135,000 games of the
// shared WTHOR archive: too slow per request, so the list is cached and reloaded when older
// than `maxAge` (an import running in another process adds games and events), and at once
// (at most once a second) when a game's event is not in it. Event ids never change (Tournament.h),
// so an older list never gives a wrong tournament, only none for a brand-new event.
//
// Thread-safe: any number of threads call it, each with its own archive connection; a thread
// reloading does not block the others (they keep the previous list meanwhile).
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "storage/Archive.h"
#include "storage/Tournament.h"

namespace othello::web {

class ApiEventIndex {
  public:
    struct List {
        std::vector<storage::TournamentSummary> tournaments;  // by year, then name
        // (folded name without its year, tournament year) -> tournament id
        std::map<std::pair<std::string, int>, std::int64_t> byKey;
        std::chrono::steady_clock::time_point loaded;
    };

    explicit ApiEventIndex(std::chrono::milliseconds maxAge = std::chrono::seconds(30));

    // The current list, loaded through `archive` when missing or stale.
    std::shared_ptr<const List> list(storage::Archive& archive);
    // The tournament id of a game with this event name (as stored) and year, nullopt when the
    // list does not have it. A game without an event belongs to the event "" of its year.
    std::optional<std::int64_t> tournamentOf(storage::Archive& archive, const std::string& event,
                                             int year);

  private:
    std::shared_ptr<const List> reload(storage::Archive& archive,
                                       std::chrono::milliseconds ifOlderThan);

    std::chrono::milliseconds maxAge_;
    std::mutex mutex_;      // guards current_
    std::mutex reloading_;  // one reload at a time
    std::shared_ptr<const List> current_;
};

}  // namespace othello::web
