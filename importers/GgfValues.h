#pragma once
// The values of GGF properties that need more than text (GgfReader.h reads the rest): DT[]
// dates and BO[] boards. Split from the reader so each file holds one concern, as GgfScan.h
// holds the syntax.
#include <string>
#include <string_view>

#include "ReaderUtil.h"
#include "core/Position.h"

namespace othello::importers::ggf {

// A blank or a line end: what GGF allows between cells of BO[] and between games.
inline bool isSpace(char c) {
    return text::isBlank(c) || c == '\n';
}

// DT[]: "2003.12.15_12:33:18.MST", "2003-12-15", "1992" or a Unix time -> ISO date ("2003-12-15",
// "2003-12", "1992") and year. False when it is none of those.
bool parseGgfDate(std::string_view dt, std::string& date, int& year);

// BO[8 -------- ... *]: size, 64 cells ('-' empty, '*' black, 'O' white; x/o and '.' accepted),
// then the side to move. False (and `why` in plain words) otherwise; only size 8 is played.
bool parseGgfBoard(std::string_view bo, core::Position& out, std::string& why);

}  // namespace othello::importers::ggf
