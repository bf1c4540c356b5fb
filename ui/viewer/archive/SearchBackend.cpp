#include "archive/SearchBackend.h"

#include <algorithm>
#include <stdexcept>

#include "core/Pattern.h"
#include "storage/Archive.h"

namespace othello::viewer {

namespace st = othello::storage;

namespace {

st::SearchFilter filterOf(const SearchQuery& query) {
    st::SearchFilter f;
    f.player = query.player.trimmed().toStdString();
    f.event = query.event.trimmed().toStdString();
    if (query.yearFrom > 0) f.yearFrom = query.yearFrom;
    if (query.yearTo > 0) f.yearTo = query.yearTo;
    static constexpr st::ResultFilter results[] = {
        st::ResultFilter::Any, st::ResultFilter::BlackWin, st::ResultFilter::WhiteWin,
        st::ResultFilter::Draw};
    f.result = results[query.result];
    f.position = query.position;
    static constexpr st::SortKey sorts[] = {
        st::SortKey::Id,    st::SortKey::Year,  st::SortKey::Black, st::SortKey::White,
        st::SortKey::Event, st::SortKey::Score, st::SortKey::Ply};
    f.sort = sorts[query.sort];
    // A sort by ply needs a ply: a position's or a pattern's (PatternCache sorts its hits).
    if (f.sort == st::SortKey::Ply && !f.position && !query.pattern) f.sort = st::SortKey::Id;
    f.descending = query.descending;
    return f;
}

// Whether two filters select the same games in the same order (a sort by ply keeps any order:
// the hits are sorted afterwards).
bool sameSelection(const st::SearchFilter& a, const st::SearchFilter& b) {
    const bool orderKept = b.sort == st::SortKey::Ply ||
                           (a.sort == b.sort && a.descending == b.descending);
    return orderKept && a.player == b.player && a.black == b.black && a.white == b.white &&
           a.event == b.event && a.yearFrom == b.yearFrom && a.yearTo == b.yearTo &&
           a.result == b.result && a.position == b.position && a.lostDiscs == b.lostDiscs &&
           a.lostBy == b.lostBy && a.rules == b.rules && a.handicap == b.handicap;
}

}  // namespace

void PatternCache::clear() {
    corpus_.reset();
    hitsPattern_.reset();
    hits_.clear();
}

void PatternCache::ensureCorpus(st::Archive& archive, const st::SearchFilter& filter) {
    if (corpus_ && sameSelection(corpusFilter_, filter)) return;
    st::SearchFilter f = filter;
    // A sort by ply is the hits' own (the filter's ply is a position search's, not ours).
    if (f.sort == st::SortKey::Ply) {
        f.sort = st::SortKey::Id;
        f.descending = false;
    }
    corpus_ = std::make_unique<st::PatternCorpus>(st::PatternCorpus::load(archive, f));
    corpusFilter_ = f;
    ++loads_;
    hitsPattern_.reset();
}

void PatternCache::ensureHits(const PatternSpec& pattern, bool byPly, bool descending) {
    if (hitsPattern_ == pattern && hitsLoad_ == loads_ && hitsByPly_ == byPly &&
        (!byPly || hitsDescending_ == descending))
        return;
    const core::PatternParse parsed = core::parsePattern(pattern.text.toStdString());
    if (!parsed.pattern) throw std::invalid_argument("pattern, " + parsed.error);
    st::PatternQuery query;
    query.variants = parsed.pattern->variants(pattern.underSymmetry);
    query.plyFrom = pattern.plyFrom;
    query.plyTo = pattern.plyTo;
    hits_ = corpus_->search(query);
    if (byPly)
        std::stable_sort(hits_.begin(), hits_.end(),
                         [descending](const st::PatternHit& a, const st::PatternHit& b) {
                             return descending ? a.ply > b.ply : a.ply < b.ply;
                         });
    hitsPattern_ = pattern;
    hitsLoad_ = loads_;
    hitsByPly_ = byPly;
    hitsDescending_ = descending;
}

st::SearchResult PatternCache::search(st::Archive& archive, const st::SearchFilter& filter,
                                      const PatternSpec& pattern, std::int64_t offset,
                                      std::int64_t limit) {
    ensureCorpus(archive, filter);
    ensureHits(pattern, filter.sort == st::SortKey::Ply, filter.descending);
    st::SearchResult r;
    r.total = static_cast<std::int64_t>(hits_.size());
    r.games = st::hitRows(archive, *corpus_, hits_, offset, limit);
    return r;
}

SearchPage searchArchive(st::Archive& archive, PatternCache& patterns, const SearchQuery& query,
                         qint64 offset, qint64 limit) {
    st::SearchFilter f = filterOf(query);
    f.offset = offset;
    f.limit = limit;
    const st::SearchResult r = query.pattern
                                   ? patterns.search(archive, f, *query.pattern, offset, limit)
                                   : archive.search(f);
    SearchPage page;
    page.total = r.total;
    page.rows.reserve(r.games.size());
    for (const st::GameRow& g : r.games)
        page.rows.push_back(SearchRow{g.id, QString::fromStdString(g.black),
                                      QString::fromStdString(g.white),
                                      QString::fromStdString(g.event), g.year, g.blackScore,
                                      g.whiteScore, g.ply.value_or(-1), g.complete, g.resultKnown,
                                      g.variant});
    return page;
}

}  // namespace othello::viewer
