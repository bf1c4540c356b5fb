// The named-openings catalogue (storage/query/openings.txt, compiled in) and its lookups by position.
#include <mutex>
#include <sstream>
#include <unordered_map>

#include "core/Notation.h"
#include "core/Replay.h"
#include "core/Symmetry.h"
#include "storage/Archive.h"

namespace othello::storage {

extern const char* const kOpeningsText;

namespace {

struct Catalogue {
    std::vector<Opening> openings;
    // Canonical hash of the position an opening reaches -> its index. Two lines reaching one
    // position (a transposition) keep the first.
    std::unordered_map<std::uint64_t, std::size_t> byHash;
};

std::string trim(const std::string& s) {
    const auto b = s.find_first_not_of(" \t\r");
    if (b == std::string::npos) return {};
    const auto e = s.find_last_not_of(" \t\r");
    return s.substr(b, e - b + 1);
}

Catalogue load() {
    Catalogue c;
    std::istringstream in(kOpeningsText);
    std::string line;
    while (std::getline(in, line)) {
        line = trim(line);
        if (line.empty() || line[0] == '#') continue;
        const auto colon = line.rfind(':');
        if (colon == std::string::npos) continue;
        Opening o;
        o.name = trim(line.substr(0, colon));
        const core::MovesParse parsed = core::parseMoves(line.substr(colon + 1));
        if (parsed.error || parsed.moves.empty()) continue;
        const core::ReplayResult r = core::replay(core::Position::start(), parsed.moves);
        // A catalogue line that does not replay is a bug in openings.txt; the unit tests catch it.
        if (r.error || r.passes) continue;
        o.moves = parsed.moves;
        const std::uint64_t h = core::positionHash(r.final());
        c.byHash.emplace(h, c.openings.size());
        c.openings.push_back(std::move(o));
    }
    return c;
}

const Catalogue& catalogue() {
    static const Catalogue c = load();
    return c;
}

}  // namespace

const std::vector<Opening>& openingCatalogue() {
    return catalogue().openings;
}

std::optional<Opening> openingOfPosition(const core::Position& position) {
    const Catalogue& c = catalogue();
    const auto it = c.byHash.find(core::positionHash(position));
    if (it == c.byHash.end()) return std::nullopt;
    const Opening& o = c.openings[it->second];
    // Same disc count as the opening's position: a hash collision across plies is impossible.
    if (position.count(core::Color::Black) + position.count(core::Color::White) !=
        static_cast<int>(o.moves.size()) + 4)
        return std::nullopt;
    return o;
}

std::optional<Opening> deepestOpening(const std::vector<int>& moves) {
    const Catalogue& c = catalogue();
    std::optional<Opening> best;
    core::Position p = core::Position::start();
    // Openings are at most a few dozen moves: stop once past the longest one.
    std::size_t longest = 0;
    for (const Opening& o : c.openings) longest = std::max(longest, o.moves.size());
    std::size_t played = 0;
    for (int m : moves) {
        if (m == core::kPass) {
            p.pass();
            continue;
        }
        if (m < 0 || m >= 64 || !p.isLegal(m)) break;
        p.play(m);
        if (++played > longest) break;
        if (auto o = openingOfPosition(p)) best = std::move(o);
    }
    return best;
}

}  // namespace othello::storage
