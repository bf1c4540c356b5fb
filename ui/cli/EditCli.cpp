// The helpers of the commands that change the archive (EditCli.h).
#include "EditCli.h"

#include <fmt/core.h>

#include <ctime>

#include "core/Notation.h"

namespace othello::cli {

void addUserOption(CLI::App* sub, std::string& user) {
    sub->add_option("--user", user,
                    "The name journalled with the change (default: the OS user name)");
}

storage::Archive openForEdit(const std::string& db, const std::string& user) {
    storage::Archive archive = openArchive(db, storage::Archive::Mode::ReadWrite);
    archive.setUser(user);
    return archive;
}

std::string timeText(std::int64_t seconds, bool iso) {
    const std::time_t t = static_cast<std::time_t>(seconds);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char out[32];
    std::strftime(out, sizeof out, iso ? "%Y-%m-%dT%H:%M:%SZ" : "%Y-%m-%d %H:%M", &tm);
    return out;
}

namespace {

// Moves journalled as square numbers (64 a pass), in notation: "f5", "pass".
nlohmann::json notation(const nlohmann::json& squares) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& m : squares)
        out.push_back(m.is_number_integer() ? nlohmann::json(core::squareName(m.get<int>())) : m);
    return out;
}

void variationsInNotation(nlohmann::json& variations) {
    if (!variations.is_array()) return;
    for (auto& v : variations) {
        if (v.contains("moves")) v["moves"] = notation(v["moves"]);
        if (v.contains("variations")) variationsInNotation(v["variations"]);
    }
}

// The moves of an edit's old and new values (the main line, the variations' lines) in
// notation, as `show --json` writes variations.
void movesInNotation(nlohmann::json& details) {
    if (!details.is_object() || !details.contains("fields")) return;
    auto& fields = details["fields"];
    for (const char* side : {"old", "new"}) {
        if (fields.contains("moves") && fields["moves"].contains(side))
            fields["moves"][side] = notation(fields["moves"][side]);
        if (fields.contains("annotations") && fields["annotations"].contains(side) &&
            fields["annotations"][side].contains("variations"))
            variationsInNotation(fields["annotations"][side]["variations"]);
    }
}

}  // namespace

nlohmann::json changeJson(const storage::Change& c) {
    nlohmann::json j{{"id", c.id},     {"time", timeText(c.time, true)}, {"user", c.user},
                     {"kind", c.kind}, {"summary", c.summary},           {"games", c.games}};
    j["first_game"] = c.firstGame ? nlohmann::json(c.firstGame) : nlohmann::json(nullptr);
    j["last_game"] = c.lastGame ? nlohmann::json(c.lastGame) : nlohmann::json(nullptr);
    j["details"] = nlohmann::json::parse(c.details, nullptr, false);
    movesInNotation(j["details"]);
    j["reverted_by"] = c.revertedBy ? nlohmann::json(c.revertedBy) : nlohmann::json(nullptr);
    j["reverts"] = c.reverts ? nlohmann::json(c.reverts) : nlohmann::json(nullptr);
    return j;
}

void checkId(std::int64_t id) {
    if (id < 1 || id > storage::kMaxGameId)
        throw UsageError(fmt::format("game ids are 1..{}, got {}", storage::kMaxGameId, id));
}

}  // namespace othello::cli
