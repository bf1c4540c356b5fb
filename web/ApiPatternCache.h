#pragma once
// The pattern corpora of /api/search?pattern=... (web/Api.h), kept by the server for every
// thread. Loading one (storage::PatternCorpus::load: every selected game read and replayed
// once) takes about 0.7 s on the 130,000 WTHOR games, a search then tens of milliseconds: so
// the last `capacity` corpora are kept, each under the key of the filter that selected it
// (the request's other filter parameters), and a page, another pattern or another ply range
// over the same filter searches the kept corpus.
//
// Never stale: the cache has a connection of its own that only watches the archive
// (storage::Archive::dataVersion, which changes whenever any other connection or process
// commits). Each request looks at it first; a commit since the last look (an import, an edit,
// a rename, a revert in another process) drops every kept corpus before the lookup, so a
// request never gets a corpus read before a commit it could see. A corpus loading while a
// commit lands may hold either state: it is dropped by the next request, which sees the commit.
//
// Thread-safe: any number of threads call it, each with its own archive connection. Requests
// for a corpus being loaded wait for that load instead of loading it again; the lock is not held
// while loading, so other filters are served meanwhile. Several requests search one corpus at
// once: PatternCorpus::search is const and keeps no state between calls.
#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <list>
#include <memory>
#include <mutex>
#include <string>

#include "storage/Archive.h"
#include "storage/patterns/PatternSearch.h"

namespace othello::web {

// How many filters' corpora the server keeps: one of all the WTHOR games (130,000) holds about
// 100 MB.
inline constexpr std::size_t kPatternCorpora = 4;

class ApiPatternCache {
  public:
    // Opens `database` read-only to watch it (storage::StorageError when it cannot be read).
    explicit ApiPatternCache(const std::filesystem::path& database,
                             std::size_t capacity = kPatternCorpora);
    ~ApiPatternCache();

    // The corpus of `filter` (paging ignored) as `archive` reads it now: the kept one of `key`
    // when the archive has not changed since it was loaded, else loaded through `archive` (the
    // caller's connection, under its deadline). Exceptions of the load propagate; nothing is
    // kept then.
    std::shared_ptr<const storage::PatternCorpus> corpus(storage::Archive& archive,
                                                         const std::string& key,
                                                         const storage::SearchFilter& filter);

    // Corpora loaded so far (tests and logs: a hit loads nothing).
    std::int64_t loads() const;

  private:
    struct Entry {
        std::string key;
        std::shared_ptr<const storage::PatternCorpus> corpus;  // null while loading
        bool failed = false;                                   // the load threw
    };
    // Drops every entry when the archive changed since the last look; under mutex_.
    void checkArchive();

    std::size_t capacity_;
    mutable std::mutex mutex_;
    std::condition_variable loaded_;
    storage::Archive watch_;  // used under mutex_ only
    std::int64_t dataVersion_;
    std::list<std::shared_ptr<Entry>> entries_;  // most recently used first
    std::int64_t loads_ = 0;
};

}  // namespace othello::web
