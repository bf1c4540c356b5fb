#pragma once
// The search filters as a user types them, read into a SearchFilter one way for every front
// end: `othello-db search`/`export` options (ui/cli/StorageCli.h) and /api/search parameters
// (web/ApiQuery.h). Each front end spells the fields its own way ("--lost-discs",
// "lost_discs"): the messages name them through `spell`. Positions and paging stay the front
// ends' (the CLI has --start and takes any page; the API caps pages).
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>

#include "storage/Archive.h"

namespace othello::storage {

// A filter value that is wrong; what() names the field as the front end spells it.
struct FilterError : std::invalid_argument {
    using std::invalid_argument::invalid_argument;
};

// The longest player or event text a filter takes (bytes).
inline constexpr std::size_t kMaxFilterText = 4096;

struct FilterText {
    std::string player, black, white, event;  // trimmed; at most kMaxFilterText bytes
    std::string year;                         // "Y" or "Y1-Y2" (1..9999, Y1 <= Y2)
    std::string yearFrom, yearTo;             // "Y" each; not with `year`
    std::string result;                       // black, white or draw
    std::optional<std::int64_t> lostDiscs;    // 0..128
    std::string lostBy;                       // black or white; needs lostDiscs
    std::string sort;  // id, year, black, white, event, score or ply; a leading '-': descending
    bool descending = false;
    // A rules code or preset name (SearchFilter::rules); handicap: set for handicap games, ""
    // for any corners, else the corners ("a1,h8").
    std::string rules;
    std::optional<std::string> handicap;
    // An opening's name (findOpening: English or Japanese, any case, a unique prefix): the games
    // reaching its position (its line or a deeper one, any symmetry, any move order). It sets
    // SearchFilter::position, so a front end refuses it with a position of its own.
    std::string opening;
};

// The canonical field names ("player", "year", "year_from", "lost_discs", "sort", ...) as the
// front end writes them.
using FieldSpelling = std::function<std::string(const std::string& field)>;

// Sets the filter fields of `f` (not paging or withOpenings; the position only from `opening`)
// from `t`. Throws FilterError naming the field for a bad year, range, result, lost_discs,
// lost_by, sort key, rules code or handicap corner, and for an opening name that names none
// (the message lists the near names) or several (it lists them).
void applyFilterText(const FilterText& t, SearchFilter& f, const FieldSpelling& spell);

// `s` without the spaces, tabs and line ends around it.
std::string trimmedText(const std::string& s);
// A value quoted back in a message: "value", printable, cut after 80 bytes ("...").
std::string quotedValue(const std::string& value);

}  // namespace othello::storage
