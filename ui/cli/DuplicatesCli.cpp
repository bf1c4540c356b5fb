// Groups of possible duplicates as text and JSON (see DuplicatesCli.h).
#include "DuplicatesCli.h"

#include <fmt/core.h>

#include "Words.h"
#include "importers/TextEscape.h"

namespace othello::cli {

using importers::text::escapeForTerminal;

namespace {

std::string gameLine(const storage::DuplicateGame& d) {
    std::vector<std::string> parts = {escapeForTerminal(d.black) + " - " +
                                      escapeForTerminal(d.white)};
    parts.push_back(d.event.empty() ? "(no event)" : escapeForTerminal(d.event));
    if (!d.date.empty()) parts.push_back(escapeForTerminal(d.date));
    if (!d.round.empty()) parts.push_back("round " + escapeForTerminal(d.round));
    if (!d.place.empty()) parts.push_back(escapeForTerminal(d.place));
    parts.push_back(d.result);
    if (!d.source.empty()) parts.push_back(escapeForTerminal(d.source));
    if (d.comments + d.variations > 0)
        parts.push_back(fmt::format("{} comments, {} variations", d.comments, d.variations));
    return joined(parts, " · ");
}

}  // namespace

nlohmann::json duplicateGroupJson(const storage::DuplicateGroup& g) {
    nlohmann::json games = nlohmann::json::array();
    for (const storage::DuplicateGame& d : g.games)
        games.push_back({{"id", d.id},
                         {"black", d.black},
                         {"white", d.white},
                         {"event", d.event},
                         {"date", d.date},
                         {"year", d.year},
                         {"round", d.round},
                         {"place", d.place},
                         {"result", d.result},
                         {"source", d.source},
                         {"comments", d.comments},
                         {"variations", d.variations}});
    nlohmann::json marks = nlohmann::json::array();
    for (const auto& [change, ids] : g.marks) marks.push_back({{"change", change}, {"games", ids}});
    return {{"moves", g.moves},   {"standard_start", g.standardStart},
            {"short", g.isShort}, {"kind", storage::kindName(g.kind)},
            {"why", g.why},       {"differ", g.differ},
            {"games", games},     {"marks", marks}};
}

nlohmann::json duplicateGroupsJson(const std::vector<storage::DuplicateGroup>& groups) {
    nlohmann::json out = nlohmann::json::array();
    for (const storage::DuplicateGroup& g : groups) out.push_back(duplicateGroupJson(g));
    return out;
}

void printDuplicateGroup(const storage::DuplicateGroup& g, std::size_t number) {
    std::vector<std::string> ids;
    for (const storage::DuplicateGame& d : g.games) ids.push_back(std::to_string(d.id));
    fmt::print("{}{} games ({}): {}\n", number ? fmt::format("group {}: ", number) : "",
               g.games.size(), storage::kindName(g.kind), joined(g.why, "; "));
    fmt::print("  differ: {}\n", g.differ.empty() ? "nothing" : joined(g.differ, ", "));
    for (const storage::DuplicateGame& d : g.games)
        fmt::print("  game {:>7}  {}\n", d.id, gameLine(d));
    for (const auto& [change, marked] : g.marks) {
        std::vector<std::string> m;
        for (const std::int64_t id : marked) m.push_back(std::to_string(id));
        fmt::print("  marked not duplicates: games {} (change {})\n", joined(m, ", "), change);
    }
}

}  // namespace othello::cli
