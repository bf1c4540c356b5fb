#include "ObfProblem.h"

#include <charconv>
#include <string>

#include "core/Notation.h"

namespace othello::analysis {
namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() &&
           (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n'))
        s.remove_suffix(1);
    return s;
}

}  // namespace

std::optional<ObfProblem> parseObfLine(std::string_view line) {
    const auto semi = line.find(';');
    if (semi == std::string_view::npos) return std::nullopt;
    const core::BoardParse b = core::parseBoard(trim(line.substr(0, semi)));
    if (b.error || !b.sideGiven) return std::nullopt;
    ObfProblem p;
    p.position = b.position;
    std::string_view rest = line.substr(semi + 1);
    while (!rest.empty()) {
        const auto end = rest.find(';');
        const std::string_view item = trim(rest.substr(0, end));
        rest = end == std::string_view::npos ? std::string_view{} : rest.substr(end + 1);
        if (item.empty()) continue;
        const auto colon = item.find(':');
        if (colon == std::string_view::npos) return std::nullopt;
        const std::string_view name = trim(item.substr(0, colon));
        std::string_view number = trim(item.substr(colon + 1));
        if (!number.empty() && number.front() == '+') number.remove_prefix(1);
        ObfProblem::Move m;
        m.square = core::parseSquare(name);
        if (m.square == core::kNoSquare) {
            if (name == "PS" || name == "ps" || name == "pass")
                m.square = core::kPass;
            else
                return std::nullopt;
        }
        const auto [ptr, ec] =
            std::from_chars(number.data(), number.data() + number.size(), m.value);
        if (ec != std::errc{} || ptr != number.data() + number.size()) return std::nullopt;
        p.moves.push_back(m);
    }
    return p;
}

}  // namespace othello::analysis
