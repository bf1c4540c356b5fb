// findOpening: a catalogue opening by any of its names (Archive.h), and the near names of a
// name it does not know.
#include <algorithm>

#include "storage/Archive.h"

namespace othello::storage {
namespace {

// UTF-8 to code points; a byte that starts no sequence stands for itself.
std::u32string codePoints(const std::string& s) {
    std::u32string out;
    for (std::size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        const int n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
        if (n == 1 || i + n > s.size()) {
            out.push_back(c);
            ++i;
            continue;
        }
        char32_t cp = c & (0x7F >> n);
        for (int k = 1; k < n; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
        out.push_back(cp);
        i += n;
    }
    return out;
}

// The form names are compared in: folded (case, Latin-1 accents), without the spaces and
// punctuation spellings differ by ("No-Kung", "no kung"; "F.A.T."; "Comp'Oth"; "飛び出し・牛"),
// and without a final 定石 ("joseki": players say 虎 for 虎定石).
std::u32string nameKey(const std::string& name) {
    std::u32string out;
    for (char32_t c : codePoints(foldText(name))) {
        static const std::u32string kDropped = U" \t-_'.,()/\"\u30FB\u3000";
        if (kDropped.find(c) == std::u32string::npos) out.push_back(c);
    }
    static const std::u32string kJoseki = U"\u5B9A\u77F3";  // 定石
    if (out.size() > kJoseki.size() && out.compare(out.size() - 2, 2, kJoseki) == 0)
        out.resize(out.size() - 2);
    return out;
}

// Levenshtein distance over code points.
std::size_t editDistance(const std::u32string& a, const std::u32string& b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t up = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
            diagonal = up;
        }
    }
    return row[b.size()];
}

std::vector<std::string> namesOf(const Opening& o) {
    std::vector<std::string> all = o.english;
    all.insert(all.end(), o.japanese.begin(), o.japanese.end());
    return all;
}

constexpr std::size_t kMaxCandidates = 8;

}  // namespace

OpeningLookup findOpening(const std::string& name) {
    OpeningLookup out;
    const std::u32string key = nameKey(name);
    if (key.empty()) return out;
    const auto& catalogue = openingCatalogue();
    std::vector<std::size_t> exact, prefix;
    // Near names: (distance, name); a name containing the text counts as distance 1.
    std::vector<std::pair<std::size_t, std::string>> near;
    for (std::size_t i = 0; i < catalogue.size(); ++i) {
        bool isExact = false, isPrefix = false;
        std::size_t nearest = std::u32string::npos;
        for (const std::string& n : namesOf(catalogue[i])) {
            const std::u32string k = nameKey(n);
            isExact = isExact || k == key;
            isPrefix = isPrefix || k.compare(0, key.size(), key) == 0;
            const std::size_t d = k.find(key) != std::u32string::npos ? 1 : editDistance(key, k);
            nearest = std::min(nearest, d);
        }
        if (isExact) exact.push_back(i);
        if (isPrefix) prefix.push_back(i);
        near.emplace_back(nearest, catalogue[i].name);
    }
    const std::vector<std::size_t>& chosen = !exact.empty() ? exact : prefix;
    if (chosen.size() == 1) {
        out.opening = catalogue[chosen.front()];
        return out;
    }
    if (!chosen.empty()) {
        out.ambiguous = true;
        for (std::size_t i : chosen)
            if (out.candidates.size() < kMaxCandidates) out.candidates.push_back(catalogue[i].name);
        return out;
    }
    // A typo: the nearest names, those within a third of the text's length first; always a few.
    std::stable_sort(near.begin(), near.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    const std::size_t close = std::max<std::size_t>(2, key.size() / 3);
    for (const auto& [d, n] : near)
        if (out.candidates.size() < kMaxCandidates && (d <= close || out.candidates.size() < 3))
            out.candidates.push_back(n);
    return out;
}

}  // namespace othello::storage
