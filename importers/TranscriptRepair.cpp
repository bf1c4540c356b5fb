#include "TranscriptRepair.h"

#include <algorithm>
#include <cstdlib>
#include <string>

#include "core/Notation.h"

namespace othello::importers {
namespace {

constexpr int kMaxNumber = 60;

// Fills `seq[1..n]`; false unless the numbers are exactly 1..n on start-empty squares.
bool sequenceOf(const std::array<int, 64>& number, core::Bitboard occupied,
                std::array<int, kMaxNumber + 1>& seq, int& n) {
    seq.fill(-1);
    n = 0;
    for (int sq = 0; sq < 64; ++sq) {
        const int v = number[sq];
        if (v == 0) continue;
        if (v < 0 || v > kMaxNumber || (occupied & core::bit(sq)) || seq[v] >= 0) return false;
        seq[v] = sq;
        ++n;
    }
    for (int k = 1; k <= n; ++k)
        if (seq[k] < 0) return false;
    return true;
}

struct QuickResult {
    int failedAt = 0;  // 1-based number of the first illegal move; 0 when legal
    bool over = false;
    core::Score score;
};

// Replays in number order, inferring passes, without allocating.
QuickResult quickReplay(const core::Position& start, const std::array<int, kMaxNumber + 1>& seq,
                        int n) {
    QuickResult r;
    core::Position p = start;
    for (int k = 1; k <= n; ++k) {
        if (!p.canMove()) {
            if (p.isGameOver()) {
                r.failedAt = k;
                return r;
            }
            p.pass();
        }
        const core::Bitboard f = p.flipsOf(seq[k]);
        if (f == 0) {
            r.failedAt = k;
            return r;
        }
        p.play(seq[k], f);
    }
    r.over = p.isGameOver();
    r.score = p.finalScore();
    return r;
}

// A single edit changes at most one value (a swap or a move none), so when the numbers
// differ from 1..N by more than one value, or a centre number comes with another problem,
// no candidate can pass: false, and none is tried (a file of hopeless diagrams stays fast).
// A swap or a move keeps the values written, only their squares change: unless the values
// are exactly 1..N already (`valuesOk`: then a number on a centre square is the problem),
// no swap or move can pass, and none is tried.
bool anEditCanHelp(const std::array<int, 64>& original, core::Bitboard occupied, bool& valuesOk) {
    int n = 0, centreNumbers = 0;
    std::array<int, kMaxNumber + 2> count{};
    for (int sq = 0; sq < 64; ++sq) {
        const int v = original[sq];
        if (v == 0) continue;
        ++n;
        if (occupied & core::bit(sq)) ++centreNumbers;
        if (v >= 1 && v <= kMaxNumber) ++count[v];
    }
    int inRange = 0;  // distinct values of 1..n present
    for (int v = 1; v <= std::min(n, kMaxNumber); ++v) inRange += count[v] > 0;
    const int extra = n - inRange;  // cells whose value must change
    if (extra > 1 || centreNumbers > 1 || (centreNumbers == 1 && extra == 1)) return false;
    valuesOk = extra == 0;
    return true;
}

// How many moves of the game land on another square when squares `a` and `b` (-1: none) of
// `original` are edited into `edited`: a number whose square after the edit is none of the
// squares it had before (numbers outside 1..60 are not moves).
int changedMoves(const std::array<int, 64>& original, const std::array<int, 64>& edited, int a,
                 int b) {
    int changed = 0;
    int values[4] = {original[a], b >= 0 ? original[b] : 0, edited[a], b >= 0 ? edited[b] : 0};
    std::sort(values, values + 4);
    for (int i = 0; i < 4; ++i) {
        const int v = values[i];
        if (v < 1 || v > kMaxNumber || (i > 0 && values[i - 1] == v)) continue;
        int now = -1;
        for (int sq = 0; sq < 64; ++sq)
            if (edited[sq] == v) now = sq;
        const bool before = now >= 0 && original[now] == v;
        bool hadAny = false;
        for (int sq = 0; sq < 64; ++sq) hadAny |= original[sq] == v;
        if (now >= 0 ? !before : hadAny) ++changed;
    }
    return changed;
}

// Fewest changed moves first, then the nearest to the declared score, complete games first.
void sortRepairs(std::vector<RepairCandidate>& out, std::optional<int> statedBlack) {
    const auto distance = [&](const RepairCandidate& c) {
        if (!statedBlack) return 0;
        if (c.status != GameStatus::Complete) return 65;
        return std::abs(c.score.black - *statedBlack);
    };
    std::stable_sort(
        out.begin(), out.end(), [&](const RepairCandidate& x, const RepairCandidate& y) {
            if (x.changedMoves != y.changedMoves) return x.changedMoves < y.changedMoves;
            if (distance(x) != distance(y)) return distance(x) < distance(y);
            return x.status == GameStatus::Complete && y.status != GameStatus::Complete;
        });
}

std::string numberAt(int value, int square) {
    std::string s = std::to_string(value);
    s += " (";
    s += core::squareName(square);
    s += ')';
    return s;
}

}  // namespace

std::optional<std::vector<int>> gridSequence(const TranscriptGrid& grid) {
    std::array<int, kMaxNumber + 1> seq{};
    int n = 0;
    if (!sequenceOf(grid.number, grid.start.black() | grid.start.white(), seq, n))
        return std::nullopt;
    return std::vector<int>(seq.begin() + 1, seq.begin() + 1 + n);
}

std::vector<RepairCandidate> findRepairs(const TranscriptGrid& grid, std::optional<int> statedBlack,
                                         bool requireStatedScore, std::size_t limit) {
    const core::Bitboard occupied = grid.start.black() | grid.start.white();
    const std::array<int, 64>& original = grid.number;

    bool valuesOk = false;
    if (!anEditCanHelp(original, occupied, valuesOk)) return {};

    // When the original numbers are well formed and fail at move k, an edit that leaves every
    // number up to k where it was cannot help: skip it without a replay.
    int firstBad = kMaxNumber + 1;
    std::array<int, kMaxNumber + 1> originalSeq{};
    int originalN = 0;
    const bool wellFormed = sequenceOf(original, occupied, originalSeq, originalN);
    if (wellFormed) {
        const QuickResult q = quickReplay(grid.start, originalSeq, originalN);
        if (q.failedAt) firstBad = q.failedAt;
    }
    const auto relevant = [&](int v) { return v <= 0 || v > kMaxNumber || v <= firstBad; };

    bool present[kMaxNumber + 1] = {};
    for (int v : original)
        if (v >= 1 && v <= kMaxNumber) present[v] = true;

    std::vector<RepairCandidate> out;
    std::array<int, kMaxNumber + 1> seq{};
    // `derived`: the caller has put the edited grid's sequence in `seq` (an edit of a well-formed
    // grid that keeps it well formed: a swap, a number moved to an empty square), so it is not
    // read again from the 64 squares. `describe` is only called for a candidate that replays:
    // most do not, and their text is never needed (thousands of edits per diagram).
    const auto consider = [&](const std::array<int, 64>& edited, int a, int b, bool derived,
                              const auto& describe) {
        int n = originalN;
        if (!derived && !sequenceOf(edited, occupied, seq, n)) return;
        const QuickResult q = quickReplay(grid.start, seq, n);
        if (q.failedAt) return;
        const bool matches = statedBlack && q.over && q.score.black == *statedBlack;
        if (requireStatedScore && !matches) return;
        RepairCandidate c;
        c.change = describe();
        c.changedMoves = changedMoves(original, edited, a, b);
        const core::ReplayResult full =
            core::replay(grid.start, std::vector<int>(seq.begin() + 1, seq.begin() + 1 + n));
        c.moves = full.moves();
        c.status = full.over ? GameStatus::Complete : GameStatus::Incomplete;
        c.score = full.score();
        c.matchesStatedScore = matches;
        out.push_back(std::move(c));
    };

    std::array<int, 64> edited = original;
    // Swaps of two numbered squares.
    for (int a = 0; a < 64 && valuesOk; ++a) {
        if (original[a] == 0) continue;
        for (int b = a + 1; b < 64; ++b) {
            if (original[b] == 0 || original[b] == original[a]) continue;
            if (!relevant(original[a]) && !relevant(original[b])) continue;
            std::swap(edited[a], edited[b]);
            if (wellFormed) {
                seq = originalSeq;
                std::swap(seq[original[a]], seq[original[b]]);
            }
            consider(edited, a, b, wellFormed, [&] {
                return "swap " + numberAt(original[a], a) + " and " + numberAt(original[b], b);
            });
            std::swap(edited[a], edited[b]);
        }
    }
    // One square's number changed to a missing one (a blank square gets the missing number).
    for (int m = 1; m <= kMaxNumber; ++m) {
        if (present[m]) continue;
        for (int s = 0; s < 64; ++s) {
            if (original[s] == m || (occupied & core::bit(s))) continue;
            if (!relevant(m) && !relevant(original[s])) continue;
            edited[s] = m;
            consider(edited, s, -1, false, [&] {
                return original[s] == 0
                           ? "write " + std::to_string(m) + " on " + core::squareName(s)
                           : "change " + numberAt(original[s], s) + " to " + std::to_string(m);
            });
            edited[s] = original[s];
        }
    }
    // One number moved to an empty square.
    for (int s = 0; s < 64 && valuesOk; ++s) {
        if (original[s] == 0) continue;
        if (!relevant(original[s])) continue;
        for (int e = 0; e < 64; ++e) {
            if (original[e] != 0 || (occupied & core::bit(e))) continue;
            edited[e] = original[s];
            edited[s] = 0;
            if (wellFormed) {
                seq = originalSeq;
                seq[original[s]] = e;
            }
            consider(edited, s, e, wellFormed, [&] {
                return "move " + std::to_string(original[s]) + " from " + core::squareName(s) +
                       " to " + core::squareName(e);
            });
            edited[s] = original[s];
            edited[e] = 0;
        }
    }

    sortRepairs(out, statedBlack);
    if (out.size() > limit) out.resize(limit);
    return out;
}

}  // namespace othello::importers
