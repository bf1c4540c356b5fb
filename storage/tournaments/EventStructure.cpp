// An event's structure: stages, rounds as sources write them, play-offs guessed (see
// EventStructure.h).
#include "storage/tournaments/EventStructure.h"

#include <algorithm>
#include <map>

#include "storage/tournaments/Tournament.h"

namespace othello::storage {

namespace {

char lower(char c) {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

bool isDigit(char c) {
    return c >= '0' && c <= '9';
}

bool isLetter(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

// The words a stage is written with, letters only ("semi-final" -> "semifinal").
std::optional<Stage> stageWord(const std::string& word) {
    static const std::map<std::string, Stage> words = {
        {"f", Stage::Final},
        {"final", Stage::Final},
        {"finals", Stage::Final},
        {"finale", Stage::Final},
        {"grandfinal", Stage::Final},
        {"gf", Stage::Final},
        {"sf", Stage::Playoff},
        {"semi", Stage::Playoff},
        {"semis", Stage::Playoff},
        {"semifinal", Stage::Playoff},
        {"semifinals", Stage::Playoff},
        {"semifinale", Stage::Playoff},
        {"demifinale", Stage::Playoff},
        {"qf", Stage::Playoff},
        {"quarter", Stage::Playoff},
        {"quarterfinal", Stage::Playoff},
        {"quarterfinals", Stage::Playoff},
        {"quartdefinale", Stage::Playoff},
        {"po", Stage::Playoff},
        {"playoff", Stage::Playoff},
        {"playoffs", Stage::Playoff},
        {"tiebreak", Stage::Playoff},
        {"barrage", Stage::Playoff},
        {"rdplace", Stage::Playoff},  // "3rd place" once the digits are read
        {"thirdplace", Stage::Playoff},
        {"third", Stage::Playoff},
        {"petitefinale", Stage::Playoff},
        {"bronze", Stage::Playoff},
        {"place", Stage::Playoff},  // "place 5-6"
    };
    const auto it = words.find(word);
    if (it == words.end()) return std::nullopt;
    return it->second;
}

// The first number from `at` (digits only, at most 6 of them); 0 when none.
int numberFrom(const std::string& s, std::size_t at) {
    while (at < s.size() && !isDigit(s[at])) ++at;
    int n = 0, digits = 0;
    for (; at < s.size() && isDigit(s[at]) && digits < 6; ++at, ++digits)
        n = n * 10 + (s[at] - '0');
    return n;
}

}  // namespace

const char* stageName(Stage s) {
    switch (s) {
        case Stage::Playoff:
            return "playoff";
        case Stage::Final:
            return "final";
        case Stage::Swiss:
            break;
    }
    return "swiss";
}

std::optional<Stage> parseStage(const std::string& text) {
    std::string w;
    for (const char c : text)
        if (isLetter(c)) w += lower(c);
    if (w == "swiss") return Stage::Swiss;
    if (w == "playoff" || w == "playoffs") return Stage::Playoff;
    if (w == "final" || w == "finals") return Stage::Final;
    return std::nullopt;
}

std::optional<RoundLabel> parseRound(const std::string& text) {
    // The leading words (letters, spaces and hyphens) before the first digit; "3rd place"
    // starts with its digit, so the words after a leading number are read too.
    std::string word;
    std::size_t i = 0;
    while (i < text.size() && (isLetter(text[i]) || text[i] == ' ' || text[i] == '-' ||
                               text[i] == '_' || text[i] == '.' || text[i] == '#')) {
        if (isLetter(text[i])) word += lower(text[i]);
        ++i;
    }
    if (word.empty() && i < text.size() && isDigit(text[i])) {
        std::size_t j = i;
        while (j < text.size() && isDigit(text[j])) ++j;
        std::string after;
        for (std::size_t k = j; k < text.size(); ++k)
            if (isLetter(text[k])) after += lower(text[k]);
        if (after == "rdplace" || after == "thplace" || after == "ndplace" || after == "place")
            return RoundLabel{Stage::Playoff, 0};
    }
    RoundLabel label;
    label.number = numberFrom(text, i);
    if (const auto stage = stageWord(word)) {
        label.stage = *stage;
        return label;
    }
    // Other words before the number ("Group A 3", "Table 3") were read as the round before
    // stages existed: kept so, a number is still the round.
    if (label.number == 0) return std::nullopt;
    return label;
}

int typicalGames(const std::vector<StructureGame>& games) {
    std::map<std::string, int> played;
    for (const StructureGame& g : games)
        for (const std::string* p : {&g.black, &g.white})
            if (!isByeName(*p)) ++played[*p];
    std::map<int, int> howMany;
    for (const auto& [name, k] : played) ++howMany[k];
    int best = 0, typical = 0;
    for (const auto& [k, count] : howMany)
        if (count >= best) {
            best = count;
            typical = k;
        }
    return typical;
}

std::vector<std::size_t> guessPlayoffs(const std::vector<StructureGame>& games, int rounds) {
    std::map<std::string, int> excess;
    for (const StructureGame& g : games)
        for (const std::string* p : {&g.black, &g.white})
            if (!isByeName(*p)) ++excess[*p];
    bool any = false;
    for (auto& [name, k] : excess) {
        k = std::max(0, k - rounds);
        any = any || k > 0;
    }
    if (!any || games.empty()) return {};
    std::vector<bool> taken(games.size(), false);
    // The run from one end: games taken while one of their players still has games in excess
    // (left in `left`); returns how many excess games it explains.
    const auto run = [&](bool fromStart, std::map<std::string, int>& left, bool apply) {
        int explained = 0;
        for (std::size_t k = 0; k < games.size(); ++k) {
            const std::size_t i = fromStart ? k : games.size() - 1 - k;
            const StructureGame& g = games[i];
            int& b = left[g.black];
            int& w = left[g.white];
            if (taken[i] || (b == 0 && w == 0)) break;
            explained += (b > 0) + (w > 0);
            b = std::max(0, b - 1);
            w = std::max(0, w - 1);
            if (apply) taken[i] = true;
        }
        return explained;
    };
    // The end that explains more of the excess goes first (the start on a tie: WTHOR's
    // order), so that a finalist's first Swiss game at the other end is not taken for a
    // play-off; the other end then takes what is left.
    std::map<std::string, int> fromStart = excess, fromEnd = excess;
    const bool startFirst = run(true, fromStart, false) >= run(false, fromEnd, false);
    run(startFirst, excess, true);
    run(!startFirst, excess, true);
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < games.size(); ++i)
        if (taken[i]) out.push_back(i);
    return out;
}

}  // namespace othello::storage
