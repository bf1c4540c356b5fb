#include "GgfWriter.h"

#include <cmath>
#include <cstdio>

#include "RecordRules.h"
#include "StatedResult.h"
#include "core/Notation.h"

namespace othello::importers {

namespace {

// Inside a value ']' is escaped "\]", and '[' "\[" so that no text of a name reads as a
// property whose ']' is missing (GgfReader.h). A value ending in '\' gets a space, so that its
// backslash does not escape the closing ']' (the reader trims values).
std::string value(const std::string& s) {
    std::string out;
    out.reserve(s.size() + 1);
    for (std::size_t i = 0; i < s.size(); ++i) {
        const char c = s[i];
        // "(;" would end the value as the start of the next game (GgfReader.h): "\(;".
        if (c == ']' || c == '[' || (c == '(' && i + 1 < s.size() && s[i + 1] == ';')) {
            out += '\\';
            out += c;
        } else if (c == '\n' || c == '\r') {
            out += ' ';
        } else {
            out += c;
        }
    }
    if (!out.empty() && out.back() == '\\') out += ' ';
    return out;
}

void property(std::string& out, const char* key, const std::string& v) {
    out += key;
    out += '[';
    out += value(v);
    out += ']';
}

std::string board(const core::Position& p) {
    std::string out = "8";
    for (int sq = 0; sq < 64; ++sq) {
        if (sq % 8 == 0) out += ' ';
        out += (p.black() & core::bit(sq)) ? '*' : (p.white() & core::bit(sq)) ? 'O' : '-';
    }
    out += p.toMove() == core::Color::Black ? " *" : " O";
    return out;
}

// RE[...] is Black's disc difference. The result the record states (WTHOR, PGN Result,
// transcript Score) is written as the difference it stands for, so that GgfReader gives back
// the same stated result: for a game that stops early it is the official result, and a
// finished game whose stated score disagrees with the replay keeps saying so.
std::string result(const GameRecord& g) {
    // A GGF record's RE as read (none when it had none), so that it reads back the same.
    if (g.format == Format::Ggf) return g.statedResult;
    double diff;
    if (g.statedDiscDiff)
        diff = *g.statedDiscDiff;
    else if (g.complete() && g.variant.standard() &&
             compareStatedResult(g) != StatedResultCheck::Mismatch)
        // The game's own score, scored by its rules: 34-29 under disc scoring is +5 (a stated
        // Black count alone would give 2 * 34 - 64); for Othello the same figure as below.
        diff = blackResult(g.score, g.variant);
    else if (g.statedBlackDiscs && *g.statedBlackDiscs >= 0 && *g.statedBlackDiscs <= 64)
        diff = 2 * *g.statedBlackDiscs - 64;
    else if (g.complete())
        diff = blackResult(g.score, g.variant);  // the variant's rule (GameVariant.h)
    else
        return {};
    char buf[32];
    std::snprintf(buf, sizeof buf, "%+.3f", diff);
    return buf;
}

}  // namespace

std::string writeGgf(const GameRecord& g) {
    std::string out = "(;GM[Othello]";
    if (!g.place.empty()) property(out, "PC", g.place);
    if (!g.event.empty()) property(out, "EV", g.event);
    if (!g.round.empty()) property(out, "RO", g.round);
    if (!g.date.empty())
        property(out, "DT", g.date);
    else if (g.year)
        property(out, "DT", std::to_string(g.year));
    property(out, "PB", g.black);
    property(out, "PW", g.white);
    // The type and komi, so that GGF -> GGF keeps the variant (the start is BO's).
    property(out, "TY", ggfType(g.variant));
    if (g.variant.komi) {
        char km[32];
        std::snprintf(km, sizeof km, "%g", *g.variant.komi);
        property(out, "KM", km);
    }
    if (const std::string re = result(g); !re.empty()) property(out, "RE", re);
    // Our own property (other GGF readers ignore unknown ones): WTHOR's theoretical score,
    // Black's discs with perfect play, and the depth (empties) it was computed at.
    if (g.theoreticalScore) {
        std::string ts = std::to_string(*g.theoreticalScore);
        if (g.theoreticalDepth) {
            ts += '/';
            ts += std::to_string(*g.theoreticalDepth);
        }
        property(out, "TS", ts);
    }
    // Our own property for rules other than Othello's (GGS has none): the stable code of
    // core/Rules.h, "reversi", "othello+handicap-a1h8-white+white-first". Othello games (a
    // handicap start included, which BO[] says) have none, as before.
    if (statesRules(g)) property(out, "RU", core::rulesCode(writtenRules(g)));
    property(out, "BO", board(g.start));
    // Comments: our own C[] (as SGF's), after the move they follow; C[] before the first move
    // is about the start. GGF has no tree: variations are not written (Writer.h says so).
    std::size_t c = 0;
    const auto comment = [&](int ply) {
        while (c < g.comments.size() && g.comments[c].ply < ply) ++c;
        if (c >= g.comments.size() || g.comments[c].ply != ply) return;
        if (const std::string t = normalizeComment(g.comments[c].text); !t.empty())
            property(out, "C", t);
    };
    comment(0);
    int ply = 0;
    core::Position p = g.start;
    // Othello's moves are followed on the position; other rules' (placements, one-line moves
    // written "c4>e6") by their replay, which says who played each ply.
    const bool othello = g.rules.flipping == core::Flipping::AllLines &&
                         g.rules.start != core::Start::Placements;
    const core::ReplayResult replayed =
        othello ? core::ReplayResult{} : core::replay(g.start, g.moves, g.rules);
    for (int m : g.moves) {
        const core::Color side =
            othello || static_cast<std::size_t>(ply) >= replayed.plies.size()
                ? p.toMove()
                : replayed.plies[static_cast<std::size_t>(ply)].side;
        out += side == core::Color::Black ? "B[" : "W[";
        if (m == core::kPass) {
            out += "PA";
            if (othello) p.pass();
        } else {
            out += core::moveName(m);
            if (othello && m >= 0 && m < 64) p.play(m);
        }
        out += ']';
        comment(++ply);
    }
    out += ";)";
    return out;
}

std::string writeGgf(const std::vector<GameRecord>& games) {
    std::string out;
    for (const auto& g : games) {
        if (!g.ok()) continue;
        out += writeGgf(g);
        out += '\n';
    }
    return out;
}

}  // namespace othello::importers
