#pragma once
// The game shown as a tree: the main line with its comments and nested variations, in the
// model of importers/Annotations.h (what storage loads and saves), and the edits the viewer
// makes to it. Pure data, no Qt: GameController keeps one, moves through it and wraps each
// edit in an undo command.
//
// Locations. A place in the tree is a path (the index of a variation in its parent's
// `variations` at each depth; empty: the main line) and a ply counted from the game's start
// over the line that path shows: the parent lines up to each branch, then the variation's
// moves ("line shown"). A location inside a variation is always past its branch: at the
// branch position itself the location is on the parent line (normalize() makes it so).
//
// Passes. Lines keep the Annotations.h rules: the main line is stored as a replay makes it
// (passes explicit, a forced final pass included), a variation never ends in a pass. The line
// shown is the replay of the path's moves, so it may end in an implied pass; a move played
// after it makes that pass explicit.
//
// Rules. The tree plays under its game's core::Rules (Othello's by default): every line is
// replayed with them, so placements and one-line moves are moves like any other. A move is a
// token (core/Bitboard.h): a square, kPass, or under the one-line rule a line move naming the
// line it flips when its square outflanks several; lines hold them as a replay writes them.
#include <optional>
#include <string>
#include <vector>

#include "core/Position.h"
#include "core/Replay.h"
#include "core/Rules.h"
#include "importers/Annotations.h"

namespace othello::viewer {

struct TreeLocation {
    std::vector<int> path;  // variation indices, outermost first; empty: the main line
    int ply = 0;            // over the line shown, from the game's start
    bool operator==(const TreeLocation&) const = default;
};

// What a move played at a location does to the tree.
enum class MoveEffect {
    Step,            // it is the line's next move: only the location moves
    EnterVariation,  // a variation there starts with it: the location enters it
    Extend,          // the line ends there: the move is appended to it (an edit)
    Differs,         // the line continues with another move: a new variation or an overwrite
};

class GameTree {
  public:
    GameTree() = default;
    // A tree over a stored game played under `rules`; moves are taken as a replay makes them
    // (a record that does not replay keeps its legal prefix; annotations are taken as given).
    GameTree(const core::Position& start, const std::vector<int>& moves,
             std::vector<importers::Comment> comments, std::vector<importers::Variation> variations,
             const core::Rules& rules = core::othelloRules());

    const core::Position& start() const { return start_; }
    const core::Rules& rules() const { return rules_; }
    // The replay of `moves` from the start under the tree's rules.
    core::ReplayResult replay(const std::vector<int>& moves) const {
        return core::replay(start_, moves, rules_);
    }
    const std::vector<int>& mainLine() const { return root_.moves; }
    const std::vector<importers::Comment>& comments() const { return root_.comments; }
    const std::vector<importers::Variation>& variations() const { return root_.variations; }
    // The main line as a line node (its `ply` unused).
    const importers::Variation& root() const { return root_; }
    bool operator==(const GameTree&) const = default;

    // The line at `path` (nullptr when the path does not name one).
    const importers::Variation* node(const std::vector<int>& path) const;
    // The ply, over the line shown, of the position the line at `path` starts from.
    int offset(const std::vector<int>& path) const;
    // Every move of the line `path` shows, from the start (before the replay adds passes).
    std::vector<int> lineMoves(const std::vector<int>& path) const;
    // Whether the move reaching ply `ply` of line `path` (ply >= 1) is a move of the line
    // `shown` shows (the same node of the tree).
    static bool onLine(const std::vector<int>& path, int ply, const std::vector<int>& shown,
                       const GameTree& tree);
    // `at` with a valid path, a ply inside its line, and out of any variation it is at the
    // branch of (see Locations).
    TreeLocation normalize(TreeLocation at) const;

    // `square` in what follows is a move token (see Rules above).
    MoveEffect effect(const TreeLocation& at, int square) const;
    // The location after a Step or EnterVariation (the caller checked effect()).
    TreeLocation follow(const TreeLocation& at, int square) const;

    // The edits. Each returns the location after it, or nothing when it does not apply there
    // (the tree is then unchanged). `square` is legal at `at` (the caller checked).
    std::optional<TreeLocation> extend(const TreeLocation& at, int square);
    std::optional<TreeLocation> addVariation(const TreeLocation& at, int square);
    // Replaces the line's move at `at` by `square`, dropping the moves after it with their
    // comments and variations (variations at `at` itself stay: still alternatives there).
    std::optional<TreeLocation> overwrite(const TreeLocation& at, int square);
    // The comment on the position `at` ("" none); setting "" deletes it. False: unchanged.
    std::string comment(const TreeLocation& at) const;
    bool setComment(const TreeLocation& at, const std::string& text);
    // Inside a variation: deletes its move that led to `at` and all after it (the whole
    // variation when that is its first move); the location goes one ply back.
    std::optional<TreeLocation> deleteFrom(const TreeLocation& at);
    // Inside a variation: makes it the main line, one level at a time; at each level the
    // line it replaced becomes a variation at the branch, keeping its comments and nested
    // variations. The location stays on the same moves.
    std::optional<TreeLocation> promote(const TreeLocation& at);

  private:
    importers::Variation* mutableNode(const std::vector<int>& path);
    // Makes a line's moves follow the rules (Passes above) after an edit.
    void tidy(const std::vector<int>& path);
    void promoteOnce(const std::vector<int>& path);

    core::Position start_ = core::Position::start();
    core::Rules rules_ = core::othelloRules();
    importers::Variation root_;
};

}  // namespace othello::viewer
