#pragma once
// The JSON API of `othello-db serve`: read-only, GET only, over one archive connection.
//
// Endpoints (every answer is a JSON object; field names are those of the command line's
// --json output, ui/cli/JsonOutput.h and the commands' --help):
//   /api/search   the games matching filters, as `othello-db search --json`:
//                 {total, limit, offset, opening?, games: [{id, black, white, event, year,
//                 result, unfinished, black_score, white_score, complete, result_known, moves,
//                 passes, ply, opening, tournament}]}. Parameters: player, black, white, event,
//                 year (Y or Y1-Y2) or year_from/year_to, result (black|white|draw), board (a
//                 board string, web-safe: '-' or '.' empty, X/O discs, side last) or moves (a
//                 move list from the start), lost_discs (0..128), lost_by (black|white), sort
//                 (id, year, black, white, event, score, ply; a leading '-' sorts
//                 descending), order (asc|desc), limit (0..kApiMaxLimit, default 20; a bigger
//                 one, or -1, is capped at kApiMaxLimit), offset. `tournament` is the id of
//                 the game's tournament (storage/tournaments/Tournament.h): the site's game page is
//                 game.html?event=<tournament>&game=<id>.
//                 pattern=P: the games among those the other filters select where the board
//                 pattern P holds (the grammar of `search --pattern`, core/Pattern.h: a
//                 64-square mask or a list such as "a1=X b2=-", with same(a1,h1)), under the 8
//                 symmetries unless symmetry=0, within plies ply=A-B (or ply=A), each game's
//                 `ply` the first where it holds, as `search --pattern --json` gives them:
//                 {total, limit, offset, pattern (as written back), games}, paged the same way
//                 (the games in the filter's order). A pattern that does not parse is a 400
//                 naming its column. The corpus of a filter is kept (web/ApiPatternCache.h).
//   /api/stats    the position's statistics, as `othello-db stats --json`: {games, black_wins,
//                 draws, white_wins, avg_black_score, unfinished, opening, board, moves:
//                 [{move, games, ...}]}. Parameters: board or moves (neither: the start).
//   /api/game/ID  one game, as `othello-db show --json` without the server's file paths and
//                 the analysis: {id, black, white, event, round, date, year, place, result,
//                 ..., moves, passes, opening, ply, board, to_move, tournament}; ply=N gives the
//                 board after N plies.
//   /api/event/ID a tournament, as `othello-db event ID --json` (standings, crosstable,
//                 game_list); bq=C sets the Brightwell constant (1..1000).
//   /api/events   the events, paged: {total, limit, offset, events: [as `events --json`]}.
//                 Parameters: year, tournaments (1: tournaments only), name (a name or part of
//                 one, as `event NAME` matches), limit (default 100, capped), offset.
//
// Errors: a bad or unknown parameter, or one given twice, is 400 {"error": "..."} naming it; an
// unknown game or event is 404 {"error": ...}; an unknown /api/ path is 404. Empty parameters
// count as absent (HTML forms send every field). Queries are bounded by the limits above;
// SQLite statements cannot be interrupted from here (storage::Archive offers no hook), so a
// request runs to its end.
#include <cstdint>
#include <map>
#include <string>

#include "storage/Archive.h"

namespace othello::web {

// Query parameters as httplib gives them (a key may repeat).
using ApiParams = std::multimap<std::string, std::string>;

struct ApiResponse {
    int status = 200;
    std::string body;  // JSON text, valid UTF-8 (bad bytes of names replaced by U+FFFD)
};

// The largest page of games or events one request returns.
inline constexpr std::int64_t kApiMaxLimit = 500;

class ApiEventIndex;
class ApiPatternCache;
class ApiQuery;

class Api {
  public:
    // `archive` (one connection, used by one thread at a time), `events` and `patterns`
    // (shared by every thread) must outlive the Api. No `patterns`: each pattern search loads
    // its corpus.
    Api(storage::Archive& archive, ApiEventIndex& events, ApiPatternCache* patterns = nullptr);

    // `path` is the decoded URL path ("/api/game/12"). Archive errors propagate as exceptions
    // (the server answers 500); everything the client did wrong is a 4xx response.
    ApiResponse handle(const std::string& path, const ApiParams& params);

  private:
    ApiResponse search(const ApiParams& params);
    ApiResponse patternSearch(const ApiQuery& q, const storage::SearchFilter& f);
    ApiResponse stats(const ApiParams& params);
    ApiResponse game(const std::string& id, const ApiParams& params);
    ApiResponse event(const std::string& id, const ApiParams& params);
    ApiResponse events(const ApiParams& params);
    ApiResponse player(const std::string& id, const ApiParams& params);

    storage::Archive& archive_;
    ApiEventIndex& events_;
    ApiPatternCache* patterns_;
};

}  // namespace othello::web
