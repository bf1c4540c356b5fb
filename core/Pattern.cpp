#include "Pattern.h"

#include <algorithm>
#include <cctype>

#include "Notation.h"

namespace othello::core {

namespace {

enum class Cell { Black, White, Empty, Disc, Any };

bool cellOf(char c, Cell& out) {
    switch (c) {
        case 'X': case 'x': out = Cell::Black; return true;
        case 'O': case 'o': out = Cell::White; return true;
        case '-': out = Cell::Empty; return true;
        case '*': out = Cell::Disc; return true;
        case '?': out = Cell::Any; return true;
        default: return false;
    }
}

class Parser {
public:
    explicit Parser(std::string_view text) : text_(text) {}

    PatternParse run() {
        while (skipSpaces(), pos_ < text_.size()) {
            bool ok = false;
            if (startsWithSame())
                ok = parseSame();
            else if (startsWithAssignment())
                ok = parseAssignment();
            else
                ok = parseMaskChar();
            if (!ok) return fail();
        }
        if (maskChars_ > 0 && maskChars_ != 64)
            return failAt(text_.size(), "a mask has 64 squares, this one has " +
                                            std::to_string(maskChars_));
        if (maskChars_ == 0 && !assigned_ && v_.same.empty())
            return failAt(0, "an empty pattern (a 64-square mask, or a1=X ... assignments)");
        std::sort(v_.same.begin(), v_.same.end());
        v_.same.erase(std::unique(v_.same.begin(), v_.same.end()), v_.same.end());
        return PatternParse{Pattern(v_), {}};
    }

private:
    void skipSpaces() {
        while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
    }
    bool startsWithSame() const {
        if (text_.size() - pos_ < 5) return false;
        std::string head(text_.substr(pos_, 5));
        for (char& c : head) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        return head == "same(";
    }
    bool startsWithAssignment() const {
        return text_.size() - pos_ >= 3 && parseSquare(text_.substr(pos_, 2)) != kNoSquare &&
               text_[pos_ + 2] == '=';
    }
    bool setError(std::size_t at, std::string message) {
        errorAt_ = at;
        error_ = std::move(message);
        return false;
    }
    bool parseMaskChar() {
        Cell cell;
        if (!cellOf(text_[pos_], cell))
            return setError(pos_, std::string("unexpected '") + text_[pos_] +
                                      "' (expected X O - * ?, a1=X or same(a1,h1))");
        if (assigned_) return setError(pos_, "a pattern is a mask or a list of a1=X, not both");
        if (maskChars_ == 64) return setError(pos_, "a mask has 64 squares, this one has more");
        apply(maskChars_++, cell);
        ++pos_;
        return true;
    }
    bool parseAssignment() {
        const int square = parseSquare(text_.substr(pos_, 2));
        if (maskChars_ > 0) return setError(pos_, "a pattern is a mask or a list of a1=X, not both");
        if (fixed_ & bit(square))
            return setError(pos_, squareName(square) + " is given twice");
        Cell cell;
        if (pos_ + 3 >= text_.size() || !cellOf(text_[pos_ + 3], cell))
            return setError(pos_ + 3, "expected X, O, -, * or ? after " + squareName(square) + "=");
        if (pos_ + 4 < text_.size() && !std::isspace(static_cast<unsigned char>(text_[pos_ + 4])))
            return setError(pos_ + 4, "expected a space after " +
                                          std::string(text_.substr(pos_, 4)));
        fixed_ |= bit(square);
        apply(square, cell);
        assigned_ = true;
        pos_ += 4;
        return true;
    }
    bool parseSquareAt(int& square) {
        skipSpaces();
        square = pos_ + 2 <= text_.size() ? parseSquare(text_.substr(pos_, 2)) : kNoSquare;
        if (square == kNoSquare) return setError(pos_, "expected a square (a1..h8)");
        pos_ += 2;
        skipSpaces();
        return true;
    }
    bool expect(char c) {
        if (pos_ >= text_.size() || text_[pos_] != c)
            return setError(pos_, std::string("expected '") + c + "'");
        ++pos_;
        return true;
    }
    bool parseSame() {
        const std::size_t start = pos_;
        pos_ += 5;
        int a = 0, b = 0;
        if (!parseSquareAt(a) || !expect(',') || !parseSquareAt(b) || !expect(')')) return false;
        if (a == b) return setError(start, "same() needs two different squares");
        v_.same.emplace_back(std::min(a, b), std::max(a, b));
        v_.occupied |= bit(a) | bit(b);
        return true;
    }
    void apply(int square, Cell cell) {
        switch (cell) {
            case Cell::Black: v_.black |= bit(square); break;
            case Cell::White: v_.white |= bit(square); break;
            case Cell::Empty: v_.empty |= bit(square); break;
            case Cell::Disc: v_.occupied |= bit(square); break;
            case Cell::Any: break;
        }
    }
    PatternParse fail() const { return failAt(errorAt_, error_); }
    PatternParse failAt(std::size_t at, const std::string& message) const {
        return PatternParse{std::nullopt, "column " + std::to_string(at + 1) + ": " + message};
    }

    std::string_view text_;
    std::size_t pos_ = 0;
    PatternVariant v_;
    Bitboard fixed_ = 0;  // squares given by an assignment
    int maskChars_ = 0;
    bool assigned_ = false;
    std::size_t errorAt_ = 0;
    std::string error_;
};

}  // namespace

PatternVariant PatternVariant::transformed(Symmetry s) const {
    PatternVariant t;
    t.black = transformBitboard(black, s);
    t.white = transformBitboard(white, s);
    t.empty = transformBitboard(empty, s);
    t.occupied = transformBitboard(occupied, s);
    for (const auto& [a, b] : same) {
        const int ta = transformSquare(a, s), tb = transformSquare(b, s);
        t.same.emplace_back(std::min(ta, tb), std::max(ta, tb));
    }
    std::sort(t.same.begin(), t.same.end());
    return t;
}

std::vector<PatternVariant> Pattern::variants(bool underSymmetry) const {
    std::vector<PatternVariant> out{base_};
    if (!underSymmetry) return out;
    for (Symmetry s = 1; s < kSymmetryCount; ++s) {
        PatternVariant t = base_.transformed(s);
        if (std::find(out.begin(), out.end(), t) == out.end()) out.push_back(std::move(t));
    }
    return out;
}

std::string Pattern::toString() const {
    std::string out;
    Bitboard sameSquares = 0;
    for (const auto& [a, b] : base_.same) sameSquares |= bit(a) | bit(b);
    for (int sq = 0; sq < 64; ++sq) {
        char c = 0;
        if (base_.black & bit(sq)) c = 'X';
        else if (base_.white & bit(sq)) c = 'O';
        else if (base_.empty & bit(sq)) c = '-';
        else if ((base_.occupied & ~sameSquares) & bit(sq)) c = '*';
        if (!c) continue;
        if (!out.empty()) out += ' ';
        out += squareName(sq) + '=' + c;
    }
    for (const auto& [a, b] : base_.same) {
        if (!out.empty()) out += ' ';
        out += "same(" + squareName(a) + ',' + squareName(b) + ')';
    }
    return out;
}

PatternParse parsePattern(std::string_view text) {
    return Parser(text).run();
}

bool matchesAny(const std::vector<PatternVariant>& variants, Bitboard black, Bitboard white) {
    for (const PatternVariant& v : variants)
        if (v.matches(black, white)) return true;
    return false;
}

}  // namespace othello::core
