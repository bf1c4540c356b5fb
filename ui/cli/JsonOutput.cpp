#include "JsonOutput.h"

#include <fmt/core.h>

#include <vector>

#include "importers/TextEscape.h"

namespace othello::cli {
namespace {

namespace text = importers::text;

void makeExact(nlohmann::json& j) {
    if (j.is_array()) {
        for (auto& e : j) {
            if (e.is_string()) {
                const auto& s = e.get_ref<const std::string&>();
                if (!text::isUtf8(s)) e = text::utf8WithReplacements(s);
            } else {
                makeExact(e);
            }
        }
        return;
    }
    if (!j.is_object()) return;
    std::vector<std::pair<std::string, std::string>> bytes;  // key, exact value
    for (auto& [key, value] : j.items()) {
        if (value.is_string()) {
            const auto& s = value.get_ref<const std::string&>();
            if (text::isUtf8(s)) continue;
            bytes.emplace_back(key, s);
            value = text::utf8WithReplacements(s);
        } else {
            makeExact(value);
        }
    }
    for (const auto& [key, value] : bytes) j[key + "_bytes"] = text::hexBytes(value);
}

}  // namespace

std::string jsonText(nlohmann::json j) {
    makeExact(j);
    // The handler only matters for invalid keys, which the program never writes.
    return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

void printJson(const nlohmann::json& j) {
    fmt::print("{}\n", jsonText(j));
}

}  // namespace othello::cli
