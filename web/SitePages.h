#pragma once
// The pages of the web archive as text (web/Site.h gives the paths and the contract; Site.cpp
// decides what goes on each page). Pure functions of what they are given: no archive access.
// Every text from the archive is escaped here (web/Html.h), once, where it is written.
#include <cstdint>
#include <string>
#include <vector>

#include "storage/Archive.h"
#include "storage/problems/ProblemStore.h"
#include "storage/tournaments/Standings.h"
#include "storage/tournaments/Tournament.h"
#include "web/Site.h"

namespace othello::web {

// One line of the index of events.
struct IndexEntry {
    storage::TournamentSummary summary;  // games: the games published
    std::string winner;                  // tournaments: the players ranked first, "" otherwise
};

// Every page's frame: the head, the site's header and the start of <main> (`prefix` leads
// from the page to the site's root: "" or "../"), and the end with `scripts`.
std::string pageStart(const SiteOptions& o, const std::string& title, const std::string& prefix,
                      const std::string& bodyClass);
std::string pageEnd(const std::string& scripts = "");

// The title of an event: "World Championship 2021", "Games without an event 1990".
std::string eventTitle(const storage::TournamentSummary& t);
// The players ranked first, joined by ", " ("" when nobody scored).
std::string winnerOf(const storage::Standings& standings);

// An index page: `entries` are this page's events; `years` every year present with the page
// holding its first event (for the jump list).
struct IndexPageInput {
    std::vector<IndexEntry> entries;
    std::vector<std::pair<int, std::int64_t>> years;
    std::int64_t page = 1;
    std::int64_t pages = 1;
    std::int64_t events = 0;  // on every page
    std::int64_t games = 0;   // on every page
    // The archive's problem sets (web/ProblemPages.h), listed on the first page only.
    std::vector<storage::ProblemSetInfo> problemSets;
};
std::string indexPage(const SiteOptions& options, const IndexPageInput& input);

// The page of an event: standings and crosstable when `standings` is given (a tournament),
// then the list of `t`'s games.
std::string eventPage(const SiteOptions& options, const storage::Tournament& t,
                      const storage::Standings* standings);

// data/event-<id>.js: registers the event and its games (moves, names, results) with
// assets/game.js. `games` are the stored games of `t.games`, in the same order. With
// `options` (their playerId), each game names its players' pages (black_page, white_page).
std::string eventDataScript(const storage::Tournament& t,
                            const std::vector<storage::StoredGame>& games,
                            const storage::Standings* standings,
                            const SiteOptions* options = nullptr);

// game.html: the board, filled by assets/game.js from the event's data file.
std::string gamePage(const SiteOptions& options);

}  // namespace othello::web
