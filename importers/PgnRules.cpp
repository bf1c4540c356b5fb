// The PGN tags that name a game's rules (PgnRules.h).
#include "PgnRules.h"

#include "ReaderUtil.h"

namespace othello::importers::pgn {

std::optional<core::Rules> variantRules(std::string_view variant) {
    // "Reversi all lines", "reversi-all-lines", "Reversi (all lines)": one spelling.
    std::string name;
    for (char c : text::lower(variant)) {
        const bool space = c == ' ' || c == '\t' || c == '-' || c == '_' || c == '(' || c == ')';
        if (!space)
            name += c;
        else if (!name.empty() && name.back() != ' ')
            name += ' ';
    }
    if (!name.empty() && name.back() == ' ') name.pop_back();
    if (name == "othello" || name == "standard") return core::othelloRules();
    if (name == "reversi" || name == "classic reversi" || name == "reversi one line")
        return core::reversiRules();
    if (name == "reversi all lines") return core::reversiAllLinesRules();
    return std::nullopt;
}

std::optional<core::Scoring> scoringNamed(std::string_view scoring) {
    const std::string s = text::lower(text::trim(scoring));
    if (s == "discs") return core::Scoring::Discs;
    if (s == "empties" || s == "empties to the winner") return core::Scoring::EmptiesToWinner;
    return std::nullopt;
}

std::string variantName(const core::Rules& rules) {
    // The preset the code names (core::rulesCode): its first word.
    const std::string code = core::rulesCode(rules);
    if (code.rfind("reversi-all-lines", 0) == 0) return "Reversi all lines";
    if (code.rfind("reversi", 0) == 0) return "Reversi";
    return "Othello";
}

const char* scoringName(core::Scoring scoring) {
    return scoring == core::Scoring::Discs ? "discs" : "empties";
}

}  // namespace othello::importers::pgn
