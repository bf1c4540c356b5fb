#include "TranscriptWriter.h"

#include <stdexcept>

#include "RecordRules.h"
#include "core/Notation.h"

namespace othello::importers {
namespace {

constexpr core::Bitboard kCentre = core::bit(27) | core::bit(28) | core::bit(35) | core::bit(36);

// Whether a diagram needs the "Rules:" line: the rules are not what a reader finds without one
// (RecordRules.h), or the start is one a grid of centre discs cannot show (a handicap's
// corners, White first). Othello games from the centre discs have none, as before.
bool needsRulesLine(const GameRecord& g) {
    return statesRules(g) || writtenRules(g).start == core::Start::Handicap ||
           g.start.toMove() != core::Color::Black;
}

// Metadata values are one line each.
std::string oneLine(const std::string& s) {
    std::string out = s;
    for (char& c : out)
        if (c == '\n' || c == '\r') c = ' ';
    return out;
}

}  // namespace

bool canWriteTranscript(const GameRecord& game, std::string* why) {
    const core::Bitboard occupied = game.start.black() | game.start.white();
    // Under other rules the "Rules:" line names the first mover, a handicap's corners (shown as
    // discs) and the placements (numbered 1-4 on the centre from the empty board).
    const bool stated = needsRulesLine(game);
    const core::Rules rules = writtenRules(game);
    const bool placements = stated && rules.start == core::Start::Placements && occupied == 0;
    const core::Bitboard corners = stated && rules.start == core::Start::Handicap
                                       ? rules.handicapCorners
                                       : core::Bitboard{0};
    if (!placements && (occupied != (kCentre | corners) ||
                        (!stated && game.start.toMove() != core::Color::Black))) {
        if (why)
            *why = "a diagram can only start from discs on the four centre squares, Black to move";
        return false;
    }
    int squares = 0;
    for (int m : game.moves) squares += m != core::kPass;
    if (squares > (placements ? 64 : 60)) {
        if (why) *why = "more than 60 moves";
        return false;
    }
    return true;
}

std::string writeTranscript(const std::vector<GameRecord>& games) {
    std::string out;
    for (const GameRecord& g : games) {
        std::string why;
        if (!canWriteTranscript(g, &why)) throw std::invalid_argument(why);
        if (!out.empty()) out += '\n';
        if (!g.black.empty()) out += "Black: " + oneLine(g.black) + '\n';
        if (!g.white.empty()) out += "White: " + oneLine(g.white) + '\n';
        if (!g.event.empty()) out += "Event: " + oneLine(g.event) + '\n';
        if (!g.date.empty())
            out += "Date: " + oneLine(g.date) + '\n';
        else if (g.year > 0)
            out += "Date: " + std::to_string(g.year) + '\n';
        if (!g.round.empty()) out += "Round: " + oneLine(g.round) + '\n';
        if (!g.place.empty()) out += "Place: " + oneLine(g.place) + '\n';
        if (needsRulesLine(g)) out += "Rules: " + core::rulesCode(writtenRules(g)) + '\n';
        if (g.complete()) {
            out += "Score: " + std::to_string(g.score.black) + '-' + std::to_string(g.score.white) +
                   '\n';
        } else if (g.statedBlackDiscs) {
            // The result of a game that stops early (a resignation, a loss on time): marked,
            // so that TranscriptReader takes it as stated, not as a score the moves must reach.
            out += "Score: " + std::to_string(*g.statedBlackDiscs) + '-' +
                   std::to_string(64 - *g.statedBlackDiscs) + " (unfinished)\n";
        }
        std::array<int, 64> number{};
        int n = 0;
        std::string lines;  // the one-line moves that named their line: a cell holds a number
        for (int m : g.moves) {
            if (m == core::kPass) continue;
            number[core::moveSquare(m)] = ++n;
            if (core::isLineMove(m)) lines += (lines.empty() ? "" : " ") + core::moveName(m);
        }
        if (!lines.empty()) out += "Lines: " + lines + '\n';
        out += "   a  b  c  d  e  f  g  h\n";
        for (int row = 0; row < 8; ++row) {
            out += static_cast<char>('1' + row);
            for (int col = 0; col < 8; ++col) {
                const int sq = core::squareOf(row, col);
                std::string cell;
                if (g.start.black() & core::bit(sq))
                    cell = "x";
                else if (g.start.white() & core::bit(sq))
                    cell = "o";
                else if (number[sq])
                    cell = std::to_string(number[sq]);
                else
                    cell = ".";
                out += std::string(3 - cell.size(), ' ') + cell;
            }
            out += '\n';
        }
    }
    return out;
}

}  // namespace othello::importers
