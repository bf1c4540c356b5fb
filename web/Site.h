#pragma once
// The web archive's pages, shared by `othello-db publish` (writes every file to a folder) and
// `othello-db serve` (renders a file per request). Every file has a relative path; the same
// path names the same content in both, so a page's links work on a static host, from
// file://, and from the server alike.
//
// Paths (file names come from ids, never from names):
//   index.html, index-2.html, ...        the events, paged (SiteOptions::indexPageSize a page)
//   events/<tournamentId>.html           standings, crosstable, the games of one tournament
//                                        (a collection that is not a tournament: its games only)
//   data/event-<tournamentId>.js         the games of that event (names, moves, results) as a
//                                        script that registers them (browsers block fetch() of
//                                        file:// URLs, so data ships as .js)
//   game.html                            the interactive board; which game comes from the URL:
//                                        game.html?event=<tournamentId>&game=<gameId>
//   assets/<name>                        web/assets/ (scripts, styles)
// Games without an event are published under the pseudo-tournament id 0 ("Games without an
// event"), shown last.
//
// Escaping: every name, event, place or comment from the archive is escaped for the context it
// lands in (HTML text, HTML attribute, JSON inside a <script>: "</script>", "<!--" and U+2028/9
// cannot end or break the script). A name "<script>alert(1)</script>" shows as that text.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "storage/Archive.h"

namespace othello::web {

struct SiteOptions {
    // Which games to publish (players, event, years, result; sort/limit/offset are ignored).
    storage::SearchFilter filter;
    std::int64_t indexPageSize = 200;  // events per index page
    std::string title = "Othello archive";
    // The served site adds a search page (search.html, backed by the JSON API) and links to it.
    bool served = false;
};

class Site {
  public:
    // Reads from `archive`, which must outlive the Site. Loading is lazy: construction is cheap.
    Site(storage::Archive& archive, SiteOptions options);
    ~Site();
    Site(const Site&) = delete;
    Site& operator=(const Site&) = delete;

    // The file at `relPath` ("index.html", "events/10002021.html", ...), or nullopt when the
    // site has no such file (unknown id, a game outside the filter, a path outside the site).
    // Never throws for a bad path; archive errors propagate as exceptions.
    std::optional<std::string> render(const std::string& relPath);

    // Every file of the site, each once: `sink(relPath, content)`. Memory stays bounded by the
    // largest event (files are produced one at a time), so the whole archive publishes.
    void forEachFile(const std::function<void(const std::string& relPath,
                                              const std::string& content)>& sink);

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// The content type for a site path (by its extension).
std::string contentTypeOf(const std::string& relPath);

}  // namespace othello::web
