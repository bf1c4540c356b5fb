#include "Notation.h"

#include <cctype>

namespace othello::core {
namespace {

char lower(char c) {
    // ASCII only, without the locale lookup of std::tolower: move text is read by the million.
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c | 0x20) : c;
}

bool startsWithNoCase(std::string_view text, std::string_view word) {
    if (text.size() < word.size()) return false;
    for (std::size_t i = 0; i < word.size(); ++i)
        if (lower(text[i]) != word[i]) return false;
    return true;
}

std::string printable(char c) {
    if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) {
        static const char* hex = "0123456789abcdef";
        return std::string("\\x") + hex[(c >> 4) & 15] + hex[c & 15];
    }
    return std::string(1, c);
}

}  // namespace

std::string printableText(std::string_view text) {
    std::string out;
    for (char c : text) out += printable(c);
    return out;
}

namespace {

// Built by appending: g++ 12 warns falsely (-Wrestrict) on "'" + std::string(...).
std::string notASquare(std::string_view token, std::size_t at) {
    std::string m;
    m += '\'';
    m += printableText(token);
    m += "' at position ";
    m += std::to_string(at + 1);
    m += " is not a square";
    return m;
}

}  // namespace

int parseSquare(std::string_view text) {
    if (text.size() != 2) return kNoSquare;
    const char c = lower(text[0]);
    const char r = text[1];
    if (c < 'a' || c > 'h' || r < '1' || r > '8') return kNoSquare;
    return squareOf(r - '1', c - 'a');
}

std::string squareName(int square) {
    if (square == kPass) return "pass";
    if (square < 0 || square >= 64) return "??";
    return {static_cast<char>('a' + columnOf(square)), static_cast<char>('1' + rowOf(square))};
}

std::string moveName(int move) {
    if (!isLineMove(move)) return squareName(move);
    return squareName(moveSquare(move)) + ">" + squareName(lineEnd(move));
}

int parseMove(std::string_view text) {
    if (text.size() == 5 && text[2] == '>') {
        const int square = parseSquare(text.substr(0, 2)), end = parseSquare(text.substr(3));
        return square == kNoSquare || end == kNoSquare ? kNoSquare : lineMove(square, end);
    }
    return parseSquare(text);
}

BoardParse parseBoard(std::string_view text) {
    BoardParse out;
    Bitboard black = 0, white = 0;
    int square = 0;
    std::size_t i = 0;
    for (; i < text.size() && square < 64; ++i) {
        const char c = text[i];
        switch (c) {
            case 'X':
            case 'x':
            case '*':
            case 'B':
            case 'b':
                black |= bit(square++);
                break;
            case 'O':
            case 'o':
            case 'W':
            case 'w':
                white |= bit(square++);
                break;
            case '-':
            case '.':
                ++square;
                break;
            case ' ':
            case '\t':
            case '\n':
            case '\r':
                break;
            default:
                out.error = ParseError{i, "character '" + printable(c) + "' at position " +
                                              std::to_string(i + 1) +
                                              " is not a disc (X/O) or an empty square (-)"};
                return out;
        }
    }
    if (square < 64) {
        out.error = ParseError{
            text.size(), "board string has " + std::to_string(square) + " squares; 64 are needed"};
        return out;
    }
    Color side = Color::Black;
    for (; i < text.size(); ++i) {
        const char c = text[i];
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') continue;
        if (out.sideGiven) {
            out.error = ParseError{i, "unexpected character '" + printable(c) + "' at position " +
                                          std::to_string(i + 1) + " after the side to move"};
            return out;
        }
        switch (c) {
            case 'X':
            case 'x':
            case 'B':
            case 'b':
            case '*':
                side = Color::Black;
                break;
            case 'O':
            case 'o':
            case 'W':
            case 'w':
                side = Color::White;
                break;
            default:
                out.error =
                    ParseError{i, "character '" + printable(c) + "' at position " +
                                      std::to_string(i + 1) + " is not a side to move (X or O)"};
                return out;
        }
        out.sideGiven = true;
    }
    out.position = Position(black, white, side);
    return out;
}

std::string boardString(const Position& p) {
    std::string s(64, '-');
    for (int sq = 0; sq < 64; ++sq) {
        if (p.black() & bit(sq))
            s[sq] = 'X';
        else if (p.white() & bit(sq))
            s[sq] = 'O';
    }
    return s;
}

std::string boardStringWithSide(const Position& p) {
    return boardString(p) + (p.toMove() == Color::Black ? " X" : " O");
}

