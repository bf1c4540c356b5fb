#include "ObfProblem.h"

#include <charconv>
#include <string>

namespace othello::analysis {
namespace {

bool isBlank(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

// `s` without its blanks at both ends; `offset` advanced past those at the front.
std::string_view trim(std::string_view s, std::size_t& offset) {
    while (!s.empty() && isBlank(s.front())) {
        s.remove_prefix(1);
        ++offset;
    }
    while (!s.empty() && isBlank(s.back())) s.remove_suffix(1);
    return s;
}

core::ParseError errorAt(std::size_t column, std::string message, std::string_view token) {
    core::ParseError e(column, std::move(message), std::string(token));
    e.length = token.size();
    return e;
}

int parseMoveName(std::string_view name) {
    const int square = core::parseSquare(name);
    if (square != core::kNoSquare) return square;
    if (name == "PS" || name == "ps" || name == "pass" || name == "PASS") return core::kPass;
    return core::kNoSquare;
}

// One field (blanks trimmed) starting at `column`: a move with a value, or a bare move.
std::optional<core::ParseError> parseField(std::string_view item, std::size_t column,
                                           ObfProblem& p) {
    const auto colon = item.find(':');
    std::size_t nameAt = column;
    const std::string_view name = trim(item.substr(0, colon), nameAt);
    const int move = parseMoveName(name);
    if (move == core::kNoSquare) return errorAt(nameAt, "not a move (a square a1..h8 or PS)", name);
    if (colon == std::string_view::npos) {
        p.answers.push_back(move);
        return std::nullopt;
    }
    std::size_t numberAt = column + colon + 1;
    std::string_view number = trim(item.substr(colon + 1), numberAt);
    const std::string_view written = number;
    if (!number.empty() && number.front() == '+') number.remove_prefix(1);
    ObfProblem::Move m;
    m.square = move;
    const auto [ptr, ec] = std::from_chars(number.data(), number.data() + number.size(), m.value);
    if (number.empty() || ec != std::errc{} || ptr != number.data() + number.size() ||
        m.value < -64 || m.value > 64)
        return errorAt(numberAt, "not a value (a disc difference -64..+64)", written);
    p.moves.push_back(m);
    return std::nullopt;
}

}  // namespace

ObfLineParse parseObfLineLocated(std::string_view line) {
    ObfLineParse out;
    ObfProblem p;
    if (const auto percent = line.find('%'); percent != std::string_view::npos) {
        std::size_t ignored = 0;
        p.comment = std::string(trim(line.substr(percent + 1), ignored));
        line = line.substr(0, percent);
    }
    std::size_t boardAt = 0;
    const std::string_view content = trim(line, boardAt);
    if (content.empty()) return out;
    const auto semi = line.find(';');
    const std::string_view boardText = trim(line.substr(0, semi), boardAt = 0);
    const core::BoardParse b = core::parseBoard(boardText);
    if (b.error) {
        out.error = *b.error;
        out.error->column += boardAt;
        return out;
    }
    if (!b.sideGiven) {
        out.error = errorAt(boardAt + boardText.size(),
                            "the side to move (X or O) is missing after the board", "");
        return out;
    }
    p.position = b.position;
    // Fields end with ';' (the last one may lack it: nothing is lost by reading it).
    std::size_t at = semi == std::string_view::npos ? line.size() : semi + 1;
    while (at < line.size()) {
        const auto end = line.find(';', at);
        const std::size_t stop = end == std::string_view::npos ? line.size() : end;
        std::size_t itemAt = at;
        const std::string_view item = trim(line.substr(at, stop - at), itemAt);
        if (!item.empty()) {
            if (auto e = parseField(item, itemAt, p)) {
                out.error = std::move(e);
                return out;
            }
        }
        at = stop + 1;
    }
    out.problem = std::move(p);
    return out;
}

std::optional<ObfProblem> parseObfLine(std::string_view line) {
    ObfLineParse r = parseObfLineLocated(line);
    return std::move(r.problem);
}

}  // namespace othello::analysis
