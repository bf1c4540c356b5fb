#pragma once
// The files of web/assets/ (scripts, styles), compiled into the program by
// web/EmbedAssets.cmake. A published site copies them to `assets/`; the server serves them
// from memory.
#include <optional>
#include <string_view>
#include <vector>

namespace othello::web {

struct Asset {
    std::string_view name;     // the file name, e.g. "board.js"
    std::string_view content;  // its bytes
};

// Every asset, in the order of the file system listing at build time.
const std::vector<Asset>& assetTable();
// The asset called `name`, or nullopt.
std::optional<std::string_view> asset(std::string_view name);
// "text/javascript; charset=utf-8" etc., by the name's extension.
std::string_view contentType(std::string_view name);

}  // namespace othello::web