std::string boardDiagram(const Position& p, Bitboard marks, int lastMove) {
    std::string out = "   a b c d e f g h\n";
    for (int row = 0; row < 8; ++row) {
        out += ' ';
        out += static_cast<char>('1' + row);
        for (int col = 0; col < 8; ++col) {
            const int sq = squareOf(row, col);
            out += (sq == lastMove) ? '(' : ' ';
            if (p.black() & bit(sq))
                out += 'X';
            else if (p.white() & bit(sq))
                out += 'O';
            else if (marks & bit(sq))
                out += '*';
            else
                out += '-';
        }
        out += '\n';
    }
    return out;
}

namespace {

// What separates moves; '-' too, unless it starts "--" (a pass).
bool isMoveSeparator(char c) {
    return c == ' ' || c == '\t' || c == ',' || c == ';' || c == '\r' || c == '\n' || c == '.';
}

}  // namespace

int passLength(std::string_view rest) {
    if (rest.empty()) return 0;
    const char first = rest[0];
    if (first != '-' && first != '@' && first != 'p' && first != 'P') return 0;  // most tokens
    if (rest.substr(0, 2) == "--" || rest.substr(0, 2) == "@@") return 2;
    // A pass word ends where the letters end, or where a square follows at once ("pad3"): "pax"
    // or "passe" are bad tokens, not a pass and a stray letter.
    const auto endsWord = [&](std::size_t n) {
        return n >= rest.size() || !std::isalpha(static_cast<unsigned char>(rest[n])) ||
               parseSquare(rest.substr(n, 2)) != kNoSquare;
    };
    if (startsWithNoCase(rest, "pass") && endsWord(4)) return 4;
    if ((startsWithNoCase(rest, "pa") || startsWithNoCase(rest, "ps")) && endsWord(2)) return 2;
    return 0;
}

MovesParse parseMoves(std::string_view text, std::size_t maxMoves) {
    MovesParse out;
    std::size_t i = 0;
    // A bad token runs to the next separator (at most 12 bytes are quoted): "g77", "cc4", "12".
    const auto fail = [&](std::size_t at) {
        std::size_t end = at + 1;
        while (end < text.size() && !isMoveSeparator(text[end]) && end - at < 12) ++end;
        const std::string_view token = text.substr(at, end - at);
        out.error = ParseError{at, notASquare(token, at), printableText(token)};
        out.error->length = token.size();
        return out;
    };
    const auto push = [&](int move, std::size_t at) {
        out.moves.push_back(move);
        out.columns.push_back(at);
    };
    while (i < text.size() && out.moves.size() < maxMoves) {
        const char c = text[i];
        if (isMoveSeparator(c)) {
            ++i;
            continue;
        }
        if (std::isdigit(static_cast<unsigned char>(c))) {
            // A move number: digits followed by one or more dots ("1." "12...").
            std::size_t j = i;
            while (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j]))) ++j;
            if (j < text.size() && text[j] == '.') {
                while (j < text.size() && text[j] == '.') ++j;
                i = j;
                continue;
            }
            return fail(i);
        }
        if (const int n = passLength(text.substr(i))) {
            push(kPass, i);
            i += static_cast<std::size_t>(n);
            continue;
        }
        if (c == '-') {
            ++i;  // a separator between moves
            continue;
        }
        const int sq = parseSquare(text.substr(i, 2));
        // "g77" is one bad token, not g7 followed by a stray 7.
        if (sq == kNoSquare ||
            (i + 2 < text.size() && std::isdigit(static_cast<unsigned char>(text[i + 2]))))
            return fail(i);
        // "c4>e6": a line move, when a square (not followed by a digit) follows the '>'; any
        // other '>' stays a bad token, as it always was.
        if (i + 2 < text.size() && text[i + 2] == '>') {
            const int end = parseSquare(text.substr(i + 3, 2));
            if (end != kNoSquare &&
                !(i + 5 < text.size() && std::isdigit(static_cast<unsigned char>(text[i + 5])))) {
                push(lineMove(sq, end), i);
                i += 5;
                continue;
            }
        }
        push(sq, i);
        i += 2;
    }
    return out;
}

std::string movesString(const std::vector<int>& moves, bool skipPasses,
                        std::string_view separator) {
    std::string s;
    for (int m : moves) {
        if (m == kPass && skipPasses) continue;
        if (!s.empty()) s += separator;
        s += (m == kPass) ? "pa" : moveName(m);
    }
    return s;
}

}  // namespace othello::core
