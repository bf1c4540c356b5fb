// The cached tournament list of the server (web/ApiEventIndex.h).
#include "ApiEventIndex.h"

namespace othello::web {

using Clock = std::chrono::steady_clock;

ApiEventIndex::ApiEventIndex(std::chrono::milliseconds maxAge) : maxAge_(maxAge) {}

std::shared_ptr<const ApiEventIndex::List> ApiEventIndex::reload(
    storage::Archive& archive, const std::function<bool(const List&)>& fresh, bool wait) {
    std::unique_lock<std::mutex> one(reloading_, std::defer_lock);
    if (wait) {
        one.lock();
    } else if (!one.try_lock()) {
        // Another thread reloads: the current list meanwhile, else wait for its list. mutex_
        // is let go before waiting: the reloading thread takes it to publish (waiting while
        // holding it deadlocked concurrent first requests: ApiEventIndexTest).
        {
            std::lock_guard<std::mutex> lock(mutex_);
            if (current_) return current_;
        }
        one.lock();
    }
    {
        // Another thread may have reloaded while this one waited for the lock.
        std::lock_guard<std::mutex> lock(mutex_);
        if (current_ && fresh(*current_)) return current_;
    }
    auto list = std::make_shared<List>();
    // The last game first: the list, read after it, counts it and every game before.
    storage::SearchFilter last;
    last.sort = storage::SortKey::Id;
    last.descending = true;
    last.limit = 1;
    const storage::SearchResult newest = archive.search(last);
    list->maxGameId = newest.games.empty() ? 0 : newest.games.front().id;
    list->tournaments = archive.tournaments();
    for (const auto& t : list->tournaments) list->byKey[{storage::foldText(t.name), t.year}] = t.id;
    list->loaded = Clock::now();
    std::lock_guard<std::mutex> lock(mutex_);
    current_ = std::move(list);
    return current_;
}

std::shared_ptr<const ApiEventIndex::List> ApiEventIndex::list(storage::Archive& archive) {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        if (current_ && Clock::now() - current_->loaded < maxAge_) return current_;
    }
    // Only old: the threads not reloading keep it meanwhile.
    const auto maxAge = maxAge_;
    return reload(
        archive, [maxAge](const List& l) { return Clock::now() - l.loaded < maxAge; }, false);
}

std::optional<std::int64_t> ApiEventIndex::tournamentOf(storage::Archive& archive,
                                                        const std::string& event, int year,
                                                        std::int64_t gameId) {
    // The key of storage/tournaments/ArchiveTournaments.cpp: the folded name without a trailing
    // year, and the game's year (else the name's).
    const storage::EventName split = storage::splitEventYear(event);
    const std::pair<std::string, int> key{storage::foldText(split.base),
                                          storage::tournamentYear(year, split)};
    auto l = list(archive);
    auto it = l->byKey.find(key);
    if (it == l->byKey.end()) {
        // A game newer than the list (an import is running): reload, unless another thread
        // did meanwhile. An older game (its event renamed since): once a second at most,
        // whatever the number of requests asking.
        l = gameId > l->maxGameId
                ? reload(
                      archive, [gameId](const List& c) { return c.maxGameId >= gameId; }, true)
                : reload(
                      archive,
                      [](const List& c) {
                          return Clock::now() - c.loaded < std::chrono::seconds(1);
                      },
                      true);
        it = l->byKey.find(key);
    }
    if (it == l->byKey.end()) return std::nullopt;
    return it->second;
}

}  // namespace othello::web
