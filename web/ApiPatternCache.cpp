// The server's pattern corpora (web/ApiPatternCache.h).
#include "ApiPatternCache.h"

#include <algorithm>
#include <utility>

namespace othello::web {

ApiPatternCache::ApiPatternCache(const std::filesystem::path& database, std::size_t capacity)
    : capacity_(std::max<std::size_t>(capacity, 1)),
      watch_(database, storage::Archive::Mode::ReadOnly),
      dataVersion_(watch_.dataVersion()) {}

ApiPatternCache::~ApiPatternCache() = default;

void ApiPatternCache::checkArchive() {
    const std::int64_t now = watch_.dataVersion();
    if (now == dataVersion_) return;
    // Loads under way keep their entries alive for the requests waiting on them (they began
    // before this look); no later request finds them.
    entries_.clear();
    dataVersion_ = now;
}

std::shared_ptr<const storage::PatternCorpus> ApiPatternCache::corpus(
    storage::Archive& archive, const std::string& key, const storage::SearchFilter& filter) {
    std::unique_lock<std::mutex> lock(mutex_);
    checkArchive();
    for (;;) {
        const auto it = std::find_if(entries_.begin(), entries_.end(),
                                     [&](const auto& e) { return e->key == key; });
        if (it == entries_.end()) break;
        const std::shared_ptr<Entry> found = *it;
        entries_.splice(entries_.begin(), entries_, it);
        loaded_.wait(lock, [&] { return found->corpus || found->failed; });
        if (found->corpus) return found->corpus;
        // Its loader failed (past its own deadline, most likely): look again, then load here.
    }
    const auto entry = std::make_shared<Entry>();
    entry->key = key;
    entries_.push_front(entry);
    while (entries_.size() > capacity_) entries_.pop_back();
    ++loads_;
    lock.unlock();
    std::shared_ptr<const storage::PatternCorpus> loadedCorpus;
    try {
        loadedCorpus = std::make_shared<const storage::PatternCorpus>(
            storage::PatternCorpus::load(archive, filter));
    } catch (...) {
        lock.lock();
        entry->failed = true;
        entries_.remove(entry);
        loaded_.notify_all();
        throw;
    }
    lock.lock();
    entry->corpus = loadedCorpus;
    loaded_.notify_all();
    return loadedCorpus;
}

std::int64_t ApiPatternCache::loads() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return loads_;
}

}  // namespace othello::web
