#include "PgnWriter.h"

#include "StatedResult.h"
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
        tag("Result", writtenResult(g));
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
        // The game termination marker (PGN requires it): without it a game of no moves has no
        // movetext, and its tags would run into the next game's when read back.
        const std::string result = writtenResult(g);
        if (!line.empty() && line.size() + result.size() < 80)
            out += line + ' ' + result + '\n';
        else
            out += (line.empty() ? "" : line + '\n') + result + '\n';
    }
    return out;
}

}  // namespace othello::importers
