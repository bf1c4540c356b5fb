// Reading a pattern search as typed (storage/query/PatternText.h).
#include "PatternText.h"

#include <tuple>
#include <utility>

#include "core/Pattern.h"

namespace othello::storage {
namespace {

// "20-40" or "20": the inclusive ply window.
std::pair<int, int> plyRange(const std::string& text, const FieldSpelling& spell) {
    const auto fail = [&](const std::string& why) -> FilterError {
        return FilterError(spell("ply") + ": " + why);
    };
    const auto dash = text.find('-');
    const auto number = [&](const std::string& part) {
        if (part.empty() || part.size() > 3 ||
            part.find_first_not_of("0123456789") != std::string::npos)
            throw fail("expected A-B or A (plies from 0), got '" + text + "'");
        return std::stoi(part);
    };
    if (dash == std::string::npos) {
        const int p = number(text);
        return {p, p};
    }
    const int from = number(text.substr(0, dash)), to = number(text.substr(dash + 1));
    if (from > to) throw fail(text + " is an empty range");
    return {from, to};
}

}  // namespace

PatternRequest readPatternText(const PatternText& t, const FieldSpelling& spell) {
    const core::PatternParse parsed = core::parsePattern(t.pattern);
    if (!parsed.pattern) throw FilterError(spell("pattern") + ": " + parsed.error);
    PatternRequest r;
    r.query.variants = parsed.pattern->variants(t.symmetry);
    r.pattern = parsed.pattern->toString();
    if (r.pattern.empty()) r.pattern = std::string(64, '?');  // nothing fixed: every position
    if (!t.ply.empty()) std::tie(r.query.plyFrom, r.query.plyTo) = plyRange(t.ply, spell);
    return r;
}

}  // namespace othello::storage
