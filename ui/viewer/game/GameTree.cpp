#include "game/GameTree.h"

#include <algorithm>

#include "core/Replay.h"
#include "importers/ReadLimits.h"

namespace othello::viewer {

using importers::Comment;
using importers::Variation;

namespace {

std::vector<int> prefix(const std::vector<int>& path, std::size_t size) {
    return {path.begin(), path.begin() + std::ptrdiff_t(std::min(size, path.size()))};
}

// A variation never ends in a pass (Annotations.h): the pass it needs next is implied. A
// comment on the dropped pass is about the position after it; it stays on the last move,
// which is as close as the model can keep it.
void dropFinalPasses(Variation& v) {
    while (!v.moves.empty() && v.moves.back() == core::kPass) {
        const int pass = int(v.moves.size());
        v.moves.pop_back();
        const auto it = std::find_if(v.comments.begin(), v.comments.end(),
                                     [pass](const Comment& c) { return c.ply == pass; });
        if (it != v.comments.end()) {
            const std::string text = it->text;
            v.comments.erase(it);
            importers::addComment(v.comments, pass - 1, text);
        }
        std::erase_if(v.variations, [pass](const Variation& w) { return w.ply >= pass - 1; });
    }
}

template <typename T>
void shiftPlies(std::vector<T>& items, int by) {
    for (T& item : items) item.ply += by;
}

}  // namespace

GameTree::GameTree(const core::Position& start, const std::vector<int>& moves,
                   std::vector<Comment> comments, std::vector<Variation> variations,
                   const core::Rules& rules)
    : start_(start), rules_(rules) {
    root_.moves = replay(moves).moves();
    root_.comments = std::move(comments);
    root_.variations = std::move(variations);
}

const Variation* GameTree::node(const std::vector<int>& path) const {
    const Variation* n = &root_;
    for (const int i : path) {
        if (i < 0 || std::size_t(i) >= n->variations.size()) return nullptr;
        n = &n->variations[std::size_t(i)];
    }
    return n;
}

Variation* GameTree::mutableNode(const std::vector<int>& path) {
    return const_cast<Variation*>(node(path));
}

int GameTree::offset(const std::vector<int>& path) const {
    int off = 0;
    const Variation* n = &root_;
    for (const int i : path) {
        n = &n->variations[std::size_t(i)];
        off += n->ply;
    }
    return off;
}

std::vector<int> GameTree::lineMoves(const std::vector<int>& path) const {
    std::vector<int> moves;
    const Variation* n = &root_;
    for (const int i : path) {
        const Variation& v = n->variations[std::size_t(i)];
        moves.insert(moves.end(), n->moves.begin(), n->moves.begin() + v.ply);
        n = &v;
    }
    moves.insert(moves.end(), n->moves.begin(), n->moves.end());
    return moves;
}

bool GameTree::onLine(const std::vector<int>& path, int ply, const std::vector<int>& shown,
                      const GameTree& tree) {
    if (path.size() > shown.size() || !std::equal(path.begin(), path.end(), shown.begin()))
        return false;
    if (path.size() == shown.size()) return true;
    const Variation* n = tree.node(path);
    if (!n) return false;
    const Variation& child = n->variations[std::size_t(shown[path.size()])];
    return ply <= tree.offset(path) + child.ply;
}

TreeLocation GameTree::normalize(TreeLocation at) const {
    std::size_t valid = 0;
    for (const Variation* n = &root_; valid < at.path.size(); ++valid) {
        const int i = at.path[valid];
        if (i < 0 || std::size_t(i) >= n->variations.size()) break;
        n = &n->variations[std::size_t(i)];
    }
    at.path.resize(valid);
    for (;;) {
        const int count = int(replay(lineMoves(at.path)).plies.size());
        at.ply = std::clamp(at.ply, 0, count);
        if (at.path.empty() || at.ply > offset(at.path)) return at;
        at.path.pop_back();
    }
}

MoveEffect GameTree::effect(const TreeLocation& at, int square) const {
    const std::vector<int> shown = replay(lineMoves(at.path)).moves();
    if (std::size_t(at.ply) < shown.size() && shown[std::size_t(at.ply)] == square)
        return MoveEffect::Step;
    const Variation& n = *node(at.path);
    const int k = at.ply - offset(at.path);
    for (const Variation& v : n.variations)
        if (v.ply == k && v.moves.front() == square) return MoveEffect::EnterVariation;
    return std::size_t(k) >= n.moves.size() ? MoveEffect::Extend : MoveEffect::Differs;
}

TreeLocation GameTree::follow(const TreeLocation& at, int square) const {
    const Variation& n = *node(at.path);
    const int k = at.ply - offset(at.path);
    for (std::size_t i = 0; i < n.variations.size(); ++i) {
        const Variation& v = n.variations[i];
        if (v.ply == k && v.moves.front() == square &&
            !(std::size_t(k) < n.moves.size() && n.moves[std::size_t(k)] == square)) {
            TreeLocation in{at.path, at.ply + 1};
            in.path.push_back(int(i));
            return in;
        }
    }
    return {at.path, at.ply + 1};
}

std::optional<TreeLocation> GameTree::extend(const TreeLocation& at, int square) {
    Variation* n = mutableNode(at.path);
    const int off = offset(at.path);
    const int k = at.ply - off;
    if (!n || k < int(n->moves.size())) return std::nullopt;
    // The line shown may end in an implied pass: the move after it makes it explicit.
    const std::vector<int> shown = replay(lineMoves(at.path)).moves();
    if (std::size_t(at.ply) > shown.size()) return std::nullopt;
    n->moves.assign(shown.begin() + off, shown.begin() + at.ply);
    n->moves.push_back(square);
    tidy(at.path);
    return TreeLocation{at.path, at.ply + 1};
}

std::optional<TreeLocation> GameTree::addVariation(const TreeLocation& at, int square) {
    Variation* n = mutableNode(at.path);
    const int k = at.ply - offset(at.path);
    if (!n || k < 0 || k >= int(n->moves.size()) || n->moves[std::size_t(k)] == square)
        return std::nullopt;
    if (at.path.size() + 1 > importers::kMaxVariationDepth) return std::nullopt;
    // Several variations at one ply keep the order they were made in (reading order).
    const auto pos = std::find_if(n->variations.begin(), n->variations.end(),
                                  [k](const Variation& v) { return v.ply > k; });
    Variation v;
    v.ply = k;
    v.moves = {square};
    const int index = int(pos - n->variations.begin());
    n->variations.insert(pos, std::move(v));
    TreeLocation in{at.path, at.ply + 1};
    in.path.push_back(index);
    return in;
}

std::optional<TreeLocation> GameTree::overwrite(const TreeLocation& at, int square) {
    Variation* n = mutableNode(at.path);
    const int k = at.ply - offset(at.path);
    if (!n || k < 0 || k >= int(n->moves.size())) return std::nullopt;
    n->moves.resize(std::size_t(k));
    n->moves.push_back(square);
    std::erase_if(n->comments, [k](const Comment& c) { return c.ply > k; });
    std::erase_if(n->variations, [k](const Variation& v) { return v.ply > k; });
    // A variation at k that starts with the new move would now repeat it: fold it in.
    std::erase_if(n->variations,
                  [k, square](const Variation& v) { return v.ply == k && v.moves[0] == square; });
    tidy(at.path);
    return TreeLocation{at.path, at.ply + 1};
}

std::string GameTree::comment(const TreeLocation& at) const {
    const Variation* n = node(at.path);
    if (!n) return {};
    const int k = at.ply - offset(at.path);
    for (const Comment& c : n->comments)
        if (c.ply == k) return c.text;
    return {};
}

bool GameTree::setComment(const TreeLocation& at, const std::string& text) {
    Variation* n = mutableNode(at.path);
    const int k = at.ply - offset(at.path);
    // Past a variation's implied final pass there is no stored position to comment on.
    if (!n || k < 0 || k > int(n->moves.size())) return false;
    const std::string normal = importers::normalizeComment(text);
    auto it = std::find_if(n->comments.begin(), n->comments.end(),
                           [k](const Comment& c) { return c.ply >= k; });
    const bool found = it != n->comments.end() && it->ply == k;
    if (normal.empty()) {
        if (!found) return false;
        n->comments.erase(it);
        return true;
    }
    if (found) {
        if (it->text == normal) return false;
        it->text = normal;
        return true;
    }
    n->comments.insert(it, Comment{k, normal});
    return true;
}

std::optional<TreeLocation> GameTree::deleteFrom(const TreeLocation& at) {
    if (at.path.empty()) return std::nullopt;
    Variation* n = mutableNode(at.path);
    const int j = at.ply - offset(at.path) - 1;  // the index of the move that led here
    if (!n || j < 0 || j >= int(n->moves.size())) return std::nullopt;
    if (j == 0) {
        const std::vector<int> parentPath = prefix(at.path, at.path.size() - 1);
        Variation* parent = mutableNode(parentPath);
        parent->variations.erase(parent->variations.begin() + at.path.back());
        return normalize({parentPath, at.ply - 1});
    }
    n->moves.resize(std::size_t(j));
    std::erase_if(n->comments, [j](const Comment& c) { return c.ply > j; });
    std::erase_if(n->variations, [j](const Variation& v) { return v.ply >= j; });
    tidy(at.path);
    return normalize({at.path, at.ply - 1});
}

std::optional<TreeLocation> GameTree::promote(const TreeLocation& at) {
    if (at.path.empty() || !node(at.path)) return std::nullopt;
    std::vector<int> path = at.path;
    while (!path.empty()) {
        promoteOnce(path);
        path.pop_back();
    }
    return normalize({{}, at.ply});
}

void GameTree::promoteOnce(const std::vector<int>& path) {
    const std::vector<int> parentPath = prefix(path, path.size() - 1);
    Variation& p = *mutableNode(parentPath);
    const std::size_t index = std::size_t(path.back());
    const Variation v = p.variations[index];
    const int b = v.ply;

    // The line the variation replaces, from the branch on, becomes a variation there.
    Variation old;
    old.ply = b;
    old.moves.assign(p.moves.begin() + b, p.moves.end());
    for (const Comment& c : p.comments)
        if (c.ply > b) old.comments.push_back({c.ply - b, c.text});
    for (const Variation& w : p.variations)
        if (w.ply > b) {
            old.variations.push_back(w);
            old.variations.back().ply -= b;
        }
    dropFinalPasses(old);

    Variation merged;
    merged.ply = p.ply;
    merged.moves.assign(p.moves.begin(), p.moves.begin() + b);
    merged.moves.insert(merged.moves.end(), v.moves.begin(), v.moves.end());
    for (const Comment& c : p.comments)
        if (c.ply <= b) merged.comments.push_back(c);
    for (const Comment& c : v.comments) {
        if (c.ply == 0)
            importers::addComment(merged.comments, b, c.text);  // both about the branch
        else
            merged.comments.push_back({c.ply + b, c.text});
    }
    for (const Variation& w : p.variations)
        if (w.ply < b) merged.variations.push_back(w);
    for (std::size_t i = 0; i < p.variations.size(); ++i)
        if (p.variations[i].ply == b)
            merged.variations.push_back(i == index ? old : p.variations[i]);
    std::vector<Variation> inner = v.variations;
    shiftPlies(inner, b);
    merged.variations.insert(merged.variations.end(), inner.begin(), inner.end());

    p = std::move(merged);
    tidy(parentPath);
}

void GameTree::tidy(const std::vector<int>& path) {
    if (path.empty()) {
        root_.moves = replay(root_.moves).moves();
        return;
    }
    dropFinalPasses(*mutableNode(path));
}

}  // namespace othello::viewer
