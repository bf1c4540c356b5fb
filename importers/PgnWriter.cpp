#include "PgnWriter.h"

#include "core/Notation.h"

namespace othello::importers {
namespace {

std::string tagValue(const std::string& s) {
    std::string out;
    for (char c : s) {
        if (c == '\n' || c == '\r') c = ' ';
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out;
}

std::string upper(std::string s) {
    for (char& c : s)
        if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    return s;
}

std::string resultOf(const GameRecord& g) {
    // The stated result first: a game that stops early has no other, and a finished game whose
    // stated score disagrees with the replay keeps saying so (PgnReader warns, as WTHOR's did).
    if (g.statedBlackDiscs && *g.statedBlackDiscs >= 0 && *g.statedBlackDiscs <= 64)
        return std::to_string(*g.statedBlackDiscs) + "-" + std::to_string(64 - *g.statedBlackDiscs);
    if (g.complete()) return std::to_string(g.score.black) + "-" + std::to_string(g.score.white);
    if (g.statedWinner)
        return *g.statedWinner > 0 ? "1-0" : *g.statedWinner < 0 ? "0-1" : "1/2-1/2";
    return "*";
}

}  // namespace

std::string writePgn(const std::vector<GameRecord>& games) {
    std::string out;
    for (const GameRecord& g : games) {
        if (!out.empty()) out += '\n';
        const auto tag = [&](const char* name, const std::string& value) {
            out += '[';
            out += name;
            out += " \"" + tagValue(value) + "\"]\n";
        };
        tag("Event", g.event.empty() ? "?" : g.event);
        if (!g.place.empty()) tag("Site", g.place);
        std::string date = g.date;
        for (char& c : date)
            if (c == '-') c = '.';
        if (date.empty() && g.year > 0) date = std::to_string(g.year);
        tag("Date", date.empty() ? "?" : date);
        if (!g.round.empty()) tag("Round", g.round);
        tag("Black", g.black.empty() ? "?" : g.black);
        tag("White", g.white.empty() ? "?" : g.white);
        tag("Result", resultOf(g));
        // Extra tags (legal PGN; PgnReader reads them back): WTHOR's theoretical score.
        if (g.theoreticalScore) tag("TheoreticalScore", std::to_string(*g.theoreticalScore));
        if (g.theoreticalScore && g.theoreticalDepth)
            tag("TheoreticalDepth", std::to_string(*g.theoreticalDepth));
        if (!g.standardStart && !(g.start == core::Position::start()))
            tag("FEN", core::boardStringWithSide(g.start));
        int n = 0;
        std::string line;
        for (int m : g.moves) {
            if (m == core::kPass) continue;
            if (n % 2 == 0) {
                if (!line.empty()) out += line + '\n';
                line = std::to_string(n / 2 + 1) + ".";
            }
            line += ' ';
            line += upper(core::squareName(m));
            ++n;
        }
        if (!line.empty()) out += line + '\n';
    }
    return out;
}

}  // namespace othello::importers
