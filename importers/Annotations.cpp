#include "Annotations.h"

#include <algorithm>

#include "ReadLimits.h"
#include "core/Replay.h"

namespace othello::importers {

bool Variation::operator==(const Variation& o) const {
    return ply == o.ply && moves == o.moves && comments == o.comments && variations == o.variations;
}

std::string normalizeComment(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    bool blank = false;
    for (char c : text) {
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f') {
            blank = true;
            continue;
        }
        if (blank && !out.empty()) out += ' ';
        blank = false;
        out += c;
    }
    return out;
}

void addComment(std::vector<Comment>& comments, int ply, std::string_view text) {
    std::string t = normalizeComment(text);
    if (t.empty()) return;
    const auto at = std::lower_bound(comments.begin(), comments.end(), ply,
                                     [](const Comment& c, int p) { return c.ply < p; });
    if (at != comments.end() && at->ply == ply) {
        at->text += ' ';
        at->text += t;
        return;
    }
    comments.insert(at, Comment{ply, std::move(t)});
}

namespace {

bool commentsValid(const std::vector<Comment>& comments, std::size_t plies, std::string& why) {
    int last = -1;
    for (const Comment& c : comments) {
        if (c.ply <= last)
            why = "comments are not sorted by ply, or two are on one ply";
        else if (c.ply < 0 || static_cast<std::size_t>(c.ply) > plies)
            why = "a comment on ply " + std::to_string(c.ply) + " of a line of " +
                  std::to_string(plies) + " plies";
        else if (c.text.empty() || c.text != normalizeComment(c.text))
            why = "a comment on ply " + std::to_string(c.ply) + " is empty or not normalised";
        if (!why.empty()) return false;
        last = c.ply;
    }
    return true;
}

bool lineValid(const core::Position& start, const std::vector<int>& moves,
               const std::vector<Comment>& comments, const std::vector<Variation>& variations,
               std::size_t depth, const core::Rules& rules, std::string& why) {
    if (depth > kMaxVariationDepth) {
        why = "variations nested deeper than " + std::to_string(kMaxVariationDepth) + " levels";
        return false;
    }
    if (!commentsValid(comments, moves.size(), why)) return false;
    // The main line is the record's own (readers replay it); a variation's moves are checked.
    if (depth == 0 && variations.empty()) return true;
    const core::ReplayResult r = core::replay(start, moves, rules);
    std::vector<int> replayed = r.moves();
    if (!r.error && !r.plies.empty() && r.plies.back().inferredPass) replayed.pop_back();
    if (r.error || replayed != moves) {
        why = depth == 0 ? "the main line does not replay with its passes explicit"
                         : "a variation does not replay with its passes explicit";
        return false;
    }
    int last = -1;
    for (const Variation& v : variations) {
        if (v.ply < last)
            why = "variations are not sorted by ply";
        else if (v.ply < 0 || static_cast<std::size_t>(v.ply) >= moves.size())
            why = "a variation on ply " + std::to_string(v.ply) + " of a line of " +
                  std::to_string(moves.size()) + " plies";
        else if (v.moves.empty())
            why = "an empty variation on ply " + std::to_string(v.ply);
        else if (v.moves.back() == core::kPass)
            why = "a variation on ply " + std::to_string(v.ply) + " ends in a pass";
        if (!why.empty()) return false;
        last = v.ply;
        if (!lineValid(r.positions[v.ply], v.moves, v.comments, v.variations, depth + 1, rules,
                       why))
            return false;
    }
    return true;
}

}  // namespace

bool annotationsValid(const core::Position& start, const std::vector<int>& moves,
                      const std::vector<Comment>& comments,
                      const std::vector<Variation>& variations, std::string* why,
                      const core::Rules& rules) {
    std::string w;
    const bool ok = lineValid(start, moves, comments, variations, 0, rules, w);
    if (why) *why = w;
    return ok;
}

int countVariations(const std::vector<Variation>& variations) {
    int n = 0;
    for (const Variation& v : variations) n += 1 + countVariations(v.variations);
    return n;
}

std::size_t commentBytes(const std::vector<Comment>& comments,
                         const std::vector<Variation>& variations) {
    std::size_t n = 0;
    for (const Comment& c : comments) n += c.text.size();
    for (const Variation& v : variations) n += commentBytes(v.comments, v.variations);
    return n;
}

}  // namespace othello::importers
