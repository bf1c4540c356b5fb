#include "PgnTokens.h"

#include <algorithm>

#include "ReaderUtil.h"

namespace othello::importers::pgn {

bool looksLikeChessMove(std::string_view t) {
    if (t == "O-O" || t == "O-O-O" || t == "0-0" || t == "0-0-0") return true;
    const auto file = [](char c) { return c >= 'a' && c <= 'h'; };
    const auto rank = [](char c) { return c >= '1' && c <= '8'; };
    const auto piece = [](char c) {
        return c == 'K' || c == 'Q' || c == 'R' || c == 'B' || c == 'N';
    };
    const bool promotion = t.size() >= 4 && t[t.size() - 2] == '=' && piece(t.back());
    if (promotion) t.remove_suffix(2);
    if (t.size() < 2 || !file(t[t.size() - 2]) || !rank(t.back())) return false;
    std::string_view from = t.substr(0, t.size() - 2);  // what comes before the target square
    if (!from.empty() && from.back() == 'x') from.remove_suffix(1);
    if (from.empty()) return promotion;  // "e8" alone is a square; "e8=Q" is a promotion
    if (piece(from[0])) {
        from.remove_prefix(1);
        return from.size() <= 2 &&
               std::all_of(from.begin(), from.end(), [&](char c) { return file(c) || rank(c); });
    }
    return from.size() == 1 && file(from[0]) && t.find('x') != std::string_view::npos;
}

bool isResultToken(std::string_view t) {
    if (t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "*" || t == "½-½") return true;
    return text::parseScore(t).has_value() && t.find('-') != std::string_view::npos;
}

std::string nagText(std::string_view nag) {
    static const char* const marks[] = {"", "!", "?", "!!", "??", "!?", "?!"};
    if (nag.size() == 2 && nag[1] >= '1' && nag[1] <= '6') return marks[nag[1] - '0'];
    return std::string(nag.substr(0, 8));
}

std::string_view stripMarks(std::string_view& token) {
    std::size_t end = token.size();
    while (end > 0 && (token[end - 1] == '!' || token[end - 1] == '?' || token[end - 1] == '+' ||
                       token[end - 1] == '#'))
        --end;
    std::string_view marks = token.substr(end);
    token.remove_suffix(token.size() - end);
    while (!marks.empty() && (marks.back() == '+' || marks.back() == '#')) marks.remove_suffix(1);
    while (!marks.empty() && (marks.front() == '+' || marks.front() == '#')) marks.remove_prefix(1);
    return marks.find_first_of("+#") == std::string_view::npos ? marks : std::string_view();
}

}  // namespace othello::importers::pgn
