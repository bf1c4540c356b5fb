#include "SolvedValues.h"

#include <fstream>
#include <sstream>
#include <string>

namespace othello::analysis {

SolvedValues readSolvedValues(const std::filesystem::path& path) {
    SolvedValues values;
    std::ifstream in(path);
    std::string line;
    while (std::getline(in, line)) {
        if (in.eof()) break;  // no newline: cut short
        std::istringstream fields(line);
        core::Bitboard p = 0, o = 0;
        int value = 0;
        std::string rest;
        if ((fields >> std::hex >> p >> o >> std::dec >> value) && !(fields >> rest) &&
            (p & o) == 0 && value >= -64 && value <= 64)
            values[{p, o}] = value;
    }
    return values;
}

void appendSolvedValue(std::ostream& out, core::Bitboard player, core::Bitboard opponent,
                       int value) {
    out << std::hex << player << ' ' << opponent << ' ' << std::dec << value << std::endl;
}

}  // namespace othello::analysis
