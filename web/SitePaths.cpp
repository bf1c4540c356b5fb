#include "web/SitePaths.h"

#include <limits>

namespace othello::web {

namespace {

// A positive decimal number without leading zeros that fits in int64; nullopt otherwise.
std::optional<std::int64_t> parseId(std::string_view text) {
    if (text.empty() || text.size() > 18 || text.front() == '0') return std::nullopt;
    std::int64_t n = 0;
    for (const char c : text) {
        if (c < '0' || c > '9') return std::nullopt;
        n = n * 10 + (c - '0');
    }
    return n;
}

bool startsWith(std::string_view s, std::string_view prefix) {
    return s.size() >= prefix.size() && s.substr(0, prefix.size()) == prefix;
}

bool endsWith(std::string_view s, std::string_view suffix) {
    return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

// The number between `prefix` and `suffix` of `path`, when it has exactly that shape.
std::optional<std::int64_t> idBetween(std::string_view path, std::string_view prefix,
                                      std::string_view suffix) {
    if (path.size() <= prefix.size() + suffix.size() || !startsWith(path, prefix) ||
        !endsWith(path, suffix))
        return std::nullopt;
    return parseId(path.substr(prefix.size(), path.size() - prefix.size() - suffix.size()));
}

bool isAssetName(std::string_view name) {
    if (name.empty() || name.size() > 100 || name.front() == '.') return false;
    for (const char c : name) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                        (c >= '0' && c <= '9') || c == '.' || c == '-' || c == '_';
        if (!ok) return false;
    }
    return name.find("..") == std::string_view::npos;
}

}  // namespace

std::optional<SitePath> parseSitePath(std::string_view relPath) {
    SitePath p;
    if (relPath == "index.html") return p;
    if (relPath == "game.html") {
        p.kind = SitePath::Kind::Game;
        return p;
    }
    if (const auto page = idBetween(relPath, "index-", ".html")) {
        if (*page < 2) return std::nullopt;  // page 1 is index.html
        p.number = *page;
        return p;
    }
    if (const auto id = idBetween(relPath, "events/", ".html")) {
        p.kind = SitePath::Kind::Event;
        p.number = *id;
        return p;
    }
    if (const auto id = idBetween(relPath, "problems/", ".html")) {
        p.kind = SitePath::Kind::Problems;
        p.number = *id;
        return p;
    }
    if (const auto id = idBetween(relPath, "data/event-", ".js")) {
        p.kind = SitePath::Kind::Data;
        p.number = *id;
        return p;
    }
    if (const auto id = idBetween(relPath, "players/", ".html")) {
        p.kind = SitePath::Kind::Player;
        p.number = *id;
        return p;
    }
    if (startsWith(relPath, "assets/") && isAssetName(relPath.substr(7))) {
        p.kind = SitePath::Kind::Asset;
        p.asset = std::string(relPath.substr(7));
        return p;
    }
    return std::nullopt;
}

std::string indexPath(std::int64_t page) {
    return page <= 1 ? std::string("index.html") : "index-" + std::to_string(page) + ".html";
}

std::string eventPath(std::int64_t tournamentId) {
    return "events/" + std::to_string(tournamentId) + ".html";
}

std::string dataPath(std::int64_t tournamentId) {
    return "data/event-" + std::to_string(tournamentId) + ".js";
}

std::string playerPath(std::int64_t playerId) {
    return "players/" + std::to_string(playerId) + ".html";
}

std::string problemSetPath(std::int64_t setId) {
    return "problems/" + std::to_string(setId) + ".html";
}

std::string gameLink(std::int64_t tournamentId, std::int64_t gameId, std::optional<int> ply) {
    std::string link =
        "game.html?event=" + std::to_string(tournamentId) + "&game=" + std::to_string(gameId);
    if (ply) link += "&ply=" + std::to_string(*ply);
    return link;
}

}  // namespace othello::web
