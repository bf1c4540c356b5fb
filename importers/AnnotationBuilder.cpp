#include "AnnotationBuilder.h"

#include <algorithm>

#include "ReadLimits.h"
#include "ReaderUtil.h"
#include "core/Notation.h"

namespace othello::importers::annot {
namespace {

// `text` cut to at most `n` bytes at a UTF-8 character boundary.
void cutUtf8(std::string& text, std::size_t n) {
    if (text.size() <= n) return;
    while (n > 0 && (static_cast<unsigned char>(text[n]) & 0xC0) == 0x80) --n;
    text.resize(n);
}

// Text of the file kept as a comment: one paragraph, with its braces turned into parentheses so
// that the comment never holds a '}' (PgnWriter writes it back inside {...}).
std::string keptText(std::string_view raw) {
    std::string t = normalizeComment(text::toUtf8(raw));
    for (char& c : t) {
        if (c == '{') c = '(';
        if (c == '}') c = ')';
    }
    return t;
}

class Builder {
  public:
    Builder(std::string_view text, const std::string& path, AnnotationBudget& budget,
            const std::function<void(Diagnostic)>& warn, const core::Rules& rules)
        : text_(text), path_(path), budget_(budget), warn_(warn), rules_(rules) {}

    // Annotates a line that replayed to `r`, of which `kept` tokens of `raw` were legal;
    // `discBase` discs were played before the line starts.
    void annotate(const core::ReplayResult& r, const RawLine& raw, std::size_t kept, int discBase,
                  bool unclosed, std::vector<Comment>& comments,
                  std::vector<Variation>& variations) {
        const std::vector<int> ply = plyOfTokens(r);
        kept = std::min(kept, ply.size());
        const auto plyAfter = [&](int n) { return n == 0 ? 0 : ply[n - 1] + 1; };
        std::size_t c = 0;
        // Comments and variations in reading order: a comment read before a variation at the
        // same token count comes first, as in the text.
        for (const RawVariation& v : raw.variations) {
            for (; c < raw.comments.size() && raw.comments[c].first <= v.after; ++c)
                comment(comments, raw.comments[c], kept, plyAfter);
            if (static_cast<std::size_t>(v.after) > kept) continue;  // in the text not replayed
            if (v.after == 0) {
                if (v.closed && !unclosed)
                    warn_(Diagnostic::at(
                        Severity::Warning, at(v.line, v.column), "bad-variation",
                        "a variation before the line's first move replaces no move: its "
                        "text is kept as a comment"));
                addKept(comments, 0, "variation not replayed:", inner(v), v);
                continue;
            }
            variation(r, ply[v.after - 1], v, discBase, unclosed || !v.closed, comments,
                      variations);
        }
        for (; c < raw.comments.size(); ++c) comment(comments, raw.comments[c], kept, plyAfter);
        std::stable_sort(variations.begin(), variations.end(),
                         [](const Variation& a, const Variation& b) { return a.ply < b.ply; });
    }

  private:
    template <class PlyAfter>
    void comment(std::vector<Comment>& comments, const std::pair<int, std::string>& raw,
                 std::size_t kept, const PlyAfter& plyAfter) {
        if (static_cast<std::size_t>(raw.first) > kept) return;  // in the text not replayed
        addComment(comments, plyAfter(raw.first), raw.second);
    }

    void variation(const core::ReplayResult& parent, int branch, const RawVariation& v,
                   int discBase, bool unclosed, std::vector<Comment>& parentComments,
                   std::vector<Variation>& out) {
        for (int i = 0; i < branch; ++i) discBase += parent.plies[i].square != core::kPass;
        std::vector<int> tokens;
        tokens.reserve(v.body.moves.size());
        for (const RawMove& m : v.body.moves) tokens.push_back(m.square);
        const core::ReplayResult r = core::replay(parent.positions[branch], tokens, rules_);
        std::size_t kept = tokens.size();
        if (r.error) {
            kept = 0;
            for (const core::Ply& p : r.plies) kept += !p.inferredPass;
        }
        Variation var;
        var.ply = branch;
        var.moves = r.moves();
        // A pass the variation never played (it stops there, or its next token fails).
        if (!r.plies.empty() && r.plies.back().inferredPass) var.moves.pop_back();
        if (r.error && !unclosed) {
            const RawMove& bad = v.body.moves[kept];
            std::string token = text::printable(
                text::toUtf8(text_.substr(bad.offset, std::min<std::size_t>(bad.length, 16))));
            std::string message = "the variation's move " +
                                  std::to_string(discBase + r.error->moveNumber) + " (" + token +
                                  ", " + core::colorName(r.error->side) + "): " + r.error->reason;
            message += var.moves.empty()
                           ? ": the variation is kept as a comment"
                           : ": the variation is kept up to the move before it, the rest of its "
                             "text as a comment";
            Diagnostic d = Diagnostic::at(Severity::Warning, at(bad.line, bad.column),
                                          "bad-variation", std::move(message));
            d.moveNumber = discBase + r.error->moveNumber;
            d.square = bad.square == core::kNoSquare ? core::kNoSquare : bad.square;
            warn_(std::move(d));
        }
        if (var.moves.empty()) {  // not one legal move: all of it is text
            addKept(parentComments, branch, "variation not replayed:", inner(v), v);
            return;
        }
        annotate(r, v.body, kept, discBase, unclosed, var.comments, var.variations);
        if (r.error) {
            const std::size_t from = v.body.moves[kept].offset;
            addKept(var.comments, static_cast<int>(var.moves.size()),
                    "variation not replayed from here:",
                    text_.substr(from, v.close > from ? v.close - from : 0), v);
        }
        out.push_back(std::move(var));
    }

