#include "PgnWriter.h"

#include "PgnRules.h"
#include "RecordRules.h"
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

// "{text}": one paragraph (normalizeComment), a '}' inside written ')' since PGN has no escape
// within a comment. Empty when there is nothing to say.
std::string commentToken(const std::string& text) {
    std::string t = normalizeComment(text);
    if (t.empty()) return t;
    for (char& c : t)
        if (c == '}') c = ')';
    return '{' + t + '}';
}

// A pass in the movetext (see MoveText::line).
constexpr const char* kPassToken = "--";

bool isMark(const std::string& t) {
    return t == "!" || t == "?" || t == "!!" || t == "??" || t == "!?" || t == "?!";
}

// The movetext, line by line: a main-line move of Black's numbered "12." starts a new line (two
// moves to a line, as before annotations existed); comments and variations go on with the line.
class MoveText {
  public:
    explicit MoveText(std::string& out) : out_(out) {}

    void add(const std::string& token) {
        if (token.empty()) return;
        if (!line_.empty() && !glue_) line_ += ' ';
        line_ += token;
        glue_ = false;
    }
    void open() {
        add("(");
        glue_ = true;
    }
    void close() { line_ += ')'; }
    void newLine() {
        if (!line_.empty()) out_ += line_ + '\n';
        line_.clear();
    }
    // The game termination marker, on the last line when it fits.
    void end(const std::string& result) {
        if (!line_.empty() && line_.size() + result.size() < 80)
            out_ += line_ + ' ' + result + '\n';
        else
            out_ += (line_.empty() ? "" : line_ + '\n') + result + '\n';
        line_.clear();
    }

    // Writes a line of moves (the main line, or a variation when !main) whose first move is
    // ply plyBase + 1 of the game, counted from a position with Black to move (plyBase odd:
    // White moves first). A pass is written "--", the pass token of PlayOK's PGN (and the
    // null move of chess PGN), which our reader, PlayOK's readers and Edax's read back: moves
    // are numbered by pairs of plies, so Black's moves stay in the first column and White's in
    // the second ("29. H7 -- 30. G1").
    void line(int plyBase, const std::vector<int>& moves, const std::vector<Comment>& comments,
              const std::vector<Variation>& variations, bool main) {
        std::size_t c = 0, v = 0;
        const auto commentAt = [&](int ply) {
            while (c < comments.size() && comments[c].ply < ply) ++c;
            return c < comments.size() && comments[c].ply == ply ? &comments[c] : nullptr;
        };
        if (const Comment* first = commentAt(0)) {
            add(commentToken(first->text));
            if (main) newLine();
        }
        int n = plyBase;
        bool number = true;  // the next move needs its number ("12..." for White's)
        for (std::size_t p = 0; p < moves.size(); ++p) {
            const int ply = static_cast<int>(p);
            const Comment* after = commentAt(ply + 1);
            const int before = n;
            if (n % 2 == 0) {
                if (main) newLine();
                add(std::to_string(n / 2 + 1) + ".");
            } else if (number) {
                add(std::to_string(n / 2 + 1) + "...");
            }
            std::string move = moves[p] == core::kPass ? std::string(kPassToken)
                                                       : upper(core::moveName(moves[p]));
            // A comment that is a move mark alone is written as one ("D6!"), as read.
            if (after && moves[p] != core::kPass && isMark(after->text)) {
                move += after->text;
                after = nullptr;
            }
            add(move);
            ++n;
            number = false;
            if (after) {
                add(commentToken(after->text));
                number = true;
            }
            for (; v < variations.size() && variations[v].ply == ply; ++v) {
                const Variation& var = variations[v];
                open();
                line(before, var.moves, var.comments, var.variations, false);
                close();
                number = true;
            }
        }
    }

  private:
    std::string& out_;
    std::string line_;
    bool glue_ = false;
};

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
        if (statesRules(g)) {
            // The rules: the human tags (the rule set, the scoring), then the exact code, which
            // PgnReader takes first.
            const core::Rules rules = writtenRules(g);
            tag("Variant", pgn::variantName(rules));
            tag("Scoring", pgn::scoringName(rules.scoring));
            tag("Rules", core::rulesCode(rules));
        }
        if (!g.standardStart && !(g.start == core::Position::start()))
            tag("FEN", core::boardStringWithSide(g.start));
        MoveText text(out);
        text.line(g.start.toMove() == core::Color::White ? 1 : 0, g.moves, g.comments,
                  g.variations, true);
        // The game termination marker (PGN requires it): without it a game of no moves has no
        // movetext, and its tags would run into the next game's when read back.
        text.end(writtenResult(g));
    }
    return out;
}

}  // namespace othello::importers
