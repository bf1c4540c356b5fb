// Reading the archive: search and games (statistics and info: ArchiveStats.cpp).
#include <algorithm>
#include <map>
#include <variant>

#include <sqlite3.h>

#include "analysis/SearchTypes.h"
#include "storage/ArchiveImpl.h"
#include "storage/curation/AnnotationStore.h"
#include "storage/database/GameColumns.h"
#include "storage/index/PendingPositions.h"

namespace othello::storage {
namespace {

using Value = std::variant<std::int64_t, std::string>;

// User text inside a LIKE pattern: %, _ and the escape character itself match literally.
std::string likeContains(const std::string& text) {
    std::string out = "%";
    for (char c : foldText(text)) {
        if (c == '%' || c == '_' || c == '\\') out += '\\';
        out += c;
    }
    out += '%';
    return out;
}

struct Query {
    std::string from;
    std::string where;
    std::vector<Value> values;
    bool position = false;
    bool onlyPosition = false;  // no filter besides the position
    // A filter that keeps few games (a name, an event, a review's losses): rows are then found
    // from it and sorted, never by walking a whole name index in sort order (rowsFrom).
    bool selective = false;
    // For a name sort with a selective filter (walkNames): the matches, counted first, and the
    // archive's size (the largest game id: ids are never reused, so an upper bound).
    std::optional<std::int64_t> matches;
    std::int64_t games = 0;
    std::int64_t hash = 0;
    int discs = 0;

