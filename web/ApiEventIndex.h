#pragma once
// The archive's tournaments (storage::Archive::tournaments), kept by the server for every
// thread: the paged event list, and the tournament of a game, which the site's game page needs
// in its URL (game.html?event=<tournament>&game=<id>) and no game row carries.
//
// Computing the list reads every game (a GROUP BY), about 0.1 s on the 135,000 games of the
// shared WTHOR archive: too slow per request, so the list is cached and reloaded when older
// than `maxAge` (an import running in another process adds games and events), and at once
// when a game newer than the list (an id above List::maxGameId) has an event the list lacks
// (a game the list may not know: at most one reload per batch an import commits); at most once
// a second when an older game's event is not in it (renamed since). Event ids never change
// (Tournament.h), so an older list never gives a wrong tournament, only none for a brand-new
// event. (Reloads were only ever once a second: the games of a batch committed just after a
// reload had no tournament for up to a second, even once the import was over.)
//
// Thread-safe: any number of threads call it, each with its own archive connection; a thread
// reloading an old list does not block the others (they keep the previous list meanwhile;
// they used to wait for the reload). A game newer than the list waits for the new one.
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "storage/Archive.h"
#include "storage/tournaments/Tournament.h"

namespace othello::web {

class ApiEventIndex {
  public:
    struct List {
        std::vector<storage::TournamentSummary> tournaments;  // by year, then name
        // (folded name without its year, tournament year) -> tournament id
        std::map<std::pair<std::string, int>, std::int64_t> byKey;
        std::chrono::steady_clock::time_point loaded;
        std::int64_t maxGameId = 0;  // every game up to this id is counted in the list
    };

    explicit ApiEventIndex(std::chrono::milliseconds maxAge = std::chrono::seconds(30));

    // The current list, loaded through `archive` when missing or stale.
    std::shared_ptr<const List> list(storage::Archive& archive);
    // The tournament id of game `gameId` with this event name (as stored) and year, nullopt
    // when the list does not have it. A game without an event belongs to the event "" of its
    // year.
    std::optional<std::int64_t> tournamentOf(storage::Archive& archive, const std::string& event,
                                             int year, std::int64_t gameId);

  private:
    // A new list unless the current one is `fresh` (checked again under the reload lock:
    // another thread may have reloaded meanwhile). !wait: while another thread reloads, the
    // current list (when there is one) rather than waiting for the new one.
    std::shared_ptr<const List> reload(storage::Archive& archive,
                                       const std::function<bool(const List&)>& fresh, bool wait);

    std::chrono::milliseconds maxAge_;
    std::mutex mutex_;      // guards current_
    std::mutex reloading_;  // one reload at a time
    std::shared_ptr<const List> current_;
};

}  // namespace othello::web
