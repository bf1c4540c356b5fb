#pragma once
// Searches on the archive worker (ArchiveBackend::search): a SearchQuery as a storage filter,
// run by the archive or, with a pattern, by the pattern search.
//
// The pattern search's state on the archive worker (ArchiveBackend::search with a pattern).
//
// Loading the games the other filters select into a storage::PatternCorpus replays each once
// (about 0.7 s for WTHOR's 129,485 games), while a search over it takes tens of milliseconds.
// So the corpus is kept between searches and built again only when the filters that select it
// (player, event, years, result, position, sort order) differ or the archive changed (clear()).
// The hits of the last pattern are kept too, in display order, so the pages a view scrolls
// through cost only their rows. Only the interface common to the archive's callers is used
// (PatternCorpus::load, size, gameId, search, hitRows): the corpus's insides may change.
// Belongs to the worker thread, as its ArchiveBackend does.
#include <QString>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "archive/ArchiveBackend.h"
#include "storage/ArchiveTypes.h"
#include "storage/patterns/PatternSearch.h"

namespace othello::viewer {

class PatternCache {
  public:
    // The page [offset, offset + limit) of the games `filter` selects that show `pattern`, each
    // with GameRow::ply its first matching ply; total: all of them. In the filter's order, or by
    // that ply (stable, the archive's id order within a ply) when it sorts by ply. Throws
    // std::invalid_argument with the parser's message for a pattern that does not parse.
    storage::SearchResult search(storage::Archive& archive, const storage::SearchFilter& filter,
                                 const PatternSpec& pattern, std::int64_t offset,
                                 std::int64_t limit);
    // The archive changed: the next search loads the corpus again.
    void clear();
    // Times a corpus was loaded (tests check it is kept between searches).
    int loads() const { return loads_; }

  private:
    void ensureCorpus(storage::Archive& archive, const storage::SearchFilter& filter);
    void ensureHits(const PatternSpec& pattern, bool byPly, bool descending);

    std::unique_ptr<storage::PatternCorpus> corpus_;
    storage::SearchFilter corpusFilter_;  // what corpus_ was loaded with
    // What hits_ answers, for the corpus loaded `hitsLoad_`-th.
    std::optional<PatternSpec> hitsPattern_;
    bool hitsByPly_ = false;
    bool hitsDescending_ = false;
    int hitsLoad_ = 0;
    std::vector<storage::PatternHit> hits_;
    int loads_ = 0;
};

// The page [offset, offset + limit) of the games `query` selects, with its total; a pattern
// query goes through `patterns`. Throws what storage throws.
SearchPage searchArchive(storage::Archive& archive, PatternCache& patterns,
                         const SearchQuery& query, qint64 offset, qint64 limit);

}  // namespace othello::viewer
