#include "JsonOutput.h"

#include <fmt/core.h>

#include <utility>
#include <vector>

#include "core/Notation.h"
#include "importers/ReaderUtil.h"
#include "importers/TextEscape.h"
#include "storage/query/ArchiveJson.h"

namespace othello::cli {

std::string jsonText(nlohmann::json j) {
    return storage::exactJsonText(std::move(j));  // the API's writer too
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
    if (d.where.record >= 0) j["record"] = d.where.record + 1;  // counted from 1, as in "source"
    if (d.where.byteOffset >= 0) j["byte_offset"] = d.where.byteOffset;
    j["move_number"] = d.moveNumber > 0 ? json(d.moveNumber) : json(nullptr);
    j["square"] = d.square >= 0 && d.square < 64 ? json(core::squareName(d.square)) : json(nullptr);
    j["code"] = d.code;
    j["message"] = importers::text::printable(d.message);
    if (d.damage) j["damage"] = true;
    return j;
}

nlohmann::json movesJson(const std::vector<int>& moves) {
    return storage::movesJson(moves);
}

int passCount(const std::vector<int>& moves) {
    return storage::passCount(moves);
}

}  // namespace othello::cli
