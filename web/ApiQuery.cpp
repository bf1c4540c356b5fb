// Query parameters of the API (web/ApiQuery.h).
#include "ApiQuery.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>

#include "core/Notation.h"
#include "core/Replay.h"
#include "storage/query/FilterText.h"

namespace othello::web {
namespace {

std::string trimmed(const std::string& s) {
    return storage::trimmedText(s);
}

std::string quoted(const std::string& value) {
    return storage::quotedValue(value);
}

ApiError bad(const std::string& message) {
    return ApiError(400, message);
}

// Signed decimal digits only (no spaces, no '+', no hex): nullopt when `s` is not one or does
// not fit.
std::optional<std::int64_t> parseInteger(const std::string& s) {
    if (s.empty() || s.size() > 19) return std::nullopt;
    const std::size_t digits = s[0] == '-' ? 1 : 0;
    if (digits == s.size() || s.find_first_not_of("0123456789", digits) != std::string::npos)
        return std::nullopt;
    errno = 0;
    char* end = nullptr;
    const long long v = std::strtoll(s.c_str(), &end, 10);
    if (errno == ERANGE || end != s.c_str() + s.size()) return std::nullopt;
    return static_cast<std::int64_t>(v);
}

}  // namespace

ApiQuery::ApiQuery(const ApiParams& params, std::initializer_list<const char*> allowed)
    : params_(params) {
    for (auto it = params.begin(); it != params.end(); ++it) {
        const bool known = std::any_of(allowed.begin(), allowed.end(),
                                       [&](const char* a) { return it->first == a; });
        if (!known) throw bad("unknown parameter " + quoted(it->first));
        if (params.count(it->first) > 1) {
            // A form may send a field twice empty; two values are a mistake, not a choice.
            int given = 0;
            const auto range = params.equal_range(it->first);
            for (auto r = range.first; r != range.second; ++r) given += !trimmed(r->second).empty();
            if (given > 1) throw bad("parameter " + quoted(it->first) + " given twice");
        }
    }
}

std::string ApiQuery::text(const std::string& name) const {
    const auto range = params_.equal_range(name);
    for (auto it = range.first; it != range.second; ++it) {
        std::string v = trimmed(it->second);
        if (!v.empty()) return v;
    }
    return std::string();
}

std::optional<std::int64_t> ApiQuery::integer(const std::string& name, std::int64_t min,
                                              std::int64_t max) const {
    const std::string t = text(name);
    if (t.empty()) return std::nullopt;
    const auto v = parseInteger(t);
    if (!v || *v < min || *v > max)
        throw bad(name + ": expected an integer " + std::to_string(min) + ".." +
                  std::to_string(max) + ", got " + quoted(t));
    return v;
}

std::int64_t ApiQuery::limit(std::int64_t byDefault) const {
    const std::string t = text("limit");
    if (t.empty()) return byDefault;
    const auto v = parseInteger(t);
    // A number too big for 64 bits is still a number: capped like any other big limit.
    const bool huge = !v && t.find_first_not_of("0123456789") == std::string::npos;
    if (huge) return kApiMaxLimit;
    if (!v || *v < -1)
        throw bad("limit: expected an integer 0.." + std::to_string(kApiMaxLimit) +
                  " (bigger ones and -1 are capped), got " + quoted(t));
    return *v < 0 || *v > kApiMaxLimit ? kApiMaxLimit : *v;
}

std::int64_t ApiQuery::offset() const {
    return integer("offset", 0, storage::kMaxGameId).value_or(0);
}

std::optional<core::Position> ApiQuery::position(std::string* opening) const {
    const std::string board = text("board");
    const std::string moves = text("moves");
    if (!board.empty() && !moves.empty()) throw bad("give board or moves, not both");
    if (!board.empty()) {
        const core::BoardParse b = core::parseBoard(board);
        if (b.error) throw bad("board: " + b.error->message);
        if (opening)
            if (auto op = storage::openingOfPosition(b.position)) *opening = op->name;
        return b.position;
    }
    if (moves.empty()) return std::nullopt;
    // 128 tokens, as the readers allow (importers/ReadLimits.h): no game has more plies.
    const core::MovesParse m = core::parseMoves(moves, 129);
    if (m.error) throw bad("moves: " + m.error->message);
    if (m.moves.size() > 128) throw bad("moves: more than 128 moves");
    const core::ReplayResult r = core::replay(core::Position::start(), m.moves);
    if (r.error) throw bad("moves: " + r.error->describe());
    if (opening)
        if (auto op = storage::deepestOpening(m.moves)) *opening = op->name;
    return r.final();
}

storage::SearchFilter searchFilter(const ApiQuery& q) {
    // A parameter read here goes into filterKey too: the kept pattern corpora are keyed by it.
    // The filters are read as the CLI reads them (storage/query/FilterText.h), named as parameters.
    storage::FilterText t;
    t.player = q.text("player");
    t.black = q.text("black");
    t.white = q.text("white");
    t.event = q.text("event");
    t.year = q.text("year");
    t.yearFrom = q.text("year_from");
    t.yearTo = q.text("year_to");
    t.result = q.text("result");
    t.lostDiscs = q.integer("lost_discs", 0, 128);
    t.lostBy = q.text("lost_by");
    t.sort = q.text("sort");
    // As search --rules and --handicap: handicap=any for every handicap game, else corners.
    t.rules = q.text("rules");
    if (q.has("handicap")) t.handicap = q.text("handicap") == "any" ? "" : q.text("handicap");
    t.opening = q.text("opening");
    const std::string order = q.text("order");
    if (order == "desc")
        t.descending = true;
    else if (!order.empty() && order != "asc")
        throw bad("order: expected asc or desc, got " + quoted(order));
    storage::SearchFilter f;
    try {
        storage::applyFilterText(t, f, [](const std::string& field) { return field; });
    } catch (const storage::FilterError& e) {
        throw bad(e.what());
    }
    // opening= set the position: one position a search, so not with board= or moves=.
    if (const auto position = q.position()) {
        if (f.position) throw bad("give opening, board or moves, not two of them");
        f.position = position;
    }
    f.limit = q.limit(20);
    f.offset = q.offset();
    f.withOpenings = true;
    return f;
}

std::string filterKey(const ApiQuery& q) {
    std::string key;
    for (const char* name : {"player", "black", "white", "event", "year", "year_from", "year_to",
                             "result", "lost_discs", "lost_by", "sort", "order", "rules",
                             "handicap", "opening", "board", "moves"}) {
        const std::string value = q.text(name);
        // A line end inside a value is kept apart from the next name by its length.
        if (!value.empty())
            key += std::string(name) + "=" + std::to_string(value.size()) + ":" + value + "\n";
    }
    return key;
}

std::int64_t pathId(const std::string& segment, std::int64_t max, const char* what) {
    const auto v = segment.find_first_not_of("0123456789") == std::string::npos
                       ? parseInteger(segment)
                       : std::nullopt;
    if (!v || *v < 1 || *v > max)
        throw bad(std::string(what) + " ids are integers 1.." + std::to_string(max) + ", got " +
                  quoted(segment));
    return *v;
}

}  // namespace othello::web