    void add(const std::string& condition) {
        where += where.empty() ? " WHERE " : " AND ";
        where += condition;
    }
    void bindAll(SQLite::Statement& s) const {
        int i = 1;
        for (const Value& v : values) {
            if (const auto* n = std::get_if<std::int64_t>(&v))
                s.bind(i++, *n);
            else
                s.bind(i++, std::get<std::string>(v));
        }
    }
};

// How the page's rows are found, once the count has chosen (search):
// - Walk::Order: the filter's terms are written so that no index serves them (a unary +), and
//   the sort's index drives the query instead (walkOrder); a year range stays indexable under
//   a sort by year, the index walked.
// - Walk::Names: a walk along the names (walkNames) tests the filter on the sorted name on the
//   walked player or event (+pb.id, +pw.id, +e.id: unindexed, so that the names index still
//   drives) rather than on each game: the walk skips the names the filter excludes instead of
//   visiting their games (event=Parties&sort=event visited the games of every event before
//   "Diverses parties": 16 ms; now 1 ms).
enum class Walk { None, Order, Names };

// SearchFilter::rules and ::handicap (games.rules holds rulesCode, NULL for Othello's rules).
// A preset's name matches the name and every code it starts with followed by '+' (a range on
// games_rules, which holds the non-NULL codes); a code, itself. Values bound, never inlined:
// onlyPosition counts them.
void addRulesConditions(Query& q, const SearchFilter& f, const std::string& plus) {
    const std::string rules = plus + "g.rules";
    if (!f.rules.empty()) {
        std::vector<std::string> binds;
        q.add(rulesCondition(rules, f.rules, binds));
        for (std::string& b : binds) q.values.emplace_back(std::move(b));
        if (f.rules != "othello") q.selective = true;
    }
    if (f.handicap) {
        std::string pattern = "%+handicap-";
        if (*f.handicap) {
            core::Rules r;
            r.start = core::Start::Handicap;
            r.handicapCorners = *f.handicap;
            const std::string code = core::rulesCode(r);  // "othello+handicap-a1h8-black"
            const std::size_t at = code.find("handicap-") + 9;
            pattern += code.substr(at, code.find('-', at) - at) + "-";
        }
        q.add(rules + " LIKE ?");
        q.values.emplace_back(pattern + "%");
        q.selective = true;
    }
}

Query buildQuery(const SearchFilter& f, bool pending, Walk walk = Walk::None) {
    Query q;
    const std::string plus = walk == Walk::Order ? "+" : "";
    const std::string yearPlus = walk == Walk::Order && f.sort != SortKey::Year ? "+" : "";
    const bool names = walk == Walk::Names;
    const std::string black = names && f.sort == SortKey::Black ? "+pb.id" : plus + "g.black_id";
    const std::string white = names && f.sort == SortKey::White ? "+pw.id" : plus + "g.white_id";
    const std::string event = names && f.sort == SortKey::Event ? "+e.id" : plus + "g.event_id";
    if (f.position) {
        q.position = true;
        q.from = pending ? std::string(" FROM (SELECT hash, entry FROM positions UNION ALL ") +
                               kPendingEntries + ") p CROSS JOIN games g ON g.id = (p.entry >> 24)"
                         : " FROM positions p CROSS JOIN games g ON g.id = (p.entry >> 24)";
        q.hash = static_cast<std::int64_t>(core::positionHash(*f.position));
        q.discs = 64 - core::popcount(f.position->empties());
        q.add("p.hash = ?");
        q.values.emplace_back(q.hash);
    } else {
        q.from = " FROM games g";
    }
    // A player matches by name or by an old spelling (player_aliases, from rename-player).
    // The pattern is one numbered parameter used twice; later plain ? continue after it.
    const auto playerCondition = [&q](const std::string& column, const std::string& name) {
        // Appended, not "?" + to_string(...): GCC 12 warns falsely (-Wrestrict) on that.
        std::string param = "?";
        param += std::to_string(q.values.size() + 1);
        q.values.emplace_back(likeContains(name));
        return column + " IN (SELECT id FROM players WHERE folded LIKE " + param +
               " ESCAPE '\\' UNION SELECT player_id FROM player_aliases WHERE folded LIKE " +
               param + " ESCAPE '\\')";
    };
    q.selective = !f.player.empty() || !f.black.empty() || !f.white.empty() || !f.event.empty() ||
                  f.lostDiscs.has_value();  // and rules other than Othello's (addRulesConditions)
    if (!f.player.empty()) {
        const std::string in = playerCondition(plus + "g.black_id", f.player);
        q.values.pop_back();
        q.add("(" + in + " OR " + playerCondition(plus + "g.white_id", f.player) + ")");
    }
    if (!f.black.empty()) q.add(playerCondition(black, f.black));
    if (!f.white.empty()) q.add(playerCondition(white, f.white));
    if (!f.event.empty()) {
        q.add(event + " IN (SELECT id FROM events WHERE folded LIKE ? ESCAPE '\\')");
        q.values.emplace_back(likeContains(f.event));
    }
    if (f.yearFrom) {
        q.add(yearPlus + "g.year >= ?");
        q.values.emplace_back(static_cast<std::int64_t>(*f.yearFrom));
    }
    if (f.yearTo) {
        q.add(yearPlus + "g.year <= ?");
        q.values.emplace_back(static_cast<std::int64_t>(*f.yearTo));
    }
    if (f.lostDiscs) {
        // Reviews of a changed game are deleted by a trigger; another solver's are ignored.
        const char* column = !f.lostBy                         ? "max_loss"
                             : *f.lostBy == core::Color::Black ? "black_max"
                                                               : "white_max";
        q.add(plus + "g.id IN (SELECT game_id FROM game_analysis WHERE " + column +
              " >= ? AND solver_version = ?)");
        q.values.emplace_back(static_cast<std::int64_t>(*f.lostDiscs));
        q.values.emplace_back(static_cast<std::int64_t>(analysis::kSolverVersion));
    }
    // A result is a weak filter (a draw: 3 % of the games; a win: half): with a name or an
    // event it must not choose the index (black_score = 32 read every draw for white=Kortendijk,
    // 5 ms: the player's games are far fewer), so it is unindexed then.
    const std::string score = q.selective ? "+g.black_score" : plus + "g.black_score";
    switch (f.result) {
        case ResultFilter::Any:
            break;
        case ResultFilter::BlackWin:
            q.add(score + " > 32 AND g.result_known");
            break;
        case ResultFilter::WhiteWin:
            q.add(score + " < 32 AND g.result_known");
            break;
        case ResultFilter::Draw:
            q.add(score + " = 32 AND g.result_known");
            break;
    }
    addRulesConditions(q, f, plus);
    q.onlyPosition =
        q.position && !pending && q.values.size() == 1 && f.result == ResultFilter::Any;
    return q;
}

std::string orderBy(const SearchFilter& f, bool position) {
    const char* dir = f.descending ? " DESC" : "";
    // Within one hash, entries sort by game id (its high bits).
    const std::string id = std::string(position ? "p.entry" : "g.id") + dir;
    switch (f.sort) {
        case SortKey::Id:
            return " ORDER BY " + id;
        case SortKey::Year:
            return std::string(" ORDER BY g.year") + dir + ", " + id;
        // Names sort by their folded form (case and accents ignored), ties by player, then
        // game: the order of players_folded and games_black / games_white, so no sorting.
        case SortKey::Black:
            return std::string(" ORDER BY pb.folded") + dir + ", pb.id" + dir + ", " + id;
        case SortKey::White:
            return std::string(" ORDER BY pw.folded") + dir + ", pw.id" + dir + ", " + id;
        case SortKey::Event:
            return std::string(" ORDER BY e.folded") + dir + ", e.id" + dir + ", " + id;
        case SortKey::Score:
            return std::string(" ORDER BY g.black_score") + dir + ", " + id;
        case SortKey::Ply:
            if (position) return std::string(" ORDER BY (p.entry >> 16) & 255") + dir + ", " + id;
            return " ORDER BY " + id;
    }
    return " ORDER BY " + id;
}

// LIMIT and OFFSET as parameters, bound after the filter's values (bindPage).
const char* kLimit = " LIMIT ? OFFSET ?";

bool isNameSort(SortKey k) {
    return k == SortKey::Black || k == SortKey::White || k == SortKey::Event;
}

// Whether the filter names what the sort orders by (black=X with sort=black, ...).
bool filtersSortedName(const SearchFilter& f) {
    return (f.sort == SortKey::Black && !f.black.empty()) ||
           (f.sort == SortKey::White && !f.white.empty()) ||
           (f.sort == SortKey::Event && !f.event.empty());
}

// Whether walking an index in sort order and stopping at the page beats reading every match
// and sorting them: the rows walked to fill the page, about (offset + limit) * games / matches,
// against the matches (search --black Kuylle --result draw --sort white walked 129,485 games:
// 10 s). Needs the count (Query::matches), which the page needs anyway.
bool walkEstimate(const Query& q, const SearchFilter& f) {
    if (!q.matches || f.limit < 0) return false;
    const double page = double(std::max<std::int64_t>(0, f.offset) + f.limit);
    const double walked = page * double(q.games) / double(std::max<std::int64_t>(1, *q.matches));
    return walked < double(*q.matches);
}

// Whether a sort by a name walks that name's index in order (players or events first, each
// with their games), stopping at the page: no sort, but every game is visited when few match.
// With no selective filter (browsing) it does; with one, walkEstimate decides.
bool walkNames(const Query& q, const SearchFilter& f) {
    if (q.position || !isNameSort(f.sort)) return false;
    return !q.selective || walkEstimate(q, f);
}

// Whether a position search sorted by year or score walks the games in that order (through
// games_year / games_score), probing the position index for each game, stopping at the page,
// rather than reading every game that reaches the position and sorting them. A common opening
// is reached by a third of the archive (search --moves f5d6c3d3c4 --sort -year: 47,635 games
// read and sorted, 40 ms): about three games are probed per row of the page instead. A rare
// position is still sorted (the walk would probe most games). Only with no filter besides the
// position and nothing pending. walkPositionNames: the same for a sort by name, walking the
// players or events in name order and their games (--moves f5d6c4d3c3 --sort event: 20 ms
// read and sorted, about 1 ms walked).
bool walkPositionOrder(const Query& q, const SearchFilter& f) {
    if (!q.onlyPosition || (f.sort != SortKey::Year && f.sort != SortKey::Score)) return false;
    return walkEstimate(q, f);
}
bool walkPositionNames(const Query& q, const SearchFilter& f) {
    return q.onlyPosition && isNameSort(f.sort) && walkEstimate(q, f);
}

// Whether a search with a filter that keeps many games (a common surname, "Parties" and a
// decade), sorted by id, year or score, walks the games in that order (the table, games_year
// or games_score), testing each, rather than reading every match through the filter's index
// and sorting them (player=de: 23,757 games read and sorted, 21 ms; walked: 1 ms). The query is
// then built with the filter's terms unindexed (buildQuery's `walk`).
bool walkOrder(const Query& q, const SearchFilter& f) {
    if (q.position || !q.selective || isNameSort(f.sort)) return false;
    return walkEstimate(q, f);
}

// The FROM clause of the rows of a search: the position index first when there is one (or
// the games in year or score order, each probing the index: walkPositionOrder); for a sort by
// player or event name, the players or events in name order first, each with their games in
// id order (and, for a position, probing the index).
std::string rowsFrom(const Query& q, const SearchFilter& f) {
    const char* events = " LEFT JOIN events e ON e.id = g.event_id";
    // CROSS JOIN keeps the games outside, so the ORDER BY's index drives the walk; the
    // position's rows of one game are the key range [id << 24, (id + 1) << 24).
    const char* probe =
        " CROSS JOIN positions p ON p.entry >= (g.id << 24) AND p.entry < ((g.id + 1) << 24)";
    if (walkPositionOrder(q, f))
        return std::string(" FROM games g") + probe +
               " JOIN players pb ON pb.id = g.black_id JOIN players pw ON pw.id = g.white_id" +
               events;
    const bool walk = walkNames(q, f) || walkPositionNames(q, f);
    const std::string probed = q.position ? probe : "";
    if (walk && f.sort == SortKey::Black)
        return " FROM players pb CROSS JOIN games g ON g.black_id = pb.id" + probed +
               " JOIN players pw ON pw.id = g.white_id" + events;
    if (walk && f.sort == SortKey::White)
        return " FROM players pw CROSS JOIN games g ON g.white_id = pw.id" + probed +
               " JOIN players pb ON pb.id = g.black_id" + events;
    if (walk && f.sort == SortKey::Event)
        return " FROM events e CROSS JOIN games g ON g.event_id = e.id" + probed +
               " JOIN players pb ON pb.id = g.black_id JOIN players pw ON pw.id = g.white_id";
    return q.from + " JOIN players pb ON pb.id = g.black_id JOIN players pw ON pw.id = g.white_id" +
           events;
}

// The folded name a name sort orders by (nullptr: not a name sort).
const char* sortedName(SortKey k) {
    switch (k) {
        case SortKey::Black:
            return "pb.folded";
        case SortKey::White:
            return "pw.folded";
        case SortKey::Event:
            return "e.folded";
        default:
            return nullptr;
    }
}

// Unknown names ("", "?", "???": nothing but question marks, as PGN, GGF and WTHOR write a
// name nobody knows) sort last in a name sort, in either direction, as in SCID's and lichess's
// lists. The page is read from the known names first, then, if it is not full, from the
// unknown ones: two statements in sort order, so a walk along the name's index (rowsFrom)
// still stops at the page. `run(where, limit, offset)` reads rows under a WHERE clause and
// returns how many it read. A position query's rows join the names in the same way.
template <typename Run>
void knownNamesFirst(Archive::Impl& impl, const Query& q, const SearchFilter& f, Run&& run) {
    const std::int64_t offset = std::max<std::int64_t>(0, f.offset);
    const char* column = sortedName(f.sort);
    if (!column) {
        run(q.where, f.limit, offset);
        return;
    }
    const std::string known = std::string("coalesce(") + column + ", '') GLOB '*[^?]*'";
    const auto with = [&q](const std::string& c) {
        return q.where + (q.where.empty() ? " WHERE " : " AND ") + c;
    };
    const std::int64_t n = run(with(known), f.limit, offset);
    if (f.limit >= 0 && n >= f.limit) return;
    std::int64_t skip = 0;
    if (n == 0 && offset > 0) {
        // The page starts past the known names: how far past.
        Reused guard(impl, "SELECT count(*)" + q.from +
                               " JOIN players pb ON pb.id = g.black_id JOIN players pw ON pw.id "
                               "= g.white_id LEFT JOIN events e ON e.id = g.event_id" +
                               with(known));
        SQLite::Statement& s = guard;
        q.bindAll(s);
        s.executeStep();
        skip = std::max<std::int64_t>(0, offset - s.getColumn(0).getInt64());
    }
    run(with("NOT (" + known + ")"), f.limit < 0 ? -1 : f.limit - n, skip);
}

void bindPage(SQLite::Statement& s, const Query& q, std::int64_t limit, std::int64_t offset) {
    const int first = static_cast<int>(q.values.size()) + 1;
    s.bind(first, limit < 0 ? std::int64_t{-1} : limit);
    s.bind(first + 1, offset);
}

// A game's rules from its rules and start columns (both NULL: Othello's, nothing decoded).
core::Rules rulesOfColumns(SQLite::Statement& s, int rulesColumn, int startColumn) {
    const SQLite::Column rules = s.getColumn(rulesColumn);
    const SQLite::Column start = s.getColumn(startColumn);
    if (rules.isNull() && start.isNull()) return {};
    return GameColumns::rulesOf(
        rules.isNull() ? std::nullopt : std::optional<std::string>(rules.getString()),
        decodeStart(start.getBlob(), start.getBytes()));
}

// The columns of a GameRow (readRow), `ply` the expression of its ply (NULL: none).
std::string rowColumns(const char* ply) {
    return std::string(
               "g.id, pb.name, pw.name, e.name, g.year, g.black_score, g.complete, "
               "g.moves, g.start, ") +
           ply + ", g.result_known, g.variant, g.komi, g.rules, g.black_discs, g.white_discs";
}

// The row at `s` (selected with rowColumns); its ply set when the column is not NULL.
GameRow readRow(SQLite::Statement& s, bool withOpenings) {
    GameRow row;
    row.id = s.getColumn(0).getInt64();
    row.black = s.getColumn(1).getString();
    row.white = s.getColumn(2).getString();
    row.event = s.getColumn(3).getString();
    row.year = s.getColumn(4).getInt();
    row.blackScore = s.getColumn(5).getInt();
    row.whiteScore = 64 - row.blackScore;
    row.complete = s.getColumn(6).getInt() != 0;
    const auto moves = s.getColumn(7);
    row.moves = decodeMoves(moves.getBlob(), moves.getBytes());
    // Openings are named from the standard start only (start IS NULL).
    if (withOpenings && s.getColumn(8).isNull())
        if (auto o = deepestOpening(row.moves)) row.opening = o->name;
    if (!s.getColumn(9).isNull()) row.ply = s.getColumn(9).getInt();
    row.resultKnown = s.getColumn(10).getInt() != 0;
    if (!s.getColumn(11).isNull() || !s.getColumn(12).isNull())
        row.variant = GameColumns::variantOf(
            s.getColumn(11).isNull() ? std::nullopt
                                     : std::optional<std::string>(s.getColumn(11).getString()),
            s.getColumn(12).isNull() ? std::nullopt
                                     : std::optional<double>(s.getColumn(12).getDouble()));
    row.rules = rulesOfColumns(s, 13, 8);
    if (!s.getColumn(13).isNull())
        row.unreadableRules = GameColumns::unreadableRules(s.getColumn(13).getString());
    row.discs = core::Score{s.getColumn(14).getInt(), s.getColumn(15).getInt()};
    return row;
}

}  // namespace

std::string rulesCondition(const std::string& column, const std::string& rules,
                           std::vector<std::string>& binds) {
    if (rules.find('+') != std::string::npos) {
        binds.push_back(rules);
        return column + " = ?";
    }
    // "othello" also matches NULL; "P+" <= code < "P," are the codes "P+..." ('+' is followed
    // by ',' in ASCII).
    if (rules != "othello") binds.push_back(rules);
    binds.push_back(rules + "+");
    binds.push_back(rules + ",");
    return "(" + column + (rules == "othello" ? " IS NULL" : " = ?") + " OR (" + column +
           " >= ? AND " + column + " < ?))";
}

ReadSnapshot::ReadSnapshot(Archive::Impl& impl) {
    if (!sqlite3_get_autocommit(impl.db.getHandle())) return;
    impl.db.exec("BEGIN");
    db_ = &impl.db;
}

ReadSnapshot::~ReadSnapshot() {
    if (!db_) return;
    try {
        db_->exec("COMMIT");
    } catch (const std::exception&) {
        try {
            db_->exec("ROLLBACK");
        } catch (const std::exception&) {
            // The connection is unusable anyway.
        }
    }
}

std::int64_t Archive::unindexedGames() {
    return impl_->unindexedGames();
}

std::optional<SortKey> parseSortKey(const std::string& name) {
    static const std::map<std::string, SortKey> keys = {
        {"id", SortKey::Id},       {"year", SortKey::Year},   {"black", SortKey::Black},
        {"white", SortKey::White}, {"event", SortKey::Event}, {"score", SortKey::Score},
        {"ply", SortKey::Ply}};
    const auto it = keys.find(name);
    if (it == keys.end()) return std::nullopt;
    return it->second;
}

std::int64_t Archive::count(const SearchFilter& filter) {
    ReadSnapshot snapshot(*impl_);
    const Query q = buildQuery(filter, filter.position && impl_->refreshPending());
    if (q.onlyPosition && q.discs <= impl_->statsMaxDiscs) {
        // Popular shallow positions: the cached statistics hold the count.
        Reused guard(*impl_, "SELECT coalesce(sum(games), 0) FROM position_stats WHERE hash = ?");
        SQLite::Statement& s = guard;
        s.bind(1, q.hash);
        s.executeStep();
        return s.getColumn(0).getInt64();
    }
    if (q.onlyPosition) {
        // The index alone: one key range, no game rows read.
        Reused guard(*impl_, "SELECT count(*) FROM positions WHERE hash = ?");
        SQLite::Statement& s = guard;
        s.bind(1, q.hash);
        s.executeStep();
        return s.getColumn(0).getInt64();
    }
    Reused guard(*impl_, "SELECT count(*)" + q.from + q.where);
    SQLite::Statement& s = guard;
    q.bindAll(s);
    s.executeStep();
    return s.getColumn(0).getInt64();
}

SearchResult Archive::search(const SearchFilter& filter) {
    ReadSnapshot snapshot(*impl_);
    SearchResult out;
    Query q = buildQuery(filter, filter.position && impl_->refreshPending());
    const bool orderSort = filter.sort == SortKey::Year || filter.sort == SortKey::Score;
    if (((!q.position && q.selective) ||
         (q.onlyPosition && (orderSort || isNameSort(filter.sort)))) &&
        filter.limit >= 0) {
        // The count is the total the page needs anyway; it also chooses the plan (walkNames,
        // walkPositionOrder, walkPositionNames, walkOrder).
        q.matches = count(filter);
        q.games = impl_->scalar("SELECT coalesce(max(id), 0) FROM games");
        const Walk walk = walkOrder(q, filter)                                ? Walk::Order
                          : filtersSortedName(filter) && walkNames(q, filter) ? Walk::Names
                                                                              : Walk::None;
        if (walk != Walk::None) {
            Query walked = buildQuery(filter, false, walk);
            walked.matches = q.matches;
            walked.games = q.games;
            q = std::move(walked);
        }
    }
    knownNamesFirst(
        *impl_, q, filter,
        [&](const std::string& where, std::int64_t limit, std::int64_t offset) -> std::int64_t {
            Reused guard(*impl_,
                         "SELECT " + rowColumns(q.position ? "(p.entry >> 16) & 255" : "NULL") +
                             rowsFrom(q, filter) + where +
                             orderBy(filter, q.position && !walkPositionNames(q, filter)) + kLimit);
            SQLite::Statement& s = guard;
            q.bindAll(s);
            bindPage(s, q, limit, offset);
            std::int64_t read = 0;
            while (s.executeStep()) {
                ++read;
                out.games.push_back(readRow(s, filter.withOpenings));
            }
            return read;
        });
    // The rows read are all the matches unless a page was cut off at either end.
    const bool partial =
        filter.offset > 0 ||
        (filter.limit >= 0 && static_cast<std::int64_t>(out.games.size()) >= filter.limit);
    out.total = !partial    ? static_cast<std::int64_t>(out.games.size())
                : q.matches ? *q.matches
                            : count(filter);
    return out;
}

std::vector<GameRow> Archive::gameRows(const std::vector<std::int64_t>& ids) {
    ReadSnapshot snapshot(*impl_);
    std::vector<GameRow> rows;
    rows.reserve(ids.size());
    Reused guard(*impl_, "SELECT " + rowColumns("NULL") +
                             " FROM games g JOIN players pb ON pb.id = g.black_id JOIN players pw "
                             "ON pw.id = g.white_id LEFT JOIN events e ON e.id = g.event_id "
                             "WHERE g.id = ?");
    SQLite::Statement& s = guard;
    for (const std::int64_t id : ids) {
        s.reset();
        s.bind(1, id);
        if (s.executeStep()) rows.push_back(readRow(s, true));
    }
    return rows;
}

void Archive::forEachMoves(const SearchFilter& filter,
                           const std::function<void(const GameMoves&)>& visit) {
    ReadSnapshot snapshot(*impl_);
    SearchFilter f = filter;
    f.limit = -1;
    f.offset = 0;
    const Query q = buildQuery(f, f.position && impl_->refreshPending());
    // The players and events are joined only when the order needs their names (search joins
    // them always, for the names it returns): games.black_id and white_id are NOT NULL
    // references, so the inner joins drop no game.
    const std::string from = isNameSort(f.sort) ? rowsFrom(q, f) : q.from;
    knownNamesFirst(
        *impl_, q, f,
        [&](const std::string& where, std::int64_t limit, std::int64_t offset) -> std::int64_t {
            Reused guard(*impl_, "SELECT g.id, g.moves, g.rules, g.start" + from + where +
                                     orderBy(f, q.position) + kLimit);
            SQLite::Statement& s = guard;
            q.bindAll(s);
            bindPage(s, q, limit, offset);
            std::int64_t read = 0;
            GameMoves g;
            while (s.executeStep()) {
                ++read;
                g.id = s.getColumn(0).getInt64();
                const SQLite::Column moves = s.getColumn(1);
                g.moves = static_cast<const unsigned char*>(moves.getBlob());
                g.size = moves.getBytes();
                g.rules = rulesOfColumns(s, 2, 3);
                const SQLite::Column start = s.getColumn(3);
                g.start = decodeStart(start.getBlob(), start.getBytes());
                visit(g);
            }
            return read;
        });
}

void Archive::forEachGame(const SearchFilter& filter,
                          const std::function<void(const StoredGame&)>& visit) {
    ReadSnapshot snapshot(*impl_);
    const Query q = buildQuery(filter, filter.position && impl_->refreshPending());
    std::vector<std::int64_t> ids;
    knownNamesFirst(
        *impl_, q, filter,
        [&](const std::string& where, std::int64_t limit, std::int64_t offset) -> std::int64_t {
            SQLite::Statement s(impl_->db,
                                std::string("SELECT g.id") + rowsFrom(q, filter) + where +
                                    orderBy(filter, q.position && !walkPositionNames(q, filter)) +
                                    kLimit);
            q.bindAll(s);
            bindPage(s, q, limit, offset);
            const std::size_t before = ids.size();
            while (s.executeStep()) ids.push_back(s.getColumn(0).getInt64());
            return static_cast<std::int64_t>(ids.size() - before);
        });
    for (std::int64_t id : ids)
        if (auto g = game(id)) visit(*g);
}

std::optional<StoredGame> Archive::game(std::int64_t id) {
    ReadSnapshot snapshot(*impl_);
    Reused guard(*impl_, GameColumns::selectSql() + "WHERE g.id = ?");
    SQLite::Statement& s = guard;
    s.bind(1, id);
    if (!s.executeStep()) return std::nullopt;
    StoredGame out;
    out.id = id;
    importers::GameRecord& r = out.record;
    GameColumns::read(s, r);
    if (!s.getColumn("rules").isNull())
        out.unreadableRules = GameColumns::unreadableRules(s.getColumn("rules").getString());
    if (r.standardStart)
        if (auto o = deepestOpening(r.moves)) out.opening = o->name;
    GameAnnotations a = AnnotationStore(*impl_).read(id);
    r.comments = std::move(a.comments);
    r.variations = std::move(a.variations);
    return out;
}

std::optional<int> Archive::reachPly(std::int64_t id, const core::Position& position) {
    const auto g = game(id);
    if (!g) return std::nullopt;
    const std::uint64_t target = core::positionHash(position);
    const core::ReplayResult r = core::replay(g->record.start, g->record.moves, g->record.rules);
    for (std::size_t i = 0; i < r.positions.size(); ++i)
        if (core::positionHash(r.positions[i]) == target) return static_cast<int>(i);
    return std::nullopt;
}

}  // namespace othello::storage
