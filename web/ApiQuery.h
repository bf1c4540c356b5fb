#pragma once
// Reading the query parameters of an API request: every value checked, every mistake a 400
// that names the parameter. The search filters are the `search` command's (ui/cli/StorageCli.h),
// spelled as URL parameters (web/Api.h lists them).
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <stdexcept>
#include <string>

#include "Api.h"
#include "storage/Archive.h"

namespace othello::web {

// A request the API refuses: `status` (400, 404) and the message of {"error": ...}.
struct ApiError : std::runtime_error {
    ApiError(int status, const std::string& message)
        : std::runtime_error(message), status(status) {}
    int status;
};

class ApiQuery {
  public:
    // Throws ApiError(400) for a parameter not in `allowed` or given twice with values.
    ApiQuery(const ApiParams& params, std::initializer_list<const char*> allowed);

    // The value, trimmed; "" when absent or empty.
    std::string text(const std::string& name) const;
    bool has(const std::string& name) const { return !text(name).empty(); }
    // The parameter was sent, maybe empty (pattern=: a pattern that does not parse, not none).
    bool sent(const std::string& name) const { return params_.count(name) > 0; }
    // An integer in min..max; nullopt when absent. Throws ApiError(400) otherwise.
    std::optional<std::int64_t> integer(const std::string& name, std::int64_t min,
                                        std::int64_t max) const;
    // The page size: default when absent, kApiMaxLimit for -1 or anything bigger.
    std::int64_t limit(std::int64_t byDefault) const;
    std::int64_t offset() const;
    // board=... or moves=...: the position, nullopt when neither. `opening` receives the
    // deepest named opening along the moves (moves) or the position's own name (board).
    std::optional<core::Position> position(std::string* opening = nullptr) const;

  private:
    const ApiParams& params_;
};

// The filters of /api/search (limit, offset and sort included).
storage::SearchFilter searchFilter(const ApiQuery& q);
// The parameters searchFilter reads but the page (limit, offset) as one text, "name=value"
// lines: equal texts select the same games in the same order (web/ApiPatternCache.h's key).
std::string filterKey(const ApiQuery& q);

// An id from a path segment: digits only, 1..max; ApiError(400) otherwise.
std::int64_t pathId(const std::string& segment, std::int64_t max, const char* what);

}  // namespace othello::web
