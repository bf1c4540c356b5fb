// The pattern layout: instances from the 8 symmetries of each base, the compact index that
// makes re-orderings of one square set share a weight, and the layout's checksum.
#include "PatternLayout.h"

#include <algorithm>
#include <map>
#include <stdexcept>

#include "Mobility.h"
#include "core/Symmetry.h"

namespace othello::analysis {
namespace {

// FNV-1a over the layout's description.
std::uint32_t fnv(std::uint32_t h, std::uint32_t value) {
    for (int i = 0; i < 4; ++i) {
        h ^= (value >> (8 * i)) & 0xFF;
        h *= 16777619u;
    }
    return h;
}

int power3(int n) {
    int p = 1;
    while (n-- > 0) p *= 3;
    return p;
}

// The raw configuration after reading the digits in another order: digit k becomes the digit
// at position perm[k].
int permuteDigits(int raw, const std::vector<int>& perm) {
    const int n = static_cast<int>(perm.size());
    int digits[kMaxPatternSize];
    for (int k = n - 1; k >= 0; --k) {
        digits[k] = raw % 3;
        raw /= 3;
    }
    int out = 0;
    for (int k = 0; k < n; ++k) out = out * 3 + digits[perm[static_cast<std::size_t>(k)]];
    return out;
}

}  // namespace

const PatternLayout& PatternLayout::get() {
    static const PatternLayout layout;
    return layout;
}

PatternLayout::PatternLayout() {
    // Squares: A1 = 0, B1 = 1, ..., H1 = 7, A2 = 8, ... (core/Bitboard.h). The classes of
    // Logistello and Edax: the corner blocks and the edge with its X-squares carry most of the
    // judgement, the inner lines and diagonals the mobility structure.
    addClass("corner3x3", {0, 1, 2, 8, 9, 10, 16, 17, 18});
    addClass("corner2x5", {0, 1, 2, 3, 4, 8, 9, 10, 11, 12});
    addClass("edge2X", {0, 1, 2, 3, 4, 5, 6, 7, 9, 14});
    addClass("line2", {8, 9, 10, 11, 12, 13, 14, 15});
    addClass("line3", {16, 17, 18, 19, 20, 21, 22, 23});
    addClass("line4", {24, 25, 26, 27, 28, 29, 30, 31});
    addClass("diag8", {0, 9, 18, 27, 36, 45, 54, 63});
    addClass("diag7", {1, 10, 19, 28, 37, 46, 55});
    addClass("diag6", {2, 11, 20, 29, 38, 47});
    addClass("diag5", {3, 12, 21, 30, 39});
    addClass("diag4", {4, 13, 22, 31});
    // Egaroucid's additions: the corner triangle and the edge with its inner block.
    addClass("triangle", {0, 1, 2, 3, 8, 9, 10, 16, 17, 24});
    addClass("edgeBlock", {0, 2, 3, 4, 5, 7, 10, 11, 12, 13});

    int offset = 0;
    std::uint32_t h = 2166136261u;
    for (PatternClass& c : classes_) {
        c.offset = offset;
        offset += c.compactCount;
        instanceCount_ += static_cast<int>(c.instances.size());
        h = fnv(h, static_cast<std::uint32_t>(c.size));
        h = fnv(h, static_cast<std::uint32_t>(c.compactCount));
        for (const auto& inst : c.instances)
            for (int k = 0; k < c.size; ++k) h = fnv(h, static_cast<std::uint32_t>(inst[k]));
    }
    scalars_.bias = offset;
    scalars_.parity = offset + 1;
    scalars_.playerMobility = offset + 2;
    scalars_.opponentMobility = offset + 2 + kMobilitySlots;
    scalars_.playerPotential = offset + 2 + 2 * kMobilitySlots;
    scalars_.opponentPotential = offset + 2 + 3 * kMobilitySlots;
    weightsPerStage_ = offset + kScalarWeights;
    // The scalar features' definitions (ScalarValues) are part of the layout too: revision 2
    // added potential mobility.
    h = fnv(h, 2u);
    h = fnv(h, static_cast<std::uint32_t>(weightsPerStage_));
    h = fnv(h, static_cast<std::uint32_t>(kStageEmpties));
    h = fnv(h, static_cast<std::uint32_t>(kStageCount));
    checksum_ = h;
}

void PatternLayout::addClass(const std::string& name, const std::vector<int>& base) {
    PatternClass c;
    c.name = name;
    c.size = static_cast<int>(base.size());
    c.rawCount = power3(c.size);

    // The 8 images, grouped by square set; each group's orderings as permutations of its first.
    std::map<Bitboard, std::vector<std::vector<int>>> groups;
    std::vector<Bitboard> order;  // groups in order of first appearance
    for (int s = 0; s < core::kSymmetryCount; ++s) {
        std::vector<int> image;
        Bitboard set = 0;
        for (int sq : base) {
            const int t = core::transformSquare(sq, static_cast<core::Symmetry>(s));
            image.push_back(t);
            set |= core::bit(t);
        }
        auto& g = groups[set];
        if (g.empty()) order.push_back(set);
        if (std::find(g.begin(), g.end(), image) == g.end()) g.push_back(image);
    }
    std::vector<std::vector<int>> perms;  // of the first group: every group has the same ones
    for (Bitboard set : order) {
        const auto& g = groups[set];
        std::vector<std::vector<int>> groupPerms;
        for (const auto& ordering : g) {
            std::vector<int> perm;
            for (int sq : ordering)
                perm.push_back(
                    static_cast<int>(std::find(g[0].begin(), g[0].end(), sq) - g[0].begin()));
            groupPerms.push_back(perm);
        }
        std::sort(groupPerms.begin(), groupPerms.end());
        if (perms.empty())
            perms = groupPerms;
        else if (perms != groupPerms)
            throw std::logic_error("pattern " + name + ": images disagree on re-orderings");
        std::array<std::int8_t, kMaxPatternSize> inst{};
        for (int k = 0; k < c.size; ++k)
            inst[static_cast<std::size_t>(k)] =
                static_cast<std::int8_t>(g[0][static_cast<std::size_t>(k)]);
        c.instances.push_back(inst);
    }

    // A configuration shares its weight with every re-ordering of it: the smallest names them.
    c.compactOf.assign(static_cast<std::size_t>(c.rawCount), 0);
    int next = 0;
    for (int raw = 0; raw < c.rawCount; ++raw) {
        int canon = raw;
        for (const auto& perm : perms) canon = std::min(canon, permuteDigits(raw, perm));
        if (canon == raw)
            c.compactOf[static_cast<std::size_t>(raw)] = static_cast<std::uint16_t>(next++);
        else
            c.compactOf[static_cast<std::size_t>(raw)] =
                c.compactOf[static_cast<std::size_t>(canon)];
    }
    c.compactCount = next;
    classes_.push_back(std::move(c));
}

void PatternLayout::features(Bitboard player, Bitboard opponent, FeatureList& out) const {
    int n = 0;
    for (const PatternClass& c : classes_) {
        for (const auto& inst : c.instances) {
            const int raw = rawIndex(player, opponent, inst.data(), c.size);
            out.index[static_cast<std::size_t>(n++)] =
                static_cast<std::uint32_t>(c.offset + c.compactOf[static_cast<std::size_t>(raw)]);
        }
    }
    const int empties = 64 - core::popcount(player | opponent);
    out.stage = stageOf(empties);
    const ScalarValues v = scalarValues(player, opponent);
    auto add = [&](int index) {
        out.index[static_cast<std::size_t>(n++)] = static_cast<std::uint32_t>(index);
    };
    add(scalars_.bias);
    if (v.parity) add(scalars_.parity);
    add(scalars_.playerMobility + v.playerMobility);
    add(scalars_.opponentMobility + v.opponentMobility);
    add(scalars_.playerPotential + v.playerPotential);
    add(scalars_.opponentPotential + v.opponentPotential);
    out.count = n;
}

ScalarValues PatternLayout::scalarValues(Bitboard player, Bitboard opponent) {
    ScalarValues v;
    v.parity = (64 - core::popcount(player | opponent)) & 1;
    v.playerMobility = std::min(core::popcount(legalMovesOf(player, opponent)), kMobilitySlots - 1);
    v.opponentMobility =
        std::min(core::popcount(legalMovesOf(opponent, player)), kMobilitySlots - 1);
    v.playerPotential = std::min(potentialMobility(player, opponent), kMobilitySlots - 1);
    v.opponentPotential = std::min(potentialMobility(opponent, player), kMobilitySlots - 1);
    return v;
}

}  // namespace othello::analysis
