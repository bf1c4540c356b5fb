#include "GameVariant.h"

#include <charconv>
#include <cstdio>

namespace othello::importers {

namespace {

bool isDigit(char c) {
    return c >= '0' && c <= '9';
}

// The number at `i` in `s`, moving `i` past it; nullopt when no digit is there.
std::optional<int> readNumber(std::string_view s, std::size_t& i) {
    const std::size_t from = i;
    while (i < s.size() && isDigit(s[i]) && i - from < 6) ++i;
    if (i == from) return std::nullopt;
    int n = 0;
    std::from_chars(s.data() + from, s.data() + i, n);
    return n;
}

// A type built from the flags alone, in the order GGS writes them.
std::string typeFromFlags(const GameVariant& v) {
    std::string t;
    if (v.synchro) t += 's';
    t += '8';
    if (v.komi) t += 'k';
    if (v.anti) t += 'a';
    if (v.randomDiscs > 0) t += 'r' + std::to_string(v.randomDiscs);
    return t;
}

}  // namespace

bool parseGgfType(std::string_view ty, GameVariant& out, std::string& why) {
    // Blanks around the value are not part of it (GGS writes none; hand edits may).
    while (!ty.empty() && (ty.front() == ' ' || ty.front() == '\t')) ty.remove_prefix(1);
    while (!ty.empty() && (ty.back() == ' ' || ty.back() == '\t')) ty.remove_suffix(1);
    GameVariant v;
    v.komi = out.komi;
    v.type = std::string(ty);
    std::optional<int> size;
    std::size_t i = 0;
    while (i < ty.size()) {
        const char c = ty[i];
        if (isDigit(c)) {
            if (size) {
                why = "TY[" + std::string(ty) + "] gives two board sizes";
                return false;
            }
            size = readNumber(ty, i);
            continue;
        }
        ++i;
        switch (c) {
            case 's':
            case 'S':
                v.synchro = true;
                break;
            case 'a':
            case 'A':
                v.anti = true;
                break;
            case 'k':
            case 'K':
                // The komi itself comes from KM[]; a komi game without one has komi 0.
                if (!v.komi) v.komi = 0.0;
                break;
            case 'b':
            case 'B':
            case 'w':
            case 'W':
                break;  // the colour the players chose: the record says who played what
            case 'r':
            case 'R': {
                const std::optional<int> n = readNumber(ty, i);
                if (!n || *n < 4 || *n > 64) {
                    why = "TY[" + std::string(ty) + "]: a random start needs its number of discs";
                    return false;
                }
                v.randomDiscs = *n;
                break;
            }
            default:
                why = "TY[" + std::string(ty) + "]: unknown game type character '";
                why += c;
                why += '\'';
                return false;
        }
    }
    if (!size) {
        why = "TY[" + std::string(ty) + "] gives no board size";
        return false;
    }
    if (*size != 8) {
        why = "board size " + std::to_string(*size) + " is not supported (TY[" + std::string(ty) +
              "]): only 8x8 Othello is played";
        return false;
    }
    if (!ty.empty() && ty.find('k') == std::string_view::npos &&
        ty.find('K') == std::string_view::npos)
        v.komi.reset();  // KM[] without 'k' in TY: a plain game, the KM is noise
    out = std::move(v);
    return true;
}

std::string ggfType(const GameVariant& v) {
    // The type as read keeps GGS's spelling ("8kr20" and "8r20k" are the same game); it is
    // only trusted while it still says what the flags say.
    if (!v.type.empty()) {
        GameVariant reread;
        reread.komi = v.komi;
        std::string why;
        if (parseGgfType(v.type, reread, why) && reread.anti == v.anti &&
            reread.synchro == v.synchro && reread.randomDiscs == v.randomDiscs &&
            reread.komi.has_value() == v.komi.has_value())
            return v.type;
    }
    return typeFromFlags(v);
}

double blackResult(const core::Score& score, const GameVariant& v) {
    // score gives the empties to the player with more discs: in anti-Othello that is the loser,
    // so the same margin read the other way round is the winner's.
    double diff = v.anti ? score.white - score.black : score.black - score.white;
    if (v.komi) diff -= *v.komi;
    return diff;
}

int winnerOf(const core::Score& score, const GameVariant& v) {
    const double r = blackResult(score, v);
    return (r > 0) - (r < 0);
}

std::string variantLabel(const GameVariant& v) {
    std::string out;
    const auto add = [&](const std::string& word) {
        if (!out.empty()) out += ", ";
        out += word;
    };
    if (v.anti) add("anti");
    if (v.synchro) add("synchro");
    if (v.komi) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "komi %g", *v.komi);
        add(buf);
    }
    if (v.randomDiscs > 0) add("random " + std::to_string(v.randomDiscs));
    return out;
}

}  // namespace othello::importers
