// The cached tournament list of the server (web/ApiEventIndex.h).
#include "ApiEventIndex.h"

namespace othello::web {

using Clock = std::chrono::steady_clock;

ApiEventIndex::ApiEventIndex(std::chrono::milliseconds maxAge) : maxAge_(maxAge) {}

std::shared_ptr<const ApiEventIndex::List> ApiEventIndex::reload(
    storage::Archive& archive, std::chrono::milliseconds ifOlderThan) {
    std::lock_guard<std::mutex> one(reloading_);
    {
        // Another thread may have reloaded while this one waited for the lock.
        std::lock_guard<std::mutex> lock(mutex_);
        if (current_ && Clock::now() - current_->loaded < ifOlderThan) return current_;
    }
    auto list = std::make_shared<List>();
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
    return reload(archive, maxAge_);
}

std::optional<std::int64_t> ApiEventIndex::tournamentOf(storage::Archive& archive,
                                                        const std::string& event, int year) {
    // The key of storage/ArchiveTournaments.cpp: the folded name without a trailing year, and
    // the game's year (else the name's).
    const storage::EventName split = storage::splitEventYear(event);
    const std::pair<std::string, int> key{storage::foldText(split.base),
                                          storage::tournamentYear(year, split)};
    auto l = list(archive);
    auto it = l->byKey.find(key);
    if (it == l->byKey.end()) {
        // A game of an event newer than the list (an import is running): reload, once a
        // second at most, whatever the number of requests asking.
        l = reload(archive, std::chrono::seconds(1));
        it = l->byKey.find(key);
    }
    if (it == l->byKey.end()) return std::nullopt;
    return it->second;
}

}  // namespace othello::web
