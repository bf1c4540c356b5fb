// The named-openings catalogue (storage/query/openings.txt, compiled in) and its lookups by
// position. The file's format is documented at its top; findOpening (by name) is in
// OpeningNames.cpp.
#include <algorithm>
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
    // The canonical form of the position each opening reaches (same index): a lookup compares
    // positions, not only hashes, so a name is never given on a hash collision.
    std::vector<core::Position> positions;
    // Canonical hash of the position an opening reaches -> its index. A second line reaching
    // a position already named is a bug in openings.txt (the unit tests catch it): the first
    // keeps it.
    std::unordered_map<std::uint64_t, std::size_t> byHash;
    std::size_t longest = 0;  // plies of the longest line: deeper plies are never named
};

std::string trim(const std::string& s) {
    const auto b = s.find_first_not_of(" \t\r");
    if (b == std::string::npos) return {};
    const auto e = s.find_last_not_of(" \t\r");
    return s.substr(b, e - b + 1);
}

// "a / b / c" -> {"a", "b", "c"}, empty parts dropped.
std::vector<std::string> splitNames(const std::string& field) {
    std::vector<std::string> out;
    std::size_t from = 0;
    while (from <= field.size()) {
        auto at = field.find(" / ", from);
        if (at == std::string::npos) at = field.size();
        if (std::string name = trim(field.substr(from, at - from)); !name.empty())
            out.push_back(std::move(name));
        from = at + 3;
    }
    return out;
}

std::vector<std::string> splitWords(const std::string& field) {
    std::vector<std::string> out;
    std::istringstream in(field);
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

// One line "English / alias | 日本語 / 別名 | tags: moves"; nullopt for a line that is not one
// (a malformed line is a bug in openings.txt: the unit tests count the entries).
std::optional<Opening> parseEntry(const std::string& line) {
    const auto colon = line.rfind(':');
    if (colon == std::string::npos) return std::nullopt;
    const std::string names = line.substr(0, colon);
    const auto bar1 = names.find('|');
    const auto bar2 = bar1 == std::string::npos ? bar1 : names.find('|', bar1 + 1);
    if (bar2 == std::string::npos || names.find('|', bar2 + 1) != std::string::npos)
        return std::nullopt;
    Opening o;
    o.english = splitNames(names.substr(0, bar1));
    o.japanese = splitNames(names.substr(bar1 + 1, bar2 - bar1 - 1));
    o.sources = splitWords(names.substr(bar2 + 1));
    if ((o.english.empty() && o.japanese.empty()) || o.sources.empty()) return std::nullopt;
    // Lists show the usual names (the aliases are found by name and listed by `openings`).
    o.name = o.english.empty()    ? o.japanese.front()
             : o.japanese.empty() ? o.english.front()
                                  : o.english.front() + " (" + o.japanese.front() + ")";
    const core::MovesParse parsed = core::parseMoves(line.substr(colon + 1));
    if (parsed.error || parsed.moves.empty()) return std::nullopt;
    o.moves = parsed.moves;
    return o;
}

const Opening* find(const Catalogue& c, const core::Position& position) {
    const core::Canonical canon = core::canonical(position);
    const auto it = c.byHash.find(core::canonicalHash(canon.position));
    if (it == c.byHash.end() || !(c.positions[it->second] == canon.position)) return nullptr;
    return &c.openings[it->second];
}

// A Japanese-only entry is shown after the deepest English-named opening its line passes
// ("Comp'Oth: プチポス"), so a reader without Japanese still knows where the game went.
void nameJapaneseOnly(Catalogue& c) {
    for (Opening& o : c.openings) {
        if (!o.english.empty()) continue;
        const Opening* family = nullptr;
        core::Position p = core::Position::start();
        for (std::size_t i = 0; i + 1 < o.moves.size(); ++i) {
            p.play(o.moves[i]);
            if (const Opening* f = find(c, p); f && !f->english.empty()) family = f;
        }
        if (family) o.name = family->english.front() + ": " + o.name;
    }
}

Catalogue load() {
    Catalogue c;
    std::istringstream in(kOpeningsText);
    std::string line;
    while (std::getline(in, line)) {
        line = trim(line);
        if (line.empty() || line[0] == '#') continue;
        std::optional<Opening> o = parseEntry(line);
        if (!o) continue;
        const core::ReplayResult r = core::replay(core::Position::start(), o->moves);
        // A catalogue line that does not replay is a bug in openings.txt; the unit tests catch it.
        if (r.error || r.passes) continue;
        const core::Canonical canon = core::canonical(r.final());
        c.byHash.emplace(core::canonicalHash(canon.position), c.openings.size());
        c.positions.push_back(canon.position);
        c.longest = std::max(c.longest, o->moves.size());
        c.openings.push_back(std::move(*o));
    }
    nameJapaneseOnly(c);
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
    if (const Opening* o = find(catalogue(), position)) return *o;
    return std::nullopt;
}

std::optional<Opening> deepestOpening(const std::vector<int>& moves) {
    const Catalogue& c = catalogue();
    const Opening* best = nullptr;
    core::Position p = core::Position::start();
    std::size_t played = 0;
    for (int m : moves) {
        if (m == core::kPass) {
            p.pass();
            continue;
        }
        if (m < 0 || m >= 64 || !p.isLegal(m)) break;
        p.play(m);
        // Openings are at most a few dozen moves: stop once past the longest one.
        if (++played > c.longest) break;
        if (const Opening* o = find(c, p)) best = o;
    }
    if (!best) return std::nullopt;
    return *best;
}

}  // namespace othello::storage
