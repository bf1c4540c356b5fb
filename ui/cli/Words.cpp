// The small words of the command line's text output (see Words.h).
#include "Words.h"

#include "importers/TextEscape.h"

namespace othello::cli {

std::string joined(const std::vector<std::string>& parts, const char* separator) {
    std::string s;
    for (const std::string& p : parts) {
        if (!s.empty()) s += separator;
        s += p;
    }
    return s;
}

std::string shorten(const std::string& s, std::size_t width) {
    return importers::text::shortenText(importers::text::escapeForTerminal(s), width);
}

}  // namespace othello::cli
