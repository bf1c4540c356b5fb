#include "web/Assets.h"

namespace othello::web {

std::optional<std::string_view> asset(std::string_view name) {
    for (const Asset& a : assetTable())
        if (a.name == name) return a.content;
    return std::nullopt;
}

std::string_view contentType(std::string_view name) {
    const auto ends = [&](std::string_view ext) {
        return name.size() >= ext.size() && name.substr(name.size() - ext.size()) == ext;
    };
    if (ends(".html")) return "text/html; charset=utf-8";
    if (ends(".js")) return "text/javascript; charset=utf-8";
    if (ends(".css")) return "text/css; charset=utf-8";
    if (ends(".json")) return "application/json; charset=utf-8";
    if (ends(".svg")) return "image/svg+xml";
    if (ends(".png")) return "image/png";
    return "application/octet-stream";
}

}  // namespace othello::web
