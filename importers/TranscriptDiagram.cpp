// One transcript diagram read into a record (TranscriptDiagram.h).
#include "TranscriptDiagram.h"

#include <algorithm>

#include "ReadLimits.h"
#include "ReaderUtil.h"
#include "RecordReplay.h"
#include "RecordRules.h"
#include "StatedResult.h"
#include "TranscriptRepair.h"
#include "core/Notation.h"

namespace othello::importers::transcript {

using core::bit;
using core::Bitboard;

// The grid as read from the cells: numbers and start marks, where each cell was, and whether
// every cell could be read.
struct GridCells {
    TranscriptGrid grid;
    std::array<int, 64> cellLine{}, cellColumn{};
    bool ok = true;
    Bitboard black = 0, white = 0, marked = 0;  // the disc marks
    // Rules whose placements the diagram numbers 1-4 on the centre squares ("Rules: reversi",
    // no disc marks there): numbers run to 64 and may stand on the centre.
    bool placements = false;
    Bitboard markable = core::kCentre;  // where disc marks may stand (a handicap's corners too)
    int maxNumber() const { return placements ? 64 : 60; }
};

namespace {

constexpr Bitboard kCentre = bit(27) | bit(28) | bit(35) | bit(36);  // d4 e4 d5 e5

// A score followed by "(unfinished)" (as TranscriptWriter and GameResult::text write a
// resignation or a loss on time), "(resigned)" or "(time)": the words are taken off, and say
// the diagram stops before the end on purpose.
bool takeUnfinishedMark(std::string& score) {
    static constexpr std::string_view kMarks[] = {"(unfinished)", "(resigned)", "(time)"};
    std::string_view v = text::trim(score);
    for (std::string_view mark : kMarks) {
        if (v.size() > mark.size() && v.substr(v.size() - mark.size()) == mark) {
            score = std::string(text::trim(v.substr(0, v.size() - mark.size())));
            return true;
        }
    }
    return false;
}

// The squares in number order when the grid holds exactly the numbers 1..N (N <= 64), each
// once: a diagram that numbers its placements (gridSequence is Othello's, 1..60 off the start).
std::optional<std::vector<int>> numberedSequence(const std::array<int, 64>& number) {
    std::array<int, 65> at{};
    at.fill(-1);
    int n = 0;
    for (int sq = 0; sq < 64; ++sq) {
        const int v = number[sq];
        if (v == 0) continue;
        if (v < 1 || v > 64 || at[v] >= 0) return std::nullopt;
        at[v] = sq;
        n = std::max(n, v);
    }
    std::vector<int> out;
    for (int v = 1; v <= n; ++v) {
        if (at[v] < 0) return std::nullopt;
        out.push_back(at[v]);
    }
    return out;
}

// Rows with their label first ("1 45 12 ...") in every one of the 8, or in one with 9 cells.
bool rowsHaveLabels(const Pending& p) {
    bool hasLabels = true;
    for (std::size_t r = 0; r < 8; ++r) {
        const auto& t = p.rows[r].tokens;
        if (t.size() == 9) {
            hasLabels = true;
            break;
        }
        const auto label = t.empty() ? std::nullopt : text::parseNumber(t[0].text);
        if (!label || *label != static_cast<int>(r) + 1) hasLabels = false;
    }
    return hasLabels;
}

}  // namespace

bool DiagramReader::placeRow(const Pending& p, const Row& row, bool hasLabels, int rowIndex,
                             std::array<Token, 8>& cells, GameRecord& rec) {
    const std::vector<Token>& t = row.tokens;
    // Aligned under a column header: each token goes to the nearest header letter, which lets
    // blank cells be plain spaces.
    if (p.header && p.spaceHeader && separatorOf(row.text) == Sep::Space) {
        std::array<bool, 8> used{};
        std::array<Token, 8> placed{};
        bool ok = !t.empty();
        for (std::size_t i = 0; i < t.size() && ok; ++i) {
            if (i == 0 && t[i].end < p.headerColumns[0] - 1) {
                const auto label = text::parseNumber(t[i].text);
                if (label && *label == rowIndex + 1) continue;
                ok = false;
                break;
            }
            int best = -1, bestDistance = 1 << 20;
            for (int c = 0; c < 8; ++c) {
                const int d = std::min(std::abs(t[i].start - p.headerColumns[c]),
                                       std::abs(t[i].end - p.headerColumns[c]));
                if (d < bestDistance) best = c, bestDistance = d;
            }
            if (best < 0 || used[best] || bestDistance > 2)
                ok = false;
            else
                used[best] = true, placed[best] = t[i];
        }
        if (ok) {
            cells = placed;
            return true;
        }
    }
    std::size_t first = 0;
    if (t.size() == 9) {
        const auto label = text::parseNumber(t[0].text);
        if (!label || *label != rowIndex + 1) {
            addDiagnostic(rec, Severity::Error, text::at(name_, row.line, t[0].byteColumn + 1),
                          "bad-row",
                          "row " + std::to_string(rowIndex + 1) +
                              " has 9 cells and its first is not the row label " +
                              std::to_string(rowIndex + 1));
            return false;
        }
        first = 1;
    } else if (t.size() == 8 && hasLabels && separatorOf(row.text) == Sep::Space) {
        addDiagnostic(rec, Severity::Error, text::at(name_, row.line, 1), "bad-row",
                      "row " + std::to_string(rowIndex + 1) +
                          " has a label and 7 cells; write a blank square as '.' or '--', "
                          "or align the numbers under a column header");
        return false;
    } else if (t.size() != 8) {
        addDiagnostic(rec, Severity::Error, text::at(name_, row.line, 1), "bad-row",
                      "row " + std::to_string(rowIndex + 1) + " has " +
                          std::to_string(row.cellCount) + " cells; 8 are needed");
        return false;
    }
    for (int c = 0; c < 8; ++c) cells[c] = t[first + c];
    return true;
}

void DiagramReader::finish(Pending& p) {
    GameRecord rec = std::move(p.rec);
    rec.format = Format::Transcript;
    rec.source = text::at(name_, p.firstLine);
    rec.status = GameStatus::Incomplete;
    const int gridLine = p.rows.empty() ? p.firstLine : p.rows.front().line;
    if (p.rows.empty()) {
        addDiagnostic(rec, Severity::Error, rec.source, "missing-grid",
                      "metadata without a diagram after it");
        keepRecord(out_, options_, std::move(rec));
        return;
    }
    if (p.rows.size() < 8) {
        addDiagnostic(rec, Severity::Error, text::at(name_, gridLine), "short-grid",
                      "the diagram has " + std::to_string(p.rows.size()) + " rows; 8 are needed");
        keepRecord(out_, options_, std::move(rec));
        return;
    }
    const std::optional<int> statedBlack = readScore(p, rec);
    const bool hasLabels = rowsHaveLabels(p);

    GridCells g;
    std::optional<core::Rules> stated;
    if (!readRules(p, g, stated, rec)) {
        keepRecord(out_, options_, std::move(rec));
        return;
    }
    for (int r = 0; r < 8; ++r) {
        std::array<Token, 8> cells{};
        if (!placeRow(p, p.rows[r], hasLabels, r, cells, rec)) {
            g.ok = false;
            continue;
        }
        for (int c = 0; c < 8; ++c)
            readCell(cells[c], p.rows[r].line, core::squareOf(r, c), g, rec);
    }
    TranscriptGrid& grid = g.grid;
    fitRules(p, g, stated, gridLine, rec);

    if (g.ok) checkNumbers(g, gridLine, rec);

    auto sequence = !g.ok         ? std::nullopt
                    : g.placements ? numberedSequence(grid.number)
                                   : gridSequence(grid);
    if (sequence && rec.ok() && !applyLines(p, *sequence, rec)) sequence.reset();
    if (sequence && rec.ok()) {
        if (!replayRecord(rec, *sequence, rec.source)) {
            Diagnostic& d = rec.diagnostics.back();
            if (d.square >= 0 && d.square < 64 && g.cellLine[d.square]) {
                d.where.line = g.cellLine[d.square];
                d.where.column = g.cellColumn[d.square];
            }
        } else {
            // The score line against the replay (StatedResult.h). A diagram is the game's only
            // record: a finished game that ends otherwise is an error. A score not marked
            // "(unfinished)" is that of a finished game, so a diagram that stops early (a score
            // sheet not filled in to the end) is a warning; marked, it is a resignation.
            StatedResultSite site;
            site.code = "score-mismatch";
            site.what = "the diagram";
            site.where = text::at(name_, p.scoreLine);
            site.severity = Severity::Error;
            site.decided = p.declaredUnfinished && !rec.complete();
            site.notReachedCode = "score-not-reached";
            checkStatedResult(rec, site);
        }
    }
    // The repairs are Othello's (TranscriptRepair.h): a diagram under other rules gets none.
    if (!rec.ok() && g.ok && !stated) offerRepairs(g, statedBlack, sequence, rec);
    if (!rec.ok() && rec.moves.empty()) rec.score = grid.start.discCount();
    keepRecord(out_, options_, std::move(rec));
}

// The "Rules:" line: the code (an error of the diagram when it is none), and what it lets the
// grid hold (numbered placements, a handicap's corner discs). False on a bad code.
bool DiagramReader::readRules(const Pending& p, GridCells& g, std::optional<core::Rules>& stated,
                              GameRecord& rec) {
    if (p.rulesText.empty()) return true;
    stated = readRulesCode(rec, p.rulesText, text::at(name_, p.rulesLine, 1), "Rules:");
    if (!stated) return false;
    g.placements = stated->start == core::Start::Placements;
    if (stated->start == core::Start::Handicap) g.markable |= stated->handicapCorners;
    return true;
}

// The start and the rules: every disc mark given (the four centre discs, a handicap's corners)
// is the board, else the rules' start (the standard cross without a "Rules:" line), which the
// marks given must agree with. A Reversi sheet that shows its centre discs instead of numbering
// the placements starts from that cross, its placements made.
void DiagramReader::fitRules(const Pending& p, GridCells& g,
                             const std::optional<core::Rules>& stated, int gridLine,
                             GameRecord& rec) {
    TranscriptGrid& grid = g.grid;
    const std::optional<core::Position> own = stated ? core::rulesStart(*stated) : std::nullopt;
    bool board = false;
    if (g.marked == g.markable) {
        grid.start = core::Position(g.black, g.white,
                                    stated ? stated->firstToMove : core::Color::Black);
        board = true;
    } else if (g.marked) {
        const core::Position s = own ? *own : core::Position::start();
        if ((g.black & ~s.black()) || (g.white & ~s.white())) {
            addDiagnostic(rec, Severity::Error, text::at(name_, gridLine), "bad-start",
                          stated ? "the disc marks disagree with the start of the rules and not "
                                   "all of them are given"
                                 : "the centre marks disagree with the standard start and not "
                                   "all four are given");
            g.ok = false;
        }
    }
    if (g.marked && g.placements) {
        // The sheet draws its start: its numbers are moves from the cross, 1..60 off the centre
        // (readCell let a numbered placement through until the marks were known).
        g.placements = false;
        for (int sq = 0; sq < 64; ++sq) {
            const int v = grid.number[sq];
            if (v == 0 || (v <= 60 && !(kCentre & bit(sq)))) continue;
            addDiagnostic(rec, Severity::Error, text::at(name_, g.cellLine[sq], g.cellColumn[sq]),
                          v > 60 ? "number-out-of-range" : "number-on-centre",
                          "number " + std::to_string(v) + " on " + core::squareName(sq) +
                              (v > 60 ? " is outside 1..60: the centre discs are drawn, so the "
                                        "placements are not numbered"
                                      : ", a centre square, beside drawn centre discs"),
                          0, sq);
            g.ok = false;
        }
    }
    std::optional<core::Rules> rules = stated;
    if (board && rules && rules->start == core::Start::Placements)
        rules = core::fitStart(*rules, grid.start);
    rec.start = grid.start;
    if (!applyRecordRules(rec, rules, board, text::at(name_, p.rulesLine ? p.rulesLine : gridLine)))
        g.ok = false;
    grid.start = rec.start;
    rec.standardStart = grid.start == core::Position::start();
}

// The "Lines:" line: each one-line move that named its line replaces its square in the sequence.
// False (the error "bad-line") for a token that is no line move of a numbered square.
bool DiagramReader::applyLines(const Pending& p, std::vector<int>& sequence, GameRecord& rec) {
    if (p.linesText.empty()) return true;
    const core::MovesParse lines = core::parseMoves(p.linesText, kMaxRecordMoves);
    std::string bad;
    if (lines.error) bad = lines.error->token.empty() ? lines.error->message : lines.error->token;
    for (std::size_t k = 0; k < lines.moves.size() && bad.empty(); ++k) {
        const int t = lines.moves[k];
        const auto at = std::find(sequence.begin(), sequence.end(), core::moveSquare(t));
        if (!core::isLineMove(t) || at == sequence.end())
            bad = core::moveName(t);
        else
            *at = t;
    }
    if (bad.empty()) return true;
    addDiagnostic(rec, Severity::Error, text::at(name_, p.linesLine, 1), "bad-line",
                  "Lines: '" + text::toUtf8(bad.substr(0, 32)) +
                      "' is not a one-line move (c4>e6) of a square the diagram numbers");
    return false;
}

// The score line: Black's discs, or a warning; "(unfinished)" and the like taken off first.
std::optional<int> DiagramReader::readScore(Pending& p, GameRecord& rec) {
    std::optional<int> statedBlack;
    if (!p.scoreText.empty()) {
        p.declaredUnfinished = takeUnfinishedMark(p.scoreText);
        if (const auto s = text::parseScore(p.scoreText)) {
            statedBlack = s->first;
            rec.statedBlackDiscs = s->first;
            rec.statedResult = p.scoreText;
        } else {
            addDiagnostic(rec, Severity::Warning, text::at(name_, p.scoreLine), "bad-score",
                          "score '" + text::toUtf8(p.scoreText) +
                              "' is not Black's discs and White's (\"20-44\")");
        }
    }
    return statedBlack;
}

// One cell of the grid, on square `sq`: a number, a disc mark (centre squares only) or blank.
void DiagramReader::readCell(const Token& cell, int line, int sq, GridCells& g, GameRecord& rec) {
    g.cellLine[sq] = line;
    g.cellColumn[sq] = cell.byteColumn + 1;
    const SourceLocation where = text::at(name_, line, cell.byteColumn + 1);
    int value = 0;
    const CellKind kind = classify(cell.text, value);
    const bool centre = kCentre & bit(sq);
    switch (kind) {
        case CellKind::Empty:
            break;
        case CellKind::Black:
        case CellKind::White:
            if (!(g.markable & bit(sq))) {
                addDiagnostic(
                    rec, Severity::Error, where, "disc-off-centre",
                    "a disc mark on " + core::squareName(sq) + ", which is not a centre square", 0,
                    sq);
                g.ok = false;
            } else {
                g.marked |= bit(sq);
                (kind == CellKind::Black ? g.black : g.white) |= bit(sq);
            }
            break;
        case CellKind::Number:
            g.grid.number[sq] = value;
            if (centre && !g.placements) {
                addDiagnostic(rec, Severity::Error, where, "number-on-centre",
                              "number " + std::to_string(value) + " on centre square " +
                                  core::squareName(sq) + ", which holds a starting disc",
                              value <= 60 ? value : 0, sq);
            } else if (value > g.maxNumber()) {
                addDiagnostic(rec, Severity::Error, where, "number-out-of-range",
                              "number " + std::to_string(value) + " on " + core::squareName(sq) +
                                  " is outside 1.." + std::to_string(g.maxNumber()),
                              0, sq);
            }
            break;
        case CellKind::Bad: {
            std::string m = "cell '";
            m += text::toUtf8(cell.text.substr(0, 16));
            m += "' on " + core::squareName(sq) +
                 " is neither a move number, a disc (x/o) nor blank ('.', '--')";
            addDiagnostic(rec, Severity::Error, where, "bad-cell", std::move(m), 0, sq);
            g.ok = false;
            break;
        }
    }
}

// Numbers: each of 1..N once, on squares empty at the start.
void DiagramReader::checkNumbers(const GridCells& g, int gridLine, GameRecord& rec) {
    const TranscriptGrid& grid = g.grid;
    const std::array<int, 64>& cellLine = g.cellLine;
    const std::array<int, 64>& cellColumn = g.cellColumn;
    std::array<int, 65> firstSquare{};
    firstSquare.fill(-1);
    int highest = 0;
    for (int sq = 0; sq < 64; ++sq) {
        const int v = grid.number[sq];
        if (v < 1 || v > g.maxNumber() || (!g.placements && (kCentre & bit(sq)))) continue;
        highest = std::max(highest, v);
        if (firstSquare[v] >= 0) {
            addDiagnostic(rec, Severity::Error, text::at(name_, cellLine[sq], cellColumn[sq]),
                          "duplicate-number",
                          "number " + std::to_string(v) + " is on both " +
                              core::squareName(firstSquare[v]) + " and " + core::squareName(sq),
                          v, sq);
        } else {
            firstSquare[v] = sq;
        }
    }
    std::string missing;
    int firstMissing = 0, missingCount = 0;
    for (int v = 1; v < highest; ++v) {
        if (firstSquare[v] >= 0) continue;
        bool onCentre = false;
        for (int sq : {27, 28, 35, 36}) onCentre |= !g.placements && grid.number[sq] == v;
        if (onCentre) continue;  // already reported as number-on-centre
        if (!firstMissing) firstMissing = v;
        if (missingCount++ < 10) {
            if (!missing.empty()) missing += ", ";
            missing += std::to_string(v);
        }
    }
    if (missingCount) {
        if (missingCount > 10) missing += ", ...";
        addDiagnostic(rec, Severity::Error, text::at(name_, gridLine), "missing-number",
                      (missingCount == 1 ? "number " : "numbers ") + missing +
                          (missingCount == 1 ? " is" : " are") +
                          " missing below the highest number " + std::to_string(highest),
                      firstMissing);
    }
}

// A diagram that does not replay (or not to its score): the single edits that would make it
// (TranscriptRepair.h), said in the first error's message.
void DiagramReader::offerRepairs(const GridCells& g, std::optional<int> statedBlack,
                                 const std::optional<std::vector<int>>& sequence, GameRecord& rec) {
    const bool legal = sequence && core::replay(g.grid.start, *sequence).error == std::nullopt;
    rec.repairs = findRepairs(g.grid, statedBlack, legal);
    if (!rec.repairs.empty() && !rec.diagnostics.empty()) {
        // Say so where the error is read.
        for (Diagnostic& d : rec.diagnostics) {
            if (d.severity != Severity::Error) continue;
            d.message += " (" + std::to_string(rec.repairs.size()) +
                         (rec.repairs.size() == 1 ? " repair" : " repairs") +
                         " found: " + rec.repairs.front().change + ")";
            break;
        }
    }
}

}  // namespace othello::importers::transcript
