// The moves of a stored game with some plies corrected (`edit --move`, MoveCorrection.h).
#include "MoveCorrection.h"

#include <fmt/core.h>

#include <algorithm>

#include "StorageCli.h"
#include "core/Notation.h"

namespace othello::cli {
namespace {

// "f3 instead of a4 at ply 20, a4 instead of f3 at ply 22"
std::string changesText(const std::vector<MoveChange>& changes, const std::vector<int>& moves) {
    std::string text;
    for (const MoveChange& c : changes)
        text += fmt::format("{}{} instead of {} at ply {}", text.empty() ? "" : ", ",
                            core::squareName(c.square),
                            core::squareName(moves[static_cast<std::size_t>(c.ply - 1)]), c.ply);
    return text;
}

}  // namespace

std::vector<int> withMovesChanged(const core::Position& start, const std::vector<int>& moves,
                                  std::vector<MoveChange> changes) {
    for (const MoveChange& c : changes)
        if (c.ply < 1 || static_cast<std::size_t>(c.ply) > moves.size())
            throw UsageError(fmt::format("--move: ply {} is outside the game (1..{})", c.ply,
                                         moves.size()));
    std::sort(changes.begin(), changes.end(),
              [](const MoveChange& a, const MoveChange& b) { return a.ply < b.ply; });
    std::vector<int> wanted = moves;
    std::vector<bool> changed(moves.size(), false);
    for (const MoveChange& c : changes) {
        wanted[static_cast<std::size_t>(c.ply - 1)] = c.square;
        changed[static_cast<std::size_t>(c.ply - 1)] = true;
    }
    const std::string what = "--move: with " + changesText(changes, moves);
    const std::size_t first = static_cast<std::size_t>(changes.front().ply - 1);
    core::Position p = start;
    std::vector<int> out;
    for (std::size_t i = 0; i < first; ++i) {  // the stored game's own moves
        if (moves[i] == core::kPass)
            p.pass();
        else
            p.play(moves[i]);
        out.push_back(moves[i]);
    }
    for (std::size_t i = first; i < wanted.size(); ++i) {
        const int m = wanted[i];
        // The stored passes after the change were forced by the old positions: made again
        // where the new ones force them. A pass typed with --move is played as typed.
        if (m == core::kPass && !changed[i]) continue;
        if (m != core::kPass && p.mustPass()) {
            p.pass();
            out.push_back(core::kPass);
        }
        const char* mover = p.toMove() == core::Color::Black ? "Black" : "White";
        if (p.isGameOver())
            throw InputError(fmt::format(
                "{}, the game is over after ply {}, before {}; nothing changed (give the whole "
                "game with --moves)",
                what, out.size(), core::squareName(m)));
        const bool legal = m == core::kPass ? p.mustPass() : p.isLegal(m);
        if (!legal)
            throw InputError(fmt::format(
                "{}, the game no longer replays from ply {}: {} is not a legal move for {} "
                "there; nothing changed (give the whole game with --moves)",
                what, out.size() + 1, core::squareName(m), mover));
        if (m == core::kPass)
            p.pass();
        else
            p.play(m);
        out.push_back(m);
    }
    return out;
}

}  // namespace othello::cli
