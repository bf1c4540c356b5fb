// The values of GGF properties that need more than text (GgfValues.h): DT[] dates, BO[] boards.
#include "GgfValues.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <ctime>

#include "ReaderUtil.h"

namespace othello::importers::ggf {

using text::isDigit;
using text::trim;

bool parseGgfDate(std::string_view dt, std::string& date, int& year) {
    dt = trim(dt);
    if (dt.empty()) return false;
    const bool allDigits = std::all_of(dt.begin(), dt.end(), isDigit);
    if (allDigits && dt.size() > 4) {  // seconds since 1970
        long long seconds = 0;
        const auto [p, ec] = std::from_chars(dt.data(), dt.data() + dt.size(), seconds);
        if (ec != std::errc() || p != dt.data() + dt.size() || seconds > 253402300799LL)
            return false;
        const std::time_t t = static_cast<std::time_t>(seconds);
        std::tm tm{};
        if (!gmtime_r(&t, &tm)) return false;
        char buf[48];
        std::snprintf(buf, sizeof buf, "%04d-%02d-%02d", tm.tm_year + 1900, tm.tm_mon + 1,
                      tm.tm_mday);
        date = buf;
        year = tm.tm_year + 1900;
        return true;
    }
    // Year, then optional month and day, separated by '.', '-' or '/'.
    int parts[3] = {0, 0, 0};
    int count = 0;
    std::size_t i = 0;
    while (count < 3) {
        std::size_t j = i;
        while (j < dt.size() && isDigit(dt[j])) ++j;
        if (j == i || j - i > 4) break;
        std::from_chars(dt.data() + i, dt.data() + j, parts[count]);
        ++count;
        if (j >= dt.size() || (dt[j] != '.' && dt[j] != '-' && dt[j] != '/')) break;
        i = j + 1;
    }
    if (count == 0 || parts[0] < 1000) return false;
    char buf[48];
    if (count >= 3 && parts[1] >= 1 && parts[1] <= 12 && parts[2] >= 1 && parts[2] <= 31)
        std::snprintf(buf, sizeof buf, "%04d-%02d-%02d", parts[0], parts[1], parts[2]);
    else if (count >= 2 && parts[1] >= 1 && parts[1] <= 12)
        std::snprintf(buf, sizeof buf, "%04d-%02d", parts[0], parts[1]);
    else
        std::snprintf(buf, sizeof buf, "%04d", parts[0]);
    date = buf;
    year = parts[0];
    return true;
}

bool parseGgfBoard(std::string_view bo, core::Position& out, std::string& why) {
    bo = trim(bo);
    std::size_t i = 0;
    while (i < bo.size() && isDigit(bo[i])) ++i;
    if (i == 0) {
        why = "no board size before the squares";
        return false;
    }
    if (bo.substr(0, i) != "8") {
        why = "board size " + std::string(bo.substr(0, std::min<std::size_t>(i, 8))) +
              " is not supported (BO[...]): only 8x8 Othello is played";
        return false;
    }
    core::Bitboard black = 0, white = 0;
    int square = 0;
    int side = -1;
    for (; i < bo.size(); ++i) {
        const char c = bo[i];
        if (isSpace(c)) continue;
        int v;
        switch (c) {
            case '-':
            case '.':
                v = 0;
                break;
            case '*':
            case 'X':
            case 'x':
            case '#':
                v = 1;
                break;
            case 'O':
            case 'o':
                v = 2;
                break;
            default:
                why = "character '";
                why += c;
                why += "' in the board";
                return false;
        }
        if (square < 64) {
            if (v == 1) black |= core::bit(square);
            if (v == 2) white |= core::bit(square);
            ++square;
        } else if (side < 0 && v != 0) {
            side = v == 1 ? 0 : 1;
        } else {
            why = "text after the side to move";
            return false;
        }
    }
    if (square < 64) {
        why = "the board has " + std::to_string(square) + " squares, 64 are needed";
        return false;
    }
    if (side < 0) {
        why = "no side to move after the board";
        return false;
    }
    out = core::Position(black, white, side == 0 ? core::Color::Black : core::Color::White);
    return true;
}

}  // namespace othello::importers::ggf
