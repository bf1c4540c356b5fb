#pragma once
// The path scheme of the web archive (web/Site.h lists it): parsing a relative path into what
// it names, and building the paths pages link to. Only the canonical spelling of a path is
// accepted ("events/10002021.html", never "events/010002021.html", "events/../index.html",
// "/index.html" or "index-1.html"), so one file has one name and nothing outside the site can be
// named.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace othello::web {

struct SitePath {
    enum class Kind { Index, Event, Data, Game, Asset, Player, Problems };
    Kind kind = Kind::Index;
    std::int64_t number = 1;  // Index: the page (1-based); Event, Data: the tournament id;
                              // Player: the player id;
                              // Problems: the problem set's id
    std::string asset;        // Asset: the file name in web/assets/
};

// What `relPath` names, or nullopt when it is not a path of the scheme. Asset names are only
// checked for their shape here (letters, digits, '.', '-', '_', no leading '.'); whether the
// asset exists is the caller's business.
std::optional<SitePath> parseSitePath(std::string_view relPath);

// "index.html" for page 1, else "index-<page>.html".
std::string indexPath(std::int64_t page);
// "events/<id>.html"
std::string eventPath(std::int64_t tournamentId);
// "data/event-<id>.js"
std::string dataPath(std::int64_t tournamentId);
// "players/<id>.html"
std::string playerPath(std::int64_t playerId);
// "problems/<setId>.html" (web/ProblemPages.h)
std::string problemSetPath(std::int64_t setId);
// "game.html?event=<id>&game=<gameId>", with "&ply=<n>" when `ply` is given (the board
// opens after n plies, passes counted). The query is read by assets/game.js.
std::string gameLink(std::int64_t tournamentId, std::int64_t gameId,
                     std::optional<int> ply = std::nullopt);

}  // namespace othello::web
