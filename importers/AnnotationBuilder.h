#pragma once
// Private to the readers: turns the comments and variations a reader collected while scanning a
// game (as token counts and text offsets) into GameRecord::comments / ::variations
// (Annotations.h), once the main line is replayed. Variations are replayed from their branch
// position; one that stops being legal is kept up to its last legal move, and the text not
// replayed is kept as a comment with the warning "bad-variation", so nothing is lost. The limits
// of ReadLimits.h (comment size, comment bytes, variation count and depth) are kept per game by
// an AnnotationBudget, which reports what it left out ("comment-too-long", "annotation-limit").
#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "GameRecord.h"
#include "core/Replay.h"

namespace othello::importers::annot {

struct RawMove {
    int square = core::kPass;  // a square, core::kPass, or core::kNoSquare for a bad token
    int line = 0;
    int column = 0;
    std::size_t offset = 0;  // in the text read
    std::size_t length = 0;
};

struct RawVariation;

// One line as read: its move tokens, its comments keyed by the number of tokens read before
// them, its variations keyed the same way (`after` tokens: it replaces token after - 1).
struct RawLine {
    std::vector<RawMove> moves;
    std::vector<std::pair<int, std::string>> comments;
    std::vector<RawVariation> variations;
};

struct RawVariation {
    int after = 0;
    int line = 0;  // of its opening '('
    int column = 0;
    std::size_t open = 0;   // offset of '('
    std::size_t close = 0;  // offset of ')', or where it was ended
    // False for a '(' never closed ("unclosed-variation"): the text up to the next game was
    // read as the variation, so what does not replay is kept as a comment without a warning
    // of its own.
    bool closed = false;
    RawLine body;
};

// The per-game limits of ReadLimits.h.
class AnnotationBudget {
  public:
    // Cuts `text` (normalised) to kMaxCommentBytes and to what remains of kMaxAnnotationBytes;
    // false when nothing of it is kept.
    bool takeComment(std::string& text, const SourceLocation& where);
    // Whether a variation opening at nesting `depth` (1: off the main line) is kept.
    bool takeVariation(std::size_t depth, const SourceLocation& where);
    // The warnings for what was cut or left out, once per limit.
    std::vector<Diagnostic> report() const;

  private:
    std::size_t bytes_ = 0;
    std::size_t variations_ = 0;
    int cut_ = 0, droppedComments_ = 0, droppedVariations_ = 0, tooDeep_ = 0;
    std::size_t droppedBytes_ = 0;
    SourceLocation cutAt_, droppedCommentAt_, droppedVariationAt_, tooDeepAt_;
};

// For each token replayed from `start`, the index of its ply in the explicit move sequence
// (passes the replay inferred take plies of their own). Covers the legal prefix only.
std::vector<int> plyOfTokens(const core::ReplayResult& replay);

// Fills record.comments and record.variations from `main`, whose tokens replayed into
// record.moves. `text` is what the offsets of `main` index, `path` names it in diagnostics;
// `warn` receives each "bad-variation" warning.
void buildAnnotations(GameRecord& record, const RawLine& main, std::string_view text,
                      const std::string& path, AnnotationBudget& budget,
                      const std::function<void(Diagnostic)>& warn);

}  // namespace othello::importers::annot