    std::string_view inner(const RawVariation& v) const {
        const std::size_t from = std::min(v.open + 1, text_.size());
        return text_.substr(from, v.close > from ? v.close - from : 0);
    }

    void addKept(std::vector<Comment>& comments, int ply, const char* label, std::string_view raw,
                 const RawVariation& v) {
        std::string t = keptText(raw);
        if (t.empty()) return;
        t = std::string(label) + ' ' + t;
        if (budget_.takeComment(t, at(v.line, v.column))) addComment(comments, ply, t);
    }

    SourceLocation at(int line, int column) const { return text::at(path_, line, column); }

    std::string_view text_;
    const std::string& path_;
    AnnotationBudget& budget_;
    const std::function<void(Diagnostic)>& warn_;
    const core::Rules& rules_;  // the record's (placements, one-line moves)
};

}  // namespace

bool AnnotationBudget::takeComment(std::string& text, const SourceLocation& where) {
    if (text.size() > kMaxCommentBytes) {
        if (cut_++ == 0) cutAt_ = where;
        cutUtf8(text, kMaxCommentBytes);
    }
    // One byte more for the space that joins it to a comment on the same ply.
    if (bytes_ + text.size() + 1 > kMaxAnnotationBytes) {
        if (droppedComments_++ == 0) droppedCommentAt_ = where;
        droppedBytes_ += text.size();
        return false;
    }
    bytes_ += text.size() + 1;
    return true;
}

bool AnnotationBudget::takeVariation(std::size_t depth, const SourceLocation& where) {
    if (depth > kMaxVariationDepth) {
        if (tooDeep_++ == 0) tooDeepAt_ = where;
        return false;
    }
    if (variations_ >= kMaxVariations) {
        if (droppedVariations_++ == 0) droppedVariationAt_ = where;
        return false;
    }
    ++variations_;
    return true;
}

std::vector<Diagnostic> AnnotationBudget::report() const {
    std::vector<Diagnostic> out;
    const auto add = [&](const SourceLocation& where, const char* code, std::string message) {
        Diagnostic d = Diagnostic::at(Severity::Warning, where, code, std::move(message));
        d.damage = true;  // text of the file is not kept, as with "value-too-long"
        out.push_back(std::move(d));
    };
    if (cut_)
        add(cutAt_, "comment-too-long",
            std::to_string(cut_) + (cut_ == 1 ? " comment is" : " comments are") + " longer than " +
                std::to_string(kMaxCommentBytes) + " bytes: cut to it");
    if (droppedComments_)
        add(droppedCommentAt_, "annotation-limit",
            std::to_string(droppedComments_) + (droppedComments_ == 1 ? " comment" : " comments") +
                " (" + std::to_string(droppedBytes_) + " bytes) past the " +
                std::to_string(kMaxAnnotationBytes / 1024) +
                " KiB of comments a game keeps are not kept");
    if (droppedVariations_)
        add(droppedVariationAt_, "annotation-limit",
            std::to_string(droppedVariations_) +
                (droppedVariations_ == 1 ? " variation" : " variations") + " past the " +
                std::to_string(kMaxVariations) + " a game keeps are not kept");
    if (tooDeep_)
        add(tooDeepAt_, "annotation-limit",
            std::to_string(tooDeep_) + (tooDeep_ == 1 ? " variation" : " variations") +
                " nested deeper than " + std::to_string(kMaxVariationDepth) +
                " levels are not kept");
    return out;
}

std::vector<int> plyOfTokens(const core::ReplayResult& replay) {
    std::vector<int> out;
    out.reserve(replay.plies.size());
    for (std::size_t i = 0; i < replay.plies.size(); ++i)
        if (!replay.plies[i].inferredPass) out.push_back(static_cast<int>(i));
    return out;
}

void buildAnnotations(GameRecord& record, const RawLine& main, std::string_view text,
                      const std::string& path, AnnotationBudget& budget,
                      const std::function<void(Diagnostic)>& warn) {
    std::vector<int> tokens;
    tokens.reserve(main.moves.size());
    for (const RawMove& m : main.moves) tokens.push_back(m.square);
    const core::ReplayResult r = core::replay(record.start, tokens, record.rules);
    if (r.error) return;  // the record is an error: nothing to annotate
    Builder(text, path, budget, warn, record.rules)
        .annotate(r, main, tokens.size(), 0, false, record.comments, record.variations);
}

}  // namespace othello::importers::annot
