#include "JsonOutput.h"

#include <fmt/core.h>

#include <algorithm>
#include <vector>

#include "core/Notation.h"
#include "importers/ReaderUtil.h"
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

nlohmann::json diagnosticJson(const importers::Diagnostic& d) {
    using nlohmann::json;
    json j;
    j["severity"] = importers::severityName(d.severity);
    j["source"] = d.where.describe();
    j["path"] = d.where.path;
    j["line"] = d.where.line > 0 ? json(d.where.line) : json(nullptr);
    j["column"] = d.where.column > 0 ? json(d.where.column) : json(nullptr);
    if (d.where.record >= 0) j["record"] = d.where.record;
    if (d.where.byteOffset >= 0) j["byte_offset"] = d.where.byteOffset;
    j["move_number"] = d.moveNumber > 0 ? json(d.moveNumber) : json(nullptr);
    j["square"] = d.square >= 0 && d.square < 64 ? json(core::squareName(d.square)) : json(nullptr);
    j["code"] = d.code;
    j["message"] = importers::text::printable(d.message);
    if (d.damage) j["damage"] = true;
    return j;
}

nlohmann::json movesJson(const std::vector<int>& moves) {
    nlohmann::json a = nlohmann::json::array();
    for (int m : moves)
        if (m != core::kPass) a.push_back(core::squareName(m));
    return a;
}

int passCount(const std::vector<int>& moves) {
    return static_cast<int>(std::count(moves.begin(), moves.end(), core::kPass));
}

}  // namespace othello::cli
