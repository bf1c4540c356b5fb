#pragma once
// Comments and variations of a game: the annotations a PGN file carries ({...} and ; comments,
// $NAGs, ( ... ) variations), kept on GameRecord (GameRecord::comments / ::variations) so that
// storage and the viewer can keep and show them. The model is deliberately small: a line of
// moves (the main line is GameRecord::moves) carries comments on its positions and variations
// that branch off its plies; a variation is itself such a line.
//
// Plies. A line's `moves` hold squares 0..63 and core::kPass with the passes made explicit by a
// replay, exactly as GameRecord::moves: a pass is a ply like a move. Position k of a line is the
// position after its first k plies (k = 0: where the line starts: the game's start for the main
// line, the branch position for a variation).
//
// Comments. `Comment{ply, text}` is about position `ply` of its line: ply 0 is a comment before
// the first move ("{the game was played ...} 1. f5"), ply k >= 1 a comment after the k-th ply
// ("1. f5 {good}" is ply 1). A line keeps at most one comment per ply (readers join several with
// a space, in reading order), sorted by ply, 0 <= ply <= moves.size(). Text is UTF-8, one
// paragraph: normalizeComment collapses each run of blanks and line ends to one space and trims;
// readers and editors store it normalised, never empty. Move marks and NAGs are kept as comment
// text (PgnReader.h): "f5!" and "f5 $1" both give the comment "!" on that ply.
//
// Variations. `Variation{ply, moves, comments, variations}` is an alternative to ply `ply` of its
// parent line (0 <= ply < parent.moves.size()): it starts from position `ply` of the parent and
// its first move replaces the parent's move moves[ply] ("1. f5 d6 (1... f6 2. e6)" is a
// variation at ply 1 of the main line whose moves are f6 e6). Its moves are replayed legally
// from there, passes explicit; it is never empty and never ends in a pass (a pass it would need
// next is implied, as at the end of an unfinished GameRecord). Its comments count its own plies
// (ply 0: a comment before its first move, about the branch position), its variations branch off
// its own plies, to any depth within kMaxVariationDepth (ReadLimits.h). Several variations at one
// ply are kept in reading order (PGN: "(...) (...)"), sorted by ply otherwise.
//
// Positions of variations are analysis, not games played: storage keeps them out of search and
// statistics; a game's identity (duplicates, record keys) is its main line.
#include <string>
#include <string_view>
#include <vector>

#include "core/Position.h"
#include "core/Rules.h"

namespace othello::importers {

struct Comment {
    int ply = 0;       // the position of the line it is about (see above)
    std::string text;  // normalised (normalizeComment), never empty
    bool operator==(const Comment&) const = default;
};

struct Variation {
    int ply = 0;                        // the parent's ply whose move its first move replaces
    std::vector<int> moves;             // squares and core::kPass, passes explicit; not empty
    std::vector<Comment> comments;      // on its own positions, sorted by ply
    std::vector<Variation> variations;  // branching off its own plies, sorted by ply
    bool operator==(const Variation&) const;
};

// `text` as a comment is kept: runs of blanks, tabs and line ends become one space, trimmed.
std::string normalizeComment(std::string_view text);

// Appends `text` (normalised; nothing when it is empty) to the comment on `ply` of `comments`,
// joined with a space, or inserts a new comment there keeping them sorted by ply.
void addComment(std::vector<Comment>& comments, int ply, std::string_view text);

// Whether the annotations of a line that starts at `start` and plays `moves` (the main line:
// GameRecord::start / ::moves) keep the rules above: comments sorted, one per ply, on positions
// of their line, normalised, not empty; variations sorted by ply, on a ply of their line, not
// empty, not ending in a pass, replaying legally from their branch position with passes
// explicit, nested no deeper than kMaxVariationDepth. Else false, and `why` (if given) says
// what is wrong in plain words. For storage and editors: what they load or build is checked
// the same way readers' output is (tests/importers/AnnotationInvariantTest). Lines replay
// under `rules` (GameRecord::rules: placements, one-line moves "c4>e6"), Othello's by default.
bool annotationsValid(const core::Position& start, const std::vector<int>& moves,
                      const std::vector<Comment>& comments,
                      const std::vector<Variation>& variations, std::string* why = nullptr,
                      const core::Rules& rules = core::Rules{});

// The number of variations in `variations`, nested ones included.
int countVariations(const std::vector<Variation>& variations);

// The total size in bytes of the comment text in `comments` and in `variations` (nested).
std::size_t commentBytes(const std::vector<Comment>& comments,
                         const std::vector<Variation>& variations);

}  // namespace othello::importers
