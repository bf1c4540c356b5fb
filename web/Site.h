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
//                                        game.html?event=<tournamentId>&game=<gameId>, and
//                                        &ply=<n> opens it after n plies (passes count)
//   players/<playerId>.html              a player's page (storage/players/PlayerProfile.h):
//                                        every player of a published event's games; the
//                                        event pages link each name there
//   problems/<setId>.html                a problem set (web/ProblemPages.h): each problem's
//                                        board, answered by a click, judged by what publish
//                                        computed (no server, no engine at run time)
//   assets/<name>                        web/assets/ (scripts, styles): a static site has
//                                        style.css, game.js and (with problem sets) problems.js,
//                                        a served one every asset
// Only these exact spellings name a file (web/SitePaths.h): no leading "/", no "..", no
// leading zeros, "index-1.html" is index.html. The index lists the newest year first, events of
// an unknown year last. Games recorded without an event belong to the event "" of their year
// (storage/tournaments/Tournament.h: not a tournament), titled "Games without an event"; there is no
// pseudo-id 0.
//
// Filters (SiteOptions::filter) choose the events: every event holding a matching game is
// published, a tournament whole (its standings and crosstable need every game), a collection
// that is not a tournament with its matching games only. A filtered Site reads the matching
// games once, on first use; an unfiltered one reads the archive afresh on every render, but
// for the list of events behind the index pages, which it reuses for 5 seconds (reading it
// groups every game: a quarter of a second on the whole shared archive).
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
    // The served site adds a search page (search.html, backed by the JSON API, rendered by the
    // server, not by Site) and every page's navigation links to it.
    bool served = false;
    // Set by Site for the pages it writes (callers leave it empty): the player page a name
    // links to (its player id), nullopt for a name with no page.
    std::function<std::optional<std::int64_t>(const std::string& name)> playerId;
};

// What forEachFile produced.
struct SiteCounts {
    std::int64_t events = 0;
    std::int64_t games = 0;
    std::int64_t players = 0;  // player pages
    std::int64_t files = 0;
    std::int64_t bytes = 0;
};

// Not thread-safe, like the Archive it reads: one Site per connection, used by one thread at
// a time.
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
    // largest event (files are produced one at a time), so the whole archive publishes. The
    // index pages come last (they name each tournament's winner, known by then).
    SiteCounts forEachFile(
        const std::function<void(const std::string& relPath, const std::string& content)>& sink);

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// The content type for a site path (by its extension).
std::string contentTypeOf(const std::string& relPath);

}  // namespace othello::web
