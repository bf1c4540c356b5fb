// The search filters as typed (storage/query/FilterText.h).
#include "storage/query/FilterText.h"

#include "core/Notation.h"
#include "core/Replay.h"

namespace othello::storage {
namespace {

std::string trimmed(const std::string& s) {
    return trimmedText(s);
}

std::string quoted(const std::string& value) {
    return quotedValue(value);
}

class Reader {
  public:
    explicit Reader(const FieldSpelling& spell) : spell_(spell) {}

    [[noreturn]] void fail(const std::string& field, const std::string& message) const {
        std::string m = spell_(field);
        m += ": ";
        m += message;
        throw FilterError(m);
    }

    std::string name(const std::string& field, const std::string& value) const {
        std::string t = trimmed(value);
        if (t.size() > kMaxFilterText)
            fail(field, "longer than " + std::to_string(kMaxFilterText) + " bytes");
        return t;
    }

    // A year 1..9999: four digits at most, nothing else (no sign, no space inside).
    int year(const std::string& field, const std::string& text, const std::string& whole) const {
        if (text.empty() || text.size() > 4 ||
            text.find_first_not_of("0123456789") != std::string::npos || std::stoi(text) < 1)
            fail(field, "expected a year Y or a range Y1-Y2 (years 1..9999), got " + quoted(whole));
        return std::stoi(text);
    }

    std::string spell(const std::string& field) const { return spell_(field); }

    // The catalogue opening `text` names; else fails listing what it could mean.
    Opening opening(const std::string& field, const std::string& text) const {
        const OpeningLookup found = findOpening(text);
        if (found.opening) return *found.opening;
        std::string names;
        for (const auto& n : found.candidates) names += (names.empty() ? "" : "; ") + n;
        if (found.ambiguous)
            fail(field, quoted(text) + " starts the names of several openings: " + names +
                            " (type more of the name)");
        fail(field, "no opening named " + quoted(text) +
                        (names.empty() ? std::string() : "; near names: " + names));
    }

  private:
    const FieldSpelling& spell_;
};

}  // namespace

void applyFilterText(const FilterText& t, SearchFilter& f, const FieldSpelling& spell) {
    const Reader r(spell);
    f.player = r.name("player", t.player);
    f.black = r.name("black", t.black);
    f.white = r.name("white", t.white);
    f.event = r.name("event", t.event);
    const std::string years = trimmed(t.year);
    const std::string from = trimmed(t.yearFrom), to = trimmed(t.yearTo);
    if (!years.empty()) {
        if (!from.empty() || !to.empty())
            r.fail("year", "give " + spell("year") + ", or " + spell("year_from") + " and " +
                               spell("year_to") + ", not both");
        // A reversed range is refused, not swapped: more likely a typo than a wish.
        const auto dash = years.find('-');
        f.yearFrom = r.year("year", trimmed(years.substr(0, dash)), years);
        f.yearTo = dash == std::string::npos
                       ? *f.yearFrom
                       : r.year("year", trimmed(years.substr(dash + 1)), years);
    }
    if (!from.empty()) f.yearFrom = r.year("year_from", from, from);
    if (!to.empty()) f.yearTo = r.year("year_to", to, to);
    if (f.yearFrom && f.yearTo && *f.yearFrom > *f.yearTo)
        r.fail(years.empty() ? "year_from" : "year", "the first year is after the last");
    const std::string result = trimmed(t.result);
    if (result == "black")
        f.result = ResultFilter::BlackWin;
    else if (result == "white")
        f.result = ResultFilter::WhiteWin;
    else if (result == "draw")
        f.result = ResultFilter::Draw;
    else if (!result.empty())
        r.fail("result", "expected black, white or draw, got " + quoted(result));
    if (t.lostDiscs && (*t.lostDiscs < 0 || *t.lostDiscs > 128))
        r.fail("lost_discs", "expected 0..128 discs, got " + std::to_string(*t.lostDiscs));
    f.lostDiscs = t.lostDiscs ? std::optional<int>(static_cast<int>(*t.lostDiscs)) : std::nullopt;
    const std::string lostBy = trimmed(t.lostBy);
    if (lostBy == "black")
        f.lostBy = core::Color::Black;
    else if (lostBy == "white")
        f.lostBy = core::Color::White;
    else if (!lostBy.empty())
        r.fail("lost_by", "expected black or white, got " + quoted(lostBy));
    if (f.lostBy && !f.lostDiscs) r.fail("lost_by", "needs " + spell("lost_discs"));
    f.descending = t.descending;
    std::string sort = trimmed(t.sort);
    if (!sort.empty()) {
        if (sort[0] == '-') {
            f.descending = true;
            sort.erase(0, 1);
        }
        const auto key = parseSortKey(sort);
        if (!key)
            r.fail("sort", "expected id, year, black, white, event, score or ply, got " +
                               quoted(trimmed(t.sort)));
        f.sort = *key;
    }
    if (!trimmed(t.rules).empty()) {
        std::string why;
        const auto rules = rulesFilterText(trimmed(t.rules), why);
        if (!rules) r.fail("rules", why);
        f.rules = *rules;
    }
    if (t.handicap) {
        std::string why;
        const auto corners = parseCorners(trimmed(*t.handicap), why);
        if (!corners) r.fail("handicap", why);
        f.handicap = *corners;
    }
    if (const std::string name = trimmed(t.opening); !name.empty())
        f.position = core::replay(core::Position::start(), r.opening("opening", name).moves).final();
}

std::optional<std::string> rulesFilterText(const std::string& typed, std::string& error) {
    const core::RulesParse parsed = core::parseRules(typed);
    if (parsed.error) {
        error = *parsed.error;
        return std::nullopt;
    }
    // A preset's name alone stays a name (it matches the preset's games whatever their
    // modifiers); anything with a modifier is the code rulesCode writes for it.
    if (typed.find('+') == std::string::npos) {
        std::string name;
        for (const char c : typed) name += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        return name;
    }
    return core::rulesCode(parsed.rules);
}

std::optional<core::Bitboard> parseCorners(const std::string& typed, std::string& error) {
    core::Bitboard corners = 0;
    std::string name;
    const auto take = [&]() {
        if (name.empty()) return true;
        const int square = core::parseSquare(name);
        if (square < 0 || !(core::kCorners & core::bit(square))) {
            error = quotedValue(name) + " is not a corner (a1, h1, a8, h8)";
            return false;
        }
        if (corners & core::bit(square)) {
            error = quotedValue(name) + " is given twice";
            return false;
        }
        corners |= core::bit(square);
        name.clear();
        return true;
    };
    for (const char c : typed) {
        if (c == ',' || c == ' ' || c == '\t') {
            if (!take()) return std::nullopt;
        } else {
            name += c;
        }
    }
    if (!take()) return std::nullopt;
    return corners;
}

std::string cornersText(core::Bitboard corners) {
    std::string out;
    for (const int square : {0, 7, 56, 63})
        if (corners & core::bit(square)) {
            if (!out.empty()) out += ',';
            out += core::squareName(square);
        }
    return out;
}

std::string trimmedText(const std::string& s) {
    const auto b = s.find_first_not_of(" \t\r\n");
    if (b == std::string::npos) return std::string();
    return s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
}

std::string quotedValue(const std::string& value) {
    std::string v = core::printableText(value.substr(0, 80));
    if (value.size() > 80) v += "...";
    return '"' + v + '"';
}

}  // namespace othello::storage
