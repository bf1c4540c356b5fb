#pragma once
// Escaping for the contexts the web archive writes names into. Every name, event, place or
// other text that comes from the archive goes through one of these before it lands in a page
// or a data file; nothing from a record is ever written raw.
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace othello::web {

// HTML text and attribute values (double- or single-quoted): & < > " ' become entities.
std::string escapeHtml(std::string_view text);

// A JSON value as text that is safe inside a <script> element or a .js file: '<', '>' and '&'
// become \u003c \u003e \u0026 (so "</script>" and "<!--" cannot end or open anything), and
// U+2028 / U+2029 become \u2028 / \u2029 (line terminators in older JavaScript). Invalid UTF-8
// is replaced by U+FFFD rather than throwing. The result is still valid JSON.
std::string jsonForScript(const nlohmann::json& value);

}  // namespace othello::web
